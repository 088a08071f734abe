//! The game master's decisions at the table, without a database: draw and concession
//! votes, readiness, missed orders and civil disorder, what the scheduler does with a game
//! due, a seat's new player, rollback. Each test is named after the rule it checks.

use entente_club::MemberId;
use entente_game::ErrorKind;
use entente_host::DrawRule;
use entente_host::{
    Deadline, Due, EndVote, Event, MissedRule, Schedule, SeatHolder, Session, SessionConfig,
    SessionParts, TableError, TableRules,
};
use entente_judge::{Phase, PhaseKind, Position, Rulebook, Season};
use entente_map::{Map, PowerId, Variant};

fn config() -> SessionConfig {
    SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    )
}

fn game() -> Session {
    let mut s = Session::new(config()).unwrap();
    s.set_clock(|| "2026-11-20T12:00:00Z".parse().unwrap());
    s
}

/// A game in Spring 1901 whose position is the start's with these powers out of the
/// game: no unit, no centre.
fn game_without(out: &[&str]) -> Session {
    let config = config();
    let map = config.variant.map.clone();
    let mut pos = Position::start(&map);
    for name in out {
        let p = power(&map, name);
        let units: Vec<_> = pos.units_of(p).collect();
        for u in units {
            pos.remove(map.province_of(u.loc));
        }
        for prov in map.province_ids() {
            if pos.owner(prov) == Some(p) {
                pos.set_owner(prov, None);
            }
        }
    }
    let spring = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
    Session::restore(config, SessionParts::at_start(spring, pos)).unwrap()
}

fn power(map: &Map, name: &str) -> PowerId {
    map.lookup_power(name).unwrap()
}

fn p(s: &Session, name: &str) -> PowerId {
    power(s.map(), name)
}

/// The table of a game: each player a member, numbered from 1 in the players' order.
fn table(s: &Session) -> Vec<SeatHolder> {
    s.players()
        .iter()
        .enumerate()
        .map(|(i, pl)| SeatHolder::new(MemberId(i as i64 + 1), pl.powers.clone()))
        .collect()
}

/// The member holding `name`'s power.
fn member(s: &Session, seats: &[SeatHolder], name: &str) -> MemberId {
    entente_host::holder_of(seats, p(s, name)).unwrap().member
}

fn ts(t: &str) -> jiff::Timestamp {
    t.parse().unwrap()
}

fn rules() -> TableRules {
    TableRules {
        end_when_ready: true,
        missed_orders: MissedRule::Hold,
        draws: DrawRule::Named,
        schedule: Schedule::Manual,
    }
}

fn send_all_but(s: &mut Session, missing: &[&str]) {
    let powers: Vec<_> = s.map().power_ids().collect();
    for q in powers {
        if !missing.contains(&s.map().power(q).name.as_str()) {
            s.submit(q, "").unwrap();
        }
    }
}

const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

// ---- Votes ----------------------------------------------------------------------------

#[test]
fn a_draw_ends_the_game_when_every_survivor_s_player_has_voted_for_it() {
    let mut s = game();
    let mut seats = table(&s);
    for (i, name) in POWERS.iter().enumerate() {
        let m = member(&s, &seats, name);
        let ended = s
            .cast_vote(&mut seats, m, Some(EndVote::Draw), DrawRule::AllSurvivors)
            .unwrap();
        assert_eq!(ended, i == POWERS.len() - 1, "after {name}'s vote");
    }
    let all: Vec<PowerId> = s.map().power_ids().collect();
    assert_eq!(s.game().end(), Some(&entente_game::EndOfGame::Draw(all)));
    assert!(matches!(
        s.events().last().unwrap().event,
        Event::Draw { .. }
    ));
}

#[test]
fn a_named_draw_of_every_survivor_is_the_same_vote_as_the_draw_of_all() {
    let mut s = game();
    let mut every: Vec<PowerId> = s.map().power_ids().collect();
    every.reverse();
    assert_eq!(
        s.check_vote(EndVote::DrawAmong(every.clone()), DrawRule::Named)
            .unwrap(),
        EndVote::Draw
    );
    assert_eq!(
        s.check_vote(EndVote::DrawAmong(Vec::new()), DrawRule::AllSurvivors)
            .unwrap(),
        EndVote::Draw
    );
    let mut seats = table(&s);
    let mut ended = false;
    for (i, name) in POWERS.iter().enumerate() {
        let vote = if i % 2 == 0 {
            EndVote::Draw
        } else {
            EndVote::DrawAmong(every.clone())
        };
        let m = member(&s, &seats, name);
        ended = s
            .cast_vote(&mut seats, m, Some(vote), DrawRule::Named)
            .unwrap();
    }
    assert!(ended, "the two forms are one vote");
}

