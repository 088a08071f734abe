//! The fast path of the parser never answers differently from the general parser: on every DATC
//! order line, every string of the other parser tests, every name of every built-in variant,
//! random canonical orders and random token soup. Where the fast path answers, the general
//! parser gives the same order; where it does not, `parse_order` is the general parser.

mod common;
use entente_map::{normalize_name, Loc, Map, PowerId, UnitType, BUILTIN_VARIANTS};
use entente_orders::{
    format_order, parse_order, parse_order_fast, parse_order_general, Order, Target, UnitRef,
};
use proptest::prelude::*;
use std::sync::OnceLock;

const CASES: u32 = 10_000;

/// Every built-in variant, compiled once.
fn maps() -> &'static [Map] {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        BUILTIN_VARIANTS
            .iter()
            .map(|v| v.load().expect("built-in variant"))
            .collect()
    })
}

/// Checks `text` both ways; true when the fast path answered.
fn same(m: &Map, text: &str) -> bool {
    let general = parse_order_general(m, text);
    let fast = parse_order_fast(m, text);
    if let Some(o) = fast {
        assert_eq!(
            general,
            Ok(o),
            "{text:?}: the fast path read {:?}",
            format_order(m, &o)
        );
    }
    assert_eq!(parse_order(m, text), general, "{text:?}");
    fast.is_some()
}

/// Checks every text on the standard map; returns (fast answers, texts).
fn all_same<'a>(texts: impl IntoIterator<Item = &'a str>) -> (usize, usize) {
    let m = common::map();
    let (mut hits, mut n) = (0, 0);
    for t in texts {
        n += 1;
        if same(m, t) {
            hits += 1;
        }
    }
    (hits, n)
}

fn lines(s: &str) -> impl Iterator<Item = &str> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn opening_orders_take_the_fast_path() {
    let m = common::map();
    for text in [
        "A Vie - Tri",
        "A Bud - Gal",
        "F Tri - Alb",
        "A Lvp - Yor",
        "F Lon - Nth",
        "F Edi - Nwg",
        "A Par - Bur",
        "A Mar - Spa",
        "F Bre - Pic",
        "A Ber - Kie",
        "A Mun - Ruh",
        "F Kie - Den",
        "A Ven - Pie",
        "A Rom - Ven",
        "F Nap - Ion",
        "A Mos - Ukr",
        "A War - Gal",
        "F StP - Bot",
        "F StP/sc - Bot",
        "F Sev - Bla",
        "A Con - Bul",
        "A Smy - Con",
        "F Ank - Bla",
        // Other common shapes.
        "F Nth C A Lon - Bel",
        "A Bel S F Nth",
        "A Mun S A Ber - Kie",
        "A Mun S A Ber H",
        "F Spa/sc - Wes",
        "F Spa(sc) - Wes",
        "F Spa (sc) - Wes",
        "F Bul/ec - Bla",
        "F Bre - Mao",
        "A Lon - Bel via convoy",
        "A Par H",
        "A Par Hold",
        "Par - Bur",
        "A Par -> Bur",
        "A par - bur",
        "A PAR - BUR",
        "A Paris - Burgundy",
        "Build A Par",
        "Build F StP/nc",
        "Remove F Tri",
        "Disband A Mun",
        "Waive",
        "A Mun R Boh",
        "A Mun D",
        "F StP(nc) H",
        // Phrases of several words, keywords in parentheses, a one-letter coast.
        "A Par Hold position",
        "A Mun S A Ber to hold",
        "F Nth (C) A Lon - Bel",
        "A Bur (S) A Par - Mar",
        "A Lon - Bel (via convoy)",
        "F Bul s Con H",
        "F Bul s - Con",
    ] {
        assert!(same(m, text), "{text:?} missed the fast path");
    }
}

#[test]
fn a_trailing_bare_via_reads_alike_on_both_paths() {
    let m = common::map();
    for text in [
        "A LON - BEL VIA",
        "A Lon - Bel via",
        "A Lon-Bel VIA",
        "F NTH - BEL VIA",
    ] {
        assert!(same(m, text), "{text:?} missed the fast path");
        assert!(
            matches!(
                parse_order_fast(m, text),
                Some(Order::Move {
                    via_convoy: true,
                    ..
                })
            ),
            "{text:?}"
        );
    }
    assert!(parse_order(m, "A Lon - Bel by").is_err());
}

