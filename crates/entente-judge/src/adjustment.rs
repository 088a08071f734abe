//! The adjustment phase: builds in owned, empty home centres up to the surplus of centres;
//! removals down to the centre count; missing removals chosen by the civil-disorder rule.

use crate::movement::OrderResult;
use crate::outcome::{Failure, Illegal, Outcome, Void};
use crate::position::{Position, Unit};
use crate::restrictions::{PowerSet, Restrictions};
use crate::rules::{RemovalDistance, Rulebook};
use entente_map::{Loc, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::Order;

#[derive(Clone, Debug, Default)]
pub struct AdjustmentResult {
    pub orders: Vec<OrderResult>,
    pub built: Vec<Unit>,
    pub removed: Vec<(ProvinceId, Unit)>,
    /// Removals the judge chose because too few were ordered.
    pub civil_disorder: Vec<(ProvinceId, Unit)>,
    /// Builds a power was due but did not use (ordered waives and unordered builds).
    pub waived: Vec<(PowerId, u32)>,
    pub next: Position,
}

/// Builds (positive) or removals (negative) due per power.
pub fn adjustment_due(map: &Map, pos: &Position, power: PowerId) -> i32 {
    pos.centre_count(map, power) as i32 - pos.unit_count(power) as i32
}

/// [`adjustment_due`] of every power (by index), with one pass over the centres and one
/// over the units. At most 64 powers (checked when a variant loads).
fn adjustments_due(map: &Map, pos: &Position) -> [i32; 64] {
    let mut due = [0i32; 64];
    for c in map.centres().iter() {
        if let Some(o) = pos.owner(ProvinceId(c)) {
            due[o.index()] += 1;
        }
    }
    for (_, u) in pos.units() {
        due[u.power.index()] -= 1;
    }
    due
}

/// Whether a power with `due` builds (positive) or removals (negative) has an adjustment to
/// make: a removal, or a build with a vacant owned home centre to build in.
fn makes_adjustment(map: &Map, pos: &Position, power: PowerId, due: i32) -> bool {
    due < 0
        || (due > 0
            && map
                .build_centres(power)
                .any(|h| pos.owner(h) == Some(power) && pos.unit_at(h).is_none()))
}

/// Does the power have an adjustment to make: a removal due, or a build due and a vacant
/// owned home centre to build in (otherwise the game skips its adjustment phase).
pub fn has_adjustment_to_make(map: &Map, pos: &Position, power: PowerId) -> bool {
    makes_adjustment(map, pos, power, adjustment_due(map, pos, power))
}

/// Every power with an adjustment to make ([`has_adjustment_to_make`]), with one pass over
/// the board for all the powers (asked after every Fall).
pub fn powers_with_adjustments(map: &Map, pos: &Position) -> PowerSet {
    let due = adjustments_due(map, pos);
    let mut out = PowerSet::EMPTY;
    for power in map.power_ids() {
        out.set(power, makes_adjustment(map, pos, power, due[power.index()]));
    }
    out
}

pub fn adjudicate_adjustments(
    map: &Map,
    rules: &Rulebook,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> AdjustmentResult {
    let mut out = AdjustmentResult::default();
    adjudicate_adjustments_into(map, rules, &Restrictions::NONE, pos, orders, &mut out);
    out
}

/// As [`adjudicate_adjustments`], writing into `out` so its buffers are reused (no
/// allocation once they have grown, unless the civil-disorder rule has to pick removals).
pub fn adjudicate_adjustments_into(
    map: &Map,
    rules: &Rulebook,
    restrictions: &Restrictions,
    pos: &Position,
    orders: &[(PowerId, Order)],
    out: &mut AdjustmentResult,
) {
    let due = adjustments_due(map, pos);
    let mut used = [0i32; 64];
    out.orders.clear();
    out.built.clear();
    out.removed.clear();
    out.civil_disorder.clear();
    out.waived.clear();
    out.next.clone_from(pos);
    let next = &mut out.next;
    let results = &mut out.orders;
    let built = &mut out.built;
    let removed = &mut out.removed;
    // Orders are taken one by one; the first legal ones count (DATC 4.D.4–4.D.6).
    for &(power, order) in orders {
        let pi = power.index();
        let outcome = match order {
            _ if restrictions.closes(map, &order) => Outcome::Illegal(Illegal::Impassable),
            Order::Build { ty, loc } => match check_build(map, next, power, ty, loc) {
                Err(e) => Outcome::Illegal(e),
                Ok(_) if due[pi] <= 0 => Outcome::Illegal(Illegal::NothingDue),
                Ok(_) if used[pi] >= due[pi] => Outcome::Failed(Failure::TooMany),
                Ok(unit) => {
                    used[pi] += 1;
                    next.place(map, unit);
                    built.push(unit);
                    Outcome::Succeeded
                }
            },
            Order::Waive => {
                if due[pi] <= 0 {
                    Outcome::Illegal(Illegal::NothingDue)
                } else if used[pi] >= due[pi] {
                    Outcome::Failed(Failure::TooMany)
                } else {
                    used[pi] += 1;
                    Outcome::Succeeded
                }
            }
            Order::Remove(u) | Order::Disband(u) => {
                let p = map.province_of(u.loc);
                match next.unit_at(p) {
                    _ if due[pi] >= 0 => Outcome::Illegal(Illegal::NothingDue),
                    None => {
                        // Already removed by an earlier order of this phase, or never there.
                        if removed
                            .iter()
                            .any(|&(q, r): &(ProvinceId, Unit)| q == p && r.power == power)
                        {
                            Outcome::Failed(Failure::Void(Void::AlreadyRemoved))
                        } else {
                            Outcome::Illegal(Illegal::NoSuchUnit)
                        }
                    }
                    Some(unit) if unit.power != power => Outcome::Illegal(Illegal::NotYourUnit),
                    Some(_) if used[pi] >= -due[pi] => Outcome::Failed(Failure::TooMany),
                    Some(unit) => {
                        used[pi] += 1;
                        next.remove(p);
                        removed.push((p, unit));
                        Outcome::Succeeded
                    }
                }
            }
            _ => Outcome::Illegal(Illegal::WrongPhase),
        };
        results.push(OrderResult {
            power,
            order,
            outcome,
        });
    }
    for power in map.power_ids() {
        let pi = power.index();
        if due[pi] < 0 && used[pi] < -due[pi] {
            let more = (-due[pi] - used[pi]) as usize;
            for (p, u) in civil_disorder_removals(map, rules, next, power)
                .into_iter()
                .take(more)
            {
                next.remove(p);
                out.civil_disorder.push((p, u));
            }
        }
        if due[pi] > 0 {
            let unused = due[pi] - built.iter().filter(|u| u.power == power).count() as i32;
            if unused > 0 {
                out.waived.push((power, unused as u32));
            }
        }
    }
}

fn check_build(
    map: &Map,
    pos: &Position,
    power: PowerId,
    ty: Option<UnitType>,
    loc: Loc,
) -> Result<Unit, Illegal> {
    let p = map.province_of(loc);
    if !map.may_build_in(power, p) || pos.owner(p) != Some(power) {
        return Err(Illegal::BuildNotAllowed);
    }
    if pos.unit_at(p).is_some() {
        return Err(Illegal::BuildNotAllowed);
    }
    let prov = map.province(p);
    // A missing unit type is read from the space when only one type fits (DATC 4.C.3).
    let ty = match ty {
        Some(t) => t,
        None if map.coast_of(loc).is_some() => UnitType::Fleet,
        None if prov.kind == ProvinceKind::Land => UnitType::Army,
        None => return Err(Illegal::BuildNotAllowed),
    };
    let loc = match ty {
        UnitType::Army => p.loc(),
        UnitType::Fleet => {
            if prov.kind == ProvinceKind::Land {
                return Err(Illegal::WrongTerrain);
            }
            if !prov.coasts.is_empty() && map.coast_of(loc).is_none() {
                return Err(Illegal::CoastNeeded);
            }
            loc
        }
    };
    if !map.can_occupy(ty, loc) {
        return Err(Illegal::WrongTerrain);
    }
    Ok(Unit { power, ty, loc })
}

/// A power's units in the order the civil-disorder rule removes them: farthest from the
/// nearest home centre (2023: owned centre) first, fleets before armies at equal distance,
/// then alphabetically by the space's abbreviation.
pub fn civil_disorder_removals(
    map: &Map,
    rules: &Rulebook,
    pos: &Position,
    power: PowerId,
) -> Vec<(ProvinceId, Unit)> {
    let dist = map.distances();
    let targets: Vec<ProvinceId> = match rules.removal_distance {
        RemovalDistance::HomeCentres => map.power(power).home_centres.clone(),
        RemovalDistance::OwnedCentres => map
            .province_ids()
            .filter(|&c| map.is_centre(c) && pos.owner(c) == Some(power))
            .collect(),
    };
    let mut units: Vec<(u8, bool, String, ProvinceId, Unit)> = pos
        .units()
        .filter(|(_, u)| u.power == power)
        .map(|(p, u)| {
            let d = targets
                .iter()
                .map(|&t| match (rules.removal_distance, u.ty) {
                    (RemovalDistance::HomeCentres, UnitType::Fleet) => dist.fleet(p, t),
                    _ => dist.any(p, t),
                })
                .min()
                .unwrap_or(u8::MAX);
            (
                d,
                u.ty == UnitType::Fleet,
                map.province(p).abbr.clone(),
                p,
                u,
            )
        })
        .collect();
    units.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    units.into_iter().map(|(_, _, _, p, u)| (p, u)).collect()
}
