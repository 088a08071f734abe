//! Impassable provinces (the 2-player game's neutral Italy, "Italian borders may not be
//! crossed", 1982 rules, fewer players e.): an order that would take a unit, a support or a
//! convoy into one is illegal, and no retreat leads there. The judge never sees such an
//! order; its result is put back in its place in the phase's list.

use entente_judge::{Illegal, MovementResult, OrderResult, Outcome};
use entente_map::{Loc, LocSet, Map, PowerId};
use entente_orders::Order;

/// The space an order would send something into, if any.
fn destination(o: &Order) -> Option<Loc> {
    match *o {
        Order::Move { to, .. } | Order::Retreat { to, .. } => Some(to),
        Order::SupportMove { to, .. } | Order::Convoy { to, .. } => Some(to),
        Order::SupportHold { target, .. } => Some(target.loc),
        Order::Build { loc, .. } => Some(loc),
        Order::Hold(_) | Order::Disband(_) | Order::Remove(_) | Order::Waive => None,
    }
}

/// Does the order lead into an impassable province?
pub fn is_closed(map: &Map, impassable: &LocSet, o: &Order) -> bool {
    destination(o).is_some_and(|l| impassable.contains(map.province_of(l).0))
}

/// The orders the judge may see, and the indices (into `orders`) of those it may not.
pub(crate) fn split(
    map: &Map,
    impassable: &LocSet,
    orders: &[(PowerId, Order)],
) -> (Vec<(PowerId, Order)>, Vec<usize>) {
    if impassable.is_empty() {
        return (orders.to_vec(), Vec::new());
    }
    let mut open = Vec::with_capacity(orders.len());
    let mut closed = Vec::new();
    for (i, po) in orders.iter().enumerate() {
        if is_closed(map, impassable, &po.1) {
            closed.push(i);
        } else {
            open.push(*po);
        }
    }
    (open, closed)
}

/// Puts the closed orders back, illegal, at their places among the judged ones.
pub(crate) fn merge_results(
    orders: &[(PowerId, Order)],
    closed: &[usize],
    judged: &mut Vec<OrderResult>,
) {
    let mut rest = std::mem::take(judged).into_iter();
    for (i, &(power, order)) in orders.iter().enumerate() {
        if closed.contains(&i) {
            judged.push(OrderResult {
                power,
                order,
                outcome: Outcome::Illegal(Illegal::Impassable),
            });
        } else if let Some(r) = rest.next() {
            judged.push(r);
        }
    }
}

/// Removes impassable spaces from the retreat options of units dislodged this phase.
pub(crate) fn close_retreats(map: &Map, impassable: &LocSet, r: &mut MovementResult) {
    if impassable.is_empty() {
        return;
    }
    let open = |set: &LocSet| {
        let mut out = *set;
        for l in set.iter() {
            if impassable.contains(map.province_of(Loc(l)).0) {
                out.remove(l);
            }
        }
        out
    };
    for (_, d) in r.dislodged.iter_mut() {
        d.retreats = open(&d.retreats);
    }
    if let Some(next) = r.next.as_mut() {
        let list: Vec<_> = next.dislodged().collect();
        for (p, mut d) in list {
            d.retreats = open(&d.retreats);
            next.set_dislodged(p, Some(d));
        }
    }
}
