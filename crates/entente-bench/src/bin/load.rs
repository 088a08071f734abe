//! `entente-load`: the server load benchmark (docs/bench.md, "Server"). A bounded client on
//! loopback against `entente serve`: sets up N games of 7 players, then
//!
//! 1. a load phase: C concurrent clients, each on its own keep-alive connection, submit
//!    real Spring 1901 sheets for the players' powers, a fixed number of them; every
//!    submission's latency is recorded (p50/p90/p99/max, throughput);
//! 2. an adjudication phase: the game master sets every game's deadline to the same instant
//!    and the client measures the time from that instant until every game has moved past
//!    Spring 1901;
//!
//! and reports the server's peak memory (VmHWM of its process) after each phase.

use clap::Parser;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Load benchmark of `entente serve` (docs/bench.md, "Server").
#[derive(Parser, Clone)]
#[command(name = "entente-load", version)]
struct Args {
    /// The `entente` binary to start (`entente serve`).
    #[arg(long, default_value = "target/release/entente")]
    server: String,
    /// Use a server already running at this base URL (http://127.0.0.1:8080) instead of
    /// starting one; its memory is read when --pid is given.
    #[arg(long)]
    url: Option<String>,
    /// The process id of the server given by --url, for its memory figures.
    #[arg(long)]
    pid: Option<u32>,
    /// The database of the started server: `sqlite:PATH` or `postgres://...` (an empty
    /// database). Default: a fresh SQLite file in the temporary directory.
    #[arg(long)]
    database: Option<String>,
    /// Extra arguments for `entente serve` (e.g. `--server-arg=--workers=8`).
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    server_args: Vec<String>,
    /// Games (each of 7 players).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Player accounts, shared round-robin by the games' seats (default: 7 per game, every
    /// seat its own account).
    #[arg(long)]
    accounts: Option<usize>,
    /// Concurrent connections during set up.
    #[arg(long, default_value_t = 16)]
    setup_clients: usize,
    /// Connections of the load phase (at most this many submissions in flight).
    #[arg(long, default_value_t = 32)]
    clients: usize,
    /// Submissions per second, sent on a fixed schedule whatever the answers (an open
    /// loop: submission i is due at i/RATE seconds, and its latency is counted from then,
    /// so a slow answer that delays the next ones is charged to them too). 0: a closed
    /// loop, each client sending its next sheet when the last is answered (saturation).
    #[arg(long, default_value_t = 100.0)]
    rate: f64,
    /// Submissions in the load phase (default: 60 seconds' worth at --rate; 10 per seat in
    /// a closed loop, 70,000 for 1,000 games).
    #[arg(long)]
    submissions: Option<usize>,
    /// Seconds from the last deadline set to the common deadline (the deadlines fall in
    /// the same minute).
    #[arg(long, default_value_t = 5)]
    lead_seconds: u64,
    /// Give up waiting for the adjudications after this many seconds.
    #[arg(long, default_value_t = 600)]
    timeout: u64,
}

/// Spring 1901 orders for each power of the standard map.
const SHEETS: [(&str, &str); 7] = [
    ("Austria", "A Vie - Gal\nA Bud - Ser\nF Tri - Alb\n"),
    ("England", "F Lon - ENG\nF Edi - NTH\nA Lvp - Yor\n"),
    ("France", "F Bre - MAO\nA Par - Bur\nA Mar - Spa\n"),
    ("Germany", "F Kie - Den\nA Ber - Kie\nA Mun - Ruh\n"),
    ("Italy", "F Nap - ION\nA Rom - Apu\nA Ven H\n"),
    (
        "Russia",
        "A Mos - Ukr\nA War - Gal\nF StP - Bot\nF Sev - Bla\n",
    ),
    ("Turkey", "F Ank - Bla\nA Con - Bul\nA Smy - Con\n"),
];