#[test]
fn naming_the_powers_of_a_draw_is_refused_where_a_draw_includes_every_survivor() {
    let s = game();
    let two = EndVote::DrawAmong(vec![p(&s, "France"), p(&s, "Austria")]);
    assert_eq!(
        s.check_vote(two, DrawRule::AllSurvivors).unwrap_err(),
        TableError::DrawIncludesEverySurvivor
    );
    // The rule is checked before the names are read.
    assert_eq!(
        EndVote::draw_of_names(s.map(), &["Atlantis"], DrawRule::AllSurvivors).unwrap_err(),
        TableError::DrawIncludesEverySurvivor
    );
    assert_eq!(
        EndVote::draw_of_names(s.map(), &["Atlantis"], DrawRule::Named).unwrap_err(),
        TableError::UnknownPower {
            name: "Atlantis".into()
        }
    );
    assert_eq!(
        EndVote::draw_of_names::<&str>(s.map(), &[], DrawRule::AllSurvivors).unwrap(),
        EndVote::Draw
    );
}

#[test]
fn a_named_draw_voted_by_every_survivor_s_player_is_shared_by_those_named_only() {
    let mut s = game();
    let mut seats = table(&s);
    let vote =
        EndVote::draw_of_names(s.map(), &["france", "Austria", "France"], DrawRule::Named).unwrap();
    for name in POWERS {
        let m = member(&s, &seats, name);
        s.cast_vote(&mut seats, m, Some(vote.clone()), DrawRule::Named)
            .unwrap();
    }
    assert_eq!(
        s.game().end(),
        Some(&entente_game::EndOfGame::Draw(vec![
            p(&s, "Austria"),
            p(&s, "France")
        ]))
    );
}

#[test]
fn a_concession_ends_the_game_when_every_survivor_s_player_votes_it_its_own_too() {
    let mut s = game();
    let mut seats = table(&s);
    let france = p(&s, "France");
    for name in POWERS.iter().filter(|n| **n != "France") {
        let m = member(&s, &seats, name);
        assert!(!s
            .cast_vote(
                &mut seats,
                m,
                Some(EndVote::Concede(france)),
                DrawRule::AllSurvivors
            )
            .unwrap());
    }
    assert!(!s.game().is_over(), "France's own player has not voted");
    let m = member(&s, &seats, "France");
    assert!(s
        .cast_vote(
            &mut seats,
            m,
            Some(EndVote::Concede(france)),
            DrawRule::AllSurvivors
        )
        .unwrap());
    assert_eq!(
        s.game().end(),
        Some(&entente_game::EndOfGame::Concession(france))
    );
}

#[test]
fn a_game_is_conceded_to_a_survivor_only() {
    let mut s = game_without(&["Italy"]);
    let mut seats = table(&s);
    let italy = p(&s, "Italy");
    let m = member(&s, &seats, "France");
    assert_eq!(
        s.cast_vote(
            &mut seats,
            m,
            Some(EndVote::Concede(italy)),
            DrawRule::Named
        )
        .unwrap_err(),
        TableError::ConcedeToSurvivor {
            power: "Italy".into()
        }
    );
    assert_eq!(seats.iter().find(|x| x.member == m).unwrap().vote, None);
}

#[test]
fn a_withdrawn_vote_is_no_vote() {
    let mut s = game();
    let mut seats = table(&s);
    let austria = member(&s, &seats, "Austria");
    s.cast_vote(
        &mut seats,
        austria,
        Some(EndVote::Draw),
        DrawRule::AllSurvivors,
    )
    .unwrap();
    s.cast_vote(&mut seats, austria, None, DrawRule::AllSurvivors)
        .unwrap();
    assert_eq!(seats[0].vote, None);
    for name in &POWERS[1..] {
        let m = member(&s, &seats, name);
        assert!(!s
            .cast_vote(&mut seats, m, Some(EndVote::Draw), DrawRule::AllSurvivors)
            .unwrap());
    }
    assert!(!s.game().is_over());
    assert!(s
        .cast_vote(
            &mut seats,
            austria,
            Some(EndVote::Draw),
            DrawRule::AllSurvivors
        )
        .unwrap());
}

