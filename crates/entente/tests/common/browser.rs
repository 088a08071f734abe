//! The browser tests' runner: a script of `tests/browser/` (Node, Playwright driving real
//! headless Chromium) is run with one JSON argument and must exit 0. When Node, the
//! script's packages (`npm ci --prefix tests/browser`) or Chromium are missing the test is
//! skipped with a message, unless `ENTENTE_REQUIRE_BROWSER=1` (as in `.ci/run`), which
//! makes that a failure.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's `tests/browser` directory.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/browser")
}

fn chromium() -> String {
    std::env::var("ENTENTE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// Why the browser tests cannot run here, if they cannot.
pub fn missing() -> Option<String> {
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is not installed".into());
    }
    if !dir().join("node_modules/playwright-core").is_dir() {
        return Some("run `npm ci --prefix tests/browser` first".into());
    }
    if !Path::new(&chromium()).exists() {
        return Some(format!(
            "{} is missing (apt-get install chromium)",
            chromium()
        ));
    }
    None
}

/// True when the browser tests can run; otherwise prints why and returns false, or panics
/// when `ENTENTE_REQUIRE_BROWSER=1`.
pub fn available() -> bool {
    match missing() {
        None => true,
        Some(why) => {
            if std::env::var("ENTENTE_REQUIRE_BROWSER").as_deref() == Ok("1") {
                panic!("browser tests required (ENTENTE_REQUIRE_BROWSER=1) but {why}");
            }
            eprintln!("skipping a browser test: {why}");
            false
        }
    }
}

/// The directory screenshots are saved in: `target/browser-artifacts`.
pub fn artifacts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/browser-artifacts")
}

/// Runs `tests/browser/SCRIPT` with `arg`; panics with its output unless it exits 0.
/// Returns the last line it printed to stdout, parsed as JSON when it is JSON.
pub fn run(script: &str, arg: &Value) -> Value {
    let out = Command::new("node")
        .arg(dir().join(script))
        .arg(arg.to_string())
        .env("ENTENTE_ARTIFACTS", artifacts())
        .env("ENTENTE_CHROMIUM", chromium())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "browser script {script} failed ({}):\n{stderr}\n{stdout}",
        out.status
    );
    let last = stdout.lines().last().unwrap_or("");
    serde_json::from_str(last).unwrap_or_else(|_| Value::String(last.to_string()))
}
