//! `entente render`: a scenario file in, one SVG (and PNG) per phase out, or one HTML page
//! with the whole history.

use crate::judge_form::phase_title;
use entente_judge::Outcome;
use entente_map::Map;
use entente_orders::{Order, UnitRef};
use entente_render::{
    history_html, svg_to_png, DislodgedUnit, Frame, Geometry, Layout, RenderOptions, Renderer,
    ResolvedOrder,
};
use entente_scenario::{execute_case, parse_scenarios, PhaseOutcome, PhaseRun};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Scenario file (docs/scenario-format.md).
    file: String,
    /// Only this case of a multi-case file.
    #[arg(long)]
    case: Option<String>,
    /// Only the N-th phase (1 = the first phase of the case).
    #[arg(long)]
    phase: Option<usize>,
    /// Directory to write into (created if missing).
    #[arg(long, default_value = ".")]
    out: PathBuf,
    /// Also write a PNG beside each SVG.
    #[arg(long)]
    png: bool,
    /// Write one HTML page per case with every phase (previous/next buttons) instead of SVGs.
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
    /// Rule edition for cases that do not name one: 1971, 1982, 2000 (default) or 2023.
    #[arg(long)]
    rules: Option<String>,
}

/// The orders of a phase with outcomes, and the units shown dislodged, as the renderer takes
/// them. Removals the judge chose (civil disorder) are drawn as removal orders.
pub fn phase_marks(run: &PhaseRun) -> (Vec<ResolvedOrder>, Vec<DislodgedUnit>) {
    let take = |list: &[entente_judge::OrderResult]| {
        list.iter()
            .map(|r| (r.power, r.order, r.outcome))
            .collect::<Vec<_>>()
    };
    match &run.outcome {
        PhaseOutcome::Movement(r) => (take(&r.orders), r.dislodged.clone()),
        PhaseOutcome::Retreat(r) => (take(&r.orders), run.before.dislodged().collect()),
        PhaseOutcome::Adjustment(r) => {
            let mut list = take(&r.orders);
            for &(_, u) in &r.civil_disorder {
                let unit = UnitRef {
                    ty: Some(u.ty),
                    loc: u.loc,
                };
                list.push((u.power, Order::Remove(unit), Outcome::Succeeded));
            }
            (list, Vec::new())
        }
    }
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

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{}", path.display());
    Ok(())
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file))?;
    let mut cases = parse_scenarios(&text).map_err(|e| format!("{}: {e}", args.file))?;
    if let Some(id) = &args.case {
        cases.retain(|c| &c.id == id);
        if cases.is_empty() {
            return Err(format!("{}: no case '{id}'", args.file));
        }
    }
    if let Some(lang) = &args.lang {
        if !["cs", "fr", "ru", "en"].contains(&lang.as_str()) {
            return Err(format!("--lang {lang}: expected cs, fr, ru or en"));
        }
    }
    let geometry = match &args.geometry {
        Some(p) => Some(Geometry::from_json(
            &std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )?),
        None => None,
    };
    let has_rules_line = text
        .lines()
        .any(|l| l.trim_start().to_lowercase().starts_with("rules:"));
    let edition = match &args.rules {
        Some(r) => Some(r.parse().map_err(|e: String| e)?),
        None if !has_rules_line => Some(entente_judge::Edition::E2000),
        None => None,
    };
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let stem = Path::new(&args.file)
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "scenario".into());
    let opts = RenderOptions {
        lang: args.lang.clone(),
        no_legend: false,
    };
    let several = cases.len() > 1;
    for case in &mut cases {
        if let Some(ed) = edition {
            if args.rules.is_some() || !has_rules_line {
                case.rules = entente_judge::Rulebook::edition(ed);
            }
        }
        let (map, runs) = execute_case(case).map_err(|e| format!("{}: {e}", args.file))?;
        let renderer = renderer(&map, geometry.as_ref(), opts.clone())?;
        let base = if several {
            format!("{stem}-{}", slug(&case.id))
        } else {
            stem.clone()
        };
        if let Some(n) = args.phase {
            if n == 0 || n > runs.len() {
                return Err(format!(
                    "case {}: --phase {n}: the case has {} phase(s)",
                    case.id,
                    runs.len()
                ));
            }
        }
        let mut frames = Vec::new();
        for (i, run) in runs.iter().enumerate() {
            if args.phase.is_some_and(|n| n != i + 1) {
                continue;
            }
            let block = &case.phases[run.block];
            let title = phase_title(&map, block.season, block.year_on(&map), block.kind);
            let (orders, dislodged) = phase_marks(run);
            let svg = renderer.render(&run.before, Some(&orders), &dislodged, &title);
            if args.html {
                frames.push(Frame {
                    caption: title,
                    svg,
                });
                continue;
            }
            let name = format!("{base}-{:02}-{}", i + 1, slug(&title));
            write(&args.out.join(format!("{name}.svg")), svg.as_bytes())?;
            if args.png {
                let png = svg_to_png(&svg, args.scale)?;
                write(&args.out.join(format!("{name}.png")), &png)?;
            }
        }
        if args.html {
            if let Some(last) = runs.last() {
                if args.phase.is_none() {
                    let block = &case.phases[last.block];
                    let title = format!(
                        "After {}",
                        phase_title(&map, block.season, block.year_on(&map), block.kind)
                    );
                    let dislodged: Vec<_> = last.after.dislodged().collect();
                    let svg = renderer.render(&last.after, None, &dislodged, &title);
                    frames.push(Frame {
                        caption: title,
                        svg,
                    });
                }
            }
            let page_title = if case.title.is_empty() {
                format!("{stem} {}", case.id)
            } else {
                format!("{} — {}", case.id, case.title)
            };
            let html = history_html(&page_title, &frames);
            write(&args.out.join(format!("{base}.html")), html.as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn renderer<'m>(
    map: &'m Map,
    geometry: Option<&Geometry>,
    opts: RenderOptions,
) -> Result<Renderer<'m>, String> {
    Ok(match geometry {
        Some(g) => Renderer::with_layout(map, Layout::from_geometry(map, g)?, opts),
        None => Renderer::new(map, opts),
    })
}
