//! Adjudication: movement, retreat and adjustment phases under a chosen [`Rulebook`], and the
//! one phase engine ([`Engine::step`]) that plays a phase and finds the next.
//!
//! The judge works on dense province ids. A [`Judge`] owns reusable scratch space so that
//! adjudicating a movement phase allocates nothing once warmed up (see `tests/no_alloc.rs`).

// The judge keeps parallel arrays indexed by province id; loops over the id read better than
// zipped iterators over five arrays.
#![allow(clippy::needless_range_loop)]

mod adjustment;
pub mod convoy_routes;
mod engine;
mod movement;
mod outcome;
mod phase;
mod position;
mod restrictions;
mod retreat;
mod rules;

pub use adjustment::{
    adjudicate_adjustments, adjudicate_adjustments_into, adjustment_due, civil_disorder_removals,
    has_adjustment_to_make, powers_with_adjustments, AdjustmentResult,
};
pub use convoy_routes::{ConvoyRoutes, ROUTE_BUDGET};
pub use engine::{next_phase, Engine, PhaseResult, Step, Transition};
pub use entente_map::Distances;
pub(crate) use movement::fleet_destination;
pub use movement::{Judge, MovementResult, OrderResult};
pub use outcome::{Bounce, Failure, Illegal, Outcome, Void};
pub use phase::{Phase, PhaseKind, Season};
pub use position::{strait_crossing, Dislodged, Position, Unit};
pub use restrictions::{PowerSet, Restrictions};
pub use retreat::{adjudicate_retreats, adjudicate_retreats_into, RetreatResult};
pub use rules::{
    AdjacentConvoy, Edition, ParadoxBackup, ParadoxRule, RemovalDistance, Rulebook, UnknownEdition,
};
