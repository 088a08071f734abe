//! Results written out briefly for the tests.
#![allow(dead_code)]

use entente_club::{GameResult, LeagueRef, MemberId, Outcome, Seat};

pub const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

/// A seat held to the end by member `member`, with `centres` centres, every phase ordered.
pub fn seat(power: &str, member: i64, centres: u32) -> Seat {
    Seat {
        power: power.to_string(),
        member: Some(MemberId(member)),
        centres,
        eliminated_in: None,
        phases_played: 20,
        missed_phases: 0,
        earlier: Vec::new(),
    }
}

/// A power eliminated in `year`.
pub fn out(power: &str, member: i64, year: i32) -> Seat {
    Seat {
        eliminated_in: Some(year),
        ..seat(power, member, 0)
    }
}

pub fn solo(power: &str) -> Outcome {
    Outcome::Solo {
        power: power.to_string(),
        conceded: false,
    }
}

pub fn draw(powers: &[&str]) -> Outcome {
    Outcome::Draw {
        powers: powers.iter().map(|p| p.to_string()).collect(),
    }
}

/// A rated standard game that ended at `at` (ms) in 1910.
pub fn game(id: &str, at: i64, seats: Vec<Seat>, outcome: Outcome) -> GameResult {
    GameResult {
        game: id.to_string(),
        variant: "standard".to_string(),
        finished_at_ms: at,
        end_year: 1910,
        rated: true,
        league: None,
        seats,
        outcome,
    }
}

/// The same game, played for a league season.
pub fn in_season(mut r: GameResult, league: &str, season: &str) -> GameResult {
    r.league = Some(LeagueRef {
        league: league.to_string(),
        season: season.to_string(),
    });
    r
}

/// Seven seats of the standard powers in order, members 1..=7, with these centres (0: on
/// the board without centres is not expressible here; 0 means eliminated in 1905).
pub fn board(centres: [u32; 7]) -> Vec<Seat> {
    POWERS
        .iter()
        .zip(centres)
        .enumerate()
        .map(|(i, (p, c))| {
            if c == 0 {
                out(p, i as i64 + 1, 1905)
            } else {
                seat(p, i as i64 + 1, c)
            }
        })
        .collect()
}

pub fn assert_close(got: f64, want: f64) {
    assert!(
        (got - want).abs() < 1e-9,
        "got {got}, expected {want} (difference {})",
        got - want
    );
}

pub fn assert_points(got: &[entente_club::PowerScore], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g.points - w).abs() < 1e-9,
            "{}: got {}, expected {w}",
            g.power,
            g.points
        );
    }
}
