//! `entente serve`: the neutral game master for many games at once. Accounts, secret power
//! assignment, real deadlines, press relayed through the game master, results in judge form
//! with the board, over an HTTP JSON API (OpenAPI at `/api/openapi.json`) with live updates
//! by server-sent events. All state lives in the database (an embedded SQLite file, or
//! PostgreSQL shared by several servers); see `docs/server.md`.
//!
//! Layers: the game master's acts on the database are `entente-service`'s; [`http`] is the
//! API over them, [`web`] the pages, [`signed`] who sends a request, [`error`] the status of
//! each failure; [`serve`] runs them and the service's scheduler.

pub mod club_http;
pub mod error;
pub mod http;
pub mod listen;
pub mod signed;
pub mod state;
pub mod web;

use std::net::SocketAddr;
use std::time::Duration;

pub use entente_service::{Backend, Db, DbError};
pub use error::{ApiError, ApiResult};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// `sqlite:PATH` or `postgres://...`.
    pub database: String,
    /// `127.0.0.1:8080`; port 0 picks a free port.
    pub listen: String,
    /// How often the scheduler looks for games whose deadline has passed.
    pub tick: Duration,
    /// How often a live-update stream looks for new events.
    pub poll: Duration,
    /// The HTTP connections' timeouts and numbers ([`listen`]).
    pub http_limits: listen::Limits,
    /// Games adjudicated at once by the scheduler.
    pub workers: usize,
    /// The database pool's size (None: the backend's default, [`Db::open_with`]).
    pub connections: Option<u32>,
    /// The address people reach the site at (`https://diplomacy.example.org`): when it is
    /// https, cookies are `Secure`.
    pub public_url: Option<String>,
    /// New accounts allowed per client address in an hour (0: no limit).
    pub signup_limit: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            database: "sqlite:entente.db".into(),
            listen: "127.0.0.1:8080".into(),
            tick: Duration::from_millis(1000),
            poll: Duration::from_millis(500),
            http_limits: listen::Limits::default(),
            workers: 4,
            connections: None,
            public_url: None,
            signup_limit: entente_service::auth::SIGNUPS_PER_ADDRESS,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// Opens the database, listens, and serves until Ctrl-C or SIGTERM. `ready` is told the
/// address listened on (the port, when 0 was asked).
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    serve_with(config, ready, |_| {}).await
}

/// [`serve`], with `start` called once the database is open, to start the tasks of other
/// front ends on it (the mail gateway's sender).
pub async fn serve_with(
    config: Config,
    ready: impl FnOnce(SocketAddr),
    start: impl FnOnce(&Db),
) -> Result<(), ServeError> {
    let db = Db::open_with(&config.database, config.connections).await?;
    start(&db);
    let listener = tokio::net::TcpListener::bind(&config.listen)
        .await
        .map_err(|source| ServeError::Listen {
            addr: config.listen.clone(),
            source,
        })?;
    let addr = listener.local_addr()?;
    ready(addr);
    tokio::spawn(entente_service::scheduler::scheduler(
        db.clone(),
        config.tick,
        config.workers,
    ));
    let app = http::router(state::AppState {
        db,
        poll: config.poll,
        secure_cookies: config
            .public_url
            .as_deref()
            .is_some_and(|u| u.to_ascii_lowercase().starts_with("https://")),
        signup_limit: config.signup_limit,
    });
    // Each request knows the address it comes from (the sign-in and sign-up limits), and
    // each connection is held within its limits (docs/server.md, "Limits").
    listen::serve(listener, app, config.http_limits, shutdown()).await?;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
