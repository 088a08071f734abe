//! The `entente` command line.

mod adjudicate;
mod error;
mod game_cmd;
mod mail_cmd;
mod render_cmd;
mod replay_cmd;
mod serve_cmd;
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
    /// The game master server: hosts many games (accounts, secret powers, deadlines, press
    /// through the game master) over an HTTP API, on SQLite (default) or PostgreSQL.
    Serve(serve_cmd::Args),
    /// One mail to the judge on standard input (as a mail server delivers it): its
    /// commands carried out on the server's database, its answer queued (docs/mail.md).
    MailIn(mail_cmd::Args),
}

/// Output to a pipe whose reader has gone (`entente game history g.json | head -1`) ends the
/// program quietly, by SIGPIPE, as it ends `cat`. Rust starts programs with SIGPIPE ignored,
/// so that every write to such a pipe fails with EPIPE and `println!` panics; this puts the
/// signal back to its default.
#[cfg(unix)]
fn default_sigpipe() {
    use std::os::raw::c_int;
    extern "C" {
        // POSIX `signal(2)`, from the C library every Rust program on Unix links.
        fn signal(signum: c_int, handler: usize) -> usize;
    }
    // SIGPIPE is 13 on every Unix Rust runs on (Linux, the BSDs, macOS, illumos); SIG_DFL 0.
    const SIGPIPE: c_int = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: called first thing in `main`, before any thread exists; setting a signal's
    // disposition to its default has no other effect on the program.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

fn main() -> ExitCode {
    #[cfg(unix)]
    default_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Adjudicate(a) => adjudicate::run(a),
        Command::Render(a) => render_cmd::run(a),
        Command::Variant(a) => variant_cmd::run(a),
        Command::Game(a) => game_cmd::run(a),
        Command::Replay(a) => replay_cmd::run(a),
        Command::Serve(a) => serve_cmd::run(a),
        Command::MailIn(a) => mail_cmd::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("entente: {e}");
            ExitCode::from(2)
        }
    }
}
