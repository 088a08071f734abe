//! Whole games: the phase sequence (Spring movement → retreats → Fall movement → retreats →
//! adjustments), centre ownership after Fall, victory, draws and short games, civil disorder.
//!
//! A [`Game`] owns its position and history; [`Game::process`] adjudicates the current phase
//! with the orders received and moves to the next phase that has something to decide.
//!
//! Around it: [`Session`] is a hosted game (players, order sheets, options, the setups for
//! fewer players of [`Setup`], the First World War coin toss), saved and loaded as the
//! native record of [`record`] (`docs/game-record.md`) with the press the game master relays
//! ([`press`]); [`assign`] gives out powers; [`replay`] re-adjudicates a recorded game;
//! [`pydip`] reads and writes the Python `diplomacy` package's saved games.

pub mod assign;
mod game;
mod position_record;
pub mod press;
pub mod pydip;
pub mod record;
pub mod replay;
mod session;
mod setup;
mod sheet;

pub use entente_judge::{Phase, PhaseKind, PhaseResult, Season};
pub use game::{EndOfGame, Game, PhaseRecord, SideVictory};
pub use position_record::{parse_loc, parse_unit, unit_text, DislodgedRecord, PositionRecord};
pub use press::{Message, Recipients};
pub use record::{load_variant, GameRecord};
pub use session::{
    Assignment, CoinToss, Echo, GameOptions, PhaseContext, PhaseSheets, Player, Session, Status,
};
pub use setup::{Setup, WORLD_WAR_YEAR};
pub use sheet::{read_line, read_sheet, Reading, SheetLine, StoredLine};
