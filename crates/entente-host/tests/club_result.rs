//! The game's result for the club, built from the session and its table without a
//! database: a seat per power played, its member and earlier players, reliability from the
//! phases noted (or, for games from before the notes, from the sheets sent), the outcome of
//! every end, for every setup and the club's variants.

use entente_club::{GameResult, LeagueRef, MemberId, Outcome, Stint};
use entente_game::{EndOfGame, Setup};
use entente_host::{
    CoinToss, DrawRule, EndVote, GameOptions, GameSpec, MissedRule, PhaseNote, PlayersSpec,
    ResultFacts, Schedule, SeatHolder, SentSheet, Session, SessionConfig, SessionParts, TableRules,
};
use entente_judge::{Edition, Phase, PhaseKind, Position, Rulebook, Season};
use entente_map::{Map, PowerId, Variant};

fn power(map: &Map, name: &str) -> PowerId {
    map.lookup_power(name).unwrap()
}

fn table(s: &Session) -> Vec<SeatHolder> {
    s.players()
        .iter()
        .enumerate()
        .map(|(i, pl)| SeatHolder::new(MemberId(i as i64 + 1), pl.powers.clone()))
        .collect()
}

fn facts() -> ResultFacts {
    ResultFacts {
        game: "g1".into(),
        variant: "standard".into(),
        finished_at_ms: 1_700_000_000_000,
        rated: true,
        league: None,
        noted: Vec::new(),
        sent: Vec::new(),
    }
}

fn rules() -> TableRules {
    TableRules {
        end_when_ready: true,
        missed_orders: MissedRule::Hold,
        draws: DrawRule::AllSurvivors,
        schedule: Schedule::Manual,
    }
}

fn now() -> jiff::Timestamp {
    "2026-11-20T12:00:00Z".parse().unwrap()
}

fn seven() -> Session {
    Session::new(SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    ))
    .unwrap()
}

fn spring(year: i32) -> Phase {
    Phase::new(Season::Spring, year, PhaseKind::Movement)
}

fn names(r: &GameResult) -> Vec<&str> {
    r.seats.iter().map(|s| s.power.as_str()).collect()
}

#[test]
fn no_result_before_the_game_is_over() {
    let s = seven();
    assert_eq!(s.club_result(&table(&s), facts()), None);
}

#[test]
fn every_setup_s_result_has_a_seat_per_power_played_and_its_draw_only_seated_powers() {
    let setups = [
        Setup::Seven,
        Setup::Six,
        Setup::Five,
        Setup::Four,
        Setup::ThreeA,
        Setup::ThreeB,
        Setup::Two,
    ];
    for setup in setups {
        let variant = Variant::builtin("standard").unwrap();
        let n = setup.players();
        let mut s = GameSpec {
            variant,
            rules: Rulebook::default_game(),
            setup,
            players: PlayersSpec::Random((0..n).map(|i| format!("player {i}")).collect()),
            seed: 5,
            first_year: None,
            period: false,
            options: GameOptions::default(),
        }
        .create()
        .unwrap();
        let seats = table(&s);
        s.declare_draw().unwrap();
        let r = s.club_result(&seats, facts()).unwrap();
        r.check().unwrap_or_else(|e| panic!("setup {setup}: {e}"));
        let neutral: Vec<String> = setup
            .neutral(s.map())
            .unwrap()
            .iter()
            .map(|&p| s.map().power(p).name.clone())
            .collect();
        let played: Vec<String> = s
            .map()
            .power_ids()
            .map(|p| s.map().power(p).name.clone())
            .filter(|n| !neutral.contains(n))
            .collect();
        assert_eq!(names(&r), played, "setup {setup}");
        for seat in &r.seats {
            let p = power(s.map(), &seat.power);
            let holder = seats.iter().find(|h| h.powers.contains(&p)).unwrap();
            assert_eq!(seat.member, Some(holder.member), "setup {setup}");
            assert_eq!(seat.centres, 3 + u32::from(seat.power == "Russia"));
        }
        // The draw of every power with units, the neutral ones left out.
        assert_eq!(r.outcome, Outcome::Draw { powers: played });
        // Nothing played: the year of the game's phase (1914 for the two-player game).
        let year = if setup == Setup::Two { 1914 } else { 1901 };
        assert_eq!((r.end_year, s.game().phase().year), (year, year));
    }
}

