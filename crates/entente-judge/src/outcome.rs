//! What happened to an order, and why — the values the judge-form listing and JSON are made of.

use entente_map::ProvinceId;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Succeeded,
    Failed(Failure),
    /// The order was impossible; the unit held (movement) or was disbanded (retreat).
    Illegal(Illegal),
}

/// A legal order that did not succeed, with its cause as the rule that failed it gave it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Failure {
    /// The move met equal or greater strength: who stopped it, and how.
    Bounced(Bounce),
    /// A support cut by an attack from this province.
    Cut { by: ProvinceId },
    /// The ordered unit was dislodged by a unit from this province.
    Dislodged { by: ProvinceId },
    /// A move that needs a convoy found no unbroken chain of convoying fleets. `fleet` is a
    /// fleet convoying it whose convoy failed (dislodged, or held by the paradox rule), when
    /// the chain would have been whole without that failure.
    NoConvoy { fleet: Option<ProvinceId> },
    /// A convoy broken by the paradox rule: the fleet is part of a convoy paradox and holds
    /// (the Szykman rule, DATC 4.A.2).
    Disrupted,
    /// A support or convoy that does not match the order of the unit it names.
    Void(Void),
    /// A move that is part of a convoy paradox, failed by the "All Hold" rule (DATC 4.A.2).
    Paradox,
    /// Two or more different orders for one unit: it holds (DATC 4.D.3).
    ConflictingOrders,
    /// Retreat: another unit retreated to the same space, both are disbanded.
    RetreatCollision,
    /// Build or removal beyond what the power may do this phase.
    TooMany,
}

/// What stopped a move (DATC 5.B.1, 5.B.5–5.B.8); `by` is the province of the unit that did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bounce {
    /// The unit in the destination stayed, with a hold strength at least the attack's.
    Held { by: ProvinceId },
    /// The unit in the destination moved the other way and was at least as strong
    /// (a head-to-head battle, DATC 5.B.5).
    HeadToHead { by: ProvinceId },
    /// Another move into the same space was at least as strong (a standoff).
    Standoff { by: ProvinceId },
    /// The unit in the destination, which stays, is of the mover's own power (DATC 6.D.10).
    OwnUnit { by: ProvinceId },
    /// The cause is not known: a record written before causes were kept.
    Unstated,
}

/// Why a support or convoy is void.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Void {
    /// A support to hold a unit that was ordered to move (a moving unit can be supported
    /// only in its move).
    SupportedUnitMoves,
    /// A support or convoy of a move the unit was not ordered to make.
    MoveNotOrdered,
    /// A support naming a coast the supported move does not go to (DATC 6.B.9).
    CoastDiffers,
    /// A convoy of an army that goes over land (DATC 4.A.3).
    ArmyGoesOverLand,
    /// Adjustment: a removal of a unit an earlier order of the phase removed.
    AlreadyRemoved,
    /// The cause is not known: a record written before causes were kept.
    Unstated,
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
    /// with the reason ([`Failure::describe`], [`Illegal::describe`]), the province `by`
    /// ([`Failure::by`]) and the cause ([`Failure::cause`]). Records written before causes
    /// were kept have neither: the failure reads as unstated.
    pub fn from_words(
        result: &str,
        reason: Option<&str>,
        by: Option<ProvinceId>,
        cause: Option<&str>,
    ) -> Option<Outcome> {
        match (result, reason) {
            ("succeeded", _) => Some(Outcome::Succeeded),
            ("failed", Some(r)) => Failure::from_words(r, by, cause).map(Outcome::Failed),
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

/// Marks a cut or dislodgement read from a record that did not say by whom.
const UNSTATED: ProvinceId = ProvinceId(u16::MAX);

impl Failure {
    /// The word the judge-form listing prints.
    pub fn describe(&self) -> &'static str {
        match self {
            Failure::Bounced(_) => "bounce",
            Failure::Cut { .. } => "cut",
            Failure::Dislodged { .. } => "dislodged",
            Failure::NoConvoy { .. } => "no convoy",
            Failure::Disrupted => "disrupted",
            Failure::Void(_) => "void",
            Failure::Paradox => "paradox",
            Failure::ConflictingOrders => "conflicting orders",
            Failure::RetreatCollision => "bounce, disbanded",
            Failure::TooMany => "too many",
        }
    }

    /// The cause beyond [`Failure::describe`]'s word, as records and JSON write it: how a
    /// move bounced, why a support or convoy is void.
    pub fn cause(&self) -> Option<&'static str> {
        match self {
            Failure::Bounced(b) => b.word(),
            Failure::Void(v) => v.word(),
            _ => None,
        }
    }

    /// The failure from [`Failure::describe`]'s word, the province `by` and the
    /// [`Failure::cause`] word (absent in records written before causes were kept).
    pub fn from_words(word: &str, by: Option<ProvinceId>, cause: Option<&str>) -> Option<Failure> {
        let at = by.unwrap_or(UNSTATED);
        Some(match word {
            "bounce" => Failure::Bounced(match cause {
                None => Bounce::Unstated,
                Some(c) => Bounce::from_word(c, at)?,
            }),
            "cut" => Failure::Cut { by: at },
            "dislodged" => Failure::Dislodged { by: at },
            "no convoy" => Failure::NoConvoy { fleet: by },
            "disrupted" => Failure::Disrupted,
            "void" => Failure::Void(match cause {
                None => Void::Unstated,
                Some(c) => Void::ALL.into_iter().find(|v| v.word() == Some(c))?,
            }),
            "paradox" => Failure::Paradox,
            "conflicting orders" => Failure::ConflictingOrders,
            "bounce, disbanded" => Failure::RetreatCollision,
            "too many" => Failure::TooMany,
            _ => return None,
        })
    }

    /// The province of the unit that caused the failure: that bounced the move, cut the
    /// support, dislodged the unit, or the convoying fleet whose failure broke the convoy.
    pub fn by(&self) -> Option<ProvinceId> {
        let p = match *self {
            Failure::Cut { by } | Failure::Dislodged { by } => by,
            Failure::Bounced(b) => b.by()?,
            Failure::NoConvoy { fleet } => fleet?,
            _ => return None,
        };
        (p != UNSTATED).then_some(p)
    }
}

