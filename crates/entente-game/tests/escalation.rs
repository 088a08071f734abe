//! Edi Birsan's Escalation (`variants/escalation.toml`): the table of units per player, the
//! placement in turn on the empty board, centres owned by the units placed on them, the
//! nominations of home centres after Fall 1901, and builds only in the nominated homes.

use entente_game::{
    escalation_units, parse_nomination, parse_placement, ErrorKind, Game, Phase, PhaseKind, Season,
};
use entente_judge::Rulebook;
use entente_map::{builtin_variant, Map, PowerId, ProvinceId, UnitType};
use entente_orders::{parse_order, Order};
use std::sync::Arc;

fn escalation() -> Game {
    Game::new(
        Arc::new(builtin_variant("escalation").unwrap()),
        Rulebook::default_game(),
    )
}

fn power(g: &Game, name: &str) -> PowerId {
    g.map().lookup_power(name).unwrap()
}

fn prov(g: &Game, name: &str) -> ProvinceId {
    g.map().lookup_province(name).unwrap()
}

/// France and Germany, `n` units each, France first.
fn two_players(n: u32) -> (Game, PowerId, PowerId) {
    let mut g = escalation();
    let (f, d) = (power(&g, "France"), power(&g, "Germany"));
    g.start_escalation(vec![f, d], n).unwrap();
    (g, f, d)
}

fn orders(g: &Game, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (power(g, p), parse_order(g.map(), o).unwrap()))
        .collect()
}

#[test]
fn escalation_unit_count_table_for_2_to_7_players() {
    let table: Vec<(usize, Option<u32>)> = (0..=9).map(|n| (n, escalation_units(n))).collect();
    assert_eq!(
        table,
        [
            (0, None),
            (1, None),
            (2, Some(12)),
            (3, Some(8)),
            (4, Some(6)),
            (5, Some(5)),
            (6, Some(4)),
            (7, Some(3)),
            (8, Some(3)),
            (9, Some(3)),
        ]
    );
}

#[test]
fn the_board_starts_empty_with_no_centre_owned() {
    let g = escalation();
    assert_eq!(g.position().units().count(), 0);
    assert!(g
        .map()
        .province_ids()
        .all(|p| g.position().owner(p).is_none()));
    assert!(!g.in_placement(), "no placement before it is started");
}

#[test]
fn only_an_escalation_variant_has_a_placement() {
    let mut g = Game::new(Arc::new(Map::standard()), Rulebook::default_game());
    let (f, d) = (power(&g, "France"), power(&g, "Germany"));
    let e = g.start_escalation(vec![f, d], 3).unwrap_err();
    assert!(
        e.message.contains("not played under the escalation rule"),
        "{e}"
    );
    let mut g = escalation();
    assert!(g.start_escalation(vec![f], 3).is_err(), "one player");
    assert!(
        g.start_escalation(vec![f, f], 3).is_err(),
        "twice in the order"
    );
    assert!(g.start_escalation(vec![f, d], 0).is_err(), "no unit");
    assert!(
        g.start_escalation(vec![f, d], 40).is_err(),
        "more than the board"
    );
}

#[test]
fn players_place_one_unit_at_a_time_in_turn_order() {
    let (mut g, f, d) = two_players(2);
    assert!(g.in_placement());
    assert_eq!(g.to_place(), Some(f));
    assert_eq!(g.powers_to_order(), vec![f]);
    let e = g.place_text(d, "A Mun").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotThisPhase);
    assert!(e.message.contains("France's turn"), "{e}");
    g.place_text(f, "A Par").unwrap();
    assert_eq!(g.to_place(), Some(d));
    g.place_text(d, "Place A Mun").unwrap();
    assert_eq!(g.to_place(), Some(f));
    g.place_text(f, "F Nth").unwrap();
    g.place_text(d, "F Kie").unwrap();
    assert!(!g.in_placement());
    assert_eq!(g.to_place(), None);
    assert_eq!(g.escalation().unwrap().placed.len(), 4);
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1901, PhaseKind::Movement)
    );
    assert_eq!(g.powers_to_order(), vec![f, d]);
    let e = g.place_text(f, "A Bur").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotThisPhase);
}