#[test]
fn a_concession_is_a_conceded_solo_and_a_victory_a_solo() {
    let mut s = seven();
    let seats = table(&s);
    s.concede(power(s.map(), "France")).unwrap();
    let r = s.club_result(&seats, facts()).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Solo {
            power: "France".into(),
            conceded: true
        }
    );
    r.check().unwrap();
    let config = SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    );
    let map = config.variant.map.clone();
    let mut parts = SessionParts::at_start(spring(1901), Position::start(&map));
    parts.end = Some(EndOfGame::Victory(power(&map, "Turkey")));
    let s = Session::restore(config, parts).unwrap();
    let r = s.club_result(&table(&s), facts()).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Solo {
            power: "Turkey".into(),
            conceded: false
        }
    );
}

#[test]
fn a_short_game_s_leaders_share_a_draw() {
    let config = SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    );
    let map = config.variant.map.clone();
    let (a, r) = (power(&map, "Austria"), power(&map, "Russia"));
    let mut parts = SessionParts::at_start(spring(1901), Position::start(&map));
    parts.end = Some(EndOfGame::ShortGame {
        standings: vec![(r, 4), (a, 4)],
        winners: vec![a, r],
    });
    let s = Session::restore(config, parts).unwrap();
    let result = s.club_result(&table(&s), facts()).unwrap();
    assert_eq!(
        result.outcome,
        Outcome::Draw {
            powers: vec!["Austria".into(), "Russia".into()]
        }
    );
}

#[test]
fn a_named_draw_by_vote_is_shared_by_those_named() {
    let mut s = seven();
    let mut seats = table(&s);
    let map = s.map().clone();
    let vote = EndVote::DrawAmong(vec![power(&map, "England"), power(&map, "Turkey")]);
    for m in 1..=7 {
        s.cast_vote(&mut seats, MemberId(m), Some(vote.clone()), DrawRule::Named)
            .unwrap();
    }
    let r = s.club_result(&seats, facts()).unwrap();
    assert_eq!(
        r.outcome,
        Outcome::Draw {
            powers: vec!["England".into(), "Turkey".into()]
        }
    );
    r.check().unwrap();
}

/// The Great War after Italy joined the winner of the coin toss: the session gives Italy to
/// that player. The server's table (its members' powers) does not: Italy's seat has no
/// member, as today.
#[test]
fn the_great_war_side_victory_is_a_draw_of_the_side_and_italy_joined_has_a_seat() {
    let variant = Variant::builtin("greatwar").unwrap();
    let map = variant.map.clone();
    let seats_of = Setup::Two.seats(&map).unwrap();
    let players = seats_of
        .iter()
        .enumerate()
        .map(|(i, powers)| entente_host::Player {
            name: format!("side {i}"),
            powers: powers.clone(),
        })
        .collect();
    let config = SessionConfig {
        variant,
        rules: Rulebook::edition(Edition::E2000),
        setup: Setup::Two,
        players,
        first_year: None,
        options: GameOptions::default(),
        seed: 1,
        assignment: entente_host::Assignment::Given,
    };
    let italy = power(&map, "Italy");
    let mut parts = SessionParts::at_start(spring(1915), Position::start(&map));
    parts.coin_toss = Some(CoinToss {
        power: italy,
        winner: 0,
    });
    let mut side = seats_of[0].clone();
    side.push(italy);
    side.sort();
    parts.end = Some(EndOfGame::Side(side.clone()));
    let s = Session::restore(config, parts).unwrap();
    assert!(s.players()[0].powers.contains(&italy));
    let seats: Vec<SeatHolder> = seats_of
        .iter()
        .enumerate()
        .map(|(i, ps)| SeatHolder::new(MemberId(i as i64 + 1), ps.clone()))
        .collect();
    let r = s.club_result(&seats, facts()).unwrap();
    let names_of =
        |ps: &[PowerId]| -> Vec<String> { ps.iter().map(|&p| map.power(p).name.clone()).collect() };
    assert_eq!(
        r.outcome,
        Outcome::Draw {
            powers: names_of(&side)
        }
    );
    assert_eq!(r.seats.len(), 7);
    assert_eq!(r.seat("Italy").unwrap().member, None);
    assert_eq!(r.end_year, 1915);
}

