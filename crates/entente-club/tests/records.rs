//! The hall of fame, members' profiles and reliability, and results built from a finished
//! game's end.

mod common;
use common::*;
use entente_club::{
    profiles, GameResult, HallOfFame, MemberId, Outcome, Reliability, ResultError, SeatOutcome,
    Stint,
};
use entente_game::EndOfGame;
use entente_map::PowerId;

/// Three games: two standard, one on another variant.
fn results() -> Vec<GameResult> {
    let mut ancient = game(
        "M",
        3_000,
        vec![
            seat("Rome", 3, 19),
            seat("Carthage", 1, 6),
            out("Egypt", 2, 1907),
        ],
        solo("Rome"),
    );
    ancient.variant = "ancmed".into();
    ancient.end_year = 1908;
    let mut conceded = game("S2", 2_000, board([2, 3, 14, 4, 4, 4, 3]), solo("France"));
    conceded.outcome = Outcome::Solo {
        power: "France".into(),
        conceded: true,
    };
    conceded.end_year = 1906;
    vec![
        ancient,
        conceded,
        game(
            "S1",
            1_000,
            board([10, 0, 8, 0, 6, 0, 10]),
            draw(&["Austria", "France", "Italy", "Turkey"]),
        ),
    ]
}

#[test]
fn hall_of_fame_solos_oldest_first_draws_smallest_first() {
    let h = HallOfFame::new(&results(), 3);
    let solos: Vec<(&str, i64, bool)> = h
        .overall
        .solos
        .iter()
        .map(|f| (f.game.as_str(), f.member.0, f.conceded))
        .collect();
    assert_eq!(solos, [("S2", 3, true), ("M", 3, false)]);
    // Only S1 was drawn: four shares, by seat order within the game.
    let draws: Vec<(&str, i64)> = h
        .overall
        .draws
        .iter()
        .map(|f| (f.power.as_str(), f.member.0))
        .collect();
    assert_eq!(
        draws,
        [("Austria", 1), ("France", 3), ("Italy", 5), ("Turkey", 7)]
    );
    assert!(h
        .overall
        .draws
        .iter()
        .all(|f| f.outcome == SeatOutcome::Draw { size: 4 }));
}

#[test]
fn hall_of_fame_best_results_solos_then_smaller_draws_then_centres() {
    let h = HallOfFame::new(&results(), 4);
    // Solos: Rome 19 centres before France 14; then the 4-way draw: Austria 10 and Turkey
    // 10 (oldest first, then by power), France 8 cut by the limit of four.
    let best: Vec<(&str, &str)> = h
        .overall
        .best
        .iter()
        .map(|f| (f.game.as_str(), f.power.as_str()))
        .collect();
    assert_eq!(
        best,
        [
            ("M", "Rome"),
            ("S2", "France"),
            ("S1", "Austria"),
            ("S1", "Turkey")
        ]
    );
}

#[test]
fn hall_of_fame_per_variant() {
    let h = HallOfFame::new(&results(), 10);
    assert_eq!(
        h.by_variant.keys().collect::<Vec<_>>(),
        ["ancmed", "standard"]
    );
    let anc = &h.by_variant["ancmed"];
    assert_eq!(anc.solos.len(), 1);
    assert!(anc.draws.is_empty());
    // Carthage survived on 6 after Rome's solo: a defeat, not among the best.
    assert_eq!(anc.best.len(), 1);
    let std = &h.by_variant["standard"];
    assert_eq!(std.solos.len(), 1);
    assert_eq!(std.draws.len(), 4);
    // Best of the standard games: the solo, then the four shares of the draw; the
    // survivors of the conceded game are defeats and do not appear.
    assert_eq!(std.best.len(), 5);
}

#[test]
fn profiles_count_results_and_reliability() {
    let mut r = results();
    // In S1 member 9 held England first and was replaced by member 2 (eliminated): 6
    // phases, 2 missed. Member 2 then played 4 phases, missing 1.
    let england = &mut r[2].seats[1];
    england.earlier.push(Stint {
        member: MemberId(9),
        phases_played: 6,
        missed_phases: 2,
    });
    england.phases_played = 4;
    england.missed_phases = 1;
    let p = profiles(&r);
    // Member 3: France in S1 (draw) and S2 (conceded solo), Rome in M (solo).
    let m3 = &p[&MemberId(3)];
    assert_eq!(
        (
            m3.games_played,
            m3.solos,
            m3.draws,
            m3.survivals,
            m3.defeats
        ),
        (3, 2, 1, 0, 0)
    );
    // Member 2: England in S1 (out) and S2 (on the board at France's solo: defeated),
    // Egypt in M (out).
    let m2 = &p[&MemberId(2)];
    assert_eq!((m2.games_played, m2.eliminations, m2.defeats), (3, 2, 1));
    // Every seat plays 20 phases without a miss in these tests, but England in S1.
    assert_eq!(
        m2.reliability,
        Reliability {
            phases_played: 4 + 20 + 20,
            missed_phases: 1
        }
    );
    let m9 = &p[&MemberId(9)];
    assert_eq!((m9.games_played, m9.replaced, m9.solos), (1, 1, 0));
    assert_eq!(m9.reliability.missed_per_phase(), Some(2.0 / 6.0));
    assert_eq!(Reliability::default().missed_per_phase(), None);
}

#[test]
fn a_member_with_two_powers_counts_the_game_once() {
    let g = game(
        "g",
        1,
        vec![
            seat("England", 1, 17),
            seat("France", 1, 1),
            seat("Germany", 2, 16),
        ],
        draw(&["England", "France", "Germany"]),
    );
    let p = profiles(&[g]);
    assert_eq!(p[&MemberId(1)].games_played, 1);
    assert_eq!(p[&MemberId(1)].draws, 2);
    assert_eq!(p[&MemberId(1)].reliability.phases_played, 40);
}

