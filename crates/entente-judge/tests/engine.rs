//! The one phase engine: what happens between phases, decided in one place.

use entente_judge::{
    Engine, Illegal, Outcome, Phase, PhaseKind, PhaseResult, Position, PowerSet, Restrictions,
    Rulebook, Season, Unit,
};
use entente_map::{LocSet, Map, PowerId, UnitType};
use entente_orders::{parse_order, Order};

fn orders(map: &Map, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(map, o).unwrap()))
        .collect()
}

fn phase(season: Season, kind: PhaseKind) -> Phase {
    Phase::new(season, 1901, kind)
}

#[test]
fn spring_movement_without_dislodgement_goes_to_fall() {
    let map = Map::standard();
    let mut pos = Position::start(&map);
    let t = Engine::new().step(
        &map,
        &Rulebook::default_game(),
        &Restrictions::NONE,
        phase(Season::Spring, PhaseKind::Movement),
        &mut pos,
        &orders(&map, &[("France", "A Par - Bur")]),
    );
    assert_eq!(t.next, phase(Season::Fall, PhaseKind::Movement));
    assert!(!t.fall_ended);
    let bur = map.lookup_province("bur").unwrap();
    assert_eq!(pos.unit_at(bur).map(|u| u.ty), Some(UnitType::Army));
    assert_eq!(pos.owner(bur), None, "centres change hands only after Fall");
}

#[test]
fn fall_takes_centres_and_goes_to_winter_only_when_someone_adjusts() {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let mut engine = Engine::new();
    let mut pos = Position::start(&map);
    let fall = phase(Season::Fall, PhaseKind::Movement);
    let t = engine.step(&map, &rules, &Restrictions::NONE, fall, &mut pos, &[]);
    assert!(t.fall_ended);
    assert_eq!(
        t.next,
        Phase::new(Season::Spring, 1902, PhaseKind::Movement),
        "nobody has a build or removal: no Winter"
    );
    let t = engine.step(
        &map,
        &rules,
        &Restrictions::NONE,
        fall,
        &mut pos,
        &orders(
            &map,
            &[("France", "A Par - Bur"), ("France", "A Mar - Spa")],
        ),
    );
    assert_eq!(
        t.next,
        Phase::new(Season::Winter, 1901, PhaseKind::Adjustment)
    );
    let spa = map.lookup_province("spa").unwrap();
    assert_eq!(pos.owner(spa), map.lookup_power("France"));
}

#[test]
fn silent_powers_give_no_orders_and_their_dislodged_units_are_disbanded_at_once() {
    let map = Map::standard();
    let mut pos = Position::empty(&map);
    let place = |pos: &mut Position, power: &str, ty, at: &str| {
        let loc = map.lookup_province(at).unwrap().loc();
        pos.place(
            &map,
            Unit {
                power: map.lookup_power(power).unwrap(),
                ty,
                loc,
            },
        );
    };
    place(&mut pos, "Italy", UnitType::Army, "tyr");
    place(&mut pos, "Italy", UnitType::Army, "ven");
    place(&mut pos, "Austria", UnitType::Army, "tri");
    place(&mut pos, "Austria", UnitType::Army, "pie");
    let italy = map.lookup_power("Italy").unwrap();
    let mut silent = PowerSet::EMPTY;
    silent.insert(italy);
    let r = Restrictions {
        silent,
        ..Restrictions::NONE
    };
    let mut engine = Engine::new();
    let t = engine.step(
        &map,
        &Rulebook::default_game(),
        &r,
        phase(Season::Spring, PhaseKind::Movement),
        &mut pos,
        &orders(
            &map,
            &[
                ("Italy", "A Tyr S A Ven"),
                ("Austria", "A Tri - Ven"),
                ("Austria", "A Pie S A Tri - Ven"),
            ],
        ),
    );
    assert_eq!(
        engine.judged_orders().len(),
        2,
        "Italy's order is not taken"
    );
    let PhaseResult::Movement(m) = engine.result().unwrap() else {
        panic!()
    };
    assert_eq!(m.dislodged.len(), 1, "Venice, unsupported, is dislodged");
    assert!(
        !pos.has_dislodged(),
        "and disbanded at once: no retreat phase"
    );
    assert_eq!(t.next, phase(Season::Fall, PhaseKind::Movement));
}

#[test]
fn impassable_provinces_close_moves_supports_and_retreats() {
    let map = Map::standard();
    let mut impassable = LocSet::EMPTY;
    let ven = map.lookup_province("ven").unwrap();
    impassable.insert(ven.0);
    let r = Restrictions {
        impassable,
        ..Restrictions::NONE
    };
    let mut engine = Engine::new();
    let pos = Position::start(&map);
    let austria = map.lookup_power("Austria").unwrap();
    let order = parse_order(&map, "F Tri - Ven").unwrap();
    assert_eq!(
        engine.check(
            &map,
            &Rulebook::default_game(),
            &r,
            PhaseKind::Movement,
            &pos,
            austria,
            order
        ),
        Some(Illegal::Impassable)
    );
    let step = engine.play(
        &map,
        &Rulebook::default_game(),
        &r,
        phase(Season::Spring, PhaseKind::Movement),
        &pos,
        &orders(
            &map,
            &[("Austria", "F Tri - Ven"), ("Austria", "A Vie - Tyr")],
        ),
    );
    assert_eq!(
        step.result.orders()[0].outcome,
        Outcome::Illegal(Illegal::Impassable)
    );
    assert!(step.result.orders()[1].outcome.succeeded());
}

/// `powers_with_adjustments` (one pass for every power, asked after every Fall) gives the
/// powers `has_adjustment_to_make` names one by one: none at the start; a removal due; a
/// build due with a vacant owned home; a build due with every owned home occupied (none).
#[test]
fn powers_with_adjustments_agrees_with_has_adjustment_to_make() {
    use entente_judge::{has_adjustment_to_make, powers_with_adjustments};
    let map = Map::standard();
    let prov = |n: &str| map.lookup_province(n).unwrap();
    let power = |n: &str| map.lookup_power(n).unwrap();
    let agree = |pos: &Position| {
        let all = powers_with_adjustments(&map, pos);
        for p in map.power_ids() {
            assert_eq!(
                all.contains(p),
                has_adjustment_to_make(&map, pos, p),
                "{p:?}"
            );
        }
        all
    };
    let mut pos = Position::start(&map);
    assert!(agree(&pos).is_empty());
    // France loses Brest to England (a removal due); England gains it (a build due, and
    // Edinburgh is vacant once its fleet is gone).
    pos.set_owner(prov("bre"), Some(power("England")));
    pos.remove(prov("edi"));
    let all = agree(&pos);
    assert!(all.contains(power("France")) && all.contains(power("England")));
    // Edinburgh's fleet back: every English home occupied, England's build cannot be made;
    // France still has a removal due.
    pos.place(
        &map,
        Unit {
            power: power("England"),
            ty: UnitType::Fleet,
            loc: prov("edi").loc(),
        },
    );
    let all = agree(&pos);
    assert!(!all.contains(power("England")));
    assert!(all.contains(power("France")));
}