#[test]
fn an_escalation_game_s_result_has_a_seat_per_player_only() {
    let variant = Variant::builtin("escalation").unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let players = entente_host::escalation_seating(&variant.map, names, 3);
    let mut s = Session::new(SessionConfig {
        players,
        ..SessionConfig::named_after_powers(variant, Rulebook::default_game())
    })
    .unwrap();
    let seats = table(&s);
    let first = s.players()[0].powers[0];
    s.concede(first).unwrap_err(); // nobody has a unit yet: no survivor to concede to
    s.declare_draw().unwrap();
    let r = s.club_result(&seats, facts()).unwrap();
    assert_eq!(r.seats.len(), 3);
    // Nobody has a unit or a centre: every seat eliminated, in the first year.
    assert!(r.seats.iter().all(|x| x.eliminated_in == Some(1901)));
    assert_eq!(r.outcome, Outcome::Draw { powers: Vec::new() });
    assert!(r.check().is_err(), "the club refuses an empty draw");
}

#[test]
fn reliability_counts_the_noted_phases_of_the_history_and_each_player_s_stint() {
    let mut s = seven();
    let mut seats = table(&s);
    let map = s.map().clone();
    let italy = power(&map, "Italy");
    let mut noted = Vec::new();
    // Spring 1901: Italy's first player misses; Fall 1901: sends orders.
    for missing in [true, false] {
        for p in map.power_ids() {
            if !(missing && p == italy) {
                s.submit(p, "").unwrap();
            }
        }
        noted.extend(
            s.adjudicate_table(&mut seats, &rules(), now(), true)
                .unwrap()
                .noted,
        );
    }
    s.replace_holder(&mut seats, italy, MemberId(30), "Eva")
        .unwrap();
    // Spring 1902: Eva misses.
    for p in map.power_ids().filter(|&p| p != italy) {
        s.submit(p, "").unwrap();
    }
    noted.extend(
        s.adjudicate_table(&mut seats, &rules(), now(), true)
            .unwrap()
            .noted,
    );
    // A phase noted and rolled back since does not count.
    noted.push(PhaseNote {
        phase: Phase::new(Season::Fall, 1902, PhaseKind::Movement),
        power: italy,
        holder: Some(MemberId(30)),
        missed: true,
    });
    s.declare_draw().unwrap();
    let r = s
        .club_result(&seats, ResultFacts { noted, ..facts() })
        .unwrap();
    r.check().unwrap();
    let seat = r.seat("Italy").unwrap();
    assert_eq!(seat.member, Some(MemberId(30)));
    assert_eq!((seat.phases_played, seat.missed_phases), (1, 1));
    assert_eq!(
        seat.earlier,
        vec![Stint {
            member: MemberId(5),
            phases_played: 2,
            missed_phases: 1
        }]
    );
    let france = r.seat("France").unwrap();
    assert_eq!((france.phases_played, france.missed_phases), (3, 0));
    assert!(france.earlier.is_empty());
    assert_eq!(r.end_year, 1902);
}

