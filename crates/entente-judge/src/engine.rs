//! The one phase engine: a position, a phase, the orders and the phase's [`Restrictions`] go
//! in; the results, the next position and the next phase come out. Movement, retreats and
//! adjustments go through the same call, [`Engine::step`], and so do the whole-game loop
//! (`entente-game`), the scenario runner, the random-game driver and the Python package.
//!
//! What the engine decides besides adjudication, as the rulebooks have it:
//! - orders of silent powers (neutral, or in civil disorder) are not taken;
//! - a dislodged unit with nowhere to retreat, or whose power is silent, is disbanded at once
//!   (no retreat phase waits for it);
//! - the Fall season ends once its retreats are done, and every supply centre then belongs
//!   to the power with a unit in it;
//! - the next phase is the first one with something to decide: a retreat phase only when a
//!   unit is dislodged, the Winter adjustments only when some power has one to make.

use crate::adjustment::{adjudicate_adjustments_into, powers_with_adjustments, AdjustmentResult};
use crate::movement::{Judge, MovementResult, OrderResult};
use crate::outcome::{Illegal, Outcome};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::Position;
use crate::restrictions::Restrictions;
use crate::retreat::{adjudicate_retreats_into, RetreatResult};
use crate::rules::Rulebook;
use entente_map::{Map, PowerId};
use entente_orders::Order;

/// What a phase's adjudication produced.
#[derive(Clone, Debug)]
pub enum PhaseResult {
    Movement(MovementResult),
    Retreat(RetreatResult),
    Adjustment(AdjustmentResult),
}

impl PhaseResult {
    /// One result per order the judge was given, in that order.
    pub fn orders(&self) -> &[OrderResult] {
        match self {
            PhaseResult::Movement(r) => &r.orders,
            PhaseResult::Retreat(r) => &r.orders,
            PhaseResult::Adjustment(r) => &r.orders,
        }
    }
    pub fn kind(&self) -> PhaseKind {
        match self {
            PhaseResult::Movement(_) => PhaseKind::Movement,
            PhaseResult::Retreat(_) => PhaseKind::Retreat,
            PhaseResult::Adjustment(_) => PhaseKind::Adjustment,
        }
    }
}

/// What follows a phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Transition {
    /// The next phase with something to decide.
    pub next: Phase,
    /// The Fall season ended with this phase: centres changed hands (victory is counted now).
    pub fall_ended: bool,
}

/// One phase, owned: what [`Engine::play`] returns.
#[derive(Clone, Debug)]
pub struct Step {
    pub phase: Phase,
    /// The orders the judge was given (those of silent powers left out).
    pub orders: Vec<(PowerId, Order)>,
    pub result: PhaseResult,
    /// The position after the phase (dislodged units with no retreat gone; after Fall,
    /// centres updated).
    pub after: Position,
    pub transition: Transition,
}

/// The phase engine with reusable buffers: once warm, [`Engine::step`] allocates nothing
/// (the random-game driver's hot path). One per thread; cheap to create.
#[derive(Default)]
pub struct Engine {
    judge: Judge,
    kept: Vec<(PowerId, Order)>,
    movement: MovementResult,
    retreat: RetreatResult,
    adjustment: AdjustmentResult,
    last: Option<PhaseKind>,
}