#[test]
fn unanimity_is_among_the_survivors_players_a_vote_of_a_player_out_of_the_game_does_not_count() {
    let mut s = game_without(&["Italy", "Turkey"]);
    let mut seats = table(&s);
    // Italy's player may vote; the vote is kept but counts for nothing.
    let italy = member(&s, &seats, "Italy");
    let england = p(&s, "England");
    assert!(!s
        .cast_vote(
            &mut seats,
            italy,
            Some(EndVote::Concede(england)),
            DrawRule::AllSurvivors
        )
        .unwrap());
    assert_eq!(
        seats.iter().find(|x| x.member == italy).unwrap().vote,
        Some(EndVote::Concede(england))
    );
    let mut ended = false;
    for name in ["Austria", "England", "France", "Germany", "Russia"] {
        let m = member(&s, &seats, name);
        ended = s
            .cast_vote(&mut seats, m, Some(EndVote::Draw), DrawRule::AllSurvivors)
            .unwrap();
    }
    assert!(
        ended,
        "Turkey's player never voted, Italy's voted otherwise"
    );
    let survivors = s.game().survivors();
    assert_eq!(
        s.game().end(),
        Some(&entente_game::EndOfGame::Draw(survivors))
    );
}

#[test]
fn a_player_of_several_powers_has_one_vote_and_counts_while_one_of_them_survives() {
    let mut s = game_without(&["Italy"]);
    let map = s.map().clone();
    // The table as a store has it: one member holds Italy (out) and Russia.
    let mut seats: Vec<SeatHolder> = vec![
        SeatHolder::new(
            MemberId(1),
            vec![power(&map, "Italy"), power(&map, "Russia")],
        ),
        SeatHolder::new(
            MemberId(2),
            ["Austria", "England", "France", "Germany", "Turkey"]
                .iter()
                .map(|n| power(&map, n))
                .collect(),
        ),
    ];
    s.cast_vote(
        &mut seats,
        MemberId(2),
        Some(EndVote::Draw),
        DrawRule::AllSurvivors,
    )
    .unwrap();
    assert!(!s.game().is_over(), "Russia's player has not voted");
    assert!(s
        .cast_vote(
            &mut seats,
            MemberId(1),
            Some(EndVote::Draw),
            DrawRule::AllSurvivors
        )
        .unwrap());
}

#[test]
fn only_a_player_holding_powers_votes() {
    let mut s = game();
    let mut seats = table(&s);
    seats[0].replaced = true;
    seats.push(SeatHolder::new(MemberId(99), Vec::new()));
    for who in [MemberId(1), MemberId(99), MemberId(1000)] {
        assert_eq!(
            s.cast_vote(&mut seats, who, Some(EndVote::Draw), DrawRule::AllSurvivors)
                .unwrap_err(),
            TableError::OnlyPlayersVote
        );
    }
    assert_eq!(TableError::OnlyPlayersVote.kind(), ErrorKind::NotYourPower);
}

#[test]
fn a_replaced_player_s_vote_does_not_count() {
    let mut s = game();
    let mut seats = table(&s);
    // Austria's first player voted for France and was replaced.
    seats[0].vote = Some(EndVote::Concede(p(&s, "France")));
    seats[0].replaced = true;
    seats.push(SeatHolder::new(MemberId(8), vec![p(&s, "Austria")]));
    let mut ended = false;
    for m in 2..=8 {
        ended = s
            .cast_vote(
                &mut seats,
                MemberId(m),
                Some(EndVote::Draw),
                DrawRule::AllSurvivors,
            )
            .unwrap();
    }
    assert!(ended);
}

#[test]
fn no_vote_once_the_game_is_over() {
    let mut s = game();
    let mut seats = table(&s);
    s.declare_draw().unwrap();
    assert_eq!(
        s.cast_vote(
            &mut seats,
            MemberId(1),
            Some(EndVote::Draw),
            DrawRule::AllSurvivors
        )
        .unwrap_err()
        .kind(),
        ErrorKind::GameOver
    );
}

#[test]
fn a_unanimous_vote_the_game_refuses_is_an_error_and_the_voter_s_earlier_vote_stands() {
    let mut s = game();
    let mut seats = table(&s);
    let france_alone = EndVote::DrawAmong(vec![p(&s, "France")]);
    for m in 1..=6 {
        s.cast_vote(
            &mut seats,
            MemberId(m),
            Some(france_alone.clone()),
            DrawRule::Named,
        )
        .unwrap();
    }
    seats[6].vote = Some(EndVote::Draw);
    let e = s
        .cast_vote(&mut seats, MemberId(7), Some(france_alone), DrawRule::Named)
        .unwrap_err();
    assert!(matches!(e, TableError::Game(_)), "{e}");
    assert!(!s.game().is_over());
    assert_eq!(seats[6].vote, Some(EndVote::Draw));
}

