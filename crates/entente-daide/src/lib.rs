//! A DAIDE server for entente (issue 16): the Diplomacy AI Development Environment's
//! client-server protocol (`docs/daide.md`), so that the hobby's bots play on entente's judge.
//!
//! - [`tokens`]: the protocol's two-octet tokens.
//! - [`msg`]: a message as a tree of tokens, its octets and its text form.
//! - [`board`]: the map's tokens and the messages that describe a board (MDF, SCO, NOW, orders).
//! - [`table`]: a game played by bots: seats, orders and notes, GOF, deadlines, press, draws.
//! - [`client`]: a small blocking client, for tests and scripts.
//! - [`hosted`]: bots at the game master's games (the database's), beside people.
//! - [`server`]: the TCP server: framing, the initial and representation messages, errors,
//!   and the [`Limits`] that keep any one client from taking it down (issue 31).

pub mod board;
pub mod client;
pub mod hosted;
pub mod msg;
pub mod server;
pub mod table;
pub mod tokens;

pub use board::Board;
pub use hosted::Hosting;
pub use msg::{Msg, Node};
pub use server::{serve, serve_with, DaideConfig, Limits};
pub use table::{Effect, Table, TableConfig, TableError};
