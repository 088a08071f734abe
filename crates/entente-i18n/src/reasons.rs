//! Why a line is not an order and why an order will not be carried out, in the reader's
//! language, from the typed reasons of the parser ([`ParseReason`]) and of the host
//! ([`Problem`], [`Illegal`]). English gives exactly the crates' own English texts.

use crate::{Catalog, LANGUAGES};
use entente_host::Problem;
use entente_judge::Illegal;
use entente_map::Map;
use entente_orders::{parse_order, ParseError, ParseReason, Wanted};
use fluent_bundle::FluentValue;

/// This crate's words (`locales/LANG/reasons.ftl`).
pub static REASONS: Catalog = Catalog::new("reasons");

fn t(lang: &str, id: &str, args: &[(&str, &str)]) -> String {
    REASONS.text(lang, id, args)
}

/// What the parser wanted, in `lang`.
pub fn wanted(lang: &str, w: &Wanted) -> String {
    let id = match w {
        Wanted::UnitOrOrder => "wanted-unit-or-order",
        Wanted::Province => "wanted-province",
        Wanted::UnitToBuild => "wanted-unit-to-build",
        Wanted::UnitToRemove => "wanted-unit-to-remove",
        Wanted::UnitOrProvince => "wanted-unit-or-province",
        Wanted::Destination => "wanted-destination",
        Wanted::SupportedDestination => "wanted-supported-destination",
        Wanted::ConvoyDestination => "wanted-convoy-destination",
        Wanted::RetreatDestination => "wanted-retreat-destination",
        Wanted::OrderAfterUnit => "wanted-order-after-unit",
        Wanted::ConvoyedArmyMove => "wanted-convoyed-army-move",
        Wanted::CoastAfterSlash => "wanted-coast-after-slash",
        Wanted::ConvoyAfter(word) => return t(lang, "wanted-convoy-after", &[("word", word)]),
    };
    t(lang, id, &[])
}

/// `A`, `A or B`, `A, B or C` in `lang`.
fn either(lang: &str, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), t(lang, "parse-or", &[])),
    }
}

/// Why a text is not an order, in `lang` (without the position).
pub fn parse_reason(lang: &str, r: &ParseReason) -> String {
    match r {
        ParseReason::Empty => t(lang, "parse-empty", &[]),
        ParseReason::NotAnOrder => t(lang, "parse-not-an-order", &[]),
        ParseReason::Expected { wanted: w, found } => t(
            lang,
            "parse-expected",
            &[("wanted", &wanted(lang, w)), ("found", found)],
        ),
        ParseReason::CutShort { wanted: w, last } => t(
            lang,
            "parse-cut-short",
            &[("wanted", &wanted(lang, w)), ("last", last)],
        ),
        ParseReason::Unexpected { found } => t(lang, "parse-unexpected", &[("found", found)]),
        ParseReason::UnknownProvince { name, nearest } => {
            let mut s = t(lang, "parse-unknown-province", &[("name", name)]);
            if !nearest.is_empty() {
                s.push_str(&t(
                    lang,
                    "parse-did-you-mean",
                    &[("names", &either(lang, nearest))],
                ));
            }
            s
        }
    }
}

/// A parse error as `ParseError`'s English display has it (`at position 3: ...`), in `lang`.
pub fn parse_error(lang: &str, e: &ParseError) -> String {
    REASONS.tr(
        lang,
        "parse-at",
        &[
            ("position", FluentValue::from(e.position as i64)),
            ("reason", FluentValue::from(parse_reason(lang, &e.reason))),
        ],
    )
}

/// Why a stored line was not read, in `lang`: the line is read again on `map` and, when
/// that gives the reason stored (`stored`, English), the reason is written in `lang`;
/// otherwise the stored words are kept.
pub fn unreadable(lang: &str, map: &Map, text: &str, stored: &str) -> String {
    match parse_order(map, text) {
        Err(e) if e.to_string() == stored => parse_error(lang, &e),
        _ => stored.to_string(),
    }
}

/// The message id of an illegal order's reason.
pub fn illegal_id(i: Illegal) -> &'static str {
    match i {
        Illegal::NoSuchUnit => "illegal-no-such-unit",
        Illegal::NotYourUnit => "illegal-not-your-unit",
        Illegal::WrongPhase => "illegal-wrong-phase",
        Illegal::NotAdjacent => "illegal-not-adjacent",
        Illegal::WrongTerrain => "illegal-wrong-terrain",
        Illegal::CoastNeeded => "illegal-coast-needed",
        Illegal::CoastUnreachable => "illegal-coast-unreachable",
        Illegal::SameProvince => "illegal-same-province",
        Illegal::FleetConvoyed => "illegal-fleet-convoyed",
        Illegal::SupportUnreachable => "illegal-support-unreachable",
        Illegal::ImpossibleSupportedMove => "illegal-impossible-supported-move",
        Illegal::SupportsItself => "illegal-supports-itself",
        Illegal::ConvoyNotAtSea => "illegal-convoy-not-at-sea",
        Illegal::ConvoyImpossible => "illegal-convoy-impossible",
        Illegal::ConvoyNotOnRoute => "illegal-convoy-not-on-route",
        Illegal::RetreatNotAllowed => "illegal-retreat-not-allowed",
        Illegal::BuildNotAllowed => "illegal-build-not-allowed",
        Illegal::NothingDue => "illegal-nothing-due",
        Illegal::Impassable => "illegal-impassable",
    }
}

