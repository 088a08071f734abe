//! `entente replay`: adjudicate every phase of a recorded game again (a native record, or
//! the Python `diplomacy` package's saved games, one per file or one per line) and compare
//! each result with the next recorded phase.

use crate::error::{CliError, CliResult};
use crate::game_cmd::{read_limited, FILE_LIMIT};
use entente_judge::{Edition, Rulebook};
use entente_record::replay::{read_recorded_games, replay};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A game record, or a Python `diplomacy` saved game (`-`: standard input).
    file: String,
    /// List every difference, not only those of the first phase that differs.
    #[arg(long)]
    all: bool,
    /// Replay under this edition instead of the record's (Python games: the package's rules).
    #[arg(long)]
    rules: Option<String>,
}

pub fn run(args: Args) -> CliResult<ExitCode> {
    let text = read_limited(Some(&args.file), FILE_LIMIT)?;
    let list =
        read_recorded_games(&text).map_err(|e| CliError::Message(format!("{}: {e}", args.file)))?;
    let edition: Option<Edition> = args.rules.as_deref().map(str::parse).transpose()?;
    let mut differing = 0;
    let mut phases = 0;
    for g in &list {
        let rules = edition.map_or(g.rules, Rulebook::edition);
        let diffs = replay(&g.map, rules, &g.phases, args.all);
        phases += g.phases.len().saturating_sub(1);
        if diffs.is_empty() {
            continue;
        }
        differing += 1;
        for d in &diffs {
            let id = if g.id.is_empty() { "game" } else { &g.id };
            println!("{id} {}: {}", d.phase, d.what);
        }
    }
    println!(
        "{} game{}, {phases} phases replayed: {}",
        list.len(),
        if list.len() == 1 { "" } else { "s" },
        if differing == 0 {
            "no difference".to_string()
        } else {
            format!("{differing} with differences")
        }
    );
    Ok(if differing == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
