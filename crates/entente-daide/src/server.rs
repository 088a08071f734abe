//! The TCP server (`daide_protocol.txt`): each connection must open with the initial message
//! (within 30 seconds, version 1, magic 0xDA10), gets the representation message, then
//! exchanges diplomacy messages. Structural faults get the protocol's error message and the
//! connection is closed; a client that floods is cut off; either way its power goes into civil
//! disorder and the game goes on. Bots that ask to play sit at the open table; when its seats
//! are taken its game starts and the next bots fill a new table.
//!
//! No single input takes the server down (issue 31): what a client may send and hold is
//! bounded ([`Limits`]: connections in all and from one address, a message's length and
//! nesting, a frame's time, messages a second, what waits unsent), a failed accept is waited
//! out rather than ending the listener, and a panic in one message's handling is that
//! message's `HUH`, not the lobby's end.

use crate::board::Board;
use crate::hosted::{self, BotSeat, Hosting};
use crate::msg::{self, Names};
use crate::table::{ConnId, Out, Table, TableConfig};
use entente_map::Map;
use std::collections::{HashMap, HashSet};
use std::io;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify};

/// Message types.
const IM: u8 = 0;
const RM: u8 = 1;
const DM: u8 = 2;
const FM: u8 = 3;
const EM: u8 = 4;

/// At most this many messages in one second from a client; more and it is cut off (the
/// default of [`Limits::flood_per_second`]).
pub const FLOOD_PER_SECOND: usize = 300;

/// What one client (or one address) may send and hold, so that none takes the server down
/// (issue 31). [`Limits::default`] is what `entente serve --daide` uses.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections served at once, in all and from one address (IP). A connection over
    /// either is told `OFF` (after the representation message, if its initial message comes
    /// at once) and closed; nothing of it reaches a table.
    pub max_connections: usize,
    pub max_per_address: usize,
    /// Refused connections being told `OFF` at once; the others over the limits are closed
    /// at once. And how long one may take to send its initial message for that.
    pub max_refusing: usize,
    pub refusal_wait: Duration,
    /// The longest diplomacy message read, in octets (the framing allows 65,535): a longer
    /// one gets `HUH (ERR)` and the line stays open.
    pub max_message_octets: usize,
    /// How deep brackets may nest in a client's message: deeper gets `HUH (ERR)`. At most
    /// [`msg::MAX_DEPTH`] less one, so that a reply quoting it is read by [`msg::decode`].
    pub max_depth: usize,
    /// `IAM`s refused to one address in a minute (a wrong passcode, or no such seat): more
    /// and its `IAM`s are refused untried until the minute is over. (A passcode is below
    /// 8,192: guessed freely, a seat would be taken in seconds.)
    pub iam_guesses_per_minute: usize,
    /// The longest string (`'…'`) in a message, in octets: a longer one gets `HUH` with `ERR`
    /// before it. (`NME`'s name and version: [`crate::table::MAX_NAME_OCTETS`].)
    pub max_text_octets: usize,
    /// Once a frame's header has come, the rest of it must follow within this (error 0x09,
    /// "message shorter than expected", otherwise).
    pub frame_timeout: Duration,
    /// Messages in one second from one client; more and it is cut off (error 0x08).
    pub flood_per_second: usize,
    /// Octets sent to a client and not yet taken by it; more and it is cut off (a client that
    /// does not read does not make the server keep what it is sent without end).
    pub max_unsent_octets: usize,
    /// The first wait after an accept failed (no descriptor free...); it doubles while
    /// accepts fail, up to a second.
    pub accept_backoff: Duration,
    /// A game of bots in memory (not the database's) that no line has been at for this long,
    /// started and unfinished, is dropped: nobody plays it and it has no end.
    pub abandoned_after: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Under the usual 1,024 descriptors (`ulimit -n`) a process may open: the web
            // server, the database and the mail gateway keep the rest.
            max_connections: default_max_connections(),
            max_per_address: 64,
            max_refusing: 32,
            refusal_wait: Duration::from_secs(2),
            max_message_octets: 16 * 1024,
            max_depth: msg::MAX_DEPTH - 1,
            max_text_octets: 1024,
            iam_guesses_per_minute: 10,
            frame_timeout: Duration::from_secs(30),
            flood_per_second: FLOOD_PER_SECOND,
            max_unsent_octets: 4 * 1024 * 1024,
            accept_backoff: Duration::from_millis(50),
            abandoned_after: Duration::from_secs(30 * 60),
        }
    }
}

/// 512 connections, or half the descriptors the process may open if that is fewer.
fn default_max_connections() -> usize {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    let soft = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } == 0 {
        usize::try_from(lim.rlim_cur).unwrap_or(usize::MAX)
    } else {
        1024
    };
    (soft / 2).clamp(16, 512)
}

/// The lobby, whatever panicked while holding it: one message's failure is not every line's.
fn lock(lobby: &Mutex<Lobby>) -> MutexGuard<'_, Lobby> {
    match lobby.lock() {
        Ok(l) => l,
        Err(e) => {
            tracing::error!("DAIDE: a panic while the lobby was held; going on");
            let l = e.into_inner();
            lobby.clear_poison();
            l
        }
    }
}

