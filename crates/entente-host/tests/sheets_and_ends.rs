//! What the game master learns when a sheet arrives (two orders for one unit, more builds or
//! removals than due, a sheet from a power in civil disorder), what the status says is still
//! to decide, how a game ends by the game master's act (a draw among some survivors, a
//! concession), and the years a game may be played in.

use entente_game::ErrorKind;
use entente_host::{Echo, Event, Session, SessionConfig};
use entente_judge::{PhaseKind, Rulebook};
use entente_map::{PowerId, Variant};
use entente_record::record::{from_json, SessionRecord};

fn game() -> Session {
    Session::new(SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    ))
    .unwrap()
}

fn power(s: &Session, name: &str) -> PowerId {
    s.map().lookup_power(name).unwrap()
}

fn send(s: &mut Session, name: &str, sheet: &str) -> Vec<Echo> {
    let p = power(s, name);
    s.submit(p, sheet).unwrap()
}

fn problems(echoes: &[Echo]) -> Vec<Option<String>> {
    echoes.iter().map(|e| e.problem.clone()).collect()
}

#[test]
fn two_different_orders_for_one_unit_are_echoed_and_the_unit_holds() {
    let mut s = game();
    let echoes = send(&mut s, "France", "A Par - Bur\nA Mar H\nA Par - Pic\n");
    assert_eq!(
        problems(&echoes),
        [
            Some("two orders for A par: it holds".to_string()),
            None,
            Some("two orders for A par: it holds".to_string()),
        ]
    );
    // The same order twice is one order: nothing to say.
    let echoes = send(&mut s, "France", "A Par - Bur\nA Par - Bur\n");
    assert_eq!(problems(&echoes), [None, None]);
    // An order illegal in itself still says why.
    let echoes = send(&mut s, "France", "A Par - Mun\n");
    assert_eq!(problems(&echoes), [Some("not adjacent".to_string())]);
    // The judge agrees: two orders, the army holds.
    send(&mut s, "France", "A Par - Bur\nA Par - Pic\n");
    s.adjudicate().unwrap();
    let par = s.map().lookup_province("par").unwrap();
    assert_eq!(
        s.game().position().unit_at(par).map(|u| u.power),
        Some(power(&s, "France"))
    );
}

/// Plays to Winter 1901 with Germany owed two builds and Russia one removal.
fn to_winter(s: &mut Session) {
    send(s, "Germany", "F Kie - Den\nA Ber - Kie\nA Mun - Ruh\n");
    send(
        s,
        "Russia",
        "A War - Sil\nA Mos - Ukr\nF Sev - Arm\nF StP/sc - Bot\n",
    );
    send(s, "Turkey", "F Ank - Bla\nA Con - Bul\nA Smy H\n");
    s.adjudicate().unwrap();
    send(s, "Germany", "F Den H\nA Kie - Hol\nA Ruh H\n");
    send(s, "Russia", "A Sil - Boh\nA Ukr H\nF Arm H\nF Bot H\n");
    send(s, "Turkey", "F Bla - Sev\nA Bul H\n");
    s.adjudicate().unwrap();
    assert_eq!(s.game().phase().kind, PhaseKind::Adjustment);
}

#[test]
fn builds_and_removals_beyond_what_is_due_are_echoed() {
    let mut s = game();
    to_winter(&mut s);
    let echoes = send(
        &mut s,
        "Germany",
        "Build A Ber\nBuild A Ber\nBuild F Kie\nBuild A Mun\n",
    );
    assert_eq!(
        problems(&echoes),
        [
            None,
            // A second build on one site: the judge refuses it, and the echo says so.
            Some("cannot build there".to_string()),
            None,
            Some("more builds than the 2 due".to_string()),
        ]
    );
    let echoes = send(
        &mut s,
        "Russia",
        "Remove A Boh\nRemove A Boh\nRemove F Arm\n",
    );
    assert_eq!(
        problems(&echoes),
        [
            None,
            Some("A boh is removed by an earlier order".to_string()),
            Some("more removals than the 1 due".to_string()),
        ]
    );
    let st = s.status();
    let due: Vec<(String, i32)> = st
        .adjustments
        .iter()
        .map(|&(p, n)| (s.map().power(p).name.clone(), n))
        .collect();
    assert!(due.contains(&("Germany".to_string(), 2)), "{due:?}");
    assert!(due.contains(&("Russia".to_string(), -1)), "{due:?}");
    assert!(st.unordered.is_empty() && st.dislodged.is_empty());
}

#[test]
fn a_sheet_from_a_power_in_civil_disorder_is_warned_about() {
    let mut s = game();
    let italy = power(&s, "Italy");
    assert!(s.sheet_warnings(italy).is_empty());
    s.set_civil_disorder(italy, true).unwrap();
    send(&mut s, "Italy", "A Ven - Pie\n");
    assert_eq!(
        s.sheet_warnings(italy),
        ["Italy is in civil disorder: its orders are ignored until it is back in play"]
    );
    // The sheet is kept, and echoed again as it was received.
    let echoes = s.sheet_echo(italy).unwrap();
    assert_eq!(echoes.len(), 1);
    assert_eq!(echoes[0].line.text, "A Ven - Pie");
    assert!(s.sheet_echo(power(&s, "France")).is_none());
}

