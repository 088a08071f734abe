//! After resolution: outcomes per order, the new position, dislodgements and where the
//! dislodged units may retreat.

use super::env::Env;
use super::move_order::{self, head_to_head, MoveFail};
use super::path::path;
use super::resolver::resolve;
use super::support::{self, SupportFail};
use super::validate::{chain_to_land, void_reason};
use super::{Kind, MovementResult, Scratch, NONE};
use crate::outcome::{Bounce, Failure, Outcome, Void};
use crate::position::{Dislodged, Position};
use crate::restrictions::Restrictions;
use crate::rules::Rulebook;
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, UnitType, MAX_LOCATIONS};
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
    let mut dislodged_by = [NONE; MAX_LOCATIONS];
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
                contested.insert(d);
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
            blocked.insert(by);
        }
        let mut retreats = LocSet::EMPTY;
        match u.ty {
            UnitType::Army => {
                for q in map.army_neighbours(ProvinceId(p as u16)).iter() {
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
                // Across the straits open to the fleet's power in this position.
                for other in pos.strait_ends(map.straits(), u.power, u.loc) {
                    if !blocked.contains(map.province_of(other).0) {
                        retreats.insert(other.0);
                    }
                }
            }
        }
        let d = Dislodged {
            unit: u,
            attacker_from: ProvinceId(by),
            retreats,
        };
        next.set_dislodged(ProvinceId(p as u16), Some(d));
        out.dislodged.push((ProvinceId(p as u16), d));
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
                let by = (dislodged_by[p] != NONE).then(|| ProvinceId(dislodged_by[p]));
                out.unordered.push((ProvinceId(p as u16), u, by));
            }
        }
    }
}

/// The outcome of the order at `p`, its cause given by the rule that decided it: the same
/// functions the resolution ran ([`move_order::decide`], [`support::decide`],
/// [`validate::void_reason`]), asked again now that every order they look at is resolved.
fn outcome_of(
    env: &Env,
    s: &mut Scratch,
    p: usize,
    dislodged_by: &[u16; MAX_LOCATIONS],
) -> Outcome {
    if s.conflicted[p] {
        return Outcome::Failed(Failure::ConflictingOrders);
    }
    let prov = |q: u16| ProvinceId(q);
    let dislodged = (dislodged_by[p] != NONE).then(|| Failure::Dislodged {
        by: prov(dislodged_by[p]),
    });
    let failure = match s.kind[p] {
        Kind::Hold => match dislodged {
            Some(f) => f,
            None => return Outcome::Succeeded,
        },
        Kind::Move { .. } => {
            if s.result[p] {
                return Outcome::Succeeded;
            }
            if s.paradox_held[p] {
                Failure::Paradox
            } else {
                match move_order::decide(env, s, p as u16) {
                    Err(MoveFail::NoPath) => Failure::NoConvoy {
                        fleet: failed_convoy(env, s, p as u16).map(prov),
                    },
                    Err(MoveFail::OwnUnit(q)) => Failure::Bounced(Bounce::OwnUnit { by: prov(q) }),
                    Err(MoveFail::Held(q)) => Failure::Bounced(Bounce::Held { by: prov(q) }),
                    Err(MoveFail::HeadToHead(q)) => {
                        Failure::Bounced(Bounce::HeadToHead { by: prov(q) })
                    }
                    Err(MoveFail::Standoff(q)) => {
                        Failure::Bounced(Bounce::Standoff { by: prov(q) })
                    }
                    Ok(()) => Failure::Bounced(Bounce::Unstated),
                }
            }
        }
        Kind::SupportHold { .. } | Kind::SupportMove { .. } => {
            if let Some(v) = void_reason(env.map, s, p) {
                Failure::Void(v)
            } else if s.result[p] {
                return Outcome::Succeeded;
            } else {
                // The cut, not the dislodgement it may also bring: the listing adds
                // "dislodged" (DATC 6.F.25: "succeeds and cuts the support of Holland").
                match support::decide(env, s, p as u16) {
                    Err(SupportFail::Cut(a)) => Failure::Cut { by: prov(a) },
                    Err(SupportFail::Dislodged(a)) => Failure::Dislodged { by: prov(a) },
                    Err(SupportFail::Void) => Failure::Void(Void::Unstated),
                    Ok(()) => Failure::Cut { by: prov(NONE) },
                }
            }
        }
        Kind::Convoy { .. } => {
            if let Some(v) = void_reason(env.map, s, p) {
                Failure::Void(v)
            } else if resolve(env, s, p as u16) {
                return Outcome::Succeeded;
            } else if let Some(f) = dislodged {
                f
            } else {
                // Not dislodged, yet failed: held by the paradox rule.
                Failure::Disrupted
            }
        }
    };
    Outcome::Failed(failure)
}

/// A convoying fleet of the army at `p` whose convoy failed, when the army's convoy would
/// have had an unbroken route without that failure.
fn failed_convoy(env: &Env, s: &mut Scratch, p: u16) -> Option<u16> {
    let dest = s.move_dest(p)?;
    let mut failed = None;
    let mut c = s.convoys_head[p as usize];
    while c != NONE {
        if failed.is_none() && !resolve(env, s, c) {
            failed = Some(c);
        }
        c = s.convoys_next[c as usize];
    }
    let failed = failed?;
    let ordered = |s: &Scratch, c: u16| {
        let mut x = s.convoys_head[p as usize];
        while x != NONE {
            if x == c {
                return true;
            }
            x = s.convoys_next[x as usize];
        }
        false
    };
    chain_to_land(env.map, s, p, dest, ordered).then_some(failed)
}