#[test]
fn outcome_from_a_finished_games_end() {
    let names = ["Austria", "England", "France"];
    let name = |p: PowerId| names[p.0 as usize].to_string();
    assert_eq!(
        Outcome::from_end(&EndOfGame::Victory(PowerId(2)), name),
        solo("France")
    );
    assert_eq!(
        Outcome::from_end(&EndOfGame::Concession(PowerId(1)), name),
        Outcome::Solo {
            power: "England".into(),
            conceded: true
        }
    );
    assert_eq!(
        Outcome::from_end(&EndOfGame::Draw(vec![PowerId(0), PowerId(2)]), name),
        draw(&["Austria", "France"])
    );
    assert_eq!(
        Outcome::from_end(&EndOfGame::Side(vec![PowerId(1)]), name),
        draw(&["England"])
    );
    assert_eq!(
        Outcome::from_end(
            &EndOfGame::ShortGame {
                standings: vec![(PowerId(0), 9), (PowerId(1), 9), (PowerId(2), 4)],
                winners: vec![PowerId(0), PowerId(1)],
            },
            name
        ),
        draw(&["Austria", "England"])
    );
}

#[test]
fn results_that_contradict_themselves_are_refused() {
    let ok = game("g", 1, board([10, 0, 8, 0, 6, 0, 10]), draw(&["Austria"]));
    assert_eq!(ok.check(), Ok(()));
    let mut twice = ok.clone();
    twice.seats[1].power = "Austria".into();
    assert!(matches!(
        twice.check(),
        Err(ResultError::DuplicatePower { .. })
    ));
    let mut centres = ok.clone();
    centres.seats[1].centres = 2;
    assert!(matches!(
        centres.check(),
        Err(ResultError::EliminatedWithCentres { centres: 2, .. })
    ));
    let mut missed = ok.clone();
    missed.seats[0].missed_phases = 21;
    assert!(matches!(
        missed.check(),
        Err(ResultError::MissedMoreThanPlayed { .. })
    ));
    let mut empty = ok.clone();
    empty.outcome = draw(&[]);
    assert!(matches!(empty.check(), Err(ResultError::EmptyDraw { .. })));
    let mut double = ok.clone();
    double.outcome = draw(&["Austria", "Austria"]);
    assert!(matches!(
        double.check(),
        Err(ResultError::DuplicateInDraw { .. })
    ));
    let mut none = ok;
    none.seats.clear();
    assert!(matches!(none.check(), Err(ResultError::NoSeats { .. })));
}

#[test]
fn a_result_reads_from_json_as_the_server_writes_it() {
    let json = r#"{
        "game": "g7", "variant": "standard", "finished_at_ms": 1700000000000,
        "end_year": 1909, "rated": true,
        "league": {"league": "gunboat", "season": "2013-14"},
        "seats": [
            {"power": "England", "member": 4, "centres": 18, "phases_played": 22,
             "missed_phases": 1},
            {"power": "France", "member": null, "centres": 0, "eliminated_in": 1905,
             "phases_played": 0, "missed_phases": 0,
             "earlier": [{"member": 5, "phases_played": 9, "missed_phases": 3}]}
        ],
        "outcome": {"kind": "solo", "power": "England"}
    }"#;
    let r: GameResult = serde_json::from_str(json).unwrap();
    assert_eq!(r.check(), Ok(()));
    assert_eq!(r.outcome, solo("England"));
    assert_eq!(r.seats[1].earlier[0].member, MemberId(5));
    let back: GameResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
}

#[test]
fn a_public_profile_shows_the_record_the_rating_and_the_country_unless_hidden() {
    use entente_club::{recompute, Application, Club, ClubSettings, PublicProfile};
    let mut club = Club::found(
        ClubSettings {
            open_signup: true,
            ..ClubSettings::default()
        },
        MemberId(3),
        Application {
            name: "Rome's player".into(),
            country: Some("IT".into()),
            languages: vec!["it".into()],
            message: String::new(),
            notify_email: false,
        },
        0,
    )
    .unwrap();
    let rs = results();
    let records = profiles(&rs);
    let ratings = recompute(&rs).unwrap();
    let p = PublicProfile::new(club.member(MemberId(3)).unwrap(), &records, &ratings);
    assert_eq!(p.name, "Rome's player");
    assert_eq!(p.country.as_deref(), Some("IT"));
    assert_eq!((p.record.solos, p.record.draws), (2, 1));
    assert_eq!(p.missed_per_phase, Some(0.0));
    assert_eq!(p.rating, ratings.members.get(&MemberId(3)).copied());
    assert!(p.admin);
    let mut settings = club.member(MemberId(3)).unwrap().settings.clone();
    settings.hide_country = true;
    club.set_settings(MemberId(3), settings).unwrap();
    let hidden = PublicProfile::new(club.member(MemberId(3)).unwrap(), &records, &ratings);
    assert_eq!(hidden.country, None);
    // A member without games: an empty record, no rating.
    club.apply(
        MemberId(50),
        Application {
            name: "New".into(),
            ..Application::default()
        },
        1,
    )
    .unwrap();
    let new = PublicProfile::new(club.member(MemberId(50)).unwrap(), &records, &ratings);
    assert_eq!(new.record.games_played, 0);
    assert_eq!((new.missed_per_phase, new.rating), (None, None));
}
