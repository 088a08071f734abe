//! Hosting a game: the game master's side of it. A [`Session`] is a [`entente_game::Game`] with
//! its players and their seats, the order sheets received (the last sheet counts), the press
//! the game master relays ([`press`]), the deadline ([`Deadline`], a real instant in the game
//! master's time zone) and the log of the game master's acts, each a typed [`Event`].
//!
//! The command line calls it directly; the server (`entente-server`'s service) loads a
//! session from its database, calls one method and stores it in the same transaction, and
//! the mail gateway and the DAIDE server's games of the game master go through that service.
//! Some hosting decisions still live in the server's service (votes, readiness, the club's
//! result) and DAIDE's in-memory games have a table of their own; they belong here.
//! Errors are [`Error`] values whose [`ErrorKind`] a front end maps to its own
//! answer.

mod acts;
mod create;
mod deadline;
mod events;
pub mod press;
mod schedule;
mod session;
mod sheet;

pub use create::{parse_players, GameSpec, PlayersSpec};
pub use deadline::Deadline;
pub use entente_game::{Error, ErrorKind, Result};
pub use events::{Event, LoggedEvent};
pub use press::{Message, Recipients};
pub use schedule::Schedule;
pub use session::{
    line_results, Assignment, CoinToss, Echo, GameOptions, PhaseContext, PhaseSheets, Player,
    Problem, Session, SessionConfig, SessionParts, Status,
};
pub use sheet::{
    read_line, read_line_for, read_sheet, read_sheet_for, Reading, SheetLine, StoredLine,
};
