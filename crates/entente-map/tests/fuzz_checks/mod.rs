//! The properties the variant loader's fuzz targets check, shared by the stable target
//! (`tests/fuzz.rs`, under `cargo test`) and the coverage-guided one (`fuzz/`, libFuzzer).
#![allow(dead_code)]

use entente_map::{Loc, Map, ProvinceId, Variant, MAX_LOCATIONS};

/// The lines an error of this text may name (one past the last: the end of the text).
fn lines_of(text: &str) -> usize {
    text.lines().count() + 1
}

/// A variant file's text loaded: an error names a line of the text and says something; warnings too; a map that loads answers every question about
/// it. Returns the map.
pub fn check_variant(text: &str) -> Option<Map> {
    let n = lines_of(text);
    let (map, warnings) = match Map::from_toml_with_warnings(text) {
        Err(e) => {
            let l = e
                .line
                .unwrap_or_else(|| panic!("an error naming no line: {e}"));
            assert!((1..=n).contains(&l), "error names line {l} of {n}: {e}");
            assert!(!e.message.is_empty(), "an error without a message");
            assert!(
                Variant::from_text("fuzz", text).is_err(),
                "Variant::from_text loads what Map::from_toml refuses"
            );
            return None;
        }
        Ok(x) => x,
    };
    for w in &warnings {
        if let Some(l) = w.line {
            assert!((1..=n).contains(&l), "warning names line {l} of {n}: {w}");
        }
    }
    exercise(&map);
    Some(map)
}

/// Every question the other crates ask of a map, on every location and province.
pub fn exercise(map: &Map) {
    let locs = map.num_locs();
    assert!(locs <= MAX_LOCATIONS, "{locs} locations");
    assert!(map.num_provinces() <= locs);
    for l in 0..locs as u16 {
        let l = Loc(l);
        let p = map.province_of(l);
        assert!(p.index() < map.num_provinces());
        assert!(!map.loc_abbr(l).is_empty());
        assert!(!map.loc_name(l).is_empty());
        let _ = map.coast_of(l);
        for m in map.fleet_neighbours(l).iter() {
            assert!(
                (m as usize) < locs,
                "fleet border to location {m} of {locs}"
            );
        }
        for m in map.fleet_reach(l).iter() {
            assert!((m as usize) < locs);
        }
    }
    for p in map.province_ids() {
        for m in map.army_neighbours(p).iter() {
            assert!((m as usize) < map.num_provinces());
        }
        let abbr = map.province(p).abbr.clone();
        assert_eq!(map.lookup_province(&abbr), Some(p), "abbreviation {abbr}");
        let _ = map.home_power(p);
        let _ = map.is_centre(p);
    }
    for pw in map.power_ids() {
        let name = map.power(pw).name.clone();
        assert!(map.lookup_power(&name).is_some(), "power {name}");
        let _ = map.build_centres(pw).count();
    }
    let d = map.distances();
    let n = map.num_provinces() as u16;
    for a in [0, n / 2, n.saturating_sub(1)] {
        for b in [0, n / 3, n.saturating_sub(1)] {
            let _ = d.any(ProvinceId(a), ProvinceId(b));
            let _ = d.fleet(ProvinceId(a), ProvinceId(b));
        }
    }
}

/// A variant at the format's limits: `provinces` land provinces in a chain (`p0`-`p1`-...),
/// each a centre, and `powers` powers, each at home in one of them with one army; every
/// power's letter a different CJK ideograph (alphabetic, so a letter).
pub fn chain_variant(provinces: usize, powers: usize) -> String {
    let mut s =
        String::from("[variant]\nname = \"Chain\"\nstart_year = 1901\nvictory_centres = 1\n");
    for i in 0..powers {
        let letter = char::from_u32(0x4e00 + i as u32).unwrap_or('?');
        s.push_str(&format!(
            "\n[[power]]\nname = \"Power{i}\"\nletter = \"{letter}\"\nhome_centres = [\"p{i}\"]\n\
             start_units = [\"A p{i}\"]\n"
        ));
    }
    for i in 0..provinces {
        let mut army = Vec::new();
        if i > 0 {
            army.push(format!("\"p{}\"", i - 1));
        }
        if i + 1 < provinces {
            army.push(format!("\"p{}\"", i + 1));
        }
        s.push_str(&format!(
            "\n[[province]]\nabbr = \"p{i}\"\nname = \"Province {i}\"\nkind = \"land\"\n\
             centre = true\narmy = [{}]\n",
            army.join(", ")
        ));
    }
    s
}
