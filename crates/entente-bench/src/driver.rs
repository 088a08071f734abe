//! Random games on the judge directly: every power picks uniformly among its legal orders
//! each phase, from the variant's first Spring until a victory or the end year.
//!
//! This is the fast path: one [`Legal`] and one phase [`Engine`], both reused, so a phase
//! allocates nothing once the buffers have grown (see `tests/no_alloc.rs`). The phase
//! sequence is the engine's, as in `entente_game::Game`, which `tests/fast_path.rs` checks
//! position by position.

use entente_judge::{
    Engine, MovementResult, Phase, PhaseKind, Position, Restrictions, Rulebook, Season,
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
    legal: Legal,
    engine: Engine,
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
}

impl<'m> RandomGames<'m> {
    /// Games under `rules` that end after the Fall (and adjustments) of `end_year` at the latest.
    pub fn new(map: &'m Map, rules: Rulebook, end_year: i32) -> RandomGames<'m> {
        let start = Position::start(map);
        RandomGames {
            map,
            rules,
            legal: Legal::new(map),
            engine: Engine::new(),
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
        self.engine.movement_result()
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

    /// Adjudicates the chosen orders and moves to the next phase: the phase engine's step,
    /// as `Game::process` takes it.
    pub fn apply(&mut self) {
        let map = self.map;
        let t = self.engine.step(
            map,
            &self.rules,
            &Restrictions::NONE,
            self.phase,
            &mut self.pos,
            &self.orders,
        );
        self.phases += 1;
        if t.fall_ended {
            let victory = map.victory_centres as usize;
            if let Some(w) = map
                .power_ids()
                .find(|&w| self.pos.centre_count(map, w) >= victory)
            {
                self.winner = Some(w);
                self.over = true;
            }
        }
        self.phase = t.next;
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
