//! The embedded Ancient Mediterranean map equals the cross-checked reference
//! (tests/reference/ancmed.txt), and its special rules are encoded as the rule text says.

mod common;
use common::edges;

use entente_map::{builtin_variant, Map, ProvinceKind, UnitType};

const REFERENCE: &str = include_str!("reference/ancmed.txt");

fn ancmed() -> Map {
    builtin_variant("ancmed").expect("ancmed is built in")
}

#[test]
fn ancmed_matches_reference_counts() {
    let map = ancmed();
    assert_eq!(map.name, "Ancient Mediterranean");
    assert_eq!(map.num_provinces(), 79);
    assert_eq!(map.num_locs(), 79, "no split coasts");
    assert_eq!(map.num_centres(), 34);
    assert_eq!(edges(&map, false).len(), 112);
    assert_eq!(edges(&map, true).len(), 155);
    let kinds = |k| map.provinces().iter().filter(|p| p.kind == k).count();
    assert_eq!(
        (
            kinds(ProvinceKind::Land),
            kinds(ProvinceKind::Sea),
            kinds(ProvinceKind::Coast)
        ),
        (14, 20, 45)
    );
    let homes: usize = map.powers().iter().map(|p| p.home_centres.len()).sum();
    assert_eq!(homes, 15);
    assert_eq!(map.powers().len(), 5);
    assert_eq!(map.victory_centres, 18);
    assert_eq!(map.start_year, 1);
    assert!(map.year_style_ad);
    assert!(!map.sources.is_empty());
}

#[test]
fn ancmed_matches_reference_facts() {
    common::check_reference(&ancmed(), REFERENCE);
}

#[test]
fn powers_colours_and_names() {
    let map = ancmed();
    for (name, adjective, czech, letter) in [
        ("Rome", "Roman", "Řím", 'R'),
        ("Carthage", "Carthaginian", "Kartágo", 'C'),
        ("Greece", "Greek", "Řecko", 'G'),
        ("Persia", "Persian", "Persie", 'P'),
        ("Egypt", "Egyptian", "Egypt", 'E'),
    ] {
        let p = map.lookup_power(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(map.lookup_power(adjective), Some(p), "{adjective}");
        assert_eq!(map.lookup_power(czech), Some(p), "{czech}");
        let power = map.power(p);
        assert_eq!(power.letter, letter);
        assert_eq!(power.adjective, adjective);
        assert!(
            power.colour.starts_with('#') && power.colour.len() == 7,
            "{name}"
        );
    }
}

#[test]
fn province_names_and_aliases() {
    let map = ancmed();
    for (name, abbr) in [
        // godip's abbreviations and spellings
        ("the", "thb"),
        ("sii", "sin"),
        ("tys", "tyn"),
        ("Sinaï", "sin"),
        ("Reed Sea", "ree"),
        // DPjudge and webDiplomacy spellings
        ("Red Sea", "ree"),
        ("Province of Carthage", "car"),
        ("Pontus Euxinus", "bla"),
        ("Mare Erithraerum", "ree"),
        ("Tyrrhenean Sea", "tyn"),
        ("Tyrrhenian Sea", "tyn"),
        ("Gulf of Tacape", "got"),
        ("Gulf of Pelusium", "gop"),
        ("Makedonia", "mac"),
        // Czech names in the rule text
        ("Alexandrie", "ale"),
        ("Kréta", "cre"),
        ("Egyptské moře", "egy"),
        ("Egejské moře", "aeg"),
    ] {
        let p = map
            .lookup_province(name)
            .unwrap_or_else(|| panic!("{name}"));
        assert_eq!(map.province(p).abbr, abbr, "{name}");
    }
    assert_eq!(
        map.province_name_in(map.lookup_province("ale").unwrap(), "cs"),
        "Alexandrie"
    );
}

fn p(map: &Map, n: &str) -> entente_map::ProvinceId {
    map.lookup_province(n).unwrap_or_else(|| panic!("{n}"))
}

#[test]
fn special_rules_are_encoded() {
    let map = ancmed();
    let f = |a: &str, b: &str| map.fleet_adjacent(p(&map, a).loc(), p(&map, b).loc());
    let a = |x: &str, y: &str| map.army_adjacent(p(&map, x), p(&map, y));
    // Baleares: no army borders; fleets from lig, ber, tar, sag; a fleet there convoys.
    let bal = p(&map, "bal");
    assert!(map.army_neighbours(bal).is_empty());
    assert!(map.convoys(bal));
    assert!(
        map.can_occupy(UnitType::Army, bal.loc()) && map.can_occupy(UnitType::Fleet, bal.loc())
    );
    for s in ["lig", "ber", "tar", "sag"] {
        assert!(f("bal", s), "bal-{s}");
    }
    // Islands: one coast, fleet borders only.
    for i in ["cre", "cyp"] {
        assert!(map.army_neighbours(p(&map, i)).is_empty(), "{i}");
        assert!(!map.convoys(p(&map, i)), "{i}");
    }
    assert!(f("egy", "cre") && f("cre", "aeg"));
    // Straits.
    assert!(a("nea", "sic") && f("nea", "sic") && f("tyn", "aus"));
    assert!(a("cor", "sad") && f("cor", "sad"));
    assert!(a("ath", "spa") && f("ath", "spa") && !f("aeg", "ion"));
    // Byzantium like Constantinople.
    assert!(f("bla", "byz") && f("byz", "aeg") && !f("bla", "aeg"));
    assert!(!map.convoys(p(&map, "byz")));
    // Four seas, pairwise.
    let four = ["aus", "mes", "lib", "got"];
    for x in four {
        for y in four {
            assert_eq!(f(x, y), x != y, "{x}-{y}");
        }
    }
    // The Nile and the canal.
    assert!(f("sin", "thb") && f("thb", "mem") && f("mem", "ale"));
    assert!(f("thb", "ree") && f("sin", "ree"));
    assert!(!f("ree", "gop") && !f("ree", "ale"));
    assert!(!f("mem", "sin") && !f("mem", "gop") && a("mem", "cyr") && !f("mem", "cyr"));
    // The Nile-delta point.
    let delta = ["ale", "thb", "sin", "gop"];
    for x in delta {
        for y in delta {
            assert_eq!(f(x, y), x != y, "{x}-{y}");
        }
    }
    // Fleets on coasts never convoy (only Baleares among the coasts).
    for prov in map.provinces() {
        if prov.kind == ProvinceKind::Coast {
            assert_eq!(prov.convoys, prov.abbr == "bal", "{}", prov.abbr);
        }
    }
}
