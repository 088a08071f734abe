//! The API's errors: the service's one error ([`entente_service::Error`]) answered with the
//! HTTP status of its kind and a JSON body that says what to do.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use entente_service::Error;
pub use entente_service::ErrorKind;
use serde::Serialize;
use utoipa::ToSchema;

/// The HTTP status an error of `kind` is answered with.
pub fn status(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
        ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An error as the API answers it: the service's error, with the status of its kind.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct ApiError(pub Error);

pub type ApiResult<T> = Result<T, ApiError>;

impl std::ops::Deref for ApiError {
    type Target = Error;
    fn deref(&self) -> &Error {
        &self.0
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        ApiError(e)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError(e.into())
    }
}

impl From<entente_game::Error> for ApiError {
    fn from(e: entente_game::Error) -> ApiError {
        ApiError(e.into())
    }
}

impl ApiError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError(Error::new(kind, message))
    }
    pub fn unauthorized() -> ApiError {
        ApiError(Error::unauthorized())
    }
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError(Error::forbidden(message))
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError(Error::not_found(message))
    }
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError(Error::bad_request(message))
    }
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError(Error::conflict(message))
    }
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError(Error::unprocessable(message))
    }
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError(Error::internal(message))
    }
    /// The message's id in `entente_i18n::errors::ERRORS`, with its arguments.
    pub fn key(self, id: &'static str, args: &[(&'static str, &str)]) -> ApiError {
        ApiError(self.0.key(id, args))
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
            status(self.0.kind),
            Json(ErrorBody {
                error: self.0.kind.code().to_string(),
                message: self.0.message,
            }),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    /// Every id an error of the HTTP layer carries is a message in every language.
    #[test]
    fn every_error_key_of_the_api_is_a_message_in_every_language() {
        let src = include_str!("http.rs");
        let ids: Vec<&str> = src
            .split(".key(\"")
            .skip(1)
            .filter_map(|p| p.split('"').next())
            .filter(|id| id.starts_with("err-"))
            .collect();
        for id in ids {
            for lang in entente_i18n::LANGUAGES {
                assert!(
                    entente_i18n::errors::ERRORS.has(lang, id),
                    "{lang}: {id} missing"
                );
            }
        }
    }
}