/// A frame: type, pad, length, body (at most 65,535 octets: the caller checks).
fn frame(kind: u8, body: &[u8]) -> Vec<u8> {
    let mut f = Vec::with_capacity(4 + body.len());
    f.push(kind);
    f.push(0);
    f.extend((body.len() as u16).to_be_bytes());
    f.extend(body);
    f
}

/// What goes to a connection's writer.
enum Wire {
    Frame(Vec<u8>),
    /// The final message, then the line is closed.
    Close,
}

/// A connection as the lobby sends to it: its writer's queue, what waits unsent in it, and
/// the signal that ends the connection (it does not read; the writer closed the line).
#[derive(Clone)]
struct Line {
    tx: mpsc::UnboundedSender<Wire>,
    unsent: Arc<AtomicUsize>,
    max_unsent: usize,
    /// The connection is to end: the writer closed the line, or (`cut`) it must be cut off.
    end: Arc<Notify>,
    cut: Arc<AtomicBool>,
}

impl Line {
    fn send(&self, out: Out) {
        match out {
            Out::Msg(m) => self.send_msg(&m),
            Out::Close => {
                let _ = self.tx.send(Wire::Close);
            }
        }
    }

    fn send_msg(&self, m: &[crate::Node]) {
        self.send_body(&msg::to_bytes(m));
    }

    /// A diplomacy message's octets.
    fn send_body(&self, b: &[u8]) {
        if b.len() > u16::MAX as usize {
            // A reply quoting a client's message may not fit the framing's 16-bit length
            // (whose overflow would break the framing of everything after it).
            tracing::error!(
                "DAIDE: a message of {} octets does not fit a frame; not sent",
                b.len()
            );
            return;
        }
        let f = frame(DM, b);
        let n = f.len();
        if self.unsent.fetch_add(n, Ordering::SeqCst) + n > self.max_unsent {
            self.unsent.fetch_sub(n, Ordering::SeqCst);
            if !self.cut.swap(true, Ordering::SeqCst) {
                tracing::warn!("DAIDE: a client does not read what it is sent: cut off");
            }
            self.end.notify_one();
            return;
        }
        let _ = self.tx.send(Wire::Frame(f));
    }
}

#[derive(Clone)]
pub struct DaideConfig {
    /// How long a new connection has to send the initial message (the protocol: 30 s).
    pub initial_timeout: Duration,
    pub map: Arc<Map>,
    pub table: TableConfig,
    /// How often deadlines are looked at.
    pub tick: Duration,
    /// Bots join the game master's games (the database's) rather than games of their own
    /// kept in memory.
    pub hosting: Option<Hosting>,
}

struct Lobby {
    board: Arc<Board>,
    config: TableConfig,
    /// Games by index; a finished game whose connections are all gone is dropped (None), so
    /// a server that plays game after game does not keep them all.
    tables: Vec<Option<Table>>,
    /// Which table a connection is at.
    at: HashMap<ConnId, usize>,
    senders: HashMap<ConnId, Line>,
    next_conn: ConnId,
    seed: u64,
    /// Hosted tables by game id, and each bot's place in its game.
    hosted: HashMap<String, usize>,
    bot_seats: HashMap<ConnId, BotSeat>,
    /// The version of each hosted game the table last followed.
    versions: HashMap<usize, i64>,
    /// The bot account playing each power of a hosted table, kept while the bot is away
    /// (its power's readiness is still told for it; IAM brings it back).
    seat_accounts: HashMap<(usize, entente_map::PowerId), BotSeat>,
    /// Bots that went away before their table seated them and could not give their seat
    /// back (the game had started): their powers are put in civil disorder once known.
    away: Vec<BotSeat>,
    /// Since when no line has been at each started game of bots in memory.
    unoccupied: HashMap<usize, Instant>,
    /// Refused IAMs by address: since when they are counted (a minute), and how many.
    guesses: HashMap<IpAddr, (Instant, usize)>,
}

impl Lobby {
    fn flush(&mut self, t: usize) {
        let Some(table) = self.tables[t].as_mut() else {
            return;
        };
        for (conn, out) in table.take_out() {
            if out == Out::Close {
                self.at.remove(&conn);
            }
            if let Some(s) = self.senders.get(&conn) {
                s.send(out);
            }
        }
        if table.is_over() && !self.at.values().any(|&x| x == t) {
            self.tables[t] = None;
            self.hosted.retain(|_, x| *x != t);
            self.versions.remove(&t);
            self.seat_accounts.retain(|(x, _), _| *x != t);
            self.unoccupied.remove(&t);
            let hosted = &self.hosted;
            self.away.retain(|s| hosted.contains_key(&s.game));
        }
    }

    /// The power a connection plays, at its table.
    fn power_of(&self, conn: ConnId) -> Option<entente_map::PowerId> {
        let t = *self.at.get(&conn)?;
        self.tables.get(t)?.as_ref()?.power_of_conn(conn)
    }

    /// Whether an IAM from `ip` is tried (it has not been refused too often this minute).
    fn may_guess(&mut self, ip: IpAddr, now: Instant, limits: &Limits) -> bool {
        match self.guesses.get(&ip) {
            Some(&(since, n)) if now.duration_since(since) < Duration::from_secs(60) => {
                n < limits.iam_guesses_per_minute
            }
            _ => true,
        }
    }

