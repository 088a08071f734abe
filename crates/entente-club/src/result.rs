//! The result of a finished game as the club records it, and what it meant for each seat.
//!
//! A [`GameResult`] is built by the server when a game ends, from the game (its end, the
//! centre counts, the years powers were eliminated in) and from the host (who held each
//! power, how many phases they played and missed). It is all that the ratings, the league
//! standings, the hall of fame and the profiles are computed from.

use entente_game::EndOfGame;
use entente_map::PowerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A member of the club: the server's account id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MemberId(pub i64);

impl std::fmt::Display for MemberId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "member {}", self.0)
    }
}

/// The league season a game was played for.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LeagueRef {
    pub league: String,
    pub season: String,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    /// One power won alone: it reached the victory count, or every other power conceded
    /// to it (`conceded`; counted as a solo everywhere).
    Solo {
        power: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        conceded: bool,
    },
    /// The game was drawn, shared by these powers. A short game's leaders and the
    /// 2-player game's winning side are recorded as a draw among them.
    Draw { powers: Vec<String> },
}

impl Outcome {
    /// The outcome of a finished game; `name` gives a power's name as the seats carry it.
    pub fn from_end(end: &EndOfGame, name: impl Fn(PowerId) -> String) -> Outcome {
        let names = |ps: &[PowerId]| ps.iter().map(|&p| name(p)).collect();
        match end {
            EndOfGame::Victory(p) => Outcome::Solo {
                power: name(*p),
                conceded: false,
            },
            EndOfGame::Concession(p) => Outcome::Solo {
                power: name(*p),
                conceded: true,
            },
            EndOfGame::Draw(ps) | EndOfGame::Side(ps) => Outcome::Draw { powers: names(ps) },
            EndOfGame::ShortGame { winners, .. } => Outcome::Draw {
                powers: names(winners),
            },
        }
    }

    /// The solo winner, if any.
    pub fn solo(&self) -> Option<&str> {
        match self {
            Outcome::Solo { power, .. } => Some(power),
            Outcome::Draw { .. } => None,
        }
    }

    /// The powers sharing the draw (empty after a solo).
    pub fn draw(&self) -> &[String] {
        match self {
            Outcome::Solo { .. } => &[],
            Outcome::Draw { powers } => powers,
        }
    }
}

/// A player who held a power for part of the game and was replaced before its end: counted
/// for reliability and games played, not for the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stint {
    pub member: MemberId,
    pub phases_played: u32,
    pub missed_phases: u32,
}

/// One power at the table, at the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The power's name, as the outcome names it.
    pub power: String,
    /// Who held the power at the end (`None`: nobody, as a neutral or abandoned power).
    pub member: Option<MemberId>,
    /// Supply centres owned at the end.
    pub centres: u32,
    /// The year the power lost its last unit, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated_in: Option<i32>,
    /// Phases in which the member at the end was due to send orders, and of those, the
    /// phases whose deadline passed without their orders.
    pub phases_played: u32,
    pub missed_phases: u32,
    /// Players who held the power earlier and were replaced, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<Stint>,
}

/// A finished game, as the club keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The server's game id.
    pub game: String,
    pub variant: String,
    /// When the game ended, in milliseconds since the Unix epoch (the server's clock).
    pub finished_at_ms: i64,
    /// The year of the game's last phase.
    pub end_year: i32,
    /// Whether the game counts for the all-time rating.
    pub rated: bool,
    /// The league season the game was played for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league: Option<LeagueRef>,
    pub seats: Vec<Seat>,
    pub outcome: Outcome,
}

/// What the game meant for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeatOutcome {
    Solo,
    /// In a draw of `size` powers.
    Draw {
        size: usize,
    },
    /// On the board at the end, outside the draw.
    Survived,
    /// On the board when another power won alone.
    Defeated,
    /// Lost every unit (in this year, when known).
    Eliminated {
        year: Option<i32>,
    },
}

/// A result that cannot be recorded as it stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultError {
    #[error("game {game}: no seats")]
    NoSeats { game: String },
    #[error("game {game}: power {power} is seated twice")]
    DuplicatePower { game: String, power: String },
    #[error("game {game}: the outcome names {power}, which has no seat")]
    UnknownPower { game: String, power: String },
    #[error("game {game}: a draw shared by no power")]
    EmptyDraw { game: String },
    #[error("game {game}: {power} is named twice in the draw")]
    DuplicateInDraw { game: String, power: String },
    #[error("game {game}: {power} was eliminated and cannot win or share the draw")]
    EliminatedWinner { game: String, power: String },
    #[error("game {game}: {power} was eliminated but still owns {centres} centres")]
    EliminatedWithCentres {
        game: String,
        power: String,
        centres: u32,
    },
    #[error("game {game}: {member} missed {missed} phases of {played}")]
    MissedMoreThanPlayed {
        game: String,
        member: MemberId,
        missed: u32,
        played: u32,
    },
}

