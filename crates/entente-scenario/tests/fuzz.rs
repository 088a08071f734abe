//! Fuzzing the scenario loader (issue 31): the cases of `cases/**/*.scn` (one case with its
//! file's settings per input) and the inputs kept in `fuzz-corpus/scenario/`, mutated, are
//! read, run and checked (`tests/fuzz_checks`) without a panic, every error naming a line,
//! within a time and a memory bound proportionate to the text's length. The harness is
//! entente-map's `tests/fuzzing/mod.rs`; `ENTENTE_FUZZ_SECS` lengthens the run.

mod fuzz_checks;
#[path = "../../entente-map/tests/fuzzing/mod.rs"]
mod fuzzing;

use fuzzing::{fuzz, read_dir_seeds, repo_root, Seed, Target};
use std::time::Duration;

/// The words of the format the mutations insert.
const DICTIONARY: &[&str] = &[
    "case 1 A case\n",
    "Case 2\n",
    "variant: standard\n",
    "variant: imperial\n",
    "variant: ancmed\n",
    "variant: greatwar\n",
    "variant: escalation\n",
    "variant: pure\n",
    "rules: 1971\n",
    "rules: 1982\n",
    "rules: 2023\n",
    "option: any-route-disruption\n",
    "option: paradox-rule-none\n",
    "units: start\n",
    "units:\n",
    "units: none\n",
    "centres:\n",
    "centers:\n",
    "impassable: ven, rom\n",
    "neutral: Italy\n",
    "phase: spring 1901 movement\n",
    "phase: fall 1901 retreats\n",
    "phase: winter 1901 adjustments\n",
    "phase: spring -2147483648 m\n",
    "phase: fall 2147483647 r\n",
    "orders:\n",
    "expect units:\n",
    "expect centres:\n",
    "expect dislodged:\n",
    " => succeeds",
    " => fails",
    " => fails: bounce (standoff) by A Bur",
    " => fails: cut by F Nth",
    " => fails: void (move not ordered)",
    " => illegal: not adjacent",
    " => dislodged, retreats to bur mar",
    " => not dislodged",
    "England:",
    "France:",
    "Russia: ",
    "A lon",
    "F nth",
    "A par - bur",
    "F stp/sc S A mos - sev",
    "Build F kie",
    "Waive",
    "Remove A war",
    "A mun R boh",
    "A vie D",
    ", ",
    ":",
    "=>",
    "(",
    ")",
    "#",
    "\n",
    "\r\n",
    "\u{feff}",
    "é",
];

/// Every case of the repository's case files, each with the settings its file gives before
/// its first case, and the kept inputs.
fn seeds() -> Vec<Seed> {
    let mut seeds = Vec::new();
    let files = read_dir_seeds(
        &repo_root(env!("CARGO_MANIFEST_DIR")).join("cases"),
        Some("scn"),
    );
    for f in &files {
        let text = String::from_utf8_lossy(&f.bytes);
        let mut head = String::new();
        let mut cases: Vec<String> = Vec::new();
        for line in text.lines() {
            if line.starts_with("case ") || line.starts_with("Case ") {
                cases.push(head.clone());
            }
            match cases.last_mut() {
                Some(c) => c.push_str(line),
                None => head.push_str(line),
            }
            match cases.last_mut() {
                Some(c) => c.push('\n'),
                None => head.push('\n'),
            }
        }
        if cases.is_empty() {
            cases.push(head);
        }
        for (i, c) in cases.into_iter().enumerate() {
            seeds.push(Seed::new(format!("{} case {}", f.name, i + 1), c));
        }
    }
    seeds.extend(read_dir_seeds(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-corpus/scenario")),
        None,
    ));
    seeds
}

#[test]
fn fuzz_scenario_loader() {
    fuzz(Target {
        name: "scenario loader",
        seeds: seeds(),
        dictionary: DICTIONARY.iter().map(|w| w.as_bytes().to_vec()).collect(),
        max_len: 64 << 10,
        time_bound: |len| Duration::from_secs(5) + Duration::from_millis(2 * len as u64),
        memory_bound: |len| (64 << 20) + 4096 * len,
        check: |bytes| fuzz_checks::check_scenario(&String::from_utf8_lossy(bytes)),
    });
}

