//! The server's errors: each carries the HTTP status a client gets and a message that says
//! what to do. Database failures are logged and shown as a plain 500.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use entente_game::ErrorKind;
use serde::Serialize;
use utoipa::ToSchema;

/// What went wrong, as the API reports it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ApiErrorKind {
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

impl ApiErrorKind {
    pub fn status(self) -> StatusCode {
        match self {
            ApiErrorKind::BadRequest => StatusCode::BAD_REQUEST,
            ApiErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ApiErrorKind::NotFound => StatusCode::NOT_FOUND,
            ApiErrorKind::Conflict => StatusCode::CONFLICT,
            ApiErrorKind::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
            ApiErrorKind::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            ApiErrorKind::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
    fn code(self) -> &'static str {
        match self {
            ApiErrorKind::BadRequest => "bad-request",
            ApiErrorKind::Unauthorized => "unauthorized",
            ApiErrorKind::Forbidden => "forbidden",
            ApiErrorKind::NotFound => "not-found",
            ApiErrorKind::Conflict => "conflict",
            ApiErrorKind::Unprocessable => "unprocessable",
            ApiErrorKind::TooManyRequests => "too-many-requests",
            ApiErrorKind::PayloadTooLarge => "payload-too-large",
            ApiErrorKind::Internal => "internal",
        }
    }
}

/// What an answer says of a failure of the database.
const DATABASE_ERROR: &str = "database error; try again";

#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    pub kind: ApiErrorKind,
    /// What to do, in English (the API's answer).
    pub message: String,
    /// The same as a message of `entente_i18n::errors::ERRORS` with its arguments, for a
    /// front end that writes it in its reader's language.
    pub key: Option<(&'static str, Vec<(&'static str, String)>)>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(kind: ApiErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: message.into(),
            key: None,
        }
    }
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            ApiErrorKind::Unauthorized,
            "sign in first (POST /api/v1/session) or send an API token (Authorization: Bearer ...)",
        )
    }
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::Forbidden, message)
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::NotFound, message)
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::BadRequest, message)
    }
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::Conflict, message)
    }
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::Unprocessable, message)
    }
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(ApiErrorKind::Internal, message)
    }
    /// The message's id in `entente_i18n::errors::ERRORS`, with its arguments.
    pub fn key(mut self, id: &'static str, args: &[(&'static str, &str)]) -> ApiError {
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
        self.kind == ApiErrorKind::Internal && self.message == DATABASE_ERROR
    }
}

impl From<entente_game::Error> for ApiError {
    fn from(e: entente_game::Error) -> ApiError {
        let kind = match e.kind {
            ErrorKind::NotYourPower => ApiErrorKind::Forbidden,
            ErrorKind::NotThisPhase | ErrorKind::GameOver | ErrorKind::Conflict => {
                ApiErrorKind::Conflict
            }
            ErrorKind::UnknownName | ErrorKind::Invalid => ApiErrorKind::Unprocessable,
            ErrorKind::NotFound => ApiErrorKind::NotFound,
            ErrorKind::UnreadableRecord | ErrorKind::Io => ApiErrorKind::Internal,
        };
        ApiError::new(kind, e.message)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        if let sqlx::Error::Database(d) = &e {
            if d.is_unique_violation() {
                return ApiError::conflict("it exists already");
            }
        }
        tracing::error!("database: {e}");
        ApiError::internal(DATABASE_ERROR)
    }
}

/// The body of every error answer.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// `bad-request`, `unauthorized`, `forbidden`, `not-found`, `conflict`,
    /// `unprocessable`, `too-many-requests`, `payload-too-large`, `internal`.
    pub error: String,
    /// What went wrong and what to do, in words.
    pub message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.kind.status(),
            Json(ErrorBody {
                error: self.kind.code().to_string(),
                message: self.message,
            }),
        )
            .into_response()
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
            include_str!("service.rs"),
            include_str!("gm.rs"),
            include_str!("auth.rs"),
            include_str!("http.rs"),
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
        let e = ApiError::forbidden("you do not play France")
            .key("err-not-your-power", &[("power", "France")]);
        assert_eq!(e.message_in("en"), "you do not play France");
        assert_eq!(e.message_in("cs"), "nehrajete za mocnost France");
        assert_eq!(
            ApiError::conflict("plain words").message_in("ru"),
            "plain words"
        );
    }
}