#[test]
fn placement_refuses_an_occupied_space() {
    let (mut g, f, d) = two_players(2);
    g.place_text(f, "A Par").unwrap();
    let e = g.place_text(d, "A Par").unwrap_err();
    assert!(e.message.contains("Paris is occupied"), "{e}");
    // A fleet on the other coast of an occupied province is refused too.
    g.place_text(d, "F Stp/nc").unwrap();
    let e = g.place_text(f, "F Stp/sc").unwrap_err();
    assert!(e.message.contains("Petersburg is occupied"), "{e}");
    assert_eq!(g.to_place(), Some(f), "a refused placement keeps the turn");
}

#[test]
fn placement_refuses_a_space_the_unit_cannot_stand_in() {
    let (mut g, f, _) = two_players(2);
    for (text, why) in [
        ("A Nth", "an army cannot stand in North Sea"),
        ("F Mun", "a fleet cannot stand in Munich"),
        ("F Spa", "name it (spa/nc, spa/sc)"),
        ("Par", "army (A) or a fleet (F)"),
        ("Place", "write the unit to place"),
        ("A Xyz", "is not a unit to place"),
    ] {
        let e = g.place_text(f, text).unwrap_err();
        assert!(e.message.contains(why), "{text}: {e}");
    }
    assert!(g.escalation().unwrap().placed.is_empty());
    assert_eq!(
        parse_placement(g.map(), "F spa/sc").unwrap().0,
        UnitType::Fleet
    );
}

#[test]
fn a_unit_placed_on_a_centre_owns_it() {
    let (mut g, f, d) = two_players(2);
    g.place_text(f, "F Bre").unwrap();
    g.place_text(d, "A Ruh").unwrap();
    g.place_text(f, "F Mao").unwrap();
    g.place_text(d, "A Hol").unwrap();
    let (bre, ruh, hol) = (prov(&g, "bre"), prov(&g, "ruh"), prov(&g, "hol"));
    assert_eq!(g.position().owner(bre), Some(f));
    assert_eq!(g.position().owner(hol), Some(d));
    assert_eq!(g.position().owner(ruh), None, "Ruhr is no centre");
    assert_eq!(g.position().centre_count(g.map(), f), 1);
    assert_eq!(g.position().centre_count(g.map(), d), 1);
}

/// France and Germany place two units each; 1901 is played: France takes Belgium, Germany
/// Holland. Returns the game in the nomination step.
fn to_the_nominations() -> (Game, PowerId, PowerId) {
    let (mut g, f, d) = two_players(2);
    for (p, u) in [(f, "A Par"), (d, "A Mun"), (f, "F Bre"), (d, "A Ruh")] {
        g.place_text(p, u).unwrap();
    }
    g.process(&orders(
        &g,
        &[("France", "A Par - Bur"), ("Germany", "A Ruh - Hol")],
    ));
    assert_eq!(
        g.phase(),
        Phase::new(Season::Fall, 1901, PhaseKind::Movement)
    );
    g.process(&orders(&g, &[("France", "A Bur - Bel")]));
    (g, f, d)
}

#[test]
fn winter_1901_nominates_three_home_centres() {
    let (mut g, f, d) = to_the_nominations();
    assert_eq!(
        g.phase(),
        Phase::new(Season::Winter, 1901, PhaseKind::Adjustment)
    );
    assert!(g.nominating());
    assert_eq!(g.awaited_nominations(), vec![f, d]);
    assert_eq!(g.powers_to_order(), vec![f, d]);
    for (text, why) in [
        ("Home Par, Bre", "nominate 3 home centres, not 2"),
        ("Home Par, Bre, Bur", "Burgundy is not a supply centre"),
        ("Home Par, Bre, Par", "Paris is nominated twice"),
        (
            "Home Par, Bre, Xyz",
            "'Xyz' in 'Home Par, Bre, Xyz' is not a province",
        ),
        ("Home", "name 3 supply centres"),
    ] {
        let e = g.nominate_text(f, text).unwrap_err();
        assert!(e.message.contains(why), "{text}: {e}");
    }
    // Spain is not France's: a home may be a centre not owned yet.
    g.nominate_text(f, "Home Par, Bre, Spa").unwrap();
    assert_eq!(g.awaited_nominations(), vec![d]);
    assert!(g.nominating());
    // A second nomination replaces the first while others are awaited.
    g.nominate_text(f, "Par Bre Bel").unwrap();
    g.nominate_text(d, "home centres: Mun, Hol, Kie").unwrap();
    assert!(!g.nominating());
    let e = g.nominate_text(d, "Mun, Hol, Ber").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotThisPhase);
    let homes = |p: PowerId| g.map().power(p).home_centres.clone();
    assert_eq!(
        homes(f),
        [prov(&g, "par"), prov(&g, "bre"), prov(&g, "bel")]
    );
    assert_eq!(
        homes(d),
        [prov(&g, "mun"), prov(&g, "hol"), prov(&g, "kie")]
    );
    assert_eq!(
        parse_nomination(g.map(), "Home Par, Bre, Mar").unwrap(),
        [prov(&g, "par"), prov(&g, "bre"), prov(&g, "mar")]
    );
}

