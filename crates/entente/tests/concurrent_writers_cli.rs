//! The done-when for the game record: real `entente` processes writing one record at
//! the same time (order sheets, press, adjudications) lose no update, and the record is
//! readable at every instant. 200 pairs of each kind of writer, run 8 at a time.
//!
//! The game is Pure Diplomacy (seven spaces, one army each): what is tested is the store,
//! which does the same whatever the map, and a small map keeps each of the thousand
//! processes short enough for the test to take about a minute in a debug build on two cores.

mod common;
use common::*;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];
const PAIRS: usize = 200;
/// Messages sent at once (the "press ×200").
const PRESS: usize = 200;
const WORKERS: usize = 8;

/// One writer: what it ran, when, and what it said.
#[derive(Clone, Debug)]
enum Job {
    /// A sheet for `power` with an unreadable marker line `mark-<power>-<n>`.
    Orders {
        power: &'static str,
        n: usize,
    },
    Press {
        n: usize,
    },
    Adjudicate,
}

#[derive(Debug)]
struct Done {
    job: Job,
    start: Instant,
    end: Instant,
    success: bool,
    stdout: String,
    stderr: String,
}

fn marker(power: &str, n: usize) -> String {
    format!("mark-{power}-{n}")
}

fn sheet(power: &str, n: usize) -> String {
    let units = match power {
        "England" => "A Lon H\n",
        "France" => "A Par H\n",
        _ => "",
    };
    format!("{units}{}\n", marker(power, n))
}

