//! `entente render`: a scenario file or a recorded game in, one SVG (and PNG) per phase out,
//! or one HTML page with the whole history.
//!
//! A game is entente's own record (`docs/game-record.md`) or a saved game of the Python
//! `diplomacy` package (one per file, or one per line). Each phase is adjudicated again
//! from the position the record gives for it, with the orders the record gives, so the
//! outcomes drawn are entente's; the record's last (current) phase is drawn as a position.

use crate::error::{CliError, CliResult};
use crate::game_cmd::{read_limited, FILE_LIMIT};
use entente_game::Phase;
use entente_judge::{Edition, Position, Rulebook};
use entente_map::Map;
use entente_record::replay::{adjudicate_phase, read_recorded_games};
use entente_render::{
    marks, svg_to_png, DislodgedUnit, Geometry, Layout, RenderOptions, Renderer, ResolvedOrder,
    Step,
};
use entente_report::phase_title;
use entente_scenario::{execute_case, parse_scenarios};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// A scenario file (docs/scenario-format.md), a game record (docs/game-record.md) or a
    /// Python `diplomacy` saved game (`-`: standard input).
    file: String,
    /// Only this case of a multi-case scenario file, or this game (its `id`) of a file of
    /// Python saved games.
    #[arg(long)]
    case: Option<String>,
    /// Only this phase: its code (`S1901M`, `F1901R`, `W1901A`), its name (`"Spring 1901
    /// movement"`) or its number (1 = the first phase).
    #[arg(long, conflicts_with = "all")]
    phase: Option<String>,
    /// Every phase (what happens without --phase).
    #[arg(long)]
    all: bool,
    /// Directory to write into (created if missing).
    #[arg(long, default_value = ".")]
    out: PathBuf,
    /// Also write a PNG beside each SVG.
    #[arg(long)]
    png: bool,
    /// Write one HTML page per case or game with every phase (previous/next buttons)
    /// instead of SVGs.
    #[arg(long)]
    html: bool,
    /// Label provinces with their names in this language: cs, fr, ru or en.
    #[arg(long)]
    lang: Option<String>,
    /// PNG scale factor (1 = the SVG's size).
    #[arg(long, default_value_t = 1.5)]
    scale: f32,
    /// Map geometry file (tools/mapgen output) to use instead of the built-in one.
    #[arg(long)]
    geometry: Option<PathBuf>,
    /// Rule edition for scenario cases that do not name one (default 2000); for a game, the
    /// edition to adjudicate it by instead of the record's (Python games: the package's rules).
    #[arg(long)]
    rules: Option<String>,
}

/// One picture: a phase's starting position with its orders and their outcomes.
struct Shot {
    /// Matched by `--phase`.
    phase: Option<Phase>,
    /// The record's name for the phase (`S1901M`, `COMPLETED`).
    code: String,
    title: String,
    before: Position,
    orders: Option<Vec<ResolvedOrder>>,
    dislodged: Vec<DislodgedUnit>,
}