#[test]
fn votes_are_cleared_when_a_phase_is_adjudicated() {
    let mut s = game();
    let mut seats = table(&s);
    for m in 1..=3 {
        s.cast_vote(
            &mut seats,
            MemberId(m),
            Some(EndVote::Draw),
            DrawRule::AllSurvivors,
        )
        .unwrap();
    }
    seats[3].replaced = true;
    seats[3].vote = Some(EndVote::Draw);
    let done = s
        .adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), true)
        .unwrap();
    assert_eq!(done.phases, 1);
    assert!(seats.iter().all(|x| x.vote.is_none()));
}

#[test]
fn stored_votes_read_back_as_the_server_writes_them() {
    let s = game();
    let map = s.map();
    let named = EndVote::DrawAmong(vec![p(&s, "Austria"), p(&s, "France")]);
    let concede = EndVote::Concede(p(&s, "France"));
    assert_eq!(EndVote::Draw.stored(map), "all");
    assert_eq!(named.stored(map), "Austria,France");
    assert_eq!(concede.stored(map), "concede:France");
    for v in [EndVote::Draw, named, concede] {
        assert_eq!(EndVote::from_stored(map, &v.stored(map)), Some(v));
    }
    assert_eq!(EndVote::from_stored(map, "concede:Atlantis"), None);
}

// ---- Readiness --------------------------------------------------------------------------

#[test]
fn the_phase_ends_when_every_power_with_orders_due_is_ready() {
    let s = game();
    let mut seats = table(&s);
    for m in 1..=7 {
        let now = s
            .set_ready(&mut seats, MemberId(m), true, &rules())
            .unwrap();
        assert_eq!(now, m == 7, "after member {m}");
    }
    assert!(s.all_ready(&seats));
    // Taking it back: not all ready any more.
    assert!(!s
        .set_ready(&mut seats, MemberId(3), false, &rules())
        .unwrap());
    assert_eq!(seats[2].ready, None);
}

#[test]
fn readiness_counts_in_the_phase_it_was_marked_in_only() {
    let mut s = game();
    let mut seats = table(&s);
    for m in 1..=7 {
        s.set_ready(&mut seats, MemberId(m), true, &rules())
            .unwrap();
    }
    send_all_but(&mut s, &[]);
    s.adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    assert_eq!(s.game().phase().season, Season::Fall);
    assert!(
        !s.all_ready(&seats),
        "ready in the spring is not ready in the fall"
    );
}

#[test]
fn powers_with_no_orders_due_need_not_be_ready() {
    let mut s = game();
    let mut seats = table(&s);
    s.set_civil_disorder(p(&s, "Italy"), true).unwrap();
    for name in POWERS.iter().filter(|n| **n != "Italy") {
        let m = member(&s, &seats, name);
        s.set_ready(&mut seats, m, true, &rules()).unwrap();
    }
    assert!(s.all_ready(&seats));
}

#[test]
fn a_phase_without_orders_due_is_never_all_ready() {
    let mut s = game();
    let seats = table(&s);
    let all: Vec<PowerId> = s.map().power_ids().collect();
    for q in all {
        s.set_civil_disorder(q, true).unwrap();
    }
    assert!(!s.all_ready(&seats));
}

#[test]
fn readiness_ends_no_phase_when_the_game_says_not_or_is_paused() {
    let mut s = game();
    let mut seats = table(&s);
    let no = TableRules {
        end_when_ready: false,
        ..rules()
    };
    for m in 1..=7 {
        assert!(!s.set_ready(&mut seats, MemberId(m), true, &no).unwrap());
    }
    assert!(s.all_ready(&seats));
    assert!(s.ends_when_ready(&seats, &rules()));
    s.pause().unwrap();
    assert!(!s.ends_when_ready(&seats, &rules()));
    assert!(!s
        .set_ready(&mut seats, MemberId(1), true, &rules())
        .unwrap());
}

#[test]
fn only_a_player_holding_powers_is_ready_and_not_once_the_game_is_over() {
    let mut s = game();
    let mut seats = table(&s);
    seats[0].replaced = true;
    assert_eq!(
        s.set_ready(&mut seats, MemberId(1), true, &rules())
            .unwrap_err(),
        TableError::OnlyPlayersReady
    );
    assert_eq!(
        s.set_ready(&mut seats, MemberId(50), true, &rules())
            .unwrap_err(),
        TableError::OnlyPlayersReady
    );
    s.declare_draw().unwrap();
    assert_eq!(
        s.set_ready(&mut seats, MemberId(2), true, &rules())
            .unwrap_err()
            .kind(),
        ErrorKind::GameOver
    );
}

