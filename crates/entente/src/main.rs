//! The `entente` command line.

mod adjudicate;
mod error;
mod game_cmd;
mod render_cmd;
mod replay_cmd;
mod variant_cmd;

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
    /// Check a variant file (docs/variant-format.md) or list the built-in variants.
    Variant(variant_cmd::Args),
    /// The game master's commands on a game record (docs/game-record.md).
    Game(game_cmd::Args),
    /// Adjudicate every phase of a recorded game again (a game record or a Python
    /// `diplomacy` saved game) and report where the record differs.
    Replay(replay_cmd::Args),
    /// Draw each phase of a scenario file or a recorded game (ours or the Python package's)
    /// as SVG (and PNG), or the whole history as HTML.
    Render(render_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Adjudicate(a) => adjudicate::run(a),
        Command::Render(a) => render_cmd::run(a),
        Command::Variant(a) => variant_cmd::run(a),
        Command::Game(a) => game_cmd::run(a),
        Command::Replay(a) => replay_cmd::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("entente: {e}");
            ExitCode::from(2)
        }
    }
}