impl GameResult {
    /// Refuses a result that contradicts itself: see [`ResultError`].
    pub fn check(&self) -> Result<(), ResultError> {
        let game = || self.game.clone();
        if self.seats.is_empty() {
            return Err(ResultError::NoSeats { game: game() });
        }
        let mut powers = BTreeSet::new();
        for seat in &self.seats {
            if !powers.insert(seat.power.as_str()) {
                return Err(ResultError::DuplicatePower {
                    game: game(),
                    power: seat.power.clone(),
                });
            }
            if seat.eliminated_in.is_some() && seat.centres > 0 {
                return Err(ResultError::EliminatedWithCentres {
                    game: game(),
                    power: seat.power.clone(),
                    centres: seat.centres,
                });
            }
            let stints = seat
                .member
                .map(|m| (m, seat.phases_played, seat.missed_phases))
                .into_iter()
                .chain(
                    seat.earlier
                        .iter()
                        .map(|s| (s.member, s.phases_played, s.missed_phases)),
                );
            for (member, played, missed) in stints {
                if missed > played {
                    return Err(ResultError::MissedMoreThanPlayed {
                        game: game(),
                        member,
                        missed,
                        played,
                    });
                }
            }
        }
        let winners: Vec<&String> = match &self.outcome {
            Outcome::Solo { power, .. } => vec![power],
            Outcome::Draw { powers: drawn } => {
                if drawn.is_empty() {
                    return Err(ResultError::EmptyDraw { game: game() });
                }
                let mut seen = BTreeSet::new();
                for p in drawn {
                    if !seen.insert(p) {
                        return Err(ResultError::DuplicateInDraw {
                            game: game(),
                            power: p.clone(),
                        });
                    }
                }
                drawn.iter().collect()
            }
        };
        for power in winners {
            match self.seat(power) {
                None => {
                    return Err(ResultError::UnknownPower {
                        game: game(),
                        power: power.clone(),
                    })
                }
                Some(seat) if seat.eliminated_in.is_some() => {
                    return Err(ResultError::EliminatedWinner {
                        game: game(),
                        power: power.clone(),
                    })
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The seat of this power.
    pub fn seat(&self, power: &str) -> Option<&Seat> {
        self.seats.iter().find(|s| s.power == power)
    }

    /// What the game meant for this seat.
    pub fn seat_outcome(&self, seat: &Seat) -> SeatOutcome {
        match &self.outcome {
            Outcome::Solo { power, .. } if *power == seat.power => SeatOutcome::Solo,
            Outcome::Draw { powers } if powers.contains(&seat.power) => {
                SeatOutcome::Draw { size: powers.len() }
            }
            _ if seat.eliminated_in.is_some() => SeatOutcome::Eliminated {
                year: seat.eliminated_in,
            },
            Outcome::Solo { .. } => SeatOutcome::Defeated,
            Outcome::Draw { .. } => SeatOutcome::Survived,
        }
    }

    /// The order the seats finished in, for the ratings: each seat's rank, 1 the best,
    /// equal for seats that finished level (competition ranking: 1, 2, 2, 4).
    ///
    /// The solo winner first; the powers of a draw level with one another; then the other
    /// powers on the board by centres at the end (more is better); then the eliminated,
    /// those eliminated later ahead of those eliminated earlier.
    pub fn finishing_ranks(&self) -> Vec<usize> {
        let keys: Vec<FinishKey> = self.seats.iter().map(|s| self.finish_key(s)).collect();
        keys.iter()
            .map(|k| 1 + keys.iter().filter(|other| *other < k).count())
            .collect()
    }

    /// Smaller is better.
    fn finish_key(&self, seat: &Seat) -> FinishKey {
        match self.seat_outcome(seat) {
            SeatOutcome::Solo => (0, 0),
            SeatOutcome::Draw { .. } => (1, 0),
            SeatOutcome::Survived | SeatOutcome::Defeated => (2, -i64::from(seat.centres)),
            // Elimination in an unknown year ranks below every known year.
            SeatOutcome::Eliminated { year } => (3, year.map_or(i64::MAX, |y| -i64::from(y))),
        }
    }

    /// The members who held a power at the end, each once, in id order.
    pub fn final_members(&self) -> Vec<MemberId> {
        let set: BTreeSet<MemberId> = self.seats.iter().filter_map(|s| s.member).collect();
        set.into_iter().collect()
    }

    /// Every member who played in the game, at the end or replaced before it.
    pub fn all_members(&self) -> BTreeSet<MemberId> {
        self.seats
            .iter()
            .flat_map(|s| {
                s.member
                    .into_iter()
                    .chain(s.earlier.iter().map(|e| e.member))
            })
            .collect()
    }

    /// The order results are applied in: by end time, then by game id.
    pub fn chronological_key(&self) -> (i64, &str) {
        (self.finished_at_ms, &self.game)
    }
}

type FinishKey = (u8, i64);
