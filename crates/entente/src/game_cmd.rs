//! `entente game`: the game master's commands on a game record file (`docs/game-record.md`):
//! start a game, receive order sheets, see who is missing, adjudicate, declare a draw, show
//! the history, mark civil disorder, relay press, and move games to and from the Python
//! package's format.

use crate::error::{CliError, CliResult};
use entente_game::{Error, ErrorKind, Phase, Setup};
use entente_host::{
    parse_players, read_sheet, Deadline, GameOptions, GameSpec, Message, PlayersSpec, Recipients,
    Session,
};
use entente_judge::{Edition, Rulebook};
use entente_map::{Map, PowerId, Variant};
use entente_record::pydip;
use entente_report::game::{
    echo_lines_in, game_phase, game_players, game_status, nominations_listing, placement_listing,
    powers_list,
};
use entente_report::phase_title;
use entente_store::{FileStore, GameStore};
use std::fmt::Write;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: GameCommand,
}

#[derive(clap::Subcommand)]
enum GameCommand {
    /// Start a game and write its record to FILE.
    New(NewArgs),
    /// Receive one power's order sheet for the current phase (the last sheet sent counts).
    Orders(OrdersArgs),
    /// The sheet a power sent for the current phase, as understood.
    Sheet(SheetArgs),
    /// The current phase: whose orders are in, who is missing, units without orders,
    /// retreats, builds and removals due.
    Status(FileArgs),
    /// Adjudicate the current phase with the sheets received; results in judge form.
    /// Refused while orders are missing, unless the deadline has passed or --force.
    Adjudicate(AdjudicateArgs),
    /// End the game in a draw shared by every power with units, or by some (--powers).
    Draw(DrawArgs),
    /// End the game: every other power concedes it to one.
    Concede(ConcedeArgs),
    /// Every adjudicated phase in judge form.
    History(HistoryArgs),
    /// Mark a power in civil disorder (it sent no orders), or back in play with --off.
    CivilDisorder(CivilDisorderArgs),
    /// Relay a diplomatic message from one power to others (refused in a Gunboat game).
    Press(PressArgs),
    /// The messages a power may read: sent to it, to all, or by it.
    Inbox(InboxArgs),
    /// Write the game in the Python `diplomacy` package's saved-game format.
    Export(ExportArgs),
    /// Read a Python `diplomacy` saved game into a new record, adjudicating it again.
    Import(ImportArgs),
    /// Set when the current phase's orders are due (or clear it with --clear).
    Deadline(DeadlineArgs),
    /// Stop the game: no adjudication until it resumes.
    Pause(FileArgs),
    /// Go on with a paused game.
    Resume(FileArgs),
    /// A new player takes a power's seat (and brings it back from civil disorder).
    Replace(ReplaceArgs),
    /// The game master's acts so far, oldest first.
    Log(FileArgs),
    /// Escalation: a power places its next unit on the empty board ("A Par", "F Nth").
    Place(EscalationArgs),
    /// Escalation: a power nominates its three home centres after Fall 1901
    /// ("Par, Bre, Mar").
    Home(EscalationArgs),
}

#[derive(clap::Args)]
struct EscalationArgs {
    file: String,
    /// The power placing or nominating.
    #[arg(long)]
    power: String,
    /// The unit to place (`A Par`, `F Nth`, `F Stp/sc`) or the home centres
    /// (`Par, Bre, Mar`).
    text: String,
}

#[derive(clap::Args)]
struct DeadlineArgs {
    file: String,
    /// `2026-11-27 23:59` in the game's time zone (or --time-zone), or an instant such as
    /// `2026-11-27T22:59:00Z`.
    when: Option<String>,
    /// The time zone WHEN is written in (IANA name); the game's own when omitted.
    #[arg(long)]
    time_zone: Option<String>,
    /// No deadline.
    #[arg(long, conflicts_with = "when")]
    clear: bool,
}

#[derive(clap::Args)]
struct ReplaceArgs {
    file: String,
    /// A power of the seat.
    #[arg(long)]
    power: String,
    /// The new player's name.
    #[arg(long)]
    player: String,
}

