//! A Diplomacy club's core: what a club keeps beside its games.
//!
//! - [`result`]: the result of a finished game as the club records it ([`GameResult`]), and
//!   what it meant for each seat.
//! - [`scoring`]: scoring systems ([`ScoringSystem`]): draw-size, sum of squares, C-Diplo.
//! - [`league`]: leagues, their seasons and rules, and a season's standings.
//! - [`ratings`]: the all-time rating (Weng-Lin, from the `skillratings` crate) and the
//!   "eternal battlefield" table, recomputable from the stored results.
//! - [`fame`]: the hall of fame: solos, draws and the best results, per variant and overall.
//! - [`profile`]: a member's record: games, results, reliability.
//! - [`members`]: members and their admission, roles, settings, and the administrators'
//!   audit log.
//!
//! Everything here is pure: serde types in, serde types out. The server stores the
//! results, the members and the log; ratings and standings are computed from them and may
//! be dropped and rebuilt at any time. `docs/club.md` describes the rules.

pub mod fame;
pub mod league;
pub mod members;
pub mod profile;
pub mod ratings;
pub mod result;
pub mod scoring;

pub use fame::{FameSection, Feat, HallOfFame};
pub use league::{
    standings, Aggregate, League, LeagueRules, LeagueSeason, PressKind, Separation, StandingRow,
    Standings, StandingsError,
};
pub use members::{
    Application, AuditAction, AuditEntry, Club, ClubError, ClubSettings, GameCreation, Member,
    MemberSettings, MemberState,
};
pub use profile::{profiles, Profile, PublicProfile, Reliability};
pub use ratings::{recompute, BattlefieldRow, Rating, RatingError, Ratings};
pub use result::{GameResult, LeagueRef, MemberId, Outcome, ResultError, Seat, SeatOutcome, Stint};
pub use scoring::{PowerScore, ScoringError, ScoringSystem};
