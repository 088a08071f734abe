//! Leagues, their seasons and rules, and a season's standings.
//!
//! A league (the club's Gunboat league) runs seasons ("13/14", "10/11") under its rules:
//! the variant, the press, the deadlines, how many games each member plays, how a game is
//! scored and how a member's game scores add up. A season's standings are computed from the
//! results of the games played for it; when the season closes its table is kept.

use crate::result::{GameResult, LeagueRef, MemberId, SeatOutcome};
use crate::scoring::{ScoringError, ScoringSystem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Scores are compared to a millionth of a point: sums of fractions such as 100/3 added in
/// different orders are equal.
fn level(x: f64) -> i64 {
    (x * 1e6).round() as i64
}

/// What press a league's games allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PressKind {
    /// Private and public messages.
    Full,
    /// Public messages only, to every power.
    PublicOnly,
    /// No press at all.
    Gunboat,
}

/// How a member's game scores make their season score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Aggregate {
    /// The sum of every game's score.
    Sum,
    /// The mean of the game scores.
    Average,
    /// The sum of the `games` best game scores.
    Best { games: u32 },
}

/// A league's rules, fixed for a season when it is created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeagueRules {
    pub variant: String,
    pub press: PressKind,
    /// The deadlines, as the league announces them ("48 hours a movement phase, ...").
    pub deadlines: String,
    /// How many games each member plays in a season.
    pub games_per_member: u32,
    pub scoring: ScoringSystem,
    pub aggregate: Aggregate,
}

/// A season of a league.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeagueSeason {
    /// Unique in its league ("2013-14").
    pub id: String,
    /// As shown ("13/14").
    pub name: String,
    pub rules: LeagueRules,
    /// The table kept when the season closed; `None` while it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Standings>,
}

/// A league: its current rules (copied into each new season) and its seasons, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct League {
    pub id: String,
    pub name: String,
    pub rules: LeagueRules,
    pub seasons: Vec<LeagueSeason>,
}

impl League {
    pub fn season(&self, id: &str) -> Option<&LeagueSeason> {
        self.seasons.iter().find(|s| s.id == id)
    }
}

/// What put a row below the one above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Separation {
    /// The first row.
    First,
    /// A lower season score.
    Score,
    /// The same score, fewer solos.
    Solos,
    /// The same score and solos, fewer draws.
    Draws,
    /// The same score, solos and draws, a lower best game score.
    BestGame,
    /// Level on everything: the same place, listed by member id.
    Tied,
}

/// A member's line in a season's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1 for the first; rows level on everything share a place.
    pub place: usize,
    pub member: MemberId,
    /// The season score, by the rules' [`Aggregate`].
    pub score: f64,
    pub games: u32,
    /// Whether the member has played the season's games per member.
    pub complete: bool,
    pub solos: u32,
    pub draws: u32,
    /// The best single game score.
    pub best: f64,
    /// Each game's score, in the order the games ended.
    pub game_scores: Vec<(String, f64)>,
    pub separation: Separation,
}

/// A season's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    pub league: String,
    pub season: String,
    pub scoring: ScoringSystem,
    pub aggregate: Aggregate,
    pub rows: Vec<StandingRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error(transparent)]
    Scoring(#[from] ScoringError),
    #[error("game {game} is given twice")]
    Duplicate { game: String },
}

