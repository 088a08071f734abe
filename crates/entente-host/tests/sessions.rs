//! Hosted games: setups for fewer players, neutral powers, civil disorder, the First World
//! War's closed Italy, and the game record (save → load → save, and play on).

use entente_game::{Game, Phase, PhaseKind, PhaseResult, Season, Setup};
use entente_host::{Assignment, GameOptions, Player, Recipients, Session, SessionConfig};
use entente_judge::{Edition, Illegal, Outcome, Position, Rulebook, Unit};
use entente_map::{Map, UnitType};
use entente_orders::parse_order;
use entente_record::record::{from_json, SessionRecord};
use std::sync::Arc;

fn players(map: &Map, setup: Setup) -> Vec<Player> {
    setup
        .seats(map)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, powers)| Player {
            name: format!("P{}", i + 1),
            powers,
        })
        .collect()
}

fn session(setup: Setup, edition: Edition, first_year: Option<i32>) -> Session {
    let variant = entente_map::Variant::builtin("standard").unwrap();
    let ps = players(&variant.map, setup);
    Session::new(SessionConfig {
        variant,
        rules: Rulebook::edition(edition),
        setup,
        players: ps,
        first_year,
        options: GameOptions::default(),
        seed: 11,
        assignment: Assignment::Given,
    })
    .unwrap()
}

fn send(s: &mut Session, power: &str, sheet: &str) {
    let p = s.map().lookup_power(power).unwrap();
    s.submit(p, sheet).unwrap();
}

fn unit_count(s: &Session, power: &str) -> usize {
    s.game()
        .position()
        .unit_count(s.map().lookup_power(power).unwrap())
}

#[test]
fn six_players_italy_is_neutral_and_its_dislodged_units_are_disbanded() {
    let mut s = session(Setup::Six, Edition::E2000, Some(1870));
    assert_eq!(
        s.game().phase(),
        Phase::new(Season::Spring, 1870, PhaseKind::Movement)
    );
    let italy = s.map().lookup_power("Italy").unwrap();
    assert!(s.game().is_neutral(italy));
    assert!(
        s.submit(italy, "A Ven - Tyr").is_err(),
        "Italy gives no orders"
    );
    assert!(!s.status().missing.contains(&italy));
    send(&mut s, "Austria", "A Vie - Tyr\nF Tri - Adr\n");
    s.adjudicate().unwrap();
    send(&mut s, "Austria", "A Tyr - Ven\nF Adr S A Tyr - Ven\n");
    s.adjudicate().unwrap();
    // Dislodged, Italy's army is disbanded at once: no retreat phase waits for it.
    assert_eq!(s.game().phase().kind, PhaseKind::Adjustment);
    assert_eq!(unit_count(&s, "Italy"), 2);
    let ven = s.map().lookup_province("ven").unwrap();
    assert_eq!(
        s.game().position().owner(ven),
        s.map().lookup_power("Austria")
    );
}

#[test]
fn five_players_can_start_in_1801() {
    let s = session(Setup::Five, Edition::E2000, Setup::Five.period_year());
    assert_eq!(s.game().phase().year, 1801);
    let neutral: Vec<String> = s
        .map()
        .power_ids()
        .filter(|&p| s.game().is_neutral(p))
        .map(|p| s.map().power(p).name.clone())
        .collect();
    assert_eq!(neutral, ["Germany", "Italy"]);
}

#[test]
fn world_war_starts_in_1914_with_italy_closed() {
    let s = session(Setup::Two, Edition::E2000, None);
    assert_eq!(s.game().phase().year, 1914);
    assert_eq!(s.game().impassable().len(), 6);
    let variant = entente_map::Variant::builtin("standard").unwrap();
    let ps = players(&variant.map, Setup::Two);
    let wrong_year = Session::new(SessionConfig {
        variant,
        rules: Rulebook::default(),
        setup: Setup::Two,
        players: ps,
        first_year: Some(1901),
        options: GameOptions::default(),
        seed: 1,
        assignment: Assignment::Given,
    });
    assert!(wrong_year.is_err());
    // 2000 rules count centres, 1982 rules units.
    assert!(!s.game().side_victory().unwrap().by_units);
    let old = session(Setup::Two, Edition::E1982, None);
    assert!(old.game().side_victory().unwrap().by_units);
}