impl Bounce {
    /// The province of the unit that stopped the move.
    pub fn by(&self) -> Option<ProvinceId> {
        match *self {
            Bounce::Held { by }
            | Bounce::HeadToHead { by }
            | Bounce::Standoff { by }
            | Bounce::OwnUnit { by } => (by != UNSTATED).then_some(by),
            Bounce::Unstated => None,
        }
    }

    /// `held`, `head-to-head`, `standoff`, `own unit` (none when unstated).
    pub fn word(&self) -> Option<&'static str> {
        Some(match self {
            Bounce::Held { .. } => "held",
            Bounce::HeadToHead { .. } => "head-to-head",
            Bounce::Standoff { .. } => "standoff",
            Bounce::OwnUnit { .. } => "own unit",
            Bounce::Unstated => return None,
        })
    }

    /// The bounce [`Bounce::word`] names, stopped by the unit at `by`.
    pub fn from_word(word: &str, by: ProvinceId) -> Option<Bounce> {
        Some(match word {
            "held" => Bounce::Held { by },
            "head-to-head" => Bounce::HeadToHead { by },
            "standoff" => Bounce::Standoff { by },
            "own unit" => Bounce::OwnUnit { by },
            _ => return None,
        })
    }
}

impl Void {
    pub const ALL: [Void; 6] = [
        Void::SupportedUnitMoves,
        Void::MoveNotOrdered,
        Void::CoastDiffers,
        Void::ArmyGoesOverLand,
        Void::AlreadyRemoved,
        Void::Unstated,
    ];

    /// `supported unit moves`, `move not ordered`, `coast differs`, `army goes over land`,
    /// `already removed` (none when unstated).
    pub fn word(&self) -> Option<&'static str> {
        Some(match self {
            Void::SupportedUnitMoves => "supported unit moves",
            Void::MoveNotOrdered => "move not ordered",
            Void::CoastDiffers => "coast differs",
            Void::ArmyGoesOverLand => "army goes over land",
            Void::AlreadyRemoved => "already removed",
            Void::Unstated => return None,
        })
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
        let at = ProvinceId(3);
        let mut failures = vec![
            Failure::Bounced(Bounce::Unstated),
            Failure::Bounced(Bounce::Held { by: at }),
            Failure::Bounced(Bounce::HeadToHead { by: at }),
            Failure::Bounced(Bounce::Standoff { by: at }),
            Failure::Bounced(Bounce::OwnUnit { by: at }),
            Failure::Cut { by: at },
            Failure::Dislodged { by: at },
            Failure::NoConvoy { fleet: Some(at) },
            Failure::NoConvoy { fleet: None },
            Failure::Disrupted,
            Failure::Paradox,
            Failure::ConflictingOrders,
            Failure::RetreatCollision,
            Failure::TooMany,
        ];
        failures.extend(Void::ALL.map(Failure::Void));
        for f in failures {
            let (by, cause) = (f.by(), f.cause());
            assert_eq!(
                Failure::from_words(f.describe(), by, cause),
                Some(f),
                "{f:?}"
            );
            assert_eq!(
                Outcome::from_words("failed", Some(f.describe()), by, cause),
                Some(Outcome::Failed(f))
            );
        }
        assert_eq!(
            Outcome::from_words("succeeded", None, None, None),
            Some(Outcome::Succeeded)
        );
        assert_eq!(
            Outcome::from_words("failed", Some("no such thing"), None, None),
            None
        );
        assert_eq!(
            Outcome::from_words("failed", Some("bounce"), None, Some("no such cause")),
            None
        );
    }

    #[test]
    fn a_record_without_causes_reads_as_unstated() {
        assert_eq!(
            Failure::from_words("bounce", None, None),
            Some(Failure::Bounced(Bounce::Unstated))
        );
        assert_eq!(
            Failure::from_words("void", None, None),
            Some(Failure::Void(Void::Unstated))
        );
        let cut = Failure::from_words("cut", None, None).unwrap();
        assert_eq!(cut.by(), None);
    }
}
