//! The reference-data comparison shared by the map tests.
// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use entente_map::{Loc, Map, ProvinceKind};
use std::collections::BTreeSet;

/// Every army (or fleet) border of the map as sorted pairs of location abbreviations.
pub fn edges(map: &Map, fleet: bool) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for l in 0..map.num_locs() as u16 {
        let loc = Loc(l);
        let set = if fleet {
            *map.fleet_neighbours(loc)
        } else if (l as usize) < map.num_provinces() {
            *map.army_neighbours(map.province_of(loc))
        } else {
            continue;
        };
        for m in set.iter() {
            let a = map.loc_abbr(loc);
            let b = map.loc_abbr(Loc(m));
            out.insert(if a < b { (a, b) } else { (b, a) });
        }
    }
    out
}

/// Asserts that `map` equals a reference file (`tests/reference/*.txt`): every province with
/// its kind, centre flag and coasts, homes, start units, army and fleet borders, and which
/// coasts convoy.
pub fn check_reference(map: &Map, reference: &str) {
    let mut want_army = BTreeSet::new();
    let mut want_fleet = BTreeSet::new();
    let mut want_convoys = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for line in reference.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[0] {
            "province" => {
                let p = map
                    .lookup_province(w[1])
                    .unwrap_or_else(|| panic!("missing {}", w[1]));
                let prov = map.province(p);
                assert_eq!(prov.abbr, w[1]);
                seen.insert(w[1]);
                let kind = match w[2] {
                    "land" => ProvinceKind::Land,
                    "sea" => ProvinceKind::Sea,
                    "coast" => ProvinceKind::Coast,
                    other => panic!("bad kind {other}"),
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
                assert_eq!(got, w[2..].to_vec(), "{}", w[1]);
            }
            "start" => {
                let pw = map.lookup_power(w[1]).unwrap();
                let got: Vec<String> = map
                    .power(pw)
                    .start_units
                    .iter()
                    .map(|&(t, l)| format!("{}:{}", t.letter(), map.loc_abbr(l)))
                    .collect();
                assert_eq!(got, w[2..].to_vec(), "{}", w[1]);
            }
            "army" => {
                want_army.insert((w[1].to_string(), w[2].to_string()));
            }
            "fleet" => {
                want_fleet.insert((w[1].to_string(), w[2].to_string()));
            }
            "convoys" => {
                want_convoys.insert(w[1].to_string());
            }
            other => panic!("unknown reference line {other}"),
        }
    }
    assert_eq!(seen.len(), map.num_provinces());
    assert_eq!(edges(map, false), want_army);
    assert_eq!(edges(map, true), want_fleet);
    // Seas convoy; of the coasts, only those the reference names.
    let got_convoys: BTreeSet<String> = map
        .provinces()
        .iter()
        .filter(|p| p.convoys && p.kind != ProvinceKind::Sea)
        .map(|p| p.abbr.clone())
        .collect();
    assert_eq!(got_convoys, want_convoys);
    assert!(map
        .provinces()
        .iter()
        .all(|p| p.kind != ProvinceKind::Sea || p.convoys));
}