fn sheet_of(power: &str) -> &'static str {
    SHEETS
        .iter()
        .find(|(p, _)| *p == power)
        .map(|(_, s)| *s)
        .unwrap_or("")
}

/// What stops the benchmark.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("connect {addr}: {source}")]
    Connect {
        addr: String,
        source: std::io::Error,
    },
    #[error("{what}: {source}")]
    Http { what: String, source: hyper::Error },
    #[error("a request that cannot be built: {0}")]
    Request(#[from] hyper::http::Error),
    #[error("{what} -> {status} {body}")]
    Status {
        what: String,
        status: u16,
        body: Value,
    },
    #[error("{0}: the connection keeps closing")]
    Closing(String),
    /// The server answered, but not what the benchmark needs.
    #[error("{0}")]
    Answer(String),
    #[error("cannot start {server}: {source} (build it: cargo build --release -p entente)")]
    Start {
        server: String,
        source: std::io::Error,
    },
    #[error("the server did not say where it listens: {0:?}")]
    NoAddress(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("a client task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    #[error("the connections' semaphore closed")]
    Closed(#[from] tokio::sync::AcquireError),
    #[error("no free connection although one was permitted")]
    NoConnection,
    #[error("the common deadline: {0}")]
    Time(#[from] jiff::Error),
    #[error(
        "setting the deadlines took {secs:.1} s, past the deadline {at}: raise --lead-seconds"
    )]
    LateDeadlines { secs: f64, at: String },
    #[error("game {game} still in {phase} after {secs} s")]
    Timeout {
        game: String,
        phase: Value,
        secs: u64,
    },
}

type Res<T> = Result<T, LoadError>;

/// One keep-alive HTTP/1.1 connection to the server.
struct Conn {
    addr: String,
    host: String,
    send: Option<SendRequest<Full<Bytes>>>,
}

impl Conn {
    fn new(base: &str) -> Conn {
        let host = base
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Conn {
            addr: host.clone(),
            host,
            send: None,
        }
    }

    async fn connect(&mut self) -> Res<()> {
        let stream = tokio::net::TcpStream::connect(&self.addr)
            .await
            .map_err(|source| LoadError::Connect {
                addr: self.addr.clone(),
                source,
            })?;
        let _ = stream.set_nodelay(true);
        let (send, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|source| LoadError::Http {
                what: "handshake".into(),
                source,
            })?;
        tokio::spawn(async move {
            let _ = conn.await;
        });
        self.send = Some(send);
        Ok(())
    }

    /// Sends a request; the status and the body as JSON (`Null` when empty).
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Res<(u16, Value)> {
        for attempt in 0..2 {
            if self.send.as_ref().is_none_or(|s| s.is_closed()) {
                self.connect().await?;
            }
            let send = self.send.as_mut().expect("connected");
            if send.ready().await.is_err() {
                self.send = None;
                continue;
            }
            let mut req = hyper::Request::builder()
                .method(method)
                .uri(path)
                .header("host", &self.host);
            if let Some(t) = token {
                req = req.header("authorization", format!("Bearer {t}"));
            }
            let bytes = match body {
                Some(b) => {
                    req = req.header("content-type", "application/json");
                    Bytes::from(b.to_string())
                }
                None => Bytes::new(),
            };
            let req = req.body(Full::new(bytes))?;
            let resp = match send.send_request(req).await {
                Ok(r) => r,
                Err(e) if attempt == 0 => {
                    eprintln!("retrying {method} {path}: {e}");
                    self.send = None;
                    continue;
                }
                Err(source) => {
                    return Err(LoadError::Http {
                        what: format!("{method} {path}"),
                        source,
                    })
                }
            };
            let status = resp.status().as_u16();
            let body = resp
                .into_body()
                .collect()
                .await
                .map_err(|source| LoadError::Http {
                    what: format!("{method} {path}"),
                    source,
                })?
                .to_bytes();
            let v = if body.is_empty() {
                Value::Null
            } else {
                serde_json::from_slice(&body)
                    .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into()))
            };
            return Ok((status, v));
        }
        Err(LoadError::Closing(format!("{method} {path}")))
    }

    /// A request that must succeed (2xx).
    async fn ok(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Res<Value> {
        let (st, v) = self.call(method, path, token, body).await?;
        if (200..300).contains(&st) {
            Ok(v)
        } else {
            Err(LoadError::Status {
                what: format!("{method} {path}"),
                status: st,
                body: v,
            })
        }
    }
}

/// One client's task: the items it did, with their results.
type Worker<T> = tokio::task::JoinHandle<Res<Vec<(usize, T)>>>;

/// Runs `f` on items `0..n` with `clients` connections at once.
async fn for_all<T, F, Fut>(base: &str, n: usize, clients: usize, f: F) -> Res<Vec<T>>
where
    T: Send + 'static,
    F: Fn(Conn, usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = (Conn, Res<T>)> + Send,
{
    let next = Arc::new(AtomicUsize::new(0));
    let f = Arc::new(f);
    let mut tasks: Vec<Worker<T>> = Vec::new();
    for _ in 0..clients.max(1).min(n.max(1)) {
        let next = next.clone();
        let f = f.clone();
        let base = base.to_string();
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            let mut conn = Conn::new(&base);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    return Ok(out);
                }
                let (c, r) = f(conn, i).await;
                conn = c;
                out.push((i, r?));
            }
        }));
    }
    let mut all = Vec::with_capacity(n);
    for t in tasks {
        all.extend(t.await??);
    }
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, v)| v).collect())
}