/// The standings of a season: every game of `results` played for it, scored by the
/// rules' system, a member's games added up by the rules' aggregate.
///
/// A member who held several powers of a game at its end scores their sum for that game.
/// Rows are ordered by season score, then solos, then draws, then best game score (each
/// higher first); rows level on all four share a place and are listed by member id.
pub fn standings(
    league: &str,
    season: &LeagueSeason,
    results: &[GameResult],
) -> Result<Standings, StandingsError> {
    let wanted = LeagueRef {
        league: league.to_string(),
        season: season.id.clone(),
    };
    let mut games: Vec<&GameResult> = results
        .iter()
        .filter(|r| r.league.as_ref() == Some(&wanted))
        .collect();
    games.sort_by(|a, b| a.chronological_key().cmp(&b.chronological_key()));
    #[derive(Default)]
    struct Tally {
        scores: Vec<(String, f64)>,
        solos: u32,
        draws: u32,
    }
    let mut tallies: BTreeMap<MemberId, Tally> = BTreeMap::new();
    let mut ids = std::collections::BTreeSet::new();
    for result in games {
        if !ids.insert(result.game.as_str()) {
            return Err(StandingsError::Duplicate {
                game: result.game.clone(),
            });
        }
        let scores = season.rules.scoring.score(result)?;
        let mut per_member: BTreeMap<MemberId, f64> = BTreeMap::new();
        for (seat, score) in result.seats.iter().zip(&scores) {
            let Some(member) = seat.member else { continue };
            *per_member.entry(member).or_default() += score.points;
            let tally = tallies.entry(member).or_default();
            match result.seat_outcome(seat) {
                SeatOutcome::Solo => tally.solos += 1,
                SeatOutcome::Draw { .. } => tally.draws += 1,
                _ => {}
            }
        }
        for (member, points) in per_member {
            tallies
                .entry(member)
                .or_default()
                .scores
                .push((result.game.clone(), points));
        }
    }
    let mut rows: Vec<StandingRow> = tallies
        .into_iter()
        .map(|(member, t)| {
            let points: Vec<f64> = t.scores.iter().map(|(_, p)| *p).collect();
            let games = points.len() as u32;
            let score = match season.rules.aggregate {
                Aggregate::Sum => points.iter().sum(),
                Aggregate::Average => points.iter().sum::<f64>() / f64::from(games.max(1)),
                Aggregate::Best { games: n } => {
                    let mut sorted = points.clone();
                    sorted.sort_by(|a, b| b.total_cmp(a));
                    sorted.iter().take(n as usize).sum()
                }
            };
            StandingRow {
                place: 0,
                member,
                score,
                games,
                complete: games >= season.rules.games_per_member,
                solos: t.solos,
                draws: t.draws,
                best: points.iter().copied().fold(0.0, f64::max),
                game_scores: t.scores,
                separation: Separation::First,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        compare(b, a)
            .map(|(o, _)| o)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.member.cmp(&b.member))
    });
    for i in 0..rows.len() {
        if i == 0 {
            rows[0].place = 1;
            rows[0].separation = Separation::First;
            continue;
        }
        match compare(&rows[i - 1], &rows[i]) {
            Some((_, why)) => {
                rows[i].place = i + 1;
                rows[i].separation = why;
            }
            None => {
                rows[i].place = rows[i - 1].place;
                rows[i].separation = Separation::Tied;
            }
        }
    }
    Ok(Standings {
        league: league.to_string(),
        season: season.id.clone(),
        scoring: season.rules.scoring,
        aggregate: season.rules.aggregate,
        rows,
    })
}

/// How `a` compares to `b` on the first criterion that tells them apart, and which
/// criterion; `None` when level on all.
fn compare(a: &StandingRow, b: &StandingRow) -> Option<(std::cmp::Ordering, Separation)> {
    let by_points = |x: f64, y: f64| level(x).cmp(&level(y));
    [
        (by_points(a.score, b.score), Separation::Score),
        (a.solos.cmp(&b.solos), Separation::Solos),
        (a.draws.cmp(&b.draws), Separation::Draws),
        (by_points(a.best, b.best), Separation::BestGame),
    ]
    .into_iter()
    .find(|(o, _)| o.is_ne())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(member: i64, score: f64, solos: u32, draws: u32, best: f64) -> StandingRow {
        StandingRow {
            place: 0,
            member: MemberId(member),
            score,
            games: 2,
            complete: true,
            solos,
            draws,
            best,
            game_scores: Vec::new(),
            separation: Separation::First,
        }
    }

    #[test]
    fn criteria_in_order_score_solos_draws_best_game() {
        use std::cmp::Ordering::*;
        let a = row(1, 40.0, 0, 1, 30.0);
        assert_eq!(
            compare(&a, &row(2, 40.0, 0, 1, 20.0)),
            Some((Greater, Separation::BestGame))
        );
        assert_eq!(
            compare(&a, &row(2, 40.0, 0, 2, 35.0)),
            Some((Less, Separation::Draws))
        );
        assert_eq!(
            compare(&a, &row(2, 40.0, 1, 0, 40.0)),
            Some((Less, Separation::Solos))
        );
        assert_eq!(
            compare(&a, &row(2, 39.0, 5, 5, 39.0)),
            Some((Greater, Separation::Score))
        );
        // 100/3 added three ways is one score.
        let third = 100.0 / 3.0;
        assert_eq!(
            compare(
                &row(1, third + third + 1.0 / 3.0, 0, 1, 30.0),
                &row(2, 1.0 / 3.0 + third + third, 0, 1, 30.0)
            ),
            None
        );
    }
}
