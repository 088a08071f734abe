//! The all-time rating over every rated game, and the "eternal battlefield" table.
//!
//! Weng-Lin (the Bayesian approximation of Weng and Lin, 2011, as implemented by the
//! `skillratings` crate) rates a game of many sides; each member is a side of one, ranked
//! by [`GameResult::finishing_ranks`]. Results are applied in chronological order (end
//! time, then game id), so [`recompute`] over the stored results always gives the same
//! ratings, in whatever order the store hands them over, and equals applying them one by
//! one as games end.

use crate::result::{GameResult, MemberId, ResultError};
use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::collections::{BTreeMap, BTreeSet};

/// A member's rating: the estimated skill `mu` and its uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
    /// Rated games played.
    pub games: u32,
}

impl Rating {
    /// A new member's rating: Weng-Lin's defaults, 25 ± 25/3.
    pub fn initial() -> Rating {
        let r = WengLinRating::new();
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
            games: 0,
        }
    }

    /// What the table is ordered by: `mu - 3 sigma`, a skill the member very likely has
    /// at least (a new member starts at 0).
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// Every rated member's rating, and the last result applied.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    pub members: BTreeMap<MemberId, Rating>,
    /// The last game applied: its end time and id. A result may only be applied after it.
    pub last: Option<(i64, String)>,
}

/// A row of the eternal battlefield.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattlefieldRow {
    /// 1 for the first; members with the same conservative rating share a place.
    pub place: usize,
    pub member: MemberId,
    pub mu: f64,
    pub sigma: f64,
    pub conservative: f64,
    pub games: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    #[error(transparent)]
    Result(#[from] ResultError),
    #[error("game {game} ended before game {last}, which is already rated: recompute instead")]
    OutOfOrder { game: String, last: String },
    #[error("game {game} is given twice")]
    Duplicate { game: String },
}

impl Ratings {
    /// A member's rating ([`Rating::initial`] if they have played no rated game).
    pub fn get(&self, member: MemberId) -> Rating {
        self.members
            .get(&member)
            .copied()
            .unwrap_or_else(Rating::initial)
    }

    /// Applies one more finished game. Unrated games change nothing. A game must end after
    /// the last one applied (by end time, then game id): otherwise the ratings are to be
    /// recomputed.
    pub fn apply(&mut self, result: &GameResult) -> Result<(), RatingError> {
        result.check()?;
        if !result.rated {
            return Ok(());
        }
        if let Some((at, game)) = &self.last {
            let key = result.chronological_key();
            if key == (*at, game.as_str()) {
                return Err(RatingError::Duplicate {
                    game: result.game.clone(),
                });
            }
            if key < (*at, game.as_str()) {
                return Err(RatingError::OutOfOrder {
                    game: result.game.clone(),
                    last: game.clone(),
                });
            }
        }
        self.last = Some((result.finished_at_ms, result.game.clone()));
        // Each member once, at the best rank of the seats they held at the end.
        let ranks = result.finishing_ranks();
        let mut best: BTreeMap<MemberId, usize> = BTreeMap::new();
        for (seat, &rank) in result.seats.iter().zip(&ranks) {
            if let Some(m) = seat.member {
                let r = best.entry(m).or_insert(rank);
                *r = (*r).min(rank);
            }
        }
        if best.len() < 2 {
            return Ok(());
        }
        let before: Vec<[WengLinRating; 1]> = best
            .keys()
            .map(|&m| {
                let r = self.get(m);
                [WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                }]
            })
            .collect();
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
            .iter()
            .zip(best.values())
            .map(|(team, &rank)| (&team[..], MultiTeamOutcome::new(rank)))
            .collect();
        let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
        for (&member, team) in best.keys().zip(&after) {
            let games = self.get(member).games + 1;
            self.members.insert(
                member,
                Rating {
                    mu: team[0].rating,
                    sigma: team[0].uncertainty,
                    games,
                },
            );
        }
        Ok(())
    }

    /// The eternal battlefield: every rated member, best first, by conservative rating;
    /// then more games first; then by member id.
    pub fn table(&self) -> Vec<BattlefieldRow> {
        let mut rows: Vec<BattlefieldRow> = self
            .members
            .iter()
            .map(|(&member, r)| BattlefieldRow {
                place: 0,
                member,
                mu: r.mu,
                sigma: r.sigma,
                conservative: r.conservative(),
                games: r.games,
            })
            .collect();
        rows.sort_by(|a, b| {
            b.conservative
                .total_cmp(&a.conservative)
                .then(b.games.cmp(&a.games))
                .then(a.member.cmp(&b.member))
        });
        for i in 0..rows.len() {
            rows[i].place = if i > 0 && rows[i].conservative == rows[i - 1].conservative {
                rows[i - 1].place
            } else {
                i + 1
            };
        }
        rows
    }
}

/// The ratings from scratch: every rated game of `results`, in chronological order,
/// whatever order they are given in.
pub fn recompute(results: &[GameResult]) -> Result<Ratings, RatingError> {
    let mut rated: Vec<&GameResult> = results.iter().filter(|r| r.rated).collect();
    rated.sort_by(|a, b| a.chronological_key().cmp(&b.chronological_key()));
    let mut ids = BTreeSet::new();
    for r in &rated {
        if !ids.insert(r.game.as_str()) {
            return Err(RatingError::Duplicate {
                game: r.game.clone(),
            });
        }
    }
    let mut ratings = Ratings::default();
    for r in rated {
        ratings.apply(r)?;
    }
    Ok(ratings)
}
