//! The benchmark suite behind `entente-bench`: entente and the Rust peer on identical work,
//! in one run, as a JSON report (which `scripts/bench.sh` merges with the Python package's)
//! and a text table with ratios.
//!
//! (a) one Spring 1901 movement adjudication of the rulebook's opening (22 units), with and
//!     without parsing the order text;
//! (b) random full games (every power picks uniformly among its legal orders, 1901 until a
//!     victory or 1950): phases/s and games/s on one core; and, as identical work for the
//!     peer, adjudicating the movement phases those games recorded;
//! (c) peak memory of (b) (measured in a child process: see [`memory_run`]);
//! (d) legal-order generation per phase.

use crate::driver::RandomGames;
use entente_game::{Game, PhaseKind};
use entente_judge::{Judge, MovementResult, Position, Rulebook};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Map, PowerId};
use entente_orders::{parse_order, Order};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

/// The opening of the rulebook's sample game (`examples/spring-1901.scn`).
pub const OPENING: [(&str, &str); 22] = [
    ("Austria", "A Vie - Tri"),
    ("Austria", "A Bud - Gal"),
    ("Austria", "F Tri - Alb"),
    ("England", "A Lvp - Yor"),
    ("England", "F Lon - Nth"),
    ("England", "F Edi - Nwg"),
    ("France", "A Par - Bur"),
    ("France", "A Mar - Spa"),
    ("France", "F Bre - Pic"),
    ("Germany", "A Ber - Kie"),
    ("Germany", "A Mun - Ruh"),
    ("Germany", "F Kie - Den"),
    ("Italy", "A Ven - Pie"),
    ("Italy", "A Rom - Ven"),
    ("Italy", "F Nap - Ion"),
    ("Russia", "A Mos - Ukr"),
    ("Russia", "A War - Gal"),
    ("Russia", "F StP - Bot"),
    ("Russia", "F Sev - Bla"),
    ("Turkey", "A Con - Bul"),
    ("Turkey", "A Smy - Con"),
    ("Turkey", "F Ank - Bla"),
];

/// The last year of a random game (it ends earlier on a victory).
pub const END_YEAR: i32 = 1950;

#[derive(Clone, Debug)]
pub struct Options {
    /// Time spent on each timing (split into rounds; the median round counts).
    pub seconds_each: f64,
    /// Random games played for (b).
    pub games: u32,
    /// Games whose movement phases are replayed through both judges.
    pub replay_games: u32,
    /// Run the Rust peer too (when built with the `peers` feature).
    pub peers: bool,
}

impl Options {
    pub fn full() -> Options {
        Options {
            seconds_each: 1.0,
            games: 500,
            replay_games: 20,
            peers: true,
        }
    }
    /// A few milliseconds per measurement: for tests that only check the suite runs.
    pub fn smoke() -> Options {
        Options {
            seconds_each: 0.01,
            games: 2,
            replay_games: 1,
            peers: true,
        }
    }
}

static WALL_CLOCK: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Times with the wall clock from now on (for a quiet machine), not thread CPU time.
pub fn use_wall_clock(on: bool) {
    WALL_CLOCK.store(on, std::sync::atomic::Ordering::Relaxed);
}

fn wall() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Seconds of CPU time this thread has used, so that other processes on a busy machine do not
/// count; wall-clock time where that clock is missing or [`use_wall_clock`] asked for it.
/// [`clock_name`] says which.
pub fn now() -> f64 {
    if WALL_CLOCK.load(std::sync::atomic::Ordering::Relaxed) {
        return wall();
    }
    thread_cpu().unwrap_or_else(wall)
}

