//! Game records that outlive what made them: a custom variant travels inside the record (the
//! record loads from another directory, and after the variant file is edited or deleted), a
//! record of the first format still loads, and a record written by another judge loads as it
//! was written.

mod common;
use common::*;
use std::process::Command;

fn entente_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_entente"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run entente")
}

fn ok_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = entente_in(dir, args);
    assert!(
        out.status.success(),
        "entente {args:?} in {} failed:\n{}{}",
        dir.display(),
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn a_custom_variant_record_loads_from_another_directory_after_the_file_is_edited_or_deleted() {
    let dir = scratch("records", "custom");
    let club = dir.join("club");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&club).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let pure = include_str!("../../entente-map/variants/pure.toml");
    std::fs::write(club.join("my-map.toml"), pure).unwrap();
    let players: Vec<String> = [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ]
    .iter()
    .map(|p| format!("{p}:{p}"))
    .collect();
    ok_in(
        &club,
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "my-map.toml",
            "--players",
            &players.join(","),
            "--seed",
            "3",
        ],
    );
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(club.join("g.json")).unwrap()).unwrap();
    assert_eq!(rec["format"], "entente-game/2");
    assert!(rec["judge"].as_str().unwrap().starts_with("entente "));
    assert_eq!(
        rec["variant"]["toml"], pure,
        "the variant's text is in the record"
    );
    assert_eq!(rec["variant"]["sha256"].as_str().unwrap().len(), 64);

    // From another directory: the path the game was made with means nothing there.
    let status = ok_in(&elsewhere, &["game", "status", "../club/g.json"]);
    assert!(status.contains("Spring"), "{status}");
    // The file edited so it no longer even parses, then deleted: the game goes on.
    std::fs::write(club.join("my-map.toml"), "this is not a variant").unwrap();
    ok_in(&elsewhere, &["game", "status", "../club/g.json"]);
    std::fs::remove_file(club.join("my-map.toml")).unwrap();
    ok_in(
        &elsewhere,
        &["game", "adjudicate", "../club/g.json", "--force"],
    );
    let history = ok_in(&elsewhere, &["game", "history", "../club/g.json"]);
    assert!(history.contains("Fall"), "{history}");
}

#[test]
fn a_built_in_variant_is_named_with_its_hash_not_copied() {
    let dir = scratch("records", "builtin");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    let rec = record(&game);
    assert_eq!(rec["variant"]["name"], "standard");
    assert!(rec["variant"].get("toml").is_none());
}

/// A record of format 1 (the variant by name, results without causes) still loads: its
/// phases' results are adjudicated again from their recorded positions for display, and the
/// game goes on from the recorded current position.
#[test]
fn a_format_one_record_still_loads() {
    let dir = scratch("records", "format1");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    let sheet = dir.join("france.txt");
    std::fs::write(&sheet, "A Par - Bur\nA Mar S A Par - Bur\n").unwrap();
    ok(&["game", "orders", s(&game), "--power", "France", s(&sheet)]);
    ok(&["game", "adjudicate", s(&game), "--force"]);
    let history_now = ok(&["game", "history", s(&game)]);
    // Make it a format-1 record: the variant by name, no causes, no events.
    let mut rec = record(&game);
    rec["format"] = "entente-game/1".into();
    rec["variant"] = "standard".into();
    let obj = rec.as_object_mut().unwrap();
    obj.remove("judge");
    obj.remove("events");
    for ph in rec["phases"].as_array_mut().unwrap() {
        ph.as_object_mut().unwrap().remove("dislodged");
        for o in ph["orders"].as_array_mut().unwrap() {
            o.as_object_mut().unwrap().remove("by");
        }
    }
    let old = dir.join("old.json");
    std::fs::write(&old, serde_json::to_string_pretty(&rec).unwrap()).unwrap();
    let history_old = ok(&["game", "history", s(&old)]).replace(s(&old), s(&game));
    let body = |h: &str| h.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&history_old), body(&history_now));
    // Saved again, it is a format-2 record.
    ok(&["game", "civil-disorder", s(&old), "--power", "Italy"]);
    assert_eq!(record(&old)["format"], "entente-game/2");
}

/// The game master's acts from the command line, each logged in the record.
#[test]
fn game_master_acts_are_logged() {
    let dir = scratch("records", "acts");
    let game = dir.join("g.json");
    ok(&[
        "game",
        "new",
        s(&game),
        "--players",
        SEVEN,
        "--seed",
        "1",
        "--time-zone",
        "Europe/Paris",
    ]);
    let out = ok(&["game", "deadline", s(&game), "2026-11-27 23:59"]);
    assert_eq!(out, "Deadline: Friday 2026-11-27 23:59 CET.\n");
    assert_eq!(record(&game)["deadline"]["at"], "2026-11-27T22:59:00Z");
    assert_eq!(ok(&["game", "pause", s(&game)]), "Paused.\n");
    let again = entente(&["game", "pause", s(&game)]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already paused"));
    assert!(ok(&["game", "status", s(&game)]).contains("Paused by the game master."));
    ok(&["game", "resume", s(&game)]);
    let out = ok(&[
        "game",
        "replace",
        s(&game),
        "--power",
        "France",
        "--player",
        "Zoe",
    ]);
    assert_eq!(out, "Zoe now plays France.\n");
    let log = ok(&["game", "log", s(&game)]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 4, "{log}");
    assert!(
        lines[0].starts_with("1. ")
            && lines[0].ends_with("Spring 1901 movement: deadline 2026-11-27T22:59:00Z"),
        "{log}"
    );
    assert!(lines[3].ends_with("Zoe replaces Cat"), "{log}");
    let bad = entente(&["game", "deadline", s(&game), "Friday"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("not a date and time"));
}