/// Why an order is illegal, in `lang`.
pub fn illegal(lang: &str, i: Illegal) -> String {
    t(lang, illegal_id(i), &[])
}

/// Why the judge will not carry out an order it understood, in `lang`.
pub fn problem(lang: &str, p: &Problem) -> String {
    match p {
        Problem::Illegal(i) => illegal(lang, *i),
        Problem::TwoOrders {
            unit,
            disbanded: false,
        } => t(lang, "problem-two-orders-holds", &[("unit", unit)]),
        Problem::TwoOrders { unit, .. } => {
            t(lang, "problem-two-orders-disbanded", &[("unit", unit)])
        }
        Problem::TooManyRemovals(n) => {
            t(lang, "problem-too-many-removals", &[("n", &n.to_string())])
        }
        Problem::TooManyBuilds(n) => t(lang, "problem-too-many-builds", &[("n", &n.to_string())]),
        Problem::RemovedEarlier(u) => t(lang, "problem-removed-earlier", &[("unit", u)]),
    }
}

/// Why the judge will not carry out an order, from the words a record keeps (`problem`,
/// English): an illegal order's reason is written in `lang`, other words are kept.
pub fn problem_words(lang: &str, english: &str) -> String {
    match Illegal::from_word(english) {
        Some(i) => illegal(lang, i),
        None => english.to_string(),
    }
}

/// Every typed reason, for tests: one of each kind, with sample words.
pub fn samples() -> (Vec<ParseReason>, Vec<Problem>) {
    let mut parse = vec![
        ParseReason::Empty,
        ParseReason::NotAnOrder,
        ParseReason::Unexpected { found: "x".into() },
        ParseReason::UnknownProvince {
            name: "Xyz".into(),
            nearest: vec![],
        },
        ParseReason::UnknownProvince {
            name: "Pariz".into(),
            nearest: vec!["Paris".into()],
        },
        ParseReason::UnknownProvince {
            name: "Bre".into(),
            nearest: vec!["Brest".into(), "Berlin".into(), "Bremen".into()],
        },
    ];
    for w in Wanted::all() {
        parse.push(ParseReason::Expected {
            wanted: w.clone(),
            found: "foo".into(),
        });
        parse.push(ParseReason::CutShort {
            wanted: w,
            last: "bar".into(),
        });
    }
    let mut problems: Vec<Problem> = Illegal::ALL.into_iter().map(Problem::Illegal).collect();
    problems.extend([
        Problem::TwoOrders {
            unit: "A Par".into(),
            disbanded: false,
        },
        Problem::TwoOrders {
            unit: "A Par".into(),
            disbanded: true,
        },
        Problem::TooManyRemovals(2),
        Problem::TooManyBuilds(1),
        Problem::RemovedEarlier("F Kie".into()),
    ]);
    let _ = LANGUAGES;
    (parse, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_message_exists_in_every_language() {
        assert_eq!(REASONS.missing(), Vec::<(&str, String)>::new());
        assert_eq!(REASONS.parse_errors(), Vec::<(&str, String)>::new());
        let args = [
            "position", "reason", "wanted", "found", "last", "name", "names", "word", "unit", "n",
        ];
        assert_eq!(REASONS.format_errors(&args), Vec::<String>::new());
    }

    /// The English words are the crates' own: a change on either side fails here.
    #[test]
    fn english_is_exactly_the_crates_own_words() {
        let (parse, problems) = samples();
        for r in &parse {
            assert_eq!(parse_reason("en", r), r.english(), "{r:?}");
        }
        for p in &problems {
            assert_eq!(problem("en", p), p.to_string(), "{p:?}");
        }
    }

    /// Every reason is written in every language, with its arguments, and the other
    /// languages do not fall back to English.
    #[test]
    fn every_reason_is_written_in_every_language() {
        let (parse, problems) = samples();
        for lang in ["cs", "fr", "ru"] {
            for r in &parse {
                let s = parse_reason(lang, r);
                assert_ne!(s, r.english(), "{lang}: {r:?} is in English");
                assert!(!s.contains('{'), "{lang}: {s}");
                if let ParseReason::UnknownProvince { name, nearest } = r {
                    assert!(s.contains(name.as_str()), "{lang}: {s}");
                    assert!(
                        nearest.iter().all(|n| s.contains(n.as_str())),
                        "{lang}: {s}"
                    );
                }
            }
            for p in &problems {
                let s = problem(lang, p);
                assert_ne!(s, p.to_string(), "{lang}: {p:?} is in English");
            }
        }
    }

    #[test]
    fn a_stored_reason_is_written_again_in_the_readers_language() {
        let map = entente_map::Map::standard();
        let e = parse_order(&map, "A Parys - Bur").unwrap_err();
        let stored = e.to_string();
        let cs = unreadable("cs", &map, "A Parys - Bur", &stored);
        assert!(
            cs.starts_with("na pozici 3: neznámá provincie 'Parys'"),
            "{cs}"
        );
        assert!(cs.contains("myslíte"), "{cs}");
        assert_eq!(unreadable("en", &map, "A Parys - Bur", &stored), stored);
        // Words that the line no longer gives are kept as stored.
        assert_eq!(
            unreadable("fr", &map, "A Par - Bur", "old words"),
            "old words"
        );
        assert_eq!(problem_words("ru", "not adjacent"), "не соседние");
        assert_eq!(problem_words("ru", "other words"), "other words");
    }
}
