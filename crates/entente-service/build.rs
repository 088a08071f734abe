//! The migrations are one folder (`migrations/`, written in SQLite's dialect); this lists its
//! files for `src/migrations.rs`, which embeds them and derives PostgreSQL's text from each.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the migrations folder")
        .map(|e| e.expect("a migration file").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    let mut out = String::from("/// Each migration: (version, description, SQLite's text).\npub static SOURCES: &[(i64, &str, &str)] = &[\n");
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let (version, description) = name
            .split_once('_')
            .unwrap_or_else(|| panic!("{name}: name a migration VERSION_DESCRIPTION.sql"));
        let version: i64 = version
            .parse()
            .unwrap_or_else(|_| panic!("{name}: its version is not a number"));
        println!("cargo:rerun-if-changed={}", f.display());
        writeln!(
            out,
            "    ({version}, {:?}, include_str!({:?})),",
            description.replace('_', " "),
            f.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("migrations.rs");
    std::fs::write(dest, out).expect("writing the list of migrations");
}