    /// An IAM from `ip` was refused.
    fn guessed(&mut self, ip: IpAddr, now: Instant) {
        let minute = Duration::from_secs(60);
        if self.guesses.len() > 4096 {
            self.guesses
                .retain(|_, (since, _)| now.duration_since(*since) < minute);
        }
        let e = self.guesses.entry(ip).or_insert((now, 0));
        if now.duration_since(e.0) >= minute {
            *e = (now, 0);
        }
        e.1 += 1;
    }

    /// Drops the started, unfinished games of bots in memory that no line has been at for
    /// `after` (their bots gone and not back with IAM): nobody plays them and they have no end.
    fn drop_abandoned(&mut self, now: Instant, after: Duration) {
        let occupied: HashSet<usize> = self.at.values().copied().collect();
        for t in 0..self.tables.len() {
            let idle = self.tables[t]
                .as_ref()
                .is_some_and(|tb| !tb.is_hosted() && tb.is_started() && !tb.is_over())
                && !occupied.contains(&t);
            if !idle {
                self.unoccupied.remove(&t);
                continue;
            }
            let since = *self.unoccupied.entry(t).or_insert(now);
            if now.duration_since(since) >= after {
                tracing::info!("DAIDE: game {t} dropped: no bot has been at it for {after:?}");
                self.tables[t] = None;
                self.unoccupied.remove(&t);
            }
        }
    }

    /// The game of the database a table follows.
    fn game_of(&self, t: usize) -> Option<String> {
        self.hosted
            .iter()
            .find(|(_, &x)| x == t)
            .map(|(g, _)| g.clone())
    }

    /// The table following a game of the database (made on first use).
    fn hosted_table(&mut self, game: &str) -> usize {
        if let Some(&t) = self.hosted.get(game) {
            if self.tables.get(t).is_some_and(Option::is_some) {
                return t;
            }
        }
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.tables.push(Some(Table::hosted(
            self.board.clone(),
            self.config.clone(),
            self.seed,
        )));
        let t = self.tables.len() - 1;
        self.hosted.insert(game.to_string(), t);
        t
    }

    /// The effects a hosted table asked for, each with the bot seat and power it is for.
    fn effects(&mut self, t: usize) -> Vec<(BotSeat, String, crate::Effect)> {
        let Some(table) = self.tables.get_mut(t).and_then(|x| x.as_mut()) else {
            return Vec::new();
        };
        let effects = table.take_effects();
        let mut out = Vec::new();
        for e in effects {
            let power = match &e {
                crate::Effect::Orders { power, .. }
                | crate::Effect::Ready { power, .. }
                | crate::Effect::Draw { power, .. } => *power,
            };
            let seat = self.seat_accounts.get(&(t, power)).cloned();
            if let Some(seat) = seat {
                out.push((seat, self.board.power_name(power).to_string(), e));
            }
        }
        out
    }

    fn table(&mut self, t: usize) -> Option<&mut Table> {
        self.tables.get_mut(t).and_then(|x| x.as_mut())
    }

    /// The table a message from this connection goes to: its own, or (for a newcomer) the
    /// open table, a new one if none is open; IAM looks for the game with that seat.
    fn table_for(&mut self, conn: ConnId, m: &[crate::Node]) -> Option<usize> {
        if let Some(&t) = self.at.get(&conn) {
            return Some(t);
        }
        // Only a client that asks to play or watch (or comes back) sits at a table; other
        // messages from a line with none (MAP, MDF, a late word after the end) are answered
        // without one (`answer_alone`).
        if !m
            .first()
            .is_some_and(|n| n.is("NME") || n.is("OBS") || n.is("IAM"))
        {
            return None;
        }
        if m.first().is_some_and(|n| n.is("IAM")) {
            // Any started table where that power sits: the table checks the passcode.
            let power = m
                .get(1)
                .and_then(crate::Node::inner)
                .and_then(|n| self.board.power_of(n));
            let code = m
                .get(2)
                .and_then(crate::Node::inner)
                .and_then(|n| n.as_int());
            if let Some(p) = power {
                // The game where that power's seat has that passcode; else the latest game
                // with that power, which refuses.
                let with_seat = code.and_then(|code| {
                    self.tables
                        .iter()
                        .rposition(|tb| tb.as_ref().is_some_and(|tb| tb.has_seat(p, code)))
                });
                if let Some(t) = with_seat.or_else(|| {
                    self.tables.iter().rposition(|tb| {
                        tb.as_ref().is_some_and(|tb| {
                            tb.is_started()
                                && !tb.is_over()
                                && tb.game().map().power_ids().any(|x| x == p)
                        })
                    })
                }) {
                    self.at.insert(conn, t);
                    return Some(t);
                }
            }
        }
        let open = self.tables.iter().position(|t| {
            t.as_ref()
                .is_some_and(|t| !t.is_hosted() && t.has_free_seat())
        });
        let t = match open {
            Some(t) => t,
            None => {
                self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                // The configuration was checked when the server started.
                match Table::new(self.board.clone(), self.config.clone(), self.seed) {
                    Ok(table) => self.tables.push(Some(table)),
                    Err(e) => {
                        tracing::error!("DAIDE: no game of bots: {e}");
                        return None;
                    }
                }
                self.tables.len() - 1
            }
        };
        self.at.insert(conn, t);
        Some(t)
    }

