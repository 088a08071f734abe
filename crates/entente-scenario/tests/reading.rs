//! Reading `.scn` text: what a file says about its rules applies the same whoever reads it
//! (the test runner, `entente adjudicate`), and odd text (a byte-order mark, characters whose
//! lower case is longer or shorter) is read, never a panic.

use entente_judge::{AdjacentConvoy, Edition, Rulebook};
use entente_scenario::{execute_case, parse_scenarios};
use std::path::Path;

#[test]
fn a_byte_order_mark_before_the_first_line_is_ignored() {
    let text = "\u{feff}units: start\norders:\nFrance: A Par - Bur\n";
    let cases = parse_scenarios(text).expect("a file saved by Notepad reads");
    assert_eq!(cases.len(), 1);
    let (_, runs) = execute_case(&cases[0]).expect("runs");
    assert_eq!(runs.len(), 1);
    assert!(runs[0].outcome.orders()[0].outcome.succeeded());
}

#[test]
fn a_byte_order_mark_before_a_case_line_is_ignored() {
    let text = "\u{feff}case 1 First\norders:\nFrance: A Par - Bur\n";
    let cases = parse_scenarios(text).expect("reads");
    assert_eq!(cases[0].id, "1");
    assert_eq!(cases[0].title, "First");
}

#[test]
fn keyword_lines_with_letters_whose_lower_case_changes_length_do_not_panic() {
    // The Kelvin sign lowers to a one-byte 'k'; the dotted capital I to three bytes.
    let cases = parse_scenarios("variant: \u{212A}ä\n").expect("reads");
    assert_eq!(cases[0].variant, "\u{212A}ä");
    let cases = parse_scenarios("VARIANT: \u{130}stanbul\n").expect("reads");
    assert_eq!(cases[0].variant, "\u{130}stanbul");
    for text in [
        "\u{212A}\u{212A}\u{212A}: A Par - Bur\n",
        "orders:\n\u{212A}ä: A Par - Bur\n",
        "\u{130}\u{130}\u{130}\u{130}:\n",
        "units:\n  France: \u{212A}\n",
        "rules: \u{212A}\n",
        "phase: \u{212A} 1901 movement\n",
    ] {
        // An error or not, but an answer.
        let _ = parse_scenarios(text);
    }
}

#[test]
fn a_case_that_names_no_edition_uses_the_2000_rules() {
    let cases = parse_scenarios("units: start\norders:\nFrance: A Par - Bur\n").unwrap();
    assert_eq!(cases[0].rules, Rulebook::edition(Edition::E2000));
}

#[test]
fn settings_before_the_first_case_apply_to_every_case() {
    let text = "\
rules: 1971
option: adjacent-convoy-if-route
case a One
orders:
France: A Par - Bur
case b Two
rules: 2023
orders:
France: A Par - Bur
case c Three
variant: pure
";
    let cases = parse_scenarios(text).unwrap();
    assert_eq!(
        cases.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
        ["a", "b", "c"],
        "the settings make no case of their own"
    );
    assert_eq!(cases[0].rules.edition, Edition::E1971);
    assert_eq!(
        cases[0].rules.adjacent_convoy,
        AdjacentConvoy::ViaOrOwnFleetIfRoute
    );
    // A case's own rules line changes the edition; the file's options still apply.
    assert_eq!(cases[1].rules.edition, Edition::E2023);
    assert_eq!(
        cases[1].rules.adjacent_convoy,
        AdjacentConvoy::ViaOrOwnFleetIfRoute
    );
    assert_eq!(cases[2].rules.edition, Edition::E1971);
    assert_eq!(cases[2].variant, "pure");
}

