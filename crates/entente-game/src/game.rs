use entente_judge::{
    powers_with_adjustments, Engine, Illegal, Phase, PhaseKind, PhaseResult, Position, PowerSet,
    Restrictions, Rulebook, Season, Transition,
};
use entente_map::{LocSet, Map, PowerId};
use entente_orders::Order;
use std::sync::Arc;

use crate::error::{Error, Result};

/// The years a game may be played in: wide enough for any calendar a variant counts in,
/// narrow enough that counting years on never overflows.
pub const YEARS: std::ops::RangeInclusive<i32> = -100_000..=100_000;

/// Refuses a year outside [`YEARS`]; `what` names it (`first year`, `end year`).
pub fn check_year(what: &str, year: i32) -> Result<()> {
    if YEARS.contains(&year) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{what} {year}: a game is played between the years {} and {}",
            YEARS.start(),
            YEARS.end()
        )))
    }
}

/// One adjudicated phase of the history.
#[derive(Clone, Debug)]
pub struct PhaseRecord {
    pub phase: Phase,
    pub before: Position,
    pub orders: Vec<(PowerId, Order)>,
    pub result: PhaseResult,
    /// The position after the phase (after Fall: centres updated).
    pub after: Position,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndOfGame {
    /// A power reached the victory count at the end of a Fall turn.
    Victory(PowerId),
    /// Draw by agreement: shared by the powers still with units (a neutral power has none
    /// of a result), or by some of them.
    Draw(Vec<PowerId>),
    /// A short game reached its fixed end: standings by units (most first) and the leaders.
    ShortGame {
        standings: Vec<(PowerId, usize)>,
        winners: Vec<PowerId>,
    },
    /// The powers of one side reached the side's victory count together (the 2-player game).
    Side(Vec<PowerId>),
    /// Every other power conceded the game to this one.
    Concession(PowerId),
}

/// A victory counted over a side's powers together: the 2-player game's 24. The 1982 rules
/// count units on the board, the 2000 rules supply centres.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SideVictory {
    pub count: u32,
    /// Units after the year's adjustments (1982) rather than centres after Fall (2000).
    pub by_units: bool,
}

/// A game in progress: position, phase, history, and who is in civil disorder. A copy is a
/// whole game (its history too) with an engine of its own.
#[derive(Clone)]
pub struct Game {
    map: Arc<Map>,
    rules: Rulebook,
    phase: Phase,
    position: Position,
    history: Vec<PhaseRecord>,
    end: Option<EndOfGame>,
    /// Last year of a short game (the game ends after that year's Fall and adjustments).
    end_year: Option<i32>,
    /// Victory threshold in centres (the variant's by default).
    victory_centres: u32,
    civil_disorder: Vec<bool>,
    /// Powers no player controls (the 6- and 5-player games' Italy and Germany): never ordered.
    neutral: Vec<bool>,
    /// Provinces no unit may enter (the 2-player game's Italy until it joins a side).
    impassable: LocSet,
    /// Sides whose powers win together, and by what count.
    sides: Vec<Vec<PowerId>>,
    side_victory: Option<SideVictory>,
    /// Escalation's placement and nominations (`None`: not an Escalation game).
    escalation: Option<crate::Escalation>,
    engine: Engine,
}

impl Game {
    /// A new game at the variant's start position, Spring of its first year.
    pub fn new(map: Arc<Map>, rules: Rulebook) -> Game {
        let position = Position::start(&map);
        let phase = Phase::new(Season::Spring, map.start_year, PhaseKind::Movement);
        Game::from_position(map, rules, phase, position)
    }

    /// A game continuing from any position and phase.
    pub fn from_position(map: Arc<Map>, rules: Rulebook, phase: Phase, position: Position) -> Game {
        let n = map.powers().len();
        let victory_centres = map.victory_centres;
        Game {
            map,
            rules,
            phase,
            position,
            history: Vec::new(),
            end: None,
            end_year: None,
            victory_centres,
            civil_disorder: vec![false; n],
            neutral: vec![false; n],
            impassable: LocSet::EMPTY,
            sides: Vec::new(),
            side_victory: None,
            escalation: None,
            engine: Engine::new(),
        }
    }