#[test]
fn nobody_is_ready_during_escalation_s_placement() {
    let variant = Variant::builtin("escalation").unwrap();
    let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    let players = entente_host::escalation_seating(&variant.map, names, 7);
    let s = Session::new(SessionConfig {
        players: players.clone(),
        ..SessionConfig::named_after_powers(variant, Rulebook::default_game())
    })
    .unwrap();
    assert!(s.game().in_placement());
    let mut seats: Vec<SeatHolder> = players
        .iter()
        .enumerate()
        .map(|(i, pl)| SeatHolder::new(MemberId(i as i64 + 1), pl.powers.clone()))
        .collect();
    assert_eq!(
        s.set_ready(&mut seats, MemberId(1), true, &rules())
            .unwrap_err(),
        TableError::ReadyInPlacement
    );
    assert_eq!(s.due_at(), None, "no deadline during the placement");
}

// ---- Missed orders and civil disorder -----------------------------------------------------

#[test]
fn a_power_without_orders_whose_player_marked_ready_has_not_missed_the_deadline() {
    let mut s = game();
    let mut seats = table(&s);
    send_all_but(&mut s, &["Italy", "Russia"]);
    let italy = member(&s, &seats, "Italy");
    s.set_ready(&mut seats, italy, true, &rules()).unwrap();
    assert_eq!(s.missed_by(&seats), vec![p(&s, "Russia")]);
}

#[test]
fn under_the_hold_rule_missed_phases_are_counted_but_bring_no_civil_disorder() {
    let mut s = game();
    let mut seats = table(&s);
    for _ in 0..4 {
        send_all_but(&mut s, &["Italy"]);
        s.adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), true)
            .unwrap();
    }
    let italy = p(&s, "Italy");
    assert!(!s.game().in_civil_disorder(italy));
    assert_eq!(entente_host::holder_of(&seats, italy).unwrap().missed, 4);
    assert_eq!(
        entente_host::holder_of(&seats, p(&s, "France"))
            .unwrap()
            .missed,
        0
    );
}

#[test]
fn civil_disorder_comes_after_the_limit_of_missed_phases_in_a_row() {
    let mut s = game();
    let mut seats = table(&s);
    let cd = TableRules {
        missed_orders: MissedRule::CivilDisorder { after: 2 },
        ..rules()
    };
    let italy = p(&s, "Italy");
    send_all_but(&mut s, &["Italy"]);
    let first = s
        .adjudicate_table(&mut seats, &cd, ts("2026-11-20T12:00:00Z"), true)
        .unwrap();
    assert!(first.civil_disorder.is_empty());
    assert!(!s.game().in_civil_disorder(italy));
    send_all_but(&mut s, &["Italy"]);
    let second = s
        .adjudicate_table(&mut seats, &cd, ts("2026-11-20T12:00:00Z"), true)
        .unwrap();
    assert_eq!(second.civil_disorder, vec![italy]);
    assert!(s.game().in_civil_disorder(italy));
    // Put in civil disorder before the phase was adjudicated: its context says so.
    assert!(s.phase_contexts()[1].civil_disorder.contains(&italy));
    assert!(s.events().iter().any(|e| e.event
        == Event::CivilDisorder {
            power: "Italy".into(),
            on: true
        }));
}

#[test]
fn a_phase_with_orders_starts_the_missed_count_again() {
    let mut s = game();
    let mut seats = table(&s);
    let cd = TableRules {
        missed_orders: MissedRule::CivilDisorder { after: 2 },
        ..rules()
    };
    let italy = p(&s, "Italy");
    for missing in [&["Italy"][..], &[], &["Italy"]] {
        send_all_but(&mut s, missing);
        s.adjudicate_table(&mut seats, &cd, ts("2026-11-20T12:00:00Z"), true)
            .unwrap();
    }
    assert_eq!(entente_host::holder_of(&seats, italy).unwrap().missed, 1);
    assert!(!s.game().in_civil_disorder(italy), "not two in a row");
}

#[test]
fn a_player_with_no_orders_due_keeps_their_missed_count() {
    let mut s = game();
    let mut seats = table(&s);
    let italy = p(&s, "Italy");
    seats[4].missed = 3;
    s.set_civil_disorder(italy, true).unwrap();
    send_all_but(&mut s, &["Italy"]);
    let done = s
        .adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    assert!(done.noted.iter().all(|n| n.power != italy), "no orders due");
    assert_eq!(seats[4].missed, 3);
}

