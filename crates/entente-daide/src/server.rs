//! The TCP server (`daide_protocol.txt`): each connection must open with the initial message
//! (within 30 seconds, version 1, magic 0xDA10), gets the representation message, then
//! exchanges diplomacy messages. Structural faults get the protocol's error message and the
//! connection is closed; a client that floods is cut off; either way its power goes into civil
//! disorder and the game goes on. Bots that ask to play sit at the open table; when its seats
//! are taken its game starts and the next bots fill a new table.

use crate::board::Board;
use crate::hosted::{self, BotSeat, Hosting};
use crate::msg::{self, Names};
use crate::table::{ConnId, Out, Table, TableConfig};
use entente_map::Map;
use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// Message types.
const IM: u8 = 0;
const RM: u8 = 1;
const DM: u8 = 2;
const FM: u8 = 3;
const EM: u8 = 4;

/// At most this many messages in one second from a client; more and it is cut off.
pub const FLOOD_PER_SECOND: usize = 300;

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
    senders: HashMap<ConnId, mpsc::UnboundedSender<Out>>,
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
                let _ = s.send(out);
            }
        }
        if table.is_over() && !self.at.values().any(|&x| x == t) {
            self.tables[t] = None;
            self.hosted.retain(|_, x| *x != t);
            self.versions.remove(&t);
            self.seat_accounts.retain(|(x, _), _| *x != t);
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
        let t = open.unwrap_or_else(|| {
            self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            self.tables.push(Some(Table::new(
                self.board.clone(),
                self.config.clone(),
                self.seed,
            )));
            self.tables.len() - 1
        });
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

/// Serves DAIDE clients on `listener` until the task is dropped.
pub async fn serve(listener: TcpListener, config: DaideConfig) -> io::Result<()> {
    let board = Arc::new(
        Board::new(config.map.clone())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?,
    );
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
                    let l = lobby.lock().expect("lobby");
                    l.hosted.iter().map(|(g, &t)| (g.clone(), t)).collect()
                };
                for (game, t) in games {
                    let seen = lobby.lock().expect("lobby").versions.get(&t).copied();
                    match hosted::version(&h, &game).await {
                        Ok(Some(v)) if Some(v) == seen => {}
                        Ok(_) => follow(&lobby, &h, &game, Vec::new()).await,
                        Err(e) => tracing::warn!("DAIDE: game {game}: {e}"),
                    }
                }
            }
        });
    }
    // Deadlines.
    {
        let lobby = lobby.clone();
        let tick = config.tick;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            loop {
                every.tick().await;
                let mut l = lobby.lock().expect("lobby");
                let now = Instant::now();
                for t in 0..l.tables.len() {
                    if let Some(table) = l.table(t) {
                        table.tick(now);
                    }
                    l.flush(t);
                }
            }
        });
    }
    let initial_timeout = config.initial_timeout;
    loop {
        let (stream, _) = listener.accept().await?;
        let lobby = lobby.clone();
        let hosting = config.hosting.clone();
        tokio::spawn(async move {
            if let Err(e) = connection(stream, lobby, initial_timeout, hosting).await {
                tracing::debug!("DAIDE connection ended: {e}");
            }
        });
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
            let mut l = lobby.lock().expect("lobby");
            let t = l.hosted.get(game).copied();
            let seated = |l: &Lobby, t: usize| {
                l.bot_seats.iter().all(|(c, s)| {
                    s.game != game
                        || l.tables[t]
                            .as_ref()
                            .is_some_and(|tb| tb.power_of_conn(*c).is_some())
                })
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
            let mut l = lobby.lock().expect("lobby");
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
                match snap.game {
                    Some(g) => table.sync(g, snap.deadline),
                    None => table.set_deadline(snap.deadline),
                }
            }
            for (p, seat) in seated {
                l.seat_accounts.insert((t, p), seat);
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

async fn read_header(r: &mut (impl AsyncReadExt + Unpin)) -> io::Result<(u8, Vec<u8>)> {
    let mut h = [0u8; 4];
    r.read_exact(&mut h).await?;
    let len = u16::from_be_bytes([h[2], h[3]]) as usize;
    let mut body = vec![0u8; len];
    r.read_exact(&mut body).await?;
    Ok((h[0], body))
}

async fn connection(
    stream: TcpStream,
    lobby: Arc<Mutex<Lobby>>,
    initial_timeout: Duration,
    hosting: Option<Hosting>,
) -> io::Result<()> {
    let _ = socket2::SockRef::from(&stream).set_keepalive(true);
    let (mut r, mut w) = stream.into_split();
    // The initial message, within 30 seconds.
    let first = tokio::time::timeout(initial_timeout, read_header(&mut r)).await;
    let (kind, body) = match first {
        Err(_) => return send_em(&mut w, 0x01).await,
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
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let (conn, rm) = {
        let mut l = lobby.lock().expect("lobby");
        let conn = l.next_conn;
        l.next_conn += 1;
        l.senders.insert(conn, tx.clone());
        (conn, l.board.representation())
    };
    let mut head = vec![RM, 0];
    head.extend((rm.len() as u16).to_be_bytes());
    head.extend(rm);
    w.write_all(&head).await?;
    // The writer: messages from the table, in order.
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Out::Msg(m) => {
                    let b = msg::to_bytes(&m);
                    let mut frame = vec![DM, 0];
                    frame.extend((b.len() as u16).to_be_bytes());
                    frame.extend(b);
                    if w.write_all(&frame).await.is_err() {
                        break;
                    }
                }
                Out::Close => {
                    let _ = w.write_all(&[FM, 0, 0, 0]).await;
                    let _ = w.shutdown().await;
                    break;
                }
            }
        }
        w
    });
    let mut window = (Instant::now(), 0usize);
    let result: io::Result<Option<u16>> = async {
        loop {
            let (kind, body) = match read_header(&mut r).await {
                Ok(x) => x,
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
                Err(e) => return Err(e),
            };
            let now = Instant::now();
            if now.duration_since(window.0) >= Duration::from_secs(1) {
                window = (now, 0);
            }
            window.1 += 1;
            if window.1 > FLOOD_PER_SECOND {
                tracing::warn!("DAIDE client {conn} floods: cut off");
                return Ok(Some(0x08));
            }
            match kind {
                DM => {
                    let m = match msg::from_bytes(&body) {
                        Ok(m) => m,
                        Err(_) => {
                            // A language error: HUH, the connection stays.
                            let _ = tx.send(Out::Msg(msg::huh(&[])));
                            continue;
                        }
                    };
                    let bad = msg::encode(&m)
                        .iter()
                        .any(|t| (0x58..=0x5F).contains(&(t >> 8)));
                    if bad {
                        return Ok(Some(0x0E));
                    }
                    // A bot asking to play joins a game of the database first.
                    if let Some(h) = &hosting {
                        let newcomer = !lobby.lock().expect("lobby").at.contains_key(&conn);
                        let name = m
                            .get(1)
                            .and_then(crate::Node::inner)
                            .and_then(|n| n.as_text())
                            .map(str::to_string);
                        if let (true, true, Some(name)) =
                            (newcomer, m.first().is_some_and(|n| n.is("NME")), name)
                        {
                            match hosted::join(h, &name).await {
                                Ok(seat) => {
                                    let mut l = lobby.lock().expect("lobby");
                                    let t = l.hosted_table(&seat.game);
                                    l.at.insert(conn, t);
                                    l.bot_seats.insert(conn, seat);
                                }
                                Err(e) => {
                                    tracing::warn!("DAIDE: no game for bot {name}: {e}");
                                    let mut rej = vec![crate::Node::tok("REJ")];
                                    rej.push(crate::Node::List(m.clone()));
                                    let _ = tx.send(Out::Msg(rej));
                                    continue;
                                }
                            }
                        }
                    }
                    let work = {
                        let mut l = lobby.lock().expect("lobby");
                        tracing::debug!(
                            "DAIDE {conn} > {}",
                            msg::text(&m, &*l.board as &dyn Names)
                        );
                        match l.table_for(conn, &m) {
                            Some(t) => {
                                if let Some(table) = l.table(t) {
                                    table.handle(conn, m, now);
                                }
                                l.flush(t);
                                // A hosted game's bot: its own, or one back with IAM.
                                l.game_of(t).map(|g| (g, l.effects(t)))
                            }
                            None => {
                                if let Some(answer) = l.answer_alone(&m) {
                                    let _ = tx.send(Out::Msg(answer));
                                }
                                None
                            }
                        }
                    };
                    if let (Some(h), Some((game, effects))) = (&hosting, work) {
                        follow(&lobby, h, &game, effects).await;
                    }
                }
                FM => return Ok(None),
                EM => return Ok(None),
                IM => return Ok(Some(0x06)),
                RM => return Ok(Some(0x0D)),
                _ => return Ok(Some(0x08)),
            }
        }
    }
    .await;
    // Gone: the seat is free for IAM, the power in civil disorder, the game goes on.
    let left = {
        let mut l = lobby.lock().expect("lobby");
        l.senders.remove(&conn);
        l.bot_seats.remove(&conn);
        match l.at.remove(&conn) {
            Some(t) => {
                if let Some(table) = l.table(t) {
                    table.disconnect(conn, Instant::now());
                }
                l.flush(t);
                let effects = l.effects(t);
                l.game_of(t).map(|g| (g, effects))
            }
            None => None,
        }
    };
    if let (Some(h), Some((game, effects))) = (&hosting, left) {
        follow(&lobby, h, &game, effects).await;
    }
    drop(tx);
    let mut w = writer.await.map_err(io::Error::other)?;
    if let Ok(Some(code)) = result {
        let _ = send_em(&mut w, code).await;
    }
    result.map(|_| ())
}
