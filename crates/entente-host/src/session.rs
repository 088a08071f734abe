//! A hosted game: the [`Game`] with its players, their order sheets, the options the game
//! master set, and the events the rules schedule (the First World War game's coin toss).
//! This is what the game record stores and what the game master's commands act on.

use crate::deadline::Deadline;
use crate::events::{Event, LoggedEvent};
use crate::press::Message;
use crate::sheet::{read_sheet_for, SheetLine};
use entente_game::{
    check_year, escalation_units, EndOfGame, Error, ErrorKind, Escalation, Game, PhaseRecord,
    Result, Setup, WORLD_WAR_YEAR,
};
use entente_judge::{Dislodged, Failure, Outcome, Phase, PhaseKind, Season, Unit};
use entente_judge::{Position, Rulebook};
use entente_map::{LocSet, Map, PowerId, ProvinceId, Variant};
use entente_orders::Order;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A player and the powers they play (one, or several in a smaller game).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Player {
    pub name: String,
    pub powers: Vec<PowerId>,
}

/// Settings the game master fixes at the start; stored, shown, and (where the server does
/// not exist yet) only kept.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct GameOptions {
    /// No press: the game master forwards no diplomatic messages (the club's Gunboat).
    #[serde(default)]
    pub gunboat: bool,
    /// Players do not learn who plays which power; press reaches them without its sender.
    #[serde(default)]
    pub anonymous: bool,
    /// A short game's last year.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_year: Option<i32>,
    /// Public press only: every message goes to all the powers.
    #[serde(default, skip_serializing_if = "is_false")]
    pub public_press_only: bool,
    /// No press during retreats and adjustments.
    #[serde(default, skip_serializing_if = "is_false")]
    pub press_in_movement_only: bool,
    /// The game master's time zone (IANA name, `Europe/Prague`): deadlines are shown in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// How the powers were given out.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "kebab-case")]
pub enum Assignment {
    /// Named on the command line.
    Given,
    /// By lot with this seed.
    Random { seed: u64 },
    /// Appendix 1 of the 1982 rules: each player's ranking (seat names), lots with this seed.
    Preferences {
        seed: u64,
        rankings: Vec<(String, Vec<String>)>,
    },
}

/// The First World War game's coin toss: which player the neutral power joins, and when.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CoinToss {
    pub power: PowerId,
    pub winner: usize,
}

/// What decided a phase besides its orders: who was in civil disorder or neutral, and
/// which provinces were closed.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PhaseContext {
    pub civil_disorder: Vec<PowerId>,
    pub neutral: Vec<PowerId>,
    pub impassable: LocSet,
}

/// One adjudicated phase's sheets: every line each power sent, in power order.
pub type PhaseSheets = Vec<(PowerId, SheetLine)>;

/// What the game master sees when asking who is in.
#[derive(Clone, Debug)]
pub struct Status {
    pub phase: Phase,
    /// Powers with a decision this phase that have sent a sheet.
    pub received: Vec<PowerId>,
    /// Powers with a decision this phase and no sheet yet.
    pub missing: Vec<PowerId>,
    pub civil_disorder: Vec<PowerId>,
    pub neutral: Vec<PowerId>,
    /// Movement and retreats: the units that the sheets received give no order, in power
    /// order (they hold, or are disbanded). The units of missing powers are not listed.
    pub unordered: Vec<Unit>,
    /// Retreats: every dislodged unit, with where it may retreat.
    pub dislodged: Vec<Dislodged>,
    /// Adjustments: per power with one to make, the builds (positive) or removals
    /// (negative) due.
    pub adjustments: Vec<(PowerId, i32)>,
}

/// A sheet line as the game master's echo shows it: the order understood, with a warning
/// when the judge will not carry it out (it then holds, as an unreadable line does).
#[derive(Clone, Debug)]
pub struct Echo {
    pub line: SheetLine,
    /// Why the judge will not carry the order out, in English (`why`'s text).
    pub problem: Option<String>,
    /// The same, typed, for front ends that write it in another language.
    pub why: Option<Problem>,
}

