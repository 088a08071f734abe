//! The movement phase: validate the written orders ([`validate`]), link supports and convoys
//! to the orders they match, resolve every order with Kruijswijk's guess-and-resolve
//! algorithm ([`resolver`]; each order kind's rule in [`move_order`], [`support`], [`convoy`],
//! generic over the resolution they call back, [`env::Resolve`]; convoy paths in [`path`]),
//! then move units and compute retreat options ([`finish`]).

mod convoy;
mod env;
mod finish;
mod move_order;
mod path;
mod resolver;
mod support;
mod validate;

use crate::outcome::Outcome;
use crate::position::{Dislodged, Position, Unit};
use crate::restrictions::Restrictions;
use crate::rules::{AdjacentConvoy, Rulebook};
use entente_map::{Loc, Map, PowerId, ProvinceId};
use entente_orders::Order;

/// Marks "no province" in the linked lists below.
pub(crate) const NONE: u16 = u16::MAX;
/// Flags of `Scratch::convoy_ordered`.
pub(crate) const CONVOY_BY_ANYONE: u8 = 1;
pub(crate) const CONVOY_BY_OWN_POWER: u8 = 2;

/// What a unit does once its written order has been checked. Illegal orders become `Hold`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Hold,
    Move {
        to: Loc,
        dest: u16,
        via_convoy: bool,
    },
    SupportHold {
        target: u16,
    },
    /// `coast`: the coast the support names (0 = none); it must match the move (DATC 6.B.9).
    SupportMove {
        from: u16,
        dest: u16,
        coast: u16,
    },
    Convoy {
        from: u16,
        dest: u16,
    },
}

/// Per-province working state of one adjudication, reused between calls.
#[derive(Default)]
pub(crate) struct Scratch {
    pub unit: Vec<Option<Unit>>,
    pub kind: Vec<Kind>,
    /// Index of the submitted order that gave `kind` (NONE if the unit had none).
    pub order_index: Vec<u16>,
    pub conflicted: Vec<bool>,
    /// Move goes by convoy (decided before resolution, DATC 4.A.3).
    pub convoyed: Vec<bool>,
    /// Convoy orders that name this army's move (`CONVOY_BY_*` flags).
    pub convoy_ordered: Vec<u8>,
    /// Linked lists: units moving into a province; supports and convoys matching an order.
    pub attackers_head: Vec<u16>,
    pub attackers_next: Vec<u16>,
    pub supports_head: Vec<u16>,
    pub supports_next: Vec<u16>,
    pub convoys_head: Vec<u16>,
    pub convoys_next: Vec<u16>,
    /// Support/convoy that matches the order it names.
    pub matched: Vec<bool>,
    /// Kruijswijk state: 0 unresolved, 1 guessing, 2 resolved.
    pub state: Vec<u8>,
    pub result: Vec<bool>,
    /// Failed by the paradox backup rule (DATC 4.A.2), not by its own rule.
    pub paradox_held: Vec<bool>,
    pub deps: Vec<u16>,
    /// Search buffer for convoy paths.
    pub stack: Vec<u16>,
}

/// The result of one submitted order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OrderResult {
    pub power: PowerId,
    pub order: Order,
    pub outcome: Outcome,
}

/// Everything a movement phase decides.
#[derive(Clone, Debug, Default)]
pub struct MovementResult {
    /// One entry per submitted order, in submission order.
    pub orders: Vec<OrderResult>,
    /// Units with no (legal) order, which held: `(province, unit, dislodged_by)`.
    pub unordered: Vec<(ProvinceId, Unit, Option<ProvinceId>)>,
    /// Dislodged units, by the province they were dislodged from.
    pub dislodged: Vec<(ProvinceId, Dislodged)>,
    /// The position after the phase (dislodged units recorded for the retreat phase).
    pub next: Option<Position>,
}

impl MovementResult {
    pub fn next_position(&self) -> &Position {
        self.next
            .as_ref()
            .expect("movement result holds a position")
    }
}

