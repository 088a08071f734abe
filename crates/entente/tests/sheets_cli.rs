//! Order sheets as the game master receives them: an empty sheet is refused unless it is
//! meant (`--empty`), a power's stored sheet can be shown (`game sheet`), and what the judge
//! will not carry out is said when the sheet arrives, not only at adjudication: two orders
//! for one unit, more builds than due, a sheet from a power in civil disorder.

mod common;
use common::*;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn new_game(game: &Path) {
    ok(&["game", "new", s(game), "--players", SEVEN, "--seed", "1"]);
}

/// `game orders` with the sheet on standard input.
fn orders_stdin(game: &Path, power: &str, sheet: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(["game", "orders", s(game), "--power", power])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sheet.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn orders(game: &Path, power: &str, sheet: &str) -> String {
    let out = orders_stdin(game, power, sheet);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn an_empty_sheet_is_refused_unless_empty_is_given() {
    let dir = scratch("sheets-cli", "empty");
    let game = dir.join("g.json");
    new_game(&game);
    orders(&game, "England", "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n");
    let before = std::fs::read_to_string(&game).unwrap();
    // Standard input closed at once (`< /dev/null`), or only blank lines and comments.
    for sheet in ["", "\n\n", "# England\n\n", "England:\n"] {
        let out = orders_stdin(&game, "England", sheet);
        assert_eq!(out.status.code(), Some(2), "{sheet:?}");
        let err = text(&out.stderr);
        assert!(err.contains("no orders"), "{err}");
        assert!(err.contains("--empty"), "{err}");
        assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    }
    let out = entente(&["game", "orders", s(&game), "--power", "England"]);
    assert_eq!(out.status.code(), Some(2), "no standard input at all");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    // Meant: the sheet is replaced by nothing (every unit holds), and the power is in.
    let out = ok(&["game", "orders", s(&game), "--power", "England", "--empty"]);
    assert!(
        out.contains("England, Spring 1901 movement: 0 lines received"),
        "{out}"
    );
    let r = record(&game);
    assert_eq!(r["current"]["sheets"]["England"], serde_json::json!([]));
    assert!(ok(&["game", "status", s(&game)]).contains("Orders in: England\n"));
    // --empty takes no sheet.
    let file = dir.join("sheet.txt");
    std::fs::write(&file, "F Lon H\n").unwrap();
    let out = entente(&[
        "game",
        "orders",
        s(&game),
        "--power",
        "England",
        "--empty",
        s(&file),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn sheet_shows_a_powers_stored_sheet() {
    let dir = scratch("sheets-cli", "show");
    let game = dir.join("g.json");
    new_game(&game);
    let out = ok(&["game", "sheet", s(&game), "--power", "France"]);
    assert_eq!(out, "France, Spring 1901 movement: no sheet received.\n");
    orders(&game, "France", "A Par - Bur\nA Mar - Xyz\nF Bre - Mao\n");
    let out = ok(&["game", "sheet", s(&game), "--power", "France"]);
    assert!(
        out.starts_with("France, Spring 1901 movement: 3 lines received.\n"),
        "{out}"
    );
    assert!(out.contains("A Par - Bur"), "{out}");
    assert!(out.contains("=> A par - bur"), "{out}");
    assert!(out.contains("unreadable"), "{out}");
    assert!(out.contains("=> F bre - mao"), "{out}");
    // Only France's sheet: England's is not shown.
    orders(&game, "England", "F Lon - Nth\n");
    let out = ok(&["game", "sheet", s(&game), "--power", "France"]);
    assert!(!out.contains("lon"), "{out}");
    let out = entente(&["game", "sheet", s(&game), "--power", "Narnia"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown power 'Narnia'"));
}

#[test]
fn problems_are_echoed_when_the_sheet_arrives() {
    let dir = scratch("sheets-cli", "problems");
    let game = dir.join("g.json");
    new_game(&game);
    // Two different orders for one unit: it holds.
    let echo = orders(&game, "France", "A Par - Bur\nA Par - Pic\nA Mar H\n");
    let lines: Vec<&str> = echo.lines().collect();
    assert!(
        lines[1].contains("A par - bur") && lines[1].contains("will not be carried out"),
        "{echo}"
    );
    assert!(
        lines[2].contains("A par - pic") && lines[2].contains("will not be carried out"),
        "{echo}"
    );
    assert!(echo.contains("two orders for A par: it holds"), "{echo}");
    assert!(!lines[3].contains("will not"), "{echo}");
    // The game master's view of the same sheet says the same.
    let shown = ok(&["game", "sheet", s(&game), "--power", "France"]);
    assert!(shown.contains("two orders for A par: it holds"), "{shown}");

    // A power in civil disorder: its sheet is kept, and it is told its orders are ignored.
    ok(&["game", "civil-disorder", s(&game), "--power", "Italy"]);
    let echo = orders(&game, "Italy", "A Ven - Pie\n");
    assert!(
        echo.contains("Italy is in civil disorder: its orders are ignored"),
        "{echo}"
    );

    // More builds than due: the ones beyond are void.
    for p in [
        "Austria", "England", "France", "Germany", "Russia", "Turkey",
    ] {
        ok(&["game", "orders", s(&game), "--power", p, "--empty"]);
    }
    orders(&game, "Germany", "F Kie - Den\nA Ber - Kie\nA Mun H\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    orders(&game, "Germany", "F Den H\nA Kie - Hol\nA Mun - Ruh\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(record(&game)["current"]["phase"], "W1901A");
    let echo = orders(&game, "Germany", "Build A Ber\nBuild F Kie\nBuild A Mun\n");
    let lines: Vec<&str> = echo.lines().collect();
    assert!(!lines[1].contains("will not"), "{echo}");
    assert!(!lines[2].contains("will not"), "{echo}");
    assert!(
        lines[3].contains("will not be carried out: more builds than the 2 due"),
        "{echo}"
    );
}
