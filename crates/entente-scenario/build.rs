//! Generates one `#[test]` per case in `cases/**/*.scn`, named after the file, the case id
//! and its title (e.g. `datc_6_e_4_non_dislodged_loser_still_has_effect`).

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn slug(s: &str) -> String {
    let mut out = String::new();
    let mut sep = false;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if sep && !out.is_empty() {
                out.push('_');
            }
            sep = false;
            out.push(c.to_ascii_lowercase());
        } else {
            sep = true;
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "scn") {
            out.push(p);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let cases = manifest.join("../../cases");
    println!("cargo:rerun-if-changed={}", cases.display());
    let mut files = Vec::new();
    collect(&cases, &mut files);
    files.sort();
    let mut code = String::new();
    let mut seen = std::collections::HashSet::new();
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let text = std::fs::read_to_string(f).unwrap();
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        // `cases/editions/1971.scn` and the like: DATC cases under one edition, named
        // `datc_<id>_<title>_<edition>`.
        let edition_file = f.parent().is_some_and(|p| p.ends_with("editions"))
            && stem.len() == 4
            && stem.bytes().all(|b| b.is_ascii_digit());
        let prefix = if f.parent().is_some_and(|p| p.ends_with("datc")) || edition_file {
            "datc".to_string()
        } else {
            slug(&stem)
        };
        let suffix = if edition_file {
            format!("_{stem}")
        } else {
            String::new()
        };
        let rel = f
            .strip_prefix(&cases)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for line in text.lines() {
            let l = line.trim();
            let Some(rest) = l.strip_prefix("case ") else {
                continue;
            };
            let rest = rest.split('#').next().unwrap_or("").trim();
            let (id, title) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let mut name = slug(&format!("{prefix} {id} {title}"));
            if name.len() + suffix.len() > 100 {
                name.truncate(100 - suffix.len());
                name = name.trim_end_matches('_').to_string();
            }
            name.push_str(&suffix);
            while !seen.insert(name.clone()) {
                name.push_str("_x");
            }
            writeln!(
                code,
                "#[test]\nfn {name}() {{ run_case({:?}, include_str!({:?}), {:?}); }}\n",
                rel,
                f.canonicalize().unwrap().display().to_string(),
                id
            )
            .unwrap();
        }
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("cases.rs");
    std::fs::write(out, code).unwrap();
}
