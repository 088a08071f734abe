//! A small league season, its standings under each scoring system computed by hand, the
//! tie-breaks, the aggregates, and the kept table rebuilt from the stored results.

mod common;
use common::*;
use entente_club::{
    standings, Aggregate, GameResult, LeagueRules, LeagueSeason, MemberId, PressKind,
    ScoringSystem, Separation, Standings,
};

fn rules(scoring: ScoringSystem, aggregate: Aggregate) -> LeagueRules {
    LeagueRules {
        variant: "standard".into(),
        press: PressKind::Gunboat,
        deadlines: "48 hours a movement phase, 24 hours a retreat or adjustment phase".into(),
        games_per_member: 3,
        scoring,
        aggregate,
    }
}

fn season(scoring: ScoringSystem, aggregate: Aggregate) -> LeagueSeason {
    LeagueSeason {
        id: "2013-14".into(),
        name: "13/14".into(),
        rules: rules(scoring, aggregate),
        table: None,
    }
}

/// Members 1..=7 play Austria..Turkey in each of three games:
/// - A (ended first): Austria 4, England out, France 9, Germany 7, Italy 7, Russia 3,
///   Turkey 4; a draw of the six survivors.
/// - B: England (member 2) soloes.
/// - C: Austria 5, England 9, France 4, Germany 5, Italy 3, Russia 1, Turkey 7; a draw of
///   England and Turkey.
///
/// Plus a game of another season and one of another league, which must not count.
fn results() -> Vec<GameResult> {
    let a = game(
        "A",
        1_000,
        board([4, 0, 9, 7, 7, 3, 4]),
        draw(&["Austria", "France", "Germany", "Italy", "Russia", "Turkey"]),
    );
    let b = game("B", 2_000, board([3, 18, 4, 3, 2, 2, 2]), solo("England"));
    let c = game(
        "C",
        3_000,
        board([5, 9, 4, 5, 3, 1, 7]),
        draw(&["England", "Turkey"]),
    );
    let other_season = game("D", 4_000, board([18, 3, 3, 4, 2, 4, 0]), solo("Austria"));
    let other_league = game("E", 5_000, board([18, 3, 3, 4, 2, 4, 0]), solo("Austria"));
    vec![
        in_season(c, "gunboat", "2013-14"),
        in_season(a, "gunboat", "2013-14"),
        in_season(b, "gunboat", "2013-14"),
        in_season(other_season, "gunboat", "2010-11"),
        in_season(other_league, "press", "2013-14"),
    ]
}

/// (member, place, score, separation) of each row.
fn table(s: &Standings) -> Vec<(i64, usize, f64, Separation)> {
    s.rows
        .iter()
        .map(|r| (r.member.0, r.place, r.score, r.separation))
        .collect()
}

fn assert_table(s: &Standings, want: &[(i64, usize, f64, Separation)]) {
    let got = table(s);
    assert_eq!(got.len(), want.len(), "{got:?}");
    for (g, w) in got.iter().zip(want) {
        assert_eq!((g.0, g.1, g.3), (w.0, w.1, w.3), "{got:?}");
        assert!(
            (g.2 - w.2).abs() < 1e-9,
            "member {}: {} != {}",
            g.0,
            g.2,
            w.2
        );
    }
}

#[test]
fn draw_size_season_standings_by_hand() {
    // A: 100/6 = 16.667 for each of members 1, 3, 4, 5, 6, 7; B: 100 for member 2;
    // C: 50 for members 2 and 7.
    // Sums: 2 -> 150 (a solo), 7 -> 66.667 (two draws), 1, 3, 4, 5, 6 -> 16.667 each with one
    // draw and the same best game: level on everything, they share third place, by id.
    let s = standings(
        "gunboat",
        &season(ScoringSystem::DrawSize, Aggregate::Sum),
        &results(),
    )
    .unwrap();
    let sixth = 100.0 / 6.0;
    assert_table(
        &s,
        &[
            (2, 1, 150.0, Separation::First),
            (7, 2, sixth + 50.0, Separation::Score),
            (1, 3, sixth, Separation::Score),
            (3, 3, sixth, Separation::Tied),
            (4, 3, sixth, Separation::Tied),
            (5, 3, sixth, Separation::Tied),
            (6, 3, sixth, Separation::Tied),
        ],
    );
    let m2 = &s.rows[0];
    assert_eq!((m2.games, m2.solos, m2.draws), (3, 1, 1));
    assert!(m2.complete);
    assert_eq!(
        m2.game_scores,
        [("A".into(), 0.0), ("B".into(), 100.0), ("C".into(), 50.0)]
    );
}