#[test]
fn builds_only_in_nominated_homes() {
    let (mut g, f, d) = to_the_nominations();
    g.nominate_text(f, "Home Par, Bre, Spa").unwrap();
    g.nominate_text(d, "Home Mun, Hol, Kie").unwrap();
    // France owns Paris, Brest and Belgium with two units: one build, in Paris only (Brest is
    // occupied, Spain not owned, Belgium no home).
    assert_eq!(g.powers_to_order(), vec![f]);
    let build = |g: &mut Game, text: &str| {
        let o = parse_order(g.map(), text).unwrap();
        g.check_order(f, o)
    };
    assert_eq!(build(&mut g, "Build A Par"), None);
    assert!(build(&mut g, "Build A Bel").is_some());
    assert!(build(&mut g, "Build A Spa").is_some());
    assert!(build(&mut g, "Build F Bre").is_some());
    g.process(&orders(&g, &[("France", "Build A Par")]));
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1902, PhaseKind::Movement)
    );
    assert_eq!(g.position().unit_count(f), 3);
    assert_eq!(g.position().unit_count(d), 2);
}

#[test]
fn a_player_who_nominates_nothing_gets_the_centres_it_owns() {
    let (mut g, f, d) = to_the_nominations();
    g.nominate_text(d, "Home Mun, Hol, Kie").unwrap();
    assert_eq!(g.awaited_nominations(), vec![f]);
    // The Winter is adjudicated without France's nomination: its owned centres, in the
    // map's order, become its homes (Belgium, Brest, Paris) and its build is waived.
    g.process(&[]);
    let e = g.escalation().unwrap();
    assert!(e.nominated && !e.nominating);
    let mut want = vec![prov(&g, "bel"), prov(&g, "bre"), prov(&g, "par")];
    want.sort();
    let mut got = g.map().power(f).home_centres.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1902, PhaseKind::Movement)
    );
    assert!(g.nominators().contains(&d));
}

#[test]
fn nominations_come_once_only_after_the_first_fall() {
    let (mut g, f, d) = to_the_nominations();
    g.nominate_text(f, "Home Par, Bre, Bel").unwrap();
    g.nominate_text(d, "Home Mun, Hol, Kie").unwrap();
    g.process(&[]);
    g.process(&[]);
    g.process(&[]);
    // Fall 1902 is over: France's build is due again, with no second nomination step.
    assert!(!g.nominating());
    assert_eq!(
        g.phase(),
        Phase::new(Season::Winter, 1902, PhaseKind::Adjustment)
    );
    assert_eq!(g.powers_to_order(), vec![f]);
}

#[test]
fn a_power_in_civil_disorder_does_not_hold_up_the_nominations() {
    let (mut g, f, d) = to_the_nominations();
    g.set_civil_disorder(d, true);
    assert_eq!(g.powers_to_order(), vec![f]);
    g.nominate_text(f, "Home Par, Bre, Spa").unwrap();
    // Germany in civil disorder gets the centres it owns; France may build at once.
    assert!(!g.nominating());
    let mut want = vec![prov(&g, "hol"), prov(&g, "mun")];
    want.sort();
    let mut got = g.map().power(d).home_centres.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(g.powers_to_order(), vec![f]);
}
