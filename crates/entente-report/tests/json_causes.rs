//! `entente adjudicate --json` carries each failure's cause: `by` and `cause` beside the
//! judge's `reason` word (docs/adjudicate-json.md); the judge form prints the word alone.

use entente_report::{case_json, case_text};
use entente_scenario::{execute_case, parse_scenarios};

const CASE: &str = "rules: 2023\norders:\n\
    Germany: A Munich Supports A Silesia - Bohemia\n\
    Germany: A Silesia - Bohemia\n\
    Austria: A Bohemia - Munich\n\
    Italy: A Tyrolia - Munich\n\
    Russia: A Warsaw - Prussia\n\
    Russia: A Moscow Supports A Warsaw\n";

#[test]
fn the_json_names_who_cut_and_how_a_move_bounced() {
    let cases = parse_scenarios(CASE).unwrap();
    let (map, runs) = execute_case(&cases[0]).unwrap();
    let json = case_json(&map, &cases[0], &runs);
    let orders = &json["phases"][0]["orders"];
    assert_eq!(orders[0]["reason"], "cut");
    assert_eq!(orders[0]["by"], "tyr");
    assert!(orders[0].get("cause").is_none());
    assert_eq!(orders[1]["reason"], "bounce");
    assert_eq!(orders[1]["cause"], "held");
    assert_eq!(orders[1]["by"], "boh");
    assert_eq!(orders[5]["reason"], "void");
    assert_eq!(orders[5]["cause"], "supported unit moves");
    assert!(orders[4].get("by").is_none());
}

#[test]
fn the_judge_form_prints_the_judges_words() {
    let cases = parse_scenarios(CASE).unwrap();
    let (map, runs) = execute_case(&cases[0]).unwrap();
    let text = case_text(&map, &cases[0], &runs);
    assert!(
        text.contains("Munich SUPPORT German A Silesia -> Bohemia. (*cut*)"),
        "{text}"
    );
    assert!(text.contains("A Silesia -> Bohemia. (*bounce*)"), "{text}");
    assert!(
        text.contains("SUPPORT Russian A Warsaw. (*void*)"),
        "{text}"
    );
}
