//! Whole games: the phase sequence (Spring movement → retreats → Fall movement → retreats →
//! adjustments), centre ownership after Fall, victory, draws and short games, civil disorder.
//!
//! A [`Game`] owns its position and history; [`Game::process`] adjudicates the current phase
//! with the orders received and moves to the next phase that has something to decide.

mod game;
mod phase;

pub use game::{EndOfGame, Game, PhaseRecord, PhaseResult};
pub use phase::{Phase, PhaseKind, Season};
