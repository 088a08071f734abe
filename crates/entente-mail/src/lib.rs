//! The mail gateway's reading side, independent of the server: [`incoming`] reads one
//! RFC 5322 message (MIME parts, any charset, HTML-only mail as text, quoted replies and
//! signatures dropped, automatic replies recognised so that mail loops stop), and
//! [`commands`] reads its body as the hobby's e-mail judges' command language (`SIGNON`,
//! `ORDERS` or a bare order sheet, `PRESS TO … ENDPRESS`, `BROADCAST`, `LIST`, `HISTORY`,
//! `READY`, `DRAW`, `CONCEDE`, `SET ADDRESS`, `HELP`), with keywords in English, Czech,
//! French and Russian. See docs/mail.md.

pub mod commands;
pub mod gateway;
pub mod incoming;
pub mod results;
pub mod sender;
pub mod smtp;

pub use commands::{parse_commands, Command, CommandError};

/// Now, in milliseconds since 1970 UTC, as the schema keeps times (the server's clock).
fn now_ms() -> i64 {
    entente_service::db::millis(entente_service::games::now())
}
pub use gateway::{handle, queue, GatewayError, Outcome};
pub use incoming::{read_message, Incoming, MailError};
