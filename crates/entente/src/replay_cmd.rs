//! `entente replay`: adjudicate every phase of a recorded game again (a native record, or
//! the Python `diplomacy` package's saved games, one per file or one per line) and compare
//! each result with the next recorded phase.

use crate::game_cmd::read_input;
use entente_game::replay::{replay, RecordedPhase};
use entente_game::{load_variant, pydip, GameRecord};
use entente_judge::{Edition, Rulebook};
use std::process::ExitCode;
use std::sync::Arc;

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

struct Replayable {
    id: String,
    map: Arc<entente_map::Map>,
    rules: Rulebook,
    phases: Vec<RecordedPhase>,
}

fn games(text: &str) -> Result<Vec<Replayable>, String> {
    let native = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|v| v.get("format").is_some());
    if native {
        let r: GameRecord =
            serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        let map = Arc::new(load_variant(&r.variant)?);
        let phases = r.recorded_phases(&map)?;
        return Ok(vec![Replayable {
            id: "game".into(),
            map,
            rules: r.rules,
            phases,
        }]);
    }
    pydip::parse_saved_games(text)?
        .iter()
        .map(|g| {
            let map = Arc::new(load_variant(&g.map)?);
            let phases =
                pydip::recorded_phases(&map, g).map_err(|e| format!("game {}: {e}", g.id))?;
            Ok(Replayable {
                id: g.id.clone(),
                map,
                rules: pydip::package_rules(),
                phases,
            })
        })
        .collect()
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = read_input(Some(&args.file))?;
    let list = games(&text).map_err(|e| format!("{}: {e}", args.file))?;
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
            println!("{} {}: {}", g.id, d.phase, d.what);
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
