//! `entente adjudicate`: a scenario file is read as the test runner reads it, and the judge
//! form tells the truth (issue 10): the retreating unit is named, centres and adjustments as
//! they stand, a bounced unit that was also dislodged marked both, an illegal order listed
//! once, an empty file refused.

mod common;
use common::{s, scratch, text, SEVEN};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `entente adjudicate` from the workspace root: (exit code, stdout, stderr).
fn adjudicate(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["adjudicate"];
    all.extend_from_slice(args);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(&all)
        .current_dir(root())
        .output()
        .expect("run entente");
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// Writes a scenario file into a scratch directory of the test.
fn scenario(test: &str, body: &str) -> PathBuf {
    let f = scratch("judge-form", test).join("case.scn");
    std::fs::write(&f, body).unwrap();
    f
}

/// The listing of one phase: from its title line to the next phase's title.
fn phase<'a>(listing: &'a str, title: &str) -> &'a str {
    let start = listing
        .find(&format!("{title}\n"))
        .unwrap_or_else(|| panic!("no phase '{title}' in:\n{listing}"));
    let rest = &listing[start + title.len()..];
    let end = ["Spring ", "Fall ", "Winter "]
        .iter()
        .filter_map(|t| rest.find(&format!("\n{t}")))
        .min()
        .unwrap_or(rest.len());
    &listing[start..start + title.len() + end]
}

#[test]
fn every_datc_file_passes_its_own_check_on_the_command_line() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("cases/datc"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 10);
    for f in files {
        let (code, _, err) = adjudicate(&[s(&f), "--check"]);
        assert_eq!(code, 0, "{}:\n{err}", f.display());
    }
}

const MULTI_ROUTE_CONVOY: &str = "\
orders:
England:
  F English Channel Convoys A London - Belgium    => fails, dislodged
  F North Sea Convoys A London - Belgium
  A London - Belgium                              => fails
France:
  F Brest Supports F Mid-Atlantic Ocean - English Channel
  F Mid-Atlantic Ocean - English Channel          => succeeds
";

