//! Adjudication: movement, retreat and adjustment phases under a chosen [`Rulebook`].
//!
//! The judge works on dense province ids. A [`Judge`] owns reusable scratch space so that
//! adjudicating a movement phase allocates nothing once warmed up (see `tests/no_alloc.rs`).

// The judge keeps parallel arrays indexed by province id; loops over the id read better than
// zipped iterators over five arrays.
#![allow(clippy::needless_range_loop)]

mod adjustment;
mod distance;
mod movement;
mod outcome;
mod position;
mod retreat;
mod rules;

pub use adjustment::{
    adjudicate_adjustments, adjudicate_adjustments_into, adjustment_due, civil_disorder_removals,
    has_adjustment_to_make, AdjustmentResult,
};
pub use distance::Distances;
pub(crate) use movement::fleet_destination;
pub use movement::{Judge, MovementResult, OrderResult};
pub use outcome::{Failure, Illegal, Outcome};
pub use position::{Dislodged, Position, Unit};
pub use retreat::{adjudicate_retreats, adjudicate_retreats_into, RetreatResult};
pub use rules::{AdjacentConvoy, Edition, RemovalDistance, Rulebook};
