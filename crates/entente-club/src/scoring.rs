//! Scoring systems: the points each power of a finished game earns, for league standings.
//!
//! Every system here is winner-take-all: a solo (a concession counted as one) earns the
//! winner [`POT`] points and every other power none. They differ on drawn games; the
//! definitions and their sources are in `docs/club.md`.

use crate::result::{GameResult, MemberId, Outcome, ResultError};
use serde::{Deserialize, Serialize};

/// The points a solo earns, and what a drawn game shares out under draw-size scoring and
/// sum of squares.
pub const POT: f64 = 100.0;

/// C-Diplo's bonuses for the first, second and third largest centre counts of a drawn game.
pub const C_DIPLO_BONUS: [f64; 3] = [38.0, 14.0, 7.0];

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringSystem {
    /// Draw-size scoring: a draw's powers share 100 points equally; the others get none.
    DrawSize,
    /// Sum of squares: in a draw each power gets 100 × its centres² / the sum over all
    /// powers of their centres².
    SumOfSquares,
    /// C-Diplo: in a draw each power gets 1 for playing, 1 per centre, and the largest,
    /// second and third largest centre counts get 38, 14 and 7 more, tied powers sharing
    /// the bonuses of the places they cover.
    CDiplo,
}

impl ScoringSystem {
    pub const ALL: [ScoringSystem; 3] = [
        ScoringSystem::DrawSize,
        ScoringSystem::SumOfSquares,
        ScoringSystem::CDiplo,
    ];

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            ScoringSystem::DrawSize => "Draw-size scoring",
            ScoringSystem::SumOfSquares => "Sum of squares",
            ScoringSystem::CDiplo => "C-Diplo",
        }
    }

    /// The points of each seat, in the order of `result.seats`.
    pub fn score(self, result: &GameResult) -> Result<Vec<PowerScore>, ScoringError> {
        result.check()?;
        let points = match &result.outcome {
            Outcome::Solo { power, .. } => result
                .seats
                .iter()
                .map(|s| if s.power == *power { POT } else { 0.0 })
                .collect(),
            Outcome::Draw { powers } => match self {
                ScoringSystem::DrawSize => {
                    let share = POT / powers.len() as f64;
                    result
                        .seats
                        .iter()
                        .map(|s| {
                            if powers.contains(&s.power) {
                                share
                            } else {
                                0.0
                            }
                        })
                        .collect()
                }
                ScoringSystem::SumOfSquares => {
                    let squares: Vec<f64> = result
                        .seats
                        .iter()
                        .map(|s| f64::from(s.centres) * f64::from(s.centres))
                        .collect();
                    let sum: f64 = squares.iter().sum();
                    if sum == 0.0 {
                        return Err(ScoringError::NoCentres {
                            game: result.game.clone(),
                        });
                    }
                    squares.iter().map(|sq| POT * sq / sum).collect()
                }
                ScoringSystem::CDiplo => c_diplo_draw(result),
            },
        };
        Ok(result
            .seats
            .iter()
            .zip(points)
            .map(|(s, points)| PowerScore {
                power: s.power.clone(),
                member: s.member,
                points,
            })
            .collect())
    }

    /// What a game's points add up to, when the system fixes it: 100 for draw-size scoring
    /// and sum of squares; for C-Diplo after a solo. A drawn C-Diplo game adds up to the
    /// number of powers plus the centres plus the bonuses awarded (100 on the standard map
    /// when at least three powers hold centres).
    pub fn total(self, result: &GameResult) -> Option<f64> {
        match (self, &result.outcome) {
            (_, Outcome::Solo { .. }) => Some(POT),
            (ScoringSystem::DrawSize | ScoringSystem::SumOfSquares, _) => Some(POT),
            (ScoringSystem::CDiplo, Outcome::Draw { .. }) => None,
        }
    }
}

/// C-Diplo in a drawn game. The bonus places go to the powers holding centres, ordered by
/// centres; powers tied on centres cover as many places as they are and share the bonuses
/// of those places equally. Places no power with centres reaches award nothing.
fn c_diplo_draw(result: &GameResult) -> Vec<f64> {
    let mut bonus = vec![0.0; result.seats.len()];
    let mut order: Vec<usize> = (0..result.seats.len())
        .filter(|&i| result.seats[i].centres > 0)
        .collect();
    order.sort_by_key(|&i| std::cmp::Reverse(result.seats[i].centres));
    let mut place = 0;
    for group in order.chunk_by(|&a, &b| result.seats[a].centres == result.seats[b].centres) {
        let covered: f64 = C_DIPLO_BONUS.iter().skip(place).take(group.len()).sum();
        for &i in group {
            bonus[i] = covered / group.len() as f64;
        }
        place += group.len();
    }
    result
        .seats
        .iter()
        .zip(bonus)
        .map(|(s, b)| 1.0 + f64::from(s.centres) + b)
        .collect()
}

/// A seat's points in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PowerScore {
    pub power: String,
    pub member: Option<MemberId>,
    pub points: f64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    #[error(transparent)]
    Result(#[from] ResultError),
    #[error("game {game}: a draw where no power owns a centre cannot be scored by centres")]
    NoCentres { game: String },
}
