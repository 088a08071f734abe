//! What a phase is played under besides its orders: provinces closed to every unit (the
//! 2-player game's neutral Italy, "Italian borders may not be crossed", 1982 rules) and powers
//! whose orders do not count (neutral powers, powers in civil disorder).

use entente_map::{LocSet, PowerId};

/// A set of powers (at most 64, checked when a variant loads).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PowerSet(u64);

impl PowerSet {
    pub const EMPTY: PowerSet = PowerSet(0);

    pub fn insert(&mut self, p: PowerId) {
        self.0 |= 1 << p.index();
    }
    pub fn remove(&mut self, p: PowerId) {
        self.0 &= !(1 << p.index());
    }
    pub fn set(&mut self, p: PowerId, on: bool) {
        if on {
            self.insert(p)
        } else {
            self.remove(p)
        }
    }
    #[inline]
    pub fn contains(&self, p: PowerId) -> bool {
        self.0 & (1 << p.index()) != 0
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    /// The members, in power order.
    pub fn iter(&self) -> impl Iterator<Item = PowerId> + '_ {
        let bits = self.0;
        (0..64u8).filter(move |i| bits & (1 << i) != 0).map(PowerId)
    }
}

impl FromIterator<PowerId> for PowerSet {
    fn from_iter<I: IntoIterator<Item = PowerId>>(iter: I) -> PowerSet {
        let mut s = PowerSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

/// The restrictions of one phase. `Default` is none: every province open, every order counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Restrictions {
    /// Provinces no unit may enter: a move, retreat, support, convoy or build that leads into
    /// one is illegal ([`crate::Illegal::Impassable`]) and no retreat leads there.
    pub impassable: LocSet,
    /// Powers whose orders are not taken: their units hold without supporting each other, are
    /// disbanded at once when dislodged, and they neither build nor choose their removals.
    pub silent: PowerSet,
}

impl Restrictions {
    pub const NONE: Restrictions = Restrictions {
        impassable: LocSet::EMPTY,
        silent: PowerSet::EMPTY,
    };

    pub fn is_none(&self) -> bool {
        self.impassable.is_empty() && self.silent.is_empty()
    }

    /// Does the order lead into an impassable province?
    pub fn closes(&self, map: &entente_map::Map, order: &entente_orders::Order) -> bool {
        !self.impassable.is_empty()
            && destination(order).is_some_and(|l| self.impassable.contains(map.province_of(l).0))
    }
}

/// The space an order would send something into, if any.
fn destination(o: &entente_orders::Order) -> Option<entente_map::Loc> {
    use entente_orders::Order;
    match *o {
        Order::Move { to, .. } | Order::Retreat { to, .. } => Some(to),
        Order::SupportMove { to, .. } | Order::Convoy { to, .. } => Some(to),
        Order::SupportHold { target, .. } => Some(target.loc),
        Order::Build { loc, .. } => Some(loc),
        Order::Hold(_) | Order::Disband(_) | Order::Remove(_) | Order::Waive => None,
    }
}
