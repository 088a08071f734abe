//! Whole games: the phase sequence (Spring movement → retreats → Fall movement → retreats →
//! adjustments, from the judge's phase engine), centre ownership after Fall, victory, draws
//! and short games, civil disorder, the setups for fewer than seven players ([`Setup`]) and
//! the power assignment ([`assign`]).
//!
//! A [`Game`] owns its position and history; [`Game::process`] adjudicates the current phase
//! with the orders received and moves to the next phase that has something to decide.
//! Hosting a game (players, sheets, press) is `entente-host`'s; its record, `entente-record`'s.

pub mod assign;
mod error;
mod escalation;
mod game;
mod setup;

pub use entente_judge::{Phase, PhaseKind, PhaseResult, Season};
pub use error::{Error, ErrorKind, Result};
pub use escalation::{
    escalation_units, parse_nomination, parse_placement, Escalation, ESCALATION_HOMES,
};
pub use game::{check_year, EndOfGame, Game, PhaseRecord, SideVictory, YEARS};
pub use setup::{Setup, WORLD_WAR_YEAR};
