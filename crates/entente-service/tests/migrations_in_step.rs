//! The SQLite and PostgreSQL migrations are two folders (sqlx embeds one per database); this
//! keeps them in step: the same files in the same order, and line by line the same text
//! except where the two dialects must differ — an auto-numbered key, and the few lines of a
//! data migration that call each database's own functions, listed here one by one. A column
//! added to one database and not the other, or a migration written for one only, fails.

use std::path::{Path, PathBuf};

/// Lines that differ between the dialects, SQLite's first: every other line must be the same.
const DIALECT: &[(&str, &str)] = &[
    (
        "-- entente-server schema (SQLite). Times are milliseconds since 1970 UTC.",
        "-- entente-server schema (PostgreSQL). Times are milliseconds since 1970 UTC.",
    ),
    (
        "id INTEGER PRIMARY KEY AUTOINCREMENT,",
        "id BIGSERIAL PRIMARY KEY,",
    ),
    (
        "UPDATE tokens SET public_id = lower(hex(randomblob(8)));",
        "UPDATE tokens SET public_id = substr(md5(random()::text || token_hash), 1, 16);",
    ),
    (
        "UPDATE tokens SET expires_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 7776000000",
        "UPDATE tokens SET expires_at = CAST(extract(epoch FROM now()) * 1000 AS BIGINT) + 7776000000",
    ),
];

fn folder(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(name)
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sql"))
        .collect();
    names.sort();
    names
}

/// Where the two texts part, other than the dialect's lines: (line number, SQLite's line,
/// PostgreSQL's line).
fn partings(sqlite: &str, postgres: &str) -> Vec<(usize, String, String)> {
    let a: Vec<&str> = sqlite.lines().collect();
    let b: Vec<&str> = postgres.lines().collect();
    let mut out = Vec::new();
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (
            a.get(i).map_or("", |l| l.trim()),
            b.get(i).map_or("", |l| l.trim()),
        );
        if x == y || DIALECT.iter().any(|&(s, p)| s == x && p == y) {
            continue;
        }
        out.push((i + 1, x.to_string(), y.to_string()));
    }
    out
}

#[test]
fn the_sqlite_and_postgresql_migrations_differ_only_where_the_dialects_must() {
    let (lite, pg) = (folder("sqlite"), folder("postgres"));
    let names = files(&lite);
    assert!(names.len() >= 9, "migrations found: {names:?}");
    assert_eq!(
        names,
        files(&pg),
        "the same migrations, in the same order, for both databases"
    );
    let mut wrong = Vec::new();
    for n in &names {
        let a = std::fs::read_to_string(lite.join(n)).unwrap();
        let b = std::fs::read_to_string(pg.join(n)).unwrap();
        for (line, x, y) in partings(&a, &b) {
            wrong.push(format!("{n}:{line}\n  sqlite:   {x}\n  postgres: {y}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "the migrations part where the dialects need not (add the pair to DIALECT only if \
         the two databases really need different words):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_column_added_to_one_database_only_is_caught() {
    // The check itself can fail: a line present on one side only is a parting.
    let sqlite = "CREATE TABLE t (\n    id INTEGER PRIMARY KEY AUTOINCREMENT,\n    a TEXT\n);\n";
    let postgres = "CREATE TABLE t (\n    id BIGSERIAL PRIMARY KEY,\n    a TEXT,\n    b TEXT\n);\n";
    let p = partings(sqlite, postgres);
    assert_eq!(p.len(), 3, "{p:?}");
    assert_eq!(p[0], (3, "a TEXT".to_string(), "a TEXT,".to_string()));
    assert!(partings(
        sqlite,
        &sqlite.replace(
            "id INTEGER PRIMARY KEY AUTOINCREMENT",
            "id BIGSERIAL PRIMARY KEY"
        )
    )
    .is_empty());
}