#[test]
fn status_lists_unordered_and_dislodged_units() {
    let mut s = game();
    send(&mut s, "England", "F Lon - Nth\n");
    let st = s.status();
    let unordered: Vec<String> = st
        .unordered
        .iter()
        .map(|u| format!("{} {}", u.ty.letter(), s.map().loc_abbr(u.loc)))
        .collect();
    let mut sorted = unordered.clone();
    sorted.sort();
    assert_eq!(sorted, ["A lvp", "F edi"]);
    send(&mut s, "Germany", "A Mun - Bur\n");
    send(&mut s, "France", "A Par H\n");
    s.adjudicate().unwrap();
    send(&mut s, "France", "A Par - Bur\nA Mar S A Par - Bur\n");
    s.adjudicate().unwrap();
    assert_eq!(s.game().phase().kind, PhaseKind::Retreat);
    let st = s.status();
    assert_eq!(st.dislodged.len(), 1);
    let d = st.dislodged[0];
    assert_eq!(d.unit.power, power(&s, "Germany"));
    assert_eq!(s.map().province(d.attacker_from).abbr, "par");
    assert!(d.retreats.len() >= 4);
    // Germany has sent nothing: its unit is missing, not unordered.
    assert!(st.unordered.is_empty());
    send(&mut s, "Germany", "");
    assert_eq!(s.status().unordered.len(), 1);
}

#[test]
fn a_draw_among_some_survivors_and_a_concession_are_logged_and_recorded() {
    let mut s = game();
    let (france, germany) = (power(&s, "France"), power(&s, "Germany"));
    assert_eq!(
        s.declare_draw_among(&[france]).unwrap_err().kind,
        ErrorKind::Invalid
    );
    s.declare_draw_among(&[germany, france]).unwrap();
    assert_eq!(s.end_text().unwrap(), "Draw shared by France, Germany");
    assert_eq!(
        s.events().last().unwrap().event,
        Event::Draw {
            powers: vec!["France".into(), "Germany".into()]
        }
    );
    assert_eq!(s.concede(france).unwrap_err().kind, ErrorKind::GameOver);
    let loaded = from_json(&s.to_json()).unwrap();
    assert_eq!(loaded.end_text(), s.end_text());
    assert_eq!(loaded.to_json(), s.to_json());

    let mut s = game();
    s.concede(power(&s, "Turkey")).unwrap();
    assert_eq!(s.end_text().unwrap(), "Conceded to Turkey");
    assert_eq!(
        s.events().last().unwrap().event,
        Event::Conceded {
            to: "Turkey".into()
        }
    );
    let loaded = from_json(&s.to_json()).unwrap();
    assert_eq!(loaded.end_text().unwrap(), "Conceded to Turkey");
    assert_eq!(loaded.to_json(), s.to_json());
}

#[test]
fn only_survivors_share_the_result() {
    let mut s = game();
    let italy = power(&s, "Italy");
    s.adjudicate().unwrap();
    // Italy loses its units (a record of a game in which it was wiped out).
    let mut r = s.to_record();
    r.current.position.units.insert("Italy".into(), Vec::new());
    s = entente_record::record::from_record(&r).unwrap();
    let err = s
        .declare_draw_among(&[italy, power(&s, "France")])
        .unwrap_err();
    assert!(err.message.contains("Italy has no units left"), "{err}");
    assert!(s.concede(italy).is_err());
    assert!(!s.game().is_over());
}

#[test]
fn a_record_from_before_draws_among_some_loads_its_draw() {
    let mut s = game();
    s.declare_draw().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(v["events"][0]["powers"].as_array().unwrap().len(), 7);
    v["events"][0].as_object_mut().unwrap().remove("powers");
    let json = serde_json::to_string(&v).unwrap();
    let loaded = from_json(&json).unwrap();
    assert_eq!(
        loaded.events().last().unwrap().event,
        Event::Draw { powers: Vec::new() }
    );
    assert!(loaded
        .end_text()
        .unwrap()
        .starts_with("Draw shared by Austria"));
}

fn config_with(first_year: Option<i32>, end_year: Option<i32>) -> SessionConfig {
    let mut c = SessionConfig::named_after_powers(
        Variant::builtin("standard").unwrap(),
        Rulebook::default_game(),
    );
    c.first_year = first_year;
    c.options.end_year = end_year;
    c.seed = 1;
    c
}

#[test]
fn years_the_game_cannot_reach_are_refused() {
    for (first, end, why) in [
        (Some(i32::MAX), None, "first year 2147483647"),
        (Some(i32::MIN), None, "first year -2147483648"),
        (Some(100_001), None, "first year 100001"),
        (None, Some(i32::MAX), "end year 2147483647"),
        (None, Some(1900), "end year 1900: the game starts in 1901"),
    ] {
        let err = Session::new(config_with(first, end)).err().unwrap();
        assert_eq!(err.kind, ErrorKind::Invalid);
        assert!(err.message.contains(why), "{err}");
    }
    let mut s = Session::new(config_with(Some(100_000), Some(100_000))).unwrap();
    s.adjudicate().unwrap();
    s.adjudicate().unwrap();
    assert!(
        s.game().is_over(),
        "the short game ends after its last year"
    );
}