#[test]
fn closed_provinces_take_no_moves_and_no_retreats() {
    let map = Arc::new(Map::standard());
    let p = |n: &str| map.lookup_power(n).unwrap();
    let l = |n: &str| map.lookup_province(n).unwrap().loc();
    let mut pos = Position::empty(&map);
    for (power, ty, at) in [
        ("France", UnitType::Army, "mar"),
        ("France", UnitType::Army, "spa"),
        ("Germany", UnitType::Army, "bur"),
        ("Germany", UnitType::Army, "gas"),
        ("Austria", UnitType::Fleet, "tri"),
    ] {
        pos.place(
            &map,
            Unit {
                power: p(power),
                ty,
                loc: l(at),
            },
        );
    }
    let orders: Vec<_> = [
        ("Germany", "A Bur - Mar"),
        ("Germany", "A Gas S A Bur - Mar"),
        ("Austria", "F Tri - Ven"),
    ]
    .iter()
    .map(|(w, o)| (p(w), parse_order(&map, o).unwrap()))
    .collect();
    let spring = Phase::new(Season::Spring, 1914, PhaseKind::Movement);
    let italy = Setup::Two.impassable(&map).unwrap();

    // Open Italy: the dislodged army may go to Piedmont.
    let mut open = Game::from_position(map.clone(), Rulebook::default(), spring, pos.clone());
    open.process(&orders);
    let mar = map.lookup_province("mar").unwrap();
    let d = open.position().dislodged_at(mar).expect("dislodged");
    assert_eq!(d.retreats.iter().collect::<Vec<_>>(), vec![l("pie").0]);

    // Closed Italy: no retreat, so the army is disbanded at once; the fleet's move into
    // Venice is illegal.
    let mut closed = Game::from_position(map.clone(), Rulebook::default(), spring, pos);
    closed.set_impassable(italy);
    let r = closed.process(&orders);
    let PhaseResult::Movement(m) = &r.result else {
        panic!("movement")
    };
    assert_eq!(
        m.orders[2].outcome,
        Outcome::Illegal(Illegal::Impassable),
        "F Tri - Ven"
    );
    assert!(m.orders[0].outcome.succeeded());
    assert!(closed.position().dislodged_at(mar).is_none());
    assert_eq!(closed.position().unit_count(p("France")), 1);
    assert_eq!(closed.phase().season, Season::Fall, "no retreat phase");
}

#[test]
fn record_round_trips_and_the_loaded_game_goes_on_identically() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    send(
        &mut s,
        "France",
        "A Par - Bur\nA Mar - Spa\nF Bre - Mao\nnonsense here\n",
    );
    send(&mut s, "Germany", "A Mun - Bur\nA Ber - Kie\nF Kie - Den\n");
    send(&mut s, "Russia", "A War - Gal\n");
    s.adjudicate().unwrap();
    let turkey = s.map().lookup_power("Turkey").unwrap();
    s.set_civil_disorder(turkey, true).unwrap();
    send(&mut s, "Turkey", "F Ank - Bla\n");
    send(&mut s, "France", "A Spa H\n");
    send(&mut s, "Germany", "F Den H\n");
    s.adjudicate().unwrap();
    send(&mut s, "France", "Build A Mar\n");
    let (france, england) = (
        s.map().lookup_power("France").unwrap(),
        s.map().lookup_power("England").unwrap(),
    );
    s.send_press(
        france,
        Recipients::Powers(vec![england]),
        "Dear England,\n\nyours.\n",
    )
    .unwrap();
    s.send_press(turkey, Recipients::All, "Peace.").unwrap();
    let json = s.to_json();
    let loaded = from_json(&json).unwrap();
    assert_eq!(loaded.to_json(), json, "save → load → save is stable");
    assert_eq!(loaded.press(), s.press());
    assert!(json.contains("\"unreadable\""));
    assert!(json.contains("\"ignored\""));
    assert!(
        json.contains("\"text\": \"Dear England,\\n\\nyours.\""),
        "{json}"
    );

    // Both go on with the same orders and stay equal.
    let mut a = s;
    let mut b = loaded;
    for g in [&mut a, &mut b] {
        send(g, "Germany", "Build A Ber\n");
        g.adjudicate().unwrap();
        send(g, "France", "A Bur - Mun\nA Spa - Por\n");
        g.adjudicate().unwrap();
    }
    assert_eq!(a.to_json(), b.to_json());
    assert_eq!(a.game().position(), b.game().position());
}

/// A judge change (simulated: the record says a bounce happened that today's judge would
/// not give) must not make a game in progress unloadable: the record's positions and results
/// are what the game goes on from; `entente replay` is what re-adjudicates.
#[test]
fn a_record_written_before_a_judge_change_still_loads() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    send(&mut s, "France", "A Par - Bur\n");
    s.adjudicate().unwrap();
    // As if an older judge had bounced A Par - Bur: the unit stayed in Paris.
    let json = s.to_json().replace("\"A bur\"", "\"A par\"").replace(
        "\"result\": \"succeeded\"",
        "\"result\": \"failed\",\n      \"reason\": \"bounce\"",
    );
    assert!(json.contains("\"bounce\""));
    let loaded = from_json(&json).expect("a record from another judge loads");
    let par = loaded.map().lookup_province("par").unwrap();
    let bur = loaded.map().lookup_province("bur").unwrap();
    assert!(loaded.game().position().unit_at(par).is_some());
    assert!(loaded.game().position().unit_at(bur).is_none());
    let h = &loaded.game().history()[0];
    assert_eq!(
        h.result.orders()[0].outcome,
        Outcome::Failed(entente_judge::Failure::Bounced(
            entente_judge::Bounce::Unstated
        )),
        "the recorded result, not today's judge's"
    );
    // Written back with the recorded result, and stable from then on.
    let again = loaded.to_json();
    let value = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
    assert_eq!(
        value(&again)["phases"][0]["orders"],
        value(&json)["phases"][0]["orders"]
    );
    assert_eq!(from_json(&again).unwrap().to_json(), again);
    // The game goes on from the recorded position.
    let mut loaded = loaded;
    send(&mut loaded, "France", "A Par - Pic\n");
    loaded.adjudicate().unwrap();
    let pic = loaded.map().lookup_province("pic").unwrap();
    assert!(loaded.game().position().unit_at(pic).is_some());
}