#[test]
fn without_notes_reliability_counts_movement_phases_with_units_and_the_sheets_sent() {
    let mut s = seven();
    let mut seats = table(&s);
    let map = s.map().clone();
    let italy = power(&map, "Italy");
    for p in map.power_ids() {
        s.submit(p, "").unwrap();
    }
    s.adjudicate_table(&mut seats, &rules(), now(), true)
        .unwrap();
    for p in map.power_ids() {
        s.submit(p, "").unwrap();
    }
    s.adjudicate_table(&mut seats, &rules(), now(), true)
        .unwrap();
    s.replace_holder(&mut seats, italy, MemberId(30), "Eva")
        .unwrap();
    s.declare_draw().unwrap();
    let sent = vec![
        // Italy's first player sent its Spring sheet (twice) and nothing in the Fall.
        SentSheet {
            phase: spring(1901),
            power: italy,
            member: MemberId(5),
        },
        SentSheet {
            phase: spring(1901),
            power: italy,
            member: MemberId(5),
        },
        SentSheet {
            phase: spring(1901),
            power: power(&map, "France"),
            member: MemberId(3),
        },
    ];
    let r = s
        .club_result(&seats, ResultFacts { sent, ..facts() })
        .unwrap();
    let seat = r.seat("Italy").unwrap();
    // Two movement phases with units; one without a sheet for Italy.
    assert_eq!((seat.phases_played, seat.missed_phases), (2, 1));
    assert_eq!(
        seat.earlier,
        vec![Stint {
            member: MemberId(5),
            phases_played: 1,
            missed_phases: 0
        }]
    );
    let austria = r.seat("Austria").unwrap();
    assert_eq!((austria.phases_played, austria.missed_phases), (2, 2));
}

#[test]
fn an_eliminated_power_has_no_share_and_its_year_is_the_last_it_was_on_the_board() {
    let config = SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    );
    let map = config.variant.map.clone();
    let italy = power(&map, "Italy");
    let mut pos = Position::start(&map);
    let units: Vec<_> = pos.units_of(italy).collect();
    for u in units {
        pos.remove(map.province_of(u.loc));
    }
    for prov in map.province_ids() {
        if pos.owner(prov) == Some(italy) {
            pos.set_owner(prov, Some(power(&map, "Austria")));
        }
    }
    let mut s = Session::restore(config, SessionParts::at_start(spring(1903), pos)).unwrap();
    let mut seats = table(&s);
    for p in map.power_ids().filter(|&p| p != italy) {
        s.submit(p, "").unwrap();
    }
    s.adjudicate_table(&mut seats, &rules(), now(), false)
        .unwrap();
    s.declare_draw().unwrap();
    let r = s.club_result(&seats, facts()).unwrap();
    r.check().unwrap();
    let seat = r.seat("Italy").unwrap();
    // Never on the board in the history: the year of the game's phase.
    assert_eq!(seat.eliminated_in, Some(1903));
    assert_eq!(seat.centres, 0);
    assert_eq!(r.seat("Austria").unwrap().centres, 6);
    assert!(!r.outcome.draw().contains(&"Italy".to_string()));
}

#[test]
fn a_league_game_is_always_rated_and_the_facts_are_the_store_s() {
    let mut s = seven();
    let seats = table(&s);
    s.declare_draw().unwrap();
    let league = LeagueRef {
        league: "l".into(),
        season: "2026".into(),
    };
    let r = s
        .club_result(
            &seats,
            ResultFacts {
                rated: false,
                league: Some(league.clone()),
                ..facts()
            },
        )
        .unwrap();
    assert!(r.rated);
    assert_eq!(r.league, Some(league));
    assert_eq!((r.game.as_str(), r.variant.as_str()), ("g1", "standard"));
    assert_eq!(r.finished_at_ms, 1_700_000_000_000);
    let r = s
        .club_result(
            &seats,
            ResultFacts {
                rated: false,
                ..facts()
            },
        )
        .unwrap();
    assert!(!r.rated);
}
