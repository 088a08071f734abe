//! After resolution: outcomes per order, the new position, dislodgements and where the
//! dislodged units may retreat.

use super::convoy::path;
use super::move_order::head_to_head;
use super::resolver::{resolve, Env};
use super::{Kind, MovementResult, Scratch, NONE};
use crate::outcome::{Failure, Outcome};
use crate::position::{Dislodged, Position};
use crate::restrictions::Restrictions;
use crate::rules::Rulebook;
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, UnitType};
use entente_orders::Order;

pub(super) fn finish(
    map: &Map,
    rules: &Rulebook,
    restrictions: &Restrictions,
    s: &mut Scratch,
    pos: &Position,
    orders: &[(PowerId, Order)],
    out: &mut MovementResult,
) {
    let env = Env { map, rules };
    let n = s.unit.len();
    // Who dislodged whom.
    let mut dislodged_by = [NONE; 256];
    for d in 0..n {
        if s.unit[d].is_none() || (s.move_dest(d as u16).is_some() && s.result[d]) {
            continue;
        }
        let mut a = s.attackers_head[d];
        while a != NONE {
            if s.result[a as usize] {
                dislodged_by[d] = a;
            }
            a = s.attackers_next[a as usize];
        }
    }
    // Standoffs: spaces that a move failed to enter, other than by a missing convoy or by
    // losing a head-to-head battle (DATC 6.H.6, 6.H.9).
    let mut contested = LocSet::EMPTY;
    for q in 0..n as u16 {
        if let Some(d) = s.move_dest(q) {
            if !s.result[q as usize]
                && path(&env, s, q)
                && !head_to_head(s, q).is_some_and(|o| s.result[o as usize])
            {
                contested.insert(d as u8);
            }
        }
    }

    let next = out.next.get_or_insert_with(Position::default);
    next.reset_next_of(pos);
    let mut occupied = LocSet::EMPTY;
    for p in 0..n {
        let Some(mut u) = s.unit[p] else { continue };
        if dislodged_by[p] != NONE {
            continue;
        }
        if let Kind::Move { to, .. } = s.kind[p] {
            if s.result[p] {
                u.loc = to;
            }
        }
        occupied.insert(map.province_of(u.loc).0);
        next.place(map, u);
    }
    for p in 0..n {
        let by = dislodged_by[p];
        if by == NONE {
            continue;
        }
        let Some(u) = s.unit[p] else { continue };
        let mut blocked = occupied.union(&contested).union(&restrictions.impassable);
        if !(s.convoyed[by as usize] && rules.retreat_to_convoy_origin) {
            blocked.insert(by as u8);
        }
        let mut retreats = LocSet::EMPTY;
        match u.ty {
            UnitType::Army => {
                for q in map.army_neighbours(ProvinceId(p as u8)).iter() {
                    if !blocked.contains(q) {
                        retreats.insert(q);
                    }
                }
            }
            UnitType::Fleet => {
                for l in map.fleet_neighbours(u.loc).iter() {
                    if !blocked.contains(map.province_of(Loc(l)).0) {
                        retreats.insert(l);
                    }
                }
            }
        }
        let d = Dislodged {
            unit: u,
            attacker_from: ProvinceId(by as u8),
            retreats,
        };
        next.set_dislodged(ProvinceId(p as u8), Some(d));
        out.dislodged.push((ProvinceId(p as u8), d));
    }

    for (i, &(_, order)) in orders.iter().enumerate() {
        if out.orders[i].outcome.is_illegal() {
            continue;
        }
        let p = order
            .unit()
            .map(|u| map.province_of(u.loc).index())
            .unwrap_or(0);
        out.orders[i].outcome = outcome_of(&env, s, p, &dislodged_by);
    }
    for p in 0..n {
        if let Some(u) = s.unit[p] {
            if s.order_index[p] == NONE {
                let by = (dislodged_by[p] != NONE).then(|| ProvinceId(dislodged_by[p] as u8));
                out.unordered.push((ProvinceId(p as u8), u, by));
            }
        }
    }
}

fn outcome_of(env: &Env, s: &mut Scratch, p: usize, dislodged_by: &[u16; 256]) -> Outcome {
    if s.conflicted[p] {
        return Outcome::Failed(Failure::ConflictingOrders);
    }
    let dislodged = (dislodged_by[p] != NONE).then(|| Failure::Dislodged {
        by: ProvinceId(dislodged_by[p] as u8),
    });
    match s.kind[p] {
        Kind::Hold => match dislodged {
            Some(f) => Outcome::Failed(f),
            None => Outcome::Succeeded,
        },
        Kind::Move { .. } => {
            if s.result[p] {
                Outcome::Succeeded
            } else if s.convoyed[p] && !path(env, s, p as u16) {
                Outcome::Failed(Failure::NoConvoy)
            } else {
                Outcome::Failed(Failure::Bounced)
            }
        }
        Kind::SupportHold { .. } | Kind::SupportMove { .. } => {
            if !s.matched[p] {
                Outcome::Failed(Failure::Void)
            } else if s.result[p] {
                Outcome::Succeeded
            } else if let Some(f) = dislodged {
                Outcome::Failed(f)
            } else {
                let me = s.power(p as u16);
                let mut by = NONE;
                let mut a = s.attackers_head[p];
                while a != NONE {
                    if s.power(a) != me && path(env, s, a) {
                        by = a;
                    }
                    a = s.attackers_next[a as usize];
                }
                Outcome::Failed(Failure::Cut {
                    by: ProvinceId(by.min(255) as u8),
                })
            }
        }
        Kind::Convoy { .. } => {
            if !s.matched[p] {
                Outcome::Failed(Failure::Void)
            } else if resolve(env, s, p as u16) {
                Outcome::Succeeded
            } else if let Some(f) = dislodged {
                Outcome::Failed(f)
            } else {
                Outcome::Failed(Failure::Disrupted)
            }
        }
    }
}
