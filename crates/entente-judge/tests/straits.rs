//! Straits (`[[strait]]` in a variant file, Imperial's Straits of Constantinople): a fleet
//! border open only to the power that owns a supply centre. The judge reads the rule for
//! moves and supports (validation), for the retreats of a dislodged fleet (decided at the
//! dislodgement) and checks retreat orders against those retreats.

use entente_judge::{
    adjudicate_retreats, strait_crossing, Illegal, Judge, MovementResult, Outcome, Position,
    Restrictions, Rulebook, Unit,
};
use entente_map::{Loc, LocSet, Map, PowerId, ProvinceId, UnitType};
use entente_orders::parse_order;

fn imperial() -> Map {
    entente_map::builtin_variant("imperial").unwrap()
}

fn prov(map: &Map, name: &str) -> ProvinceId {
    map.lookup_province(name).unwrap()
}

fn power(map: &Map, name: &str) -> PowerId {
    map.lookup_power(name).unwrap()
}

/// A province (`bla`) or one of its coasts (`sof/sc`).
fn loc(map: &Map, name: &str) -> Loc {
    match name.split_once('/') {
        Some((p, c)) => map.lookup_coast(prov(map, p), c).unwrap(),
        None => prov(map, name).loc(),
    }
}

fn fleet(pos: &mut Position, map: &Map, who: &str, at: &str) {
    pos.place(
        map,
        Unit {
            power: power(map, who),
            ty: UnitType::Fleet,
            loc: loc(map, at),
        },
    );
}

fn army(pos: &mut Position, map: &Map, who: &str, at: &str) {
    pos.place(
        map,
        Unit {
            power: power(map, who),
            ty: UnitType::Army,
            loc: loc(map, at),
        },
    );
}

fn movement(
    map: &Map,
    restrictions: &Restrictions,
    pos: &Position,
    orders: &[(&str, &str)],
) -> MovementResult {
    let orders: Vec<_> = orders
        .iter()
        .map(|&(p, o)| (power(map, p), parse_order(map, o).unwrap()))
        .collect();
    let mut out = MovementResult::default();
    Judge::new().movement_restricted(
        map,
        &Rulebook::default_game(),
        restrictions,
        pos,
        &orders,
        &mut out,
    );
    out
}

fn outcome_of(map: &Map, r: &MovementResult, order: &str) -> Outcome {
    let o = parse_order(map, order).unwrap();
    r.orders
        .iter()
        .find(|x| x.order == o)
        .unwrap_or_else(|| panic!("no result for {order}"))
        .outcome
}

/// The retreats of the unit dislodged from `from` after `r`.
fn retreats(map: &Map, r: &MovementResult, from: &str) -> LocSet {
    r.next_position()
        .dislodged_at(prov(map, from))
        .unwrap_or_else(|| panic!("nothing dislodged from {from}"))
        .retreats
}

#[test]
fn a_strait_opens_only_to_the_fleets_of_its_centres_owner() {
    let map = imperial();
    let (bla, aeg, con, ion) = (
        prov(&map, "bla"),
        prov(&map, "aeg"),
        prov(&map, "con"),
        prov(&map, "ion"),
    );
    let (turkey, russia) = (power(&map, "turkey"), power(&map, "russia"));
    for owner in [Some(turkey), Some(russia), None] {
        let mut pos = Position::empty(&map);
        pos.set_owner(con, owner);
        for pw in [turkey, russia] {
            let open = owner == Some(pw);
            assert_eq!(
                strait_crossing(&map, &pos, pw, bla.loc(), aeg),
                open.then_some(aeg.loc()),
                "bla to aeg, owner {owner:?}, power {pw:?}"
            );
            assert_eq!(
                strait_crossing(&map, &pos, pw, aeg.loc(), bla),
                open.then_some(bla.loc()),
                "aeg to bla (both ways), owner {owner:?}, power {pw:?}"
            );
            // Only the strait's far end: not a province the other end borders.
            assert_eq!(strait_crossing(&map, &pos, pw, bla.loc(), ion), None);
            assert_eq!(strait_crossing(&map, &pos, pw, aeg.loc(), con), None);
        }
    }
}

#[test]
fn no_strait_is_crossed_on_a_map_without_straits() {
    let map = Map::standard();
    let pos = Position::start(&map);
    for l in 0..map.num_locs() as u16 {
        for p in map.province_ids() {
            for pw in map.power_ids() {
                assert_eq!(strait_crossing(&map, &pos, pw, Loc(l), p), None);
            }
        }
    }
}