    /// Carries the game on to a stored state: the current phase and position, and the
    /// history that led there (nothing is adjudicated again).
    pub fn restore(&mut self, phase: Phase, position: Position, history: Vec<PhaseRecord>) {
        self.phase = phase;
        self.position = position;
        self.history = history;
    }

    /// Sets how the game ended (a stored game's end).
    pub fn set_end(&mut self, end: Option<EndOfGame>) {
        self.end = end;
    }

    pub fn map(&self) -> &Map {
        &self.map
    }
    pub fn map_arc(&self) -> &Arc<Map> {
        &self.map
    }
    pub fn rules(&self) -> &Rulebook {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Escalation's placement and nominations, in an Escalation game.
    pub fn escalation(&self) -> Option<&crate::Escalation> {
        self.escalation.as_ref()
    }
    pub(crate) fn escalation_mut(&mut self) -> Option<&mut crate::Escalation> {
        self.escalation.as_mut()
    }
    pub(crate) fn set_escalation(&mut self, e: Option<crate::Escalation>) {
        self.escalation = e;
    }
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }
    /// The game's own copy of the map (Escalation's nominated homes change it).
    pub(crate) fn map_mut(&mut self) -> &mut Map {
        Arc::make_mut(&mut self.map)
    }
    pub(crate) fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }
    pub fn history(&self) -> &[PhaseRecord] {
        &self.history
    }
    pub fn end(&self) -> Option<&EndOfGame> {
        self.end.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
    pub fn set_end_year(&mut self, year: Option<i32>) {
        self.end_year = year;
    }
    pub fn end_year(&self) -> Option<i32> {
        self.end_year
    }
    pub fn set_victory_centres(&mut self, n: u32) {
        self.victory_centres = n;
    }
    pub fn victory_centres(&self) -> u32 {
        self.victory_centres
    }

    /// Marks a power as in civil disorder (left the game, or sent no orders) or back in play.
    pub fn set_civil_disorder(&mut self, power: PowerId, on: bool) {
        self.civil_disorder[power.index()] = on;
    }
    pub fn in_civil_disorder(&self, power: PowerId) -> bool {
        self.civil_disorder[power.index()]
    }

    /// Makes a power neutral (no player: its units hold, unsupported by each other, and are
    /// disbanded when dislodged) or gives it back to play.
    pub fn set_neutral(&mut self, power: PowerId, on: bool) {
        self.neutral[power.index()] = on;
    }
    pub fn is_neutral(&self, power: PowerId) -> bool {
        self.neutral[power.index()]
    }
    /// Neither neutral nor in civil disorder: the power's orders count.
    pub fn gives_orders(&self, power: PowerId) -> bool {
        !self.neutral[power.index()] && !self.civil_disorder[power.index()]
    }

    /// Closes provinces to every unit: moves, retreats, supports and convoys into them are
    /// illegal and no retreat leads there.
    pub fn set_impassable(&mut self, provinces: LocSet) {
        self.impassable = provinces;
    }
    pub fn impassable(&self) -> &LocSet {
        &self.impassable
    }

    /// Lets the powers of each side win together when they reach `victory`; a single power's
    /// centre count no longer decides.
    pub fn set_sides(&mut self, sides: Vec<Vec<PowerId>>, victory: Option<SideVictory>) {
        self.sides = sides;
        self.side_victory = victory;
    }
    pub fn sides(&self) -> &[Vec<PowerId>] {
        &self.sides
    }
    pub fn side_victory(&self) -> Option<SideVictory> {
        self.side_victory
    }

    /// Powers with something to decide in the current phase (one in civil disorder, or
    /// neutral, never is: its part is played by the rules).
    pub fn powers_to_order(&self) -> Vec<PowerId> {
        self.powers_with_decisions()
            .into_iter()
            .filter(|&p| self.gives_orders(p))
            .collect()
    }

    /// Every power the current phase concerns, whether or not it gives orders.
    pub fn powers_with_decisions(&self) -> Vec<PowerId> {
        // Escalation: the power whose turn it is to place; the nominations awaited.
        if self.in_placement() {
            return self.to_place().into_iter().collect();
        }
        if self.nominating() {
            return self.awaited_nominations();
        }
        match self.phase.kind {
            // One pass over the board for every power (asked at each adjudication).
            PhaseKind::Movement | PhaseKind::Retreat => {
                let mut has = vec![false; self.map.powers().len()];
                if self.phase.kind == PhaseKind::Movement {
                    for (_, u) in self.position.units() {
                        has[u.power.index()] = true;
                    }
                } else {
                    for (_, d) in self.position.dislodged() {
                        has[d.unit.power.index()] = true;
                    }
                }
                self.map.power_ids().filter(|p| has[p.index()]).collect()
            }
            PhaseKind::Adjustment => powers_with_adjustments(&self.map, &self.position)
                .iter()
                .collect(),
        }
    }

    /// Ends the game in a draw shared by every power that still has units, but the neutral
    /// ones (a neutral power has no player: it takes no share of a result).
    pub fn declare_draw(&mut self) {
        let sharers = self
            .survivors()
            .into_iter()
            .filter(|&p| !self.is_neutral(p))
            .collect();
        self.end = Some(EndOfGame::Draw(sharers));
    }

    /// The powers that still have units.
    pub fn survivors(&self) -> Vec<PowerId> {
        self.map
            .power_ids()
            .filter(|&p| self.position.unit_count(p) > 0)
            .collect()
    }

    /// Ends the game in a draw shared by some of the survivors (two or more, in any order);
    /// the others have no share in the result.
    pub fn declare_draw_among(&mut self, powers: &[PowerId]) -> Result<()> {
        let mut powers = powers.to_vec();
        powers.sort();
        powers.dedup();
        self.check_survivors(&powers)?;
        if powers.len() < 2 {
            return Err(Error::invalid(
                "a draw is shared by two powers or more (one power alone: a concession)",
            ));
        }
        self.end = Some(EndOfGame::Draw(powers));
        Ok(())
    }

    /// Ends the game: every other power concedes it to `winner`.
    pub fn concede(&mut self, winner: PowerId) -> Result<()> {
        self.check_survivors(&[winner])?;
        self.end = Some(EndOfGame::Concession(winner));
        Ok(())
    }

    fn check_survivors(&self, powers: &[PowerId]) -> Result<()> {
        if self.is_over() {
            return Err(Error::game_over());
        }
        for &p in powers {
            if self.is_neutral(p) {
                return Err(Error::invalid(format!(
                    "{} is neutral: it has no player and no share in the result",
                    self.map.power(p).name
                )));
            }
            if self.position.unit_count(p) == 0 {
                return Err(Error::invalid(format!(
                    "{} has no units left: only survivors share the result",
                    self.map.power(p).name
                )));
            }
        }
        Ok(())
    }

    /// What the current phase is played under: closed provinces, powers whose orders do
    /// not count (neutral or in civil disorder).
    pub fn restrictions(&self) -> Restrictions {
        Restrictions {
            impassable: self.impassable,
            silent: self
                .map
                .power_ids()
                .filter(|&p| !self.gives_orders(p))
                .collect(),
        }
    }

    /// Why the judge would reject this order now whatever the others are (`None`: legal).
    pub fn check_order(&mut self, power: PowerId, order: Order) -> Option<Illegal> {
        let restrictions = Restrictions {
            silent: PowerSet::EMPTY,
            ..self.restrictions()
        };
        self.engine.check(
            &self.map,
            &self.rules,
            &restrictions,
            self.phase.kind,
            &self.position,
            power,
            order,
        )
    }

    /// What the judge makes of one power's orders now, as if no other power gave any: each
    /// order's outcome, in order. What depends on the sheet alone shows here (two orders for
    /// one unit, more builds than due, a second build on one site); what depends on the other
    /// powers' orders (bounces, cut supports) does not mean anything.
    pub fn judge_alone(&mut self, power: PowerId, orders: &[Order]) -> Vec<entente_judge::Outcome> {
        let restrictions = Restrictions {
            silent: PowerSet::EMPTY,
            ..self.restrictions()
        };
        let orders: Vec<(PowerId, Order)> = orders.iter().map(|&o| (power, o)).collect();
        let step = self.engine.play(
            &self.map,
            &self.rules,
            &restrictions,
            self.phase,
            &self.position,
            &orders,
        );
        step.result.orders().iter().map(|r| r.outcome).collect()
    }

    /// Adjudicates the current phase with `orders` (missing orders: hold, disband, or the
    /// civil-disorder removals) and moves on to the next phase with something to decide.
    /// Escalation: a placement not finished ends as it stands (no unit is placed for the
    /// players whose turns remain); nominations not made are made by
    /// [`Game::close_nominations`].
    pub fn process(&mut self, orders: &[(PowerId, Order)]) -> &PhaseRecord {
        if self.in_placement() {
            if let Some(e) = self.escalation.as_mut() {
                e.closed = true;
            }
        }
        self.close_nominations();
        let restrictions = self.restrictions();
        let step = self.engine.play(
            &self.map,
            &self.rules,
            &restrictions,
            self.phase,
            &self.position,
            orders,
        );
        let before = std::mem::replace(&mut self.position, step.after.clone());
        self.history.push(PhaseRecord {
            phase: step.phase,
            before,
            orders: step.orders,
            result: step.result,
            after: step.after,
        });
        let played = step.phase;
        self.advance(step.transition);
        self.escalation_after(step.transition.fall_ended, played.year);
        self.history.last().expect("just pushed")
    }

    /// The side (in `sides` order) whose powers together reach the side victory count.
    fn side_reaching(&self, by_units: bool) -> Option<Vec<PowerId>> {
        let v = self.side_victory.filter(|v| v.by_units == by_units)?;
        self.sides
            .iter()
            .find(|side| {
                let total: usize = side
                    .iter()
                    .map(|&q| {
                        if by_units {
                            self.position.unit_count(q)
                        } else {
                            self.position.centre_count(&self.map, q)
                        }
                    })
                    .sum();
                total as u32 >= v.count
            })
            .cloned()
    }

    /// Moves to the phase the engine found, and ends the game when a power (or a side)
    /// reaches its victory count, or a short game its last year.
    fn advance(&mut self, t: Transition) {
        if t.fall_ended {
            if let Some(side) = self.side_reaching(false) {
                self.end = Some(EndOfGame::Side(side));
            } else if self.side_victory.is_some() {
                // A side game: no single power wins by its own centres.
            } else if let Some(winner) = self
                .map
                .power_ids()
                .find(|&w| self.position.centre_count(&self.map, w) as u32 >= self.victory_centres)
            {
                self.end = Some(EndOfGame::Victory(winner));
            }
        }
        self.phase = t.next;
        // The 1982 count of units: once the year's adjustments are done.
        if self.end.is_none()
            && self.phase.kind == PhaseKind::Movement
            && self.phase.season == Season::Spring
        {
            if let Some(side) = self.side_reaching(true) {
                self.end = Some(EndOfGame::Side(side));
            }
        }
        // A short game ends once its last year's Fall (and adjustments) are done.
        if self.end.is_none() && self.end_year.is_some_and(|y| self.phase.year > y) {
            let mut standings: Vec<(PowerId, usize)> = self
                .map
                .power_ids()
                .map(|q| (q, self.position.unit_count(q)))
                .collect();
            standings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            // A neutral power has no player: it is ranked, it does not win.
            let best = standings
                .iter()
                .filter(|s| !self.is_neutral(s.0))
                .map(|s| s.1)
                .max()
                .unwrap_or(0);
            let winners = standings
                .iter()
                .filter(|s| s.1 == best && !self.is_neutral(s.0))
                .map(|s| s.0)
                .collect();
            self.end = Some(EndOfGame::ShortGame { standings, winners });
        }
    }
}
