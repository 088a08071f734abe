//! Hosting a game: the game master's side of it. A [`Session`] is a [`entente_game::Game`] with
//! its players and their seats, the order sheets received (the last sheet counts), the press
//! the game master relays ([`press`]), the deadline ([`Deadline`], a real instant in the game
//! master's time zone) and the log of the game master's acts, each a typed [`Event`].
//!
//! The command line calls it directly; the game master's service (`entente-service`) loads a
//! session from its database, calls one method and stores it in the same transaction, and
//! the mail gateway and the DAIDE server's games of the game master go through that service.
//! The game master's decisions about the players are made here too, on the [`table`]'s
//! [`SeatHolder`]s the store keeps: readiness, missed orders and civil disorder, what the
//! scheduler does with a game due ([`Due`]), draw and concession [`votes`], a seat's new
//! player, rollback, Escalation's seats ([`escalation`]) and the club's result
//! ([`Session::club_result`]). DAIDE's games of bots in memory play on a [`Session`] too,
//! with the same votes and deadline rule ([`Session::when_due_everyone`]).
//! Errors are [`Error`] values whose [`ErrorKind`] a front end maps to its own
//! answer.

mod acts;
mod create;
mod deadline;
mod error;
pub mod escalation;
mod events;
pub mod press;
mod relay;
mod result;
mod schedule;
mod session;
mod sheet;
pub mod table;
pub mod votes;

pub use create::{parse_players, GameSpec, PlayersSpec};
pub use deadline::Deadline;
/// The members of the club who hold seats ([`SeatHolder::member`]).
pub use entente_club::MemberId;
pub use entente_game::{Error, ErrorKind, Result};
pub use error::TableError;
pub use escalation::{check_escalation_options, escalation_players, escalation_seating};
pub use events::{Event, LoggedEvent};
/// The instants of deadlines and of the table's decisions ([`Deadline::at`],
/// [`Session::when_due`]).
pub use jiff::Timestamp;
pub use press::{Message, Recipients};
pub use result::{ResultFacts, SentSheet};
pub use schedule::Schedule;
pub use session::{
    line_results, Assignment, CoinToss, Echo, GameOptions, PhaseContext, PhaseSheets, Player,
    Problem, Session, SessionConfig, SessionParts, Status,
};
pub use sheet::{
    read_line, read_line_for, read_sheet, read_sheet_for, Reading, SheetLine, StoredLine,
};
pub use table::{holder_of, Adjudication, Due, MissedRule, PhaseNote, SeatHolder, TableRules};
pub use votes::{DrawRule, EndVote};
