//! Issue 19: the club's variants through the game master's command line. The Great War is
//! listed, created with setup 2 (two players, Italy neutral), played into 1915 where Italy
//! joins a side, and drawn with the standard board's geometry.

mod common;
use common::{entente_in as entente, orders_in as orders, scratch};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Draws `case` of `cases/variants/<variant>.scn` with `entente render` into `dir` and
/// returns the board `file` it wrote.
fn render_case(dir: &Path, variant: &str, case: &str, file: &str) -> String {
    let scn = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../cases/variants/{variant}.scn"));
    entente(
        &[
            "render",
            scn.to_str().unwrap(),
            "--case",
            case,
            "--out",
            dir.to_str().unwrap(),
        ],
        dir,
    );
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn the_great_war_is_listed_and_checked() {
    let dir = scratch("variants_club_cli", "greatwar-list");
    let list = entente(&["variant", "list"], &dir);
    assert!(
        list.contains("greatwar   Great War — 7 powers, 75 provinces, 34 centres, 24 to win"),
        "{list}"
    );
    let check = entente(&["variant", "check", "great war"], &dir);
    assert!(
        check.contains("start:     Spring 1914; 24 of 34 centres win"),
        "{check}"
    );
}

#[test]
fn a_great_war_game_from_1914_until_italy_joins() {
    let dir = scratch("variants_club_cli", "greatwar-game");
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "greatwar",
            "--setup",
            "2",
            "--seed",
            "5",
            "--players",
            "Ann:England/France/Russia,Bob:Austria/Germany/Turkey",
        ],
        &dir,
    );
    assert!(created.contains("Spring 1914 movement"), "{created}");
    assert!(created.contains("Neutral: Italy"), "{created}");

    // Spring 1914: a move into Italy is refused while Italy is neutral.
    let sheet = orders(&dir, "France", &["A Mar - Pie", "A Par - Bur"]);
    assert!(sheet.contains("impassable"), "{sheet}");
    let spring = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(spring.contains("France: A Paris -> Burgundy."), "{spring}");

    // Fall 1914 and its adjustments pass with no orders; the coin is tossed before the
    // adjustments, and Italy joins the winner in Spring 1915.
    entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    let mut status = entente(&["game", "status", "g.json"], &dir);
    if status.contains("Winter 1914") {
        entente(&["game", "adjudicate", "g.json", "--force"], &dir);
        status = entente(&["game", "status", "g.json"], &dir);
    }
    assert!(status.contains("Spring 1915 movement"), "{status}");
    assert!(!status.contains("Neutral: Italy"), "{status}");
    let sheet = orders(&dir, "Italy", &["F Nap - Ion", "A Ven - Pie"]);
    assert!(!sheet.contains("impassable"), "{sheet}");
    let spring = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(
        spring.contains("Italy: F Naples -> Ionian Sea."),
        "{spring}"
    );
}

#[test]
fn the_great_war_is_drawn_on_the_standard_board() {
    let dir = scratch("variants_club_cli", "greatwar-render");
    let svg = render_case(
        &dir,
        "greatwar",
        "closed.3",
        "greatwar-01-spring-1915-movement.svg",
    );
    // The standard geometry draws every space as a path; the schematic fallback would draw
    // circles joined by lines instead.
    let paths = svg.matches("<path").count();
    let lines = svg.matches("<line").count();
    assert!(paths >= 75, "{paths} paths: the standard board's outlines");
    assert!(lines < 75, "{lines} lines: not the schematic");
}

#[test]
fn a_versailles_game_and_its_schematic_board() {
    let dir = scratch("variants_club_cli", "versailles-game");
    let list = entente(&["variant", "list"], &dir);
    assert!(
        list.contains("versailles Versailles — 7 powers, 97 provinces, 43 centres, 22 to win"),
        "{list}"
    );
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "versailles",
            "--players",
            "A:Britain,B:France,C:Germany,D:Italy,E:Poland,F:Turkey,G:USSR",
        ],
        &dir,
    );
    assert!(created.contains("Spring 1929 movement"), "{created}");
    // Britain's minor, Egypt, is its home centre and its fleet sails from there.
    orders(&dir, "Britain", &["F Egy - Ems", "A Lvp - Wal"]);
    let spring = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(
        spring.contains("Britain: F Egypt -> Eastern Mediterranean Sea."),
        "{spring}"
    );

    // No geometry is committed for Versailles: the board is drawn as the schematic.
    let svg = render_case(
        &dir,
        "versailles",
        "start.1",
        "versailles-01-spring-1929-movement.svg",
    );
    assert!(svg.contains("Spring 1929 movement"));
    assert!(
        svg.matches("<circle").count() >= 76,
        "a node for each land space"
    );
}

#[test]
fn the_great_war_is_the_two_player_game_without_asking_for_setup_2() {
    let dir = scratch("variants_club_cli", "greatwar-default-setup");
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "great war",
            "--players",
            "Ann:England/France/Russia,Bob:Austria/Germany/Turkey",
        ],
        &dir,
    );
    assert!(created.contains("setup 2"), "{created}");
    assert!(created.contains("Spring 1914 movement"), "{created}");
    assert!(created.contains("Neutral: Italy"), "{created}");
}

#[test]
fn a_variant_naming_an_unknown_setup_is_refused_with_its_line() {
    let dir = scratch("variants_club_cli", "greatwar-bad-setup");
    let good = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../entente-map/variants/greatwar.toml"),
    )
    .unwrap();
    let bad = good.replacen("\nsetup = \"2\"", "\nsetup = \"9\"", 1);
    let line = bad.lines().position(|l| l.starts_with("setup = ")).unwrap() + 1;
    std::fs::write(dir.join("bad.toml"), bad).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(["variant", "check", "bad.toml"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("bad.toml:{line}: error: setup '9'")),
        "{err}"
    );
}

/// Imperial through the command line: listed, created with its thirteen powers in 1861,
/// Turkey's fleet sails into the Black Sea and, Turkey owning Constantinople, straight on
/// through the strait into the Aegean; the board is drawn (the schematic: no geometry is
/// committed for Imperial's world map).
#[test]
fn an_imperial_game_crosses_the_straits_of_constantinople() {
    let dir = scratch("variants_club_cli", "imperial-game");
    let list = entente(&["variant", "list"], &dir);
    assert!(
        list.contains("imperial   Imperial — 13 powers, 346 provinces, 172 centres, 84 to win"),
        "{list}"
    );
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "imperial",
            "--players",
            "A:Austria,B:Brazil,C:Britain,D:China,E:CSA,F:France,G:Holland,H:Japan,\
             I:Mexico,J:Prussia,K:Russia,L:Turkey,M:USA",
        ],
        &dir,
    );
    assert!(created.contains("Spring 1861 movement"), "{created}");
    orders(&dir, "Turkey", &["F Ang/nc - Bla"]);
    let spring = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(
        spring.contains("Turkey: F Angora (north coast) -> Black Sea."),
        "{spring}"
    );
    let sheet = orders(&dir, "Turkey", &["F Bla - Aeg"]);
    assert!(!sheet.contains("not adjacent"), "{sheet}");
    let fall = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(
        fall.contains("Turkey: F Black Sea -> Aegean Sea."),
        "{fall}"
    );

    let svg = render_case(
        &dir,
        "imperial",
        "strait.1",
        "imperial-01-spring-1861-movement.svg",
    );
    assert!(svg.contains("Spring 1861 movement"), "the board's title");
    assert!(svg.contains(">Aeg</text>"), "the spaces are labelled");
    assert_eq!(svg.matches("id=\"p-").count(), 346, "every space drawn");
}
