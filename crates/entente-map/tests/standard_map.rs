//! The embedded standard map equals the cross-checked reference (tests/reference/standard.txt).

use entente_map::{Map, ProvinceKind, UnitType};
use std::collections::BTreeSet;

const REFERENCE: &str = include_str!("reference/standard.txt");

fn edges(map: &Map, fleet: bool) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for l in 0..map.num_locs() as u8 {
        let loc = entente_map::Loc(l);
        let set = if fleet {
            *map.fleet_neighbours(loc)
        } else if (l as usize) < map.num_provinces() {
            *map.army_neighbours(map.province_of(loc))
        } else {
            continue;
        };
        for m in set.iter() {
            let a = map.loc_abbr(loc);
            let b = map.loc_abbr(entente_map::Loc(m));
            out.insert(if a < b { (a, b) } else { (b, a) });
        }
    }
    out
}

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
    let map = Map::standard();
    let army = edges(&map, false);
    let fleet = edges(&map, true);
    let mut want_army = BTreeSet::new();
    let mut want_fleet = BTreeSet::new();
    for line in REFERENCE.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[0] {
            "province" => {
                let p = map
                    .lookup_province(w[1])
                    .unwrap_or_else(|| panic!("missing {}", w[1]));
                let prov = map.province(p);
                let kind = match w[2] {
                    "land" => ProvinceKind::Land,
                    "sea" => ProvinceKind::Sea,
                    _ => ProvinceKind::Coast,
                };
                assert_eq!(prov.kind, kind, "{}", w[1]);
                assert_eq!(prov.centre, w[3] == "sc", "{}", w[1]);
                let coasts: Vec<String> = prov
                    .coasts
                    .iter()
                    .map(|&l| map.coast_of(l).unwrap().to_string())
                    .collect();
                let want: Vec<String> = w
                    .get(4)
                    .map(|c| c.split(',').map(String::from).collect())
                    .unwrap_or_default();
                assert_eq!(coasts, want, "{}", w[1]);
            }
            "home" => {
                let pw = map.lookup_power(w[1]).unwrap();
                let got: Vec<&str> = map
                    .power(pw)
                    .home_centres
                    .iter()
                    .map(|&p| map.province(p).abbr.as_str())
                    .collect();
                assert_eq!(got, w[2..].to_vec());
            }
            "start" => {
                let pw = map.lookup_power(w[1]).unwrap();
                let got: Vec<String> = map
                    .power(pw)
                    .start_units
                    .iter()
                    .map(|&(t, l)| format!("{}:{}", t.letter(), map.loc_abbr(l)))
                    .collect();
                assert_eq!(got, w[2..].to_vec());
            }
            "army" => {
                want_army.insert((w[1].to_string(), w[2].to_string()));
            }
            "fleet" => {
                want_fleet.insert((w[1].to_string(), w[2].to_string()));
            }
            other => panic!("unknown reference line {other}"),
        }
    }
    assert_eq!(army, want_army);
    assert_eq!(fleet, want_fleet);
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