    /// The answer to a message from a line at no table: the map; a refusal of what needs a
    /// game; HUH for what no table understands either; nothing to a remark.
    fn answer_alone(&self, m: &[crate::Node]) -> Option<Vec<crate::Node>> {
        use crate::Node;
        let head = m.first()?;
        let is = |w: &[&str]| w.iter().any(|x| head.is(x));
        Some(if m.len() == 1 && head.is("MAP") {
            self.board.map_msg()
        } else if m.len() == 1 && head.is("MDF") {
            self.board.mdf()
        } else if is(&["YES", "REJ", "HUH", "PRN", "THX"]) {
            return None;
        } else if is(&[
            "HLO", "SCO", "NOW", "HST", "SUB", "MIS", "GOF", "NOT", "DRW", "TME", "SND", "ADM",
            "MAP", "MDF",
        ]) {
            vec![Node::tok("REJ"), Node::List(m.to_vec())]
        } else {
            msg::huh(m)
        })
    }
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.finish()
}

/// Serves DAIDE clients on `listener` until the task is dropped, within [`Limits::default`].
pub async fn serve(listener: TcpListener, config: DaideConfig) -> io::Result<()> {
    serve_with(listener, config, Limits::default()).await
}

/// Serves DAIDE clients on `listener` until the task is dropped, within `limits`. It
/// returns only if the map cannot be described in DAIDE, or the games of bots in memory
/// cannot be set up as configured (a last year before the first, Escalation): a failed
/// accept (no descriptor free, a connection aborted) is logged, waited out and the listener
/// kept.
pub async fn serve_with(
    listener: TcpListener,
    config: DaideConfig,
    limits: Limits,
) -> io::Result<()> {
    let board = Arc::new(
        Board::new(config.map.clone())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?,
    );
    let representation = Arc::new(board.representation());
    if config.hosting.is_none() {
        // The games of bots in memory: their options (a last year) must make a game.
        Table::new(board.clone(), config.table.clone(), 0)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    }
    let lobby = Arc::new(Mutex::new(Lobby {
        board,
        config: config.table.clone(),
        tables: Vec::new(),
        at: HashMap::new(),
        senders: HashMap::new(),
        next_conn: 1,
        seed: random_seed(),
        hosted: HashMap::new(),
        bot_seats: HashMap::new(),
        versions: HashMap::new(),
        seat_accounts: HashMap::new(),
        away: Vec::new(),
        unoccupied: HashMap::new(),
        guesses: HashMap::new(),
    }));
    // The bots' games of the database: what happened there (people's orders, adjudication at
    // a deadline, the game master's acts) reaches the bots.
    if let Some(h) = config.hosting.clone() {
        let lobby = lobby.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(h.poll);
            loop {
                every.tick().await;
                let games: Vec<(String, usize)> = {
                    let l = lock(&lobby);
                    l.hosted.iter().map(|(g, &t)| (g.clone(), t)).collect()
                };
                for (game, t) in games {
                    let seen = lock(&lobby).versions.get(&t).copied();
                    match hosted::version(&h, &game).await {
                        Ok(Some(v)) if Some(v) == seen => {}
                        Ok(_) => follow(&lobby, &h, &game, Vec::new()).await,
                        Err(e) => tracing::warn!("DAIDE: game {game}: {e}"),
                    }
                }
            }
        });
    }
    // Deadlines, and games of bots every line has left.
    {
        let lobby = lobby.clone();
        let tick = config.tick;
        let abandoned_after = limits.abandoned_after;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            let mut last_warning = None;
            loop {
                every.tick().await;
                let mut l = lock(&lobby);
                let now = Instant::now();
                for t in 0..l.tables.len() {
                    // A panic in one game's deadline (a fault of ours) does not stop the
                    // others' deadlines.
                    let ticked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        if let Some(table) = l.table(t) {
                            table.tick(now);
                        }
                        l.flush(t);
                    }));
                    if ticked.is_err() && throttled(&mut last_warning) {
                        tracing::error!("DAIDE: game {t}'s deadline panicked");
                    }
                }
                l.drop_abandoned(now, abandoned_after);
            }
        });
    }
    let initial_timeout = config.initial_timeout;
    let limits = Arc::new(limits);
    let admission = Arc::new(Mutex::new(Admission::default()));
    let refusals = Arc::new(tokio::sync::Semaphore::new(limits.max_refusing));
    let mut backoff: Option<Duration> = None;
    let mut last_warning: Option<Instant> = None;
    let mut refused = 0usize;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(x) => x,
            // The connection went before it was taken: nothing to do.
            Err(e) if gone_before_accept(&e) => continue,
            // No descriptor or memory free (EMFILE, ENFILE, ENOBUFS, ENOMEM), or anything
            // else: the listener is kept; accepting waits a moment (doubling up to a second),
            // as connections close and free descriptors.
            Err(e) => {
                let wait = backoff.map_or(limits.accept_backoff, |b| {
                    (b * 2)
                        .min(Duration::from_secs(1))
                        .max(limits.accept_backoff)
                });
                backoff = Some(wait);
                if throttled(&mut last_warning) {
                    tracing::warn!(
                        "the DAIDE server could not accept a connection ({e}): trying again in {wait:?}"
                    );
                }
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        backoff = None;
        match Admission::admit(&admission, peer.ip(), &limits) {
            Some(ticket) => {
                let lobby = lobby.clone();
                let hosting = config.hosting.clone();
                let limits = limits.clone();
                let rm = representation.clone();
                tokio::spawn(async move {
                    let _ticket = ticket;
                    if let Err(e) = connection(
                        stream,
                        peer.ip(),
                        lobby,
                        initial_timeout,
                        hosting,
                        rm,
                        limits,
                    )
                    .await
                    {
                        tracing::debug!("DAIDE connection ended: {e}");
                    }
                });
            }
            None => {
                refused += 1;
                if throttled(&mut last_warning) {
                    tracing::warn!(
                        "DAIDE: too many connections ({} at most, {} from one address): {refused} refused, the latest from {}",
                        limits.max_connections,
                        limits.max_per_address,
                        peer.ip()
                    );
                    refused = 0;
                }
                // Told OFF, the protocol's way, while few are being told; else just closed.
                if let Ok(permit) = refusals.clone().try_acquire_owned() {
                    let rm = representation.clone();
                    let wait = limits.refusal_wait;
                    tokio::spawn(async move {
                        refuse(stream, &rm, wait).await;
                        drop(permit);
                    });
                }
            }
        }
    }
}

