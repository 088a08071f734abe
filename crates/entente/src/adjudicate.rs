//! `entente adjudicate`: a scenario file in, judge-form results (or JSON) out.

use crate::error::{CliError, CliResult};
use entente_scenario::{check_case, execute_case, parse_scenarios};
use std::io::Read;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Scenario file (`-` or omitted: standard input).
    file: Option<String>,
    /// Print JSON instead of the judge-form listing.
    #[arg(long)]
    json: bool,
    /// Rule edition for cases that do not name one: 1971, 1982, 2000 (default) or 2023.
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
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| CliError::Message(format!("reading standard input: {e}")))?;
            s
        }
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| CliError::Message(format!("{path}: {e}")))?
        }
    };
    let source = args.file.clone().unwrap_or_else(|| "<stdin>".into());
    let mut cases =
        parse_scenarios(&text).map_err(|e| CliError::Message(format!("{source}: {e}")))?;
    if let Some(id) = &args.case {
        cases.retain(|c| &c.id == id);
        if cases.is_empty() {
            return Err(CliError::Message(format!("{source}: no case '{id}'")));
        }
    }
    let has_rules_line = text
        .lines()
        .any(|l| l.trim_start().to_lowercase().starts_with("rules:"));
    let edition = match &args.rules {
        Some(r) => Some(r.parse::<entente_judge::Edition>()?),
        None if !has_rules_line => Some(entente_judge::Edition::E2000),
        None => None,
    };
    let mut failed = false;
    let mut json_cases = Vec::new();
    for case in &mut cases {
        if let Some(ed) = edition {
            if args.rules.is_some() || !has_rules_line {
                case.rules = entente_judge::Rulebook::edition(ed);
            }
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
