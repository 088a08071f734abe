//! A game played by DAIDE clients: the seats, the orders each power has submitted (with the
//! note each got), who waits and who is ready, press, and what the protocol says of it all.
//! Pure logic: messages in, messages out ([`Out`]), time passed in; the TCP server drives it.
//!
//! A game of bots in memory ([`Table::new`]) is played on the game master's
//! [`entente_host::Session`], as the database's games are: the sheets, the draw vote
//! ([`Session::cast_vote`]), the deadline and whether the phase is due
//! ([`Session::when_due_everyone`]), missed orders (the units hold) and the adjudication
//! ([`Session::adjudicate_table`]) are the Session's. The table says what each bot's
//! messages mean there: a seat's readiness (`GOF`, `NOT (GOF)`, its orders complete), its
//! sheet, its vote. A game of the database ([`Table::hosted`]) is played by the game
//! master's service; the table follows it and asks for the rest ([`Effect`]).

use crate::board::Board;
use crate::msg::{self, Node};
use entente_game::{EndOfGame, Game, PhaseKind, PhaseRecord};
use entente_host::{
    holder_of, Deadline, DrawRule, Due, EndVote, MemberId, MissedRule, Schedule, SeatHolder,
    Session, SessionConfig, SheetLine, TableRules, Timestamp,
};
use entente_judge::{Failure, Illegal, Outcome, Position, Rulebook};
use entente_map::{PowerId, UnitType, Variant};
use entente_orders::Order;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A connection's id, given by the server.
pub type ConnId = u64;

/// The longest name or version a bot may give in `NME`, in octets (issue 31): a longer one
/// is refused (`REJ`). Names are kept for the game's summary and, in the database's games,
/// in the bot's account.
pub const MAX_NAME_OCTETS: usize = 64;

/// The most phases played at once, one after the other, when nobody has anything to decide
/// in them (a bound on one message's work; the rest wait for a deadline or the next message).
const MAX_PHASES_AT_ONCE: usize = 400;

/// What the table asks the server to do for a connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    Msg(Vec<Node>),
    /// Send the final message and close the connection.
    Close,
}

/// What a hosted table (a game of the game master's database, [`Table::hosted`]) asks its
/// host to do for the bots at it; the host does it through the game master's service, as a
/// player's web page or mail would.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// The power's orders this phase, the whole sheet (one order a line, entente's
    /// notation), in place of its earlier one.
    Orders { power: PowerId, sheet: String },
    /// The power's bot is ready for the phase to end, or no longer.
    Ready { power: PowerId, ready: bool },
    /// The power's bot asks for a draw, or withdraws it.
    Draw { power: PowerId, yes: bool },
}

/// How a table's game is set up.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// Seats open to bots; the game starts when they are all taken.
    pub bots: usize,
    /// Powers kept for human players (DAIDE names, `AUS`): never given to a bot. Until a
    /// player takes one, it is in civil disorder.
    pub humans: Vec<String>,
    /// Deadlines in seconds (0: none) for movement, retreat and adjustment phases.
    pub move_secs: u32,
    pub retreat_secs: u32,
    pub build_secs: u32,
    /// The press level bots may use (0: none; 10 and up: peace and alliances...).
    pub press_level: u32,
    /// The last year played (a short game), if any.
    pub end_year: Option<i32>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            bots: 7,
            humans: Vec::new(),
            move_secs: 300,
            retreat_secs: 300,
            build_secs: 300,
            press_level: 0,
            end_year: None,
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Client {
    name: Option<(String, String)>,
    power: Option<PowerId>,
    observer: bool,
}

#[derive(Clone, Debug)]
struct Seat {
    conn: Option<ConnId>,
    name: String,
    version: String,
    passcode: i32,
    /// NOT (GOF): wait for the deadline.
    wait: bool,
    /// GOF sent this phase.
    go: bool,
    /// The bot steers with GOF / NOT (GOF): it waits each phase until it sends GOF.
    explicit: bool,
}

#[derive(Clone, Debug)]
struct Submitted {
    order: Order,
    nodes: Vec<Node>,
}

/// A record of a processed phase for HST: the orders as sent and their results.
#[derive(Clone, Debug)]
struct Past {
    ords: Vec<Vec<Node>>,
    sco: Vec<Node>,
    now: Vec<Node>,
}

/// The game at a table: played here, or followed.
enum Play {
    /// Bots in memory: the game is played on the game master's session, the table's seats
    /// its holders.
    Here(Box<Here>),
    /// A game of the database: the game as the host last read it.
    Followed(Box<Game>),
}

/// A game of bots in memory, as the game master's [`Session`] has it.
struct Here {
    session: Session,
    /// One holder for each seated bot's power and each power kept for a player (these
    /// vote), then one for the powers nobody was to play: ready whenever a bot plays, no
    /// vote (nobody was to play them: they have no say in a draw).
    holders: Vec<SeatHolder>,
    /// The holders who vote: `holders[..voters]`.
    voters: usize,
    rules: TableRules,
    clock: Clock,
}

/// The server's instants as the session's timestamps, both counted from the table's making
/// (the server and its tests pass instants in; the session keeps timestamps).
#[derive(Clone, Copy)]
struct Clock {
    instant: Instant,
    at: Timestamp,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            instant: Instant::now(),
            at: Timestamp::now(),
        }
    }

    fn at(&self, i: Instant) -> Timestamp {
        match i.checked_duration_since(self.instant) {
            Some(d) => self.at.checked_add(d).unwrap_or(Timestamp::MAX),
            None => self
                .at
                .checked_sub(self.instant.duration_since(i))
                .unwrap_or(Timestamp::MIN),
        }
    }

    fn instant(&self, t: Timestamp) -> Instant {
        let ns = t.as_nanosecond() - self.at.as_nanosecond();
        let d = Duration::from_nanos(ns.unsigned_abs().min(u64::MAX as u128) as u64);
        let i = if ns >= 0 {
            self.instant.checked_add(d)
        } else {
            self.instant.checked_sub(d)
        };
        i.unwrap_or(self.instant)
    }
}

/// The member number of the holder of a power at a table in memory.
fn member_of(p: PowerId) -> MemberId {
    MemberId(p.index() as i64 + 1)
}

/// Why a game of bots cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The game's options (its last year) are refused.
    #[error("{0}")]
    Game(#[from] entente_host::Error),
    #[error("DAIDE cannot describe Escalation's placement nor its nominations of home centres, so bots cannot play it (docs/daide.md)")]
    Escalation,
}

