//! `entente-bench`: entente and the Rust peer on identical work, ratios printed
//! (docs/bench.md; `scripts/bench.sh` adds the Python `diplomacy` package).
//!
//! A binary of its own, so that the product binary `entente` carries neither the benchmark
//! machinery, the peer nor the counting allocator.

use clap::Parser;
use entente_bench::suite::{format_report, memory_run, run, use_wall_clock, Options};
use std::process::{Command, ExitCode};

// Counts allocations for the memory figures (three relaxed atomics per call).
#[global_allocator]
static ALLOC: entente_bench::alloc::Counting = entente_bench::alloc::Counting;

/// Speed against the peers: opening adjudication, random games, memory, legal orders
/// (docs/bench.md).
#[derive(Parser)]
#[command(name = "entente-bench", version)]
struct Args {
    /// Print the JSON report instead of the table.
    #[arg(long)]
    json: bool,
    /// Random games for the games-per-second figure.
    #[arg(long, default_value_t = 500)]
    games: u32,
    /// Seconds spent on each timing.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Leave out the Rust peer.
    #[arg(long)]
    no_peers: bool,
    /// Time with the wall clock (for a quiet machine) instead of this thread's CPU time.
    #[arg(long)]
    wall_clock: bool,
    /// Internal: play this many games and print the memory report (run in a child process).
    #[arg(long, hide = true)]
    memory_child: Option<u32>,
}

fn run_cmd(args: Args) -> std::io::Result<ExitCode> {
    if let Some(games) = args.memory_child {
        println!("{}", memory_run(games));
        return Ok(ExitCode::SUCCESS);
    }
    // Peak memory wants a process of its own: this one is about to hold the whole suite.
    let exe = std::env::current_exe()?;
    let child = Command::new(exe)
        .args(["--memory-child", &args.games.min(100).to_string()])
        .output()
        .map_err(|e| std::io::Error::new(e.kind(), format!("memory child: {e}")))?;
    let memory = serde_json::from_slice(&child.stdout).ok();
    use_wall_clock(args.wall_clock);
    let opts = Options {
        seconds_each: args.seconds,
        games: args.games,
        peers: !args.no_peers,
        ..Options::full()
    };
    let report = run(&opts, memory);
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?
        );
    } else {
        print!("{}", format_report(&report));
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    match run_cmd(Args::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("entente-bench: {e}");
            ExitCode::from(2)
        }
    }
}