#[test]
fn an_option_line_is_kept_whether_it_comes_before_or_after_the_rules_line() {
    for text in [
        "option: any-route-disruption\nrules: 2023\n",
        "rules: 2023\noption: any-route-disruption\n",
    ] {
        let case = &parse_scenarios(text).unwrap()[0];
        assert_eq!(case.rules.edition, Edition::E2023, "{text}");
        assert!(case.rules.any_route_disruption_fails, "{text}");
        assert_eq!(case.options, ["any-route-disruption"]);
    }
}

#[test]
fn another_edition_keeps_the_case_options() {
    let mut case =
        parse_scenarios("rules: 2023\noption: any-route-disruption\n").unwrap()[0].clone();
    case.set_edition(Edition::E1982);
    assert_eq!(case.rules.edition, Edition::E1982);
    assert!(case.rules.any_route_disruption_fails);
}

#[test]
fn every_datc_case_reads_under_the_2023_rules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cases/datc");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "scn") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for case in parse_scenarios(&text).unwrap() {
            assert_eq!(
                case.rules,
                Rulebook::datc(),
                "{} case {}",
                path.display(),
                case.id
            );
            n += 1;
        }
    }
    assert!(n >= 164, "{n} DATC cases");
}

#[test]
fn a_move_ending_in_a_bare_via_is_a_convoyed_move() {
    // The Python `diplomacy` package writes `A LON - BEL VIA`.
    let text = "\
units:
  England: A London, F North Sea
orders:
England:
  A LON - BEL VIA        => succeeds
  F NTH C A LON - BEL    => succeeds
";
    let case = &parse_scenarios(text).unwrap()[0];
    let (_, runs) = execute_case(case).expect("the order reads");
    let bad = entente_scenario::check_case(case, &entente_map::Map::standard(), &runs);
    assert!(bad.is_empty(), "{bad:?}");
    assert!(matches!(
        runs[0].orders[0].1,
        entente_orders::Order::Move {
            via_convoy: true,
            ..
        }
    ));
}

#[test]
fn a_stated_reason_is_read_with_its_cause_and_unit() {
    use entente_scenario::{Expect, Reason};
    let text = "orders:\nGermany: A Mun S A Sil - Boh => fails: cut by A Tyr\n\
                Germany: A Ber - Sil => fails: bounce (standoff) by war, not dislodged\n\
                England: F Nth - Pic => illegal: not adjacent\n";
    let cases = parse_scenarios(text).expect("reads");
    let orders = &cases[0].phases[0].orders;
    assert_eq!(
        orders[0].expect,
        vec![Expect::FailsBecause(Reason {
            word: "cut".into(),
            cause: None,
            by: Some((Some('a'), "tyr".into())),
        })]
    );
    assert_eq!(
        orders[1].expect,
        vec![
            Expect::FailsBecause(Reason {
                word: "bounce".into(),
                cause: Some("standoff".into()),
                by: Some((None, "war".into())),
            }),
            Expect::NotDislodged
        ]
    );
    assert_eq!(
        orders[2].expect,
        vec![Expect::IllegalBecause("not adjacent".into())]
    );
}

#[test]
fn an_unknown_reason_is_a_clear_error() {
    for (bad, says) in [
        ("fails: sneezed", "unknown reason"),
        ("fails: bounce (sideways)", "unknown reason"),
        ("fails: bounce (standoff", "unclosed"),
        ("illegal: too far", "unknown illegality"),
    ] {
        let text = format!("orders:\nGermany: A Ber - Sil => {bad}\n");
        let e = parse_scenarios(&text).expect_err(bad).to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn a_reason_naming_an_unknown_province_is_reported_not_a_panic() {
    let text = "orders:\nGermany: A Ber - Sil => fails: bounce by A Atlantis\n\
                Russia: A War - Sil\n";
    let cases = parse_scenarios(text).expect("reads");
    let (map, runs) = execute_case(&cases[0]).expect("runs");
    let bad = entente_scenario::check_case(&cases[0], &map, &runs);
    assert!(
        bad.iter()
            .any(|b| b.contains("unknown province 'atlantis'")),
        "{bad:?}"
    );
}
