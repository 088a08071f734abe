//! Province names in every language the map carries read as provinces inside orders, and every
//! abbreviation and name of the 1982 rulebook's appendix 2 table resolves to the right province.

mod common;
use common::{loc, map, mv, u};
use entente_map::{ProvinceId, ProvinceKind};
use entente_orders::{parse_order, Order, UnitRef};

const TABLE_1982: &str = include_str!("data/rules-1982-appendix-2.txt");

/// Czech letters without their diacritics ("Čechy" → "Cechy").
fn strip_czech(s: &str) -> String {
    s.chars()
        .map(|c| {
            let base = match c.to_lowercase().next().unwrap_or(c) {
                'á' => 'a',
                'č' => 'c',
                'ď' => 'd',
                'é' | 'ě' => 'e',
                'í' => 'i',
                'ň' => 'n',
                'ó' => 'o',
                'ř' => 'r',
                'š' => 's',
                'ť' => 't',
                'ú' | 'ů' => 'u',
                'ý' => 'y',
                'ž' => 'z',
                _ => return c,
            };
            if c.is_uppercase() {
                base.to_ascii_uppercase()
            } else {
                base
            }
        })
        .collect()
}

/// A hold order for whatever stands in province `p`, written with `name`.
fn holds_in(name: &str, p: ProvinceId) {
    let m = map();
    let text = format!("A {name} H");
    let got = parse_order(m, &text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let want = Order::Hold(UnitRef {
        ty: Some(entente_map::UnitType::Army),
        loc: p.loc(),
    });
    assert_eq!(got, want, "{text:?}");
    // And as a destination, after a unit.
    let text = format!("F Nth - {name}");
    let got = parse_order(m, &text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(
        got,
        Order::Move {
            unit: u("F", "nth"),
            to: p.loc(),
            via_convoy: false
        },
        "{text:?}"
    );
}

#[test]
fn table_1982_resolves() {
    let m = map();
    let mut rows = 0;
    for line in TABLE_1982
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let [abbrs, centre, kind, czech, english, ours] = cols[..] else {
            panic!("bad line {line:?}");
        };
        rows += 1;
        let p = m.lookup_province(ours).unwrap_or_else(|| panic!("{ours}"));
        for name in abbrs.split(',').map(str::trim).chain([czech, english]) {
            assert_eq!(
                m.lookup_province(name),
                Some(p),
                "{name:?} should be {ours}"
            );
            holds_in(name, p);
        }
        let ascii = strip_czech(czech);
        assert_eq!(
            m.lookup_province(&ascii),
            Some(p),
            "{ascii:?} should be {ours}"
        );
        holds_in(&ascii, p);
        // The Czech display name is the table's.
        assert_eq!(m.province_name_in(p, "cs"), czech, "{ours}");
        // The table's other facts agree with the map.
        let prov = m.province(p);
        assert_eq!(prov.centre, centre.starts_with("SC"), "{ours} centre");
        let home = centre.strip_prefix("SC").and_then(|l| l.chars().next());
        assert_eq!(
            m.home_power(p).map(|pw| m.power(pw).letter),
            home,
            "{ours} home"
        );
        let want_kind = match kind.split(' ').next() {
            Some("see") => ProvinceKind::Sea,
            Some("land") => ProvinceKind::Land,
            _ => ProvinceKind::Coast,
        };
        assert_eq!(prov.kind, want_kind, "{ours} kind");
        let coasts: Vec<&str> = prov.coasts.iter().filter_map(|&l| m.coast_of(l)).collect();
        let want_coasts: Vec<String> = match kind.split_once('(') {
            Some((_, c)) => c
                .trim_end_matches(')')
                .split('/')
                .map(|c| format!("{c}c"))
                .collect(),
            None => Vec::new(),
        };
        assert_eq!(coasts, want_coasts, "{ours} coasts");
    }
    assert_eq!(rows, 75);
}

#[test]
fn liv_is_liverpool_and_lvn_livonia() {
    // The 1982 table's "Liv" is Liverpool; Livonia is "Lvn".
    assert_eq!(
        parse_order(map(), "A Liv - Yor"),
        Ok(mv(u("A", "lvp"), "yor"))
    );
    assert_eq!(
        parse_order(map(), "A Lvn - Pru"),
        Ok(mv(u("A", "lvn"), "pru"))
    );
}

#[test]
fn every_localized_name_reads_as_its_province() {
    let m = map();
    let mut n = 0;
    for p in m.province_ids() {
        for (lang, list) in &m.province(p).names {
            for name in list {
                assert_eq!(m.lookup_province(name), Some(p), "{lang}: {name}");
                holds_in(name, p);
                n += 1;
            }
        }
    }
    assert!(n > 300, "{n} localized names");
    for lang in ["cs", "fr", "ru"] {
        for p in m.province_ids() {
            assert!(
                m.province(p).names.iter().any(|(l, _)| l == lang),
                "{} has no {lang} name",
                m.province(p).abbr
            );
        }
    }
}

#[test]
fn localized_display_names() {
    let m = map();
    let p = |s: &str| m.lookup_province(s).unwrap_or_else(|| panic!("{s}"));
    assert_eq!(m.province_name_in(p("eng"), "fr"), "Manche");
    assert_eq!(m.province_name_in(p("nth"), "fr"), "Mer du Nord");
    assert_eq!(m.province_name_in(p("lyo"), "fr"), "Golfe du Lion");
    assert_eq!(m.province_name_in(p("stp"), "fr"), "Saint-Pétersbourg");
    assert_eq!(m.province_name_in(p("eng"), "ru"), "Английский Канал");
    assert_eq!(m.province_name_in(p("mao"), "ru"), "Средняя Атлантика");
    assert_eq!(m.province_name_in(p("boh"), "cs"), "Čechy");
}

#[test]
fn sample_of_names_in_each_language() {
    let m = map();
    for (name, abbr) in [
        ("Paříž", "par"),
        ("Pariz", "par"),
        ("Burgundsko", "bur"),
        ("Čechy", "boh"),
        ("Cechy", "boh"),
        ("Petrohrad", "stp"),
        ("Cařihrad", "con"),
        ("Carihrad", "con"),
        ("Konstantinopol", "con"),
        ("Lamanšský průliv", "eng"),
        ("Střední Atlantik", "mao"),
        ("Manche", "eng"),
        ("La Manche", "eng"),
        ("Mer du Nord", "nth"),
        ("Golfe de Lion", "lyo"),
        ("Saint-Pétersbourg", "stp"),
        ("Saint-Petersbourg", "stp"),
        ("St-Pétersbourg", "stp"),
        ("Londres", "lon"),
        ("Édimbourg", "edi"),
        ("Edimbourg", "edi"),
        ("Varsovie", "war"),
        ("Mer de Norvège", "nwg"),
        ("nrs", "nwg"),
        ("GLy", "lyo"),
        ("WMe", "wes"),
        ("Pays de Galles", "wal"),
        ("Париж", "par"),
        ("Бургундия", "bur"),
        ("Английский Канал", "eng"),
        ("английский канал", "eng"),
        ("Средняя Атлантика", "mao"),
        ("Санкт-Петербург", "stp"),
        ("Санкт Петербург", "stp"),
        ("Северное море", "nth"),
        ("Лионский залив", "lyo"),
        ("Черное море", "bla"),
        ("Чёрное море", "bla"),
    ] {
        assert_eq!(
            m.lookup_province(name),
            Some(loc(abbr)).map(|l| m.province_of(l)),
            "{name}"
        );
    }
}

#[test]
fn localized_power_names() {
    let m = map();
    for (name, power) in [
        ("Rakousko", "Austria"),
        ("Rakousko-Uhersko", "Austria"),
        ("Autriche-Hongrie", "Austria"),
        ("Австрия", "Austria"),
        ("Anglie", "England"),
        ("anglická", "England"),
        ("Angleterre", "England"),
        ("anglais", "England"),
        ("английский", "England"),
        ("Francie", "France"),
        ("française", "France"),
        ("Франция", "France"),
        ("Německo", "Germany"),
        ("allemand", "Germany"),
        ("немецкий", "Germany"),
        ("Itálie", "Italy"),
        ("Italie", "Italy"),
        ("итальянская", "Italy"),
        ("Rusko", "Russia"),
        ("russe", "Russia"),
        ("Россия", "Russia"),
        ("русская", "Russia"),
        ("Turecko", "Turkey"),
        ("turque", "Turkey"),
        ("Турция", "Turkey"),
    ] {
        assert_eq!(m.lookup_power(name), m.lookup_power(power), "{name}");
    }
}