const DATC: &str = include_str!("data/datc_orders.txt");
const DATC_CANONICAL: &str = include_str!("data/datc_orders_canonical.txt");

#[test]
fn every_datc_line() {
    let (hits, n) = all_same(lines(DATC));
    eprintln!("DATC lines: {hits} of {n} on the fast path");
    assert!(hits * 4 > n, "only {hits} of {n} on the fast path");
    let (hits, n) = all_same(lines(DATC_CANONICAL));
    eprintln!("canonical DATC lines: {hits} of {n} on the fast path");
    assert!(hits * 10 > n * 9, "only {hits} of {n} on the fast path");
}

#[test]
fn every_datc_line_in_other_case_and_spacing() {
    for f in [
        str::to_uppercase,
        str::to_lowercase,
        |s: &str| s.replace(' ', "  "),
        |s: &str| s.replace(' ', ""),
        |s: &str| s.replace(" - ", "->"),
        |s: &str| s.replace('(', "/").replace(')', ""),
        |s: &str| format!("{s}."),
    ] {
        let texts: Vec<String> = lines(DATC).chain(lines(DATC_CANONICAL)).map(f).collect();
        all_same(texts.iter().map(String::as_str));
    }
}

/// The string literals of a Rust source file (enough of the syntax for our test files).
fn string_literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = src.chars().peekable();
    let mut prev = ' ';
    while let Some(c) = chars.next() {
        // Skip character literals such as '"' and lifetimes.
        if c == '\'' {
            let rest: String = chars.clone().take(3).collect();
            if rest.starts_with("\"'") {
                chars.next();
                chars.next();
            }
            prev = c;
            continue;
        }
        if c != '"' || prev.is_alphanumeric() {
            prev = c;
            continue;
        }
        let mut s = String::new();
        while let Some(d) = chars.next() {
            match d {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some('u') => {
                        let hex: String = chars
                            .by_ref()
                            .skip_while(|&h| h == '{')
                            .take_while(|&h| h != '}')
                            .collect();
                        if let Some(ch) =
                            u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                        {
                            s.push(ch);
                        }
                    }
                    Some('\n') => {
                        while chars.peek().is_some_and(|c| c.is_whitespace()) {
                            chars.next();
                        }
                    }
                    Some(e) => s.push(e),
                    None => {}
                },
                d => s.push(d),
            }
        }
        out.push(s);
        prev = '"';
    }
    out
}

#[test]
fn every_string_of_the_parser_tests() {
    let mut texts = Vec::new();
    for src in [
        include_str!("parse_examples.rs"),
        include_str!("parse_errors.rs"),
        include_str!("names.rs"),
        include_str!("parse_fuzz.rs"),
        include_str!("parse_datc_orders.rs"),
        include_str!("common/mod.rs"),
        include_str!("fast_path.rs"),
    ] {
        texts.extend(string_literals(src));
    }
    assert!(texts.len() > 500, "{}", texts.len());
    assert!(texts.iter().any(|t| t == "A Par(nc) - Bur"));
    let (hits, n) = all_same(texts.iter().map(String::as_str));
    eprintln!("test strings: {hits} of {n} on the fast path");
}

#[test]
fn every_name_of_every_variant() {
    for m in maps() {
        let names: Vec<String> = m
            .province_names()
            .map(|(n, _)| n.to_string())
            .chain(m.provinces().iter().map(|p| p.abbr.to_uppercase()))
            .chain(m.power_names().map(|(n, _)| n.to_string()))
            .collect();
        let first = &m.provinces()[0].abbr;
        for n in &names {
            for text in [
                format!("A {n} H"),
                format!("{n} H"),
                format!("F {first} - {n}"),
                format!("F {first} S {n}"),
                format!("F {first} S A {n} - {first}"),
                format!("F {first} C {n} - {first}"),
                format!("F {n}/nc - {first}"),
                format!("F {n}(sc) H"),
                format!("F {n} sc H"),
                format!("F {n} s {first}"),
                format!("Build {n}"),
                format!("Remove {n}"),
            ] {
                same(m, &text);
            }
        }
    }
}

