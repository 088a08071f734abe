//! Invariants over arbitrary valid results.

use entente_club::{
    profiles, recompute, standings, Aggregate, GameResult, LeagueRef, LeagueRules, LeagueSeason,
    MemberId, Outcome, PressKind, Ratings, ScoringSystem, Seat, Separation,
};
use proptest::prelude::*;

/// One seat's draw: centres (0..=12), eliminated if without centres, a member (1..=5, or
/// nobody), phases played and missed.
fn seat_strategy() -> impl Strategy<Value = (u32, bool, Option<i64>, u32, u32)> {
    (
        0u32..=12,
        any::<bool>(),
        prop::option::weighted(0.9, 1i64..=5),
        0u32..=30,
        0u32..=30,
    )
}

/// A valid result: 2 to 7 seats, the first always holding a centre; a solo of a seat on
/// the board or a draw among some of them.
fn result_strategy(id: usize) -> impl Strategy<Value = GameResult> {
    (
        prop::collection::vec(seat_strategy(), 2..=7),
        any::<bool>(),
        any::<prop::sample::Index>(),
        prop::collection::vec(any::<bool>(), 7),
        0i64..5,
        any::<bool>(),
    )
        .prop_map(move |(raw, is_solo, pick, in_draw, at, rated)| {
            let seats: Vec<Seat> = raw
                .iter()
                .enumerate()
                .map(|(i, &(c, elim, member, played, missed))| {
                    let centres = if i == 0 { c.max(1) } else { c };
                    Seat {
                        power: format!("P{i}"),
                        member: member.map(MemberId),
                        centres,
                        eliminated_in: (centres == 0 && elim).then_some(1900 + i as i32),
                        phases_played: played,
                        missed_phases: missed.min(played),
                        earlier: Vec::new(),
                    }
                })
                .collect();
            let alive: Vec<&Seat> = seats.iter().filter(|s| s.eliminated_in.is_none()).collect();
            let outcome = if is_solo {
                Outcome::Solo {
                    power: pick.get(&alive).power.clone(),
                    conceded: false,
                }
            } else {
                let mut powers: Vec<String> = alive
                    .iter()
                    .zip(&in_draw)
                    .filter(|(_, &d)| d)
                    .map(|(s, _)| s.power.clone())
                    .collect();
                if powers.is_empty() {
                    powers.push(pick.get(&alive).power.clone());
                }
                Outcome::Draw { powers }
            };
            GameResult {
                game: format!("g{id:02}"),
                variant: "standard".into(),
                finished_at_ms: at,
                end_year: 1910,
                rated,
                league: Some(LeagueRef {
                    league: "l".into(),
                    season: "s".into(),
                }),
                seats,
                outcome,
            }
        })
}

fn results_strategy() -> impl Strategy<Value = Vec<GameResult>> {
    (1usize..8).prop_flat_map(|n| (0..n).map(result_strategy).collect::<Vec<_>>())
}

fn points(system: ScoringSystem, r: &GameResult) -> Option<Vec<f64>> {
    system
        .score(r)
        .ok()
        .map(|s| s.iter().map(|p| p.points).collect())
}

