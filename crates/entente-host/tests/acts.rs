//! The game master's acts as typed events: deadlines as instants, pausing, replacing a
//! player, adjudicating when due or by force; each logged, each kept by the record.

use entente_game::ErrorKind;
use entente_host::{Deadline, Event, Session, SessionConfig};
use entente_judge::Rulebook;
use entente_map::Variant;
use entente_record::record::{from_json, SessionRecord};

fn game() -> Session {
    let mut s = Session::new(SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    ))
    .unwrap();
    s.set_clock(|| "2026-11-20T12:00:00Z".parse().unwrap());
    s
}

fn ts(t: &str) -> jiff::Timestamp {
    t.parse().unwrap()
}

fn send_all_but(s: &mut Session, missing: &[&str]) {
    let powers: Vec<_> = s.map().power_ids().collect();
    for p in powers {
        if !missing.contains(&s.map().power(p).name.as_str()) {
            s.submit(p, "").unwrap();
        }
    }
}

#[test]
fn adjudication_waits_for_missing_orders_until_the_deadline() {
    let mut s = game();
    let friday = Deadline::parse("2026-11-27 23:59", Some("Europe/Prague")).unwrap();
    s.set_deadline(Some(friday)).unwrap();
    send_all_but(&mut s, &["Italy"]);
    let early = s
        .adjudicate_when_due(ts("2026-11-27T22:58:00Z"), false)
        .unwrap_err();
    assert_eq!(early.kind, ErrorKind::NotThisPhase);
    assert!(early.message.contains("Italy"), "{early}");
    assert_eq!(s.game().history().len(), 0);
    // Friday midnight in Prague is 22:59 UTC in November.
    s.adjudicate_when_due(ts("2026-11-27T22:59:00Z"), false)
        .unwrap();
    assert_eq!(s.game().history().len(), 1);
    assert!(s.deadline().is_none(), "the deadline was the phase's");
    assert!(matches!(
        s.events().last().unwrap().event,
        Event::Adjudicated { forced: false }
    ));
}

#[test]
fn all_orders_in_means_due_and_force_overrides() {
    let mut s = game();
    send_all_but(&mut s, &[]);
    s.adjudicate_when_due(ts("2026-01-01T00:00:00Z"), false)
        .unwrap();
    send_all_but(&mut s, &["France"]);
    s.adjudicate_when_due(ts("2026-01-01T00:00:00Z"), true)
        .unwrap();
    assert!(matches!(
        s.events().last().unwrap().event,
        Event::Adjudicated { forced: true }
    ));
}

#[test]
fn a_paused_game_is_adjudicated_only_by_force() {
    let mut s = game();
    send_all_but(&mut s, &[]);
    s.pause().unwrap();
    assert_eq!(s.pause().unwrap_err().kind, ErrorKind::Conflict);
    let e = s
        .adjudicate_when_due(ts("2026-01-01T00:00:00Z"), false)
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotThisPhase);
    s.resume().unwrap();
    assert_eq!(s.resume().unwrap_err().kind, ErrorKind::Conflict);
    s.adjudicate_when_due(ts("2026-01-01T00:00:00Z"), false)
        .unwrap();
}

#[test]
fn a_replacement_player_takes_the_seat_and_brings_it_back_from_civil_disorder() {
    let mut s = game();
    let france = s.map().lookup_power("France").unwrap();
    s.set_civil_disorder(france, true).unwrap();
    s.replace_player(france, "Zoe").unwrap();
    assert_eq!(s.player_of(france).unwrap().name, "Zoe");
    assert!(!s.game().in_civil_disorder(france));
    let england = s.map().lookup_power("England").unwrap();
    assert_eq!(
        s.replace_player(england, "Zoe").unwrap_err().kind,
        ErrorKind::Conflict,
        "one player, one seat"
    );
    assert!(matches!(
        &s.events().last().unwrap().event,
        Event::PlayerReplaced { old, new } if old == "France" && new == "Zoe"
    ));
}

#[test]
fn the_log_and_the_deadline_survive_the_record() {
    let mut s = game();
    s.set_deadline(Some(
        Deadline::parse("2026-11-27 23:59", Some("Europe/Paris")).unwrap(),
    ))
    .unwrap();
    s.pause().unwrap();
    let france = s.map().lookup_power("France").unwrap();
    s.replace_player(france, "Zoe").unwrap();
    let json = s.to_json();
    let loaded = from_json(&json).unwrap();
    assert_eq!(loaded.events(), s.events());
    assert_eq!(loaded.events().len(), 3);
    assert_eq!(
        loaded.events()[0].at,
        Some(ts("2026-11-20T12:00:00Z")),
        "stamped by the front end's clock"
    );
    assert_eq!(loaded.deadline(), s.deadline());
    assert!(loaded.is_paused());
    assert_eq!(loaded.player_of(france).unwrap().name, "Zoe");
    assert_eq!(loaded.to_json(), json);
}

#[test]
fn acts_on_a_finished_game_are_refused() {
    let mut s = game();
    s.declare_draw().unwrap();
    assert_eq!(s.pause().unwrap_err().kind, ErrorKind::GameOver);
    assert_eq!(s.set_deadline(None).unwrap_err().kind, ErrorKind::GameOver);
    let france = s.map().lookup_power("France").unwrap();
    assert_eq!(
        s.set_civil_disorder(france, true).unwrap_err().kind,
        ErrorKind::GameOver
    );
    assert_eq!(
        s.adjudicate_when_due(ts("2030-01-01T00:00:00Z"), true)
            .unwrap_err()
            .kind,
        ErrorKind::GameOver
    );
}

#[test]
fn rollback_returns_to_the_last_adjudicated_phase_with_its_sheets_and_keeps_the_press() {
    let mut s = game();
    let england = s.map().lookup_power("England").unwrap();
    let france = s.map().lookup_power("France").unwrap();
    assert_eq!(s.rollback().unwrap_err().kind, ErrorKind::NotThisPhase);
    send_all_but(&mut s, &[]);
    s.submit(england, "F Lon-Nth\nA Lvp-Yor").unwrap();
    s.adjudicate().unwrap();
    s.send_press(france, entente_host::Recipients::All, "Sorry, England.")
        .unwrap();
    assert_eq!(s.game().phase().code(), "F1901M");
    s.rollback().unwrap();
    assert_eq!(s.game().phase().code(), "S1901M");
    assert!(s.game().history().is_empty());
    // England's sheet is open again; the unit stands in London.
    let lines = &s.pending()[&england];
    assert_eq!(lines.len(), 2);
    assert!(s
        .game()
        .position()
        .unit_at(s.map().lookup_province("Lon").unwrap())
        .is_some());
    assert_eq!(s.press().len(), 1);
    assert_eq!(
        s.events().last().unwrap().event,
        Event::RolledBack {
            to: "S1901M".into()
        }
    );
    // Nothing before Spring 1901 to take back; adjudicating again goes on as before.
    assert_eq!(s.rollback().unwrap_err().kind, ErrorKind::NotThisPhase);
    s.adjudicate().unwrap();
    assert_eq!(s.game().phase().code(), "F1901M");
    let back = from_json(&s.to_json()).unwrap();
    assert_eq!(back.to_json(), s.to_json());
}
