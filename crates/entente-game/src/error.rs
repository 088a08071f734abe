//! The error of the game, hosting, record and store crates: a kind a front end can map (an
//! HTTP status, a mail reply, a DAIDE error token) and the message for a person.

use std::fmt;

/// What went wrong, as a front end needs to know it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ErrorKind {
    /// The power is not the sender's, or no player plays it (HTTP 403).
    NotYourPower,
    /// The act does not belong in the current phase or state of the game (HTTP 409).
    NotThisPhase,
    /// The game is over (HTTP 409).
    GameOver,
    /// A power, province, player, variant or phase name that is not known (HTTP 404/422).
    UnknownName,
    /// A request that cannot be carried out as asked (HTTP 422).
    Invalid,
    /// A stored or imported game that cannot be read (HTTP 422/500).
    UnreadableRecord,
    /// Someone else changed the game first, or it already exists (HTTP 409).
    Conflict,
    /// No such game (HTTP 404).
    NotFound,
    /// Reading or writing storage failed (HTTP 500).
    Io,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::NotYourPower => "not your power",
            ErrorKind::NotThisPhase => "not this phase",
            ErrorKind::GameOver => "game over",
            ErrorKind::UnknownName => "unknown name",
            ErrorKind::Invalid => "invalid",
            ErrorKind::UnreadableRecord => "unreadable record",
            ErrorKind::Conflict => "conflict",
            ErrorKind::NotFound => "not found",
            ErrorKind::Io => "storage",
        })
    }
}

/// An error with its kind and a message that says what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }
    pub fn invalid(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, message)
    }
    pub fn unknown(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::UnknownName, message)
    }
    pub fn unreadable(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::UnreadableRecord, message)
    }
    pub fn game_over() -> Error {
        Error::new(ErrorKind::GameOver, "the game is over")
    }
    /// The same error, its message prefixed (`"g.json: ..."`).
    pub fn context(self, prefix: impl fmt::Display) -> Error {
        Error {
            kind: self.kind,
            message: format!("{prefix}: {}", self.message),
        }
    }
}

impl From<entente_map::VariantError> for Error {
    fn from(e: entente_map::VariantError) -> Error {
        Error::invalid(e.to_string())
    }
}
