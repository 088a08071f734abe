//! Each scoring system on hand-computed games. Seats are in the order Austria, England,
//! France, Germany, Italy, Russia, Turkey; a 0 is a power eliminated.

mod common;
use common::*;
use entente_club::{Outcome, ResultError, ScoringError, ScoringSystem};

// ---- Draw-size scoring ----

#[test]
fn draw_size_solo_takes_the_whole_pot() {
    // France 18 solos: 100 for France, 0 for everyone else whatever their centres.
    let r = game("g", 1, board([4, 2, 18, 3, 3, 2, 2]), solo("France"));
    let s = ScoringSystem::DrawSize.score(&r).unwrap();
    assert_points(&s, &[0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn draw_size_concession_counts_as_a_solo() {
    let r = game(
        "g",
        1,
        board([4, 2, 14, 4, 4, 3, 3]),
        Outcome::Solo {
            power: "France".into(),
            conceded: true,
        },
    );
    let s = ScoringSystem::DrawSize.score(&r).unwrap();
    assert_points(&s, &[0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn draw_size_splits_the_pot_equally_among_the_draw_only() {
    // A three-way draw England-France-Turkey; Italy (2 centres) survives outside it.
    // 100 / 3 = 33.333... each for the three, 0 for Italy whatever its centres, and 0 for
    // the eliminated.
    let r = game(
        "g",
        1,
        board([0, 12, 10, 0, 2, 0, 10]),
        draw(&["England", "France", "Turkey"]),
    );
    let s = ScoringSystem::DrawSize.score(&r).unwrap();
    let third = 100.0 / 3.0;
    assert_points(&s, &[0.0, third, third, 0.0, 0.0, 0.0, third]);
    // The draw's centres make no difference: England 12 and France 10 score alike.
}

// ---- Sum of squares ----

#[test]
fn sum_of_squares_solo_takes_the_whole_pot() {
    let r = game("g", 1, board([4, 2, 18, 3, 3, 2, 2]), solo("France"));
    let s = ScoringSystem::SumOfSquares.score(&r).unwrap();
    assert_points(&s, &[0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn sum_of_squares_shares_by_centres_squared_over_the_board() {
    // A 6-way draw on Austria 1, England 8, France 7, Germany 0 (out), Italy 4, Russia 8,
    // Turkey 6. Squares: 1 + 64 + 49 + 0 + 16 + 64 + 36 = 230.
    // England and Russia 100 * 64/230 = 27.826..., France 100 * 49/230 = 21.304...,
    // Turkey 100 * 36/230 = 15.652..., Italy 100 * 16/230 = 6.956..., Austria 100/230 =
    // 0.434..., Germany 0. They add up to 100.
    let r = game(
        "g",
        1,
        board([1, 8, 7, 0, 4, 8, 6]),
        draw(&["Austria", "England", "France", "Italy", "Russia", "Turkey"]),
    );
    let s = ScoringSystem::SumOfSquares.score(&r).unwrap();
    assert_points(
        &s,
        &[
            100.0 / 230.0,
            6400.0 / 230.0,
            4900.0 / 230.0,
            0.0,
            1600.0 / 230.0,
            6400.0 / 230.0,
            3600.0 / 230.0,
        ],
    );
    assert_close(s.iter().map(|p| p.points).sum(), 100.0);
}

#[test]
fn sum_of_squares_counts_survivors_outside_the_draw() {
    // England 16 and France 14 draw; Turkey survives on 4 outside the draw.
    // Squares 256 + 196 + 16 = 468: England 25600/468 = 54.70..., France 19600/468 =
    // 41.88..., Turkey 1600/468 = 3.41...: the survivor scores, as every power on the board
    // does in the definition followed (docs/club.md).
    let r = game(
        "g",
        1,
        board([0, 16, 14, 0, 0, 0, 4]),
        draw(&["England", "France"]),
    );
    let s = ScoringSystem::SumOfSquares.score(&r).unwrap();
    assert_points(
        &s,
        &[
            0.0,
            25600.0 / 468.0,
            19600.0 / 468.0,
            0.0,
            0.0,
            0.0,
            1600.0 / 468.0,
        ],
    );
}

#[test]
fn sum_of_squares_refuses_a_draw_without_centres() {
    // Powers in a draw may hold units and no centre; with no centre on the board there is
    // nothing to share by.
    let mut r = game("g", 1, board([0, 1, 0, 0, 0, 0, 0]), draw(&["England"]));
    r.seats[1].centres = 0;
    assert_eq!(
        ScoringSystem::SumOfSquares.score(&r),
        Err(ScoringError::NoCentres { game: "g".into() })
    );
}

// ---- C-Diplo ----

#[test]
fn c_diplo_solo_scores_one_hundred_and_the_rest_nothing() {
    let r = game("g", 1, board([4, 2, 18, 3, 3, 2, 2]), solo("France"));
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    assert_points(&s, &[0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn c_diplo_tied_second_shares_second_and_third_bonuses() {
    // Austria 4, England 0 (out), France 9, Germany 7, Italy 7, Russia 3, Turkey 4.
    // Everyone 1 for playing and 1 a centre. France tops: +38 -> 48. Germany and Italy tie
    // on 7 for second: they cover places 2 and 3 and share 14 + 7 = 21 -> 1 + 7 + 10.5 =
    // 18.5 each. Austria 5, England 1, Russia 4, Turkey 5. Total 100.
    let r = game(
        "g",
        1,
        board([4, 0, 9, 7, 7, 3, 4]),
        draw(&["Austria", "France", "Germany", "Italy", "Russia", "Turkey"]),
    );
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    assert_points(&s, &[5.0, 1.0, 48.0, 18.5, 18.5, 4.0, 5.0]);
    assert_close(s.iter().map(|p| p.points).sum(), 100.0);
}

#[test]
fn c_diplo_tied_third_splits_the_third_bonus() {
    // Austria 5, England 9, France 4, Germany 5, Italy 3, Russia 1, Turkey 7.
    // England tops: 1 + 9 + 38 = 48; Turkey second: 1 + 7 + 14 = 22; Austria and Germany
    // tie for third (places 3 and 4; only 3 has a bonus): 1 + 5 + 7/2 = 9.5 each;
    // France 5, Italy 4, Russia 2. Total 100.
    let r = game("g", 1, board([5, 9, 4, 5, 3, 1, 7]), draw(&POWERS));
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    assert_points(&s, &[9.5, 48.0, 5.0, 9.5, 4.0, 2.0, 22.0]);
}

#[test]
fn c_diplo_shared_topper_splits_bonus() {
    // England 17, Turkey 17, the other five eliminated. The two share places 1 and 2:
    // (38 + 14) / 2 = 26 each -> 1 + 17 + 26 = 44. Third place is reached by no power with
    // centres: its 7 points are not awarded. The eliminated score 1 each for playing.
    // Total 44 + 44 + 5 = 93.
    let r = game(
        "g",
        1,
        board([0, 17, 0, 0, 0, 0, 17]),
        draw(&["England", "Turkey"]),
    );
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    assert_points(&s, &[1.0, 44.0, 1.0, 1.0, 1.0, 1.0, 44.0]);
    assert_close(s.iter().map(|p| p.points).sum(), 93.0);
}

#[test]
fn c_diplo_three_way_shared_top_splits_all_three_bonuses() {
    // England, France, Turkey 11 each; Russia 1; three eliminated.
    // The three share 38 + 14 + 7 = 59: 1 + 11 + 59/3 = 31.666... each. Russia is fourth:
    // 1 + 1 = 2. Eliminated 1 each. Total 3 * 31.666... + 2 + 3 = 100.
    let r = game(
        "g",
        1,
        board([0, 11, 11, 0, 0, 1, 11]),
        draw(&["England", "France", "Russia", "Turkey"]),
    );
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    let top = 12.0 + 59.0 / 3.0;
    assert_points(&s, &[1.0, top, top, 1.0, 1.0, 2.0, top]);
    assert_close(s.iter().map(|p| p.points).sum(), 100.0);
}

#[test]
fn c_diplo_four_tied_for_second_share_second_and_third_bonuses() {
    // France 14 tops: 1 + 14 + 38 = 53. Austria, England, Germany, Italy 5 each cover
    // places 2 to 5 and share 14 + 7 = 21: 1 + 5 + 5.25 = 11.25 each. Russia and Turkey
    // eliminated: 1 each. 53 + 45 + 2 = 100.
    let r = game(
        "g",
        1,
        board([5, 5, 14, 5, 5, 0, 0]),
        draw(&["Austria", "England", "France", "Germany", "Italy"]),
    );
    let s = ScoringSystem::CDiplo.score(&r).unwrap();
    assert_points(&s, &[11.25, 11.25, 53.0, 11.25, 11.25, 1.0, 1.0]);
}

#[test]
fn c_diplo_scores_by_centres_not_by_the_draw() {
    // The same board as the tied-third test, but only England and Turkey in the draw: C-Diplo
    // ranks every power by centres, so the points do not change.
    let all = game("g", 1, board([5, 9, 4, 5, 3, 1, 7]), draw(&POWERS));
    let two = game(
        "g",
        1,
        board([5, 9, 4, 5, 3, 1, 7]),
        draw(&["England", "Turkey"]),
    );
    assert_eq!(
        ScoringSystem::CDiplo.score(&all).unwrap(),
        ScoringSystem::CDiplo.score(&two).unwrap()
    );
}

// ---- All systems ----

#[test]
fn every_system_refuses_a_result_that_contradicts_itself() {
    let unknown = game("g", 1, board([5, 9, 4, 5, 3, 1, 7]), draw(&["Spain"]));
    let eliminated_winner = game("g", 1, board([0, 9, 4, 5, 3, 6, 7]), draw(&["Austria"]));
    for system in ScoringSystem::ALL {
        assert_eq!(
            system.score(&unknown),
            Err(ScoringError::Result(ResultError::UnknownPower {
                game: "g".into(),
                power: "Spain".into()
            }))
        );
        assert_eq!(
            system.score(&eliminated_winner),
            Err(ScoringError::Result(ResultError::EliminatedWinner {
                game: "g".into(),
                power: "Austria".into()
            }))
        );
    }
}

#[test]
fn scoring_systems_are_named_in_kebab_case() {
    let names: Vec<String> = ScoringSystem::ALL
        .iter()
        .map(|s| serde_json::to_string(s).unwrap())
        .collect();
    assert_eq!(
        names,
        ["\"draw-size\"", "\"sum-of-squares\"", "\"c-diplo\""]
    );
}