/// Loading never adjudicates: a record whose positions differ from what the judge gives
/// loads as recorded, and replaying it shows the difference.
#[test]
fn replay_reports_what_a_loaded_record_keeps() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    send(&mut s, "France", "A Par - Bur\n");
    s.adjudicate().unwrap();
    let json = s.to_json().replace("\"A bur\"", "\"A pic\"");
    let loaded = from_json(&json).unwrap();
    let pic = loaded.map().lookup_province("pic").unwrap();
    assert!(loaded.game().position().unit_at(pic).is_some());
    let games = entente_record::replay::read_recorded_games(&json).unwrap();
    let g = &games[0];
    let diffs = entente_record::replay::replay(&g.map, g.rules, &g.phases, true);
    assert!(diffs.iter().any(|d| d.what.contains("pic")), "{diffs:?}");
}

#[test]
fn a_returning_player_resumes() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    let france = s.map().lookup_power("France").unwrap();
    s.set_civil_disorder(france, true).unwrap();
    assert!(!s.status().missing.contains(&france));
    assert!(s.status().civil_disorder.contains(&france));
    send(&mut s, "France", "A Par - Bur\n");
    s.adjudicate().unwrap();
    let par = s.map().lookup_province("par").unwrap();
    assert!(
        s.game().position().unit_at(par).is_some(),
        "orders ignored in civil disorder"
    );
    s.set_civil_disorder(france, false).unwrap();
    assert!(s.status().missing.contains(&france));
    send(&mut s, "France", "A Par - Bur\n");
    s.adjudicate().unwrap();
    assert!(s.game().position().unit_at(par).is_none(), "back in play");
}

/// A Winter sheet written as the rulebook writes builds (`F Bre`, `A Par`) is read as builds
/// when it arrives, and the builds are made.
#[test]
fn a_winter_sheet_of_bare_units_is_read_as_builds() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    send(&mut s, "France", "F Bre - Mao\nA Mar - Spa\nA Par - Bur\n");
    s.adjudicate().unwrap();
    send(&mut s, "France", "F Mao - Por\n");
    s.adjudicate().unwrap();
    assert_eq!(s.game().phase().kind, PhaseKind::Adjustment);
    let france = s.map().lookup_power("France").unwrap();
    let echoes = s.submit(france, "France:\nF Bre\nA Par\n").unwrap();
    assert_eq!(echoes.len(), 2);
    for e in &echoes {
        assert!(
            matches!(e.line.order(), Some(entente_orders::Order::Build { .. })),
            "{:?}",
            e.line
        );
        assert!(e.problem.is_none(), "{:?}", e.problem);
    }
    s.adjudicate().unwrap();
    assert_eq!(unit_count(&s, "France"), 5);
}

/// `anyone_missing` (asked at every adjudication) says what `status().missing` says: with
/// no sheets, with some, with all, with a power in civil disorder, in a retreat and an
/// adjustment phase too.
#[test]
fn anyone_missing_agrees_with_the_status() {
    let mut s = session(Setup::Seven, Edition::E2000, None);
    let agree = |s: &Session| {
        assert_eq!(
            s.anyone_missing(),
            !s.status().missing.is_empty(),
            "{:?}",
            s.game().phase()
        )
    };
    agree(&s);
    send(&mut s, "France", "A Par - Bur\n");
    agree(&s);
    assert!(s.anyone_missing());
    let names: Vec<String> = s.map().powers().iter().map(|p| p.name.clone()).collect();
    for name in &names {
        send(&mut s, name, "");
    }
    agree(&s);
    assert!(!s.anyone_missing());
    let italy = s.map().lookup_power("Italy").unwrap();
    s.withdraw(italy);
    assert!(s.anyone_missing());
    s.set_civil_disorder(italy, true).unwrap();
    agree(&s);
    assert!(
        !s.anyone_missing(),
        "a power in civil disorder is not awaited"
    );
    // Every phase kind of a year, nobody writing.
    for _ in 0..6 {
        agree(&s);
        s.adjudicate().unwrap();
    }
}