#[derive(clap::Args)]
struct NewArgs {
    /// The game record to create.
    file: String,
    /// A built-in variant or a variant file.
    #[arg(long, default_value = "standard")]
    variant: String,
    /// Players and their powers, "Ann:England,Bob:Austria/France,...", or only the names
    /// with --assign random.
    #[arg(long)]
    players: Option<String>,
    /// The rulebook's setup for the number of players: 7, 6, 5, 4, 3a, 3b or 2 (a variant
    /// that names its setup, such as the Great War's 2, is played with it by default).
    #[arg(long, default_value = "7")]
    setup: String,
    /// How powers are given out: `random` (with --seed), or `prefs FILE` (preference lists,
    /// 1982 rules appendix 1).
    #[arg(long, num_args = 1..=2, value_names = ["METHOD", "FILE"])]
    assign: Vec<String>,
    /// Seed of every lot of the game (assignment, coin toss); the clock's when omitted.
    #[arg(long)]
    seed: Option<u64>,
    /// Rule edition: 1971, 1982, 2000 (default) or 2023.
    #[arg(long, default_value = "2000")]
    rules: String,
    /// First year (the 6- and 5-player games may start in 1870 and 1801: see --period).
    #[arg(long)]
    first_year: Option<i32>,
    /// Start in the setup's historical year (6: 1870, 5: 1801).
    #[arg(long)]
    period: bool,
    /// A short game: it ends after this year; most units wins.
    #[arg(long)]
    end_year: Option<i32>,
    /// When the first orders are due: `2026-11-27 23:59` in --time-zone (or an instant
    /// such as `2026-11-27T22:59:00Z`).
    #[arg(long)]
    deadline: Option<String>,
    /// The game master's time zone, as IANA names it (`Europe/Prague`); UTC when omitted.
    #[arg(long)]
    time_zone: Option<String>,
    /// No press (Gunboat).
    #[arg(long)]
    gunboat: bool,
    /// Players are not told who plays which power; press comes without its sender.
    #[arg(long)]
    anonymous: bool,
    /// Escalation: the units each player places, if not the rulebook's table's number for
    /// the number of players (2: 12, 3: 8, 4: 6, 5: 5, 6: 4, 7: 3).
    #[arg(long)]
    escalation_units: Option<u32>,
}

#[derive(clap::Args)]
struct FileArgs {
    /// The game record.
    file: String,
}

#[derive(clap::Args)]
struct OrdersArgs {
    file: String,
    /// The power the sheet is for.
    #[arg(long)]
    power: String,
    /// The sheet: one order a line (`-` or omitted: standard input; at most 1 MiB).
    #[arg(conflicts_with = "empty")]
    sheet: Option<String>,
    /// Send a sheet with no orders on purpose (every unit holds); a sheet with no orders is
    /// refused otherwise, as an empty standard input is most likely a mistake.
    #[arg(long)]
    empty: bool,
}

#[derive(clap::Args)]
struct SheetArgs {
    file: String,
    /// The power whose sheet to show.
    #[arg(long)]
    power: String,
}

#[derive(clap::Args)]
struct AdjudicateArgs {
    file: String,
    /// Adjudicate although orders are missing and the deadline has not passed (or the game
    /// is paused): the missing orders hold.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
struct DrawArgs {
    file: String,
    /// Only these survivors share the draw, "France,Germany"; the others have no share.
    #[arg(long)]
    powers: Option<String>,
}

#[derive(clap::Args)]
struct ConcedeArgs {
    file: String,
    /// The power every other power concedes the game to.
    #[arg(long)]
    to: String,
}

#[derive(clap::Args)]
struct HistoryArgs {
    file: String,
    /// Only this phase: its code (`S1901M`), its name (`Spring 1901 movement`) or its
    /// number (1 = the first phase played).
    #[arg(long)]
    phase: Option<String>,
}

#[derive(clap::Args)]
struct CivilDisorderArgs {
    file: String,
    #[arg(long)]
    power: String,
    /// The player is back: the power gives orders again.
    #[arg(long)]
    off: bool,
}

#[derive(clap::Args)]
struct PressArgs {
    file: String,
    /// The power writing.
    #[arg(long)]
    from: String,
    /// The powers it is for, "England,Germany", or `all`.
    #[arg(long)]
    to: String,
    /// The message, taken as written (a message may begin with `@`).
    #[arg(
        required_unless_present_any = ["message_file", "stdin"],
        conflicts_with_all = ["message_file", "stdin"]
    )]
    text: Option<String>,
    /// Read the message from this file (at most 1 MiB).
    #[arg(long = "file", value_name = "PATH", conflicts_with = "stdin")]
    message_file: Option<String>,
    /// Read the message from standard input (at most 1 MiB).
    #[arg(long)]
    stdin: bool,
}

#[derive(clap::Args)]
struct InboxArgs {
    file: String,
    /// The power reading.
    #[arg(long)]
    power: String,
}

#[derive(clap::Args)]
struct ExportArgs {
    file: String,
    /// Where to write the Python package's saved game (`-`: standard output). Never the
    /// record itself; an existing file only with --force.
    #[arg(long)]
    python: String,
    /// Replace OUT.json if it exists (never the game's record).
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// A saved game of the Python `diplomacy` package.
    python: String,
    /// The game record to create.
    file: String,
}

