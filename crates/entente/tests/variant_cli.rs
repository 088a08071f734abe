//! `entente variant check` accepts every shipped variant file and rejects a wrong one with exit
//! code 1 and the line of the mistake; `entente variant list` names the built-in variants.

use std::path::PathBuf;
use std::process::{Command, Output};

fn entente(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(args)
        .output()
        .expect("run entente")
}

fn variants_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../entente-map/variants")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch file of this test's own, so parallel tests do not meet.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("entente-variant-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn every_shipped_variant_passes() {
    let mut seen = 0;
    for entry in std::fs::read_dir(variants_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension() != Some(std::ffi::OsStr::new("toml")) {
            continue;
        }
        seen += 1;
        let out = entente(&["variant", "check", path.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            text(&out.stderr)
        );
        let stdout = text(&out.stdout);
        assert!(stdout.contains(": OK — "), "{stdout}");
        assert!(
            text(&out.stderr).is_empty(),
            "warnings: {}",
            text(&out.stderr)
        );
    }
    assert!(seen >= 3, "standard, ancmed and pure are shipped");
}

#[test]
fn summary_of_ancient_mediterranean() {
    let path = variants_dir().join("ancmed.toml");
    let out = entente(&["variant", "check", path.to_str().unwrap()]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    for want in [
        "Ancient Mediterranean",
        "Spring 1 AD; 18 of 34 centres win",
        "79 — 14 land, 20 sea, 45 coast",
        "34 — 15 home, 19 neutral",
        "112 army, 155 fleet",
        "15 — 10 armies, 5 fleets",
        "Rome (R, Roman, #c0392b): home nea rav rom; start F nea, A rav, A rom",
    ] {
        assert!(s.contains(want), "missing '{want}' in:\n{s}");
    }
}

#[test]
fn built_in_name_checks_the_embedded_file() {
    let out = entente(&["variant", "check", "ancient"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("<built-in ancmed>: OK"));
}

#[test]
fn wrong_file_is_rejected_with_its_line() {
    let good = std::fs::read_to_string(variants_dir().join("ancmed.toml")).unwrap();
    let from = "army = [\"nea\", \"rav\", \"rom\"]";
    let line = good
        .lines()
        .position(|l| l == from)
        .expect("Apulia's army borders")
        + 1;
    let bad = good.replacen(from, "army = [\"nea\", \"rav\", \"rom\", \"zzz\"]", 1);
    let path = scratch("unknown-province.toml", &bad);
    let out = entente(&["variant", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "{}:{line}: error: unknown province 'zzz'",
            path.display()
        )),
        "{err}"
    );
    assert!(text(&out.stdout).is_empty());
    std::fs::remove_file(&path).ok();

    // An asymmetric border: Apulia loses Neapolis, Neapolis still lists Apulia.
    let bad = good.replacen(from, "army = [\"rav\", \"rom\"]", 1);
    let path = scratch("asymmetric.toml", &bad);
    let out = entente(&["variant", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("asymmetric army border: 'nea' lists 'apu' but 'apu' does not list 'nea'"),
        "{err}"
    );
    assert!(
        err.contains(" | army = [\"apu\", \"rom\", \"sic\"]"),
        "shows the line: {err}"
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn toml_syntax_error_is_rejected_with_its_line() {
    let path = scratch("syntax.toml", "[variant]\nname = \"X\"\nstart_year = \n");
    let out = entente(&["variant", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{}:3: error:", path.display())),
        "{err}"
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn missing_file_is_an_error() {
    let out = entente(&["variant", "check", "no/such/variant.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no/such/variant.toml"));
}

#[test]
fn list_names_the_built_in_variants() {
    let out = entente(&["variant", "list"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    for want in [
        "standard",
        "Standard",
        "ancmed",
        "Ancient Mediterranean",
        "pure",
        "Pure",
    ] {
        assert!(s.contains(want), "missing '{want}' in:\n{s}");
    } // The club's seven (issue 19), one line each: six maps and Gunboat.
    let listed: Vec<&str> = s
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        listed,
        [
            "standard",
            "ancmed",
            "pure",
            "greatwar",
            "versailles",
            "escalation",
            "imperial",
            "gunboat"
        ],
        "{s}"
    );
    // Gunboat is a way of playing (no press), said so with how to ask for it.
    assert!(
        s.contains("gunboat    Gunboat — any of these without press: `entente game new --gunboat`"),
        "{s}"
    );
    assert!(
        s.contains("imperial   Imperial — 13 powers, 346 provinces, 172 centres, 84 to win"),
        "{s}"
    );
}