#[test]
fn only_the_owners_fleet_moves_across_a_strait() {
    let map = imperial();
    let con = prov(&map, "con");
    let not_adjacent = Outcome::Illegal(Illegal::NotAdjacent);
    for owner in ["turkey", "russia"] {
        // Either way across, each fleet alone on the board.
        for (who, from, order) in [
            ("turkey", "bla", "F bla - aeg"),
            ("russia", "aeg", "F aeg - bla"),
        ] {
            let mut pos = Position::empty(&map);
            fleet(&mut pos, &map, who, from);
            pos.set_owner(con, Some(power(&map, owner)));
            let r = movement(&map, &Restrictions::NONE, &pos, &[(who, order)]);
            let expect = if who == owner {
                Outcome::Succeeded
            } else {
                not_adjacent
            };
            assert_eq!(outcome_of(&map, &r, order), expect, "owner {owner}");
        }
    }
}

#[test]
fn a_support_across_a_strait_needs_the_owner() {
    let map = imperial();
    let con = prov(&map, "con");
    for (owner, support) in [
        ("turkey", Outcome::Succeeded),
        ("britain", Outcome::Illegal(Illegal::SupportUnreachable)),
    ] {
        let mut pos = Position::empty(&map);
        fleet(&mut pos, &map, "turkey", "bla");
        fleet(&mut pos, &map, "turkey", "ion");
        fleet(&mut pos, &map, "britain", "aeg");
        pos.set_owner(con, Some(power(&map, owner)));
        let r = movement(
            &map,
            &Restrictions::NONE,
            &pos,
            &[("turkey", "F ion - aeg"), ("turkey", "F bla S F ion - aeg")],
        );
        assert_eq!(
            outcome_of(&map, &r, "F bla S F ion - aeg"),
            support,
            "owner {owner}"
        );
    }
}

#[test]
fn a_move_across_a_strait_into_an_impassable_sea_is_illegal() {
    let map = imperial();
    let mut pos = Position::empty(&map);
    fleet(&mut pos, &map, "turkey", "bla");
    pos.set_owner(prov(&map, "con"), Some(power(&map, "turkey")));
    let mut closed = Restrictions::NONE;
    closed.impassable.insert(prov(&map, "aeg").0);
    let r = movement(&map, &closed, &pos, &[("turkey", "F bla - aeg")]);
    assert_eq!(
        outcome_of(&map, &r, "F bla - aeg"),
        Outcome::Illegal(Illegal::Impassable)
    );
}

/// Turkey's (or `who`'s) fleet in the Aegean dislodged by Britain from the Ionian Sea, with
/// Constantinople owned by `owner` and the extra units and orders given.
fn aegean_dislodged(
    map: &Map,
    who: &str,
    owner: &str,
    restrictions: &Restrictions,
    extra_fleets: &[(&str, &str)],
    extra_orders: &[(&str, &str)],
) -> MovementResult {
    let mut pos = Position::empty(map);
    fleet(&mut pos, map, who, "aeg");
    fleet(&mut pos, map, "britain", "ion");
    fleet(&mut pos, map, "britain", "eas");
    // Every other sea and coast the Aegean fleet could retreat to taken, so that what is
    // left is the strait (or nothing).
    for at in ["gre", "cre"] {
        army(&mut pos, map, "britain", at);
    }
    fleet(&mut pos, map, "britain", "bos/ec");
    fleet(&mut pos, map, "britain", "sof/sc");
    army(&mut pos, map, "britain", "con");
    for &(w, at) in extra_fleets {
        fleet(&mut pos, map, w, at);
    }
    pos.set_owner(prov(map, "con"), Some(power(map, owner)));
    let mut orders = vec![
        ("britain", "F ion - aeg"),
        ("britain", "F eas S F ion - aeg"),
    ];
    orders.extend_from_slice(extra_orders);
    let r = movement(map, restrictions, &pos, &orders);
    assert_eq!(outcome_of(map, &r, "F ion - aeg"), Outcome::Succeeded);
    r
}