pub fn run(args: Args) -> CliResult<ExitCode> {
    match args.command {
        GameCommand::New(a) => new_game(a),
        GameCommand::Orders(a) => orders(a),
        GameCommand::Sheet(a) => sheet(a),
        GameCommand::Status(a) => status(&a.file),
        GameCommand::Adjudicate(a) => adjudicate(&a.file, a.force),
        GameCommand::Draw(a) => draw(a),
        GameCommand::Concede(a) => concede(a),
        GameCommand::History(a) => history(a),
        GameCommand::CivilDisorder(a) => civil_disorder(a),
        GameCommand::Press(a) => press(a),
        GameCommand::Inbox(a) => inbox(a),
        GameCommand::Export(a) => export(a),
        GameCommand::Import(a) => import(a),
        GameCommand::Deadline(a) => deadline(a),
        GameCommand::Pause(a) => act(&a.file, |s| s.pause().map(|_| "Paused.".to_string())),
        GameCommand::Resume(a) => act(&a.file, |s| s.resume().map(|_| "Resumed.".to_string())),
        GameCommand::Replace(a) => replace(a),
        GameCommand::Log(a) => log(&a.file),
        GameCommand::Place(a) => escalation_act(a, true),
        GameCommand::Home(a) => escalation_act(a, false),
    }
}

/// The most a sheet, a message or a preference list may hold.
pub(crate) const TEXT_LIMIT: u64 = 1 << 20;
/// The most a game record, a saved game or a scenario file may hold.
pub(crate) const FILE_LIMIT: u64 = 256 << 20;

/// A text file (`-` or `None`: standard input), read up to `limit` bytes: a larger input (a
/// device such as `/dev/zero`, or the wrong file) is refused, not read until memory runs out.
pub(crate) fn read_limited(path: Option<&str>, limit: u64) -> CliResult<String> {
    let (name, reader): (String, Box<dyn Read>) = match path {
        None | Some("-") => ("standard input".into(), Box::new(std::io::stdin())),
        Some(p) => (
            p.to_string(),
            Box::new(std::fs::File::open(p).map_err(|e| format!("{p}: {e}"))?),
        ),
    };
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("{name}: more than {} read; refused", size_text(limit)).into());
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(&name, e.as_bytes(), e.utf8_error()))
}

/// Which line is not UTF-8, and what to do about it (a sheet saved as cp1250 or KOI8-R).
fn not_utf8(name: &str, bytes: &[u8], e: std::str::Utf8Error) -> CliError {
    let at = e.valid_up_to();
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&bytes[start..at]).chars().count() + 1;
    CliError::Message(format!(
        "{name}: line {line}, column {column}: not UTF-8 text (byte 0x{:02x}); save the file as \
         UTF-8 (a sheet written in Windows-1250 or KOI8-R must be converted, e.g. with iconv)",
        bytes[at]
    ))
}

/// `1 MiB`.
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// A sheet, a message or a preference list (at most [`TEXT_LIMIT`]).
pub(crate) fn read_input(path: Option<&str>) -> CliResult<String> {
    read_limited(path, TEXT_LIMIT)
}

/// Game records are files named on the command line, relative to the working directory.
fn store() -> FileStore {
    FileStore::new(".")
}

fn load(file: &str) -> CliResult<Session> {
    Ok(store().load(file)?)
}

/// Changes the record under its lock: load, `change`, save, as one step.
fn update<T>(file: &str, change: impl FnOnce(&mut Session) -> CliResult<T>) -> CliResult<T> {
    store().update_with(file, |s| {
        s.set_clock(jiff::Timestamp::now);
        change(s)
    })
}

fn power(map: &Map, name: &str) -> CliResult<PowerId> {
    Ok(map
        .lookup_power(name)
        .ok_or_else(|| Error::unknown(format!("unknown power '{name}'")))?)
}