/// `kB` figures of the server's /proc status: (VmHWM, VmRSS) in MiB.
fn memory(pid: Option<u32>) -> Option<(f64, f64)> {
    let text = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024.0)
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// CPU seconds (user + system) the process `pid` has used.
fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{}/stat", pid?)).ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    // USER_HZ is 100 on Linux.
    Some(ticks / 100.0)
}

fn report_memory(pid: Option<u32>, when: &str) {
    match memory(pid) {
        Some((hwm, rss)) => {
            println!("server memory {when}: peak (VmHWM) {hwm:.1} MiB, now (VmRSS) {rss:.1} MiB")
        }
        None => println!("server memory {when}: unknown (no --pid)"),
    }
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server(a: &Args, database: &str) -> Res<Server> {
    let mut cmd = Command::new(&a.server);
    cmd.args(["serve", "--database", database, "--listen", "127.0.0.1:0"]);
    // Every account is signed up from this one address: the server's limit of new accounts
    // per address and hour (5 by default) is lifted unless the caller sets it.
    if !a
        .server_args
        .iter()
        .any(|x| x.starts_with("--signup-limit"))
    {
        cmd.args(["--signup-limit", "0"]);
    }
    cmd.args(&a.server_args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = cmd.spawn().map_err(|source| LoadError::Start {
        server: a.server.clone(),
        source,
    })?;
    let stdout = child.stdout.take().expect("piped");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .ok_or_else(|| LoadError::NoAddress(line.clone()))?
        .to_string();
    Ok(Server { child, base })
}

/// A seat: the game's id, the player's token and the power they play.
#[derive(Clone)]
struct Seat {
    game: String,
    token: Arc<str>,
    power: String,
}

/// Submits the Spring 1901 sheet of `seat`; every line must be understood.
async fn submit(c: &mut Conn, seat: &Seat) -> Res<()> {
    let body = json!({"power": seat.power, "orders": sheet_of(&seat.power)});
    let r = c
        .call(
            "POST",
            &format!("/api/v1/games/{}/orders", seat.game),
            Some(&seat.token),
            Some(&body),
        )
        .await?;
    match r {
        (200, v) => {
            let bad = v["lines"]
                .as_array()
                .is_none_or(|ls| ls.iter().any(|l| !l["error"].is_null()));
            if bad {
                Err(LoadError::Answer(format!(
                    "sheet of {} not understood: {v}",
                    seat.power
                )))
            } else {
                Ok(())
            }
        }
        (status, body) => Err(LoadError::Status {
            what: "submission".into(),
            status,
            body,
        }),
    }
}

/// The open loop: submission `i` is due at `i / rate` seconds after the start, whether or
/// not the earlier ones were answered; it waits for one of `clients` connections, and its
/// latency runs from when it was due to its answer (no coordinated omission: a stall of
/// the server is charged to every submission it delays).
async fn open_loop(
    base: &str,
    seats: Arc<Vec<Seat>>,
    total: usize,
    clients: usize,
    rate: f64,
) -> Res<Vec<Duration>> {
    let pool: Arc<std::sync::Mutex<Vec<Conn>>> = Arc::new(std::sync::Mutex::new(
        (0..clients.max(1)).map(|_| Conn::new(base)).collect(),
    ));
    let permits = Arc::new(tokio::sync::Semaphore::new(clients.max(1)));
    let start = tokio::time::Instant::now();
    let mut tasks = Vec::with_capacity(total);
    for i in 0..total {
        let due = start + Duration::from_secs_f64(i as f64 / rate);
        tokio::time::sleep_until(due).await;
        let seat = seats[(i * 7919) % seats.len()].clone();
        let (pool, permits) = (pool.clone(), permits.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await?;
            let mut conn = pool
                .lock()
                .expect("pool")
                .pop()
                .ok_or(LoadError::NoConnection)?;
            let r = submit(&mut conn, &seat).await;
            let d = due.elapsed();
            pool.lock().expect("pool").push(conn);
            r.map(|()| d)
        }));
    }
    let mut out = Vec::with_capacity(total);
    for t in tasks {
        out.push(t.await??);
    }
    Ok(out)
}