/// Adjudicator with reusable buffers. One per thread; cheap to create.
#[derive(Default)]
pub struct Judge {
    s: Scratch,
}

impl Judge {
    pub fn new() -> Judge {
        Judge::default()
    }

    /// Adjudicates a movement phase. Orders are `(power that wrote it, order)`.
    pub fn movement(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        pos: &Position,
        orders: &[(PowerId, Order)],
    ) -> MovementResult {
        let mut out = MovementResult::default();
        self.movement_into(map, rules, pos, orders, &mut out);
        out
    }

    /// As [`Judge::movement`], writing into `out` so its buffers are reused (the hot path).
    pub fn movement_into(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        pos: &Position,
        orders: &[(PowerId, Order)],
        out: &mut MovementResult,
    ) {
        self.movement_restricted(map, rules, &Restrictions::NONE, pos, orders, out)
    }

    /// As [`Judge::movement_into`], with provinces closed to every unit (orders into them
    /// are illegal, no retreat leads there). Orders of silent powers are the caller's to drop
    /// ([`crate::Engine`] does).
    pub fn movement_restricted(
        &mut self,
        map: &Map,
        rules: &Rulebook,
        restrictions: &Restrictions,
        pos: &Position,
        orders: &[(PowerId, Order)],
        out: &mut MovementResult,
    ) {
        let s = &mut self.s;
        s.reset(map, pos);
        out.orders.clear();
        out.unordered.clear();
        out.dislodged.clear();
        validate::validate(map, rules, restrictions, pos, s, orders, out);
        validate::link(map, rules, s);
        let env = env::Env { map, rules };
        resolve_all(&env, s);
        if rules.adjacent_convoy == AdjacentConvoy::OnlyForSwap
            && convoy::land_if_disrupted(&env, s)
        {
            // 1971: a swap whose convoy is disrupted goes over land after all (DATC 4.A.3,
            // 6.G.4); adjudicate again with those armies on the land route.
            s.unresolve_all();
            resolve_all(&env, s);
        }
        finish::finish(map, rules, restrictions, s, pos, orders, out);
    }
}

fn resolve_all(env: &env::Env, s: &mut Scratch) {
    for p in 0..s.unit.len() {
        if s.unit[p].is_some() && !matches!(s.kind[p], Kind::Hold) {
            resolver::resolve(env, s, p as u16);
        }
    }
}

impl Scratch {
    fn unresolve_all(&mut self) {
        self.state.fill(0);
        self.result.fill(false);
        self.paradox_held.fill(false);
        self.deps.clear();
    }

    fn reset(&mut self, map: &Map, pos: &Position) {
        let n = map.num_provinces();
        self.unit.clear();
        self.unit.extend_from_slice(pos.units_slice());
        for v in [
            &mut self.order_index,
            &mut self.attackers_head,
            &mut self.attackers_next,
            &mut self.supports_head,
            &mut self.supports_next,
            &mut self.convoys_head,
            &mut self.convoys_next,
        ] {
            v.clear();
            v.resize(n, NONE);
        }
        for v in [
            &mut self.conflicted,
            &mut self.convoyed,
            &mut self.matched,
            &mut self.result,
            &mut self.paradox_held,
        ] {
            v.clear();
            v.resize(n, false);
        }
        self.kind.clear();
        self.kind.resize(n, Kind::Hold);
        self.state.clear();
        self.state.resize(n, 0);
        self.convoy_ordered.clear();
        self.convoy_ordered.resize(n, 0);
        self.deps.clear();
        self.stack.clear();
    }

    #[inline]
    pub(crate) fn power(&self, p: u16) -> PowerId {
        // Only called for occupied provinces.
        self.unit[p as usize]
            .map(|u| u.power)
            .unwrap_or(PowerId(u8::MAX))
    }

    /// Destination province of the move at `p`, if the unit there moves.
    #[inline]
    pub(crate) fn move_dest(&self, p: u16) -> Option<u16> {
        match self.kind[p as usize] {
            Kind::Move { dest, .. } => Some(dest),
            _ => None,
        }
    }
}

pub(crate) use validate::fleet_destination;
