//! `entente adjudicate`: a scenario file in, judge-form results (or JSON) out.

use crate::error::{CliError, CliResult};
use entente_scenario::{check_case, execute_case, parse_scenarios};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Scenario file (`-` or omitted: standard input).
    file: Option<String>,
    /// Print JSON instead of the judge-form listing.
    #[arg(long)]
    json: bool,
    /// Rule edition for every case, instead of the one the file names (its `option:` lines
    /// still apply): 1971, 1982, 2000 or 2023. Without it, each case uses its own or its
    /// file's `rules:` line, or 2000: the file is read as the test runner reads it.
    #[arg(long)]
    rules: Option<String>,
    /// Only this case of a multi-case file.
    #[arg(long)]
    case: Option<String>,
    /// Also check the expectations written in the file (`=> ...`, `expect ...:`); exit 1 on a
    /// difference.
    #[arg(long)]
    check: bool,
}

pub fn run(args: Args) -> CliResult<ExitCode> {
    // A scenario file: at most 64 MiB (the whole DATC is 100 KiB).
    let text = crate::game_cmd::read_limited(args.file.as_deref(), 64 << 20)?;
    let source = args.file.clone().unwrap_or_else(|| "<stdin>".into());
    let mut cases =
        parse_scenarios(&text).map_err(|e| CliError::Message(format!("{source}: {e}")))?;
    if cases.iter().all(|c| c.phases.is_empty()) {
        return Err(CliError::Message(format!(
            "{source}: no case to adjudicate (no 'orders:' in the file; docs/scenario-format.md)"
        )));
    }
    if let Some(id) = &args.case {
        cases.retain(|c| &c.id == id);
        if cases.is_empty() {
            return Err(CliError::Message(format!("{source}: no case '{id}'")));
        }
    }
    let edition = args
        .rules
        .as_deref()
        .map(str::parse::<entente_judge::Edition>)
        .transpose()?;
    let mut failed = false;
    let mut json_cases = Vec::new();
    for case in &mut cases {
        if let Some(ed) = edition {
            case.set_edition(ed);
        }
        let (map, runs) =
            execute_case(case).map_err(|e| CliError::Message(format!("{source}: {e}")))?;
        if args.json {
            json_cases.push(entente_report::case_json(&map, case, &runs));
        } else {
            print!("{}", entente_report::case_text(&map, case, &runs));
        }
        if args.check {
            let bad = check_case(case, &map, &runs);
            for b in &bad {
                eprintln!("{source} case {}: {b}", case.id);
            }
            failed |= !bad.is_empty();
        }
    }
    if args.json {
        let doc = serde_json::json!({ "format": "entente-adjudication/1", "cases": json_cases });
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