fn new_game(a: NewArgs) -> CliResult<ExitCode> {
    let variant = Variant::load(&a.variant)?;
    let map = variant.map.clone();
    let setup: Setup = a.setup.parse()?;
    let edition: Edition = a.rules.parse()?;
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let players = match a.assign.first().map(String::as_str) {
        None => PlayersSpec::Given(parse_players(
            &map,
            a.players
                .as_deref()
                .ok_or("give --players \"Name:Power,...\" or --assign")?,
        )?),
        Some("random") => PlayersSpec::Random(
            a.players
                .as_deref()
                .ok_or("--assign random needs --players \"Ann,Bob,...\"")?
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect(),
        ),
        Some("prefs") => {
            let path = a.assign.get(1).ok_or("--assign prefs needs the file")?;
            let text = read_input(Some(path))?;
            PlayersSpec::Preferences(text)
        }
        Some(other) => return Err(format!("unknown --assign '{other}' (random or prefs)").into()),
    };
    let deadline = match &a.deadline {
        Some(d) => Some(Deadline::parse(d, a.time_zone.as_deref())?),
        None => None,
    };
    let spec = GameSpec {
        variant,
        rules: Rulebook::edition(edition),
        setup,
        players,
        seed,
        first_year: a.first_year,
        period: a.period,
        options: GameOptions {
            gunboat: a.gunboat,
            anonymous: a.anonymous,
            end_year: a.end_year,
            time_zone: a.time_zone.clone(),
            ..GameOptions::default()
        },
    };
    let mut s = spec
        .create()
        .map_err(|e| match a.assign.first().map(String::as_str) {
            Some("prefs") => e.context(&a.assign[1]),
            _ => e,
        })?;
    s.set_clock(jiff::Timestamp::now);
    if let Some(n) = a.escalation_units {
        s.set_escalation_units(n)?;
    }
    if deadline.is_some() {
        s.set_deadline(deadline)?;
    }
    store().create(&a.file, &s)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "New game {} ({}, {}, {} rules), {}.",
        a.file,
        map.name,
        if map.is_escalation() {
            format!("{} players", s.players().len())
        } else if s.setup() == Setup::Seven && map.powers().len() != 7 {
            format!("{} players", map.powers().len())
        } else {
            format!("setup {}", s.setup())
        },
        edition,
        phase_title(&map, s.game().phase())
    );
    for p in s.players() {
        let _ = writeln!(out, "{}: {}", p.name, powers_list(&map, &p.powers));
    }
    let neutral: Vec<PowerId> = map
        .power_ids()
        .filter(|&p| s.game().is_neutral(p))
        .collect();
    if !neutral.is_empty() {
        let _ = writeln!(out, "Neutral: {}", powers_list(&map, &neutral));
    }
    if let Some(d) = s.deadline() {
        let _ = writeln!(out, "Deadline: {d}");
    }
    if let Some(e) = s.game().escalation() {
        let _ = writeln!(
            out,
            "Placement (Escalation): {} units each, one at a time in turn: {}. First: \
             `entente game place {} --power {} \"A Par\"`.",
            e.units_each,
            powers_list(&map, &e.order),
            a.file,
            map.power(e.order[0]).name
        );
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn orders(a: OrdersArgs) -> CliResult<ExitCode> {
    let text = if a.empty {
        String::new()
    } else {
        read_input(a.sheet.as_deref())?
    };
    let out = update(&a.file, |s| {
        let p = power(s.map(), &a.power)?;
        // Escalation: a placement, or a nomination, may come as the power's orders.
        let first_word = text.split_whitespace().next().unwrap_or("").to_lowercase();
        if s.game().in_placement() || (s.game().nominating() && first_word.starts_with("home")) {
            return escalation_order(&a.file, s, p, &text);
        }
        if !a.empty && read_sheet(s.map(), &text).is_empty() {
            return Err(format!(
                "the sheet for {} has no orders (was {} empty?); nothing was changed. \
                 To send a sheet with no orders on purpose, give --empty",
                s.map().power(p).name,
                match a.sheet.as_deref() {
                    None | Some("-") => "standard input",
                    Some(path) => path,
                }
            )
            .into());
        }
        let echoes = s.submit(p, &text)?;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}, {}: {} line{} received (this sheet replaces any earlier one).",
            s.map().power(p).name,
            phase_title(s.map(), s.game().phase()),
            echoes.len(),
            if echoes.len() == 1 { "" } else { "s" }
        );
        warning_lines(&s.sheet_warnings(p), &mut out);
        echo_lines_in(s.game().phase().kind, &echoes, &mut out);
        Ok(out)
    })?;
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `entente game place` and `entente game home`.
fn escalation_act(a: EscalationArgs, place: bool) -> CliResult<ExitCode> {
    let out = update(&a.file, |s| {
        let p = power(s.map(), &a.power)?;
        let g = s.game();
        if g.escalation().is_none() {
            return Err(format!(
                "{} is not an Escalation game: no units are placed nor home centres nominated",
                a.file
            )
            .into());
        }
        if place && !g.in_placement() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                if g.nominating() {
                    "the placement is over: home centres are nominated now (`entente game home`)"
                } else {
                    "the placement is over"
                },
            )
            .into());
        }
        if !place && !g.nominating() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                if g.in_placement() {
                    "home centres are nominated once Fall 1901 is over; units are placed now \
                     (`entente game place`)"
                } else {
                    "no nominations now: home centres are nominated once, after the first Fall"
                },
            )
            .into());
        }
        escalation_order(&a.file, s, p, &a.text)
    })?;
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// Escalation: a placement ("Place A Par") or a nomination ("Home Par, Bre, Mar") given as
/// the power's orders; one line.
fn escalation_order(file: &str, s: &mut Session, p: PowerId, text: &str) -> CliResult<String> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let [line] = lines.as_slice() else {
        return Err(format!(
            "{}: one line, {} (nothing was changed)",
            if s.game().in_placement() {
                "the units are placed one at a time"
            } else {
                "home centres are nominated in one line"
            },
            if s.game().in_placement() {
                "'Place A Par' or 'Place F Nth'"
            } else {
                "'Home Par, Bre, Mar'"
            }
        )
        .into());
    };
    let mut out = String::new();
    let name = s.map().power(p).name.clone();
    if s.game().in_placement() {
        let u = s.place(p, line)?;
        let e = s.game().escalation().expect("an Escalation game");
        let _ = writeln!(
            out,
            "{name} places {} {} ({} of {} placed).",
            u.ty.letter(),
            s.map().loc_name(u.loc),
            e.placed.len(),
            e.order.len() * e.units_each as usize
        );
        if !s.game().in_placement() {
            let _ = writeln!(out);
            placement_listing(s, &mut out);
        }
    } else {
        let before = s.game().history().len();
        let homes = s.nominate(p, line)?;
        let names: Vec<String> = homes
            .iter()
            .map(|&h| s.map().province(h).name.clone())
            .collect();
        let _ = writeln!(
            out,
            "{name} nominates {} as its home centres.",
            names.join(", ")
        );
        if !s.game().nominating() {
            let _ = writeln!(out);
            nominations_listing(s, &mut out);
            for i in before..s.game().history().len() {
                game_phase(s, i, &mut out);
            }
        }
    }
    out.push_str(&status_text(file, s));
    Ok(out)
}