#[test]
fn sum_of_squares_season_standings_by_hand() {
    // A: squares 16 + 0 + 81 + 49 + 49 + 9 + 16 = 220; C: 25 + 81 + 16 + 25 + 9 + 1 + 49 = 206.
    // 1: 1600/220 + 2500/206 = 7.273 + 12.136 = 19.409
    // 2: 0 + 100 + 8100/206 = 139.320
    // 3: 8100/220 + 1600/206 = 36.818 + 7.767 = 44.585
    // 4: 4900/220 + 2500/206 = 22.273 + 12.136 = 34.409
    // 5: 4900/220 + 900/206 = 22.273 + 4.369 = 26.642
    // 6: 900/220 + 100/206 = 4.091 + 0.485 = 4.576
    // 7: 1600/220 + 4900/206 = 7.273 + 23.786 = 31.059
    let s = standings(
        "gunboat",
        &season(ScoringSystem::SumOfSquares, Aggregate::Sum),
        &results(),
    )
    .unwrap();
    let (a, c) = (220.0, 206.0);
    assert_table(
        &s,
        &[
            (2, 1, 100.0 + 8100.0 / c, Separation::First),
            (3, 2, 8100.0 / a + 1600.0 / c, Separation::Score),
            (4, 3, 4900.0 / a + 2500.0 / c, Separation::Score),
            (7, 4, 1600.0 / a + 4900.0 / c, Separation::Score),
            (5, 5, 4900.0 / a + 900.0 / c, Separation::Score),
            (1, 6, 1600.0 / a + 2500.0 / c, Separation::Score),
            (6, 7, 900.0 / a + 100.0 / c, Separation::Score),
        ],
    );
}

#[test]
fn c_diplo_season_standings_by_hand() {
    // A (as the WDD example): 1 -> 5, 2 -> 1, 3 -> 48, 4 -> 18.5, 5 -> 18.5, 6 -> 4, 7 -> 5.
    // B: 100 for member 2. C: 1 -> 9.5, 2 -> 48, 3 -> 5, 4 -> 9.5, 5 -> 4, 6 -> 2, 7 -> 22.
    // Sums: 2 -> 149, 3 -> 53, 4 -> 28, 7 -> 27, 5 -> 22.5, 1 -> 14.5, 6 -> 6.
    let s = standings(
        "gunboat",
        &season(ScoringSystem::CDiplo, Aggregate::Sum),
        &results(),
    )
    .unwrap();
    assert_table(
        &s,
        &[
            (2, 1, 149.0, Separation::First),
            (3, 2, 53.0, Separation::Score),
            (4, 3, 28.0, Separation::Score),
            (7, 4, 27.0, Separation::Score),
            (5, 5, 22.5, Separation::Score),
            (1, 6, 14.5, Separation::Score),
            (6, 7, 6.0, Separation::Score),
        ],
    );
}

#[test]
fn average_divides_by_the_games_played() {
    // Draw-size averages: 2 -> 150/3 = 50, 7 -> 66.667/3 = 22.222, the others 16.667/3.
    let s = standings(
        "gunboat",
        &season(ScoringSystem::DrawSize, Aggregate::Average),
        &results(),
    )
    .unwrap();
    assert_close(s.rows[0].score, 50.0);
    assert_close(s.rows[1].score, (100.0 / 6.0 + 50.0) / 3.0);
    assert_close(s.rows[2].score, 100.0 / 18.0);
}

#[test]
fn best_games_adds_up_only_the_best() {
    // C-Diplo, best two games: 2 -> 100 + 48 = 148 (drops A's 1), 3 -> 48 + 5 = 53,
    // 6 -> 4 + 2 = 6 (drops B's 0).
    let s = standings(
        "gunboat",
        &season(ScoringSystem::CDiplo, Aggregate::Best { games: 2 }),
        &results(),
    )
    .unwrap();
    assert_close(s.rows[0].score, 148.0);
    assert_close(s.rows[1].score, 53.0);
    assert_close(s.rows[6].score, 6.0);
}

