//! The hall of fame: solo victories, draws and the best results, per variant and overall.

use crate::result::{GameResult, MemberId, SeatOutcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One member's result in one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feat {
    pub member: MemberId,
    pub game: String,
    pub variant: String,
    pub power: String,
    pub outcome: SeatOutcome,
    pub centres: u32,
    pub end_year: i32,
    pub finished_at_ms: i64,
    /// A solo by concession.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conceded: bool,
}

/// The hall of fame of one variant, or of all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FameSection {
    /// Every solo victory, oldest first.
    pub solos: Vec<Feat>,
    /// Every share of a draw, smallest draws first, then oldest first.
    pub draws: Vec<Feat>,
    /// The best results, best first: solos, then draws by size (smaller first), then the
    /// other survivors; within each, more centres first, then oldest first.
    pub best: Vec<Feat>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HallOfFame {
    pub overall: FameSection,
    pub by_variant: BTreeMap<String, FameSection>,
}

impl HallOfFame {
    /// The hall of fame of `results`, keeping `best` results in each list of best results.
    /// Only the members holding a power at a game's end appear.
    pub fn new(results: &[GameResult], best: usize) -> HallOfFame {
        let mut feats: Vec<Feat> = Vec::new();
        for r in results {
            for seat in &r.seats {
                let Some(member) = seat.member else { continue };
                feats.push(Feat {
                    member,
                    game: r.game.clone(),
                    variant: r.variant.clone(),
                    power: seat.power.clone(),
                    outcome: r.seat_outcome(seat),
                    centres: seat.centres,
                    end_year: r.end_year,
                    finished_at_ms: r.finished_at_ms,
                    conceded: matches!(
                        &r.outcome,
                        crate::result::Outcome::Solo { power, conceded: true } if *power == seat.power
                    ),
                });
            }
        }
        let mut variants: BTreeMap<String, Vec<Feat>> = BTreeMap::new();
        for f in &feats {
            variants
                .entry(f.variant.clone())
                .or_default()
                .push(f.clone());
        }
        HallOfFame {
            overall: section(feats, best),
            by_variant: variants
                .into_iter()
                .map(|(v, fs)| (v, section(fs, best)))
                .collect(),
        }
    }
}

fn chronological(f: &Feat) -> (i64, String, String) {
    (f.finished_at_ms, f.game.clone(), f.power.clone())
}

/// Smaller is better; `None` for results that are not among the best (eliminations, and
/// survivals after another power's solo).
fn merit(f: &Feat) -> Option<(usize, std::cmp::Reverse<u32>)> {
    let class = match f.outcome {
        SeatOutcome::Solo => 0,
        SeatOutcome::Draw { size } => size,
        SeatOutcome::Survived => usize::MAX,
        SeatOutcome::Defeated | SeatOutcome::Eliminated { .. } => return None,
    };
    Some((class, std::cmp::Reverse(f.centres)))
}

fn section(mut feats: Vec<Feat>, best: usize) -> FameSection {
    feats.sort_by_key(chronological);
    let solos = feats
        .iter()
        .filter(|f| f.outcome == SeatOutcome::Solo)
        .cloned()
        .collect();
    let mut draws: Vec<Feat> = feats
        .iter()
        .filter(|f| matches!(f.outcome, SeatOutcome::Draw { .. }))
        .cloned()
        .collect();
    draws.sort_by_key(|f| match f.outcome {
        SeatOutcome::Draw { size } => size,
        _ => unreachable!("only draws are kept"),
    });
    let mut top: Vec<(_, Feat)> = feats
        .into_iter()
        .filter_map(|f| merit(&f).map(|m| (m, f)))
        .collect();
    // Stable: equal merit stays oldest first.
    top.sort_by_key(|(m, _)| *m);
    FameSection {
        solos,
        draws,
        best: top.into_iter().take(best).map(|(_, f)| f).collect(),
    }
}
