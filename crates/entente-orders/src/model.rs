use entente_map::{Loc, PowerId, UnitType};

/// The unit an order is given to, as written: "F stp/sc", "Par" (type omitted).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UnitRef {
    pub ty: Option<UnitType>,
    /// Where the unit is said to be; a coast only when one was written.
    pub loc: Loc,
}

/// Another unit named inside a support or convoy: "Russian A War", "F Kie".
///
/// Aligned to 4 bytes (8 in all, 2 of them padding): an [`Order`] is then 16 bytes moved
/// as one 16-byte word, where the unaligned 6-byte form made a 14-byte order that the
/// compiler assembled piecewise on the stack (a store-forwarding stall in the hottest loop
/// of `entente-legal`, docs/bench.md "Sets sized to the map").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(align(4))]
pub struct Target {
    pub power: Option<PowerId>,
    pub ty: Option<UnitType>,
    pub loc: Loc,
}

/// One order as written. `Copy` and small: the judge and bots pass these by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Order {
    Hold(UnitRef),
    /// `via_convoy` is the 2000 rulebook's "via convoy" tag.
    Move {
        unit: UnitRef,
        to: Loc,
        via_convoy: bool,
    },
    SupportHold {
        unit: UnitRef,
        target: Target,
    },
    SupportMove {
        unit: UnitRef,
        target: Target,
        to: Loc,
    },
    Convoy {
        unit: UnitRef,
        target: Target,
        to: Loc,
    },
    /// Retreat phase: "A Mun R Boh" (a plain move written in a retreat phase means the same).
    Retreat {
        unit: UnitRef,
        to: Loc,
    },
    /// Retreat phase: disband the dislodged unit.
    Disband(UnitRef),
    Build {
        ty: Option<UnitType>,
        loc: Loc,
    },
    /// Adjustment phase: remove a unit ("Remove A Mun", "Disband A Mun" in winter).
    Remove(UnitRef),
    /// Adjustment phase: give up one build.
    Waive,
}

impl Order {
    /// The unit the order is for (none for builds and waives).
    pub fn unit(&self) -> Option<UnitRef> {
        match *self {
            Order::Hold(u) | Order::Disband(u) | Order::Remove(u) => Some(u),
            Order::Move { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. } => Some(unit),
            Order::Build { .. } | Order::Waive => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn orders_are_small() {
        // Bots handle millions of these; keep them within two registers. With `u16`
        // location ids (variants of up to 512 locations) a support of a move is 14 bytes.
        assert!(
            std::mem::size_of::<Order>() <= 16,
            "{}",
            std::mem::size_of::<Order>()
        );
    }
}
