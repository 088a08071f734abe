//! The embedded standard map equals the cross-checked reference (tests/reference/standard.txt).

mod common;
use common::edges;

use entente_map::{Map, ProvinceKind, UnitType};

const REFERENCE: &str = include_str!("reference/standard.txt");

#[test]
fn standard_map_matches_reference_counts() {
    let map = Map::standard();
    assert_eq!(map.num_provinces(), 75);
    assert_eq!(map.num_centres(), 34);
    assert_eq!(edges(&map, false).len(), 111);
    assert_eq!(edges(&map, true).len(), 141);
    let kinds = |k| map.provinces().iter().filter(|p| p.kind == k).count();
    assert_eq!(
        (
            kinds(ProvinceKind::Land),
            kinds(ProvinceKind::Sea),
            kinds(ProvinceKind::Coast)
        ),
        (14, 19, 42)
    );
    assert_eq!(map.victory_centres, 18);
    assert_eq!(map.start_year, 1901);
}

#[test]
fn standard_map_matches_reference_facts() {
    common::check_reference(&Map::standard(), REFERENCE);
}

#[test]
fn borders_the_diplomacy_crate_lacks_are_present() {
    // The `diplomacy` crate (crates.io) is missing these; the reference has them.
    let map = Map::standard();
    let p = |n| map.lookup_province(n).unwrap();
    assert!(map.fleet_adjacent(p("bot").loc(), p("fin").loc()));
    assert!(map.army_adjacent(p("gal"), p("ukr")));
    // Den–Swe adjacent, Bal–Ska not, no Den–Ber (RULES.md).
    assert!(map.army_adjacent(p("den"), p("swe")));
    assert!(!map.fleet_adjacent(p("bal").loc(), p("ska").loc()));
    assert!(!map.army_adjacent(p("den"), p("ber")));
    // Kiel and Constantinople let fleets pass.
    assert!(
        map.fleet_adjacent(p("hel").loc(), p("kie").loc())
            && map.fleet_adjacent(p("kie").loc(), p("bal").loc())
    );
    assert!(
        map.fleet_adjacent(p("bla").loc(), p("con").loc())
            && map.fleet_adjacent(p("con").loc(), p("aeg").loc())
    );
}

#[test]
fn split_coasts_and_occupancy() {
    let map = Map::standard();
    let spa = map.lookup_province("Spain").unwrap();
    let nc = map.lookup_coast(spa, "north coast").unwrap();
    assert_eq!(map.loc_abbr(nc), "spa/nc");
    assert!(!map.can_occupy(UnitType::Fleet, spa.loc()));
    assert!(map.can_occupy(UnitType::Fleet, nc));
    assert!(!map.can_occupy(UnitType::Army, nc));
    assert!(map.can_occupy(UnitType::Army, spa.loc()));
    let mao = map.lookup_province("Mid-Atlantic Ocean").unwrap();
    assert!(map.can_reach(UnitType::Fleet, mao.loc(), spa));
}

#[test]
fn rulebook_aliases_resolve() {
    let map = Map::standard();
    // Every abbreviation and English spelling of the 1982 rulebook's appendix 2 table.
    for (alias, abbr) in [
        ("Lyo", "lyo"),
        ("GoL", "lyo"),
        ("Gulf of Lyon", "lyo"),
        ("Mid", "mao"),
        ("MAt", "mao"),
        ("MAO", "mao"),
        ("NAt", "nao"),
        ("NAO", "nao"),
        ("Nrg", "nwg"),
        ("NWG", "nwg"),
        ("St. Petersburg", "stp"),
        ("StP", "stp"),
        ("Adr", "adr"),
        ("ADS", "adr"),
        ("Bot", "bot"),
        ("GoB", "bot"),
        ("Eas", "eas"),
        ("EMS", "eas"),
        ("Eastern Mediterranean Sea", "eas"),
        ("Liv", "lvp"),
        ("Lpl", "lvp"),
        ("Lvn", "lvn"),
        ("NAf", "naf"),
        ("Tyn", "tys"),
        ("TYS", "tys"),
        ("Wes", "wes"),
        ("WMS", "wes"),
        ("Western Mediterranean Sea", "wes"),
        ("Apuleia", "apu"),
        ("Marseille", "mar"),
        ("Ukraina", "ukr"),
        // Other spellings in use (the DATC's "Rhur" typo included).
        ("St Petersburg", "stp"),
        ("Saint Petersburg", "stp"),
        ("Mid-Atlantic", "mao"),
        ("North Atlantic", "nao"),
        ("Gulf of Lyons", "lyo"),
        ("Heligoland Bight", "hel"),
        ("Skagerrack", "ska"),
        ("East Med", "eas"),
        ("West Med", "wes"),
        ("Rhur", "ruh"),
    ] {
        let p = map
            .lookup_province(alias)
            .unwrap_or_else(|| panic!("{alias}"));
        assert_eq!(map.province(p).abbr, abbr, "{alias}");
    }
}

#[test]
fn localized_names_resolve() {
    // The loader drops a localized name that two provinces share; the standard map has none.
    let map = Map::standard();
    let mut dropped = Vec::new();
    for p in map.province_ids() {
        let prov = map.province(p);
        for (lang, list) in &prov.names {
            for n in list {
                match map.lookup_province(n) {
                    Some(q) if q == p => {}
                    other => dropped.push(format!(
                        "{lang} name '{n}' of {} resolves to {:?} (a collision drops it)",
                        prov.abbr,
                        other.map(|q| map.province(q).abbr.clone())
                    )),
                }
            }
        }
    }
    assert!(dropped.is_empty(), "{dropped:#?}");
}