// Limits: every input bounded before it costs anything (docs/scenario-format.md).

use entente_scenario::{
    parse_scenarios, MAX_CASES, MAX_IMPASSABLE, MAX_NEUTRAL, MAX_OPTIONS, MAX_PHASES,
    MAX_SCENARIO_BYTES,
};

/// The line of `needle`'s `nth` occurrence (from 1).
fn line_of(text: &str, needle: &str, nth: usize) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(needle))
        .nth(nth - 1)
        .map(|(i, _)| i + 1)
        .unwrap()
}

/// Settings written before the first case are copied into every case: with no bound on
/// them nor on the cases, 20,000 `impassable:` names and 20,000 cases made 400 million
/// copies of a name (minutes, gigabytes). Each list is bounded now, and so are the cases.
#[test]
fn file_settings_copied_into_many_cases_are_bounded() {
    let mut text = String::new();
    for _ in 0..20_000 {
        text.push_str("impassable: ven\n");
    }
    for i in 0..20_000 {
        text.push_str(&format!("case {i}\n"));
    }
    let start = std::time::Instant::now();
    let e = parse_scenarios(&text).unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(e.line, MAX_IMPASSABLE + 1, "{e}");
    assert!(
        e.message.contains(&format!("at most {MAX_IMPASSABLE}")),
        "{e}"
    );
}

#[test]
fn more_cases_than_the_limit_are_refused_at_the_line_of_the_first_too_many() {
    let mut text = String::new();
    for i in 0..=MAX_CASES {
        text.push_str(&format!("case {i}\nunits: start\n"));
    }
    let e = parse_scenarios(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "case ", MAX_CASES + 1), "{e}");
    assert!(
        e.message.contains(&format!("at most {MAX_CASES} cases")),
        "{e}"
    );
    // The limit itself is read.
    let ok: String = text
        .lines()
        .take(2 * MAX_CASES)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(parse_scenarios(&ok).unwrap().len(), MAX_CASES);
}

#[test]
fn more_phases_than_the_limit_are_refused_at_the_line_of_the_first_too_many() {
    let mut text = String::from("units: start\n");
    for i in 0..=MAX_PHASES {
        text.push_str(&format!("phase: spring {} movement\n", 1901 + i));
    }
    let e = parse_scenarios(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "phase:", MAX_PHASES + 1), "{e}");
    assert!(
        e.message.contains(&format!("at most {MAX_PHASES} phases")),
        "{e}"
    );
}

#[test]
fn more_options_or_neutral_powers_than_the_limit_are_refused_at_their_line() {
    let text = "option: any-route-disruption\n".repeat(MAX_OPTIONS + 1);
    let e = parse_scenarios(&text).unwrap_err();
    assert_eq!(e.line, MAX_OPTIONS + 1, "{e}");
    assert!(e.message.contains(&format!("at most {MAX_OPTIONS}")), "{e}");

    let text = "neutral: Italy, France\n".repeat(MAX_NEUTRAL / 2 + 1);
    let e = parse_scenarios(&text).unwrap_err();
    assert_eq!(e.line, MAX_NEUTRAL / 2 + 1, "{e}");
    assert!(e.message.contains(&format!("at most {MAX_NEUTRAL}")), "{e}");
}

#[test]
fn a_text_over_the_size_limit_is_refused_at_the_line_it_goes_over() {
    let line = "# a comment of sixty-four bytes to fill the text up to a limit.\n";
    assert_eq!(line.len(), 64);
    let text = line.repeat(MAX_SCENARIO_BYTES / 64 + 1);
    let e = parse_scenarios(&text).unwrap_err();
    assert_eq!(e.line, MAX_SCENARIO_BYTES / 64 + 1, "{e}");
    assert!(e.message.contains("MiB"), "{e}");
    assert!(parse_scenarios(&text[..MAX_SCENARIO_BYTES]).is_ok());
}