/// A copy of an engine is a new engine: its buffers are scratch space, nothing to keep.
impl Clone for Engine {
    fn clone(&self) -> Engine {
        Engine::default()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Adjudicates `phase` in `pos` with `orders` (`(power that wrote it, order)`; missing
    /// orders: hold, disband, or the civil-disorder removals) and makes `pos` the position
    /// after it. The results are then in [`Engine::result`] and [`Engine::judged_orders`].
    pub fn step(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        restrictions: &Restrictions,
        phase: Phase,
        pos: &mut Position,
        orders: &[(PowerId, Order)],
    ) -> Transition {
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        kept.extend(
            orders
                .iter()
                .filter(|(p, _)| !restrictions.silent.contains(*p)),
        );
        self.judge_phase(map, rules, restrictions, phase.kind, pos, &kept);
        match phase.kind {
            PhaseKind::Movement => {
                pos.clone_from(self.movement.next_position());
                disband_at_once(pos, restrictions);
            }
            PhaseKind::Retreat => pos.clone_from(&self.retreat.next),
            PhaseKind::Adjustment => pos.clone_from(&self.adjustment.next),
        }
        self.kept = kept;
        self.last = Some(phase.kind);
        let season_over = !pos.has_dislodged() && phase.kind != PhaseKind::Adjustment;
        let fall_ended = season_over && phase.season == Season::Fall;
        if fall_ended {
            pos.update_ownership(map);
        }
        Transition {
            next: next_phase(map, phase, pos, season_over),
            fall_ended,
        }
    }

    /// As [`Engine::step`], returning everything owned (the history of a game keeps it).
    pub fn play(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        restrictions: &Restrictions,
        phase: Phase,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> Step {
        let mut after = pos.clone();
        let transition = self.step(map, rules, restrictions, phase, &mut after, orders);
        Step {
            phase,
            orders: self.kept.clone(),
            result: self.result().expect("a phase was just adjudicated"),
            after,
            transition,
        }
    }

    /// The last phase's results (`None` before the first step). Each result's own `next`
    /// position is the judge's, before the engine's steps (disbanding, centres).
    pub fn result(&self) -> Option<PhaseResult> {
        Some(match self.last? {
            PhaseKind::Movement => PhaseResult::Movement(self.movement.clone()),
            PhaseKind::Retreat => PhaseResult::Retreat(self.retreat.clone()),
            PhaseKind::Adjustment => PhaseResult::Adjustment(self.adjustment.clone()),
        })
    }

    /// The last movement phase's results, borrowed (the hot path reads these).
    pub fn movement_result(&self) -> &MovementResult {
        &self.movement
    }
    pub fn retreat_result(&self) -> &RetreatResult {
        &self.retreat
    }
    pub fn adjustment_result(&self) -> &AdjustmentResult {
        &self.adjustment
    }
    /// The orders the last step gave the judge.
    pub fn judged_orders(&self) -> &[(PowerId, Order)] {
        &self.kept
    }

    /// Why the judge would reject `order` from `power` in this phase whatever the other
    /// orders are (`None`: it is legal). What a game master echoes when a sheet arrives, and
    /// the definition `entente-legal` lists orders by.
    #[allow(clippy::too_many_arguments)]
    pub fn check(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        restrictions: &Restrictions,
        phase: PhaseKind,
        pos: &Position,
        power: PowerId,
        order: Order,
    ) -> Option<Illegal> {
        let one = [(power, order)];
        self.judge_phase(map, rules, restrictions, phase, pos, &one);
        let outcome = match phase {
            PhaseKind::Movement => self.movement.orders[0].outcome,
            PhaseKind::Retreat => self.retreat.orders[0].outcome,
            PhaseKind::Adjustment => self.adjustment.orders[0].outcome,
        };
        self.last = None;
        match outcome {
            Outcome::Illegal(i) => Some(i),
            _ => None,
        }
    }
}

impl Engine {
    /// Adjudicates `orders` in a phase of this kind into the buffer of that kind.
    fn judge_phase(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        restrictions: &Restrictions,
        kind: PhaseKind,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) {
        match kind {
            PhaseKind::Movement => self.judge.movement_restricted(
                map,
                rules,
                restrictions,
                pos,
                orders,
                &mut self.movement,
            ),
            PhaseKind::Retreat => {
                adjudicate_retreats_into(map, pos, orders, restrictions, &mut self.retreat)
            }
            PhaseKind::Adjustment => adjudicate_adjustments_into(
                map,
                rules,
                restrictions,
                pos,
                orders,
                &mut self.adjustment,
            ),
        }
    }
}

/// A dislodged unit with nowhere to retreat, or whose power gives no orders, is disbanded at
/// once: no retreat phase waits for it.
fn disband_at_once(pos: &mut Position, restrictions: &Restrictions) {
    for i in 0..pos.num_provinces() {
        let p = entente_map::ProvinceId(i as u16);
        if pos
            .dislodged_at(p)
            .is_some_and(|d| d.retreats.is_empty() || restrictions.silent.contains(d.unit.power))
        {
            pos.set_dislodged(p, None);
        }
    }
}

/// The phase after `phase`, given the position it left and whether its season is over (no
/// retreat to make).
pub fn next_phase(map: &Map, phase: Phase, after: &Position, season_over: bool) -> Phase {
    let next_spring = Phase::new(
        Season::Spring,
        phase.year.saturating_add(1),
        PhaseKind::Movement,
    );
    match phase.kind {
        PhaseKind::Movement if !season_over => {
            Phase::new(phase.season, phase.year, PhaseKind::Retreat)
        }
        PhaseKind::Adjustment => next_spring,
        _ if phase.season == Season::Spring => {
            Phase::new(Season::Fall, phase.year, PhaseKind::Movement)
        }
        _ if !powers_with_adjustments(map, after).is_empty() => {
            Phase::new(Season::Winter, phase.year, PhaseKind::Adjustment)
        }
        _ => next_spring,
    }
}