pub struct Table {
    board: Arc<Board>,
    play: Play,
    config: TableConfig,
    clients: HashMap<ConnId, Client>,
    seats: BTreeMap<PowerId, Seat>,
    started: bool,
    over: bool,
    orders: BTreeMap<PowerId, Vec<Submitted>>,
    /// Hosted: the powers whose bots asked for a draw (the vote is the database's).
    draw_asked: BTreeSet<PowerId>,
    /// Hosted: the deadline as the host has it.
    deadline: Option<Instant>,
    history: Vec<(entente_game::Phase, Past)>,
    eliminated: BTreeMap<PowerId, i32>,
    out: Vec<(ConnId, Out)>,
    seed: u64,
    /// TME alarms asked for: (connection, seconds before the deadline).
    alarms: BTreeSet<(ConnId, i32)>,
    /// Alarms already sent this phase.
    rung: BTreeSet<(ConnId, i32)>,
    /// A game of the database: it is played (seats given, phases adjudicated) by the game
    /// master's service; the table speaks DAIDE for the bots at it and asks for the rest
    /// ([`Effect`]).
    hosted: bool,
    effects: Vec<Effect>,
    /// Readiness last asked for, per power (hosted).
    ready_told: BTreeMap<PowerId, bool>,
    /// Connections that accepted the map (`YES (MAP …)`), waiting for their power (hosted).
    map_taken: BTreeSet<ConnId>,
    /// Hosted: people play some of the game's powers (they decide when its phases end).
    people: bool,
}

fn reply(word: &str, msg: &[Node]) -> Vec<Node> {
    vec![Node::tok(word), Node::List(msg.to_vec())]
}

impl Table {
    /// A game of bots in memory, played on a [`Session`] of the board's map (each power its
    /// own player). Refused: a last year the game cannot have, and Escalation.
    pub fn new(board: Arc<Board>, config: TableConfig, seed: u64) -> Result<Table, TableError> {
        let map = board.map_arc().clone();
        if map.is_escalation() {
            return Err(TableError::Escalation);
        }
        let variant = Variant {
            name: map.name.clone(),
            map,
            text: Arc::from(""),
            builtin: false,
        };
        let mut game = SessionConfig::named_after_powers(variant, Rulebook::default());
        game.options.end_year = config.end_year;
        let session = Session::new(game)?;
        let here = Here {
            session,
            holders: Vec::new(),
            voters: 0,
            rules: TableRules {
                end_when_ready: true,
                missed_orders: MissedRule::Hold,
                draws: DrawRule::AllSurvivors,
                schedule: Schedule::Manual,
            },
            clock: Clock::start(),
        };
        Ok(Table::with(board, Play::Here(Box::new(here)), config, seed))
    }

    fn with(board: Arc<Board>, play: Play, config: TableConfig, seed: u64) -> Table {
        Table {
            board,
            play,
            config,
            clients: HashMap::new(),
            seats: BTreeMap::new(),
            started: false,
            over: false,
            orders: BTreeMap::new(),
            draw_asked: BTreeSet::new(),
            deadline: None,
            history: Vec::new(),
            eliminated: BTreeMap::new(),
            out: Vec::new(),
            seed,
            alarms: BTreeSet::new(),
            rung: BTreeSet::new(),
            hosted: false,
            effects: Vec::new(),
            ready_told: BTreeMap::new(),
            map_taken: BTreeSet::new(),
            people: false,
        }
    }

    /// A table for a game of the database that has not started yet: bots sit at it as the
    /// host seats them ([`Table::seat`]) and it follows the game ([`Table::sync`]).
    /// `config` gives the press level and the time limits announced in HLO.
    pub fn hosted(board: Arc<Board>, config: TableConfig, seed: u64) -> Table {
        let game = Game::new(board.map_arc().clone(), Rulebook::default());
        let mut t = Table::with(board, Play::Followed(Box::new(game)), config, seed);
        t.hosted = true;
        t
    }

    pub fn is_hosted(&self) -> bool {
        self.hosted
    }

