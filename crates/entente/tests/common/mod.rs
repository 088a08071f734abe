//! Helpers shared by the CLI tests: run the `entente` binary, scratch directories, records.
// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod browser;
pub mod club;
pub mod relay;
pub mod server;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The seven players of most tests, each with one power.
pub const SEVEN: &str =
    "Ann:Austria,Ben:England,Cat:France,Dan:Germany,Eva:Italy,Fay:Russia,Gus:Turkey";

pub fn entente(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .output()
        .expect("run entente")
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs a command that must succeed; returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = entente(args);
    assert!(
        out.status.success(),
        "entente {args:?} failed:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Runs `entente` in `dir`: whether it succeeded, and its output (stdout, then stderr). It
/// must not panic, whatever the arguments.
pub fn run_in(args: &[&str], dir: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run entente");
    let text = text(&out.stdout) + &text(&out.stderr);
    assert!(
        !text.contains("panicked"),
        "entente {args:?} panicked:\n{text}"
    );
    (out.status.success(), text)
}

/// Runs `entente` in `dir`, which must succeed; its output.
pub fn entente_in(args: &[&str], dir: &Path) -> String {
    let (ok, text) = run_in(args, dir);
    assert!(ok, "entente {args:?} failed:\n{text}");
    text
}

/// Gives `power`'s orders, one a line, for the game `g.json` in `dir`.
pub fn orders_in(dir: &Path, power: &str, lines: &[&str]) -> String {
    let sheet = dir.join(format!("{power}.txt"));
    std::fs::write(&sheet, lines.join("\n")).unwrap();
    entente_in(
        &["game", "orders", "g.json", "--power", power, s(&sheet)],
        dir,
    )
}

/// A scratch directory of this test's own (`suite` names the test file), so parallel tests
/// do not meet.
pub fn scratch(suite: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("entente-{suite}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A game record file as JSON.
pub fn record(game: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(game).unwrap()).unwrap()
}
