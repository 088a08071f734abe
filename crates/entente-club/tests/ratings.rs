//! The all-time Weng-Lin rating: hand-computed updates, the order results are applied in,
//! and the eternal battlefield table.

mod common;
use common::*;
use entente_club::{recompute, MemberId, Rating, RatingError, Ratings};

/// Weng-Lin with the defaults (mu 25, sigma 25/3, beta 25/6), two new players, one ahead of
/// the other. c^2 = 2 beta^2 + sigma_a^2 + sigma_b^2 = 2 (25/6)^2 + 2 (25/3)^2 = 173.6111...,
/// c = 13.17616; p(a ahead) = e^(25/c) / (e^(25/c) + e^(25/c)) = 1/2.
/// Omega_a = sigma^2 / c * (1 - 1/2) = 69.4444 / 13.17616 / 2 = 2.6352314: mu_a = 27.6352314,
/// mu_b = 22.3647686.
/// Delta = gamma * sigma^2 / c^2 * p (1 - p) with gamma = sigma / c: 0.6324555 * 0.4 * 0.25
/// = 0.0632456; sigma' = sqrt(sigma^2 (1 - Delta)) = 8.0655063 for both.
#[test]
fn weng_lin_two_new_players_hand_computed() {
    // Austria (member 1) shares a draw with France, which nobody held at the end; England
    // (member 2) was eliminated in 1907.
    let mut seats = vec![seat("Austria", 1, 10), out("England", 2, 1907)];
    seats.push(seat("France", 0, 3));
    seats[2].member = None;
    let r = game("g1", 1, seats, draw(&["Austria", "France"]));
    let ratings = recompute(&[r]).unwrap();
    let a = ratings.get(MemberId(1));
    let b = ratings.get(MemberId(2));
    assert!((a.mu - 27.635_231_383).abs() < 1e-6, "{a:?}");
    assert!((b.mu - 22.364_768_617).abs() < 1e-6, "{b:?}");
    assert!((a.sigma - 8.065_506_316).abs() < 1e-6, "{a:?}");
    assert!((b.sigma - 8.065_506_316).abs() < 1e-6, "{b:?}");
    assert_eq!((a.games, b.games), (1, 1));
    // Nobody held France at the end: it is not rated.
    assert_eq!(ratings.members.len(), 2);
}

/// Three new players: A ahead of B and C, who drew with each other (equal ranks count
/// half a win each way). Every pair has the c and p of the two-player case.
/// A: two wins, Omega = 2 * 2.6352314 = 5.2704628 -> 30.2704628.
/// B: a loss (-2.6352314) and a tie (0): 22.3647686, and C the same.
/// Delta = 2 * 0.0632456 = 0.1264911 for each: sigma' = sqrt(69.4444 * 0.8735089) = 7.7884748.
#[test]
fn weng_lin_draw_members_tie_and_the_solo_leads() {
    // Member 1 soloes with France; Germany (2) and Italy (3) both survive on 8 centres:
    // level, so tied with each other.
    let r = game(
        "g1",
        1,
        vec![
            seat("France", 1, 18),
            seat("Germany", 2, 8),
            seat("Italy", 3, 8),
        ],
        solo("France"),
    );
    let ratings = recompute(&[r]).unwrap();
    let [a, b, c] = [1, 2, 3].map(|m| ratings.get(MemberId(m)));
    assert!((a.mu - 30.270_462_767).abs() < 1e-6, "{a:?}");
    assert!((b.mu - 22.364_768_617).abs() < 1e-6, "{b:?}");
    assert_eq!(b, c);
    assert!((a.sigma - 7.788_474_808).abs() < 1e-6, "{a:?}");
}

#[test]
fn finishing_ranks_solo_then_draw_then_centres_then_later_elimination() {
    // France soloes; England 6 and Russia 6 level; Turkey 4; Italy out 1908 ahead of
    // Austria out 1903 and Germany out 1903 level.
    let r = game(
        "g",
        1,
        vec![
            out("Austria", 1, 1903),
            seat("England", 2, 6),
            seat("France", 3, 18),
            out("Germany", 4, 1903),
            out("Italy", 5, 1908),
            seat("Russia", 6, 6),
            seat("Turkey", 7, 4),
        ],
        solo("France"),
    );
    assert_eq!(r.finishing_ranks(), [6, 2, 1, 6, 5, 2, 4]);
    // In a draw of England, Turkey and Russia, the draw is level whatever its centres.
    let mut d = r.clone();
    d.seats[2].centres = 16;
    d.outcome = draw(&["England", "France", "Russia", "Turkey"]);
    assert_eq!(d.finishing_ranks(), [6, 1, 1, 6, 5, 1, 1]);
}

#[test]
fn applying_games_one_by_one_equals_recomputing_them_all() {
    let games = season_of_games();
    let mut step = Ratings::default();
    for g in as_they_ended(&games) {
        step.apply(g).unwrap();
    }
    assert_eq!(step, recompute(&games).unwrap());
}

#[test]
fn recompute_does_not_depend_on_the_order_results_are_given_in() {
    let games = season_of_games();
    let mut reversed = games.clone();
    reversed.reverse();
    assert_eq!(recompute(&games).unwrap(), recompute(&reversed).unwrap());
}

