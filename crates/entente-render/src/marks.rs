//! A phase's results as the renderer draws them.

use crate::{DislodgedUnit, ResolvedOrder};
use entente_judge::{OrderResult, Outcome, PhaseResult, Position, Unit};
use entente_map::ProvinceId;
use entente_orders::{Order, UnitRef};

/// The orders with outcomes and the units drawn dislodged, as the renderer takes them.
/// Removals the judge chose (civil disorder) are drawn as removal orders.
fn marks_of(
    orders: &[OrderResult],
    dislodged: Vec<DislodgedUnit>,
    civil_disorder: &[(ProvinceId, Unit)],
) -> (Vec<ResolvedOrder>, Vec<DislodgedUnit>) {
    let mut list: Vec<ResolvedOrder> = orders
        .iter()
        .map(|r| (r.power, r.order, r.outcome))
        .collect();
    for &(_, u) in civil_disorder {
        let unit = UnitRef {
            ty: Some(u.ty),
            loc: u.loc,
        };
        list.push((u.power, Order::Remove(unit), Outcome::Succeeded));
    }
    (list, dislodged)
}

/// What to draw of a phase that started from `before`: the orders with their outcomes and
/// the units dislodged (in a retreat phase, those that had to retreat); removals the judge
/// chose (civil disorder) are drawn as removal orders.
pub fn marks(result: &PhaseResult, before: &Position) -> (Vec<ResolvedOrder>, Vec<DislodgedUnit>) {
    match result {
        PhaseResult::Movement(r) => marks_of(&r.orders, r.dislodged.clone(), &[]),
        PhaseResult::Retreat(r) => marks_of(&r.orders, before.dislodged().collect(), &[]),
        PhaseResult::Adjustment(r) => marks_of(&r.orders, Vec::new(), &r.civil_disorder),
    }
}
