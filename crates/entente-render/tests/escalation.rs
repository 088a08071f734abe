//! Escalation (issue 19): the empty board it starts on is drawn with the standard board's
//! geometry, the units placed so far on it, and the nominated home centres marked in their
//! powers' colours once known.

use entente_judge::{Position, Unit};
use entente_map::{Loc, UnitType, Variant};
use entente_render::{RenderOptions, Renderer};

#[test]
fn the_empty_escalation_board_is_drawn_geographically_with_the_units_placed_and_no_home_marked() {
    let v = Variant::builtin("escalation").expect("built in");
    let map = &v.map;
    let r = Renderer::new(map, RenderOptions::default());
    let empty = Position::empty(map);
    let svg = r.render(&empty, None, &[], "Spring 1901");
    assert!(
        svg.contains(r#"id="p-par""#),
        "the standard board's provinces"
    );
    assert!(!svg.contains("data-type="), "no unit on the empty board");
    assert!(
        !svg.contains("data-home="),
        "no home before the nominations"
    );
    let mut pos = empty.clone();
    let par = map.lookup_province("par").unwrap();
    let france = map.lookup_power("France").unwrap();
    pos.place(
        map,
        Unit {
            power: france,
            ty: UnitType::Army,
            loc: Loc(par.0),
        },
    );
    pos.set_owner(par, Some(france));
    let svg = r.render(&pos, None, &[], "Spring 1901");
    assert!(
        svg.contains(r#"data-power="France" data-type="A" data-loc="par""#),
        "the unit placed"
    );
    assert!(svg.contains(r#"data-owner="France""#), "its centre");
    assert_eq!(svg.matches(r#"data-owner="France""#).count(), 1);
}

#[test]
fn nominated_home_centres_are_ringed_in_their_powers_colours() {
    let v = Variant::builtin("escalation").expect("built in");
    let map = &v.map;
    let r = Renderer::new(map, RenderOptions::default());
    let france = map.lookup_power("France").unwrap();
    let russia = map.lookup_power("Russia").unwrap();
    let homes: Vec<_> = [("par", france), ("spa", france), ("stp", russia)]
        .iter()
        .map(|&(a, p)| (map.lookup_province(a).unwrap(), p))
        .collect();
    let svg = r.render_with_homes(&Position::empty(map), None, &[], "Winter 1901", &homes);
    for (a, p) in [("par", "France"), ("spa", "France"), ("stp", "Russia")] {
        assert!(
            svg.contains(&format!(r#"data-home="{a}" data-power="{p}""#)),
            "{a} marked as {p}'s home"
        );
    }
    assert_eq!(svg.matches(r#"class="home""#).count(), 3);
    let colour = &map.power(france).colour;
    assert!(svg.contains(&format!(r#"stroke="{colour}""#)));
}