/// A case or a game: its phases, drawn on one map.
struct Book {
    map: Arc<Map>,
    /// File names start with it.
    base: String,
    page_title: String,
    shots: Vec<Shot>,
    /// Drawn last on the HTML page of the whole history: the position after the last phase
    /// (a scenario's; a game's last shot is already its current position).
    epilogue: Option<Shot>,
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

fn write(path: &Path, bytes: &[u8]) -> CliResult<()> {
    std::fs::write(path, bytes)
        .map_err(|e| CliError::Message(format!("{}: {e}", path.display())))?;
    println!("{}", path.display());
    Ok(())
}

fn stem_of(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .filter(|s| !s.is_empty() && s != "-")
        .unwrap_or_else(|| "game".into())
}

fn scenario_books(args: &Args, text: &str) -> CliResult<Vec<Book>> {
    let mut cases =
        parse_scenarios(text).map_err(|e| CliError::Message(format!("{}: {e}", args.file)))?;
    if let Some(id) = &args.case {
        cases.retain(|c| &c.id == id);
        if cases.is_empty() {
            return Err(CliError::Message(format!("{}: no case '{id}'", args.file)));
        }
    }
    // As `entente adjudicate` reads it: the file's rules and options (2000 when it names no
    // edition); --rules changes the edition and keeps the options.
    let edition = match &args.rules {
        Some(r) => Some(r.parse::<entente_judge::Edition>()?),
        None => None,
    };
    let stem = stem_of(&args.file);
    let several = cases.len() > 1;
    let mut books = Vec::new();
    for case in &mut cases {
        if let Some(ed) = edition {
            case.set_edition(ed);
        }
        let (map, runs) =
            execute_case(case).map_err(|e| CliError::Message(format!("{}: {e}", args.file)))?;
        let mut shots = Vec::new();
        for run in &runs {
            let phase = run.phase;
            let (orders, dislodged) = marks(&run.outcome, &run.before);
            shots.push(Shot {
                phase: Some(phase),
                code: phase.code(),
                title: phase_title(&map, phase),
                before: run.before.clone(),
                orders: Some(orders),
                dislodged,
            });
        }
        let epilogue = runs.last().map(|last| Shot {
            phase: None,
            code: "after".into(),
            title: format!("After {}", phase_title(&map, last.phase)),
            before: last.after.clone(),
            orders: None,
            dislodged: last.after.dislodged().collect(),
        });
        books.push(Book {
            map: Arc::new(map),
            base: if several {
                format!("{stem}-{}", slug(&case.id))
            } else {
                stem.clone()
            },
            page_title: if case.title.is_empty() {
                format!("{stem} {}", case.id)
            } else {
                format!("{} — {}", case.id, case.title)
            },
            shots,
            epilogue,
        });
    }
    Ok(books)
}

fn game_books(args: &Args, text: &str) -> CliResult<Vec<Book>> {
    let mut games =
        read_recorded_games(text).map_err(|e| CliError::Message(format!("{}: {e}", args.file)))?;
    if let Some(id) = &args.case {
        games.retain(|g| &g.id == id);
        if games.is_empty() {
            return Err(CliError::Message(format!("{}: no game '{id}'", args.file)));
        }
    }
    let edition: Option<Edition> = args.rules.as_deref().map(str::parse).transpose()?;
    let stem = stem_of(&args.file);
    let several = games.len() > 1;
    let mut books = Vec::new();
    for g in games {
        let rules = edition.map_or(g.rules, Rulebook::edition);
        let map = &g.map;
        let last = g.phases.len().saturating_sub(1);
        let mut shots = Vec::new();
        for (i, ph) in g.phases.iter().enumerate() {
            let title = match ph.phase {
                Some(p) => phase_title(map, p),
                None => ph.name.clone(),
            };
            // The current phase is a position; a phase with orders is adjudicated again.
            let judged = if i < last || !ph.orders.is_empty() {
                adjudicate_phase(map, rules, ph)
            } else {
                None
            };
            let (orders, dislodged) = match judged.as_ref().and_then(|j| j.history().last()) {
                Some(h) => {
                    let (o, d) = marks(&h.result, &h.before);
                    (Some(o), d)
                }
                None => (None, ph.position.dislodged().collect::<Vec<_>>()),
            };
            shots.push(Shot {
                phase: ph.phase,
                code: ph.name.clone(),
                title,
                before: ph.position.clone(),
                orders,
                dislodged,
            });
        }
        let base = if several && !g.id.is_empty() {
            format!("{stem}-{}", slug(&g.id))
        } else {
            stem.clone()
        };
        books.push(Book {
            page_title: if g.id.is_empty() {
                format!("{stem} ({})", map.name)
            } else {
                format!("{} ({})", g.id, map.name)
            },
            map: g.map,
            base,
            shots,
            epilogue: None,
        });
    }
    Ok(books)
}

/// Is this text a game (JSON) rather than a scenario file?
fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The shot `--phase` names: a number, a code or a phase name.
fn chosen(book: &Book, spec: &str) -> CliResult<usize> {
    let n = book.shots.len();
    if let Ok(k) = spec.trim().parse::<usize>() {
        if k == 0 || k > n {
            return Err(CliError::Message(format!(
                "--phase {spec}: there are {n} phase(s)"
            )));
        }
        return Ok(k - 1);
    }
    let wanted = Phase::parse(spec);
    book.shots
        .iter()
        .position(|s| {
            s.code.eq_ignore_ascii_case(spec.trim()) || (wanted.is_some() && s.phase == wanted)
        })
        .ok_or_else(|| {
            CliError::from(format!(
                "--phase {spec}: no such phase (there are {})",
                book.shots
                    .iter()
                    .map(|s| s.code.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

pub fn run(args: Args) -> CliResult<ExitCode> {
    let text = read_limited(Some(&args.file), FILE_LIMIT)?;
    if let Some(lang) = &args.lang {
        if !["cs", "fr", "ru", "en"].contains(&lang.as_str()) {
            return Err(CliError::Message(format!(
                "--lang {lang}: expected cs, fr, ru or en"
            )));
        }
    }
    let geometry = match &args.geometry {
        Some(p) => Some(Geometry::from_json(&read_limited(
            Some(&p.to_string_lossy()),
            FILE_LIMIT,
        )?)?),
        None => None,
    };
    let books = if is_json(&text) {
        game_books(&args, &text)?
    } else {
        scenario_books(&args, &text)?
    };
    if args.png && !(args.scale.is_finite() && args.scale > 0.0) {
        return Err(format!("--scale {}: give a positive number", args.scale).into());
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::Message(format!("{}: {e}", args.out.display())))?;
    let opts = RenderOptions {
        lang: args.lang.clone(),
        no_legend: false,
        results: true,
    };
    for book in &books {
        let renderer = renderer(&book.map, geometry.as_ref(), opts.clone())?;
        let only = args.phase.as_deref().map(|p| chosen(book, p)).transpose()?;
        let draw =
            |s: &Shot| renderer.render(&s.before, s.orders.as_deref(), &s.dislodged, &s.title);
        if args.html {
            // One page: the base map once, every phase a layer over it.
            let mut steps: Vec<Step> = book
                .shots
                .iter()
                .enumerate()
                .filter(|(i, _)| only.is_none_or(|k| k == *i))
                .map(|(_, s)| step(s))
                .collect();
            if let (Some(e), None) = (&book.epilogue, only) {
                steps.push(step(e));
            }
            let html = renderer.history_html(&book.page_title, &steps);
            write(
                &args.out.join(format!("{}.html", book.base)),
                html.as_bytes(),
            )?;
            continue;
        }
        for (i, shot) in book.shots.iter().enumerate() {
            if only.is_some_and(|k| k != i) {
                continue;
            }
            let svg = draw(shot);
            let name = format!("{}-{:02}-{}", book.base, i + 1, slug(&shot.title));
            // The picture first: a scale too large is refused before anything is written.
            let png = if args.png {
                Some(
                    svg_to_png(&svg, args.scale)
                        .map_err(|e| format!("--scale {}: {e}", args.scale))?,
                )
            } else {
                None
            };
            write(&args.out.join(format!("{name}.svg")), svg.as_bytes())?;
            if let Some(png) = png {
                write(&args.out.join(format!("{name}.png")), &png)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn step(s: &Shot) -> Step<'_> {
    Step {
        caption: s.title.clone(),
        pos: &s.before,
        orders: s.orders.as_deref(),
        dislodged: &s.dislodged,
    }
}

fn renderer<'m>(
    map: &'m Map,
    geometry: Option<&Geometry>,
    opts: RenderOptions,
) -> CliResult<Renderer<'m>> {
    Ok(match geometry {
        Some(g) => Renderer::with_layout(map, Layout::from_geometry(map, g)?, opts),
        None => Renderer::new(map, opts),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_json_detection() {
        assert_eq!(slug("Spring 1 AD movement"), "spring-1-ad-movement");
        assert!(is_json("  \n{\"id\": 1}"));
        assert!(!is_json("case x\nunits: start\n"));
    }
}