    /// The deadline as the host has it now (the game master may move it).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        if self.hosted && self.started {
            self.deadline = deadline;
        }
    }

    /// Hosted: whether people play some of the game's powers. Then a bot that left is told
    /// ready whether or not another bot plays: the people's readiness paces the game.
    pub fn set_people(&mut self, people: bool) {
        self.people = people;
    }

    /// The connection of the bot playing `power`, if it is connected.
    pub fn conn_of(&self, power: PowerId) -> Option<ConnId> {
        self.seats.get(&power).and_then(|s| s.conn)
    }

    /// The power a connection plays.
    pub fn power_of_conn(&self, conn: ConnId) -> Option<PowerId> {
        self.clients.get(&conn).and_then(|c| c.power)
    }

    /// What the host is asked to do, in order.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The connection plays `power` (hosted: the game master gave it by lot). HLO follows
    /// once the game has started and the bot accepted the map.
    pub fn seat(&mut self, conn: ConnId, power: PowerId) {
        if self.seats.get(&power).is_some_and(|s| s.conn.is_some()) {
            return;
        }
        let (name, version) = self
            .clients
            .get(&conn)
            .and_then(|c| c.name.clone())
            .unwrap_or_default();
        self.sit(conn, power, name, version);
        self.greet(conn);
    }

    /// Hosted: a bot the game master gave `power` to that left before the table seated it
    /// (it sent `NME` and went away, and the game started before it could give its seat
    /// back). Its power is in civil disorder like that of a bot that left: it holds nothing
    /// up while another bot plays. It cannot come back: it never had its passcode.
    pub fn seat_away(&mut self, power: PowerId, name: String) {
        if self.seats.contains_key(&power) {
            return;
        }
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.seats.insert(
            power,
            Seat {
                conn: None,
                name,
                version: String::new(),
                passcode: 1 + ((self.seed >> 33) % 8191) as i32,
                wait: false,
                go: false,
                explicit: false,
            },
        );
        self.tell_ready();
    }

    /// Seats the connection's bot at `power` with a new passcode.
    fn sit(&mut self, conn: ConnId, power: PowerId, name: String, version: String) {
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let passcode = 1 + ((self.seed >> 33) % 8191) as i32;
        self.seats.insert(
            power,
            Seat {
                conn: Some(conn),
                name,
                version,
                passcode,
                wait: false,
                go: false,
                explicit: false,
            },
        );
        self.clients.entry(conn).or_default().power = Some(power);
    }

    /// HLO, SCO and NOW to a seated bot that accepted the map, once the game is on.
    fn greet(&mut self, conn: ConnId) {
        let Some(p) = self.clients.get(&conn).and_then(|c| c.power) else {
            return;
        };
        if self.started && !self.over && self.map_taken.remove(&conn) {
            let m = self.hlo(p);
            self.send(conn, m);
            let sco = self.board.sco(self.game().position());
            let now_msg = self.board.now(self.game());
            self.send(conn, sco);
            self.send(conn, now_msg);
        }
    }

    /// The game as the database has it now, and its deadline. The first call starts the
    /// table; later ones report the phases played since (ORD to everyone, then SCO, NOW and
    /// TME, or the end).
    pub fn sync(&mut self, game: Game, deadline: Option<Instant>) {
        if !self.hosted || self.over {
            return;
        }
        if !self.started {
            self.play = Play::Followed(Box::new(game));
            self.started = true;
            self.deadline = deadline;
            for conn in self.map_taken.clone() {
                self.greet(conn);
            }
            if self.game().is_over() {
                return self.finish();
            }
            self.ready_told = self.seats.keys().map(|&p| (p, false)).collect();
            return self.announce_phase();
        }
        self.deadline = deadline;
        let known = self.game().history().len();
        // Nothing new; or an older state than the one followed (a slower read, or the game
        // master's rollback, which bots are not taken back through).
        if game.history().len() < known
            || (game.history().len() == known && game.is_over() == self.game().is_over())
        {
            return;
        }
        let records: Vec<PhaseRecord> = game.history()[known..].to_vec();
        for (i, rec) in records.iter().enumerate() {
            let ords = self.ords_of(rec);
            for m in &ords {
                self.broadcast(m.clone());
            }
            let next = records
                .get(i + 1)
                .map(|r| r.phase)
                .unwrap_or_else(|| game.phase());
            let past = Past {
                ords,
                sco: self.board.sco(&rec.after),
                now: self.board.now_at(next, &rec.after),
            };
            self.history.push((rec.phase, past));
        }
        self.play = Play::Followed(Box::new(game));
        self.orders.clear();
        // A new phase: nobody is ready in the database either.
        self.ready_told = self.seats.keys().map(|&p| (p, false)).collect();
        for s in self.seats.values_mut() {
            s.go = false;
            s.wait = s.explicit;
        }
        let (year, pos) = (self.game().phase().year, self.game().position().clone());
        self.note_eliminations(year, &pos);
        if self.game().is_over() {
            self.finish();
        } else {
            self.announce_phase();
        }
    }

    /// SCO, NOW and TME to everyone at the start of a phase (hosted), then what each bot
    /// is ready for.
    fn announce_phase(&mut self) {
        self.rung.clear();
        let sco = self.board.sco(self.game().position());
        let now_msg = self.board.now(self.game());
        self.broadcast(sco);
        self.broadcast(now_msg);
        let secs = self.phase_secs();
        if secs > 0 {
            self.broadcast(msg::tme(secs as i32));
        }
        self.tell_ready();
    }

    /// Whether each seated bot's power is ready for the phase to end, and whether anyone
    /// plays (people, or a bot still in the game that is connected). A bot that left (or
    /// was cut off) holds nothing up: its power is in civil disorder until it comes back
    /// with IAM. Nor does it make a game nobody plays run on by itself, phase after phase at
    /// once (issue 31): in a game of bots only, while no bot still in the game is
    /// connected, the bots that left are not ready, and the game waits for its deadline (or
    /// for a bot's IAM).
    fn readiness(&self) -> (Vec<(PowerId, bool)>, bool) {
        let waiting = self.waiting_for();
        let someone = self.people || self.someone_plays();
        let ready = self
            .seats
            .iter()
            .map(|(&p, s)| (p, !waiting.contains(&p) && (s.conn.is_some() || someone)))
            .collect();
        (ready, someone)
    }

    /// Hosted: asks the host to mark each bot's power ready or not, when that changed.
    fn tell_ready(&mut self) {
        if !self.started || self.over {
            return;
        }
        for (p, ready) in self.readiness().0 {
            if self.ready_told.get(&p) != Some(&ready) {
                self.ready_told.insert(p, ready);
                self.effects.push(Effect::Ready { power: p, ready });
            }
        }
    }

    /// The power's orders as its sheet: the session's (in memory), or the host's.
    fn tell_orders(&mut self, power: PowerId) {
        if let Play::Here(here) = &mut self.play {
            let map = self.board.map();
            let sent = match self.orders.get(&power) {
                None => {
                    here.session.withdraw(power);
                    Ok(())
                }
                Some(l) => {
                    let lines = l
                        .iter()
                        .map(|s| SheetLine::of_order(map, s.order))
                        .collect();
                    here.session.submit_lines(power, lines)
                }
            };
            if let Err(e) = sent {
                tracing::warn!("DAIDE: the session refused a bot's sheet: {e}");
            }
            return;
        }
        let map = self.board.map();
        let sheet: Vec<String> = self
            .orders
            .get(&power)
            .map(|l| {
                l.iter()
                    .map(|s| entente_orders::format_order(map, &s.order))
                    .collect()
            })
            .unwrap_or_default();
        self.effects.push(Effect::Orders {
            power,
            sheet: sheet.join("\n"),
        });
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn game(&self) -> &Game {
        match &self.play {
            Play::Here(here) => here.session.game(),
            Play::Followed(game) => game,
        }
    }
    pub fn is_started(&self) -> bool {
        self.started
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The current phase's deadline.
    pub fn deadline(&self) -> Option<Instant> {
        match &self.play {
            Play::Here(_) if self.over => None,
            Play::Here(here) => here.session.deadline().map(|d| here.clock.instant(d.at)),
            Play::Followed(_) => self.deadline,
        }
    }
    /// Whether another bot may still sit down.
    pub fn has_free_seat(&self) -> bool {
        !self.started && !self.over && self.seats.len() < self.bot_seats()
    }
    /// Whether a client of this connection is at the table.
    pub fn has_client(&self, conn: ConnId) -> bool {
        self.clients.contains_key(&conn)
    }
    /// The messages to send, in order.
    pub fn take_out(&mut self) -> Vec<(ConnId, Out)> {
        std::mem::take(&mut self.out)
    }

    fn bot_powers(&self) -> Vec<PowerId> {
        let mut v: Vec<PowerId> = self
            .board
            .map()
            .power_ids()
            .filter(|&p| {
                !self
                    .config
                    .humans
                    .iter()
                    .any(|h| h.eq_ignore_ascii_case(self.board.power_name(p)))
            })
            .collect();
        v.sort_by_key(|&p| self.board.power_name(p).to_string());
        v
    }
    fn bot_seats(&self) -> usize {
        self.config.bots.min(self.bot_powers().len())
    }

    fn send(&mut self, conn: ConnId, msg: Vec<Node>) {
        self.out.push((conn, Out::Msg(msg)));
    }
    /// Every connection at the table: seated players and observers.
    fn everyone(&self) -> Vec<ConnId> {
        let mut v: Vec<ConnId> = self
            .clients
            .iter()
            .filter(|(_, c)| c.power.is_some() || c.observer)
            .map(|(&id, _)| id)
            .collect();
        v.sort();
        v
    }
    fn broadcast(&mut self, msg: Vec<Node>) {
        for c in self.everyone() {
            self.send(c, msg.clone());
        }
    }

    fn phase_secs(&self) -> u32 {
        self.secs_of(self.game().phase().kind)
    }

    fn secs_of(&self, kind: PhaseKind) -> u32 {
        match kind {
            PhaseKind::Movement => self.config.move_secs,
            PhaseKind::Retreat => self.config.retreat_secs,
            PhaseKind::Adjustment => self.config.build_secs,
        }
    }

    fn hlo(&self, power: PowerId) -> Vec<Node> {
        let seat = &self.seats[&power];
        let mut vars = vec![Node::List(vec![
            Node::tok("LVL"),
            Node::Int(self.config.press_level as i32),
        ])];
        for (t, s) in [
            ("MTL", self.config.move_secs),
            ("RTL", self.config.retreat_secs),
            ("BTL", self.config.build_secs),
        ] {
            if s > 0 {
                vars.push(Node::List(vec![Node::tok(t), Node::Int(s as i32)]));
            }
        }
        vec![
            Node::tok("HLO"),
            Node::List(vec![self.board.power(power)]),
            Node::List(vec![Node::Int(seat.passcode)]),
            Node::List(vars),
        ]
    }

    /// A connection closed: its seat (if any) is free for IAM, the power in civil disorder.
    /// Before the game has started, the seat is given back for the next bot (issue 31: bots
    /// that took a seat and left would otherwise make up a game nobody plays).
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) {
        self.alarms.retain(|(c, _)| *c != conn);
        self.map_taken.remove(&conn);
        if let Some(c) = self.clients.remove(&conn) {
            if let Some(p) = c.power {
                if !self.started {
                    self.seats.remove(&p);
                } else if let Some(s) = self.seats.get_mut(&p) {
                    s.conn = None;
                }
                if self.started && !self.over {
                    self.maybe_process(now);
                }
            }
        }
    }

    /// Time passed: process the phase if its deadline is due.
    pub fn tick(&mut self, now: Instant) {
        if !self.started || self.over {
            return;
        }
        if let Some(d) = self.deadline() {
            if now >= d && !self.hosted {
                // The session finds the phase due: its deadline passed.
                return self.maybe_process(now);
            }
            // Alarms due: once a phase each.
            let left = d.saturating_duration_since(now).as_secs_f64();
            let due: Vec<(ConnId, i32)> = self
                .alarms
                .iter()
                .copied()
                .filter(|a| left <= a.1 as f64 && !self.rung.contains(a))
                .collect();
            for (c, secs) in due {
                self.rung.insert((c, secs));
                self.send(c, msg::tme(left.ceil() as i32));
            }
        }
    }

    /// A message from a connection.
    pub fn handle(&mut self, conn: ConnId, msg: Vec<Node>, now: Instant) {
        let Some(Node::Tok(_)) = msg.first() else {
            return self.huh(conn, &msg);
        };
        let head = &msg[0];
        let args = &msg[1..];
        let client = self.clients.entry(conn).or_default().clone();
        if head.is("NME") {
            let (Some(name), Some(version)) = (
                args.first().and_then(Node::inner).and_then(|n| n.as_text()),
                args.get(1).and_then(Node::inner).and_then(|n| n.as_text()),
            ) else {
                return self.huh(conn, &msg);
            };
            if client.name.is_some()
                || client.observer
                || (!self.hosted && !self.has_free_seat())
                || name.len() > MAX_NAME_OCTETS
                || version.len() > MAX_NAME_OCTETS
            {
                return self.send(conn, reply("REJ", &msg));
            }
            self.clients.get_mut(&conn).expect("entered").name =
                Some((name.to_string(), version.to_string()));
            self.send(conn, reply("YES", &msg));
            let m = self.board.map_msg();
            self.send(conn, m);
        } else if head.is("OBS") {
            if client.name.is_some() || client.observer {
                return self.send(conn, reply("REJ", &msg));
            }
            self.clients.get_mut(&conn).expect("entered").observer = true;
            self.send(conn, reply("YES", &msg));
            let m = self.board.map_msg();
            self.send(conn, m);
            if self.started {
                let sco = self.board.sco(self.game().position());
                let now_msg = self.board.now(self.game());
                self.send(conn, sco);
                self.send(conn, now_msg);
            }
        } else if head.is("IAM") {
            let power = args
                .first()
                .and_then(Node::inner)
                .and_then(|n| self.board.power_of(n));
            let code = args.get(1).and_then(Node::inner).and_then(|n| n.as_int());
            match (power, code) {
                (Some(p), Some(code))
                    if self.seats.get(&p).is_some_and(|s| s.passcode == code)
                        && client.power.is_none() =>
                {
                    if let Some(old) = self.seats[&p].conn {
                        self.clients.remove(&old);
                        self.out.push((old, Out::Close));
                    }
                    self.seats.get_mut(&p).expect("seat").conn = Some(conn);
                    let c = self.clients.get_mut(&conn).expect("entered");
                    c.power = Some(p);
                    self.send(conn, reply("YES", &msg));
                }
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("MAP") && args.is_empty() {
            let m = self.board.map_msg();
            self.send(conn, m);
        } else if head.is("MDF") && args.is_empty() {
            let m = self.board.mdf();
            self.send(conn, m);
        } else if head.is("YES") {
            if args
                .first()
                .and_then(Node::inner)
                .is_some_and(|n| n.is("MAP"))
            {
                if self.hosted {
                    if client.name.is_some() {
                        self.map_taken.insert(conn);
                        self.greet(conn);
                    }
                } else {
                    self.take_seat(conn, now);
                }
            }
        } else if head.is("REJ") {
            if args
                .first()
                .and_then(Node::inner)
                .is_some_and(|n| n.is("MAP"))
            {
                self.clients.remove(&conn);
                self.send(conn, vec![Node::tok("OFF")]);
                self.out.push((conn, Out::Close));
            }
        } else if head.is("HLO") {
            match client.power {
                Some(p) if self.started => {
                    let m = self.hlo(p);
                    self.send(conn, m);
                }
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("SCO") || head.is("NOW") {
            if !self.started {
                return self.send(conn, reply("REJ", &msg));
            }
            let m = if head.is("SCO") {
                self.board.sco(self.game().position())
            } else {
                self.board.now(self.game())
            };
            self.send(conn, m);
        } else if head.is("HST") {
            let phase = args.first().and_then(crate::Board::phase_of);
            match phase
                .and_then(|ph| self.history.iter().find(|(p, _)| *p == ph))
                .map(|(_, past)| past.clone())
            {
                Some(past) => {
                    for o in past.ords {
                        self.send(conn, o);
                    }
                    self.send(conn, past.sco);
                    self.send(conn, past.now);
                }
                None => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("SUB") {
            self.submit(conn, &client, &msg, now);
        } else if head.is("MIS") && args.is_empty() {
            match self.playing(&client) {
                Some(p) => {
                    let m = self.missing(p);
                    self.send(conn, m);
                }
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("GOF") && args.is_empty() {
            match self.playing(&client) {
                Some(p) => {
                    let s = self.seats.get_mut(&p).expect("seat");
                    s.wait = false;
                    s.go = true;
                    s.explicit = true;
                    self.send(conn, reply("YES", &msg));
                    self.maybe_process(now);
                }
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("NOT") {
            self.not(conn, &client, &msg);
        } else if head.is("DRW") && args.is_empty() {
            match self.playing(&client) {
                Some(p) if self.hosted => {
                    self.draw_asked.insert(p);
                    self.send(conn, reply("YES", &msg));
                    self.effects.push(Effect::Draw {
                        power: p,
                        yes: true,
                    });
                }
                Some(p) => self.vote(conn, &msg, p, Some(EndVote::Draw)),
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("TME") {
            // TME: the seconds left; TME (seconds): an alarm, sent when that many are left.
            let alarm = args.first().and_then(Node::inner).and_then(Node::as_int);
            match (args.is_empty(), self.deadline(), alarm) {
                (true, Some(d), _) => {
                    let secs = d.saturating_duration_since(now).as_secs() as i32;
                    self.send(conn, msg::tme(secs));
                }
                (false, _, Some(secs)) if secs > 0 => {
                    self.alarms.insert((conn, secs));
                    self.send(conn, reply("YES", &msg))
                }
                _ => self.send(conn, reply("REJ", &msg)),
            }
        } else if head.is("SND") {
            self.press(conn, &client, &msg);
        } else if head.is("ADM") {
            if args.len() == 2 {
                for c in self.clients.keys().copied().collect::<Vec<_>>() {
                    if c != conn {
                        self.send(c, msg.clone());
                    }
                }
            } else {
                self.huh(conn, &msg);
            }
        } else if head.is("HUH") || head.is("PRN") || head.is("THX") || head.is("YES") {
            // A client's remark on something the server sent: nothing to answer.
        } else {
            self.huh(conn, &msg);
        }
    }

    /// The power a client plays, while the game is on.
    fn playing(&self, client: &Client) -> Option<PowerId> {
        client.power.filter(|_| self.started && !self.over)
    }

    fn huh(&mut self, conn: ConnId, m: &[Node]) {
        self.send(conn, msg::huh(m));
    }

    fn take_seat(&mut self, conn: ConnId, now: Instant) {
        let client = self.clients.get(&conn).cloned().unwrap_or_default();
        let Some((name, version)) = client.name.clone() else {
            return;
        };
        if client.power.is_some() {
            return;
        }
        if !self.has_free_seat() {
            self.send(conn, vec![Node::tok("OFF")]);
            self.out.push((conn, Out::Close));
            return;
        }
        let free: Vec<PowerId> = self
            .bot_powers()
            .into_iter()
            .filter(|p| !self.seats.contains_key(p))
            .collect();
        // A name like `FRA:DumbBot` asks for a power.
        let wanted = name.split_once(':').and_then(|(pre, _)| {
            free.iter().copied().find(|&p| {
                self.board
                    .power_name(p)
                    .starts_with(&pre.to_ascii_uppercase())
            })
        });
        let Some(power) = wanted.or_else(|| free.first().copied()) else {
            return;
        };
        self.sit(conn, power, name, version);
        if self.seats.len() >= self.bot_seats() {
            self.start(now);
        }
    }

    fn start(&mut self, now: Instant) {
        self.started = true;
        // The session's holders: each bot's power and each power kept for a player (they
        // vote), then the powers nobody was to play (no vote).
        let (seated, kept): (Vec<PowerId>, Vec<PowerId>) = self
            .board
            .map()
            .power_ids()
            .filter(|&p| self.seats.contains_key(&p) || self.is_kept_for_a_player(p))
            .partition(|p| self.seats.contains_key(p));
        let nobody: Vec<PowerId> = self
            .board
            .map()
            .power_ids()
            .filter(|p| !seated.contains(p) && !kept.contains(p))
            .collect();
        if let Play::Here(here) = &mut self.play {
            let mut voting: Vec<PowerId> = seated.into_iter().chain(kept).collect();
            voting.sort();
            here.holders = voting
                .iter()
                .map(|&p| SeatHolder::new(member_of(p), vec![p]))
                .collect();
            here.voters = here.holders.len();
            if !nobody.is_empty() {
                here.holders.push(SeatHolder::new(MemberId(0), nobody));
            }
        }
        // Powers no bot took give no orders: their units hold, their retreats and
        // adjustments are the rules' defaults. (They are not put in civil disorder in the
        // game, so their retreat and adjustment phases are played, as the bots expect.)
        for p in self.seats.keys().copied().collect::<Vec<_>>() {
            if let Some(c) = self.seats[&p].conn {
                let m = self.hlo(p);
                self.send(c, m);
            }
        }
        self.begin_phase(now);
        self.maybe_process(now);
    }

    /// SCO, NOW and TME to everyone, the deadline set. (Whether the phase is played at once
    /// is [`Table::maybe_process`]'s to say, in a loop: this used to call it, and it this, so
    /// that a game nobody had to decide in recursed once a phase until the stack overflowed.)
    fn begin_phase(&mut self, now: Instant) {
        self.rung.clear();
        let secs = self.phase_secs();
        if let Play::Here(here) = &mut self.play {
            let at = here.clock.at(now + Duration::from_secs(secs as u64));
            let deadline = (secs > 0).then(|| Deadline {
                at,
                zone: "UTC".to_string(),
            });
            if deadline.is_some() {
                if let Err(e) = here.session.set_deadline(deadline) {
                    tracing::warn!("DAIDE: the session refused a deadline: {e}");
                }
            }
        }
        let sco = self.board.sco(self.game().position());
        let now_msg = self.board.now(self.game());
        self.broadcast(sco);
        self.broadcast(now_msg);
        if secs > 0 {
            self.broadcast(msg::tme(secs as i32));
        }
    }

    fn units_needing_orders(&self, power: PowerId) -> Vec<Node> {
        let pos = self.game().position();
        let ordered: BTreeSet<u16> = self
            .orders
            .get(&power)
            .map(|l| {
                l.iter()
                    .filter_map(|s| s.order.unit())
                    .map(|u| self.board.map().province_of(u.loc).0)
                    .collect()
            })
            .unwrap_or_default();
        match self.game().phase().kind {
            PhaseKind::Movement => {
                let mut units: Vec<_> = pos.units().filter(|(_, u)| u.power == power).collect();
                units.sort_by_key(|(_, u)| self.board.map().loc_abbr(u.loc));
                units
                    .into_iter()
                    .filter(|(p, _)| !ordered.contains(&p.0))
                    .map(|(_, u)| self.board.unit(u))
                    .collect()
            }
            PhaseKind::Retreat => {
                let mut dis: Vec<_> = pos
                    .dislodged()
                    .filter(|(_, d)| d.unit.power == power)
                    .collect();
                dis.sort_by_key(|(_, d)| self.board.map().loc_abbr(d.unit.loc));
                dis.into_iter()
                    .filter(|(p, _)| !ordered.contains(&p.0))
                    .map(|(_, d)| self.board.dislodged(&d))
                    .collect()
            }
            PhaseKind::Adjustment => Vec::new(),
        }
    }

    /// Builds (negative) or removals (positive) still to order.
    fn adjustments_left(&self, power: PowerId) -> i32 {
        let map = self.board.map();
        let pos = self.game().position();
        let due = pos.unit_count(power) as i32 - pos.centre_count(map, power) as i32;
        let given = self.orders.get(&power).map(|l| l.len() as i32).unwrap_or(0);
        if due > 0 {
            (due - given).max(0)
        } else {
            (due + given).min(0)
        }
    }

    fn missing(&self, power: PowerId) -> Vec<Node> {
        let mut m = vec![Node::tok("MIS")];
        if self.game().phase().kind == PhaseKind::Adjustment {
            let n = self.adjustments_left(power);
            // `MIS (n)`: builds (negative) or removals still due; `MIS (0)` once all are in.
            if self.game().powers_to_order().contains(&power) {
                m.push(Node::List(vec![Node::Int(n)]));
            }
        } else {
            m.extend(self.units_needing_orders(power));
        }
        m
    }

    fn complete(&self, power: PowerId) -> bool {
        if self.game().phase().kind == PhaseKind::Adjustment {
            self.adjustments_left(power) == 0
        } else {
            self.units_needing_orders(power).is_empty()
        }
    }

    fn note(&mut self, power: PowerId, order: Order) -> &'static str {
        let map = self.board.map();
        if let Some(u) = order.unit() {
            let prov = map.province_of(u.loc);
            let pos = self.game().position();
            let unit = match self.game().phase().kind {
                PhaseKind::Retreat => pos.dislodged_at(prov).map(|d| d.unit),
                _ => pos.unit_at(prov),
            };
            match unit {
                None if self.game().phase().kind == PhaseKind::Retreat
                    && pos.unit_at(prov).is_some_and(|u| u.power == power) =>
                {
                    return "NRN"
                }
                None => return "NSU",
                Some(x) if x.power != power => return "NYU",
                _ => {}
            }
        }
        match self.check_order(power, order) {
            None => {}
            Some(i) => return illegal_note(i, &order, self, power),
        }
        if self.game().phase().kind == PhaseKind::Adjustment {
            let left = self.adjustments_left(power);
            match order {
                Order::Build { .. } | Order::Waive if left >= 0 => return "NMB",
                Order::Remove(_) if left <= 0 => return "NMR",
                _ => {}
            }
        }
        "MBV"
    }

    fn submit(&mut self, conn: ConnId, client: &Client, msg: &[Node], now: Instant) {
        let Some(power) = client.power else {
            return self.send(conn, reply("REJ", msg));
        };
        if !self.started || self.over {
            return self.send(conn, reply("REJ", msg));
        }
        let mut items = &msg[1..];
        if let Some(first) = items.first() {
            if let Some(ph) = crate::Board::phase_of(first) {
                if ph != self.game().phase() {
                    return self.send(conn, reply("REJ", msg));
                }
                items = &items[1..];
            }
        }
        for item in items {
            let Some(nodes) = item.as_list() else {
                self.send(conn, reply("REJ", msg));
                continue;
            };
            let note = match self.board.order_of(nodes) {
                Err(n) => n,
                Ok((named, _)) if named.is_some_and(|p| p != power) => "NYU",
                Ok((_, order)) => {
                    let n = self.note(power, order);
                    if n == "MBV" {
                        let list = self.orders.entry(power).or_default();
                        let map = self.board.map();
                        if let Some(u) = order.unit() {
                            let prov = map.province_of(u.loc);
                            list.retain(|s| {
                                s.order.unit().map(|x| map.province_of(x.loc)) != Some(prov)
                            });
                        }
                        list.push(Submitted {
                            order,
                            nodes: nodes.to_vec(),
                        });
                    }
                    n
                }
            };
            self.send(
                conn,
                vec![
                    Node::tok("THX"),
                    Node::List(nodes.to_vec()),
                    Node::List(vec![Node::tok(note)]),
                ],
            );
        }
        let m = self.missing(power);
        self.send(conn, m);
        self.tell_orders(power);
        self.maybe_process(now);
    }

    fn not(&mut self, conn: ConnId, client: &Client, msg: &[Node]) {
        let inner = msg.get(1).and_then(|n| n.as_list()).unwrap_or(&[]).to_vec();
        let Some(power) = self.playing(client) else {
            return self.send(conn, reply("REJ", msg));
        };
        match inner.first() {
            Some(h) if h.is("GOF") => {
                let s = self.seats.get_mut(&power).expect("seat");
                s.wait = true;
                s.go = false;
                s.explicit = true;
                self.send(conn, reply("YES", msg));
                if self.hosted {
                    self.tell_ready();
                }
            }
            Some(h) if h.is("DRW") && self.hosted => {
                self.draw_asked.remove(&power);
                self.send(conn, reply("YES", msg));
                self.effects.push(Effect::Draw { power, yes: false });
            }
            Some(h) if h.is("DRW") => self.vote(conn, msg, power, None),
            Some(h) if h.is("SUB") => {
                match inner.get(1).and_then(|n| n.as_list()) {
                    None => {
                        self.orders.remove(&power);
                    }
                    Some(o) => {
                        let list = self.orders.entry(power).or_default();
                        let before = list.len();
                        list.retain(|s| s.nodes != o);
                        if list.len() == before {
                            return self.send(conn, reply("REJ", msg));
                        }
                    }
                }
                self.send(conn, reply("YES", msg));
                self.tell_orders(power);
                if self.hosted {
                    self.tell_ready();
                }
            }
            Some(h) if h.is("TME") => {
                // NOT (TME): every alarm; NOT (TME (seconds)): that one.
                match inner.get(1).and_then(Node::inner).and_then(|n| n.as_int()) {
                    Some(secs) => {
                        if !self.alarms.remove(&(conn, secs)) {
                            return self.send(conn, reply("REJ", msg));
                        }
                    }
                    None => self.alarms.retain(|(c, _)| *c != conn),
                }
                self.send(conn, reply("YES", msg))
            }
            _ => self.send(conn, reply("REJ", msg)),
        }
    }

    fn press(&mut self, conn: ConnId, client: &Client, msg: &[Node]) {
        let Some(from) = client
            .power
            .filter(|_| self.started && !self.over && self.config.press_level > 0)
        else {
            return self.send(conn, reply("REJ", msg));
        };
        let mut rest = &msg[1..];
        if rest.first().and_then(crate::Board::phase_of).is_some() {
            rest = &rest[1..];
        }
        let (Some(to), Some(press)) = (rest.first().and_then(|n| n.as_list()), rest.get(1)) else {
            return self.huh(conn, msg);
        };
        let Some(to): Option<Vec<PowerId>> = to.iter().map(|n| self.board.power_of(n)).collect()
        else {
            return self.huh(conn, msg);
        };
        // Recipients in civil disorder cannot read it: CCD.
        let absent: Vec<PowerId> = to
            .iter()
            .copied()
            .filter(|p| self.seats.get(p).and_then(|s| s.conn).is_none())
            .collect();
        if !absent.is_empty() {
            for p in absent {
                let m = vec![Node::tok("CCD"), Node::List(vec![self.board.power(p)])];
                self.send(conn, m);
            }
            return;
        }
        self.send(conn, reply("YES", msg));
        let frm = vec![
            Node::tok("FRM"),
            Node::List(vec![self.board.power(from)]),
            Node::List(to.iter().map(|&p| self.board.power(p)).collect()),
            press.clone(),
        ];
        for p in to {
            if let Some(c) = self.seats.get(&p).and_then(|s| s.conn) {
                self.send(c, frm.clone());
            }
        }
    }

    /// The powers whose bots must still decide this phase: seated and connected, and either
    /// waiting (NOT (GOF); a bot that steers with GOF waits each phase until it sends GOF) or
    /// with orders still missing (a bot that never sent GOF is ready once its orders are
    /// complete: the protocol's default).
    fn waiting_for(&self) -> Vec<PowerId> {
        let to_order = self.game().powers_to_order();
        self.seats
            .iter()
            .filter(|(_, s)| s.conn.is_some())
            .filter(|(&p, s)| {
                (s.wait && self.in_the_game(p))
                    || (to_order.contains(&p) && !(s.go || self.complete(p)))
            })
            .map(|(&p, _)| p)
            .collect()
    }

    /// Plays the phase when the session finds it due ([`Session::when_due_everyone`]: every
    /// bot still in the game decided, or the deadline passed), and the next ones while that
    /// holds (at most [`MAX_PHASES_AT_ONCE`]). A bot that left is ready only while a bot
    /// still in the game is connected: a game every bot has left, or where only bots
    /// already out of it remain, waits for its deadlines instead (issue 31: it used to be
    /// played on at once, phase after phase, for ever — a game nobody plays has no end).
    fn maybe_process(&mut self, now: Instant) {
        if self.hosted {
            return self.tell_ready();
        }
        for _ in 0..MAX_PHASES_AT_ONCE {
            if !self.started || self.over {
                return;
            }
            self.mark_ready();
            let Play::Here(here) = &self.play else {
                return;
            };
            let at = here.clock.at(now);
            match here
                .session
                .when_due_everyone(&here.holders, &here.rules, at)
            {
                Due::Adjudicate { force } => {
                    if !self.process(now, force) {
                        return;
                    }
                }
                Due::Idle | Due::NotYet | Due::GameMaster { .. } => return,
            }
        }
    }

    /// In memory: marks each holder ready in the session, or not, as its bot's readiness
    /// says ([`Table::readiness`]); the holders of powers kept for players or that nobody
    /// plays are ready whenever a bot plays.
    fn mark_ready(&mut self) {
        let (ready, someone) = self.readiness();
        let Play::Here(here) = &mut self.play else {
            return;
        };
        let phase = here.session.game().phase();
        for i in 0..here.holders.len() {
            let h = &here.holders[i];
            let want = match h.powers.as_slice() {
                [p] if h.member == member_of(*p) => ready
                    .iter()
                    .find(|(q, _)| q == p)
                    .map_or(someone, |&(_, r)| r),
                _ => someone,
            };
            if (h.ready == Some(phase)) == want {
                continue;
            }
            let member = h.member;
            if let Err(e) = here
                .session
                .set_ready(&mut here.holders, member, want, &here.rules)
            {
                tracing::warn!("DAIDE: the session refused a bot's readiness: {e}");
            }
        }
    }

    /// In memory: `power`'s bot votes for a draw of every survivor, or withdraws its vote,
    /// as a player at the game master's table does ([`Session::cast_vote`]): the game is
    /// drawn when every surviving power a bot sits at (even one that left: it may come
    /// back) or that is kept for a player has voted for it; powers nobody was to play have
    /// no say. A vote is about the position the bot saw: it is cleared when a phase is
    /// played.
    fn vote(&mut self, conn: ConnId, msg: &[Node], power: PowerId, vote: Option<EndVote>) {
        let Play::Here(here) = &mut self.play else {
            return self.send(conn, reply("REJ", msg));
        };
        let Some(member) = holder_of(&here.holders[..here.voters], power).map(|h| h.member) else {
            return self.send(conn, reply("REJ", msg));
        };
        let voters = here.voters;
        let draws = here.rules.draws;
        match here
            .session
            .cast_vote(&mut here.holders[..voters], member, vote, draws)
        {
            Ok(ended) => {
                self.send(conn, reply("YES", msg));
                if ended {
                    self.finish();
                }
            }
            Err(e) => {
                tracing::warn!("DAIDE: the session refused a bot's draw vote: {e}");
                self.send(conn, reply("REJ", msg));
            }
        }
    }

    /// Whether the judge would refuse this order whatever the others are.
    fn check_order(&mut self, power: PowerId, order: Order) -> Option<Illegal> {
        match &mut self.play {
            Play::Here(here) => here.session.check_order(power, order),
            Play::Followed(game) => game.check_order(power, order),
        }
    }

    /// Whether a bot that is still in the game (units or centres left) is connected.
    fn someone_plays(&self) -> bool {
        self.seats
            .iter()
            .any(|(&p, s)| s.conn.is_some() && self.in_the_game(p))
    }

    /// A power with units or centres left (an eliminated one waits for nothing).
    fn in_the_game(&self, p: PowerId) -> bool {
        let pos = self.game().position();
        pos.unit_count(p) > 0 || pos.centre_count(self.board.map(), p) > 0
    }

    fn is_kept_for_a_player(&self, p: PowerId) -> bool {
        let name = self.board.power_name(p);
        self.config
            .humans
            .iter()
            .any(|h| h.eq_ignore_ascii_case(name))
    }

    /// Adjudicates the phase on the session ([`Session::adjudicate_table`]: the sheets
    /// received; the units of a power without orders hold), tells everyone the results,
    /// and begins the next phase (or ends the game). `false`: the session refused, nothing
    /// changed.
    fn process(&mut self, now: Instant, force: bool) -> bool {
        let Play::Here(here) = &mut self.play else {
            return false;
        };
        let known = here.session.game().history().len();
        let at = here.clock.at(now);
        if let Err(e) = here
            .session
            .adjudicate_table(&mut here.holders, &here.rules, at, force)
        {
            tracing::warn!("DAIDE: the session refused to adjudicate: {e}");
            return false;
        }
        // The session's sheets were these orders, in this order: power by power.
        let submitted: Vec<Submitted> = std::mem::take(&mut self.orders)
            .into_values()
            .flatten()
            .collect();
        let records: Vec<PhaseRecord> = self.game().history()[known..].to_vec();
        for (i, rec) in records.iter().enumerate() {
            let ords: Vec<Vec<Node>> = if i == 0 {
                submitted
                    .iter()
                    .enumerate()
                    .map(|(j, s)| {
                        let outcome = rec.result.orders().get(j).map(|r| r.outcome);
                        self.ord(rec, &s.order, s.nodes.clone(), outcome)
                    })
                    .collect()
            } else {
                self.ords_of(rec)
            };
            for m in &ords {
                self.broadcast(m.clone());
            }
            for s in self.seats.values_mut() {
                s.go = false;
                s.wait = s.explicit;
            }
            let next = records
                .get(i + 1)
                .map(|r| r.phase)
                .unwrap_or_else(|| self.game().phase());
            self.note_eliminations(next.year, &rec.after);
            let past = Past {
                ords,
                sco: self.board.sco(&rec.after),
                now: self.board.now_at(next, &rec.after),
            };
            if i + 1 < records.len() {
                // A phase nobody had anything to decide in, played with this one: its
                // start as the bots would have seen it.
                self.rung.clear();
                self.broadcast(past.sco.clone());
                self.broadcast(past.now.clone());
                let secs = self.secs_of(next.kind);
                if secs > 0 {
                    self.broadcast(msg::tme(secs as i32));
                }
            }
            self.history.push((rec.phase, past));
        }
        if self.game().is_over() {
            self.finish();
        } else {
            self.begin_phase(now);
        }
        true
    }

    /// The `ORD` messages of a phase played, from its record.
    fn ords_of(&self, rec: &PhaseRecord) -> Vec<Vec<Node>> {
        rec.orders
            .iter()
            .enumerate()
            .filter_map(|(j, (p, o))| {
                let nodes =
                    self.board
                        .order_nodes(*p, o, &rec.before, rec.phase.kind, &rec.orders)?;
                let outcome = rec.result.orders().get(j).map(|r| r.outcome);
                Some(self.ord(rec, o, nodes, outcome))
            })
            .collect()
    }

    /// `ORD (turn) (order) (result)` for an order of a phase played.
    fn ord(
        &self,
        record: &PhaseRecord,
        order: &Order,
        nodes: Vec<Node>,
        outcome: Option<Outcome>,
    ) -> Vec<Node> {
        let phase = record.phase;
        let dislodged = order.unit().is_some_and(|u| {
            let prov = self.board.map().province_of(u.loc);
            record.after.dislodged_at(prov).is_some()
        }) && phase.kind == PhaseKind::Movement;
        let mut res = result_tokens(outcome, order);
        if dislodged {
            if matches!(order, Order::Hold(_) | Order::Convoy { .. }) {
                res = vec![];
            }
            res.push(Node::tok("RET"));
        }
        vec![
            Node::tok("ORD"),
            Board::turn(phase),
            Node::List(nodes),
            Node::List(res),
        ]
    }

    /// Eliminations: a power with no units and no centres left. The year of elimination:
    /// that of the phase the power is first found without units or centres at the start of
    /// (as the `diplomacy` package's recordings count it).
    fn note_eliminations(&mut self, year: i32, pos: &Position) {
        for p in self.board.map().power_ids().collect::<Vec<_>>() {
            if !self.eliminated.contains_key(&p)
                && pos.unit_count(p) == 0
                && pos.centre_count(self.board.map(), p) == 0
            {
                self.eliminated.insert(p, year);
            }
        }
    }

    /// Whether `IAM (power) (passcode)` names a seat of this game.
    pub fn has_seat(&self, power: PowerId, passcode: i32) -> bool {
        self.started
            && !self.over
            && self
                .seats
                .get(&power)
                .is_some_and(|s| s.passcode == passcode)
    }

    /// The end: SLO or DRW, the summary (centres by power), OFF, and every connection closed.
    fn finish(&mut self) {
        self.over = true;
        self.deadline = None;
        match self.game().end().cloned() {
            Some(EndOfGame::Victory(p)) | Some(EndOfGame::Concession(p)) => {
                let m = vec![Node::tok("SLO"), Node::List(vec![self.board.power(p)])];
                self.broadcast(m);
            }
            Some(EndOfGame::Draw(ps)) => {
                let mut m = vec![Node::tok("DRW")];
                if ps.len() < self.game().survivors().len() {
                    m.push(Node::List(
                        ps.iter().map(|&p| self.board.power(p)).collect(),
                    ));
                }
                self.broadcast(m);
            }
            _ => {}
        }
        let smr = self.summary();
        self.broadcast(smr);
        self.broadcast(vec![Node::tok("OFF")]);
        for c in self.clients.keys().copied().collect::<Vec<_>>() {
            self.out.push((c, Out::Close));
        }
    }

    /// Whether a bot's draw vote (in memory) or ask (hosted) stands.
    fn draw_asked(&self) -> bool {
        match &self.play {
            Play::Here(here) => here.holders.iter().any(|h| h.vote.is_some()),
            Play::Followed(_) => !self.draw_asked.is_empty(),
        }
    }

    /// `SMR (turn) (power ('name') ('version') centres [year eliminated]) ...`.
    fn summary(&self) -> Vec<Node> {
        // The turn the game ended in: a draw agreed during a turn ends it there; otherwise
        // the last turn adjudicated.
        let drawn_now = matches!(self.game().end(), Some(EndOfGame::Draw(_))) && self.draw_asked();
        let last = (!drawn_now)
            .then(|| self.history.last().map(|(p, _)| *p))
            .flatten()
            .unwrap_or(self.game().phase());
        let mut m = vec![Node::tok("SMR"), Board::turn(last)];
        for p in self.board.map().power_ids() {
            let (name, version) = self
                .seats
                .get(&p)
                .map(|s| (s.name.clone(), s.version.clone()))
                .unwrap_or_else(|| ("civil disorder".into(), "entente".into()));
            let mut l = vec![
                self.board.power(p),
                Node::List(vec![Node::Text(name)]),
                Node::List(vec![Node::Text(version)]),
                Node::Int(self.game().position().centre_count(self.board.map(), p) as i32),
            ];
            if let Some(y) = self.eliminated.get(&p) {
                l.push(Node::Int(*y));
            }
            m.push(Node::List(l));
        }
        m
    }
}

fn result_tokens(outcome: Option<Outcome>, order: &Order) -> Vec<Node> {
    let t = |s: &str| vec![Node::tok(s)];
    match outcome {
        None | Some(Outcome::Succeeded) => t("SUC"),
        Some(Outcome::Illegal(_)) => t("NSO"),
        Some(Outcome::Failed(f)) => match f {
            Failure::Bounced(_) | Failure::Paradox | Failure::RetreatCollision => t("BNC"),
            Failure::Cut { .. } => t("CUT"),
            Failure::NoConvoy { fleet: Some(_) } => t("DSR"),
            Failure::Dislodged { .. } => match order {
                Order::Move { .. } => t("BNC"),
                Order::SupportHold { .. } | Order::SupportMove { .. } => t("CUT"),
                _ => vec![],
            },
            _ => t("NSO"),
        },
    }
}

fn illegal_note(i: Illegal, order: &Order, t: &Table, power: PowerId) -> &'static str {
    let map = t.board.map();
    match i {
        Illegal::NoSuchUnit => "NSU",
        Illegal::NotYourUnit => "NYU",
        Illegal::WrongPhase => "NRS",
        Illegal::CoastNeeded => "CST",
        Illegal::FleetConvoyed => "NSA",
        Illegal::ConvoyNotAtSea => "NAS",
        Illegal::ConvoyImpossible => "NSA",
        Illegal::RetreatNotAllowed => "NVR",
        Illegal::NothingDue => match order {
            Order::Remove(_) => "NMR",
            _ => "NMB",
        },
        Illegal::BuildNotAllowed => match order {
            Order::Build { ty, loc } => {
                let prov = map.province_of(*loc);
                let pos = t.game().position();
                if !map.is_centre(prov) {
                    "NSC"
                } else if !map.may_build_in(power, prov) {
                    "HSC"
                } else if pos.owner(prov) != Some(power) {
                    "YSC"
                } else if pos.unit_at(prov).is_some() {
                    "ESC"
                } else if ty.is_some_and(|ty| !map.can_occupy(ty, *loc))
                    || (*ty == Some(UnitType::Fleet)
                        && !map.province(prov).coasts.is_empty()
                        && map.coast_of(*loc).is_none())
                {
                    "CST"
                } else {
                    "ESC"
                }
            }
            _ => "NRS",
        },
        _ => "FAR",
    }
}
