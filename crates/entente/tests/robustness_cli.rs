//! A command line that fails cleanly: output to a pipe closed early ends quietly (no panic),
//! years the game cannot reach are refused, a picture too large to allocate is refused, and
//! inputs are read up to a limit (a sheet from `/dev/zero` is refused, not read until memory
//! runs out).

mod common;
use common::*;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const SCN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/spring-1901.scn"
);
/// A game with some history: a few phases of holds.
fn played_game(game: &Path, phases: usize) {
    ok(&["game", "new", s(game), "--players", SEVEN, "--seed", "1"]);
    for _ in 0..phases {
        ok(&["game", "adjudicate", s(game), "--force"]);
    }
}

/// Whether the process ended as a pipeline's writer should when its reader is gone: by
/// SIGPIPE or with an error, never by a panic (exit 101).
fn ended_quietly(out: &Output) -> bool {
    let err = text(&out.stderr);
    out.status.code() != Some(101) && !err.contains("panicked") && !err.contains("Broken pipe")
}

/// Runs `entente ARGS` with its output going to a pipe that is closed before it writes.
fn closed_at_once(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

/// `entente ARGS | head -1`: reads one line, then closes the pipe.
fn head_one(args: &[&str]) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (first, child.wait_with_output().unwrap())
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    let dir = scratch("robustness-cli", "pipe");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    for args in [
        &["game", "history", s(&game)][..],
        &["game", "status", s(&game)],
        &["game", "log", s(&game)],
        &["variant", "list"],
        &["adjudicate", SCN],
        &["game", "export", s(&game), "--python", "-"],
    ] {
        let out = closed_at_once(args);
        assert!(
            ended_quietly(&out),
            "{args:?}: {:?}: {}",
            out.status,
            text(&out.stderr)
        );
    }
    // `entente game history g.json | head -1`, with more history than a pipe holds.
    let long = dir.join("long.json");
    played_game(&long, 40);
    let (first, out) = head_one(&["game", "history", s(&long)]);
    assert!(first.contains("long.json"), "{first}");
    assert!(
        ended_quietly(&out),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
}

#[test]
fn years_the_game_cannot_reach_are_refused() {
    let dir = scratch("robustness-cli", "years");
    for (flag, year) in [
        ("--first-year", "2147483647"),
        ("--first-year", "-2147483648"),
        ("--end-year", "2147483647"),
    ] {
        let game = dir.join("g.json");
        let out = entente(&[
            "game",
            "new",
            s(&game),
            "--players",
            SEVEN,
            &format!("{flag}={year}"),
        ]);
        assert_eq!(out.status.code(), Some(2), "{flag} {year}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!(
                "{year}: a game is played between the years -100000 and 100000"
            )),
            "{err}"
        );
        assert!(!game.exists());
    }
    // A short game cannot end before it starts.
    let game = dir.join("short.json");
    let out = entente(&[
        "game",
        "new",
        s(&game),
        "--players",
        SEVEN,
        "--end-year",
        "1900",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("end year 1900: the game starts in 1901"));
    // The last year that may start a game plays on.
    let game = dir.join("far.json");
    ok(&[
        "game",
        "new",
        s(&game),
        "--players",
        SEVEN,
        "--first-year",
        "100000",
    ]);
    ok(&["game", "adjudicate", s(&game), "--force"]);
    ok(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(record(&game)["current"]["phase"], "S100001M");
    // A record edited to an unreachable year is refused when it loads, not played.
    let mut r = record(&game);
    r["current"]["phase"] = "S2147483647M".into();
    std::fs::write(&game, serde_json::to_string(&r).unwrap()).unwrap();
    let out = entente(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("2147483647: a game is played between"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_png_too_large_to_allocate_is_refused() {
    let dir = scratch("robustness-cli", "scale");
    for scale in ["30", "1e9", "0", "-1", "NaN", "inf"] {
        let out = entente(&[
            "render",
            SCN,
            "--png",
            &format!("--scale={scale}"),
            "--out",
            s(&dir),
        ]);
        assert_eq!(out.status.code(), Some(2), "--scale {scale}");
        let err = text(&out.stderr);
        assert!(err.contains("--scale"), "{err}");
        // Refused before anything is written.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "{scale}");
    }
    let out = entente(&["render", SCN, "--png", "--scale", "30", "--out", s(&dir)]);
    assert!(
        text(&out.stderr).contains("at most 16384 pixels a side"),
        "{}",
        text(&out.stderr)
    );
    // A scale that fits is drawn.
    ok(&["render", SCN, "--png", "--scale", "0.5", "--out", s(&dir)]);
}

/// Runs `entente ARGS` with its memory bounded (so that a command reading without limit
/// fails instead of exhausting the machine) and its standard input from `stdin`.
fn bounded(args: &[&str], stdin: Stdio) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap()
}

#[test]
fn inputs_are_read_up_to_a_limit() {
    let dir = scratch("robustness-cli", "limits");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    let before = std::fs::read_to_string(&game).unwrap();
    let big = dir.join("big.txt");
    std::fs::write(&big, "F Lon H\n".repeat(150_000)).unwrap();
    let zero = || std::fs::File::open("/dev/zero").unwrap();
    let cases: Vec<(Vec<&str>, Stdio)> = vec![
        (
            vec![
                "game",
                "orders",
                s(&game),
                "--power",
                "England",
                "/dev/zero",
            ],
            Stdio::null(),
        ),
        (
            vec!["game", "orders", s(&game), "--power", "England", s(&big)],
            Stdio::null(),
        ),
        (
            vec!["game", "orders", s(&game), "--power", "England"],
            zero().into(),
        ),
        (
            vec![
                "game",
                "press",
                s(&game),
                "--from",
                "France",
                "--to",
                "all",
                "--file",
                "/dev/zero",
            ],
            Stdio::null(),
        ),
        (
            vec![
                "game",
                "press",
                s(&game),
                "--from",
                "France",
                "--to",
                "all",
                "--stdin",
            ],
            zero().into(),
        ),
    ];
    for (args, stdin) in cases {
        let out = bounded(&args, stdin);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains("more than 1 MiB read; refused"),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    }
}

/// A sheet saved as Windows-1250 is refused naming the line and what to do, and scenario and
/// variant files are read with a limit too.
#[test]
fn a_non_utf8_sheet_names_its_line_and_big_inputs_are_refused() {
    let dir = scratch("robustness", "cp1250");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    let sheet = dir.join("cp1250.txt");
    // "A Vie - Boh\n# Vídeň\n" with í in Windows-1250 (0xed).
    std::fs::write(&sheet, b"A Vie - Boh\n# V\xeden\n").unwrap();
    let out = entente(&["game", "orders", s(&game), "--power", "Austria", s(&sheet)]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("line 2, column 4: not UTF-8"), "{err}");
    assert!(err.contains("UTF-8"), "{err}");
    let out = entente(&["adjudicate", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("refused"),
        "{}",
        text(&out.stderr)
    );
    let big = dir.join("big.toml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((16 << 20) + 10).unwrap();
    let out = entente(&["variant", "check", s(&big)]);
    assert!(!out.status.success());
    let out = entente(&[
        "game",
        "new",
        s(&dir.join("g2.json")),
        "--variant",
        s(&big),
        "--players",
        "Ann:Austria",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("refused"),
        "{}",
        text(&out.stderr)
    );
}