/// At most one warning a second (a flood of refusals is one line in the log, not thousands).
fn throttled(last: &mut Option<Instant>) -> bool {
    let now = Instant::now();
    if last.is_some_and(|t| now.duration_since(t) < Duration::from_secs(1)) {
        return false;
    }
    *last = Some(now);
    true
}

/// An accept that failed because that one connection went (reset or aborted before it was
/// taken): the next is accepted at once.
fn gone_before_accept(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// A connection over a limit: if its initial message comes at once, the representation
/// message, `OFF` ("the server is about to close") and the final message; then it is closed.
async fn refuse(mut stream: TcpStream, rm: &[u8], wait: Duration) {
    let _ = tokio::time::timeout(wait, async {
        let mut im = [0u8; 8];
        stream.read_exact(&mut im).await?;
        if im[0] != IM || im[2..4] != [0, 4] {
            return Ok(());
        }
        let mut out = frame(RM, rm);
        out.extend(frame(DM, &msg::to_bytes(&[crate::Node::tok("OFF")])));
        out.extend([FM, 0, 0, 0]);
        stream.write_all(&out).await?;
        stream.shutdown().await?;
        // What the client sent meanwhile is read (and dropped) until it closes, so that
        // closing does not reset the line before it has read the OFF.
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    })
    .await;
}

/// Connections served, in all and by address.
#[derive(Default)]
struct Admission {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection counted in [`Admission`] while it lives.
struct Ticket {
    admission: Arc<Mutex<Admission>>,
    ip: IpAddr,
}

impl Admission {
    fn admit(admission: &Arc<Mutex<Admission>>, ip: IpAddr, limits: &Limits) -> Option<Ticket> {
        let mut a = admission.lock().unwrap_or_else(|e| e.into_inner());
        let here = a.by_address.get(&ip).copied().unwrap_or(0);
        if a.total >= limits.max_connections || here >= limits.max_per_address {
            return None;
        }
        a.total += 1;
        a.by_address.insert(ip, here + 1);
        Some(Ticket {
            admission: admission.clone(),
            ip,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut a = self.admission.lock().unwrap_or_else(|e| e.into_inner());
        a.total = a.total.saturating_sub(1);
        if let Some(n) = a.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                a.by_address.remove(&self.ip);
            }
        }
    }
}

/// Carries out what a hosted table asked for its bots (`pending`), then brings the table up
/// to date with the database: the bots' powers once the game has started, the phases played
/// since; and again with what the table asks then (which may end the phase).
async fn follow(
    lobby: &Arc<Mutex<Lobby>>,
    h: &Hosting,
    game: &str,
    mut pending: Vec<(BotSeat, String, crate::Effect)>,
) {
    for _ in 0..64 {
        for (seat, power, e) in std::mem::take(&mut pending) {
            if let Err(err) = hosted::carry_out(h, &seat, &power, &e).await {
                tracing::warn!("DAIDE: game {game}, {power}: {err}");
            }
        }
        // What the table follows: once started, only a new phase or the end needs the game.
        let followed = {
            let mut l = lock(lobby);
            let t = l.hosted.get(game).copied();
            let seated = |l: &Lobby, t: usize| {
                l.bot_seats.iter().all(|(c, s)| {
                    s.game != game
                        || l.tables[t]
                            .as_ref()
                            .is_some_and(|tb| tb.power_of_conn(*c).is_some())
                }) && !l.away.iter().any(|s| s.game == game)
            };
            match t {
                Some(t) if seated(&l, t) => l.table(t).and_then(|tb| {
                    tb.is_started()
                        .then(|| (tb.game().phase().code(), tb.is_over()))
                }),
                _ => None,
            }
        };
        let snap = match hosted::snapshot(h, game, followed).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("DAIDE: game {game}: {e}");
                return;
            }
        };
        pending = {
            let mut l = lock(lobby);
            let Some(&t) = l.hosted.get(game) else {
                return;
            };
            if l.versions.get(&t).is_some_and(|&seen| snap.version < seen) {
                // A read older than one already followed.
                return;
            }
            let conns: Vec<(ConnId, BotSeat)> = l
                .bot_seats
                .iter()
                .filter(|(c, s)| s.game == game && l.at.get(c) == Some(&t))
                .map(|(&c, s)| (c, s.clone()))
                .collect();
            let mut seated = Vec::new();
            let board = l.board.clone();
            if let Some(table) = l.table(t) {
                for (conn, seat) in conns {
                    if table.power_of_conn(conn).is_some() {
                        continue;
                    }
                    let power = snap
                        .powers
                        .iter()
                        .find(|(a, _)| *a == seat.account.id)
                        .and_then(|(_, name)| board.map().lookup_power(name));
                    if let Some(p) = power {
                        table.seat(conn, p);
                        seated.push((p, seat));
                    }
                }
                if !snap.powers.is_empty() {
                    // Read once the game has started: the powers no bot plays are people's.
                    let bots: HashSet<&str> = snap.powers.iter().map(|(_, p)| p.as_str()).collect();
                    table.set_people(bots.len() < board.map().power_ids().count());
                }
                match snap.game {
                    Some(g) => table.sync(g, snap.deadline),
                    None => table.set_deadline(snap.deadline),
                }
            }
            for (p, seat) in seated {
                l.seat_accounts.insert((t, p), seat);
            }
            // Bots that went away before they were seated: their powers in civil disorder.
            let (gone, stay): (Vec<BotSeat>, Vec<BotSeat>) = std::mem::take(&mut l.away)
                .into_iter()
                .partition(|s| s.game == game);
            l.away = stay;
            for seat in gone {
                let power = snap
                    .powers
                    .iter()
                    .find(|(a, _)| *a == seat.account.id)
                    .and_then(|(_, name)| board.map().lookup_power(name));
                match (power, l.table(t)) {
                    (Some(p), Some(table)) => {
                        table.seat_away(p, seat.account.name.clone());
                        l.seat_accounts.insert((t, p), seat);
                    }
                    // Not given a power yet (the game has not started): kept for later.
                    _ => l.away.push(seat),
                }
            }
            l.versions.insert(t, snap.version);
            l.flush(t);
            l.effects(t)
        };
        if pending.is_empty() {
            return;
        }
    }
}

