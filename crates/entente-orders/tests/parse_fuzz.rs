//! The parser never panics, whatever it is given, and the canonical text of any order reads
//! back to the same order.

mod common;
use common::map;
use entente_map::{Loc, PowerId, UnitType};
use entente_orders::{format_order, parse_order, Order, Target, UnitRef};
use proptest::prelude::*;

const CASES: u32 = 10_000;

/// Words players use, keywords in every language, and the punctuation the tokenizer knows.
const VOCABULARY: &[&str] = &[
    "A",
    "F",
    "a",
    "f",
    "Army",
    "Fleet",
    "armée",
    "flotte",
    "armáda",
    "flotila",
    "А",
    "Ф",
    "армия",
    "флот",
    "H",
    "Hold",
    "Holds",
    "drží",
    "tient",
    "стоит",
    "держит позицию",
    "S",
    "Supports",
    "Support",
    "P",
    "podporuje",
    "soutient",
    "П",
    "поддерживает",
    "C",
    "Convoys",
    "K",
    "konvojuje",
    "convoie",
    "К",
    "конвоирует",
    "R",
    "Retreat",
    "retreats to",
    "ústup",
    "retraite",
    "отступает",
    "D",
    "Disband",
    "rozpustit",
    "dissoudre",
    "B",
    "Build",
    "stavba",
    "construit",
    "строит",
    "Remove",
    "Odstranit",
    "retire",
    "убрать",
    "Waive",
    "vzdát se",
    "renonce",
    "отказ",
    "via",
    "by",
    "par",
    "přes",
    "через",
    "convoy",
    "convoi",
    "konvoj",
    "конвой",
    "to",
    "moves",
    "do",
    "vers",
    "в",
    "на",
    "-",
    "->",
    "–",
    "—",
    "→",
    ">",
    "--",
    "(",
    ")",
    "[",
    "]",
    "/",
    ".",
    ",",
    ";",
    ":",
    "'",
    "nc",
    "sc",
    "ec",
    "wc",
    "n",
    "s",
    "e",
    "w",
    "north coast",
    "côte sud",
    "jižní pobřeží",
    "северный берег",
    "(nc)",
    "(sc)",
    "/nc",
    "/sc",
    "(S)",
    "(H)",
    "(C)",
    "Russian",
    "English",
    "Russia",
    "Angleterre",
    "ruská",
    "русский",
    "Autriche-Hongrie",
    "",
    " ",
    "  ",
    "\t",
    "\u{301}",
    "é",
    "ß",
    "İ",
    "ﬁ",
    "🙂",
    "\u{200b}",
    "0",
    "1901",
];

fn vocabulary() -> Vec<String> {
    let m = map();
    let mut v: Vec<String> = VOCABULARY.iter().map(|s| s.to_string()).collect();
    for (name, _) in m.province_names() {
        v.push(name.to_string());
    }
    for p in m.provinces() {
        v.push(p.name.clone());
        v.push(p.abbr.to_uppercase());
    }
    for (name, _) in m.power_names() {
        v.push(name.to_string());
    }
    v
}

fn check_no_panic(text: &str) {
    let m = map();
    match parse_order(m, text) {
        Ok(o) => {
            // Whatever was read must have a canonical form that reads back.
            let canon = format_order(m, &o);
            assert_eq!(parse_order(m, &canon), Ok(o), "{text:?} -> {canon:?}");
        }
        Err(e) => {
            assert!(
                (1..=text.chars().count() + 1).contains(&e.position),
                "{text:?}: {e}"
            );
            assert!(!e.message.is_empty());
        }
    }
}

fn arb_type() -> impl Strategy<Value = Option<UnitType>> {
    prop::option::of(prop_oneof![Just(UnitType::Army), Just(UnitType::Fleet)])
}

fn arb_loc() -> impl Strategy<Value = Loc> {
    (0..map().num_locs() as u16).prop_map(Loc)
}

fn arb_unit() -> impl Strategy<Value = UnitRef> {
    (arb_type(), arb_loc()).prop_map(|(ty, loc)| UnitRef { ty, loc })
}

fn arb_target() -> impl Strategy<Value = Target> {
    let powers = map().powers().len() as u8;
    (
        prop::option::of((0..powers).prop_map(PowerId)),
        arb_type(),
        arb_loc(),
    )
        .prop_map(|(power, ty, loc)| Target { power, ty, loc })
}

fn arb_order() -> impl Strategy<Value = Order> {
    prop_oneof![
        arb_unit().prop_map(Order::Hold),
        (arb_unit(), arb_loc(), any::<bool>()).prop_map(|(unit, to, via_convoy)| Order::Move {
            unit,
            to,
            via_convoy
        }),
        (arb_unit(), arb_target()).prop_map(|(unit, target)| Order::SupportHold { unit, target }),
        (arb_unit(), arb_target(), arb_loc()).prop_map(|(unit, target, to)| Order::SupportMove {
            unit,
            target,
            to
        }),
        (arb_unit(), arb_target(), arb_loc()).prop_map(|(unit, target, to)| Order::Convoy {
            unit,
            target,
            to
        }),
        (arb_unit(), arb_loc()).prop_map(|(unit, to)| Order::Retreat { unit, to }),
        arb_unit().prop_map(Order::Disband),
        (arb_type(), arb_loc()).prop_map(|(ty, loc)| Order::Build { ty, loc }),
        arb_unit().prop_map(Order::Remove),
        Just(Order::Waive),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_unicode_never_panics(text in "\\PC{0,60}") {
        check_no_panic(&text);
    }

    #[test]
    fn random_bytes_as_text_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_token_sequences_never_panic(
        picks in prop::collection::vec((any::<prop::sample::Index>(), 0..4usize), 0..14)
    ) {
        let vocab = vocabulary();
        let mut text = String::new();
        for (i, sep) in picks {
            text.push_str(&vocab[i.index(vocab.len())]);
            text.push_str(["", " ", "  ", "-"][sep]);
        }
        check_no_panic(&text);
    }

    #[test]
    fn canonical_text_round_trips(o in arb_order()) {
        let m = map();
        let text = format_order(m, &o);
        prop_assert_eq!(parse_order(m, &text), Ok(o), "{}", text);
    }

    #[test]
    fn canonical_text_round_trips_in_other_case_and_spacing(o in arb_order(), upper in any::<bool>()) {
        let m = map();
        let text = format_order(m, &o);
        let text = if upper { text.to_uppercase() } else { text.replace(' ', "   ") };
        prop_assert_eq!(parse_order(m, &text), Ok(o), "{}", text);
    }
}
