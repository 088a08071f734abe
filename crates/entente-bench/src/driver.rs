//! Random games on the judge directly: every power picks uniformly among its legal orders
//! each phase, from the variant's first Spring until a victory or the end year.
//!
//! This is the fast path: one [`Legal`], one [`Judge`] and one result value per phase kind,
//! all reused, so a phase allocates nothing once the buffers have grown (see
//! `tests/no_alloc.rs`). The phase sequence is the one of [`entente_game::Game`], which
//! `tests/fast_path.rs` checks position by position.

use entente_game::{Phase, PhaseKind, Season};
use entente_judge::{
    adjudicate_adjustments_into, adjudicate_retreats_into, has_adjustment_to_make,
    AdjustmentResult, Distances, Judge, MovementResult, Position, RetreatResult, Rulebook,
};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Map, PowerId};
use entente_orders::Order;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// How a random game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameSummary {
    /// Phases adjudicated.
    pub phases: u32,
    /// The phase the game would go on with.
    pub next_phase: Phase,
    /// A power with the victory count of centres, if any.
    pub winner: Option<PowerId>,
}

/// One random game at a time, all buffers reused from game to game.
pub struct RandomGames<'m> {
    map: &'m Map,
    rules: Rulebook,
    dist: Distances,
    legal: Legal,
    judge: Judge,
    rng: SmallRng,
    start: Position,
    pos: Position,
    phase: Phase,
    end_year: i32,
    winner: Option<PowerId>,
    over: bool,
    phases: u32,
    buf: LegalOrders,
    orders: Vec<(PowerId, Order)>,
    movement: MovementResult,
    retreat: RetreatResult,
    adjustment: AdjustmentResult,
}

impl<'m> RandomGames<'m> {
    /// Games under `rules` that end after the Fall (and adjustments) of `end_year` at the latest.
    pub fn new(map: &'m Map, rules: Rulebook, end_year: i32) -> RandomGames<'m> {
        let start = Position::start(map);
        RandomGames {
            map,
            rules,
            dist: Distances::new(map),
            legal: Legal::new(map),
            judge: Judge::new(),
            rng: SmallRng::seed_from_u64(0),
            pos: start.clone(),
            start,
            phase: Phase::new(Season::Spring, map.start_year, PhaseKind::Movement),
            end_year,
            winner: None,
            over: false,
            phases: 0,
            buf: LegalOrders::new(),
            orders: Vec::new(),
            movement: MovementResult::default(),
            retreat: RetreatResult::default(),
            adjustment: AdjustmentResult::default(),
        }
    }

    /// Starts a new game from the variant's start position; `seed` decides every choice.
    pub fn reset(&mut self, seed: u64) {
        self.pos.clone_from(&self.start);
        self.phase = Phase::new(Season::Spring, self.map.start_year, PhaseKind::Movement);
        self.rng = SmallRng::seed_from_u64(seed);
        self.winner = None;
        self.over = false;
        self.phases = 0;
        self.orders.clear();
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The orders chosen by the last [`RandomGames::choose`].
    pub fn orders(&self) -> &[(PowerId, Order)] {
        &self.orders
    }
    /// The legal orders the last [`RandomGames::choose`] picked from.
    pub fn legal_orders(&self) -> &LegalOrders {
        &self.buf
    }
    /// The last movement phase's result.
    pub fn movement_result(&self) -> &MovementResult {
        &self.movement
    }

    /// Lists the legal orders of the current phase and picks one set uniformly.
    pub fn choose(&mut self) {
        match self.phase.kind {
            PhaseKind::Movement => self.legal.movement(&self.pos, &mut self.buf),
            PhaseKind::Retreat => self.legal.retreats(&self.pos, &mut self.buf),
            PhaseKind::Adjustment => self.legal.adjustments(&self.pos, &mut self.buf),
        }
        self.orders.clear();
        let rng = &mut self.rng;
        self.legal
            .choose(&self.buf, |n| rng.random_range(0..n), &mut self.orders);
    }

    /// Adjudicates the chosen orders and moves to the next phase, as `Game::process` does.
    pub fn apply(&mut self) {
        let map = self.map;
        let next = match self.phase.kind {
            PhaseKind::Movement => {
                self.judge.movement_into(
                    map,
                    &self.rules,
                    &self.pos,
                    &self.orders,
                    &mut self.movement,
                );
                self.movement.next.as_mut().expect("movement result")
            }
            PhaseKind::Retreat => {
                adjudicate_retreats_into(map, &self.pos, &self.orders, &mut self.retreat);
                &mut self.retreat.next
            }
            PhaseKind::Adjustment => {
                adjudicate_adjustments_into(
                    map,
                    &self.rules,
                    &self.dist,
                    &self.pos,
                    &self.orders,
                    &mut self.adjustment,
                );
                &mut self.adjustment.next
            }
        };
        // The result's position becomes ours; ours is overwritten by the next phase's result.
        std::mem::swap(&mut self.pos, next);
        if self.phase.kind == PhaseKind::Movement {
            // A dislodged unit with nowhere to go is disbanded at once (as `Game` does).
            for p in self.map.province_ids() {
                if self
                    .pos
                    .dislodged_at(p)
                    .is_some_and(|d| d.retreats.is_empty())
                {
                    self.pos.set_dislodged(p, None);
                }
            }
        }
        self.phases += 1;
        let season_over = !self.pos.has_dislodged() && self.phase.kind != PhaseKind::Adjustment;
        if season_over && self.phase.season == Season::Fall {
            self.pos.update_ownership(map);
        }
        self.advance(season_over);
    }

    fn can_adjust(&self, p: PowerId) -> bool {
        has_adjustment_to_make(self.map, &self.pos, p)
    }

    fn advance(&mut self, season_over: bool) {
        let p = self.phase;
        self.phase = match p.kind {
            PhaseKind::Movement if !season_over => Phase::new(p.season, p.year, PhaseKind::Retreat),
            PhaseKind::Adjustment => Phase::new(Season::Spring, p.year + 1, PhaseKind::Movement),
            _ if p.season == Season::Spring => {
                Phase::new(Season::Fall, p.year, PhaseKind::Movement)
            }
            _ => {
                let victory = self.map.victory_centres as usize;
                if let Some(w) = self
                    .map
                    .power_ids()
                    .find(|&w| self.pos.centre_count(self.map, w) >= victory)
                {
                    self.winner = Some(w);
                    self.over = true;
                }
                if self.map.power_ids().any(|q| self.can_adjust(q)) {
                    Phase::new(Season::Winter, p.year, PhaseKind::Adjustment)
                } else {
                    Phase::new(Season::Spring, p.year + 1, PhaseKind::Movement)
                }
            }
        };
        if self.phase.year > self.end_year {
            self.over = true;
        }
    }

    /// One phase: choose, adjudicate, advance.
    pub fn step(&mut self) {
        self.choose();
        self.apply();
    }

    /// Plays a whole game from the start with this seed.
    pub fn play(&mut self, seed: u64) -> GameSummary {
        self.reset(seed);
        while !self.over {
            self.step();
        }
        GameSummary {
            phases: self.phases,
            next_phase: self.phase,
            winner: self.winner,
        }
    }
}