async fn send_em(w: &mut (impl AsyncWriteExt + Unpin), code: u16) -> io::Result<()> {
    let mut b = vec![EM, 0, 0, 2];
    b.extend(code.to_be_bytes());
    w.write_all(&b).await?;
    w.shutdown().await
}

/// A frame: its type and body. Once its header has come, the body must follow within
/// `timeout` (`TimedOut` otherwise).
async fn read_frame(
    r: &mut (impl AsyncReadExt + Unpin),
    timeout: Duration,
) -> io::Result<(u8, Vec<u8>)> {
    let mut h = [0u8; 4];
    r.read_exact(&mut h).await?;
    let len = u16::from_be_bytes([h[2], h[3]]) as usize;
    let mut body = vec![0u8; len];
    match tokio::time::timeout(timeout, r.read_exact(&mut body)).await {
        Ok(read) => read?,
        Err(_) => {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the rest of a frame did not come",
            ))
        }
    };
    Ok((h[0], body))
}

/// How a connection ends.
enum End {
    /// The client closed it (or the final message).
    Quiet,
    /// The error message with this code, then the line is closed.
    Error(u16),
    /// The server closed the line (after the final message).
    Closed,
    /// Cut off without a word: it does not read what it is sent.
    Cut,
}

/// The string in a message longer than `max` octets, if any, found without recursion
/// (messages are at most [`msg::MAX_DEPTH`] deep anyway).
fn long_text(m: &[crate::Node], max: usize) -> bool {
    let mut todo: Vec<&crate::Node> = m.iter().collect();
    while let Some(n) = todo.pop() {
        match n {
            crate::Node::Text(s) if s.len() > max => return true,
            crate::Node::List(l) => todo.extend(l.iter()),
            _ => {}
        }
    }
    false
}

/// `HUH (… ERR …)`: the message with `ERR` before the first string longer than `max`.
fn huh_long_text(m: &[crate::Node], max: usize) -> Vec<crate::Node> {
    fn mark(l: &[crate::Node], max: usize, done: &mut bool) -> Vec<crate::Node> {
        let mut out = Vec::with_capacity(l.len() + 1);
        for n in l {
            match n {
                crate::Node::Text(s) if !*done && s.len() > max => {
                    *done = true;
                    out.push(crate::Node::tok("ERR"));
                    out.push(n.clone());
                }
                crate::Node::List(inner) if !*done => {
                    out.push(crate::Node::List(mark(inner, max, done)));
                }
                _ => out.push(n.clone()),
            }
        }
        out
    }
    let mut done = false;
    vec![
        crate::Node::tok("HUH"),
        crate::Node::List(mark(m, max, &mut done)),
    ]
}

/// `PRN (message)` for a message whose brackets do not balance: its tokens as they came
/// (so unbalanced too, as the syntax says), after `PRN (`, closed by one `)`.
fn prn(body: &[u8]) -> Vec<u8> {
    let prn = crate::tokens::tok("PRN").to_be_bytes();
    let bra = crate::tokens::BRA.to_be_bytes();
    let ket = crate::tokens::KET.to_be_bytes();
    let mut b = Vec::with_capacity(body.len() + 6);
    b.extend(prn);
    b.extend(bra);
    b.extend(body);
    b.extend(ket);
    b
}

