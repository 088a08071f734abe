//! A hosted game's judge form: what the game master's history and echo print.

use entente_host::{Echo, Session, SessionConfig, SheetLine};
use entente_judge::{PhaseKind, Rulebook};
use entente_map::Variant;
use entente_report::game::{echo_lines, echo_lines_in, game_phase};

fn session() -> Session {
    let variant = Variant::builtin("standard").unwrap();
    Session::new(SessionConfig::named_after_powers(
        variant,
        Rulebook::default_game(),
    ))
    .unwrap()
}

fn send(s: &mut Session, power: &str, sheet: &str) {
    let p = s.map().lookup_power(power).unwrap();
    s.submit(p, sheet).unwrap();
}

/// Spring and Fall 1901: Turkey takes Sevastopol with support while its army from Bulgaria
/// fills Rumania, so the Russian fleet has nowhere to retreat and is destroyed at once.
fn fleet_destroyed_in_fall_1901() -> Session {
    let mut s = session();
    send(&mut s, "Turkey", "F Ank - Bla\nA Smy - Arm\nA Con - Bul\n");
    send(&mut s, "Russia", "A Mos H\n");
    s.adjudicate().unwrap();
    send(
        &mut s,
        "Turkey",
        "A Arm - Sev\nF Bla S A Arm - Sev\nA Bul - Rum\n",
    );
    send(&mut s, "Russia", "F Sev H\n");
    s.adjudicate().unwrap();
    s
}

fn listing(s: &Session, i: usize) -> String {
    let mut out = String::new();
    game_phase(s, i, &mut out);
    out
}

#[test]
fn a_unit_destroyed_for_want_of_a_retreat_is_named_in_the_game_history() {
    let s = fleet_destroyed_in_fall_1901();
    let fall = listing(&s, 1);
    assert!(fall.starts_with("Fall 1901 movement"), "{fall}");
    assert!(
        fall.contains("Russia: F Sevastopol HOLD. (*dislodged*)"),
        "{fall}"
    );
    assert!(
        fall.contains("The Russian Fleet in Sevastopol with no valid retreats was destroyed."),
        "{fall}"
    );
    // No retreat phase followed; the season ended with the movement, so the listing
    // shows the centres changed hands and the adjustments due.
    assert_eq!(s.game().history().len(), 2);
    assert!(
        fall.contains("Russia: Moscow, St. Petersburg, Warsaw. (3 centres, 3 units)"),
        "{fall}"
    );
    assert!(
        fall.contains(
            "Turkey: Ankara, Constantinople, Rumania, Sevastopol, Smyrna. (5 centres, 3 units, builds 2)"
        ),
        "{fall}"
    );
}

#[test]
fn an_unreadable_line_of_an_adjustment_sheet_is_ignored_not_a_hold() {
    let map = Variant::builtin("standard").unwrap().map;
    let lines = SheetLine::read_sheet_for(&map, PhaseKind::Adjustment, "Build F Xyz\n");
    let echoes: Vec<Echo> = lines
        .into_iter()
        .map(|line| Echo {
            line,
            problem: None,
            why: None,
        })
        .collect();
    let mut out = String::new();
    echo_lines_in(PhaseKind::Adjustment, &echoes, &mut out);
    assert!(out.contains("unknown province 'Xyz'"), "{out}");
    assert!(out.contains("; ignored*)"), "{out}");
    assert!(!out.contains("Hold"), "{out}");
    // In a movement phase the unit holds, as before.
    let mut out = String::new();
    echo_lines(&echoes, &mut out);
    assert!(out.contains("; counts as Hold*)"), "{out}");
}

#[test]
fn a_winter_sheet_written_as_the_rulebook_writes_builds_is_read_as_builds() {
    let mut s = fleet_destroyed_in_fall_1901();
    // Winter 1901: Turkey builds as the rulebook writes it, a bare unit a line.
    let turkey = s.map().lookup_power("Turkey").unwrap();
    assert_eq!(s.game().phase().kind, PhaseKind::Adjustment);
    let lines = SheetLine::read_sheet_for(s.map(), PhaseKind::Adjustment, "F Ank\nA Smy\n");
    let canonical: Vec<String> = lines
        .iter()
        .map(|l| match &l.reading {
            entente_host::Reading::Order { canonical, .. } => canonical.to_string(),
            entente_host::Reading::Unreadable(why) => format!("unreadable: {why}"),
        })
        .collect();
    assert_eq!(canonical, ["Build F ank", "Build A smy"]);
    s.submit_lines(turkey, lines).unwrap();
    s.adjudicate().unwrap();
    let winter = listing(&s, 2);
    assert!(winter.contains("Turkey: Build F Ankara."), "{winter}");
    assert!(winter.contains("Turkey: Build A Smyrna."), "{winter}");
}
