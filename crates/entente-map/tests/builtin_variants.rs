//! The registry of built-in variants: every embedded file loads, names and aliases resolve.

use entente_map::{builtin_variant, builtin_variant_names, find_builtin_variant, Map};

#[test]
fn every_builtin_variant_loads() {
    let names = builtin_variant_names();
    assert_eq!(
        names,
        [
            "standard",
            "ancmed",
            "pure",
            "greatwar",
            "versailles",
            "escalation",
            "imperial"
        ]
    );
    for n in names {
        let map = builtin_variant(n).unwrap_or_else(|| panic!("{n}"));
        assert!(map.num_provinces() > 0, "{n}");
        assert!(
            !map.sources.is_empty() || n == "standard",
            "{n} cites sources"
        );
    }
}

#[test]
fn names_and_aliases() {
    for (name, want) in [
        ("standard", "Standard"),
        ("Classic", "Standard"),
        ("ancmed", "Ancient Mediterranean"),
        ("ancient", "Ancient Mediterranean"),
        ("Ancient Mediterranean", "Ancient Mediterranean"),
        ("ancient-mediterranean", "Ancient Mediterranean"),
        ("pure", "Pure"),
    ] {
        let map = builtin_variant(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(map.name, want, "{name}");
    }
    assert!(builtin_variant("no such variant").is_none());
    assert!(find_builtin_variant("ANCMED").is_some());
}

#[test]
fn standard_is_the_embedded_standard() {
    let a = builtin_variant("standard").unwrap();
    let b = Map::standard();
    assert_eq!(a.num_provinces(), b.num_provinces());
    assert_eq!(a.name, b.name);
}

#[test]
fn pure_is_seven_spaces_all_adjacent() {
    // DPjudge pure.map: seven land spaces, each the home centre of one power, all adjacent;
    // one army each at home; four centres win.
    let map = builtin_variant("pure").unwrap();
    assert_eq!(map.num_provinces(), 7);
    assert_eq!(map.num_centres(), 7);
    assert_eq!(map.victory_centres, 4);
    assert_eq!(map.start_year, 1901);
    for a in map.province_ids() {
        for b in map.province_ids() {
            assert_eq!(map.army_adjacent(a, b), a != b);
        }
        assert!(map.fleet_neighbours(a.loc()).is_empty());
    }
    assert_eq!(map.powers().len(), 7);
    for p in map.powers() {
        assert_eq!(p.home_centres.len(), 1, "{}", p.name);
        assert_eq!(p.start_units.len(), 1, "{}", p.name);
        assert_eq!(p.start_units[0].1, p.home_centres[0].loc(), "{}", p.name);
    }
    for (name, abbr) in [
        ("berl", "ber"),
        ("vien", "vie"),
        ("Paříž", "par"),
        ("Moskva", "mos"),
    ] {
        assert_eq!(
            map.province(map.lookup_province(name).unwrap()).abbr,
            abbr,
            "{name}"
        );
    }
}

#[test]
fn escalation_is_the_standard_board_without_homes_or_units() {
    let map = builtin_variant("escalation").unwrap();
    let standard = Map::standard();
    assert!(map.is_escalation());
    assert!(!standard.is_escalation());
    assert_eq!(map.num_provinces(), standard.num_provinces());
    assert_eq!(map.num_centres(), 34);
    assert_eq!(map.victory_centres, 18);
    assert_eq!(map.powers().len(), 7);
    for p in map.powers() {
        assert!(p.home_centres.is_empty(), "{}", p.name);
        assert!(p.start_units.is_empty(), "{}", p.name);
    }
    assert_eq!(
        builtin_variant("Escalation Diplomacy").unwrap().name,
        "Escalation"
    );
}

#[test]
fn nominated_home_centres_replace_a_powers_homes() {
    let mut map = builtin_variant("escalation").unwrap();
    let france = map.lookup_power("France").unwrap();
    let italy = map.lookup_power("Italy").unwrap();
    let p = |a: &str| map.lookup_province(a).unwrap();
    let (bre, spa, nap) = (p("bre"), p("spa"), p("nap"));
    map.set_home_centres(france, vec![bre, spa, nap]);
    map.set_home_centres(italy, vec![nap]);
    assert_eq!(map.power(france).home_centres, vec![bre, spa, nap]);
    assert_eq!(map.home_power(spa), Some(france));
    // A centre both name stays the first power's in the index, and each keeps it as a home.
    assert_eq!(map.home_power(nap), Some(france));
    assert_eq!(map.power(italy).home_centres, vec![nap]);
}

#[test]
fn imperial_is_the_world_in_1861_over_256_locations() {
    // DPjudge imperial.map: 346 spaces (its ten impassable ones left out), 19 with split
    // coasts, 384 locations; 172 centres, 85 of them home centres of thirteen powers; 84 win;
    // builds in any power's home centre one owns (HOME_BUILDS).
    let map = builtin_variant("imperial").unwrap();
    assert_eq!(map.name, "Imperial");
    assert_eq!(map.start_year, 1861);
    assert_eq!(map.num_provinces(), 346);
    assert_eq!(map.num_locs(), 384);
    assert!(map.num_locs() > 256 && map.num_locs() <= entente_map::MAX_LOCATIONS);
    assert_eq!(map.num_centres(), 172);
    assert_eq!(map.victory_centres, 84);
    assert_eq!(map.powers().len(), 13);
    let homes: usize = map.powers().iter().map(|p| p.home_centres.len()).sum();
    let units: usize = map.powers().iter().map(|p| p.start_units.len()).sum();
    assert_eq!((homes, units), (85, 85));
    assert!(map.builds_any_home);
    let id = |a: &str| map.lookup_province(a).unwrap_or_else(|| panic!("{a}"));
    let britain = map.lookup_power("Britain").unwrap();
    // Richmond is the Confederacy's home centre: Britain may build there once it owns it.
    assert!(map.may_build_in(britain, id("ric")));
    assert!(!map.may_build_in(britain, id("haw")), "a neutral centre");
    assert!(map.build_centres(britain).count() == 85);
    // Land bridges, and the seas of the Straits that do not touch.
    assert!(map.army_adjacent(id("van"), id("vic")));
    assert!(map.army_adjacent(id("dub"), id("edi")));
    assert!(!map.fleet_neighbours(id("bla").loc()).contains(id("aeg").0));
    // The last location ids are over 255.
    assert!(map.loc_abbr(entente_map::Loc(383)).contains('/'));
}

#[test]
fn the_standard_map_builds_only_in_own_home_centres() {
    let map = Map::standard();
    assert!(!map.builds_any_home);
    let p = map.power_ids().next().unwrap();
    let own: Vec<_> = map.build_centres(p).collect();
    assert_eq!(own, map.power(p).home_centres);
}
