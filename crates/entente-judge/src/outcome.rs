//! What happened to an order, and why — the values the judge-form listing and JSON are made of.

use entente_map::ProvinceId;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Succeeded,
    Failed(Failure),
    /// The order was impossible; the unit held (movement) or was disbanded (retreat).
    Illegal(Illegal),
}

/// A legal order that did not succeed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Failure {
    /// The move met equal or greater strength (standoff, or a unit that stayed).
    Bounced,
    /// A support cut by an attack from this province.
    Cut { by: ProvinceId },
    /// The ordered unit was dislodged by a unit from this province.
    Dislodged { by: ProvinceId },
    /// A move that needs a convoy found no unbroken chain of convoying fleets.
    NoConvoy,
    /// A convoy that did not happen (the army went another way, or the chain is broken).
    Disrupted,
    /// A support or convoy whose supported/convoyed unit was not ordered to match it.
    Void,
    /// Two or more different orders for one unit: it holds (DATC 4.D.3).
    ConflictingOrders,
    /// Retreat: another unit retreated to the same space, both are disbanded.
    RetreatCollision,
    /// Build or removal beyond what the power may do this phase.
    TooMany,
}

/// Why an order could not be carried out at all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    NoSuchUnit,
    NotYourUnit,
    /// The order type does not belong in this phase.
    WrongPhase,
    /// The destination is not adjacent (and no convoy route is possible).
    NotAdjacent,
    /// The unit cannot stand in that space (army at sea, fleet inland).
    WrongTerrain,
    /// Two coasts are reachable; the order must name one.
    CoastNeeded,
    /// The named coast cannot be reached.
    CoastUnreachable,
    SameProvince,
    /// Only armies are convoyed.
    FleetConvoyed,
    /// The supporting unit could not move to the space it supports into.
    SupportUnreachable,
    /// The supported move could never happen.
    ImpossibleSupportedMove,
    /// A unit may not support itself, nor an attack on its own space.
    SupportsItself,
    /// Convoying fleets must be at sea.
    ConvoyNotAtSea,
    /// A convoy of a unit that is not an army, or between spaces an army cannot use.
    ConvoyImpossible,
    /// The fleet is on no possible convoy route for that army (DATC 6.G.19).
    ConvoyNotOnRoute,
    /// Retreat to a space that is not among the unit's retreat options.
    RetreatNotAllowed,
    /// Build somewhere other than an owned, empty home centre.
    BuildNotAllowed,
    /// No build or removal is due.
    NothingDue,
    /// The space is closed to every unit in this game (the 2-player game's neutral Italy).
    Impassable,
}

impl Outcome {
    /// The outcome from its words as records keep them: `succeeded`, or `failed`/`illegal`
    /// with the reason ([`Failure::describe`], [`Illegal::describe`]).
    pub fn from_words(
        result: &str,
        reason: Option<&str>,
        by: Option<ProvinceId>,
    ) -> Option<Outcome> {
        match (result, reason) {
            ("succeeded", _) => Some(Outcome::Succeeded),
            ("failed", Some(r)) => Failure::from_word(r, by).map(Outcome::Failed),
            ("illegal", Some(r)) => Illegal::from_word(r).map(Outcome::Illegal),
            _ => None,
        }
    }

    pub fn succeeded(&self) -> bool {
        matches!(self, Outcome::Succeeded)
    }
    pub fn is_illegal(&self) -> bool {
        matches!(self, Outcome::Illegal(_))
    }
}

impl Failure {
    /// The word the judge-form listing prints.
    pub fn describe(&self) -> &'static str {
        match self {
            Failure::Bounced => "bounce",
            Failure::Cut { .. } => "cut",
            Failure::Dislodged { .. } => "dislodged",
            Failure::NoConvoy => "no convoy",
            Failure::Disrupted => "disrupted",
            Failure::Void => "void",
            Failure::ConflictingOrders => "conflicting orders",
            Failure::RetreatCollision => "bounce, disbanded",
            Failure::TooMany => "too many",
        }
    }
}

