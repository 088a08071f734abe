//! Re-adjudicating a recorded game: from each phase's recorded position and orders, compute
//! the next position and compare it with the one recorded for the next phase. Works on any
//! record turned into [`RecordedPhase`]s (the native record, the Python package's format).

use entente_game::{Error, Game, Result};
use entente_host::PhaseContext;
use entente_judge::Phase;
use entente_judge::{Position, Rulebook};
use entente_map::{Loc, Map, PowerId, ProvinceId};
use entente_orders::Order;
use std::sync::Arc;

/// One phase as a record has it.
#[derive(Clone, Debug)]
pub struct RecordedPhase {
    /// The name as written (`S1901M`, or the Python package's `COMPLETED`).
    pub name: String,
    /// `None` for a name that is no phase (`COMPLETED`).
    pub phase: Option<Phase>,
    pub position: Position,
    pub orders: Vec<(PowerId, Order)>,
    pub context: PhaseContext,
}

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

fn unit_words(map: &Map, u: &entente_judge::Unit) -> String {
    format!(
        "{} {} {}",
        map.power(u.power).adjective,
        u.ty.letter(),
        map.loc_abbr(u.loc)
    )
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

/// What differs between two positions: units, dislodged units and their retreat options
/// (not who dislodged them: the Python format does not say), centre owners.
pub fn compare_positions(map: &Map, ours: &Position, theirs: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let nothing = || "nothing".to_string();
    for p in map.province_ids() {
        let (a, b) = (ours.unit_at(p), theirs.unit_at(p));
        if a != b {
            out.push(format!(
                "unit in {}: entente {}, record {}",
                map.province(p).abbr,
                a.map_or_else(nothing, |u| unit_words(map, &u)),
                b.map_or_else(nothing, |u| unit_words(map, &u)),
            ));
        }
        let (a, b) = (ours.dislodged_at(p), theirs.dislodged_at(p));
        let show = |d: Option<entente_judge::Dislodged>| {
            d.map_or_else(nothing, |d| {
                let mut r: Vec<String> = d.retreats.iter().map(|l| map.loc_abbr(Loc(l))).collect();
                r.sort();
                format!(
                    "{} retreating to [{}]",
                    unit_words(map, &d.unit),
                    r.join(", ")
                )
            })
        };
        let same = match (a, b) {
            (Some(x), Some(y)) => x.unit == y.unit && x.retreats == y.retreats,
            (x, y) => x.is_none() && y.is_none(),
        };
        if !same {
            out.push(format!(
                "dislodged in {}: entente {}, record {}",
                map.province(p).abbr,
                show(a),
                show(b)
            ));
        }
    }
    for c in map.centres().iter().map(ProvinceId) {
        let (a, b) = (ours.owner(c), theirs.owner(c));
        if a != b {
            let who =
                |o: Option<PowerId>| o.map_or("unowned".to_string(), |p| map.power(p).name.clone());
            out.push(format!(
                "centre {}: entente {}, record {}",
                map.province(c).abbr,
                who(a),
                who(b)
            ));
        }
    }
    out
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
