//! An Escalation game's record: saved and loaded in the placement, in the nomination step
//! and after the nominations, it comes back the same (placements, turn, nominations, the
//! nominated homes the builds go to).

use entente_game::{Phase, PhaseKind, Season, Setup};
use entente_host::{Assignment, GameOptions, Player, Session, SessionConfig};
use entente_judge::Rulebook;
use entente_map::{PowerId, Variant};
use entente_record::record::{from_json, SessionRecord};

fn escalation(players: &[&str]) -> Session {
    let variant = Variant::builtin("escalation").expect("built in");
    let players = players
        .iter()
        .map(|n| Player {
            name: format!("{n} player"),
            powers: vec![variant.map.lookup_power(n).unwrap()],
        })
        .collect();
    Session::new(SessionConfig {
        variant,
        rules: Rulebook::default(),
        setup: Setup::Seven,
        players,
        first_year: None,
        options: GameOptions::default(),
        seed: 1,
        assignment: Assignment::Given,
    })
    .expect("an Escalation game")
}

fn power(s: &Session, name: &str) -> PowerId {
    s.map().lookup_power(name).unwrap()
}

/// Saved and loaded: the same record, the same Escalation state and board.
fn round_trip(s: &Session) -> Session {
    let json = s.to_json();
    let back = from_json(&json).expect("the record loads");
    assert_eq!(back.to_json(), json);
    assert_eq!(back.game().escalation(), s.game().escalation());
    assert_eq!(back.game().position(), s.game().position());
    assert_eq!(back.game().phase(), s.game().phase());
    for p in s.map().power_ids() {
        assert_eq!(
            back.map().power(p).home_centres,
            s.map().power(p).home_centres
        );
    }
    back
}

#[test]
fn an_escalation_game_round_trips_in_the_placement() {
    let mut s = escalation(&["France", "Germany", "Italy"]);
    assert_eq!(s.game().escalation().unwrap().units_each, 8);
    let f = power(&s, "France");
    s.place(f, "A Par").unwrap();
    s.place(power(&s, "Germany"), "F Nth").unwrap();
    let json = s.to_json();
    assert!(json.contains("\"escalation\""), "{json}");
    let mut back = round_trip(&s);
    assert_eq!(back.game().to_place(), Some(power(&s, "Italy")));
    assert_eq!(
        back.game()
            .position()
            .owner(s.map().lookup_province("par").unwrap()),
        Some(f)
    );
    // The placement goes on where it stopped.
    back.place(power(&s, "Italy"), "A Rom").unwrap();
    assert_eq!(back.game().to_place(), Some(f));
}

#[test]
fn an_escalation_game_round_trips_in_and_after_the_nominations() {
    let mut s = escalation(&["France", "Germany"]);
    s.set_escalation_units(2).unwrap();
    let (f, d) = (power(&s, "France"), power(&s, "Germany"));
    for (p, u) in [(f, "A Par"), (d, "A Mun"), (f, "F Bre"), (d, "A Ruh")] {
        s.place(p, u).unwrap();
    }
    s.submit(f, "A Par - Bur").unwrap();
    s.submit(d, "A Ruh - Hol").unwrap();
    s.adjudicate().unwrap();
    s.submit(f, "A Bur - Bel").unwrap();
    s.submit(d, "A Hol H").unwrap();
    s.adjudicate().unwrap();
    assert!(s.game().nominating());
    s.nominate(f, "Home Par, Bre, Spa").unwrap();
    // In the nomination step, France's nomination in.
    let mut back = round_trip(&s);
    assert_eq!(back.game().awaited_nominations(), vec![d]);
    back.nominate(d, "Home Mun, Hol, Kie").unwrap();
    assert_eq!(
        back.game().phase(),
        Phase::new(Season::Winter, 1901, PhaseKind::Adjustment)
    );
    // After the nominations: the homes are the nominated centres, and stay so on reload.
    let mut again = round_trip(&back);
    let par = again.map().lookup_province("par").unwrap();
    assert!(again.map().power(f).home_centres.contains(&par));
    again.submit(f, "Build A Par").unwrap();
    again.adjudicate().unwrap();
    assert_eq!(
        again.game().phase(),
        Phase::new(Season::Spring, 1902, PhaseKind::Movement)
    );
    assert_eq!(again.game().position().unit_count(f), 3);
    round_trip(&again);
}