#[test]
fn the_owners_dislodged_fleet_may_retreat_across_a_strait() {
    let map = imperial();
    let r = aegean_dislodged(&map, "turkey", "turkey", &Restrictions::NONE, &[], &[]);
    let mut only_bla = LocSet::EMPTY;
    only_bla.insert(loc(&map, "bla").0);
    assert_eq!(retreats(&map, &r, "aeg"), only_bla);
    // Whoever owns the centre: Russia's fleet with Russia owning Constantinople.
    let r = aegean_dislodged(&map, "russia", "russia", &Restrictions::NONE, &[], &[]);
    assert_eq!(retreats(&map, &r, "aeg"), only_bla);
}

#[test]
fn a_dislodged_fleet_of_another_power_may_not_retreat_across_a_strait() {
    let map = imperial();
    let r = aegean_dislodged(&map, "russia", "turkey", &Restrictions::NONE, &[], &[]);
    assert_eq!(retreats(&map, &r, "aeg"), LocSet::EMPTY);
}

#[test]
fn no_retreat_across_a_strait_into_an_occupied_sea() {
    let map = imperial();
    let r = aegean_dislodged(
        &map,
        "turkey",
        "turkey",
        &Restrictions::NONE,
        &[("russia", "bla")],
        &[],
    );
    assert_eq!(retreats(&map, &r, "aeg"), LocSet::EMPTY);
}

#[test]
fn no_retreat_across_a_strait_into_a_standoff() {
    let map = imperial();
    let r = aegean_dislodged(
        &map,
        "turkey",
        "turkey",
        &Restrictions::NONE,
        &[("russia", "sev"), ("russia", "rum")],
        &[("russia", "F sev - bla"), ("russia", "F rum - bla")],
    );
    assert_eq!(retreats(&map, &r, "aeg"), LocSet::EMPTY);
}

#[test]
fn no_retreat_across_a_strait_into_an_impassable_sea() {
    let map = imperial();
    let mut closed = Restrictions::NONE;
    closed.impassable.insert(prov(&map, "bla").0);
    let r = aegean_dislodged(&map, "turkey", "turkey", &closed, &[], &[]);
    assert_eq!(retreats(&map, &r, "aeg"), LocSet::EMPTY);
}

fn retreat_outcome(map: &Map, pos: &Position, who: &str, order: &str) -> Outcome {
    let o = parse_order(map, order).unwrap();
    let r = adjudicate_retreats(map, pos, &[(power(map, who), o)]);
    r.orders[0].outcome
}

#[test]
fn a_retreat_across_a_strait_goes_where_the_dislodgement_allowed() {
    let map = imperial();
    let r = aegean_dislodged(&map, "turkey", "turkey", &Restrictions::NONE, &[], &[]);
    let pos = r.next_position();
    for spelling in ["F aeg - bla", "F Aegean Sea - Black Sea"] {
        assert_eq!(
            retreat_outcome(&map, pos, "turkey", spelling),
            Outcome::Succeeded,
            "{spelling}"
        );
    }
    let done = adjudicate_retreats(
        &map,
        pos,
        &[(
            power(&map, "turkey"),
            parse_order(&map, "F aeg - bla").unwrap(),
        )],
    );
    assert_eq!(
        done.next.unit_at(prov(&map, "bla")).map(|u| u.loc),
        Some(loc(&map, "bla"))
    );
    let r = aegean_dislodged(&map, "russia", "turkey", &Restrictions::NONE, &[], &[]);
    assert_eq!(
        retreat_outcome(&map, r.next_position(), "russia", "F aeg - bla"),
        Outcome::Illegal(Illegal::RetreatNotAllowed)
    );
}

#[test]
fn a_retreat_across_a_strait_is_decided_at_the_dislodgement_not_by_the_owner_at_the_retreat() {
    let map = imperial();
    let con = prov(&map, "con");
    // Allowed at the dislodgement: allowed, whoever owns the centre by the retreat.
    let r = aegean_dislodged(&map, "turkey", "turkey", &Restrictions::NONE, &[], &[]);
    let mut pos = r.next_position().clone();
    pos.set_owner(con, Some(power(&map, "russia")));
    assert_eq!(
        retreat_outcome(&map, &pos, "turkey", "F aeg - bla"),
        Outcome::Succeeded
    );
    // Refused at the dislodgement: refused, even if the power owns the centre by then.
    let r = aegean_dislodged(&map, "russia", "turkey", &Restrictions::NONE, &[], &[]);
    let mut pos = r.next_position().clone();
    pos.set_owner(con, Some(power(&map, "russia")));
    assert_eq!(
        retreat_outcome(&map, &pos, "russia", "F aeg - bla"),
        Outcome::Illegal(Illegal::RetreatNotAllowed)
    );
}

