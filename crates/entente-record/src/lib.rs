//! Game records. [`record`] is entente's native record (`docs/game-record.md`): everything
//! needed to show a game and go on with it, as JSON, with the variant's content, the format
//! and judge versions. It is read back from its stored positions and results, never
//! adjudicated again, so a game in progress loads whatever later judges decide;
//! re-adjudicating a recorded game is [`replay`]'s job. [`pydip`] reads and writes the Python
//! `diplomacy` package's saved games.

mod position_record;
pub mod pydip;
pub mod record;
pub mod recorded;
pub mod replay;

pub use entente_game::{Error, ErrorKind, Result};
pub use position_record::{parse_loc, parse_unit, unit_text, DislodgedRecord, PositionRecord};
pub use record::{GameRecord, VariantRecord, FORMAT, JUDGE_VERSION};
