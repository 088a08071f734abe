//! The service's one error: what kind of failure (a front end maps it to its own answer: an
//! HTTP status, a mail reply, a DAIDE `REJ`), a message that says what to do, and the id of
//! its translation. Database failures are logged and reported as plain internal errors.

use entente_game::ErrorKind as GameErrorKind;

/// What went wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
    Unprocessable,
    TooManyRequests,
    PayloadTooLarge,
    Internal,
}

impl ErrorKind {
    /// The kind as a word: `bad-request`, `not-found`, ... (the API's `error` field).
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::BadRequest => "bad-request",
            ErrorKind::Unauthorized => "unauthorized",
            ErrorKind::Forbidden => "forbidden",
            ErrorKind::NotFound => "not-found",
            ErrorKind::Conflict => "conflict",
            ErrorKind::Unprocessable => "unprocessable",
            ErrorKind::TooManyRequests => "too-many-requests",
            ErrorKind::PayloadTooLarge => "payload-too-large",
            ErrorKind::Internal => "internal",
        }
    }
}

/// What an answer says of a failure of the database.
const DATABASE_ERROR: &str = "database error; try again";

#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    pub kind: ErrorKind,
    /// What to do, in English (the API's answer).
    pub message: String,
    /// The same as a message of `entente_i18n::errors::ERRORS` with its arguments, for a
    /// front end that writes it in its reader's language.
    pub key: Option<(&'static str, Vec<(&'static str, String)>)>,
}

/// A result of the service.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            key: None,
        }
    }
    pub fn unauthorized() -> Error {
        Error::new(
            ErrorKind::Unauthorized,
            "sign in first (POST /api/v1/session) or send an API token (Authorization: Bearer ...)",
        )
    }
    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Forbidden, message)
    }
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, message)
    }
    pub fn bad_request(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::BadRequest, message)
    }
    pub fn conflict(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Conflict, message)
    }
    pub fn unprocessable(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unprocessable, message)
    }
    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }
    /// The message's id in `entente_i18n::errors::ERRORS`, with its arguments.
    pub fn key(mut self, id: &'static str, args: &[(&'static str, &str)]) -> Error {
        self.key = Some((id, args.iter().map(|(k, v)| (*k, v.to_string())).collect()));
        self
    }

    /// The message in `lang`: its translation when it has an id, else the English words.
    pub fn message_in(&self, lang: &str) -> String {
        match &self.key {
            Some((id, args)) if lang != "en" => {
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                entente_i18n::errors::ERRORS.text(lang, id, &args)
            }
            _ => self.message.clone(),
        }
    }

    /// Whether the database failed (a lost connection, a timeout): the same act may
    /// succeed when tried again.
    pub fn is_database(&self) -> bool {
        self.kind == ErrorKind::Internal && self.message == DATABASE_ERROR
    }
}

impl From<entente_game::Error> for Error {
    fn from(e: entente_game::Error) -> Error {
        let kind = match e.kind {
            GameErrorKind::NotYourPower => ErrorKind::Forbidden,
            GameErrorKind::NotThisPhase | GameErrorKind::GameOver | GameErrorKind::Conflict => {
                ErrorKind::Conflict
            }
            GameErrorKind::UnknownName | GameErrorKind::Invalid => ErrorKind::Unprocessable,
            GameErrorKind::NotFound => ErrorKind::NotFound,
            GameErrorKind::UnreadableRecord | GameErrorKind::Io => ErrorKind::Internal,
        };
        Error::new(kind, e.message)
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Error {
        if let sqlx::Error::Database(d) = &e {
            if d.is_unique_violation() {
                return Error::conflict("it exists already");
            }
        }
        tracing::error!("database: {e}");
        Error::internal(DATABASE_ERROR)
    }
}

#[cfg(test)]
mod key_tests {
    use super::*;
    use entente_i18n::errors::ERRORS;

    /// Every id an error of the server carries is a message in every language.
    #[test]
    fn every_error_key_is_a_message_in_every_language() {
        let sources = [
            include_str!("games.rs"),
            include_str!("gm.rs"),
            include_str!("auth.rs"),
            include_str!("club.rs"),
        ];
        let mut ids = Vec::new();
        for src in sources {
            for part in src.split(".key(\"").skip(1) {
                let id = part.split('"').next().unwrap_or_default();
                if id.starts_with("err-") {
                    ids.push(id.to_string());
                }
            }
        }
        assert!(ids.len() > 20, "only {} keyed errors", ids.len());
        for id in &ids {
            for lang in entente_i18n::LANGUAGES {
                assert!(ERRORS.has(lang, id), "{lang}: {id} missing");
            }
        }
    }

    #[test]
    fn a_keyed_error_is_written_in_the_readers_language() {
        let e = Error::forbidden("you do not play France")
            .key("err-not-your-power", &[("power", "France")]);
        assert_eq!(e.message_in("en"), "you do not play France");
        assert_eq!(e.message_in("cs"), "nehrajete za mocnost France");
        assert_eq!(
            Error::conflict("plain words").message_in("ru"),
            "plain words"
        );
    }
}