fn run(game: &Path, job: &Job) -> Done {
    let start = Instant::now();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_entente"));
    let input = match job {
        Job::Orders { power, n } => {
            cmd.args(["game", "orders", s(game), "--power", power, "-"]);
            Some(sheet(power, *n))
        }
        Job::Press { n } => {
            let from = POWERS[n % 7];
            let to = POWERS[(n + 1 + n / 7 % 6) % 7];
            cmd.args(["game", "press", s(game), "--from", from, "--to", to]);
            cmd.arg(format!("message {n}"));
            None
        }
        Job::Adjudicate => {
            cmd.args(["game", "adjudicate", s(game), "--force"]);
            None
        }
    };
    cmd.stdin(if input.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run entente");
    if let Some(text) = input {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    Done {
        job: job.clone(),
        start,
        end: Instant::now(),
        success: out.status.success(),
        stdout: text(&out.stdout),
        stderr: text(&out.stderr),
    }
}

/// Runs the jobs on `WORKERS` threads, in order of the list (so the two jobs of a pair run
/// side by side), while a reader parses the record over and over.
fn run_all(game: &Path, jobs: Vec<Job>) -> (Vec<Done>, usize) {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let running = AtomicBool::new(true);
    let reads = std::thread::scope(|scope| {
        let reader = scope.spawn(|| {
            let mut reads = 0;
            while running.load(Ordering::Relaxed) {
                let t = std::fs::read_to_string(game).expect("the record is always there");
                if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(&t) {
                    panic!("the record did not parse ({e}):\n{t}");
                }
                reads += 1;
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            reads
        });
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(i) else { break };
                    let d = run(game, job);
                    done.lock().unwrap().push(d);
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        running.store(false, Ordering::Relaxed);
        reader.join().unwrap()
    });
    let done = done.into_inner().unwrap();
    for d in &done {
        assert!(d.success, "{:?} failed:\n{}{}", d.job, d.stdout, d.stderr);
    }
    (done, reads)
}

/// The marker line of a recorded sheet, `mark-England-17`.
fn recorded_marker(lines: &Value) -> Option<String> {
    lines
        .as_array()?
        .iter()
        .filter_map(|l| l["text"].as_str())
        .find(|t| t.starts_with("mark-"))
        .map(str::to_string)
}

/// The phase an `orders` echo names ("England, Spring 1901 movement: 4 lines received"),
/// as its code (`S1901M`).
fn echoed_phase(stdout: &str) -> String {
    let first = stdout.lines().next().unwrap_or_default();
    assert!(first.contains("received"), "{stdout}");
    first
        .split_once(", ")
        .and_then(|(_, rest)| rest.split_once(':'))
        .and_then(|(title, _)| entente_game::Phase::parse(title))
        .map(|p| p.code())
        .unwrap_or_else(|| panic!("no phase in {first:?}"))
}

/// Each sheet the record keeps for `power` in a phase is one a writer was told was received
/// for that phase, and no received sheet was lost: every writer that started after the kept
/// sheet's writer had finished would have replaced it.
fn check_sheets(power: &str, done: &[Done], kept: &BTreeMap<String, String>) {
    let mut by_phase: BTreeMap<String, Vec<&Done>> = BTreeMap::new();
    for d in done {
        if matches!(d.job, Job::Orders { power: p, .. } if p == power) {
            by_phase.entry(echoed_phase(&d.stdout)).or_default().push(d);
        }
    }
    for (phase, writes) in &by_phase {
        let kept = kept
            .get(phase)
            .unwrap_or_else(|| panic!("{power}'s sheets for {phase} are lost"));
        let winner = writes
            .iter()
            .find(|d| matches!(d.job, Job::Orders { n, .. } if &marker(power, n) == kept))
            .unwrap_or_else(|| panic!("{phase}: {power}'s sheet {kept} was never received"));
        for d in writes {
            assert!(
                d.start <= winner.end,
                "{phase}: {power}'s {:?} was received after {kept} was written, and lost",
                d.job
            );
        }
    }
}

/// The sheets kept for `power`, by phase code, from the played phases and the current one.
fn kept_sheets(game: &Path, power: &str) -> BTreeMap<String, String> {
    let r = record(game);
    let mut out = BTreeMap::new();
    for p in r["phases"].as_array().unwrap() {
        let lines: Vec<Value> = p["orders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["power"] == power)
            .cloned()
            .collect();
        if let Some(m) = recorded_marker(&Value::from(lines)) {
            out.insert(p["phase"].as_str().unwrap().to_string(), m);
        }
    }
    if let Some(m) = recorded_marker(&r["current"]["sheets"][power]) {
        out.insert(r["current"]["phase"].as_str().unwrap().to_string(), m);
    }
    out
}

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn two_hundred_pairs_of_writers_lose_no_update_and_the_record_always_parses() {
    let t0 = Instant::now();
    let dir: PathBuf = scratch("concurrent-cli", "pairs");
    let game = dir.join("g.json");
    ok(&[
        "game",
        "new",
        s(&game),
        "--variant",
        "pure",
        "--players",
        SEVEN,
        "--seed",
        "1",
    ]);

    // 1. England's and France's sheets, each pair side by side.
    let jobs: Vec<Job> = (0..PAIRS)
        .flat_map(|n| {
            [
                Job::Orders {
                    power: "England",
                    n,
                },
                Job::Orders { power: "France", n },
            ]
        })
        .collect();
    let (done, reads1) = run_all(&game, jobs);
    eprintln!("sheets: {:.1} s", t0.elapsed().as_secs_f64());
    assert_eq!(done.len(), 2 * PAIRS);
    for power in ["England", "France"] {
        let kept = kept_sheets(&game, power);
        assert_eq!(kept.len(), 1, "{power}: {kept:?}");
        check_sheets(power, &done, &kept);
    }

    // 2. Press: every message received is kept, once, under the number it was given.
    let jobs: Vec<Job> = (0..PRESS).map(|n| Job::Press { n }).collect();
    let (done, reads2) = run_all(&game, jobs);
    eprintln!("press: {:.1} s", t0.elapsed().as_secs_f64());
    let r = record(&game);
    let press = r["press"].as_array().unwrap();
    assert_eq!(press.len(), PRESS, "messages lost");
    let seqs: Vec<u64> = press.iter().map(|m| m["seq"].as_u64().unwrap()).collect();
    assert_eq!(seqs, (1..=PRESS as u64).collect::<Vec<_>>());
    for d in &done {
        let Job::Press { n } = d.job else {
            unreachable!()
        };
        let seq: usize = d
            .stdout
            .strip_prefix("Message ")
            .and_then(|t| t.split(',').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{}", d.stdout));
        assert_eq!(
            press[seq - 1]["text"],
            format!("message {n}"),
            "{}",
            d.stdout
        );
    }
    let texts: BTreeSet<&str> = press.iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), PRESS);

    // 3. Adjudications beside England's sheets: every adjudication is in the record, and
    // every sheet received for a phase is the one kept for it or was replaced by a later one.
    let jobs: Vec<Job> = (PAIRS..2 * PAIRS)
        .flat_map(|n| {
            [
                Job::Adjudicate,
                Job::Orders {
                    power: "England",
                    n,
                },
            ]
        })
        .collect();
    let (done, reads3) = run_all(&game, jobs);
    let r = record(&game);
    let adjudicated = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["act"] == "adjudicated")
        .count();
    assert_eq!(adjudicated, PAIRS, "adjudications lost");
    let played = r["phases"].as_array().unwrap().len();
    assert!(played >= PAIRS, "{played} phases");
    let england: Vec<Done> = done
        .into_iter()
        .filter(|d| matches!(d.job, Job::Orders { .. }))
        .collect();
    assert_eq!(england.len(), PAIRS);
    check_sheets("England", &england, &kept_sheets(&game, "England"));
    // The messages are all still there, and nothing but the record and its lock is left.
    assert_eq!(record(&game)["press"].as_array().unwrap().len(), PRESS);
    assert_eq!(
        files_in(&dir),
        BTreeSet::from(["g.json".to_string(), ".g.json.lock".to_string()])
    );
    assert!(reads1 > 0 && reads2 > 0 && reads3 > 0);
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{} writers in {:.1} s; the record read {} times meanwhile",
        4 * PAIRS + PRESS,
        t0.elapsed().as_secs_f64(),
        reads1 + reads2 + reads3
    );
}