async fn run(a: Args) -> Res<()> {
    let tag = format!(
        "{:x}",
        std::process::id() ^ (jiff::Timestamp::now().as_second() as u32)
    );
    let mut server = None;
    let (base, pid) = match &a.url {
        Some(u) => (u.trim_end_matches('/').to_string(), a.pid),
        None => {
            let database = match &a.database {
                Some(d) => d.clone(),
                None => {
                    let path = std::env::temp_dir().join(format!("entente-load-{tag}.db"));
                    format!("sqlite:{}", path.display())
                }
            };
            let s = start_server(&a, &database)?;
            println!(
                "server: {} serve --database {database} {}",
                a.server,
                a.server_args.join(" ")
            );
            let base = s.base.clone();
            let pid = Some(s.child.id());
            server = Some(s);
            (base, pid)
        }
    };
    let n = a.games;
    let accounts = a.accounts.unwrap_or(7 * n).max(7);
    println!("{n} games of 7 players, {accounts} player accounts, on {base}");

    // Set up: accounts and tokens.
    let t0 = Instant::now();
    let password = "load-password";
    let names: Arc<Vec<String>> = Arc::new(
        std::iter::once(format!("lgm{tag}"))
            .chain((0..accounts).map(|i| format!("lp{tag}x{i}")))
            .collect(),
    );
    let nm = names.clone();
    let tokens: Vec<Arc<str>> = for_all(&base, names.len(), a.setup_clients, move |mut c, i| {
        let name = nm[i].clone();
        async move {
            let r = async {
                c.ok(
                    "POST",
                    "/api/v1/accounts",
                    None,
                    Some(&json!({"name": name, "email": format!("{name}@example.org"), "password": password})),
                )
                .await?;
                let t = c
                    .ok(
                        "POST",
                        "/api/v1/tokens",
                        None,
                        Some(&json!({"name": name, "password": password})),
                    )
                    .await?;
                let token = t["token"]
                    .as_str()
                    .ok_or_else(|| LoadError::Answer(format!("no token in {t}")))?;
                Ok(Arc::from(token))
            }
            .await;
            (c, r)
        }
    })
    .await?;
    let t_accounts = t0.elapsed();
    println!(
        "set up: {} accounts with tokens in {:.1} s",
        tokens.len(),
        t_accounts.as_secs_f64()
    );
    let gm: Arc<str> = tokens[0].clone();
    let players: Arc<Vec<Arc<str>>> = Arc::new(tokens[1..].to_vec());

    // Games, created by one game master and joined by 7 players each.
    let t1 = Instant::now();
    let g = gm.clone();
    let ps = players.clone();
    let games: Vec<(String, Vec<Seat>)> = for_all(&base, n, a.setup_clients, move |mut c, i| {
        let gm = g.clone();
        let ps = ps.clone();
        async move {
            let r = async {
                let id = c
                    .ok(
                        "POST",
                        "/api/v1/games",
                        Some(&gm),
                        Some(&json!({"title": format!("load {i}"), "setup": "7", "deadlines": {"kind": "manual"}})),
                    )
                    .await?["id"]
                    .as_str()
                    .ok_or_else(|| LoadError::Answer("no game id".into()))?
                    .to_string();
                let join = json!({"role": "player"});
                let seats: Vec<Arc<str>> =
                    (0..7).map(|k| ps[(7 * i + k) % ps.len()].clone()).collect();
                for t in &seats {
                    c.ok("POST", &format!("/api/v1/games/{id}/join"), Some(t), Some(&join))
                        .await?;
                }
                let mut out = Vec::new();
                for t in seats {
                    let g = c
                        .ok("GET", &format!("/api/v1/games/{id}"), Some(&t), None)
                        .await?;
                    let mine = g["my_powers"]
                        .as_array()
                        .ok_or_else(|| LoadError::Answer(format!("no my_powers in {g}")))?;
                    for p in mine {
                        out.push(Seat {
                            game: id.clone(),
                            token: t.clone(),
                            power: p.as_str().unwrap_or_default().to_string(),
                        });
                    }
                }
                if out.len() != 7 {
                    return Err(LoadError::Answer(format!(
                        "game {id}: {} seats seen, not 7",
                        out.len()
                    )));
                }
                Ok((id, out))
            }
            .await;
            (c, r)
        }
    })
    .await?;
    let t_games = t1.elapsed();
    println!(
        "set up: {n} games created, joined and started in {:.1} s (total set up {:.1} s)",
        t_games.as_secs_f64(),
        t0.elapsed().as_secs_f64()
    );
    report_memory(pid, "after set up");

    // Load: sheets submitted at a fixed rate, or by C clients in a closed loop.
    let seats: Arc<Vec<Seat>> = Arc::new(games.iter().flat_map(|(_, s)| s.clone()).collect());
    let total = a.submissions.unwrap_or(if a.rate > 0.0 {
        (a.rate * 60.0).ceil() as usize
    } else {
        10 * seats.len()
    });
    let cpu0 = cpu_seconds(pid);
    let t2 = Instant::now();
    let lat: Vec<Duration> = if a.rate > 0.0 {
        open_loop(&base, seats.clone(), total, a.clients, a.rate).await?
    } else {
        let st = seats.clone();
        for_all(&base, total, a.clients, move |mut c, i| {
            let seat = st[(i * 7919) % st.len()].clone();
            async move {
                let t = Instant::now();
                let r = submit(&mut c, &seat).await.map(|()| t.elapsed());
                (c, r)
            }
        })
        .await?
    };
    let wall = t2.elapsed();
    let mut sorted = lat.clone();
    sorted.sort();
    let mode = if a.rate > 0.0 {
        format!(
            "at a fixed rate of {}/s on up to {} connections",
            a.rate, a.clients
        )
    } else {
        format!("by {} clients in a closed loop", a.clients)
    };
    println!(
        "load: {} submissions {mode} in {:.1} s: {:.0} per second",
        sorted.len(),
        wall.as_secs_f64(),
        sorted.len() as f64 / wall.as_secs_f64()
    );
    if let (Some(c0), Some(c1)) = (cpu0, cpu_seconds(pid)) {
        let used = c1 - c0;
        println!(
            "server CPU during the load: {used:.1} s ({:.2} ms per submission, {:.0}% of one core)",
            used * 1000.0 / sorted.len().max(1) as f64,
            used * 100.0 / wall.as_secs_f64()
        );
    }
    println!(
        "submission latency: p50 {}, p90 {}, p99 {}, max {}",
        ms(percentile(&sorted, 0.50)),
        ms(percentile(&sorted, 0.90)),
        ms(percentile(&sorted, 0.99)),
        ms(*sorted.last().unwrap_or(&Duration::ZERO))
    );
    report_memory(pid, "after the load");

    // Adjudication: every game's deadline at one instant.
    let ids: Arc<Vec<String>> = Arc::new(games.iter().map(|(id, _)| id.clone()).collect());
    // Setting the deadlines takes about as long as n submissions; the instant is that
    // far ahead, plus the lead.
    let per = wall.as_secs_f64() / total.max(1) as f64;
    let ahead = Duration::from_secs_f64(per * n as f64 * 2.0) + Duration::from_secs(a.lead_seconds);
    let at = jiff::Timestamp::now()
        .checked_add(jiff::SignedDuration::try_from(ahead)?)?
        .round(jiff::Unit::Second)?;
    let deadline_at = Instant::now()
        + Duration::from_millis(
            (at.as_millisecond() - jiff::Timestamp::now().as_millisecond()).max(0) as u64,
        );
    let t3 = Instant::now();
    let (g, ids2) = (gm.clone(), ids.clone());
    let at_text = at.to_string();
    for_all(&base, n, a.setup_clients, move |mut c, i| {
        let gm = g.clone();
        let id = ids2[i].clone();
        let body = json!({"act": "deadline", "at": at_text});
        async move {
            let r = c
                .ok(
                    "POST",
                    &format!("/api/v1/games/{id}/gm"),
                    Some(&gm),
                    Some(&body),
                )
                .await
                .map(|_| ());
            (c, r)
        }
    })
    .await?;
    let set_time = t3.elapsed();
    if Instant::now() > deadline_at {
        return Err(LoadError::LateDeadlines {
            secs: set_time.as_secs_f64(),
            at: at.to_string(),
        });
    }
    println!(
        "adjudication: {n} deadlines set to {at} in {:.1} s",
        set_time.as_secs_f64()
    );
    tokio::time::sleep_until(deadline_at.into()).await;
    // One client, one game at a time: waits for each game to leave Spring 1901 (a game
    // not yet there is asked again 50 ms later), so the load on the server is light and
    // the last game seen advanced bounds the time from above.
    let mut conn = Conn::new(&base);
    let limit = Instant::now() + Duration::from_secs(a.timeout);
    let mut polls = 0usize;
    for id in ids.iter() {
        loop {
            polls += 1;
            let g = conn
                .ok("GET", &format!("/api/v1/games/{id}"), Some(&gm), None)
                .await?;
            if g["phase"].as_str().is_some_and(|p| p != "S1901M") {
                break;
            }
            if Instant::now() > limit {
                return Err(LoadError::Timeout {
                    game: id.clone(),
                    phase: g["phase"].clone(),
                    secs: a.timeout,
                });
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let adjudicated = deadline_at.elapsed();
    println!(
        "adjudication: all {n} games past Spring 1901 {:.2} s after their common deadline ({polls} polls)",
        adjudicated.as_secs_f64()
    );
    report_memory(pid, "at the end");
    drop(server);
    Ok(())
}

fn main() -> ExitCode {
    let a = Args::parse();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    match rt.block_on(run(a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("entente-load: {e}");
            ExitCode::FAILURE
        }
    }
}
