//! The `entente` command line.

mod adjudicate;
mod judge_form;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "entente",
    version,
    about = "Diplomacy, whole: an exact adjudicator and game master"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Adjudicate a position and orders (scenario format, docs/scenario-format.md) and print
    /// the results in judge form, or as JSON (docs/adjudicate-json.md).
    Adjudicate(adjudicate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Adjudicate(a) => adjudicate::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("entente: {e}");
            ExitCode::from(2)
        }
    }
}