/// Why the judge will not carry out an order it understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Illegal in itself.
    Illegal(entente_judge::Illegal),
    /// Two orders for one unit (`A Par`): it holds, or in a retreat it is disbanded.
    TwoOrders { unit: String, disbanded: bool },
    /// More removals than the number due.
    TooManyRemovals(i32),
    /// More builds than the number due.
    TooManyBuilds(i32),
    /// The unit (`A Par`) is removed by an earlier order of the sheet.
    RemovedEarlier(String),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Illegal(i) => f.write_str(i.describe()),
            Problem::TwoOrders {
                unit,
                disbanded: true,
            } => write!(f, "two orders for {unit}: it is disbanded"),
            Problem::TwoOrders { unit, .. } => write!(f, "two orders for {unit}: it holds"),
            Problem::TooManyRemovals(n) => write!(f, "more removals than the {n} due"),
            Problem::TooManyBuilds(n) => write!(f, "more builds than the {n} due"),
            Problem::RemovedEarlier(u) => write!(f, "{u} is removed by an earlier order"),
        }
    }
}

pub struct Session {
    pub(crate) game: Game,
    pub(crate) variant: Variant,
    pub(crate) setup: Setup,
    pub(crate) first_year: i32,
    pub(crate) players: Vec<Player>,
    pub(crate) options: GameOptions,
    pub(crate) seed: u64,
    pub(crate) assignment: Assignment,
    pub(crate) coin_toss: Option<CoinToss>,
    /// Per history entry of the game: the sheets and the context it was decided in.
    pub(crate) sheets: Vec<PhaseSheets>,
    pub(crate) contexts: Vec<PhaseContext>,
    /// The current phase's sheets; a power's last sheet replaces its earlier ones.
    pub(crate) pending: BTreeMap<PowerId, Vec<SheetLine>>,
    /// The diplomatic messages relayed so far ([`crate::press`]).
    pub(crate) press: Vec<Message>,
    /// The game master's acts, oldest first.
    pub(crate) events: Vec<LoggedEvent>,
    /// When the current phase's orders are due.
    pub(crate) deadline: Option<Deadline>,
    /// Paused by the game master: no adjudication (unless forced), the deadline stands still.
    pub(crate) paused: bool,
    /// Stamps the events (`None`: events carry no time, as in tests and replays).
    pub(crate) clock: Option<fn() -> jiff::Timestamp>,
}

/// Everything a stored game holds besides what [`Session::new`] sets up: what a store reads
/// back ([`Session::restore`]).
pub struct SessionParts {
    /// The current phase and position, the history that led there, and the end if over.
    pub phase: Phase,
    pub position: Position,
    pub history: Vec<PhaseRecord>,
    pub end: Option<EndOfGame>,
    pub coin_toss: Option<CoinToss>,
    pub sheets: Vec<PhaseSheets>,
    pub contexts: Vec<PhaseContext>,
    pub pending: BTreeMap<PowerId, Vec<SheetLine>>,
    pub press: Vec<Message>,
    pub events: Vec<LoggedEvent>,
    pub deadline: Option<Deadline>,
    pub paused: bool,
}

impl SessionParts {
    /// A game's parts at a starting position: nothing played, sent or logged yet.
    pub fn at_start(phase: Phase, position: Position) -> SessionParts {
        SessionParts {
            phase,
            position,
            history: Vec::new(),
            end: None,
            coin_toss: None,
            sheets: Vec::new(),
            contexts: Vec::new(),
            pending: BTreeMap::new(),
            press: Vec::new(),
            events: Vec::new(),
            deadline: None,
            paused: false,
        }
    }
}

/// Salt so that the coin toss and the power assignment of one seed are independent draws.
const COIN_TOSS_SALT: u64 = 0x636f_696e_746f_7373;

/// What a game is made of, its players seated: what [`Session::new`] takes.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    pub variant: Variant,
    pub rules: Rulebook,
    pub setup: Setup,
    pub players: Vec<Player>,
    /// Spring of this year (the variant's first year when `None`).
    pub first_year: Option<i32>,
    pub options: GameOptions,
    /// Seeds every lot of the game (the First World War coin toss).
    pub seed: u64,
    pub assignment: Assignment,
}

