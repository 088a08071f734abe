//! The game master's acts, each a typed event appended to the game's log: what a store
//! appends, what a front end shows as the game's chronicle, what an audit reads.

use entente_judge::Phase;
use serde::{Deserialize, Serialize};

/// One act of the game master (or of the rules acting for them).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "kebab-case")]
pub enum Event {
    /// The current phase was adjudicated; `forced` when orders were still missing and the
    /// deadline had not passed (or the game was paused).
    Adjudicated {
        forced: bool,
    },
    /// A power was put in civil disorder, or back in play.
    CivilDisorder {
        power: String,
        on: bool,
    },
    /// A draw: shared by these powers (every power with units, or some of them). Absent in
    /// records from before draws among some survivors: every power with units.
    Draw {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        powers: Vec<String>,
    },
    /// Every other power conceded the game to this one.
    Conceded {
        to: String,
    },
    /// The deadline was set or moved (`None`: no deadline).
    Deadline {
        due: Option<jiff::Timestamp>,
    },
    /// The game stopped (no adjudication, the deadline stands still) or went on.
    Paused,
    Resumed,
    /// The game master took back the last adjudication: the game is again in phase `to`,
    /// with the sheets that were sent for it.
    RolledBack {
        to: String,
    },
    /// A new player took a seat.
    PlayerReplaced {
        old: String,
        new: String,
    },
}

/// An event as logged: its number, the phase it happened in and, when the front end keeps a
/// clock, when.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoggedEvent {
    pub seq: u64,
    pub phase: Phase,
    pub at: Option<jiff::Timestamp>,
    pub event: Event,
}