/// `Map::lookup_province` / `lookup_power` read a plain word through the same word index as
/// the fast path: the answers are those of the normalized name tables.
#[test]
fn name_lookups_agree_with_the_name_tables() {
    for m in maps() {
        let mut words: Vec<String> = m
            .province_names()
            .map(|(n, _)| n.to_string())
            .chain(m.power_names().map(|(n, _)| n.to_string()))
            .chain(SOUP.iter().map(|s| s.to_string()))
            .collect();
        for w in words.clone() {
            words.push(w.to_uppercase());
            words.push(w.chars().rev().collect());
            words.push(format!("{w}x"));
            words.push(w.chars().skip(1).collect());
        }
        for w in &words {
            let key = normalize_name(w);
            let province = m.province_names().find(|&(k, _)| k == key).map(|(_, p)| p);
            let power = m.power_names().find(|&(k, _)| k == key).map(|(_, p)| p);
            assert_eq!(m.lookup_province(w), province, "{w:?}");
            assert_eq!(m.lookup_power(w), power, "{w:?}");
        }
    }
}

/// Words the fast path must weigh: keywords that are also coasts or names, phrases of
/// several words, nationalities, punctuation, and bytes it leaves to the general parser.
const SOUP: &[&str] = &[
    "A",
    "F",
    "a",
    "f",
    "Army",
    "Fleet",
    "armee",
    "armada",
    "flotte",
    "H",
    "Hold",
    "Holds",
    "hold",
    "position",
    "Stands",
    "drz",
    "drzi",
    "pozici",
    "tient",
    "S",
    "s",
    "Supports",
    "sup",
    "P",
    "C",
    "c",
    "Convoys",
    "convoy",
    "K",
    "R",
    "Retreat",
    "retreats",
    "D",
    "Disband",
    "destroy",
    "B",
    "Build",
    "Remove",
    "rem",
    "Waive",
    "pass",
    "vzdat",
    "se",
    "via",
    "by",
    "par",
    "Par",
    "pres",
    "convoyed",
    "konvojem",
    "to",
    "in",
    "place",
    "moves",
    "M",
    "do",
    "na",
    "en",
    "va",
    "into",
    "-",
    "->",
    "--",
    ">",
    "(",
    ")",
    "[",
    "]",
    "/",
    ".",
    "_",
    " ",
    "  ",
    ",",
    "'",
    "nc",
    "sc",
    "ec",
    "wc",
    "n",
    "e",
    "w",
    "north",
    "south",
    "coast",
    "east",
    "est",
    "nord",
    "sud",
    "ouest",
    "cote",
    "severni",
    "pobrezi",
    "jih",
    "Eng",
    "English",
    "England",
    "Fra",
    "France",
    "French",
    "Russian",
    "Turk",
    "Aus",
    "Austria",
    "Hungary",
    "Austria-Hungary",
    "G",
    "I",
    "T",
    "E",
    "Nth",
    "North",
    "Sea",
    "St",
    "Petersburg",
    "StP",
    "stp",
    "Spa",
    "Bul",
    "Mid",
    "Atlantic",
    "Gulf",
    "of",
    "Lyon",
    "Lon",
    "Bel",
    "Mun",
    "Ber",
    "Kie",
    "Mar",
    "Bur",
    "Tri",
    "Vie",
    "Spain",
    "Bulgaria",
    "Paris",
    "Pariz",
    "Paříž",
    "é",
    "1901",
    "0",
    "xyz",
];

fn soup_text(picks: &[(prop::sample::Index, usize)], vocab: &[String]) -> String {
    let mut text = String::new();
    for (i, sep) in picks {
        text.push_str(&vocab[i.index(vocab.len())]);
        text.push_str(["", " ", " ", "-", "/"][*sep]);
    }
    text
}

