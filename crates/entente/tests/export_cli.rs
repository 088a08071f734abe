//! `entente game export FILE --python OUT.json`: never over the game's own record, never
//! over another file unless `--force`, written atomically, and with the press as the Python
//! `diplomacy` package's saved games keep it (`messages`, per phase).

mod common;
use common::*;

use serde_json::Value;
use std::path::Path;

fn new_game(game: &Path) {
    ok(&["game", "new", s(game), "--players", SEVEN, "--seed", "1"]);
    let sheet = game.with_extension("fr.txt");
    std::fs::write(&sheet, "A Par - Bur\n").unwrap();
    ok(&["game", "orders", s(game), "--power", "France", s(&sheet)]);
}

fn export(game: &Path, out: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["game", "export", s(game), "--python", out];
    args.extend_from_slice(extra);
    entente(&args)
}

#[test]
fn export_refuses_to_overwrite_the_record_itself() {
    let dir = scratch("export-cli", "itself");
    let game = dir.join("g.json");
    new_game(&game);
    let before = std::fs::read_to_string(&game).unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&game, &link).unwrap();
    let hard = dir.join("hard.json");
    std::fs::hard_link(&game, &hard).unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let same = [
        s(&game).to_string(),
        format!("{}/./g.json", s(&dir)),
        format!("{}/sub/../g.json", s(&dir)),
        s(&link).to_string(),
        s(&hard).to_string(),
    ];
    for target in &same {
        for force in [&[][..], &["--force"]] {
            let out = export(&game, target, force);
            assert_eq!(out.status.code(), Some(2), "{target} {force:?}");
            let err = text(&out.stderr);
            assert!(err.contains("that is the game's record"), "{err}");
            assert_eq!(std::fs::read_to_string(&game).unwrap(), before, "{target}");
        }
    }
    // The record still loads and goes on.
    ok(&["game", "status", s(&game)]);
}

#[test]
fn export_refuses_an_existing_file_unless_forced_and_replaces_it_whole() {
    let dir = scratch("export-cli", "existing");
    let game = dir.join("g.json");
    new_game(&game);
    let out_file = dir.join("out.json");
    std::fs::write(&out_file, "my notes\n").unwrap();
    let out = export(&game, s(&out_file), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("already exists (give --force to replace it)"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), "my notes\n");

    // With --force the file is replaced by a new one (renamed over it: a reader never sees
    // half a file), and nothing else is left in the directory.
    use std::os::unix::fs::MetadataExt;
    let inode = std::fs::metadata(&out_file).unwrap().ino();
    let out = export(&game, s(&out_file), &["--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(v["phases"][0]["name"], "S1901M");
    assert_ne!(std::fs::metadata(&out_file).unwrap().ino(), inode);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with(".g.json"))
        .collect();
    names.sort();
    assert_eq!(names, ["g.fr.txt", "g.json", "out.json"]);

    // A new file needs no --force; standard output never does.
    let fresh = dir.join("fresh.json");
    ok(&["game", "export", s(&game), "--python", s(&fresh)]);
    let stdout = ok(&["game", "export", s(&game), "--python", "-"]);
    assert_eq!(stdout, std::fs::read_to_string(&fresh).unwrap());
}

#[test]
fn export_writes_the_press_as_the_packages_messages() {
    let dir = scratch("export-cli", "press");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    let press = |from: &str, to: &str, text: &str| {
        ok(&["game", "press", s(&game), "--from", from, "--to", to, text])
    };
    press("France", "England", "Leave the Channel empty?");
    press("Germany", "Russia,Austria", "Sweden is yours.");
    press("Turkey", "all", "Peace.");
    let py = dir.join("py.json");
    ok(&["game", "export", s(&game), "--python", s(&py)]);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&py).unwrap()).unwrap();
    assert_eq!(v["phases"][0]["messages"].as_array().unwrap().len(), 4);
    ok(&["game", "adjudicate", s(&game), "--force"]);
    press("England", "France", "Thank you.");
    ok(&["game", "export", s(&game), "--python", s(&py), "--force"]);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&py).unwrap()).unwrap();
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 2);
    let spring = phases[0]["messages"].as_array().unwrap();
    let fall = phases[1]["messages"].as_array().unwrap();
    let plain = |m: &Value| {
        (
            m["sender"].as_str().unwrap().to_string(),
            m["recipient"].as_str().unwrap().to_string(),
            m["phase"].as_str().unwrap().to_string(),
            m["message"].as_str().unwrap().to_string(),
        )
    };
    let want = |a: &str, b: &str, c: &str, d: &str| {
        (a.to_string(), b.to_string(), c.to_string(), d.to_string())
    };
    assert_eq!(
        spring.iter().map(plain).collect::<Vec<_>>(),
        [
            want("FRANCE", "ENGLAND", "S1901M", "Leave the Channel empty?"),
            want("GERMANY", "AUSTRIA", "S1901M", "Sweden is yours."),
            want("GERMANY", "RUSSIA", "S1901M", "Sweden is yours."),
            want("TURKEY", "GLOBAL", "S1901M", "Peace."),
        ]
    );
    assert_eq!(
        fall.iter().map(plain).collect::<Vec<_>>(),
        [want("ENGLAND", "FRANCE", "F1901M", "Thank you.")]
    );
    // `time_sent`: microseconds since 1970, now-ish, strictly increasing (the package keys
    // a phase's messages by it).
    let times: Vec<i64> = spring
        .iter()
        .chain(fall)
        .map(|m| m["time_sent"].as_i64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
    let now = jiff::Timestamp::now().as_microsecond();
    assert!(
        times.iter().all(|&t| now - t < 3_600_000_000 && t <= now),
        "{times:?}"
    );
    // The export still replays as the game it is.
    let out = ok(&["replay", s(&py)]);
    assert!(out.contains("no difference"), "{out}");
}
