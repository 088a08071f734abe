//! The database's migrations: one folder, `migrations/`, written in SQLite's dialect and
//! embedded in the binary; PostgreSQL's text of each is derived from it line by line, where
//! the two dialects must differ ([`DIALECT`]): an auto-numbered key, and the few lines of a
//! data migration that call each database's own functions. A table or column is thus
//! written once for both databases.
//!
//! A database remembers each migration it ran by a checksum of its text: the text derived
//! for PostgreSQL is the text the separate PostgreSQL folder had, byte for byte
//! (`tests/migrations.rs` holds the checksums of every released migration).

use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};
use std::borrow::Cow;

include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The lines that differ between the dialects, SQLite's first (compared without their
/// indentation, which is kept).
pub const DIALECT: &[(&str, &str)] = &[
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

/// PostgreSQL's text of a migration written for SQLite.
pub fn postgres_text(sqlite: &str) -> String {
    let mut out = String::with_capacity(sqlite.len() + 64);
    for line in sqlite.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let end = &line[body.len()..];
        let indent = &body[..body.len() - body.trim_start().len()];
        match DIALECT.iter().find(|(s, _)| *s == body.trim()) {
            Some((_, p)) => {
                out.push_str(indent);
                out.push_str(p);
                out.push_str(end);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The migrations of `backend`'s dialect: (version, description, text).
pub fn texts(backend: crate::Backend) -> Vec<(i64, &'static str, Cow<'static, str>)> {
    SOURCES
        .iter()
        .map(|&(v, d, sql)| {
            let sql = match backend {
                crate::Backend::Sqlite => Cow::Borrowed(sql),
                crate::Backend::Postgres => Cow::Owned(postgres_text(sql)),
            };
            (v, d, sql)
        })
        .collect()
}

/// The embedded migrations of one dialect, up to a version, as sqlx reads a source.
#[derive(Debug)]
struct Embedded {
    backend: crate::Backend,
    upto: Option<i64>,
}

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move {
            Ok(texts(self.backend)
                .into_iter()
                .filter(|(v, _, _)| self.upto.is_none_or(|u| *v <= u))
                .map(|(v, d, sql)| {
                    Migration::new(v, Cow::Borrowed(d), MigrationType::Simple, sql, false)
                })
                .collect())
        })
    }
}

/// The migrator of `backend`, with the migrations up to version `upto` (None: all of them;
/// an older version: the schema of an earlier release, for the upgrade tests).
pub async fn migrator_upto(
    backend: crate::Backend,
    upto: Option<i64>,
) -> Result<Migrator, MigrateError> {
    Migrator::new(Embedded { backend, upto }).await
}

/// The migrator of `backend`: every migration.
pub async fn migrator(backend: crate::Backend) -> Result<Migrator, MigrateError> {
    migrator_upto(backend, None).await
}
