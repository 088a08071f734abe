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
    pub message: String,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(kind: ApiErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: message.into(),
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