#[test]
fn dropping_the_ratings_and_rebuilding_them_from_the_results_gives_the_same_table() {
    // What the store does: ratings kept as games end, then dropped and rebuilt.
    let games = season_of_games();
    let mut kept = Ratings::default();
    for g in as_they_ended(&games) {
        kept.apply(g).unwrap();
    }
    let kept_json = serde_json::to_string(&kept.table()).unwrap();
    drop(kept);
    let rebuilt = recompute(&games).unwrap();
    assert_eq!(serde_json::to_string(&rebuilt.table()).unwrap(), kept_json);
}

#[test]
fn a_game_older_than_the_last_rated_is_refused_and_a_repeat_too() {
    let games = season_of_games();
    // games[0] is g2 (ended at 2 s), games[1] is g1 (ended at 1 s).
    let mut r = Ratings::default();
    r.apply(&games[0]).unwrap();
    let before = r.clone();
    assert_eq!(
        r.apply(&games[1]),
        Err(RatingError::OutOfOrder {
            game: "g1".into(),
            last: "g2".into()
        })
    );
    assert_eq!(
        r.apply(&games[0]),
        Err(RatingError::Duplicate { game: "g2".into() })
    );
    // A refused game changes nothing.
    assert_eq!(r, before);
    let twice = vec![games[0].clone(), games[0].clone()];
    assert!(matches!(
        recompute(&twice),
        Err(RatingError::Duplicate { .. })
    ));
}

#[test]
fn unrated_games_change_nothing() {
    let mut g = season_of_games().remove(0);
    g.rated = false;
    let r = recompute(std::slice::from_ref(&g)).unwrap();
    assert_eq!(r, Ratings::default());
    let mut step = Ratings::default();
    step.apply(&g).unwrap();
    assert_eq!(step, Ratings::default());
}

#[test]
fn a_member_holding_two_powers_is_rated_once_at_the_better_rank() {
    // Member 1 holds Austria (eliminated) and France (solo): one team, rank 1 against
    // member 2; the same as a plain two-player game with member 1 ahead.
    let two = game(
        "g",
        1,
        vec![
            out("Austria", 1, 1904),
            seat("France", 1, 18),
            seat("Germany", 2, 5),
        ],
        solo("France"),
    );
    let one = game(
        "g",
        1,
        vec![seat("France", 1, 18), seat("Germany", 2, 5)],
        solo("France"),
    );
    let a = recompute(&[two]).unwrap();
    assert_eq!(a, recompute(&[one]).unwrap());
    assert_eq!(a.get(MemberId(1)).games, 1);
}

#[test]
fn the_eternal_battlefield_orders_by_conservative_rating() {
    let games = season_of_games();
    let ratings = recompute(&games).unwrap();
    let table = ratings.table();
    assert_eq!(table.len(), ratings.members.len());
    for pair in table.windows(2) {
        assert!(pair[0].conservative >= pair[1].conservative);
        assert!(pair[0].place <= pair[1].place);
    }
    for row in &table {
        let r = ratings.get(row.member);
        assert_eq!(row.conservative, r.mu - 3.0 * r.sigma);
    }
    // Member 1 soloed twice and drew once: first.
    assert_eq!(table[0].member, MemberId(1));
    assert_eq!(table[0].place, 1);
}

#[test]
fn members_level_on_the_table_share_a_place_listed_by_id() {
    // Three new members: 5 and 3 finish level behind 9.
    let r = game(
        "g",
        1,
        vec![
            seat("France", 9, 18),
            seat("Germany", 5, 8),
            seat("Italy", 3, 8),
        ],
        solo("France"),
    );
    let t = recompute(&[r]).unwrap().table();
    let order: Vec<(i64, usize)> = t.iter().map(|r| (r.member.0, r.place)).collect();
    assert_eq!(order, [(9, 1), (3, 2), (5, 2)]);
}

#[test]
fn a_new_member_starts_at_the_defaults() {
    let r = Ratings::default().get(MemberId(42));
    assert_eq!(r, Rating::initial());
    assert_eq!(r.mu, 25.0);
    assert!((r.sigma - 25.0 / 3.0).abs() < 1e-12);
    assert!(r.conservative().abs() < 1e-12);
}

/// The games in the order they ended, as the server applies them.
fn as_they_ended(games: &[entente_club::GameResult]) -> Vec<&entente_club::GameResult> {
    let mut v: Vec<_> = games.iter().collect();
    v.sort_by_key(|g| (g.finished_at_ms, g.game.clone()));
    v
}

/// Four games of seven among members 1..=7, out of order on purpose.
fn season_of_games() -> Vec<entente_club::GameResult> {
    let mut g3 = game("g3", 3_000, board([0, 6, 18, 4, 3, 3, 0]), solo("France"));
    // Member 1 plays France here.
    g3.seats[0].member = Some(MemberId(3));
    g3.seats[2].member = Some(MemberId(1));
    vec![
        game("g2", 2_000, board([18, 3, 3, 4, 2, 4, 0]), solo("Austria")),
        game(
            "g1",
            1_000,
            board([10, 0, 8, 0, 6, 0, 10]),
            draw(&["Austria", "France", "Italy", "Turkey"]),
        ),
        g3,
        // Same end time as g3: the game id orders them.
        game(
            "g0",
            3_000,
            board([1, 8, 7, 0, 4, 8, 6]),
            draw(&["England", "France", "Russia", "Turkey"]),
        ),
    ]
}
