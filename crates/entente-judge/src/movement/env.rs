//! What each order kind's rule needs from the resolution: the map, the rulebook, and the
//! result of any other order ([`Resolve`]). The order kinds ([`super::move_order`],
//! [`super::support`], [`super::convoy`]) are generic over it and [`super::resolver`]
//! implements it, so the rules do not name the resolver that calls them back
//! (Kruijswijk's algorithm is mutually recursive). One implementation: the calls are static.

use super::Scratch;
use crate::rules::Rulebook;
use entente_map::Map;

/// The map and rulebook of one adjudication.
pub(crate) struct Env<'a> {
    pub map: &'a Map,
    pub rules: &'a Rulebook,
}

/// The resolution as the order kinds' rules see it.
pub(crate) trait Resolve {
    /// Success of the order of the unit in province `nr`.
    fn resolve(&self, s: &mut Scratch, nr: u16) -> bool;
    fn map(&self) -> &Map;
    fn rules(&self) -> &Rulebook;
}
