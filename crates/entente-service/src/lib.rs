//! The game master as an application layer, without HTTP: the database (SQLite or PostgreSQL,
//! one pool, its migrations), accounts and tokens, the games and every act on them (one
//! transaction each, over the hosting library `entente-host`), the scheduler, the club's
//! persistence, the mail queue and the event log live updates read. The web and API
//! (`entente-server`), the mail judge (`entente-mail`) and the DAIDE server (`entente-daide`)
//! stand beside each other on it; none of them depends on another.
//!
//! Its one error ([`Error`]) says what kind of failure happened and what to do; each front
//! end answers it in its own way (an HTTP status, a mail reply, a DAIDE rejection).

pub mod auth;
pub mod club;
pub mod db;
pub mod error;
pub mod games;
pub mod gm;
pub mod migrations;
pub mod model;
pub mod scheduler;
pub mod sessions;

pub use db::{Backend, Db, DbError};
pub use error::{Error, ErrorKind, Result};
