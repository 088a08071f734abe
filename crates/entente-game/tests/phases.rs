//! The phase sequence, centre ownership after Fall, adjustments and the end of a game.

use entente_game::{EndOfGame, Game, Phase, PhaseKind, Season};
use entente_judge::Rulebook;
use entente_map::{Map, PowerId};
use entente_orders::{parse_order, Order};
use std::sync::Arc;

fn game() -> Game {
    Game::new(Arc::new(Map::standard()), Rulebook::default_game())
}

fn orders(g: &Game, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| {
            (
                g.map().lookup_power(p).unwrap(),
                parse_order(g.map(), o).unwrap(),
            )
        })
        .collect()
}

#[test]
fn phases_without_decisions_are_skipped() {
    let mut g = game();
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1901, PhaseKind::Movement)
    );
    g.process(&[]);
    // Nobody dislodged: no Spring retreats.
    assert_eq!(
        g.phase(),
        Phase::new(Season::Fall, 1901, PhaseKind::Movement)
    );
    g.process(&[]);
    // Nobody gained or lost a centre: no adjustments.
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1902, PhaseKind::Movement)
    );
    assert_eq!(g.history().len(), 2);
}

#[test]
fn centres_change_hands_only_after_fall() {
    let mut g = game();
    let o = orders(&g, &[("France", "A Mar - Spa")]);
    g.process(&o);
    let spa = g.map().lookup_province("spa").unwrap();
    assert_eq!(
        g.position().owner(spa),
        None,
        "Spring does not change ownership"
    );
    g.process(&[]);
    assert_eq!(g.position().owner(spa), g.map().lookup_power("France"));
    // France now has a build: Winter adjustments follow.
    assert_eq!(
        g.phase(),
        Phase::new(Season::Winter, 1901, PhaseKind::Adjustment)
    );
    assert_eq!(
        g.powers_to_order(),
        vec![g.map().lookup_power("France").unwrap()]
    );
    let o = orders(&g, &[("France", "Build A Mar")]);
    g.process(&o);
    assert_eq!(
        g.phase(),
        Phase::new(Season::Spring, 1902, PhaseKind::Movement)
    );
    assert_eq!(
        g.position()
            .unit_count(g.map().lookup_power("France").unwrap()),
        4
    );
}

#[test]
fn dislodgement_leads_to_a_retreat_phase_and_missing_retreat_disbands() {
    let mut g = game();
    let o = orders(
        &g,
        &[
            ("Germany", "A Mun - Tyr"),
            ("Germany", "A Ber - Mun"),
            ("Italy", "A Ven H"),
        ],
    );
    g.process(&o);
    let o = orders(
        &g,
        &[
            ("Germany", "A Tyr - Ven"),
            ("Germany", "A Mun - Tyr"),
            ("Austria", "F Tri S A Tyr - Ven"),
        ],
    );
    g.process(&o);
    assert_eq!(
        g.phase(),
        Phase::new(Season::Fall, 1901, PhaseKind::Retreat)
    );
    assert_eq!(
        g.powers_to_order(),
        vec![g.map().lookup_power("Italy").unwrap()]
    );
    g.process(&[]);
    let italy = g.map().lookup_power("Italy").unwrap();
    assert_eq!(
        g.position().unit_count(italy),
        2,
        "the unordered dislodged army is disbanded"
    );
    let ven = g.map().lookup_province("ven").unwrap();
    assert_eq!(
        g.position().owner(ven),
        g.map().lookup_power("Germany"),
        "Venice changes hands after Fall retreats"
    );
    assert_eq!(g.phase().kind, PhaseKind::Adjustment);
}

#[test]
fn short_game_ends_with_standings() {
    let mut g = game();
    g.set_end_year(Some(1901));
    let o = orders(&g, &[("Russia", "A War - Gal")]);
    g.process(&o);
    g.process(&[]);
    match g.end() {
        Some(EndOfGame::ShortGame { winners, standings }) => {
            assert_eq!(winners, &vec![g.map().lookup_power("Russia").unwrap()]);
            assert_eq!(standings[0].1, 4);
        }
        other => panic!("expected short-game end, got {other:?}"),
    }
}

#[test]
fn draw_is_shared_by_surviving_powers() {
    let mut g = game();
    g.declare_draw();
    assert_eq!(
        g.end(),
        Some(&EndOfGame::Draw(g.map().power_ids().collect()))
    );
}

#[test]
fn civil_disorder_units_hold_and_do_not_build() {
    let mut g = game();
    let france = g.map().lookup_power("France").unwrap();
    g.set_civil_disorder(france, true);
    let o = orders(&g, &[("France", "A Par - Bur")]);
    g.process(&o);
    let par = g.map().lookup_province("par").unwrap();
    assert!(
        g.position().unit_at(par).is_some(),
        "orders of a power in civil disorder are ignored"
    );
}