impl Failure {
    /// The failure [`Failure::describe`] names; `by` is the province of the cutting or
    /// dislodging unit (the words do not say it).
    pub fn from_word(word: &str, by: Option<ProvinceId>) -> Option<Failure> {
        let by_or_none = by.unwrap_or(ProvinceId(u8::MAX));
        [
            Failure::Bounced,
            Failure::Cut { by: by_or_none },
            Failure::Dislodged { by: by_or_none },
            Failure::NoConvoy,
            Failure::Disrupted,
            Failure::Void,
            Failure::ConflictingOrders,
            Failure::RetreatCollision,
            Failure::TooMany,
        ]
        .into_iter()
        .find(|f| f.describe() == word)
    }

    /// The province of the unit that cut the support or dislodged the unit.
    pub fn by(&self) -> Option<ProvinceId> {
        match *self {
            Failure::Cut { by } | Failure::Dislodged { by } if by.0 != u8::MAX => Some(by),
            _ => None,
        }
    }
}

impl Illegal {
    pub const ALL: [Illegal; 19] = [
        Illegal::NoSuchUnit,
        Illegal::NotYourUnit,
        Illegal::WrongPhase,
        Illegal::NotAdjacent,
        Illegal::WrongTerrain,
        Illegal::CoastNeeded,
        Illegal::CoastUnreachable,
        Illegal::SameProvince,
        Illegal::FleetConvoyed,
        Illegal::SupportUnreachable,
        Illegal::ImpossibleSupportedMove,
        Illegal::SupportsItself,
        Illegal::ConvoyNotAtSea,
        Illegal::ConvoyImpossible,
        Illegal::ConvoyNotOnRoute,
        Illegal::RetreatNotAllowed,
        Illegal::BuildNotAllowed,
        Illegal::NothingDue,
        Illegal::Impassable,
    ];

    /// The reason [`Illegal::describe`] names.
    pub fn from_word(word: &str) -> Option<Illegal> {
        Illegal::ALL.into_iter().find(|i| i.describe() == word)
    }

    pub fn describe(&self) -> &'static str {
        match self {
            Illegal::NoSuchUnit => "no such unit",
            Illegal::NotYourUnit => "not your unit",
            Illegal::WrongPhase => "not an order for this phase",
            Illegal::NotAdjacent => "not adjacent",
            Illegal::WrongTerrain => "that unit cannot go there",
            Illegal::CoastNeeded => "coast must be named",
            Illegal::CoastUnreachable => "that coast cannot be reached",
            Illegal::SameProvince => "a unit cannot move to its own space",
            Illegal::FleetConvoyed => "only armies can be convoyed",
            Illegal::SupportUnreachable => "supporting unit cannot reach that space",
            Illegal::ImpossibleSupportedMove => "the supported move is impossible",
            Illegal::SupportsItself => "a unit cannot support itself or an attack on itself",
            Illegal::ConvoyNotAtSea => "only fleets at sea convoy",
            Illegal::ConvoyImpossible => "that convoy is impossible",
            Illegal::ConvoyNotOnRoute => "fleet is on no possible convoy route",
            Illegal::RetreatNotAllowed => "cannot retreat there",
            Illegal::BuildNotAllowed => "cannot build there",
            Illegal::NothingDue => "no adjustment due",
            Illegal::Impassable => "that space is impassable",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_from_its_words() {
        for i in Illegal::ALL {
            assert_eq!(Illegal::from_word(i.describe()), Some(i));
        }
        let by = Some(ProvinceId(3));
        for f in [
            Failure::Bounced,
            Failure::Cut { by: ProvinceId(3) },
            Failure::Dislodged { by: ProvinceId(3) },
            Failure::NoConvoy,
            Failure::Disrupted,
            Failure::Void,
            Failure::ConflictingOrders,
            Failure::RetreatCollision,
            Failure::TooMany,
        ] {
            assert_eq!(Failure::from_word(f.describe(), by), Some(f));
            assert_eq!(
                Outcome::from_words("failed", Some(f.describe()), by),
                Some(Outcome::Failed(f))
            );
        }
        assert_eq!(
            Outcome::from_words("succeeded", None, None),
            Some(Outcome::Succeeded)
        );
        assert_eq!(
            Outcome::from_words("failed", Some("no such thing"), None),
            None
        );
    }
}