#[test]
fn option_lines_apply_without_a_rules_line() {
    let f = scenario(
        "option",
        &format!("option: any-route-disruption\n{MULTI_ROUTE_CONVOY}"),
    );
    let (code, out, err) = adjudicate(&[s(&f), "--check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("England: A London -> Belgium. (*"), "{out}");
}

#[test]
fn the_rules_flag_keeps_the_files_options() {
    let f = scenario(
        "rules-flag",
        &format!("rules: 2023\noption: any-route-disruption\n{MULTI_ROUTE_CONVOY}"),
    );
    for ed in ["2000", "2023", "1982"] {
        let (code, out, err) = adjudicate(&[s(&f), "--rules", ed, "--check"]);
        assert_eq!(code, 0, "--rules {ed}: {out}{err}");
    }
}

#[test]
fn an_empty_file_has_no_case_and_exits_2() {
    for (name, body) in [
        ("empty", ""),
        ("comments", "# nothing here\n\n"),
        ("bom", "\u{feff}"),
    ] {
        let f = scenario(name, body);
        let (code, out, err) = adjudicate(&[s(&f)]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains("no case"), "{name}: {err}");
    }
}

#[test]
fn a_file_saved_with_a_byte_order_mark_adjudicates() {
    let f = scenario(
        "bom-orders",
        "\u{feff}units: start\norders:\nFrance:\n  A Par - Bur\n",
    );
    let (code, out, err) = adjudicate(&[s(&f)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("France: A Paris -> Burgundy.\n"), "{out}");
}

#[test]
fn a_keyword_line_with_a_kelvin_sign_is_an_error_not_a_panic() {
    let f = scenario(
        "kelvin",
        "variant: \u{212A}ä\norders:\nFrance: A Par - Bur\n",
    );
    let (code, out, err) = adjudicate(&[s(&f)]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_retreat_names_the_dislodged_unit_not_the_one_now_in_its_province() {
    let f = scenario(
        "retreat",
        "\
units:
  Russia: F Sevastopol
  Turkey: A Armenia, F Black Sea
orders:
Turkey:
  A Armenia - Sevastopol
  F Black Sea Supports A Armenia - Sevastopol
phase: Spring 1901 retreat
orders:
Russia:
  F Sev - Rum
",
    );
    let (code, out, err) = adjudicate(&[s(&f)]);
    assert_eq!(code, 0, "{err}");
    let retreats = phase(&out, "Spring 1901 retreats");
    assert!(
        retreats.contains("Russia: F Sevastopol -> Rumania.\n"),
        "{retreats}"
    );
    assert!(!retreats.contains("A Sevastopol ->"), "{retreats}");
}

fn sample_game() -> String {
    let (code, out, err) =
        adjudicate(&["cases/rulebooks/rules-1982-cs.scn", "--case", "sample.game"]);
    assert_eq!(code, 0, "{err}");
    out
}

/// The "Ownership of supply centres" line of a power in a phase's listing.
fn ownership<'a>(listing: &'a str, power: &str) -> &'a str {
    let centres = &listing[listing
        .find("Ownership of supply centres:")
        .unwrap_or_else(|| panic!("no ownership in:\n{listing}"))..];
    centres
        .lines()
        .find(|l| l.starts_with(&format!("{power}: ")))
        .unwrap_or_else(|| panic!("no {power} in:\n{centres}"))
}

#[test]
fn sample_game_fall_1902_shows_the_rulebooks_centres_and_adjustments() {
    let out = sample_game();
    // After the movement, retreats are still to come: centres have not changed hands and
    // nothing is said about builds.
    let movement = phase(&out, "Fall 1902 movement");
    for power in [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ] {
        let line = ownership(movement, power);
        assert!(
            !line.contains("builds") && !line.contains("removes"),
            "{line}"
        );
    }
    // After the retreats the season is over: the rulebook's Winter 1902 (line 1147):
    // England, France, Germany, Austria and Turkey build one, Italy nothing, Russia
    // removes one (four centres, five units).
    let retreats = phase(&out, "Fall 1902 retreats");
    for (power, want) in [
        ("Austria", "(5 centres, 4 units, builds 1)"),
        ("England", "(5 centres, 4 units, builds 1)"),
        ("France", "(5 centres, 4 units, builds 1)"),
        ("Germany", "(6 centres, 5 units, builds 1)"),
        ("Italy", "(4 centres, 4 units)"),
        ("Russia", "(4 centres, 5 units, removes 1)"),
        ("Turkey", "(5 centres, 4 units, builds 1)"),
    ] {
        let line = ownership(retreats, power);
        assert!(line.ends_with(want), "{power}: {line}");
    }
    assert!(
        ownership(retreats, "Russia").starts_with("Russia: Moscow, Sevastopol, Sweden, Warsaw.")
    );
    // After the Winter, nothing is due any more.
    let winter = phase(&out, "Winter 1902 adjustments");
    assert!(
        ownership(winter, "Russia").ends_with("(4 centres, 4 units)"),
        "{winter}"
    );
}

#[test]
fn spring_listings_say_nothing_about_builds() {
    let out = sample_game();
    for title in ["Spring 1901 movement", "Spring 1902 movement"] {
        let listing = phase(&out, title);
        assert!(
            !listing.contains("builds") && !listing.contains("removes"),
            "{listing}"
        );
    }
    // A Spring position with more centres than units: Fall may change that, nothing is due.
    let f = scenario(
        "spring-builds",
        "units:\n  Russia: A Moscow\ncentres:\n  Russia: mos stp war\norders:\nRussia: A Mos - Ukr\n",
    );
    let (code, spring, err) = adjudicate(&[s(&f)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        ownership(&spring, "Russia").ends_with("(3 centres, 1 unit)"),
        "{spring}"
    );
    // Fall 1901 had no retreats: the season ended with the movement, builds are final.
    let fall = phase(&out, "Fall 1901 movement");
    assert!(
        ownership(fall, "Russia").ends_with("(6 centres, 4 units, builds 2)"),
        "{fall}"
    );
}

#[test]
fn a_bounced_unit_that_was_also_dislodged_is_marked_both() {
    let out = sample_game();
    let movement = phase(&out, "Fall 1902 movement");
    for line in [
        "France: A Burgundy -> Belgium. (*bounce, dislodged*)\n",
        "Russia: A St. Petersburg -> Norway. (*bounce, dislodged*)\n",
        "The Russian Fleet in Rumania with no valid retreats was destroyed.\n",
    ] {
        assert!(movement.contains(line), "missing {line:?} in:\n{movement}");
    }
}

#[test]
fn an_illegal_order_is_listed_once_and_the_unit_holds() {
    let f = scenario(
        "illegal",
        "units: start\norders:\nFrance:\n  A Par - Mun\n  A Mar - Spa\n",
    );
    let (code, out, err) = adjudicate(&[s(&f)]);
    assert_eq!(code, 0, "{err}");
    let paris: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("France: A Paris ") && !l.contains(','))
        .collect();
    assert_eq!(
        paris,
        ["France: A Paris -> Munich. (*illegal: not adjacent*) (holds)"],
        "{out}"
    );
    assert!(out.contains("France: F Brest HOLD. (*no order*)"), "{out}");
}

/// Sends one power's sheet to a game record.
fn send(game: &Path, power: &str, sheet: &str) {
    let file = game.with_extension(format!("{power}.txt"));
    std::fs::write(&file, sheet).unwrap();
    common::ok(&["game", "orders", s(game), "--power", power, s(&file)]);
}

#[test]
fn a_unit_destroyed_for_want_of_a_retreat_is_named_in_the_recorded_history() {
    let game = scratch("judge-form", "destroyed").join("game.json");
    common::ok(&["game", "new", s(&game), "--players", SEVEN]);
    send(&game, "Turkey", "F Ank - Bla\nA Smy - Arm\nA Con - Bul\n");
    send(&game, "Russia", "A Mos H\n");
    common::ok(&["game", "adjudicate", s(&game), "--force"]);
    // Turkey takes Sevastopol with support and fills Rumania: the Russian fleet has
    // nowhere to go and is destroyed at once; no retreat phase follows.
    send(
        &game,
        "Turkey",
        "A Arm - Sev\nF Bla S A Arm - Sev\nA Bul - Rum\n",
    );
    send(&game, "Russia", "F Sev H\n");
    common::ok(&["game", "adjudicate", s(&game), "--force"]);
    // The history is read back from the record.
    let history = common::ok(&["game", "history", s(&game)]);
    let fall = phase(&history, "Fall 1901 movement");
    for line in [
        "Russia: F Sevastopol HOLD. (*dislodged*)",
        "The Russian Fleet in Sevastopol with no valid retreats was destroyed.",
        "Russia: Moscow, St. Petersburg, Warsaw. (3 centres, 3 units)",
        "Turkey: Ankara, Constantinople, Rumania, Sevastopol, Smyrna. (5 centres, 3 units, builds 2)",
    ] {
        assert!(fall.contains(line), "missing {line:?} in:\n{fall}");
    }
}