proptest! {
    #[test]
    fn generated_results_are_valid(r in result_strategy(0)) {
        prop_assert_eq!(r.check(), Ok(()));
    }

    #[test]
    fn scores_add_up_to_the_systems_total(r in result_strategy(0)) {
        for system in ScoringSystem::ALL {
            // Sum of squares refuses a draw with no centre at all; the first seat holds one.
            let p = points(system, &r).expect("scored");
            prop_assert!(p.iter().all(|&x| x >= 0.0));
            let sum: f64 = p.iter().sum();
            match system.total(&r) {
                Some(total) => prop_assert!((sum - total).abs() < 1e-9, "{system:?} {sum}"),
                None => {
                    // C-Diplo draw: a point each, a point a centre, and the bonuses of as
                    // many places as there are powers holding centres (three at most).
                    let holders = r.seats.iter().filter(|s| s.centres > 0).count();
                    let centres: u32 = r.seats.iter().map(|s| s.centres).sum();
                    let bonus: f64 = [38.0, 14.0, 7.0].iter().take(holders).sum();
                    let want = r.seats.len() as f64 + f64::from(centres) + bonus;
                    prop_assert!((sum - want).abs() < 1e-9, "{sum} != {want}");
                }
            }
        }
    }

    #[test]
    fn a_solo_takes_everything_in_every_system(r in result_strategy(0)) {
        if let Outcome::Solo { power, .. } = &r.outcome {
            for system in ScoringSystem::ALL {
                for s in system.score(&r).unwrap() {
                    prop_assert_eq!(s.points, if s.power == *power { 100.0 } else { 0.0 });
                }
            }
        }
    }

    #[test]
    fn in_a_draw_more_centres_never_score_less(r in result_strategy(0)) {
        if matches!(r.outcome, Outcome::Draw { .. }) {
            for system in [ScoringSystem::SumOfSquares, ScoringSystem::CDiplo] {
                let p = points(system, &r).unwrap();
                for i in 0..r.seats.len() {
                    for j in 0..r.seats.len() {
                        if r.seats[i].centres > r.seats[j].centres {
                            prop_assert!(p[i] > p[j], "{system:?}: {i} {j} {p:?}");
                        }
                        if r.seats[i].centres == r.seats[j].centres {
                            prop_assert!((p[i] - p[j]).abs() < 1e-9);
                        }
                    }
                }
            }
            // Draw-size: the draw's shares are equal, the others get nothing.
            let p = points(ScoringSystem::DrawSize, &r).unwrap();
            let n = r.outcome.draw().len() as f64;
            for (s, x) in r.seats.iter().zip(p) {
                let want = if r.outcome.draw().contains(&s.power) { 100.0 / n } else { 0.0 };
                prop_assert!((x - want).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn finishing_ranks_put_the_winners_first(r in result_strategy(0)) {
        let ranks = r.finishing_ranks();
        let n = r.seats.len();
        prop_assert!(ranks.iter().all(|&k| (1..=n).contains(&k)));
        for (s, &k) in r.seats.iter().zip(&ranks) {
            let winner = r.outcome.solo() == Some(s.power.as_str())
                || r.outcome.draw().contains(&s.power);
            prop_assert_eq!(winner, k == 1, "{} rank {}", s.power, k);
        }
    }

    #[test]
    fn recompute_ignores_the_order_results_are_stored_in(
        rs in results_strategy(),
        perm in any::<prop::sample::Index>(),
    ) {
        let mut shuffled = rs.clone();
        let k = perm.index(shuffled.len());
        shuffled.rotate_left(k);
        shuffled.reverse();
        prop_assert_eq!(recompute(&rs).unwrap(), recompute(&shuffled).unwrap());
    }

    #[test]
    fn rating_games_as_they_end_equals_a_rebuild(rs in results_strategy()) {
        let mut sorted = rs.clone();
        sorted.sort_by(|a, b| a.chronological_key().cmp(&b.chronological_key()));
        let mut step = Ratings::default();
        for r in &sorted {
            step.apply(r).unwrap();
        }
        let rebuilt = recompute(&rs).unwrap();
        prop_assert_eq!(&step, &rebuilt);
        // Everyone rated played a rated game with another member.
        for (m, rating) in &rebuilt.members {
            prop_assert!(rating.games >= 1, "{m}");
        }
    }

    #[test]
    fn standings_ignore_the_order_and_places_follow_the_rows(
        rs in results_strategy(),
        system in prop::sample::select(ScoringSystem::ALL.to_vec()),
    ) {
        let season = LeagueSeason {
            id: "s".into(),
            name: "S".into(),
            rules: LeagueRules {
                variant: "standard".into(),
                press: PressKind::Full,
                deadlines: String::new(),
                games_per_member: 2,
                scoring: system,
                aggregate: Aggregate::Sum,
            },
            table: None,
        };
        let a = standings("l", &season, &rs).unwrap();
        let mut rev = rs.clone();
        rev.reverse();
        prop_assert_eq!(&a, &standings("l", &season, &rev).unwrap());
        for (i, row) in a.rows.iter().enumerate() {
            if row.separation == Separation::Tied {
                prop_assert_eq!(row.place, a.rows[i - 1].place);
                prop_assert!(row.member > a.rows[i - 1].member);
            } else {
                prop_assert_eq!(row.place, i + 1);
            }
            if i > 0 {
                prop_assert!(row.score <= a.rows[i - 1].score + 1e-6);
            }
        }
        // Draw-size: every point of a game goes to a seat; the seats held by members add up
        // to the season's total.
        if system == ScoringSystem::DrawSize {
            let total: f64 = a.rows.iter().map(|r| r.score).sum();
            let held: f64 = rs
                .iter()
                .flat_map(|r| {
                    ScoringSystem::DrawSize
                        .score(r)
                        .unwrap()
                        .into_iter()
                        .filter(|s| s.member.is_some())
                        .map(|s| s.points)
                })
                .sum();
            prop_assert!((total - held).abs() < 1e-6);
        }
    }

    #[test]
    fn a_profile_counts_each_final_seat_once(rs in results_strategy()) {
        let p = profiles(&rs);
        for (m, profile) in &p {
            let seats = rs
                .iter()
                .flat_map(|r| &r.seats)
                .filter(|s| s.member == Some(*m))
                .count() as u32;
            prop_assert_eq!(
                profile.solos + profile.draws + profile.survivals + profile.defeats
                    + profile.eliminations,
                seats
            );
            prop_assert!(profile.reliability.missed_phases <= profile.reliability.phases_played);
        }
    }
}