#[test]
fn the_phase_notes_say_who_held_each_power_with_orders_due_and_who_missed() {
    let mut s = game();
    let mut seats = table(&s);
    seats[6].replaced = true; // Turkey's player left; nobody holds it now
    send_all_but(&mut s, &["Russia", "Turkey"]);
    let done = s
        .adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), true)
        .unwrap();
    assert_eq!(done.noted.len(), 7);
    let spring = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
    for n in &done.noted {
        let name = s.map().power(n.power).name.as_str();
        assert_eq!(n.phase, spring);
        assert_eq!(n.missed, name == "Russia" || name == "Turkey", "{name}");
        let holder = (name != "Turkey").then(|| MemberId(n.power.0 as i64 + 1));
        assert_eq!(n.holder, holder, "{name}");
    }
}

#[test]
fn a_refused_adjudication_changes_nothing_at_the_table() {
    let mut s = game();
    let mut seats = table(&s);
    let cd = TableRules {
        missed_orders: MissedRule::CivilDisorder { after: 2 },
        ..rules()
    };
    seats[5].missed = 1; // Russia's player missed the last phase
    let events = s.events().len();
    send_all_but(&mut s, &["Italy", "Russia"]);
    let e = s
        .adjudicate_table(&mut seats, &cd, ts("2026-11-20T12:00:00Z"), false)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotThisPhase);
    assert_eq!(s.game().history().len(), 0);
    assert!(!s.game().in_civil_disorder(p(&s, "Russia")));
    assert_eq!(s.events().len(), events);
    assert_eq!((seats[4].missed, seats[5].missed), (0, 1));
}