/// [`SOUP`] and every name of variant `i`.
fn vocabulary(i: usize) -> &'static [String] {
    static VOCABULARIES: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    let all = VOCABULARIES.get_or_init(|| {
        maps()
            .iter()
            .map(|m| {
                let mut v: Vec<String> = SOUP.iter().map(|s| s.to_string()).collect();
                v.extend(m.provinces().iter().map(|p| p.abbr.clone()));
                v.extend(m.province_names().map(|(n, _)| n.to_string()));
                v.extend(m.power_names().map(|(n, _)| n.to_string()));
                v
            })
            .collect()
    });
    &all[i % all.len()]
}

fn arb_type() -> impl Strategy<Value = Option<UnitType>> {
    prop::option::of(prop_oneof![Just(UnitType::Army), Just(UnitType::Fleet)])
}

/// An order of the variant `m` (locations and powers within its range).
fn arb_order(m: &'static Map) -> impl Strategy<Value = Order> {
    let locs = m.num_locs() as u16;
    let powers = m.powers().len() as u8;
    let loc = move || (0..locs).prop_map(Loc);
    let unit = move || (arb_type(), loc()).prop_map(|(ty, loc)| UnitRef { ty, loc });
    let target = move || {
        (
            prop::option::of((0..powers).prop_map(PowerId)),
            arb_type(),
            loc(),
        )
            .prop_map(|(power, ty, loc)| Target { power, ty, loc })
    };
    prop_oneof![
        unit().prop_map(Order::Hold),
        (unit(), loc(), any::<bool>()).prop_map(|(unit, to, via_convoy)| Order::Move {
            unit,
            to,
            via_convoy
        }),
        (unit(), target()).prop_map(|(unit, target)| Order::SupportHold { unit, target }),
        (unit(), target(), loc()).prop_map(|(unit, target, to)| Order::SupportMove {
            unit,
            target,
            to
        }),
        (unit(), target(), loc()).prop_map(|(unit, target, to)| Order::Convoy { unit, target, to }),
        (unit(), loc()).prop_map(|(unit, to)| Order::Retreat { unit, to }),
        unit().prop_map(Order::Disband),
        (arb_type(), loc()).prop_map(|(ty, loc)| Order::Build { ty, loc }),
        unit().prop_map(Order::Remove),
        Just(Order::Waive),
    ]
}

fn arb_variant_order() -> impl Strategy<Value = (&'static Map, Order)> {
    (0..maps().len()).prop_flat_map(|i| {
        let m = &maps()[i];
        arb_order(m).prop_map(move |o| (m, o))
    })
}

/// Ways of writing the canonical text differently.
fn respell(text: &str, how: usize) -> String {
    match how {
        0 => text.to_string(),
        1 => text.to_uppercase(),
        2 => text.replace(' ', "   "),
        3 => text.replace(" - ", "->"),
        4 => match text.split_once('/') {
            // "F stp/nc - bot" -> "F stp(nc) - bot"
            Some((a, b)) => {
                let (coast, rest) = b.split_once(' ').unwrap_or((b, ""));
                format!("{a}({coast}) {rest}")
            }
            None => text.to_string(),
        },
        5 => text.replace('/', " "),
        6 => text.replace(" - ", " to "),
        _ => format!("{text}."),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn canonical_orders_of_every_variant((m, o) in arb_variant_order(), how in 0..8usize) {
        let text = respell(&format_order(m, &o), how);
        same(m, &text);
        if how == 0 {
            prop_assert_eq!(parse_order(m, &text), Ok(o), "{}", text);
        }
    }

    #[test]
    fn token_soup(
        variant in 0..3usize,
        picks in prop::collection::vec((any::<prop::sample::Index>(), 0..5usize), 0..9)
    ) {
        let m = &maps()[variant % maps().len()];
        let text = soup_text(&picks, vocabulary(variant));
        same(m, &text);
    }

    #[test]
    fn a_unit_then_soup(
        unit in prop::sample::select(vec!["A Par", "F Spa", "F Bul", "F StP", "Lon", "F Nth", "A Mun"]),
        picks in prop::collection::vec((any::<prop::sample::Index>(), 0..5usize), 0..7)
    ) {
        let m = common::map();
        let text = format!("{unit} {}", soup_text(&picks, vocabulary(0)));
        same(m, &text);
    }

    #[test]
    fn random_ascii(text in "[ -~]{0,30}") {
        same(common::map(), &text);
    }
}