#[test]
fn level_scores_are_separated_by_solos_then_draws() {
    // Draw-size: X: member 1 soloes (100). Y and Z: members 2 and 3 draw two-way (50 + 50).
    // W: members 4, 5, 6, 7 draw four-way (25); V: member 4 draws four-way again with
    // 8, 9, 10 (25): member 4 has 50 from two draws; U: member 11 draws two-way (50), one draw.
    // 1, 2, 3 have 100: 1 first by its solo; 2 and 3 level on everything (2 draws, best 50).
    // 4 and 11 have 50: 4 ahead by draws (2 against 1).
    let two = |id: &str, at, p: i64, q: i64| {
        game(
            id,
            at,
            vec![seat("England", p, 17), seat("France", q, 17)],
            draw(&["England", "France"]),
        )
    };
    let four = |id: &str, at, m: [i64; 4]| {
        game(
            id,
            at,
            vec![
                seat("Austria", m[0], 8),
                seat("England", m[1], 8),
                seat("France", m[2], 9),
                seat("Germany", m[3], 9),
            ],
            draw(&["Austria", "England", "France", "Germany"]),
        )
    };
    let x = game(
        "X",
        1,
        vec![seat("England", 1, 18), seat("France", 12, 16)],
        solo("England"),
    );
    let mut u = two("U", 6, 11, 13);
    u.seats[1].member = None;
    let games: Vec<GameResult> = vec![
        x,
        two("Y", 2, 2, 3),
        two("Z", 3, 3, 2),
        four("W", 4, [4, 5, 6, 7]),
        four("V", 5, [4, 8, 9, 10]),
        u,
    ]
    .into_iter()
    .map(|g| in_season(g, "gunboat", "2013-14"))
    .collect();
    let s = standings(
        "gunboat",
        &season(ScoringSystem::DrawSize, Aggregate::Sum),
        &games,
    )
    .unwrap();
    let top: Vec<(i64, usize, Separation)> = s
        .rows
        .iter()
        .take(5)
        .map(|r| (r.member.0, r.place, r.separation))
        .collect();
    assert_eq!(
        top,
        [
            (1, 1, Separation::First),
            (2, 2, Separation::Solos),
            (3, 2, Separation::Tied),
            (4, 4, Separation::Score),
            (11, 5, Separation::Draws),
        ]
    );
    // Member 12 lost to the solo: 0 points, listed last.
    assert_eq!(s.rows.last().unwrap().member, MemberId(12));
    assert!(!s.rows[0].complete, "one game of three");
}

#[test]
fn a_game_given_twice_is_refused() {
    let mut r = results();
    r.push(r[0].clone());
    assert!(matches!(
        standings(
            "gunboat",
            &season(ScoringSystem::DrawSize, Aggregate::Sum),
            &r
        ),
        Err(entente_club::StandingsError::Duplicate { .. })
    ));
}

#[test]
fn standings_deleted_and_rebuilt_from_the_stored_results_are_the_same() {
    // The store keeps the results as JSON and the season's table; dropping the table and
    // recomputing it from the results read back gives the same table, for every system,
    // whatever order the results come back in.
    for scoring in ScoringSystem::ALL {
        let season = season(scoring, Aggregate::Sum);
        let kept = standings("gunboat", &season, &results()).unwrap();
        let kept_json = serde_json::to_string(&kept).unwrap();
        drop(kept);
        let stored = serde_json::to_string(&results()).unwrap();
        let mut back: Vec<GameResult> = serde_json::from_str(&stored).unwrap();
        back.reverse();
        let rebuilt = standings("gunboat", &season, &back).unwrap();
        assert_eq!(serde_json::to_string(&rebuilt).unwrap(), kept_json);
        // Read back, a float may differ in its last bit (serde_json's default parsing):
        // the same rows, scores equal to a billionth.
        let read: Standings = serde_json::from_str(&kept_json).unwrap();
        assert_eq!(table(&read).len(), table(&rebuilt).len());
        for (r, b) in table(&read).iter().zip(table(&rebuilt)) {
            assert_eq!((r.0, r.1, r.3), (b.0, b.1, b.3));
            assert!((r.2 - b.2).abs() < 1e-9);
        }
    }
}
