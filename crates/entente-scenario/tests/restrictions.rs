//! The `impassable:` and `neutral:` settings (docs/scenario-format.md): the judge's
//! restrictions a game's setup imposes, written into a case. A file's settings apply to every
//! case; a name the variant does not know is an error at its line.

use entente_judge::{Illegal, Outcome};
use entente_scenario::{execute_case, parse_scenarios};

#[test]
fn file_settings_close_provinces_and_silence_powers_in_every_case() {
    let text = "\
variant: standard
impassable: pie, ven tus
neutral: Italy

case 1 Closed
units: start
orders:
France: A Mar - Pie
Austria: F Tri - Ven

case 2 Neutral units are disbanded when dislodged
units:
  Italy: F Tyrrhenian Sea
  France: F Gulf of Lyon, F Western Mediterranean
orders:
France: F Lyo - Tys
France: F Wes S F Lyo - Tys
";
    let cases = parse_scenarios(text).unwrap();
    assert_eq!(cases.len(), 2);
    for case in &cases {
        assert_eq!(case.impassable.len(), 3, "case {}", case.id);
        assert_eq!(case.neutral.len(), 1, "case {}", case.id);
    }
    let (_, runs) = execute_case(&cases[0]).unwrap();
    for o in runs[0].outcome.orders() {
        assert_eq!(o.outcome, Outcome::Illegal(Illegal::Impassable));
    }
    let (map, runs) = execute_case(&cases[1]).unwrap();
    let tys = map.lookup_province("tys").unwrap();
    let after = &runs[0].after;
    assert_eq!(
        after.unit_at(tys).map(|u| map.power(u.power).name.as_str()),
        Some("France")
    );
    assert!(
        after.dislodged_at(tys).is_none(),
        "a neutral unit is disbanded at once, with no retreat"
    );
}

#[test]
fn a_case_without_the_settings_is_unrestricted() {
    let cases = parse_scenarios("units: start\norders:\nFrance: A Mar - Pie\n").unwrap();
    assert!(cases[0].impassable.is_empty() && cases[0].neutral.is_empty());
    let (_, runs) = execute_case(&cases[0]).unwrap();
    assert!(runs[0].outcome.orders()[0].outcome.succeeded());
}

#[test]
fn unknown_names_are_errors_at_their_line() {
    let cases =
        parse_scenarios("units: start\nimpassable: pie xyz\norders:\nFrance: A Mar - Pie\n")
            .unwrap();
    let e = execute_case(&cases[0]).err().expect("an unknown province");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("unknown province 'xyz'"), "{e}");

    let cases =
        parse_scenarios("units: start\nneutral: Atlantis\norders:\nFrance: A Mar - Pie\n").unwrap();
    let e = execute_case(&cases[0]).err().expect("an unknown power");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("unknown power 'Atlantis'"), "{e}");
}
