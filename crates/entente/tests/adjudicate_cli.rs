//! Issue 2: `entente adjudicate` on the Spring 1901 opening of the rulebook's sample game
//! (2000 rules) prints the rulebook's outcome: every order succeeds except the two moves to
//! the Black Sea and the two moves to Galicia, which bounce.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("run entente");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn spring_1901_of_the_sample_game_prints_the_rulebook_outcome() {
    let (ok, text) = run(&["adjudicate", "examples/spring-1901.scn"]);
    assert!(ok, "{text}");
    let bounced: Vec<&str> = text.lines().filter(|l| l.ends_with("(*bounce*)")).collect();
    assert_eq!(
        bounced,
        vec![
            "Austria: A Budapest -> Galicia. (*bounce*)",
            "Russia: A Warsaw -> Galicia. (*bounce*)",
            "Russia: F Sevastopol -> Black Sea. (*bounce*)",
            "Turkey: F Ankara -> Black Sea. (*bounce*)",
        ]
    );
    let orders = text.lines().filter(|l| l.contains(" -> ")).count();
    assert_eq!(orders, 22, "all 22 orders are listed:\n{text}");
    assert!(
        !text.contains("(*") || bounced.len() == text.matches("(*").count(),
        "only the four bounces fail:\n{text}"
    );
    for line in [
        "France: A Marseilles -> Spain.",
        "Turkey: A Smyrna -> Constantinople.",
        "Russia: A Ukraine, A Warsaw, F Gulf of Bothnia, F Sevastopol.",
        "Unowned: Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal, Rumania, Serbia, Spain, Sweden, Tunis.",
    ] {
        assert!(text.contains(line), "missing '{line}' in:\n{text}");
    }
}

#[test]
fn json_output_follows_the_documented_schema() {
    let (ok, text) = run(&["adjudicate", "examples/spring-1901.scn", "--json"]);
    assert!(ok, "{text}");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(doc["format"], "entente-adjudication/1");
    let phase = &doc["cases"][0]["phases"][0];
    assert_eq!(phase["phase"], "Spring 1901 movement");
    let orders = phase["orders"].as_array().unwrap();
    assert_eq!(orders.len(), 22);
    let failed: Vec<&str> = orders
        .iter()
        .filter(|o| o["result"] == "failed")
        .map(|o| o["order"].as_str().unwrap())
        .collect();
    assert_eq!(
        failed,
        vec!["A bud - gal", "A war - gal", "F sev - bla", "F ank - bla"]
    );
    assert!(orders
        .iter()
        .filter(|o| o["result"] == "failed")
        .all(|o| o["reason"] == "bounce"));
    let mut france: Vec<&str> = phase["after"]["units"]["France"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    france.sort();
    assert_eq!(france, vec!["A bur", "A spa", "F pic"]);
}

#[test]
fn unreadable_order_is_an_error_with_line_and_position_never_a_panic() {
    let dir = std::env::temp_dir().join(format!("entente-adj-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.scn");
    std::fs::write(&f, "units: start\norders:\nFrance:\n  A Par - Xyz\n").unwrap();
    let (ok, text) = run(&["adjudicate", f.to_str().unwrap()]);
    assert!(!ok);
    assert!(text.contains("line 4") && text.contains("Xyz"), "{text}");
    assert!(!text.contains("panicked"), "{text}");
}
