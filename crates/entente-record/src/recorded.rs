//! A recorded game as the records give it, whatever their format: each phase's position,
//! orders and context ([`RecordedPhase`]), and what differs between two positions. The native
//! record and the Python package's saved games are read into these; [`crate::replay`]
//! adjudicates them again.

use entente_host::PhaseContext;
use entente_judge::{Phase, Position};
use entente_map::{Loc, Map, PowerId, ProvinceId};
use entente_orders::Order;

/// One phase as a record has it.
#[derive(Clone, Debug)]
pub struct RecordedPhase {
    /// The name as written (`S1901M`, or the Python package's `COMPLETED`).
    pub name: String,
    /// `None` for a name that is no phase (`COMPLETED`).
    pub phase: Option<Phase>,
    pub position: Position,
    pub orders: Vec<(PowerId, Order)>,
    pub context: PhaseContext,
}

/// What differs between two positions: units, dislodged units and their retreat options
/// (not who dislodged them: the Python format does not say), centre owners.
pub fn compare_positions(map: &Map, ours: &Position, theirs: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let nothing = || "nothing".to_string();
    for p in map.province_ids() {
        let (a, b) = (ours.unit_at(p), theirs.unit_at(p));
        if a != b {
            out.push(format!(
                "unit in {}: entente {}, record {}",
                map.province(p).abbr,
                a.map_or_else(nothing, |u| unit_words(map, &u)),
                b.map_or_else(nothing, |u| unit_words(map, &u)),
            ));
        }
        let (a, b) = (ours.dislodged_at(p), theirs.dislodged_at(p));
        let show = |d: Option<entente_judge::Dislodged>| {
            d.map_or_else(nothing, |d| {
                let mut r: Vec<String> = d.retreats.iter().map(|l| map.loc_abbr(Loc(l))).collect();
                r.sort();
                format!(
                    "{} retreating to [{}]",
                    unit_words(map, &d.unit),
                    r.join(", ")
                )
            })
        };
        let same = match (a, b) {
            (Some(x), Some(y)) => x.unit == y.unit && x.retreats == y.retreats,
            (x, y) => x.is_none() && y.is_none(),
        };
        if !same {
            out.push(format!(
                "dislodged in {}: entente {}, record {}",
                map.province(p).abbr,
                show(a),
                show(b)
            ));
        }
    }
    for c in map.centres().iter().map(ProvinceId) {
        let (a, b) = (ours.owner(c), theirs.owner(c));
        if a != b {
            let who =
                |o: Option<PowerId>| o.map_or("unowned".to_string(), |p| map.power(p).name.clone());
            out.push(format!(
                "centre {}: entente {}, record {}",
                map.province(c).abbr,
                who(a),
                who(b)
            ));
        }
    }
    out
}

fn unit_words(map: &Map, u: &entente_judge::Unit) -> String {
    format!(
        "{} {} {}",
        map.power(u.power).adjective,
        u.ty.letter(),
        map.loc_abbr(u.loc)
    )
}