async fn connection(
    stream: TcpStream,
    ip: IpAddr,
    lobby: Arc<Mutex<Lobby>>,
    initial_timeout: Duration,
    hosting: Option<Hosting>,
    rm: Arc<Vec<u8>>,
    limits: Arc<Limits>,
) -> io::Result<()> {
    let _ = socket2::SockRef::from(&stream).set_keepalive(true);
    let (mut r, mut w) = stream.into_split();
    // The initial message, within 30 seconds (and once begun, whole within the time a
    // frame has).
    let first = tokio::time::timeout(
        initial_timeout,
        read_frame(&mut r, limits.frame_timeout.min(initial_timeout)),
    )
    .await;
    let (kind, body) = match first {
        Err(_) => return send_em(&mut w, 0x01).await,
        Ok(Err(e)) if e.kind() == io::ErrorKind::TimedOut => return send_em(&mut w, 0x09).await,
        Ok(r) => r?,
    };
    if kind != IM {
        return send_em(&mut w, 0x02).await;
    }
    if body.len() < 4 {
        return send_em(&mut w, 0x09).await;
    }
    let version = u16::from_be_bytes([body[0], body[1]]);
    let magic = u16::from_be_bytes([body[2], body[3]]);
    if magic == 0x10DA {
        return send_em(&mut w, 0x03).await;
    }
    if magic != 0xDA10 {
        return send_em(&mut w, 0x04).await;
    }
    if version != 1 {
        return send_em(&mut w, 0x05).await;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Wire>();
    let line = Line {
        tx,
        unsent: Arc::new(AtomicUsize::new(0)),
        max_unsent: limits.max_unsent_octets,
        end: Arc::new(Notify::new()),
        cut: Arc::new(AtomicBool::new(false)),
    };
    let conn = {
        let mut l = lock(&lobby);
        let conn = l.next_conn;
        l.next_conn += 1;
        l.senders.insert(conn, line.clone());
        conn
    };
    w.write_all(&frame(RM, &rm)).await?;
    // The writer: messages from the table, in order.
    let writer = {
        let unsent = line.unsent.clone();
        let end = line.end.clone();
        let cut = line.cut.clone();
        tokio::spawn(async move {
            while let Some(out) = rx.recv().await {
                match out {
                    Wire::Frame(f) => {
                        let sent = w.write_all(&f).await;
                        unsent.fetch_sub(f.len(), Ordering::SeqCst);
                        if sent.is_err() {
                            cut.store(true, Ordering::SeqCst);
                            end.notify_one();
                            break;
                        }
                    }
                    Wire::Close => {
                        let _ = w.write_all(&[FM, 0, 0, 0]).await;
                        let _ = w.shutdown().await;
                        end.notify_one();
                        break;
                    }
                }
            }
            w
        })
    };
    let mut window = (Instant::now(), 0usize);
    let result: io::Result<End> = async {
        loop {
            let read = tokio::select! {
                read = read_frame(&mut r, limits.frame_timeout) => read,
                _ = line.end.notified() => {
                    return Ok(if line.cut.load(Ordering::SeqCst) { End::Cut } else { End::Closed })
                }
            };
            let (kind, body) = match read {
                Ok(x) => x,
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(End::Quiet),
                Err(e) if e.kind() == io::ErrorKind::TimedOut => return Ok(End::Error(0x09)),
                Err(e) => return Err(e),
            };
            let now = Instant::now();
            if now.duration_since(window.0) >= Duration::from_secs(1) {
                window = (now, 0);
            }
            window.1 += 1;
            if window.1 > limits.flood_per_second {
                tracing::warn!("DAIDE client {conn} floods: cut off");
                return Ok(End::Error(0x08));
            }
            match kind {
                DM => {
                    if body.len() > limits.max_message_octets {
                        // Longer than any message of the game: not read.
                        line.send_msg(&msg::huh(&[]));
                        continue;
                    }
                    let m = match msg::from_bytes_within(&body, limits.max_depth) {
                        Ok(m) => m,
                        Err(msg::MsgError::Brackets) => {
                            // The syntax's answer: PRN with the message as it came.
                            line.send_body(&prn(&body));
                            continue;
                        }
                        Err(_) => {
                            // A language error (odd length, empty, nested too deep): HUH,
                            // the connection stays.
                            line.send_msg(&msg::huh(&[]));
                            continue;
                        }
                    };
                    let bad = msg::encode(&m)
                        .iter()
                        .any(|t| (0x58..=0x5F).contains(&(t >> 8)));
                    if bad {
                        return Ok(End::Error(0x0E));
                    }
                    if long_text(&m, limits.max_text_octets) {
                        line.send_msg(&huh_long_text(&m, limits.max_text_octets));
                        continue;
                    }
                    // A bot asking to play joins a game of the database first.
                    if let Some(h) = &hosting {
                        let newcomer = !lock(&lobby).at.contains_key(&conn);
                        let name = m
                            .get(1)
                            .and_then(crate::Node::inner)
                            .and_then(|n| n.as_text())
                            .map(str::to_string);
                        let version_ok = m
                            .get(2)
                            .and_then(crate::Node::inner)
                            .and_then(|n| n.as_text())
                            .is_some_and(|v| v.len() <= crate::table::MAX_NAME_OCTETS);
                        if let (true, true, Some(name)) =
                            (newcomer, m.first().is_some_and(|n| n.is("NME")), name)
                        {
                            let joined =
                                if name.len() > crate::table::MAX_NAME_OCTETS || !version_ok {
                                    Err(None)
                                } else {
                                    hosted::join(h, &name).await.map_err(Some)
                                };
                            match joined {
                                Ok(seat) => {
                                    let mut l = lock(&lobby);
                                    let t = l.hosted_table(&seat.game);
                                    l.at.insert(conn, t);
                                    l.bot_seats.insert(conn, seat);
                                }
                                Err(e) => {
                                    if let Some(e) = e {
                                        tracing::warn!("DAIDE: no game for bot {name}: {e}");
                                    }
                                    let mut rej = vec![crate::Node::tok("REJ")];
                                    rej.push(crate::Node::List(m.clone()));
                                    line.send_msg(&rej);
                                    continue;
                                }
                            }
                        }
                    }
                    let iam = m.first().is_some_and(|n| n.is("IAM"));
                    let work = {
                        let mut l = lock(&lobby);
                        tracing::debug!(
                            "DAIDE {conn} > {}",
                            msg::text(&m, &*l.board as &dyn Names)
                        );
                        // IAM's passcode is a number below 8192: an address that keeps
                        // guessing is refused for a while without its guesses being tried.
                        if iam && !l.may_guess(ip, now, &limits) {
                            line.send_msg(&[crate::Node::tok("REJ"), crate::Node::List(m)]);
                            continue;
                        }
                        // A panic in one message's handling (a fault of ours) is that
                        // message's HUH; the lobby and every other line go on.
                        let handled =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                match l.table_for(conn, &m) {
                                    Some(t) => {
                                        if let Some(table) = l.table(t) {
                                            table.handle(conn, m.clone(), now);
                                        }
                                        l.flush(t);
                                        // A hosted game's bot: its own, or one back with IAM.
                                        Ok(l.game_of(t).map(|g| (g, l.effects(t))))
                                    }
                                    None => Err(l.answer_alone(&m)),
                                }
                            }));
                        if iam && l.power_of(conn).is_none() {
                            l.guessed(ip, now);
                        }
                        match handled {
                            Ok(Ok(work)) => work,
                            Ok(Err(answer)) => {
                                if let Some(answer) = answer {
                                    line.send_msg(&answer);
                                }
                                None
                            }
                            Err(_) => {
                                tracing::error!(
                                    "DAIDE: handling a message from client {conn} panicked"
                                );
                                line.send_msg(&msg::huh(&m));
                                None
                            }
                        }
                    };
                    if let (Some(h), Some((game, effects))) = (&hosting, work) {
                        follow(&lobby, h, &game, effects).await;
                    }
                }
                FM => return Ok(End::Quiet),
                EM => return Ok(End::Quiet),
                IM => return Ok(End::Error(0x06)),
                RM => return Ok(End::Error(0x0D)),
                _ => return Ok(End::Error(0x08)),
            }
        }
    }
    .await;
    // Gone: the seat is free for IAM, the power in civil disorder, the game goes on. A bot of
    // the database's games that never got its power gives its seat back.
    let (left, unseated) = {
        let mut l = lock(&lobby);
        l.senders.remove(&conn);
        let seat = l.bot_seats.remove(&conn);
        match l.at.remove(&conn) {
            Some(t) => {
                let seated = l
                    .table(t)
                    .is_some_and(|tb| tb.power_of_conn(conn).is_some());
                if let Some(table) = l.table(t) {
                    table.disconnect(conn, Instant::now());
                }
                l.flush(t);
                let effects = l.effects(t);
                (l.game_of(t).map(|g| (g, effects)), seat.filter(|_| !seated))
            }
            None => (None, None),
        }
    };
    if let (Some(h), Some(seat)) = (&hosting, unseated) {
        match hosted::leave(h, &seat).await {
            Ok(true) => {}
            Ok(false) => lock(&lobby).away.push(seat.clone()),
            Err(e) => {
                tracing::warn!(
                    "DAIDE: bot {} could not leave game {}: {e}",
                    seat.account.name,
                    seat.game
                );
                lock(&lobby).away.push(seat.clone());
            }
        }
        if left.is_none() {
            follow(&lobby, h, &seat.game, Vec::new()).await;
        }
    }
    if let (Some(h), Some((game, effects))) = (&hosting, left) {
        follow(&lobby, h, &game, effects).await;
    }
    drop(line);
    if matches!(result, Ok(End::Cut)) {
        writer.abort();
        return Ok(());
    }
    // What is still queued goes out, unless the client does not take it.
    let mut writer = writer;
    let w = match tokio::time::timeout(Duration::from_secs(5), &mut writer).await {
        Ok(w) => w.ok(),
        Err(_) => {
            writer.abort();
            None
        }
    };
    match result {
        Ok(end) => {
            if let (End::Error(code), Some(mut w)) = (end, w) {
                let _ = send_em(&mut w, code).await;
            }
            linger(r).await;
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Before the line is closed, what the client still sends is read and dropped for a moment
/// (until it closes its side): closing a socket with unread data resets the line, and the
/// client could lose the last messages (the final or error message) on their way.
async fn linger(mut r: tokio::net::tcp::OwnedReadHalf) {
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let mut sink = [0u8; 4096];
        while let Ok(n) = r.read(&mut sink).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
}
