//! A small season from start to end, as the server will run it: a club, its members, a
//! Gunboat league and its season, three games, standings and ratings after each game,
//! the season closed, and everything rebuilt from what the store keeps.

mod common;
use common::*;
use entente_club::{
    recompute, standings, Aggregate, Application, Club, ClubSettings, GameResult, LeagueRules,
    MemberId, PressKind, Ratings, ScoringSystem,
};

const ADMIN: MemberId = MemberId(100);

fn app(name: &str) -> Application {
    Application {
        name: name.into(),
        ..Application::default()
    }
}

/// Games A, B, C of the league tests: see tests/league.rs for the boards.
fn games() -> Vec<GameResult> {
    vec![
        in_season(
            game(
                "A",
                1_000,
                board([4, 0, 9, 7, 7, 3, 4]),
                draw(&["Austria", "France", "Germany", "Italy", "Russia", "Turkey"]),
            ),
            "gunboat",
            "2013-14",
        ),
        in_season(
            game("B", 2_000, board([3, 18, 4, 3, 2, 2, 2]), solo("England")),
            "gunboat",
            "2013-14",
        ),
        in_season(
            game(
                "C",
                3_000,
                board([5, 9, 4, 5, 3, 1, 7]),
                draw(&["England", "Turkey"]),
            ),
            "gunboat",
            "2013-14",
        ),
    ]
}

#[test]
fn a_small_gunboat_season_from_applications_to_the_kept_table() {
    let mut club = Club::found(ClubSettings::default(), ADMIN, app("Admin"), 0).unwrap();
    for m in 1..=7 {
        club.apply(MemberId(m), app(&format!("Player {m}")), m)
            .unwrap();
        club.approve(ADMIN, MemberId(m), 10 + m).unwrap();
    }
    assert_eq!(club.players().len(), 8);
    club.create_league(
        ADMIN,
        "gunboat",
        "Gunboat league",
        LeagueRules {
            variant: "standard".into(),
            press: PressKind::Gunboat,
            deadlines: "48 hours a phase".into(),
            games_per_member: 3,
            scoring: ScoringSystem::CDiplo,
            aggregate: Aggregate::Sum,
        },
        20,
    )
    .unwrap();
    club.create_season(ADMIN, "gunboat", "2013-14", "13/14", 30)
        .unwrap();
    let season = club.leagues["gunboat"].season("2013-14").unwrap().clone();

    // The store: results as JSON, the ratings cache updated as each game ends.
    let mut stored: Vec<String> = Vec::new();
    let mut ratings = Ratings::default();
    // C-Diplo leaders after each game (see tests/league.rs for the points):
    // after A: member 3 (48); after B: member 2 (1 + 100 = 101); after C: member 2 (149).
    let leaders = [(3, 48.0), (2, 101.0), (2, 149.0)];
    for (g, (leader, points)) in games().into_iter().zip(leaders) {
        ratings.apply(&g).unwrap();
        stored.push(serde_json::to_string(&g).unwrap());
        let results: Vec<GameResult> = stored
            .iter()
            .map(|s| serde_json::from_str(s).unwrap())
            .collect();
        let table = standings("gunboat", &season, &results).unwrap();
        assert_eq!(table.rows[0].member, MemberId(leader));
        assert_close(table.rows[0].score, points);
        // The all-time table moves with every game: the cache is the rebuild.
        assert_eq!(ratings, recompute(&results).unwrap());
    }
    // Member 2, with a solo and a two-way draw, tops the eternal battlefield too.
    assert_eq!(ratings.table()[0].member, MemberId(2));

    let results: Vec<GameResult> = stored
        .iter()
        .map(|s| serde_json::from_str(s).unwrap())
        .collect();
    let table = standings("gunboat", &season, &results).unwrap();
    club.close_season(ADMIN, table.clone(), 40).unwrap();

    // Everything kept goes to the store and comes back; the ratings cache and the table
    // are dropped and rebuilt from the results alone.
    let club_json = serde_json::to_string(&club).unwrap();
    let ratings_json = serde_json::to_string(&ratings).unwrap();
    drop((club, ratings, table));
    let club: Club = serde_json::from_str(&club_json).unwrap();
    let cached: Ratings = serde_json::from_str(&ratings_json).unwrap();
    let kept = club.leagues["gunboat"]
        .season("2013-14")
        .unwrap()
        .table
        .clone()
        .unwrap();
    let season = club.leagues["gunboat"].season("2013-14").unwrap();
    let rebuilt = standings("gunboat", season, &results).unwrap();
    assert_eq!(kept.rows.len(), rebuilt.rows.len());
    for (k, r) in kept.rows.iter().zip(&rebuilt.rows) {
        assert_eq!(
            (k.member, k.place, k.separation),
            (r.member, r.place, r.separation)
        );
        assert_close(k.score, r.score);
    }
    let again = recompute(&results).unwrap();
    assert_eq!(
        cached.members.keys().collect::<Vec<_>>(),
        again.members.keys().collect::<Vec<_>>()
    );
    for (m, r) in &again.members {
        let c = cached.members[m];
        assert_close(c.mu, r.mu);
        assert_close(c.sigma, r.sigma);
        assert_eq!(c.games, r.games);
    }
    assert_eq!(cached.last, again.last);
}
