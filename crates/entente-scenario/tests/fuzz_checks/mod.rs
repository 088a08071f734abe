//! The properties the scenario loader's fuzz targets check, shared by the stable target
//! (`tests/fuzz.rs`, under `cargo test`) and the coverage-guided one (`fuzz/`, libFuzzer).
#![allow(dead_code)]

use entente_scenario::{check_case, execute_case, parse_scenarios, ScenarioError};

/// The lines an error of this text may name.
fn lines_of(text: &str) -> usize {
    text.lines().count().max(1)
}

fn check_error(text: &str, e: &ScenarioError) {
    assert!(
        (1..=lines_of(text)).contains(&e.line),
        "error names line {} of a text of {} lines: {e}",
        e.line,
        lines_of(text)
    );
    assert!(!e.message.is_empty(), "an error without a message");
}

/// A `.scn` text read, and each of its cases run and checked (cases naming a variant file,
/// `*.toml`, are read but not run: a fuzzer must not open files). Errors name a line of the
/// text; nothing panics.
pub fn check_scenario(text: &str) {
    match parse_scenarios(text) {
        Err(e) => check_error(text, &e),
        Ok(cases) => {
            for case in &cases {
                if case.variant.to_lowercase().ends_with(".toml") {
                    continue;
                }
                match execute_case(case) {
                    Ok((map, runs)) => {
                        let _ = check_case(case, &map, &runs);
                    }
                    Err(e) => check_error(text, &e),
                }
            }
        }
    }
}
