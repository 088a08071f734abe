//! `entente game`: the game master's commands on a game record file (`docs/game-record.md`):
//! start a game, receive order sheets, see who is missing, adjudicate, declare a draw, show
//! the history, mark civil disorder, relay press, and move games to and from the Python
//! package's format.

use entente_game::assign::{assign_by_preferences, assign_random, parse_preferences, SeededLot};
use entente_game::record::{line_results, order_results};
use entente_game::{
    load_variant, pydip, Assignment, GameOptions, Message, Phase, PhaseResult, Player, Reading,
    Recipients, Session, Setup,
};
use entente_judge::{Edition, Rulebook};
use entente_map::{Map, PowerId};
use entente_report::{self as judge_form, phase_title};
use std::fmt::Write;
use std::io::Read;
use std::process::ExitCode;
use std::sync::Arc;

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
    /// The current phase: whose orders are in, who is missing.
    Status(FileArgs),
    /// Adjudicate the current phase with the sheets received; results in judge form.
    Adjudicate(FileArgs),
    /// End the game in a draw shared by every power with units.
    Draw(FileArgs),
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
    /// The rulebook's setup for the number of players: 7, 6, 5, 4, 3a, 3b or 2.
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
    /// When orders are due, as the game master announces it (stored and shown).
    #[arg(long)]
    deadline: Option<String>,
    /// No press (Gunboat).
    #[arg(long)]
    gunboat: bool,
    /// Players are not told who plays which power; press comes without its sender.
    #[arg(long)]
    anonymous: bool,
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
    /// The sheet: one order a line (`-` or omitted: standard input).
    sheet: Option<String>,
}

#[derive(clap::Args)]
struct HistoryArgs {
    file: String,
    /// Only this phase (`S1901M` or `Spring 1901 movement`).
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
    /// The message, or @FILE to read it from a file (`@-`: standard input).
    text: String,
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
    /// Where to write the Python package's saved game (`-`: standard output).
    #[arg(long)]
    python: String,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// A saved game of the Python `diplomacy` package.
    python: String,
    /// The game record to create.
    file: String,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    match args.command {
        GameCommand::New(a) => new_game(a),
        GameCommand::Orders(a) => orders(a),
        GameCommand::Status(a) => status(&a.file),
        GameCommand::Adjudicate(a) => adjudicate(&a.file),
        GameCommand::Draw(a) => draw(&a.file),
        GameCommand::History(a) => history(a),
        GameCommand::CivilDisorder(a) => civil_disorder(a),
        GameCommand::Press(a) => press(a),
        GameCommand::Inbox(a) => inbox(a),
        GameCommand::Export(a) => export(a),
        GameCommand::Import(a) => import(a),
    }
}

pub(crate) fn read_input(path: Option<&str>) -> Result<String, String> {
    match path {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("reading standard input: {e}"))?;
            Ok(s)
        }
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}")),
    }
}

fn load(file: &str) -> Result<Session, String> {
    let text = read_input(Some(file))?;
    Session::from_json(&text).map_err(|e| format!("{file}: {e}"))
}

/// Writes the record beside the old one first, so a failed write never loses a game.
fn save(file: &str, s: &Session) -> Result<(), String> {
    let tmp = format!("{file}.tmp");
    std::fs::write(&tmp, s.to_json()).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, file).map_err(|e| format!("{file}: {e}"))
}

fn power(map: &Map, name: &str) -> Result<PowerId, String> {
    map.lookup_power(name)
        .ok_or_else(|| format!("unknown power '{name}'"))
}

