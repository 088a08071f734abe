//! The database: an embedded SQLite file (WAL mode) by default, or PostgreSQL. One schema
//! in two dialects (`migrations/sqlite`, `migrations/postgres`), applied at start; the
//! queries are written once, with `$1`-style parameters both databases read.

use sqlx::any::{AnyPoolOptions, AnyQueryResult};
use sqlx::{AnyPool, Executor};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// The pool that changes of games and accounts begin their transactions on. On SQLite,
    /// which admits one writer at a time, a pool of one connection: writers queue for it in
    /// order instead of polling the database's lock with sleeps (`busy_timeout`), which
    /// made the slowest submissions wait tens of milliseconds. On PostgreSQL the same pool
    /// as `pool`.
    pub writer: AnyPool,
    /// Parsed games, each valid at one version of its row ([`crate::sessions`]).
    pub sessions: std::sync::Arc<crate::sessions::Sessions>,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("database URL '{0}': write sqlite:PATH or postgres://USER:PASSWORD@HOST/NAME")]
    BadUrl(String),
    #[error("cannot open the database: {0}")]
    Connect(#[source] sqlx::Error),
    #[error("cannot bring the database schema up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Db {
    /// Opens (creating an SQLite file if needed) and migrates the database at `url`:
    /// `sqlite:PATH` (or a bare path) or `postgres://...`.
    pub async fn open(url: &str) -> Result<Db, DbError> {
        Db::open_with(url, None).await
    }

    /// [`Db::open`] with a pool of `connections` (default: 8 reading connections beside
    /// the one writer on SQLite, 16 on PostgreSQL).
    pub async fn open_with(url: &str, connections: Option<u32>) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            let path = url
                .strip_prefix("sqlite://")
                .or_else(|| url.strip_prefix("sqlite:"));
            let path = path.unwrap_or(url);
            if path.is_empty() || path.contains('?') {
                return Err(DbError::BadUrl(url.to_string()));
            }
            (Backend::Sqlite, format!("sqlite://{path}?mode=rwc"))
        };
        let sqlite = |connections: u32, autocheckpoint: bool| {
            AnyPoolOptions::new()
                .max_connections(connections)
                .acquire_timeout(Duration::from_secs(30))
                .after_connect(move |conn, _| {
                    Box::pin(async move {
                        // Writers wait for each other rather than fail; WAL lets readers
                        // go on while one writes; NORMAL is durable against a crash of the
                        // process (a commit is in the WAL before it returns).
                        conn.execute("PRAGMA busy_timeout = 30000").await?;
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        if !autocheckpoint {
                            // The writer never copies the WAL back into the database
                            // itself (a commit that did would take tens of milliseconds,
                            // with an fsync): the checkpointer task does, beside it.
                            conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                        }
                        Ok(())
                    })
                })
        };
        let pool = match backend {
            Backend::Sqlite => sqlite(connections.unwrap_or(8), true).connect(&url).await,
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(connections.unwrap_or(16))
                    .acquire_timeout(Duration::from_secs(30))
                    .connect(&url)
                    .await
            }
        }
        .map_err(DbError::Connect)?;
        let writer = match backend {
            Backend::Sqlite => {
                let writer = sqlite(1, false)
                    .connect(&url)
                    .await
                    .map_err(DbError::Connect)?;
                tokio::spawn(checkpointer(pool.clone()));
                writer
            }
            Backend::Postgres => pool.clone(),
        };
        crate::migrations::migrator(backend)
            .await?
            .run(&pool)
            .await?;
        Ok(Db {
            pool,
            backend,
            writer,
            sessions: Default::default(),
        })
    }
}

/// WAL frames (pages) past which the checkpointer restarts the WAL from its beginning
/// (about 64 MiB: at 100 submissions a second, once every 20 seconds or so).
const WAL_RESTART_FRAMES: i64 = 16000;

/// SQLite's checkpoints, off the writer's path. SQLite's own (`wal_autocheckpoint`) are run
/// by whichever commit crossed 1,000 pages of WAL, which then copied them all into the
/// database file and synced it before it answered: with them, the p99 of a submission at
/// 100/s was 25–28 ms (`entente-load`, docs/bench.md). Here, once a second, a PASSIVE
/// checkpoint on a reading connection copies the committed pages without blocking the
/// writer or the readers; and when the WAL has grown past [`WAL_RESTART_FRAMES`] a RESTART
/// checkpoint (which waits for the writer, then starts the WAL over) bounds its size — a
/// few milliseconds, since the pages were already copied.
async fn checkpointer(pool: AnyPool) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        let passive = sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&pool)
            .await;
        let result = match passive {
            Ok((_, frames, _)) if frames > WAL_RESTART_FRAMES => {
                sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(RESTART)")
                    .fetch_one(&pool)
                    .await
            }
            other => other,
        };
        if let Err(e) = result {
            tracing::warn!("checkpoint of the WAL: {e}");
        }
    }
}

/// Milliseconds since 1970 UTC, as the schema keeps times.
pub fn millis(t: jiff::Timestamp) -> i64 {
    t.as_millisecond()
}

pub fn from_millis(ms: i64) -> jiff::Timestamp {
    jiff::Timestamp::from_millisecond(ms).unwrap_or(jiff::Timestamp::UNIX_EPOCH)
}

/// Whether a statement changed a row.
pub fn changed(r: &AnyQueryResult) -> bool {
    r.rows_affected() > 0
}
