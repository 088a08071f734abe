//! `entente variant check FILE` and `entente variant list`: validate a variant file (with the
//! line of every mistake) and summarise it; list the variants built into the binary.

use crate::error::CliResult;
use entente_map::{find_builtin_variant, Map, ProvinceKind, UnitType, BUILTIN_VARIANTS};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: VariantCommand,
}

#[derive(clap::Subcommand)]
enum VariantCommand {
    /// Validate a variant file (docs/variant-format.md) and print a summary of it; exit 1 if
    /// the file is wrong, naming the line. A built-in variant's name checks the embedded file.
    Check {
        /// The variant file (TOML), or the name of a built-in variant.
        file: String,
    },
    /// List the variants built into this binary.
    List,
}

pub fn run(args: Args) -> CliResult<ExitCode> {
    match args.command {
        VariantCommand::Check { file } => check(&file),
        VariantCommand::List => {
            list();
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn check(file: &str) -> CliResult<ExitCode> {
    let path = std::path::Path::new(file);
    let (label, text) = match (path.exists(), find_builtin_variant(file)) {
        (false, Some(v)) => (format!("<built-in {}>", v.name), v.toml.to_string()),
        _ => (
            file.to_string(),
            crate::game_cmd::read_limited(Some(file), crate::game_cmd::FILE_LIMIT)?,
        ),
    };
    match Map::from_toml_with_warnings(&text) {
        Err(e) => {
            match e.line {
                Some(line) => {
                    eprintln!("{label}:{line}: error: {}", e.message);
                    if let Some(src) = text.lines().nth(line - 1) {
                        eprintln!("{line:>5} | {src}");
                    }
                }
                None => eprintln!("{label}: error: {}", e.message),
            }
            Ok(ExitCode::from(1))
        }
        Ok((map, warnings)) => {
            for w in &warnings {
                match w.line {
                    Some(line) => eprintln!("{label}:{line}: warning: {}", w.message),
                    None => eprintln!("{label}: warning: {}", w.message),
                }
            }
            print!("{}", summary(&label, &map));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn year(map: &Map) -> String {
    if map.year_style_ad {
        format!("{} AD", map.start_year)
    } else {
        map.start_year.to_string()
    }
}

fn border_counts(map: &Map) -> (usize, usize) {
    let army: usize = map
        .province_ids()
        .map(|p| map.army_neighbours(p).len())
        .sum();
    let fleet: usize = (0..map.num_locs())
        .map(|l| map.fleet_neighbours(entente_map::Loc(l as u16)).len())
        .sum();
    (army / 2, fleet / 2)
}

/// What a club member checks after writing a variant: the counts, the powers, the start.
fn summary(label: &str, map: &Map) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let kinds = |k| map.provinces().iter().filter(|p| p.kind == k).count();
    let split = map
        .provinces()
        .iter()
        .filter(|p| !p.coasts.is_empty())
        .count();
    let homes: usize = map.powers().iter().map(|p| p.home_centres.len()).sum();
    let units: Vec<(UnitType, entente_map::Loc)> = map
        .powers()
        .iter()
        .flat_map(|p| p.start_units.iter().copied())
        .collect();
    let armies = units.iter().filter(|u| u.0 == UnitType::Army).count();
    let (army_borders, fleet_borders) = border_counts(map);
    let _ = writeln!(out, "{label}: OK — {}", map.name);
    let _ = writeln!(
        out,
        "  start:     Spring {}; {} of {} centres win",
        year(map),
        map.victory_centres,
        map.num_centres()
    );
    let _ = writeln!(
        out,
        "  provinces: {} — {} land, {} sea, {} coast; {} with split coasts",
        map.num_provinces(),
        kinds(ProvinceKind::Land),
        kinds(ProvinceKind::Sea),
        kinds(ProvinceKind::Coast),
        split
    );
    let _ = writeln!(
        out,
        "  centres:   {} — {} home, {} neutral{}",
        map.num_centres(),
        homes,
        map.num_centres() - homes,
        if map.is_escalation() {
            " (Escalation: the board starts empty; the units are placed in turn and the homes nominated in 1901)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "  borders:   {army_borders} army, {fleet_borders} fleet"
    );
    let _ = writeln!(
        out,
        "  units:     {} — {} armies, {} fleets",
        units.len(),
        armies,
        units.len() - armies
    );
    let _ = writeln!(out, "  powers:    {}", map.powers().len());
    for p in map.powers() {
        let home: Vec<&str> = p
            .home_centres
            .iter()
            .map(|&h| map.province(h).abbr.as_str())
            .collect();
        let start: Vec<String> = p
            .start_units
            .iter()
            .map(|&(t, l)| format!("{} {}", t.letter(), map.loc_abbr(l)))
            .collect();
        let _ = writeln!(
            out,
            "    {} ({}, {}, {}): home {}; start {}",
            p.name,
            p.letter,
            p.adjective,
            p.colour,
            if home.is_empty() && map.is_escalation() {
                "nominated after Fall 1901 (Escalation: three supply centres)".to_string()
            } else if home.is_empty() {
                "none".to_string()
            } else {
                home.join(" ")
            },
            if start.is_empty() {
                "none".to_string()
            } else {
                start.join(", ")
            }
        );
    }
    if !map.sources.is_empty() {
        let _ = writeln!(out, "  sources:   {} cited", map.sources.len());
    }
    out
}

fn list() {
    for v in BUILTIN_VARIANTS {
        let aliases = if v.aliases.is_empty() {
            String::new()
        } else {
            format!("  (also: {})", v.aliases.join(", "))
        };
        match v.load() {
            Ok(map) => println!(
                "{:<10} {} — {} powers, {} provinces, {} centres, {} to win{aliases}",
                v.name,
                map.name,
                map.powers().len(),
                map.num_provinces(),
                map.num_centres(),
                map.victory_centres
            ),
            Err(e) => println!("{:<10} (invalid embedded file: {e})", v.name),
        }
    }
    // The club's seventh, Gunboat, is a way of playing any map rather than a map of its own.
    println!(
        "{:<10} Gunboat — any of these without press: `entente game new --gunboat`, the \
         server's `\"press\": \"none\"`",
        "gunboat"
    );
}