impl SessionConfig {
    /// Seven players named after their powers, each playing their own (the Python package's
    /// games, and tests).
    pub fn named_after_powers(variant: Variant, rules: Rulebook) -> SessionConfig {
        let players = variant
            .map
            .power_ids()
            .map(|p| Player {
                name: variant.map.power(p).name.clone(),
                powers: vec![p],
            })
            .collect();
        SessionConfig {
            variant,
            rules,
            setup: Setup::Seven,
            players,
            first_year: None,
            options: GameOptions::default(),
            seed: 0,
            assignment: Assignment::Given,
        }
    }
}

impl Session {
    /// A new game at Spring of its first year.
    pub fn new(config: SessionConfig) -> Result<Session> {
        let SessionConfig {
            variant,
            rules,
            setup,
            players,
            first_year,
            options,
            seed,
            assignment,
        } = config;
        let map = variant.map.clone();
        if map.is_escalation() {
            return Session::new_escalation(SessionConfig {
                variant,
                rules,
                setup,
                players,
                first_year,
                options,
                seed,
                assignment,
            });
        }
        let seats = setup.seats(&map)?;
        if players.len() != seats.len() {
            return Err(Error::invalid(format!(
                "setup {setup} is for {} players, {} given",
                seats.len(),
                players.len()
            )));
        }
        let sorted = |v: &[PowerId]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        let mut free: Vec<Vec<PowerId>> = seats.iter().map(|s| sorted(s)).collect();
        let seated = players.iter().all(|p| {
            let mine = sorted(&p.powers);
            free.iter()
                .position(|s| *s == mine)
                .map(|i| free.remove(i))
                .is_some()
        });
        if !seated {
            return Err(Error::invalid(format!(
                "the players' powers must be exactly those of setup {setup}: {}",
                seats
                    .iter()
                    .map(|s| names(&map, s).join("/"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )));
        }
        let year = match (first_year, setup.period_year()) {
            (Some(y), Some(p)) if setup.fixes_year() && y != p => {
                return Err(Error::invalid(format!("setup {setup} starts in {p}")))
            }
            (Some(y), _) => y,
            (None, Some(p)) if setup.fixes_year() => p,
            (None, _) => map.start_year,
        };
        check_year("first year", year)?;
        if let Some(end) = options.end_year {
            check_year("end year", end)?;
            if end < year {
                return Err(Error::invalid(format!(
                    "end year {end}: the game starts in {year}"
                )));
            }
        }
        let start = Phase::new(Season::Spring, year, PhaseKind::Movement);
        let mut game = Game::from_position(map.clone(), rules, start, Position::start(&map));
        for p in setup.neutral(&map)? {
            game.set_neutral(p, true);
        }
        game.set_impassable(setup.impassable(&map)?);
        game.set_end_year(options.end_year);
        let mut s = Session {
            game,
            variant,
            setup,
            first_year: year,
            players,
            options,
            seed,
            assignment,
            coin_toss: None,
            sheets: Vec::new(),
            contexts: Vec::new(),
            pending: BTreeMap::new(),
            press: Vec::new(),
            events: Vec::new(),
            deadline: None,
            paused: false,
            clock: None,
        };
        s.update_sides();
        Ok(s)
    }

    /// An Escalation game: each player one power (its colour), the powers no player takes
    /// neutral (they never have a unit); the placement starts on the empty board, the
    /// players' turns in the order they are listed, with the rulebook's number of units for
    /// the number of players ([`escalation_units`]; [`Session::set_escalation_units`] for
    /// another agreed number).
    fn new_escalation(config: SessionConfig) -> Result<Session> {
        let map = config.variant.map.clone();
        if config.setup != Setup::Seven {
            return Err(Error::invalid(format!(
                "{} takes no rulebook setup: each player takes one power of the board",
                map.name
            )));
        }
        let mut order: Vec<PowerId> = Vec::new();
        for p in &config.players {
            match p.powers.as_slice() {
                [one] if !order.contains(one) => order.push(*one),
                [one] => {
                    return Err(Error::invalid(format!(
                        "{} is taken by two players",
                        map.power(*one).name
                    )))
                }
                _ => {
                    return Err(Error::invalid(format!(
                        "{}: in {} each player takes one power",
                        p.name, map.name
                    )))
                }
            }
        }
        let units = escalation_units(order.len()).ok_or_else(|| {
            Error::invalid(format!("{} is played by two players or more", map.name))
        })?;
        let year = config.first_year.unwrap_or(map.start_year);
        check_year("first year", year)?;
        if let Some(end) = config.options.end_year {
            check_year("end year", end)?;
            if end < year {
                return Err(Error::invalid(format!(
                    "end year {end}: the game starts in {year}"
                )));
            }
        }
        let start = Phase::new(Season::Spring, year, PhaseKind::Movement);
        let mut game = Game::from_position(map.clone(), config.rules, start, Position::empty(&map));
        for p in map.power_ids().filter(|p| !order.contains(p)) {
            game.set_neutral(p, true);
        }
        game.set_end_year(config.options.end_year);
        game.start_escalation(order, units)?;
        Ok(Session {
            game,
            variant: config.variant,
            setup: config.setup,
            first_year: year,
            players: config.players,
            options: config.options,
            seed: config.seed,
            assignment: config.assignment,
            coin_toss: None,
            sheets: Vec::new(),
            contexts: Vec::new(),
            pending: BTreeMap::new(),
            press: Vec::new(),
            events: Vec::new(),
            deadline: None,
            paused: false,
            clock: None,
        })
    }

    /// Escalation: another number of units each than the rulebook's table, agreed before the
    /// first unit is placed.
    pub fn set_escalation_units(&mut self, units_each: u32) -> Result<()> {
        let Some(e) = self.game.escalation() else {
            return Err(Error::invalid(format!(
                "{} is not played under the escalation rule",
                self.map().name
            )));
        };
        if !e.placed.is_empty() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "the number of units is agreed before the first is placed",
            ));
        }
        let order = e.order.clone();
        self.game.start_escalation(order, units_each)
    }

    /// A stored Escalation game's placements and nominations (its board is the position
    /// restored).
    pub fn restore_escalation(&mut self, e: Escalation) {
        self.game.restore_escalation(e);
    }

    /// Escalation: `power` places its next unit ("A Par", "Place F Nth").
    pub fn place(&mut self, power: PowerId, text: &str) -> Result<Unit> {
        self.check_sender(power)?;
        self.game.place_text(power, text)
    }

    /// Escalation: `power` nominates its home centres ("Home Par, Bre, Mar"). Once the last
    /// awaited nomination is in, a Winter in which nobody has an adjustment to make is
    /// adjudicated at once.
    pub fn nominate(&mut self, power: PowerId, text: &str) -> Result<Vec<ProvinceId>> {
        self.check_sender(power)?;
        let homes = self.game.nominate_text(power, text)?;
        if !self.game.nominating() && self.game.powers_to_order().is_empty() {
            self.adjudicate_logged(false)?;
        }
        Ok(homes)
    }

    /// Refuses what the placement or the nominations leave no room for.
    fn check_not_escalating(&self, what: &str) -> Result<()> {
        if self.game.in_placement() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                format!(
                    "{what}: the units are being placed ({} to place, one unit at a time: 'Place A Par')",
                    self.game
                        .to_place()
                        .map_or("nobody".to_string(), |p| self.map().power(p).name.clone())
                ),
            ));
        }
        if self.game.nominating() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                format!(
                    "{what}: home centres are nominated first ('Home Par, Bre, Mar'), awaited from {}",
                    self.game
                        .awaited_nominations()
                        .iter()
                        .map(|&p| self.map().power(p).name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// No adjudication while Escalation's units are being placed.
    pub(crate) fn check_placement_over(&self) -> Result<()> {
        if self.game.in_placement() {
            return self.check_not_escalating("nothing to adjudicate");
        }
        Ok(())
    }

    /// A stored game: the session [`Session::new`] makes of `config` (the players as they
    /// started), carried on to the stored state. Nothing is adjudicated again.
    pub fn restore(config: SessionConfig, parts: SessionParts) -> Result<Session> {
        let mut s = Session::new(config)?;
        if parts.sheets.len() != parts.history.len() || parts.contexts.len() != parts.history.len()
        {
            return Err(Error::unreadable(
                "the sheets and contexts do not match the phases",
            ));
        }
        check_year("the current phase's year", parts.phase.year)?;
        s.game.restore(parts.phase, parts.position, parts.history);
        s.game.set_end(parts.end);
        s.coin_toss = parts.coin_toss;
        s.sheets = parts.sheets;
        s.contexts = parts.contexts;
        s.pending = parts.pending;
        s.press = parts.press;
        s.events = parts.events;
        s.deadline = parts.deadline;
        s.paused = parts.paused;
        // A neutral power that joined a side by the coin toss joins it again.
        if let Some(t) = s.coin_toss {
            if !s.players[t.winner].powers.contains(&t.power)
                && s.game.phase()
                    >= Phase::new(Season::Spring, WORLD_WAR_YEAR + 1, PhaseKind::Movement)
            {
                s.join(t);
            }
        }
        Ok(s)
    }

    /// Stamps the game master's acts from now on with this clock (a front end passes
    /// `jiff::Timestamp::now`).
    pub fn set_clock(&mut self, clock: fn() -> jiff::Timestamp) {
        self.clock = Some(clock);
    }

    /// The game master's acts so far.
    pub fn events(&self) -> &[LoggedEvent] {
        &self.events
    }
    pub fn deadline(&self) -> Option<&Deadline> {
        self.deadline.as_ref()
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Appends an act to the log.
    pub(crate) fn log(&mut self, event: Event) {
        self.events.push(LoggedEvent {
            seq: self.events.len() as u64 + 1,
            phase: self.game.phase(),
            at: self.clock.map(|now| now()),
            event,
        });
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The game, the session given up (a front end that follows the game elsewhere).
    pub fn into_game(self) -> Game {
        self.game
    }
    pub fn map(&self) -> &Map {
        self.game.map()
    }
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    pub fn setup(&self) -> Setup {
        self.setup
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn options(&self) -> &GameOptions {
        &self.options
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn assignment(&self) -> &Assignment {
        &self.assignment
    }
    pub fn coin_toss(&self) -> Option<CoinToss> {
        self.coin_toss
    }
    pub fn first_year(&self) -> i32 {
        self.first_year
    }
    /// The sheets and context of each adjudicated phase, beside [`Game::history`].
    pub fn phase_sheets(&self) -> &[PhaseSheets] {
        &self.sheets
    }
    pub fn phase_contexts(&self) -> &[PhaseContext] {
        &self.contexts
    }
    pub fn pending(&self) -> &BTreeMap<PowerId, Vec<SheetLine>> {
        &self.pending
    }

    /// The player who plays `power`.
    pub fn player_of(&self, power: PowerId) -> Option<&Player> {
        self.players.iter().find(|p| p.powers.contains(&power))
    }

    /// Receives a power's sheet for the current phase; it replaces any earlier one. Each
    /// line comes back as understood, or with what is wrong with it.
    pub fn submit(&mut self, power: PowerId, text: &str) -> Result<Vec<Echo>> {
        self.check_sender(power)?;
        self.check_not_escalating("no order sheet now")?;
        let lines = read_sheet_for(self.map(), self.game.phase().kind, text);
        let echoes = self.echo(power, &lines);
        self.pending.insert(power, lines);
        Ok(echoes)
    }

    /// The sheet received from `power` for the current phase, echoed as [`Session::submit`]
    /// echoed it (`None`: no sheet yet).
    pub fn sheet_echo(&mut self, power: PowerId) -> Option<Vec<Echo>> {
        let lines = self.pending.get(&power)?.clone();
        Some(self.echo(power, &lines))
    }

    /// What is wrong with a power's sheet as a whole, said when it arrives: a power in civil
    /// disorder sends orders that will be ignored.
    pub fn sheet_warnings(&self, power: PowerId) -> Vec<String> {
        let mut out = Vec::new();
        if self.game.in_civil_disorder(power) {
            out.push(format!(
                "{} is in civil disorder: its orders are ignored until it is back in play",
                self.map().power(power).name
            ));
        }
        out
    }

    /// Each line of a sheet as understood, with why the judge will not carry it out: an
    /// order illegal in itself, or one the rest of the sheet undoes (two orders for one
    /// unit, more builds or removals than due, a second build on one site).
    fn echo(&mut self, power: PowerId, lines: &[SheetLine]) -> Vec<Echo> {
        let orders: Vec<Order> = lines.iter().filter_map(|l| l.order()).collect();
        let mut alone = self.game.judge_alone(power, &orders).into_iter();
        let mut echoes = Vec::with_capacity(lines.len());
        for l in lines {
            let why = l.order().and_then(|o| {
                let outcome = alone.next();
                self.check_alone(power, o)
                    .or_else(|| outcome.and_then(|r| self.sheet_problem(power, o, r)))
            });
            echoes.push(Echo {
                line: l.clone(),
                problem: why.as_ref().map(Problem::to_string),
                why,
            });
        }
        echoes
    }

    /// Why an order legal in itself fails because of the rest of its sheet.
    fn sheet_problem(&self, power: PowerId, order: Order, outcome: Outcome) -> Option<Problem> {
        let map = self.map();
        let pos = self.game.position();
        let kind = self.game.phase().kind;
        let unit = |loc: entente_map::Loc| {
            let p = map.province_of(loc);
            let u = match kind {
                PhaseKind::Retreat => pos.dislodged_at(p).map(|d| d.unit),
                _ => pos.unit_at(p),
            };
            match u {
                Some(u) => format!("{} {}", u.ty.letter(), map.loc_abbr(u.loc)),
                None => map.loc_abbr(loc),
            }
        };
        let due = entente_judge::adjustment_due(map, pos, power);
        match outcome {
            Outcome::Failed(Failure::ConflictingOrders) => {
                let u = unit(order.unit()?.loc);
                Some(Problem::TwoOrders {
                    unit: u,
                    disbanded: kind == PhaseKind::Retreat,
                })
            }
            Outcome::Failed(Failure::TooMany) => Some(match order {
                Order::Remove(_) | Order::Disband(_) => Problem::TooManyRemovals(-due),
                _ => Problem::TooManyBuilds(due),
            }),
            Outcome::Failed(Failure::Void(_)) if matches!(order, Order::Remove(_)) => {
                Some(Problem::RemovedEarlier(unit(order.unit()?.loc)))
            }
            Outcome::Illegal(i) => Some(Problem::Illegal(i)),
            _ => None,
        }
    }

    /// Receives a power's sheet already read (a bot's orders, or another syntax's, such as
    /// the Python package's): as [`Session::submit`], without reading or echo.
    pub fn submit_lines(&mut self, power: PowerId, lines: Vec<SheetLine>) -> Result<()> {
        self.check_sender(power)?;
        self.pending.insert(power, lines);
        Ok(())
    }

    /// Withdraws a power's sheet for the current phase: as if it had sent none.
    pub fn withdraw(&mut self, power: PowerId) {
        self.pending.remove(&power);
    }

    /// Whether `power` may send a sheet now.
    fn check_sender(&self, power: PowerId) -> Result<()> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        let name = &self.map().power(power).name;
        if self.game.is_neutral(power) {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("{name} is neutral: it gives no orders"),
            ));
        }
        if self.player_of(power).is_none() {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("no player plays {name}"),
            ));
        }
        Ok(())
    }

    /// Why the judge would not carry out this order whatever the others are, if it would not.
    fn check_alone(&mut self, power: PowerId, order: Order) -> Option<Problem> {
        self.check_order(power, order).map(Problem::Illegal)
    }

    /// Why the judge would not carry out this order of `power` whatever the others are
    /// (`None`: it would), for a front end that notes each order as it arrives (DAIDE's
    /// `THX`).
    pub fn check_order(&mut self, power: PowerId, order: Order) -> Option<entente_judge::Illegal> {
        self.game.check_order(power, order)
    }

    pub fn status(&self) -> Status {
        let concerned = self.game.powers_with_decisions();
        let awaited = self.game.powers_to_order();
        let (received, missing): (Vec<PowerId>, Vec<PowerId>) =
            awaited.iter().partition(|p| self.has_sheet(**p));
        let map = self.map();
        let pos = self.game.position();
        let kind = self.game.phase().kind;
        // The provinces each sheet received gives an order for.
        let ordered = |p: PowerId| -> Vec<entente_map::ProvinceId> {
            self.pending
                .get(&p)
                .into_iter()
                .flatten()
                .filter_map(|l| l.order()?.unit())
                .map(|u| map.province_of(u.loc))
                .collect()
        };
        let mut unordered = Vec::new();
        for &p in &received {
            let ordered = ordered(p);
            let units: Vec<Unit> = match kind {
                PhaseKind::Movement => pos.units_of(p).collect(),
                PhaseKind::Retreat => pos
                    .dislodged()
                    .map(|(_, d)| d.unit)
                    .filter(|u| u.power == p)
                    .collect(),
                PhaseKind::Adjustment => Vec::new(),
            };
            unordered.extend(
                units
                    .into_iter()
                    .filter(|u| !ordered.contains(&map.province_of(u.loc))),
            );
        }
        let dislodged = match kind {
            PhaseKind::Retreat => pos.dislodged().map(|(_, d)| d).collect(),
            _ => Vec::new(),
        };
        let adjustments = match kind {
            PhaseKind::Adjustment => concerned
                .iter()
                .map(|&p| (p, entente_judge::adjustment_due(map, pos, p)))
                .filter(|&(_, n)| n != 0)
                .collect(),
            _ => Vec::new(),
        };
        Status {
            phase: self.game.phase(),
            received,
            missing,
            unordered,
            dislodged,
            adjustments,
            civil_disorder: concerned
                .iter()
                .copied()
                .filter(|&p| self.game.in_civil_disorder(p))
                .collect(),
            neutral: concerned
                .into_iter()
                .filter(|&p| self.game.is_neutral(p))
                .collect(),
        }
    }

    /// Marks a power in civil disorder (no orders came) or back in play.
    pub fn set_civil_disorder(&mut self, power: PowerId, on: bool) -> Result<()> {
        if self.game.is_neutral(power) {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("{} is neutral", self.map().power(power).name),
            ));
        }
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        if self.game.in_civil_disorder(power) != on {
            self.game.set_civil_disorder(power, on);
            let power = self.map().power(power).name.clone();
            self.log(Event::CivilDisorder { power, on });
        }
        Ok(())
    }

    /// Ends the game in a draw shared by every power that still has units.
    pub fn declare_draw(&mut self) -> Result<()> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        self.game.declare_draw();
        self.log_end();
        Ok(())
    }

    /// Ends the game in a draw shared by some of the survivors (two or more); the others
    /// have no share in the result.
    pub fn declare_draw_among(&mut self, powers: &[PowerId]) -> Result<()> {
        self.game.declare_draw_among(powers)?;
        self.log_end();
        Ok(())
    }

    /// Ends the game: every other power concedes it to `winner`, a survivor.
    pub fn concede(&mut self, winner: PowerId) -> Result<()> {
        self.game.concede(winner)?;
        self.log_end();
        Ok(())
    }

    /// Logs the end the game master declared.
    fn log_end(&mut self) {
        let event = match self.game.end() {
            Some(EndOfGame::Draw(ps)) => Event::Draw {
                powers: names(self.map(), ps),
            },
            Some(EndOfGame::Concession(p)) => Event::Conceded {
                to: self.map().power(*p).name.clone(),
            },
            _ => return,
        };
        self.log(event);
    }

    /// Adjudicates the current phase with the sheets received, then every following phase
    /// in which no player has anything to decide (retreats of neutral units, removals of
    /// powers in civil disorder). Returns how many phases were adjudicated.
    pub fn adjudicate(&mut self) -> Result<usize> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        self.check_placement_over()?;
        let forced = self.anyone_missing();
        self.adjudicate_logged(forced)
    }

    /// Whether a power that gives orders this phase sent no sheet: [`Session::status`]'s
    /// `missing` is not empty (asked at every adjudication, so without the rest of it).
    pub fn anyone_missing(&self) -> bool {
        self.game
            .powers_to_order()
            .into_iter()
            .any(|p| !self.has_sheet(p))
    }

    /// Whether `power` sent a sheet this phase.
    fn has_sheet(&self, power: PowerId) -> bool {
        self.pending.contains_key(&power)
    }

    pub(crate) fn adjudicate_logged(&mut self, forced: bool) -> Result<usize> {
        self.log(Event::Adjudicated { forced });
        // The deadline was this phase's.
        self.deadline = None;
        let pending = std::mem::take(&mut self.pending);
        let mut sheets: PhaseSheets = Vec::with_capacity(pending.values().map(Vec::len).sum());
        for (p, lines) in pending {
            sheets.extend(lines.into_iter().map(|l| (p, l)));
        }
        self.process(sheets);
        let mut n = 1;
        while !self.game.is_over()
            && self.game.phase().kind != PhaseKind::Movement
            && self.game.powers_to_order().is_empty()
        {
            self.process(Vec::new());
            n += 1;
        }
        Ok(n)
    }

    /// One phase: the orders of `sheets` go to the game, the sheets and context are kept.
    /// (What importing another program's record does, phase by phase.)
    pub fn process(&mut self, sheets: PhaseSheets) -> &PhaseRecord {
        let mut orders: Vec<(PowerId, Order)> = Vec::with_capacity(sheets.len());
        orders.extend(
            sheets
                .iter()
                .filter_map(|(p, l)| l.order().map(|o| (*p, o))),
        );
        self.contexts.push(self.context());
        self.sheets.push(sheets);
        self.game.process(&orders);
        self.apply_schedule();
        self.game.history().last().expect("just processed")
    }

    /// Who is in civil disorder or neutral now, and which provinces are closed.
    pub fn context(&self) -> PhaseContext {
        let g = &self.game;
        PhaseContext {
            civil_disorder: g
                .map()
                .power_ids()
                .filter(|&p| g.in_civil_disorder(p))
                .collect(),
            neutral: g.map().power_ids().filter(|&p| g.is_neutral(p)).collect(),
            impassable: *g.impassable(),
        }
    }

    /// The First World War game: before the Fall adjustments of its first year a coin toss
    /// picks the side the neutral power joins; it joins in the next Spring.
    fn apply_schedule(&mut self) {
        let Ok(Some(power)) = self.setup.coin_toss_power(self.map()) else {
            return;
        };
        let phase = self.game.phase();
        if self.coin_toss.is_none()
            && phase >= Phase::new(Season::Winter, WORLD_WAR_YEAR, PhaseKind::Adjustment)
        {
            let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ COIN_TOSS_SALT);
            let winner = rng.random_range(0..self.players.len());
            self.coin_toss = Some(CoinToss { power, winner });
        }
        if let Some(toss) = self.coin_toss {
            let joined = self.players[toss.winner].powers.contains(&toss.power);
            if !joined
                && phase >= Phase::new(Season::Spring, WORLD_WAR_YEAR + 1, PhaseKind::Movement)
            {
                self.join(toss);
            }
        }
    }

    fn join(&mut self, toss: CoinToss) {
        self.players[toss.winner].powers.push(toss.power);
        self.game.set_neutral(toss.power, false);
        self.game.set_impassable(LocSet::EMPTY);
        self.update_sides();
    }

    fn update_sides(&mut self) {
        let victory = self.setup.side_victory(self.game.rules().edition);
        if victory.is_some() {
            let sides = self.players.iter().map(|p| p.powers.clone()).collect();
            self.game.set_sides(sides, victory);
        }
    }

    /// The end of the game in words, with the players' names.
    pub fn end_text(&self) -> Option<String> {
        let map = self.map();
        let list = |ps: &[PowerId]| names(map, ps).join(", ");
        Some(match self.game.end()? {
            EndOfGame::Victory(p) => format!("Victory of {}", list(&[*p])),
            EndOfGame::Side(ps) => format!("Victory of the side {}", list(ps)),
            EndOfGame::Draw(ps) => format!("Draw shared by {}", list(ps)),
            EndOfGame::Concession(p) => format!("Conceded to {}", list(&[*p])),
            EndOfGame::ShortGame { standings, winners } => format!(
                "Short game over; most units: {} ({})",
                list(winners),
                standings
                    .iter()
                    .map(|(p, n)| format!("{} {n}", map.power(*p).name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
    }
}

pub(crate) fn names(map: &Map, ps: &[PowerId]) -> Vec<String> {
    ps.iter().map(|&p| map.power(p).name.clone()).collect()
}

/// Each sheet line with its result: lines of powers whose orders did not count (neutral, in
/// civil disorder) are `None`; unreadable lines too.
pub fn line_results<'a>(
    sheets: &'a PhaseSheets,
    context: &PhaseContext,
    results: &'a [entente_judge::OrderResult],
) -> Vec<(
    PowerId,
    &'a SheetLine,
    Option<&'a entente_judge::OrderResult>,
)> {
    let mut next = results.iter();
    sheets
        .iter()
        .map(|(p, l)| {
            let counted = l.order().is_some()
                && !context.civil_disorder.contains(p)
                && !context.neutral.contains(p);
            (*p, l, if counted { next.next() } else { None })
        })
        .collect()
}