#[test]
fn civil_disorder_for_missed_phases_may_make_the_phase_due() {
    // As the server does: the powers put in civil disorder give no orders, so an
    // adjudication asked before the deadline goes ahead when they were the ones missing.
    let mut s = game();
    let mut seats = table(&s);
    let cd = TableRules {
        missed_orders: MissedRule::CivilDisorder { after: 1 },
        ..rules()
    };
    send_all_but(&mut s, &["Italy"]);
    let done = s
        .adjudicate_table(&mut seats, &cd, ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    assert_eq!(done.civil_disorder, vec![p(&s, "Italy")]);
    assert!(matches!(
        s.events().last().unwrap().event,
        Event::Adjudicated { forced: false }
    ));
}

#[test]
fn the_next_deadline_comes_from_the_schedule() {
    let mut s = game();
    let mut seats = table(&s);
    let fast = TableRules {
        schedule: Schedule::Every {
            movement_minutes: 10,
            retreat_minutes: None,
            adjustment_minutes: None,
        },
        ..rules()
    };
    send_all_but(&mut s, &[]);
    s.adjudicate_table(&mut seats, &fast, ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    assert_eq!(s.due_at(), Some(ts("2026-11-20T12:10:00Z")));
    // A manual game keeps no deadline.
    send_all_but(&mut s, &[]);
    s.adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    assert_eq!(s.deadline(), None);
}

// ---- The scheduler ------------------------------------------------------------------------

#[test]
fn the_scheduler_adjudicates_at_the_deadline_or_when_all_are_ready_and_waits_otherwise() {
    let mut s = game();
    let mut seats = table(&s);
    let friday = Deadline::parse("2026-11-27T22:59:00Z", None).unwrap();
    s.set_deadline(Some(friday)).unwrap();
    let before = ts("2026-11-27T22:00:00Z");
    let after = ts("2026-11-27T23:00:00Z");
    assert_eq!(s.when_due(&seats, &rules(), before), Due::NotYet);
    assert_eq!(
        s.when_due(&seats, &rules(), after),
        Due::Adjudicate { force: false }
    );
    for m in 1..=7 {
        s.set_ready(&mut seats, MemberId(m), true, &rules())
            .unwrap();
    }
    assert_eq!(
        s.when_due(&seats, &rules(), before),
        Due::Adjudicate { force: true }
    );
    let no = TableRules {
        end_when_ready: false,
        ..rules()
    };
    assert_eq!(s.when_due(&seats, &no, before), Due::NotYet);
    assert_eq!(s.due_at(), Some(ts("2026-11-27T22:59:00Z")));
    s.pause().unwrap();
    assert_eq!(s.when_due(&seats, &rules(), after), Due::Idle);
    assert_eq!(s.due_at(), None);
    s.resume().unwrap();
    s.declare_draw().unwrap();
    assert_eq!(s.when_due(&seats, &rules(), after), Due::Idle);
    assert_eq!(s.due_at(), None);
}

#[test]
fn under_the_game_master_rule_the_game_waits_when_orders_are_missing_at_the_deadline() {
    let mut s = game();
    let mut seats = table(&s);
    let gm = TableRules {
        missed_orders: MissedRule::GameMaster,
        ..rules()
    };
    s.set_deadline(Some(Deadline::parse("2026-11-27T22:59:00Z", None).unwrap()))
        .unwrap();
    let after = ts("2026-11-27T23:00:00Z");
    send_all_but(&mut s, &["Italy", "Russia"]);
    assert_eq!(
        s.when_due(&seats, &gm, after),
        Due::GameMaster {
            missing: vec![p(&s, "Italy"), p(&s, "Russia")]
        }
    );
    // Ready without orders is no missed deadline.
    let (italy, russia) = (member(&s, &seats, "Italy"), member(&s, &seats, "Russia"));
    s.set_ready(&mut seats, italy, true, &gm).unwrap();
    assert_eq!(
        s.when_due(&seats, &gm, after),
        Due::GameMaster {
            missing: vec![p(&s, "Russia")]
        }
    );
    s.set_ready(&mut seats, russia, true, &gm).unwrap();
    assert_eq!(
        s.when_due(&seats, &gm, after),
        Due::Adjudicate { force: false }
    );
}

// ---- A table where everyone decides (DAIDE's games of bots) ------------------------------

#[test]
fn where_everyone_decides_a_player_with_nothing_to_order_holds_the_phase_until_ready() {
    let mut s = game();
    let mut seats = table(&s);
    // Italy has units and centres but nothing to order (in civil disorder here).
    s.set_civil_disorder(p(&s, "Italy"), true).unwrap();
    let italy = member(&s, &seats, "Italy");
    for name in POWERS.iter().filter(|n| **n != "Italy") {
        let m = member(&s, &seats, name);
        s.set_ready(&mut seats, m, true, &rules()).unwrap();
    }
    let before = ts("2026-11-20T12:00:00Z");
    // The players with orders due are all ready: enough for the game master's table...
    assert!(s.all_ready(&seats));
    assert_eq!(
        s.when_due(&seats, &rules(), before),
        Due::Adjudicate { force: true }
    );
    // ...not where everyone decides: Italy's player waits.
    assert!(!s.everyone_ready(&seats));
    assert_eq!(s.when_due_everyone(&seats, &rules(), before), Due::NotYet);
    s.set_ready(&mut seats, italy, true, &rules()).unwrap();
    assert!(s.everyone_ready(&seats));
    assert_eq!(
        s.when_due_everyone(&seats, &rules(), before),
        Due::Adjudicate { force: true }
    );
}

#[test]
fn where_everyone_decides_a_player_out_of_the_game_or_replaced_holds_nothing_up() {
    let s = game_without(&["Italy"]);
    let mut seats = table(&s);
    let italy = member(&s, &seats, "Italy");
    for name in POWERS.iter().filter(|n| **n != "Italy" && **n != "France") {
        let m = member(&s, &seats, name);
        s.set_ready(&mut seats, m, true, &rules()).unwrap();
    }
    let france = seats.iter().position(|x| x.holds(p(&s, "France"))).unwrap();
    seats[france].replaced = true;
    seats.push(SeatHolder::new(MemberId(20), vec![p(&s, "France")]));
    s.set_ready(&mut seats, MemberId(20), true, &rules())
        .unwrap();
    assert!(seats.iter().any(|x| x.member == italy && x.ready.is_none()));
    assert!(seats[france].ready.is_none());
    assert!(s.everyone_ready(&seats));
}

#[test]
fn where_everyone_decides_the_deadline_and_the_game_master_s_rule_are_the_scheduler_s() {
    let mut s = game();
    let mut seats = table(&s);
    s.set_deadline(Some(Deadline::parse("2026-11-27T22:59:00Z", None).unwrap()))
        .unwrap();
    let before = ts("2026-11-27T22:00:00Z");
    let after = ts("2026-11-27T23:00:00Z");
    let gm = TableRules {
        missed_orders: MissedRule::GameMaster,
        ..rules()
    };
    send_all_but(&mut s, &["Russia"]);
    for (when, rules) in [(before, rules()), (after, rules()), (after, gm.clone())] {
        assert_eq!(
            s.when_due_everyone(&seats, &rules, when),
            s.when_due(&seats, &rules, when),
            "{when} {rules:?}"
        );
    }
    assert_eq!(
        s.when_due_everyone(&seats, &gm, after),
        Due::GameMaster {
            missing: vec![p(&s, "Russia")]
        }
    );
    for m in 1..=7 {
        s.set_ready(&mut seats, MemberId(m), true, &rules())
            .unwrap();
    }
    assert_eq!(
        s.when_due_everyone(&seats, &rules(), before),
        Due::Adjudicate { force: true }
    );
    s.pause().unwrap();
    assert_eq!(s.when_due_everyone(&seats, &rules(), after), Due::Idle);
}

#[test]
fn an_order_checked_as_it_arrives_is_refused_for_what_the_judge_refuses_it() {
    let mut s = game();
    let map = s.map().clone();
    let france = p(&s, "France");
    let read = |t: &str| entente_orders::parse_order(&map, t).unwrap();
    assert_eq!(s.check_order(france, read("A Par - Bur")), None);
    let mut g = s.game().clone();
    for bad in ["A Par - Mos", "A Ber - Kie", "F Bre - Par"] {
        let o = read(bad);
        let refused = s.check_order(france, o);
        assert!(refused.is_some(), "{bad}");
        assert_eq!(refused, g.check_order(france, o), "{bad}");
    }
}

// ---- A seat's new player, rollback ----------------------------------------------------------

#[test]
fn a_new_player_takes_the_seat_not_ready_without_a_vote_and_the_old_one_is_replaced() {
    let mut s = game();
    let mut seats = table(&s);
    let italy = p(&s, "Italy");
    seats[4].ready = Some(s.game().phase());
    seats[4].vote = Some(EndVote::Draw);
    seats[4].missed = 2;
    // Member 20 watched the game once, and played in it before.
    let mut old = SeatHolder::new(MemberId(20), vec![p(&s, "Turkey")]);
    old.replaced = true;
    seats.push(old);
    s.replace_holder(&mut seats, italy, MemberId(20), "Eva")
        .unwrap();
    assert_eq!(s.player_of(italy).unwrap().name, "Eva");
    assert!(seats[4].replaced && seats[4].ready.is_none() && seats[4].vote.is_none());
    let new = seats.last().unwrap();
    assert_eq!(*new, SeatHolder::new(MemberId(20), vec![italy]));
    assert_eq!(seats.iter().filter(|x| x.member == MemberId(20)).count(), 1);
    assert_eq!(
        entente_host::holder_of(&seats, italy).unwrap().member,
        MemberId(20)
    );
}

#[test]
fn a_player_at_the_table_takes_no_second_seat_and_a_seat_must_have_a_player() {
    let mut s = game();
    let mut seats = table(&s);
    let italy = p(&s, "Italy");
    assert_eq!(
        s.replace_holder(&mut seats, italy, MemberId(1), "Austria")
            .unwrap_err(),
        TableError::AlreadyPlays {
            player: "Austria".into()
        }
    );
    seats[4].replaced = true;
    assert_eq!(
        s.replace_holder(&mut seats, italy, MemberId(30), "Eva")
            .unwrap_err(),
        TableError::NobodyPlays {
            power: "Italy".into()
        }
    );
}

#[test]
fn a_rollback_reopens_the_phase_and_clears_every_readiness_and_vote() {
    let mut s = game();
    let mut seats = table(&s);
    assert_eq!(
        s.rollback_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"))
            .unwrap_err()
            .kind(),
        ErrorKind::NotThisPhase
    );
    send_all_but(&mut s, &[]);
    s.adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    for m in 1..=7 {
        s.set_ready(&mut seats, MemberId(m), true, &rules())
            .unwrap();
    }
    s.cast_vote(
        &mut seats,
        MemberId(1),
        Some(EndVote::Draw),
        DrawRule::Named,
    )
    .unwrap();
    let fast = TableRules {
        schedule: Schedule::Every {
            movement_minutes: 30,
            retreat_minutes: None,
            adjustment_minutes: None,
        },
        ..rules()
    };
    s.rollback_table(&mut seats, &fast, ts("2026-11-20T12:00:00Z"))
        .unwrap();
    assert_eq!(
        s.game().phase(),
        Phase::new(Season::Spring, 1901, PhaseKind::Movement)
    );
    assert!(seats.iter().all(|x| x.ready.is_none() && x.vote.is_none()));
    assert_eq!(s.due_at(), Some(ts("2026-11-20T12:30:00Z")));
}

#[test]
fn a_rollback_from_the_end_reopens_the_game() {
    let mut s = game();
    let mut seats = table(&s);
    send_all_but(&mut s, &[]);
    s.adjudicate_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"), false)
        .unwrap();
    for m in 1..=7 {
        s.cast_vote(
            &mut seats,
            MemberId(m),
            Some(EndVote::Draw),
            DrawRule::Named,
        )
        .unwrap();
    }
    assert!(s.game().is_over());
    s.rollback_table(&mut seats, &rules(), ts("2026-11-20T12:00:00Z"))
        .unwrap();
    assert!(!s.game().is_over());
    assert!(seats.iter().all(|x| x.vote.is_none()));
}