fn warning_lines(warnings: &[String], out: &mut String) {
    for w in warnings {
        let _ = writeln!(out, "  (*{w}*)");
    }
}

/// The sheet a power sent for the current phase, echoed as when it arrived.
fn sheet(a: SheetArgs) -> CliResult<ExitCode> {
    let mut s = load(&a.file)?;
    let p = power(s.map(), &a.power)?;
    let title = format!(
        "{}, {}",
        s.map().power(p).name,
        phase_title(s.map(), s.game().phase())
    );
    let mut out = String::new();
    match s.sheet_echo(p) {
        None => {
            let _ = writeln!(out, "{title}: no sheet received.");
        }
        Some(echoes) => {
            let _ = writeln!(
                out,
                "{title}: {} line{} received.",
                echoes.len(),
                if echoes.len() == 1 { "" } else { "s" }
            );
            warning_lines(&s.sheet_warnings(p), &mut out);
            echo_lines_in(s.game().phase().kind, &echoes, &mut out);
        }
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn status(file: &str) -> CliResult<ExitCode> {
    let s = load(file)?;
    print!("{}", status_text(file, &s));
    Ok(ExitCode::SUCCESS)
}

/// The report's status, then what it does not say: who is awaited by name, the units
/// without orders, the dislodged units and their retreats, the builds and removals due.
fn status_text(file: &str, s: &Session) -> String {
    let mut out = game_status(file, s);
    if s.game().is_over() {
        return out;
    }
    let map = s.map();
    if let (Some(p), Some(e)) = (s.game().to_place(), s.game().escalation()) {
        let _ = writeln!(
            out,
            "To place: {} ({} of {} placed; `Place A Par` or `Place F Nth`)",
            map.power(p).name,
            e.placed.len(),
            e.order.len() * e.units_each as usize
        );
    }
    if s.game().nominating() {
        let _ = writeln!(
            out,
            "Home centres to nominate (three supply centres, `Home Par, Bre, Mar`): {}",
            powers_list(map, &s.game().awaited_nominations())
        );
    }
    let pos = s.game().position();
    let st = s.status();
    let unit = |u: &entente_judge::Unit| format!("{} {}", u.ty.letter(), map.loc_name(u.loc));
    if !s.options().anonymous && !st.missing.is_empty() {
        let waiting: Vec<String> = st
            .missing
            .iter()
            .map(|&p| match s.player_of(p) {
                Some(pl) => format!("{} ({})", pl.name, map.power(p).name),
                None => map.power(p).name.clone(),
            })
            .collect();
        let _ = writeln!(out, "Waiting for: {}", waiting.join(", "));
    }
    if !st.unordered.is_empty() {
        let mut by_power: Vec<String> = Vec::new();
        for p in map.power_ids() {
            let units: Vec<String> = st
                .unordered
                .iter()
                .filter(|u| u.power == p)
                .map(unit)
                .collect();
            if !units.is_empty() {
                by_power.push(format!("{}: {}", map.power(p).name, units.join(", ")));
            }
        }
        let _ = writeln!(out, "Units without orders: {}", by_power.join("; "));
    }
    for d in &st.dislodged {
        let options: Vec<String> = d
            .retreats
            .iter()
            .map(|l| map.loc_name(entente_map::Loc(l)))
            .collect();
        let _ = writeln!(
            out,
            "Dislodged: {} {} (from {}): {}",
            map.power(d.unit.power).name,
            unit(&d.unit),
            map.province(d.attacker_from).name,
            if options.is_empty() {
                "no retreat, disbanded".to_string()
            } else {
                format!("retreats to {}, or disbands", options.join(", "))
            }
        );
    }
    let builds: Vec<String> = st
        .adjustments
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|&(p, n)| {
            let sites = build_sites(map, pos, p);
            format!("{} {n} ({})", map.power(p).name, sites)
        })
        .collect();
    if !builds.is_empty() {
        let _ = writeln!(out, "Builds due: {}", builds.join(", "));
    }
    let removals: Vec<String> = st
        .adjustments
        .iter()
        .filter(|(_, n)| *n < 0)
        .map(|&(p, n)| format!("{} {}", map.power(p).name, -n))
        .collect();
    if !removals.is_empty() {
        let _ = writeln!(out, "Removals due: {}", removals.join(", "));
    }
    out
}

/// The home centres a power may build in now: owned, empty. `"no free home centre"` when none.
fn build_sites(map: &Map, pos: &entente_judge::Position, p: PowerId) -> String {
    let sites: Vec<String> = map
        .build_centres(p)
        .filter(|&c| pos.owner(c) == Some(p) && pos.unit_at(c).is_none())
        .map(|c| map.province(c).name.clone())
        .collect();
    if sites.is_empty() {
        "no free home centre".into()
    } else {
        format!("in {}", sites.join(", "))
    }
}

fn adjudicate(file: &str, force: bool) -> CliResult<ExitCode> {
    let out = update(file, |s| {
        let before = s.game().history().len();
        let toss_before = s.coin_toss();
        s.adjudicate_when_due(jiff::Timestamp::now(), force)
            .map_err(|e| match e.kind {
                ErrorKind::NotThisPhase if !force => {
                    Error::new(e.kind, format!("{} (--force)", e.message))
                }
                _ => e,
            })?;
        let map = s.map();
        let mut out = String::new();
        for i in before..s.game().history().len() {
            game_phase(s, i, &mut out);
        }
        if let (None, Some(t)) = (toss_before, s.coin_toss()) {
            let winner = &s.players()[t.winner];
            let side = powers_list(map, &winner.powers);
            let _ = writeln!(
                out,
                "Coin toss: {} joins {} in Spring {}.\n",
                map.power(t.power).name,
                if s.options().anonymous {
                    side
                } else {
                    format!("{} ({side})", winner.name)
                },
                entente_game::WORLD_WAR_YEAR + 1
            );
        }
        out.push_str(&status_text(file, s));
        Ok(out)
    })?;
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// Powers by name, "France,Germany".
fn power_list(map: &Map, names: &str) -> CliResult<Vec<PowerId>> {
    names
        .split(',')
        .filter(|n| !n.trim().is_empty())
        .map(|n| power(map, n.trim()))
        .collect()
}

fn draw(a: DrawArgs) -> CliResult<ExitCode> {
    let text = update(&a.file, |s| {
        match &a.powers {
            None => s.declare_draw()?,
            Some(names) => {
                let powers = power_list(s.map(), names)?;
                s.declare_draw_among(&powers)?;
            }
        }
        Ok(s.end_text().unwrap_or_default())
    })?;
    println!("{text}.");
    Ok(ExitCode::SUCCESS)
}

fn concede(a: ConcedeArgs) -> CliResult<ExitCode> {
    let text = update(&a.file, |s| {
        let p = power(s.map(), &a.to)?;
        s.concede(p)?;
        Ok(s.end_text().unwrap_or_default())
    })?;
    println!("{text}.");
    Ok(ExitCode::SUCCESS)
}

/// The history entry `--phase` names: a number (1 = the first phase played), a code or a
/// name. A phase the game has not played is refused.
fn history_entry(s: &Session, spec: &str) -> CliResult<usize> {
    let history = s.game().history();
    let n = history.len();
    if let Ok(k) = spec.trim().parse::<usize>() {
        if k == 0 || k > n {
            return Err(format!(
                "--phase {spec}: no such phase ({n} phase{} played)",
                if n == 1 { "" } else { "s" }
            )
            .into());
        }
        return Ok(k - 1);
    }
    let wanted = Phase::parse(spec).ok_or_else(|| format!("'{spec}' is not a phase"))?;
    history
        .iter()
        .position(|h| h.phase == wanted)
        .ok_or_else(|| {
            let current = s.game().phase();
            CliError::from(if wanted == current && !s.game().is_over() {
                format!(
                    "--phase {spec}: no such phase played yet ({} is the current phase)",
                    current.code()
                )
            } else {
                format!(
                    "--phase {spec}: no such phase (played: {})",
                    if n == 0 {
                        "none".to_string()
                    } else {
                        format!(
                            "{} to {}",
                            history[0].phase.code(),
                            history[n - 1].phase.code()
                        )
                    }
                )
            })
        })
}

fn history(a: HistoryArgs) -> CliResult<ExitCode> {
    let s = load(&a.file)?;
    let only = match &a.phase {
        Some(p) => Some(history_entry(&s, p)?),
        None => None,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}, setup {}, {} rules)",
        a.file,
        s.map().name,
        s.setup(),
        s.game().rules().edition
    );
    game_players(&s, &mut out);
    out.push('\n');
    if only.is_none() {
        placement_listing(&s, &mut out);
    }
    // Escalation's nominations come after the first Fall, before its Winter.
    let nominated_before = |i: usize| {
        s.game().escalation().is_some_and(|e| {
            let h = &s.game().history()[i];
            h.phase.year > e.year
                || (h.phase.year == e.year && h.phase.kind == entente_judge::PhaseKind::Adjustment)
        })
    };
    let mut nominations_shown = false;
    for i in 0..s.game().history().len() {
        if only.is_none() && !nominations_shown && nominated_before(i) {
            nominations_listing(&s, &mut out);
            nominations_shown = true;
        }
        if only.is_none_or(|k| k == i) {
            game_phase(&s, i, &mut out);
        }
    }
    if only.is_none() && !nominations_shown {
        nominations_listing(&s, &mut out);
    }
    out.push_str(&status_text(&a.file, &s));
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn press(a: PressArgs) -> CliResult<ExitCode> {
    let text = match (&a.text, &a.message_file, a.stdin) {
        (Some(t), _, _) => t.clone(),
        (None, Some(path), _) => read_input(Some(path))?,
        (None, None, _) => read_input(None)?,
    };
    let gunboat = std::cell::Cell::new(false);
    let out = update(&a.file, |s| {
        if s.options().gunboat {
            gunboat.set(true);
            return Ok(String::new());
        }
        let map = s.map();
        let from = power(map, &a.from)?;
        let to = if a.to.trim().eq_ignore_ascii_case("all") {
            Recipients::All
        } else {
            Recipients::Powers(power_list(map, &a.to)?)
        };
        let m = s.send_press(from, to, &text)?.clone();
        let map = s.map();
        Ok(format!(
            "Message {}, {}, from {} to {}: kept for its recipients.",
            m.seq,
            phase_title(map, m.phase),
            map.power(m.from).name,
            recipients_text(map, &m)
        ))
    })?;
    if gunboat.get() {
        eprintln!(
            "entente: {} is a Gunboat game: no press; the message was not sent.",
            a.file
        );
        return Ok(ExitCode::from(1));
    }
    println!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn recipients_text(map: &Map, m: &Message) -> String {
    match &m.to {
        Recipients::All => "all".into(),
        Recipients::Powers(ps) => powers_list(map, ps),
    }
}

/// The messages one power may read, numbered in its own inbox (the game's numbering would
/// tell how many messages others exchanged in between).
fn inbox(a: InboxArgs) -> CliResult<ExitCode> {
    let s = load(&a.file)?;
    let map = s.map();
    let reader = power(map, &a.power)?;
    let messages: Vec<&Message> = s.inbox(reader).collect();
    let mut out = String::new();
    let name = &map.power(reader).name;
    match messages.len() {
        0 => {
            let _ = writeln!(out, "Press for {name}: no messages.");
        }
        n => {
            let _ = writeln!(
                out,
                "Press for {name}, {n} message{}:",
                if n == 1 { "" } else { "s" }
            );
        }
    }
    for (i, m) in messages.iter().enumerate() {
        let from = match s.sender_seen_by(m, reader) {
            Some(p) => map.power(p).name.as_str(),
            None => "Anonymous",
        };
        let _ = writeln!(
            out,
            "\n{}. {}, from {from} to {}:",
            i + 1,
            phase_title(map, m.phase),
            recipients_text(map, m)
        );
        for line in m.text.lines() {
            let _ = writeln!(out, "{}", format!("   {line}").trim_end());
        }
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn civil_disorder(a: CivilDisorderArgs) -> CliResult<ExitCode> {
    let name = update(&a.file, |s| {
        let p = power(s.map(), &a.power)?;
        s.set_civil_disorder(p, !a.off)?;
        Ok(s.map().power(p).name.clone())
    })?;
    if a.off {
        println!("{name} is back in play.");
    } else {
        println!("{name} is in civil disorder: its units hold without supporting each other, are disbanded when dislodged, and it does not build.");
    }
    Ok(ExitCode::SUCCESS)
}

fn export(a: ExportArgs) -> CliResult<ExitCode> {
    if a.python != "-" && same_file(Path::new(&a.file), Path::new(&a.python)) {
        return Err(format!(
            "{}: that is the game's record; export writes another file",
            a.python
        )
        .into());
    }
    let s = load(&a.file)?;
    let id = Path::new(&a.file)
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "entente".into());
    let json = serde_json::to_string(&pydip::export(&s, &id)).map_err(|e| e.to_string())?;
    if a.python == "-" {
        println!("{json}");
    } else {
        entente_store::write_file(Path::new(&a.python), &(json + "\n"), a.force).map_err(|e| {
            match e.kind {
                ErrorKind::Conflict => CliError::from(format!(
                    "{}: already exists (give --force to replace it)",
                    a.python
                )),
                _ => e.into(),
            }
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether two paths name one file: the same path once links and `..` are resolved, or the
/// same file by device and inode (a hard link).
fn same_file(a: &Path, b: &Path) -> bool {
    let resolved = |p: &Path| {
        std::fs::canonicalize(p).ok().or_else(|| {
            // A file not there yet: its directory resolved, and its name.
            let dir = match p.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            Some(std::fs::canonicalize(dir).ok()?.join(p.file_name()?))
        })
    };
    if let (Some(x), Some(y)) = (resolved(a), resolved(b)) {
        if x == y {
            return true;
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    false
}

fn import(a: ImportArgs) -> CliResult<ExitCode> {
    if std::path::Path::new(&a.file).exists() {
        return Err(format!("{}: already exists", a.file).into());
    }
    let text = read_limited(Some(&a.python), FILE_LIMIT)?;
    let games = pydip::parse_saved_games(&text).map_err(|e| e.context(&a.python))?;
    let [g] = games.as_slice() else {
        return Err(format!("{}: {} games; import takes one", a.python, games.len()).into());
    };
    let variant = Variant::load(&g.map)?;
    let (s, difference) = pydip::import(variant, g)?;
    store().create(&a.file, &s)?;
    println!(
        "Imported {} phases into {}.",
        s.game().history().len(),
        a.file
    );
    Ok(match difference {
        Some(p) => {
            eprintln!(
                "entente: from {p} on, entente's adjudication differs from the saved game's (see `entente replay {}`)",
                a.python
            );
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    })
}

/// One game-master act on the record, its message printed.
fn act(
    file: &str,
    f: impl FnOnce(&mut Session) -> entente_game::Result<String>,
) -> CliResult<ExitCode> {
    let text = update(file, |s| Ok(f(s)?))?;
    println!("{text}");
    Ok(ExitCode::SUCCESS)
}

fn deadline(a: DeadlineArgs) -> CliResult<ExitCode> {
    if a.when.is_none() && !a.clear {
        return Err("give the deadline (2026-11-27 23:59) or --clear".into());
    }
    act(&a.file, |s| {
        let zone = a
            .time_zone
            .clone()
            .or_else(|| s.options().time_zone.clone());
        let d = match &a.when {
            Some(w) => Some(Deadline::parse(w, zone.as_deref())?),
            None => None,
        };
        s.set_deadline(d)?;
        Ok(match s.deadline() {
            Some(d) => format!("Deadline: {d}."),
            None => "No deadline.".to_string(),
        })
    })
}

fn replace(a: ReplaceArgs) -> CliResult<ExitCode> {
    act(&a.file, |s| {
        let p = s
            .map()
            .lookup_power(&a.power)
            .ok_or_else(|| Error::unknown(format!("unknown power '{}'", a.power)))?;
        s.replace_player(p, &a.player)?;
        Ok(format!(
            "{} now plays {}.",
            a.player,
            powers_list(
                s.map(),
                &s.player_of(p).map(|x| x.powers.clone()).unwrap_or_default()
            )
        ))
    })
}

fn log(file: &str) -> CliResult<ExitCode> {
    let s = load(file)?;
    let map = s.map();
    let mut out = String::new();
    if s.events().is_empty() {
        out.push_str("No acts of the game master yet.\n");
    }
    for e in s.events() {
        let when = e.at.map(|t| format!("{t} ")).unwrap_or_default();
        let what = match &e.event {
            entente_host::Event::Adjudicated { forced } => {
                format!(
                    "adjudicated{}",
                    if *forced { " (orders missing)" } else { "" }
                )
            }
            entente_host::Event::CivilDisorder { power, on } => format!(
                "{power} {}",
                if *on {
                    "in civil disorder"
                } else {
                    "back in play"
                }
            ),
            entente_host::Event::Draw { powers } if powers.is_empty() => "draw".to_string(),
            entente_host::Event::Draw { powers } => format!("draw ({})", powers.join(", ")),
            entente_host::Event::Conceded { to } => format!("conceded to {to}"),
            entente_host::Event::Deadline { due: Some(t) } => format!("deadline {t}"),
            entente_host::Event::Deadline { due: None } => "deadline cleared".to_string(),
            entente_host::Event::Paused => "paused".to_string(),
            entente_host::Event::Resumed => "resumed".to_string(),
            entente_host::Event::RolledBack { to } => format!("rolled back to {to}"),
            entente_host::Event::PlayerReplaced { old, new } => format!("{new} replaces {old}"),
        };
        let _ = writeln!(
            out,
            "{}. {when}{}: {what}",
            e.seq,
            phase_title(map, e.phase)
        );
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
