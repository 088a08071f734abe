//! The retreat phase: dislodged units retreat to an allowed space or are disbanded; two
//! retreats to one space disband both; a unit without a valid order is disbanded.

use crate::fleet_destination;
use crate::movement::OrderResult;
use crate::outcome::{Failure, Illegal, Outcome};
use crate::position::{Position, Unit};
use crate::restrictions::Restrictions;
use entente_map::{Loc, Map, PowerId, ProvinceId, UnitType, MAX_LOCATIONS};
use entente_orders::Order;

#[derive(Clone, Debug, Default)]
pub struct RetreatResult {
    pub orders: Vec<OrderResult>,
    pub retreated: Vec<(ProvinceId, Unit)>,
    pub disbanded: Vec<(ProvinceId, Unit)>,
    pub next: Position,
}

pub fn adjudicate_retreats(
    map: &Map,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> RetreatResult {
    let mut out = RetreatResult::default();
    adjudicate_retreats_into(map, pos, orders, &Restrictions::NONE, &mut out);
    out
}

/// As [`adjudicate_retreats`], writing into `out` so its buffers are reused (no allocation
/// once they have grown: the random-game driver's hot path).
pub fn adjudicate_retreats_into(
    map: &Map,
    pos: &Position,
    orders: &[(PowerId, Order)],
    restrictions: &Restrictions,
    out: &mut RetreatResult,
) {
    let n = map.num_provinces();
    // Chosen target per dislodged province (None = disband), and which order chose it.
    let mut target: [Option<Option<Loc>>; MAX_LOCATIONS] = [None; MAX_LOCATIONS];
    let mut conflicted = [false; MAX_LOCATIONS];
    out.orders.clear();
    out.retreated.clear();
    out.disbanded.clear();
    let results = &mut out.orders;
    for &(power, order) in orders {
        let checked = if restrictions.closes(map, &order) {
            Err(Illegal::Impassable)
        } else {
            check(map, pos, power, &order)
        };
        let outcome = match checked {
            Ok((p, t)) => {
                if let Some(prev) = target[p] {
                    if prev != t {
                        conflicted[p] = true;
                    }
                }
                target[p] = Some(t);
                Outcome::Succeeded
            }
            Err(e) => Outcome::Illegal(e),
        };
        results.push(OrderResult {
            power,
            order,
            outcome,
        });
    }
    let mut arrivals = [0u8; MAX_LOCATIONS];
    for p in 0..n {
        if conflicted[p] {
            target[p] = Some(None);
        }
        if let Some(Some(l)) = target[p] {
            let q = map.province_of(l).index();
            arrivals[q] = arrivals[q].saturating_add(1);
        }
    }
    let next = &mut out.next;
    next.clone_from(pos);
    for (p, d) in pos.dislodged() {
        next.set_dislodged(p, None);
        match target[p.index()] {
            Some(Some(l)) if arrivals[map.province_of(l).index()] == 1 => {
                let u = Unit { loc: l, ..d.unit };
                next.place(map, u);
                out.retreated.push((p, u));
            }
            _ => out.disbanded.push((p, d.unit)),
        }
    }
    for r in out.orders.iter_mut() {
        if r.outcome.is_illegal() {
            continue;
        }
        let p = r
            .order
            .unit()
            .map(|u| map.province_of(u.loc).index())
            .unwrap_or(0);
        r.outcome = if conflicted[p] {
            Outcome::Failed(Failure::ConflictingOrders)
        } else {
            match target[p] {
                Some(Some(l)) if arrivals[map.province_of(l).index()] > 1 => {
                    Outcome::Failed(Failure::RetreatCollision)
                }
                _ => Outcome::Succeeded,
            }
        };
    }
}

fn check(
    map: &Map,
    pos: &Position,
    power: PowerId,
    order: &Order,
) -> Result<(usize, Option<Loc>), Illegal> {
    let (unit, to) = match *order {
        Order::Retreat { unit, to } => (unit, Some(to)),
        Order::Move {
            unit,
            to,
            via_convoy: false,
        } => (unit, Some(to)),
        Order::Disband(unit) | Order::Remove(unit) => (unit, None),
        Order::Move {
            via_convoy: true, ..
        } => return Err(Illegal::WrongPhase),
        _ => return Err(Illegal::WrongPhase),
    };
    let p = map.province_of(unit.loc);
    let d = match pos.dislodged_at(p) {
        Some(d) => d,
        None => {
            return Err(if pos.unit_at(p).is_some() {
                Illegal::WrongPhase
            } else {
                Illegal::NoSuchUnit
            })
        }
    };
    if d.unit.power != power {
        return Err(Illegal::NotYourUnit);
    }
    let Some(to) = to else {
        return Ok((p.index(), None));
    };
    let l = match d.unit.ty {
        UnitType::Army => map.province_of(to).loc(),
        UnitType::Fleet => match fleet_destination(map, d.unit.loc, to) {
            Ok(l) => l,
            // Across a strait: where it would land, allowed only where the retreats
            // computed at the dislodgement (`Position::strait_ends` then) say so, checked
            // just below.
            Err(_) => map
                .strait_to(d.unit.loc, map.province_of(to))
                .map(|(l, _)| l)
                .filter(|&l| l == to || map.province_of(to).loc() == to)
                .ok_or(Illegal::RetreatNotAllowed)?,
        },
    };
    if !d.retreats.contains(l.0) {
        return Err(Illegal::RetreatNotAllowed);
    }
    Ok((p.index(), Some(l)))
}