/// A small map with a strait landing on one coast of a two-coast province (`c/sc`, reached
/// otherwise from the sea `t` only), and a second strait from a coastal province (`a`) to a
/// sea (`t`), the two owned through different centres.
const COASTS: &str = r#"
[variant]
name = "Strait coasts"
start_year = 1
victory_centres = 3

[[power]]
name = "Red"
home_centres = ["a"]
start_units = ["F a"]

[[power]]
name = "Blue"
home_centres = ["b"]
start_units = ["F b"]

[[province]]
abbr = "a"
name = "Alpha"
kind = "coast"
centre = true
army = ["c"]
fleet = ["s"]

[[province]]
abbr = "b"
name = "Beta"
kind = "coast"
centre = true
army = ["c"]
fleet = ["t"]

[[province]]
abbr = "c"
name = "Gamma"
kind = "coast"
centre = true
army = ["a", "b"]
coasts = { nc = ["s"], sc = ["t"] }

[[province]]
abbr = "s"
name = "Sea"
kind = "sea"
fleet = ["a", "c/nc"]

[[province]]
abbr = "t"
name = "Tea"
kind = "sea"
fleet = ["b", "c/sc"]

[[strait]]
between = ["s", "c/sc"]
owner_of = "c"

[[strait]]
between = ["a", "t"]
owner_of = "b"
"#;

#[test]
fn a_strait_to_a_coast_lands_on_that_coast_written_either_way() {
    let map = Map::from_toml(COASTS).unwrap();
    let (c, t) = (prov(&map, "c"), prov(&map, "t"));
    let (red, blue) = (power(&map, "red"), power(&map, "blue"));
    let mut pos = Position::empty(&map);
    pos.set_owner(c, Some(red));
    let s = loc(&map, "s");
    let sc = loc(&map, "c/sc");
    assert_eq!(strait_crossing(&map, &pos, red, s, c), Some(sc));
    assert_eq!(strait_crossing(&map, &pos, blue, s, c), None);
    // The second strait opens to Beta's owner, nobody yet.
    assert_eq!(strait_crossing(&map, &pos, red, loc(&map, "a"), t), None);
    pos.set_owner(prov(&map, "b"), Some(red));
    assert_eq!(
        strait_crossing(&map, &pos, red, loc(&map, "a"), t),
        Some(t.loc())
    );

    for (owner, order, expect) in [
        // The written coast, across the strait.
        ("red", "F s - c/sc", Some("c/sc")),
        // The province: the coast the fleet borders anyway.
        ("red", "F s - c", Some("c/nc")),
        // Not across for another owner: the coast is not reached (the error of the
        // ordinary borders).
        ("blue", "F s - c/sc", None),
        ("blue", "F s - c", Some("c/nc")),
    ] {
        let mut pos = Position::empty(&map);
        fleet(&mut pos, &map, "red", "s");
        pos.set_owner(c, Some(power(&map, owner)));
        let r = movement(&map, &Restrictions::NONE, &pos, &[("red", order)]);
        let out = outcome_of(&map, &r, order);
        match expect {
            Some(at) => {
                assert_eq!(out, Outcome::Succeeded, "{order}, owner {owner}");
                assert_eq!(
                    r.next_position().unit_at(c).map(|u| u.loc),
                    Some(loc(&map, at)),
                    "{order}, owner {owner}"
                );
            }
            None => assert_eq!(
                out,
                Outcome::Illegal(Illegal::CoastUnreachable),
                "{order}, owner {owner}"
            ),
        }
    }
}

#[test]
fn a_fleet_on_a_coastal_province_crosses_a_strait_written_as_the_sea() {
    let map = Map::from_toml(COASTS).unwrap();
    let b = prov(&map, "b");
    for (owner, expect) in [
        ("blue", Outcome::Illegal(Illegal::NotAdjacent)),
        ("red", Outcome::Succeeded),
    ] {
        let mut pos = Position::empty(&map);
        fleet(&mut pos, &map, "red", "a");
        pos.set_owner(b, Some(power(&map, owner)));
        let r = movement(&map, &Restrictions::NONE, &pos, &[("red", "F a - t")]);
        assert_eq!(outcome_of(&map, &r, "F a - t"), expect, "owner {owner}");
    }
}