fn powers_list(map: &Map, ps: &[PowerId]) -> String {
    if ps.is_empty() {
        return "none".into();
    }
    ps.iter()
        .map(|&p| map.power(p).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

fn new_game(a: NewArgs) -> Result<ExitCode, String> {
    if std::path::Path::new(&a.file).exists() {
        return Err(format!("{}: already exists", a.file));
    }
    let map = Arc::new(load_variant(&a.variant)?);
    let setup: Setup = a.setup.parse()?;
    let edition: Edition = a.rules.parse()?;
    let seats = setup.seats(&map)?;
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let seat_name = |i: usize| {
        seats[i]
            .iter()
            .map(|&p| map.power(p).name.clone())
            .collect::<Vec<_>>()
            .join("/")
    };
    let (players, assignment) = match a.assign.first().map(String::as_str) {
        None => {
            let spec = a
                .players
                .as_deref()
                .ok_or("give --players \"Name:Power,...\" or --assign")?;
            (given_players(&map, spec)?, Assignment::Given)
        }
        Some("random") => {
            let spec = a
                .players
                .as_deref()
                .ok_or("--assign random needs --players \"Ann,Bob,...\"")?;
            let names: Vec<String> = spec
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            if names.len() != seats.len() {
                return Err(format!(
                    "setup {setup} is for {} players, {} named",
                    seats.len(),
                    names.len()
                ));
            }
            let seat_of = assign_random(names.len(), seed);
            let players = names
                .into_iter()
                .zip(seat_of)
                .map(|(name, s)| Player {
                    name,
                    powers: seats[s].clone(),
                })
                .collect();
            (players, Assignment::Random { seed })
        }
        Some("prefs") => {
            let path = a.assign.get(1).ok_or("--assign prefs needs the file")?;
            let text = read_input(Some(path))?;
            let (names, prefs) =
                parse_preferences(&map, &seats, &text).map_err(|e| format!("{path}: {e}"))?;
            let seat_of = assign_by_preferences(&prefs, &mut SeededLot::new(seed))?;
            let rankings = names
                .iter()
                .zip(&prefs)
                .map(|(n, r)| (n.clone(), r.iter().map(|&s| seat_name(s)).collect()))
                .collect();
            let players = names
                .into_iter()
                .zip(seat_of)
                .map(|(name, s)| Player {
                    name,
                    powers: seats[s].clone(),
                })
                .collect();
            (players, Assignment::Preferences { seed, rankings })
        }
        Some(other) => return Err(format!("unknown --assign '{other}' (random or prefs)")),
    };
    let first_year = match (a.first_year, a.period) {
        (Some(y), _) => Some(y),
        (None, true) => Some(
            setup
                .period_year()
                .ok_or(format!("setup {setup} has no historical year"))?,
        ),
        (None, false) => None,
    };
    let options = GameOptions {
        gunboat: a.gunboat,
        anonymous: a.anonymous,
        end_year: a.end_year,
        deadline: a.deadline,
    };
    let s = Session::new(
        map.clone(),
        &a.variant,
        Rulebook::edition(edition),
        setup,
        players,
        first_year,
        options,
        seed,
        assignment,
    )?;
    save(&a.file, &s)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "New game {} ({}, setup {setup}, {} rules), {}.",
        a.file,
        map.name,
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
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// "Ann:England,Bob:Austria/France".
fn given_players(map: &Map, spec: &str) -> Result<Vec<Player>, String> {
    spec.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|item| {
            let (name, powers) = item
                .split_once(':')
                .ok_or_else(|| format!("'{item}': write Name:Power or Name:Power/Power"))?;
            Ok(Player {
                name: name.trim().to_string(),
                powers: powers
                    .split('/')
                    .map(|p| power(map, p.trim()))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

fn orders(a: OrdersArgs) -> Result<ExitCode, String> {
    let mut s = load(&a.file)?;
    let p = power(s.map(), &a.power)?;
    let text = read_input(a.sheet.as_deref())?;
    let echoes = s.submit(p, &text)?;
    save(&a.file, &s)?;
    let map = s.map();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, {}: {} line{} received (this sheet replaces any earlier one).",
        map.power(p).name,
        phase_title(map, s.game().phase()),
        echoes.len(),
        if echoes.len() == 1 { "" } else { "s" }
    );
    for e in &echoes {
        let echo = match (&e.line.reading, &e.problem) {
            (Reading::Order { canonical, .. }, None) => canonical.clone(),
            (Reading::Order { canonical, .. }, Some(why)) => {
                format!("{canonical} (*will not be carried out: {why}*)")
            }
            (Reading::Unreadable(why), _) => format!("(*unreadable: {why}; counts as Hold*)"),
        };
        let _ = writeln!(out, "  {:<28} => {echo}", e.line.text);
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn status_text(file: &str, s: &Session) -> String {
    let map = s.map();
    let g = s.game();
    let mut out = String::new();
    if let Some(end) = s.end_text() {
        let _ = writeln!(out, "{file}: game over. {end}.");
        return out;
    }
    let st = s.status();
    let _ = writeln!(out, "{file}: {}", phase_title(map, st.phase));
    if let Some(d) = &s.options().deadline {
        let _ = writeln!(out, "Deadline: {d}");
    }
    let _ = writeln!(out, "Orders in: {}", powers_list(map, &st.received));
    let _ = writeln!(out, "Missing: {}", powers_list(map, &st.missing));
    if !st.civil_disorder.is_empty() {
        let _ = writeln!(
            out,
            "Civil disorder: {}",
            powers_list(map, &st.civil_disorder)
        );
    }
    let neutral: Vec<PowerId> = map.power_ids().filter(|&p| g.is_neutral(p)).collect();
    if !neutral.is_empty() {
        let _ = writeln!(out, "Neutral: {}", powers_list(map, &neutral));
    }
    if s.options().gunboat {
        let _ = writeln!(out, "Gunboat: no press.");
    }
    if s.options().anonymous {
        let _ = writeln!(
            out,
            "Anonymous: who plays which power is not told; press comes without its sender."
        );
    }
    out
}

fn status(file: &str) -> Result<ExitCode, String> {
    let s = load(file)?;
    print!("{}", status_text(file, &s));
    Ok(ExitCode::SUCCESS)
}

/// The judge-form listing of history entry `i`.
fn phase_in_judge_form(s: &Session, i: usize, out: &mut String) {
    let map = s.map();
    let h = &s.game().history()[i];
    let sheets = &s.phase_sheets()[i];
    let ctx = &s.phase_contexts()[i];
    let mut extra = Vec::new();
    for (p, line, r) in line_results(sheets, ctx, order_results(&h.result)) {
        match (&line.reading, r) {
            (Reading::Unreadable(why), _) => {
                extra.push((p, format!("\"{}\" (*unreadable: {why}; holds*)", line.text)))
            }
            (Reading::Order { canonical, .. }, None) => extra.push((
                p,
                format!(
                    "{canonical}. (*ignored: {}*)",
                    if ctx.neutral.contains(&p) {
                        "neutral"
                    } else {
                        "civil disorder"
                    }
                ),
            )),
            _ => {}
        }
    }
    if let PhaseResult::Movement(r) = &h.result {
        // Units of powers that give no orders are disbanded at once, with no retreat phase.
        for (at, d) in &r.dislodged {
            if !d.retreats.is_empty() && h.after.dislodged_at(*at).is_none() {
                extra.push((
                    d.unit.power,
                    format!(
                        "{} {} is disbanded: no orders come from {}.",
                        d.unit.ty.letter(),
                        map.loc_name(d.unit.loc),
                        map.power(d.unit.power).name
                    ),
                ));
            }
        }
    }
    judge_form::phase_listing(
        map,
        &phase_title(map, h.phase),
        &h.result,
        &h.before,
        &h.after,
        &extra,
        out,
    );
    if !ctx.civil_disorder.is_empty() {
        let _ = writeln!(
            out,
            "In civil disorder: {}.\n",
            powers_list(map, &ctx.civil_disorder)
        );
    }
}

fn adjudicate(file: &str) -> Result<ExitCode, String> {
    let mut s = load(file)?;
    let before = s.game().history().len();
    let toss_before = s.coin_toss();
    s.adjudicate()?;
    save(file, &s)?;
    let map = s.map();
    let mut out = String::new();
    for i in before..s.game().history().len() {
        phase_in_judge_form(&s, i, &mut out);
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
    out.push_str(&status_text(file, &s));
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn draw(file: &str) -> Result<ExitCode, String> {
    let mut s = load(file)?;
    s.declare_draw()?;
    save(file, &s)?;
    println!("{}.", s.end_text().unwrap_or_default());
    Ok(ExitCode::SUCCESS)
}

fn history(a: HistoryArgs) -> Result<ExitCode, String> {
    let s = load(&a.file)?;
    let only = match &a.phase {
        Some(p) => Some(Phase::parse(p).ok_or_else(|| format!("'{p}' is not a phase"))?),
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
    players_text(&s, &mut out);
    out.push('\n');
    for (i, h) in s.game().history().iter().enumerate() {
        if only.is_none_or(|p| p == h.phase) {
            phase_in_judge_form(&s, i, &mut out);
        }
    }
    out.push_str(&status_text(&a.file, &s));
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// Who plays which powers; in an anonymous game only the players' names.
fn players_text(s: &Session, out: &mut String) {
    if s.options().anonymous {
        let names: Vec<&str> = s.players().iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "Players: {}", names.join(", "));
        return;
    }
    for p in s.players() {
        let _ = writeln!(out, "{}: {}", p.name, powers_list(s.map(), &p.powers));
    }
}

fn press(a: PressArgs) -> Result<ExitCode, String> {
    let mut s = load(&a.file)?;
    if s.options().gunboat {
        eprintln!(
            "entente: {} is a Gunboat game: no press; the message was not sent.",
            a.file
        );
        return Ok(ExitCode::from(1));
    }
    let map = s.map();
    let from = power(map, &a.from)?;
    let to = if a.to.trim().eq_ignore_ascii_case("all") {
        Recipients::All
    } else {
        Recipients::Powers(
            a.to.split(',')
                .filter(|n| !n.trim().is_empty())
                .map(|n| power(map, n.trim()))
                .collect::<Result<_, _>>()?,
        )
    };
    let text = match a.text.strip_prefix('@') {
        Some(path) => read_input(Some(path))?,
        None => a.text,
    };
    let m = s.send_press(from, to, &text)?.clone();
    save(&a.file, &s)?;
    let map = s.map();
    println!(
        "Message {}, {}, from {} to {}: kept for its recipients.",
        m.seq,
        phase_title(map, m.phase),
        map.power(m.from).name,
        recipients_text(map, &m)
    );
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
fn inbox(a: InboxArgs) -> Result<ExitCode, String> {
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

fn civil_disorder(a: CivilDisorderArgs) -> Result<ExitCode, String> {
    let mut s = load(&a.file)?;
    let p = power(s.map(), &a.power)?;
    s.set_civil_disorder(p, !a.off)?;
    save(&a.file, &s)?;
    let name = &s.map().power(p).name;
    if a.off {
        println!("{name} is back in play.");
    } else {
        println!("{name} is in civil disorder: its units hold without supporting each other, are disbanded when dislodged, and it does not build.");
    }
    Ok(ExitCode::SUCCESS)
}

fn export(a: ExportArgs) -> Result<ExitCode, String> {
    let s = load(&a.file)?;
    let id = std::path::Path::new(&a.file)
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "entente".into());
    let json = serde_json::to_string(&pydip::export(&s, &id)).map_err(|e| e.to_string())?;
    if a.python == "-" {
        println!("{json}");
    } else {
        std::fs::write(&a.python, json + "\n").map_err(|e| format!("{}: {e}", a.python))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn import(a: ImportArgs) -> Result<ExitCode, String> {
    if std::path::Path::new(&a.file).exists() {
        return Err(format!("{}: already exists", a.file));
    }
    let text = read_input(Some(&a.python))?;
    let games = pydip::parse_saved_games(&text).map_err(|e| format!("{}: {e}", a.python))?;
    let [g] = games.as_slice() else {
        return Err(format!(
            "{}: {} games; import takes one",
            a.python,
            games.len()
        ));
    };
    let map = Arc::new(load_variant(&g.map)?);
    let (s, difference) = pydip::import(map, g)?;
    save(&a.file, &s)?;
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