/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`: this thread's CPU time, to the nanosecond (as
/// Python's `time.thread_time()`).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec of the platform's layout (64-bit Linux).
    let r = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (r == 0).then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> Option<f64> {
    None
}

/// The clock [`now`] reads.
pub fn clock_name() -> &'static str {
    if !WALL_CLOCK.load(std::sync::atomic::Ordering::Relaxed) && thread_cpu().is_some() {
        "thread CPU time"
    } else {
        "wall clock"
    }
}

/// Mean seconds per call of `f`: the median of 7 rounds, each about `budget / 7` long.
pub fn per_call(budget: f64, mut f: impl FnMut()) -> f64 {
    f();
    let mut n = 1u64;
    loop {
        let t = now();
        for _ in 0..n {
            f();
        }
        let e = now() - t;
        if e >= (budget / 70.0).max(1e-3) || n >= 1 << 30 {
            let per = e / n as f64;
            n = ((budget / 7.0 / per) as u64).max(1);
            break;
        }
        n *= 2;
    }
    let mut rounds: Vec<f64> = (0..7)
        .map(|_| {
            let t = now();
            for _ in 0..n {
                f();
            }
            (now() - t) / n as f64
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[3]
}

fn opening_orders(map: &Map) -> Vec<(PowerId, Order)> {
    OPENING
        .iter()
        .map(|(p, o)| {
            (
                map.lookup_power(p).expect("power"),
                parse_order(map, o).expect("opening order"),
            )
        })
        .collect()
}

/// Movement phases recorded from random games: the position and the orders given.
pub fn record_movement_phases(map: &Map, games: u32) -> Vec<(Position, Vec<(PowerId, Order)>)> {
    let mut g = RandomGames::new(map, Rulebook::default_game(), END_YEAR);
    let mut out = Vec::new();
    for seed in 1..=games as u64 {
        g.reset(seed);
        while !g.is_over() {
            g.choose();
            if g.phase().kind == PhaseKind::Movement {
                out.push((g.position().clone(), g.orders().to_vec()));
            }
            g.apply();
        }
    }
    out
}

/// Plays games through `entente_game::Game::process` (history, cloned positions and all),
/// choosing orders as the fast path does: what "use entente-game" would cost.
pub fn games_through_game(map: &Arc<Map>, games: u32) -> (u64, f64) {
    let mut legal = Legal::new(map);
    let mut buf = LegalOrders::new();
    let mut orders = Vec::new();
    let mut phases = 0u64;
    let t = now();
    for seed in 1..=games as u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = Game::new(map.clone(), Rulebook::default_game());
        g.set_end_year(Some(END_YEAR));
        while !g.is_over() {
            match g.phase().kind {
                PhaseKind::Movement => legal.movement(g.position(), &mut buf),
                PhaseKind::Retreat => legal.retreats(g.position(), &mut buf),
                PhaseKind::Adjustment => legal.adjustments(g.position(), &mut buf),
            }
            orders.clear();
            legal.choose(&buf, |n| rng.random_range(0..n), &mut orders);
            g.process(&orders);
            phases += 1;
        }
        black_box(g.history().len());
    }
    (phases, now() - t)
}

/// (c) in this process: plays `games` random games and reports the peak of live heap bytes
/// (when the counting allocator is installed) and the peak resident set (`VmHWM`). Run it in
/// a fresh child process so nothing else has touched the peak.
pub fn memory_run(games: u32) -> Value {
    let counting = crate::alloc::installed();
    let rss_before = crate::alloc::proc_status_kib("VmRSS");
    let map = Map::standard();
    crate::alloc::reset_peak();
    let live_before = crate::alloc::live_bytes();
    let mut g = RandomGames::new(&map, Rulebook::default_game(), END_YEAR);
    let mut phases = 0u64;
    for seed in 1..=games as u64 {
        phases += g.play(seed).phases as u64;
    }
    json!({
        "games": games,
        "phases": phases,
        "heap_peak_bytes": counting.then(|| crate::alloc::peak_bytes() - live_before),
        "heap_peak_including_map_bytes": counting.then(crate::alloc::peak_bytes),
        "vm_rss_before_kib": rss_before,
        "vm_hwm_kib": crate::alloc::proc_status_kib("VmHWM"),
    })
}

/// Runs every measurement. `memory` is the child process's [`memory_run`] report, if any.
pub fn run(opts: &Options, memory: Option<Value>) -> Value {
    let t0 = Instant::now();
    let map = Arc::new(Map::standard());
    let rules = Rulebook::default_game();
    let start = Position::start(&map);
    let budget = opts.seconds_each;
    let mut peers = serde_json::Map::new();

    // (a) the opening.
    let orders = opening_orders(&map);
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    judge.movement_into(&map, &rules, &start, &orders, &mut res);
    let bounced = res.orders.iter().filter(|r| !r.outcome.succeeded()).count();
    let no_parse = per_call(budget, || {
        judge.movement_into(
            &map,
            &rules,
            black_box(&start),
            black_box(&orders),
            &mut res,
        );
    });
    let mut parsed = Vec::with_capacity(OPENING.len());
    let with_parse = per_call(budget, || {
        parsed.clear();
        for (&(p, _), (_, o)) in orders.iter().zip(black_box(&OPENING)) {
            parsed.push((p, parse_order(&map, o).expect("order")));
        }
        judge.movement_into(&map, &rules, &start, &parsed, &mut res);
    });
    let parse_only = per_call(budget, || {
        for (_, o) in black_box(&OPENING) {
            black_box(parse_order(&map, o).expect("order"));
        }
    });

    // (d) legal orders.
    let mut legal = Legal::new(&map);
    let mut buf = LegalOrders::new();
    legal.movement(&start, &mut buf);
    let opening_legal = buf.len();
    let legal_s1901 = per_call(budget, || legal.movement(black_box(&start), &mut buf));

    // (b) random games, fast path.
    let mut games = RandomGames::new(&map, rules, END_YEAR);
    games.play(0);
    let t = now();
    let mut phases = 0u64;
    let mut victories = 0u32;
    for seed in 1..=opts.games as u64 {
        let s = games.play(seed);
        phases += s.phases as u64;
        victories += s.winner.is_some() as u32;
    }
    let games_s = now() - t;
    let via_game_games = opts.games.clamp(1, 50);
    let (via_game_phases, via_game_s) = games_through_game(&map, via_game_games);

    // (b) identical work for the peer: the movement phases of recorded games.
    let recorded = record_movement_phases(&map, opts.replay_games);
    let replay_entente = per_call(budget, || {
        for (pos, o) in &recorded {
            judge.movement_into(&map, &rules, pos, o, &mut res);
        }
    }) / recorded.len() as f64;
    let mut legal_positions = 0.0;
    if !recorded.is_empty() {
        legal_positions = per_call(budget, || {
            for (pos, _) in &recorded {
                legal.movement(pos, &mut buf);
            }
        }) / recorded.len() as f64;
    }

    #[cfg(feature = "peers")]
    if opts.peers {
        peers.insert(
            "diplomacy-rs".into(),
            peer_measurements(&map, &start, &orders, &recorded, budget, &mut judge),
        );
    }
    let _ = &mut peers;

    json!({
        "format": "entente-bench/1",
        "machine": machine(),
        "clock": clock_name(),
        "opening": {
            "orders": orders.len(),
            "failed": bounced,
            "entente_us": no_parse * 1e6,
            "entente_with_parsing_us": with_parse * 1e6,
            "entente_parse_only_us": parse_only * 1e6,
        },
        "games": {
            "games": opts.games,
            "phases": phases,
            "victories": victories,
            "seconds": games_s,
            "phases_per_s": phases as f64 / games_s,
            "games_per_s": opts.games as f64 / games_s,
            "via_entente_game": {
                "games": via_game_games,
                "phases": via_game_phases,
                "phases_per_s": via_game_phases as f64 / via_game_s,
            },
        },
        "replay": {
            "games": opts.replay_games,
            "movement_phases": recorded.len(),
            "entente_us_per_phase": replay_entente * 1e6,
        },
        "legal": {
            "s1901_orders": opening_legal,
            "s1901_us": legal_s1901 * 1e6,
            "random_positions_us": legal_positions * 1e6,
        },
        "memory": memory,
        "peers": peers,
        "bench_seconds": t0.elapsed().as_secs_f64(),
    })
}

#[cfg(feature = "peers")]
fn peer_measurements(
    map: &Map,
    start: &Position,
    orders: &[(PowerId, Order)],
    recorded: &[(Position, Vec<(PowerId, Order)>)],
    budget: f64,
    judge: &mut Judge,
) -> Value {
    use crate::peer;
    let rules = Rulebook::default_game();
    let dip: Vec<_> = orders
        .iter()
        .map(|(p, o)| peer::main_order(map, start, *p, o).expect("movement order"))
        .collect();
    let texts: Vec<String> = dip.iter().map(|o| o.to_string()).collect();
    let opening_ok = peer::adjudicate(dip.clone());
    let no_parse = per_call(budget, || {
        black_box(peer::adjudicate(black_box(&dip).clone()));
    });
    let with_parse = per_call(budget, || {
        let v = black_box(&texts).iter().map(|t| peer::parse(t)).collect();
        black_box(peer::adjudicate(v));
    });
    let replay: Vec<Vec<_>> = recorded
        .iter()
        .map(|(pos, o)| {
            o.iter()
                .filter_map(|(p, o)| peer::main_order(map, pos, *p, o))
                .collect()
        })
        .collect();
    let replay_us = if replay.is_empty() {
        0.0
    } else {
        per_call(budget, || {
            for phase in &replay {
                black_box(peer::adjudicate(phase.clone()));
            }
        }) / replay.len() as f64
            * 1e6
    };
    // Do the two judges agree? The provinces whose unit moved, per phase.
    let mut res = MovementResult::default();
    let mut differ = 0usize;
    for ((pos, o), phase) in recorded.iter().zip(&replay) {
        judge.movement_into(map, &rules, pos, o, &mut res);
        let mut ours: Vec<String> = res
            .orders
            .iter()
            .filter(|r| matches!(r.order, Order::Move { .. }) && r.outcome.succeeded())
            .filter_map(|r| r.order.unit())
            .map(|u| map.province(map.province_of(u.loc)).abbr.clone())
            .collect();
        ours.sort();
        if ours != peer::moved(phase.clone()) {
            differ += 1;
        }
    }
    json!({
        "name": "diplomacy (crates.io, TedDriggs/diplomacy) 0.2",
        "opening_succeeded": opening_ok,
        "opening_us": no_parse * 1e6,
        "opening_with_parsing_us": with_parse * 1e6,
        "replay_us_per_phase": replay_us,
        "replay_phases_where_moves_differ": differ,
    })
}

/// `nproc` and the CPU model, for the record.
pub fn machine() -> Value {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .map(|v| v.trim_start_matches([' ', '\t', ':']).to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    json!({
        "cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "cpu": cpu,
        "os": std::env::consts::OS,
        "arch": std::env::consts::ARCH,
    })
}

fn f(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// The report as a table: entente, the Rust peer, and their ratio (peer / entente: how many
/// times faster entente is).
pub fn format_report(r: &Value) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let m = &r["machine"];
    let _ = writeln!(
        s,
        "entente-bench — {} cpu(s), {}",
        m["cpus"],
        m["cpu"].as_str().unwrap_or("?")
    );
    let peer = &r["peers"]["diplomacy-rs"];
    let row = |s: &mut String, what: &str, ours: Option<f64>, theirs: Option<f64>, unit: &str| {
        let fmt = |v: Option<f64>| v.map_or("—".to_string(), |v| format!("{v:.3} {unit}"));
        let ratio = match (ours, theirs) {
            (Some(a), Some(b)) if a > 0.0 => format!("{:.0}×", b / a),
            _ => "—".into(),
        };
        let _ = writeln!(
            s,
            "  {what:<44} {:>16} {:>18} {:>8}",
            fmt(ours),
            fmt(theirs),
            ratio
        );
    };
    let _ = writeln!(
        s,
        "  {:<44} {:>16} {:>18} {:>8}",
        "", "entente", "diplomacy-rs", "ratio"
    );
    let o = &r["opening"];
    row(
        &mut s,
        "(a) S1901 opening, 22 units, no parsing",
        f(&o["entente_us"]),
        f(&peer["opening_us"]),
        "µs",
    );
    row(
        &mut s,
        "(a) S1901 opening, with parsing",
        f(&o["entente_with_parsing_us"]),
        f(&peer["opening_with_parsing_us"]),
        "µs",
    );
    row(
        &mut s,
        "    of which parsing 22 orders",
        f(&o["entente_parse_only_us"]),
        None,
        "µs",
    );
    let g = &r["games"];
    let _ = writeln!(
        s,
        "  (b) random games 1901–{END_YEAR}: {} games, {} phases, {} victories, {:.2} s",
        g["games"],
        g["phases"],
        g["victories"],
        f(&g["seconds"]).unwrap_or(0.0)
    );
    let _ = writeln!(
        s,
        "      {:.0} phases/s, {:.1} games/s on one core (fast path: entente-judge + entente-legal)",
        f(&g["phases_per_s"]).unwrap_or(0.0),
        f(&g["games_per_s"]).unwrap_or(0.0)
    );
    let _ = writeln!(
        s,
        "      {:.0} phases/s through entente-game's Game::process (history kept)",
        f(&g["via_entente_game"]["phases_per_s"]).unwrap_or(0.0)
    );
    let rp = &r["replay"];
    row(
        &mut s,
        &format!(
            "(b) same movement phases, {} replayed",
            rp["movement_phases"]
        ),
        f(&rp["entente_us_per_phase"]),
        f(&peer["replay_us_per_phase"]),
        "µs",
    );
    if let Some(d) = peer["replay_phases_where_moves_differ"].as_u64() {
        let _ = writeln!(
            s,
            "      phases where the two judges move different units: {d} (the peer's map lacks 11 borders: docs/bench.md)"
        );
    }
    let mem = &r["memory"];
    if !mem.is_null() {
        let _ = writeln!(
            s,
            "  (c) memory of (b), {} games in a child process: heap peak {}, peak RSS (VmHWM) {} KiB (RSS before the games {} KiB)",
            mem["games"],
            mem["heap_peak_bytes"]
                .as_u64()
                .map_or("not measured".into(), |b| format!("{:.1} KiB", b as f64 / 1024.0)),
            mem["vm_hwm_kib"],
            mem["vm_rss_before_kib"]
        );
    }
    let l = &r["legal"];
    row(
        &mut s,
        &format!("(d) legal orders, S1901 ({} orders)", l["s1901_orders"]),
        f(&l["s1901_us"]),
        None,
        "µs",
    );
    row(
        &mut s,
        "(d) legal orders, random-game movement phases",
        f(&l["random_positions_us"]),
        None,
        "µs",
    );
    s
}
