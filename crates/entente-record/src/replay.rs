//! Re-adjudicating a recorded game: from each phase's recorded position and orders, compute
//! the next position and compare it with the one recorded for the next phase. Works on any
//! record turned into [`RecordedPhase`]s (the native record, the Python package's format).

use entente_game::{Error, Game, Result};
use entente_judge::Rulebook;
use entente_map::Map;
use std::sync::Arc;

pub use crate::recorded::{compare_positions, RecordedPhase};

/// A difference between the recorded next phase and what entente computes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Difference {
    /// The phase whose adjudication differs.
    pub phase: String,
    pub what: String,
}

/// Replays every phase that has a next one. With `all` false, stops after the first phase
/// that shows a difference (and returns that phase's differences).
pub fn replay(
    map: &Arc<Map>,
    rules: Rulebook,
    phases: &[RecordedPhase],
    all: bool,
) -> Vec<Difference> {
    let mut out = Vec::new();
    for w in phases.windows(2) {
        let (this, next) = (&w[0], &w[1]);
        let Some(g) = adjudicate_phase(map, rules, this) else {
            continue;
        };
        let mut found: Vec<String> = Vec::new();
        if let Some(np) = next.phase {
            if np != g.phase() {
                found.push(format!(
                    "next phase: entente {}, record {}",
                    g.phase().code(),
                    np.code()
                ));
            }
        }
        found.extend(compare_positions(map, g.position(), &next.position));
        let stop = !found.is_empty() && !all;
        out.extend(found.into_iter().map(|what| Difference {
            phase: this.name.clone(),
            what,
        }));
        if stop {
            break;
        }
    }
    out
}

/// Adjudicates one recorded phase again, from its recorded position, with its orders and
/// context (who was in civil disorder or neutral, what was closed). The game returned has
/// that one phase in its history ([`Game::history`]) and stands at the phase after it.
/// `None` for a name that is no phase (`COMPLETED`).
pub fn adjudicate_phase(map: &Arc<Map>, rules: Rulebook, this: &RecordedPhase) -> Option<Game> {
    let phase = this.phase?;
    let mut g = Game::from_position(map.clone(), rules, phase, this.position.clone());
    for p in map.power_ids() {
        g.set_civil_disorder(p, this.context.civil_disorder.contains(&p));
        g.set_neutral(p, this.context.neutral.contains(&p));
    }
    g.set_impassable(this.context.impassable);
    g.process(&this.orders);
    Some(g)
}

/// A recorded game: its phases as recorded, and the rules to adjudicate them by.
pub struct RecordedGame {
    /// The Python package's game id; empty for entente's own record.
    pub id: String,
    pub map: Arc<Map>,
    pub rules: Rulebook,
    pub phases: Vec<RecordedPhase>,
}

/// Reads either entente's record (`docs/game-record.md`) or the Python `diplomacy`
/// package's saved games (one per file or one per line), with the rules each is judged by.
pub fn read_recorded_games(text: &str) -> Result<Vec<RecordedGame>> {
    let native = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|v| v.get("format").is_some());
    if native {
        let r: crate::record::GameRecord = serde_json::from_str(text)
            .map_err(|e| Error::unreadable(format!("not a game record: {e}")))?;
        let map = crate::record::record_variant(&r.variant)?.map;
        let phases = r.recorded_phases(&map)?;
        return Ok(vec![RecordedGame {
            id: String::new(),
            map,
            rules: r.rules,
            phases,
        }]);
    }
    crate::pydip::parse_saved_games(text)?
        .iter()
        .map(|g| {
            let map = Arc::new(
                entente_map::load_variant(&g.map).map_err(|e| Error::unknown(e.to_string()))?,
            );
            let phases = crate::pydip::recorded_phases(&map, g)
                .map_err(|e| Error::unreadable(format!("game {}: {e}", g.id)))?;
            Ok(RecordedGame {
                id: g.id.clone(),
                map,
                rules: crate::pydip::package_rules(),
                phases,
            })
        })
        .collect()
}
