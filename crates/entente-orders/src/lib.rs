//! Orders: a typed, copyable model ([`Order`]), a parser for what players really write
//! ([`parse_order`]) and a canonical formatter ([`format_order`]) that round-trips.
//!
//! An order here is what was *written*, resolved against the map but not against a position:
//! the unit type may be missing, a coast may be wrong. The judge decides legality.

mod fast;
mod format;
mod keywords;
mod model;
mod parse;
mod suggest;

pub use format::format_order;
pub use model::{Order, Target, UnitRef};
pub use parse::{parse_order, parse_order_general, ParseError, ParseReason, Wanted};
pub use suggest::with_suggestion_limit;

/// The fast path alone: `Some` only for what it reads, exactly as [`parse_order_general`] would
/// (for tests and benchmarks).
#[doc(hidden)]
pub fn parse_order_fast(map: &entente_map::Map, text: &str) -> Option<Order> {
    fast::parse_fast(map, text)
}
