//! The scenario format (`docs/scenario-format.md`): positions, orders and expected outcomes
//! as text. The DATC and rulebook suites are written in it, and `entente adjudicate` reads it.

mod check;
mod file;
mod run;

pub use check::{check_case, reason_text};
pub use entente_judge::{Phase, PhaseResult};
pub use file::{
    parse_scenarios, Case, Expect, ExpectBlock, ExpectKind, OrderLine, PhaseBlock, PhaseKind,
    Reason, ScenarioError, Season, UnitsSetup, DEFAULT_EDITION, MAX_CASES, MAX_IMPASSABLE,
    MAX_NEUTRAL, MAX_OPTIONS, MAX_PHASES, MAX_SCENARIO_BYTES,
};
pub use run::{execute_case, PhaseRun};
