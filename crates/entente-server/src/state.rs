//! What every handler shares: the application's state, the extractors whose errors are
//! answered in the API's error form (JSON bodies, paths, queries), and who sends the request
//! ([`Signed`]: someone signed in, or a 401; [`MaybeSigned`]: perhaps nobody).

use crate::error::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::Json;
use entente_service::auth::Caller;
use entente_service::db::Db;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    /// How often a live-update stream looks for new events.
    pub poll: Duration,
    /// Whether the site is served over https (`--public-url https://...`): cookies are
    /// then `Secure`.
    pub secure_cookies: bool,
    /// New accounts allowed per client address in an hour (0: no limit).
    pub signup_limit: u32,
}

/// The state as a handler takes it.
pub type St = State<Arc<AppState>>;

/// The largest request body of any route (a variant file of 1 MiB fits in its JSON).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// A JSON body whose errors are answered in the API's error form.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(e) => Err(match e {
                JsonRejection::JsonDataError(e) => ApiError::unprocessable(format!(
                    "the request's JSON does not fit: {}",
                    std::error::Error::source(&e)
                        .map(|s| s.to_string())
                        .unwrap_or_else(|| e.body_text())
                )),
                JsonRejection::MissingJsonContentType(_) => {
                    ApiError::bad_request("send JSON with Content-Type: application/json")
                }
                JsonRejection::BytesRejection(_) => ApiError::new(
                    crate::error::ErrorKind::PayloadTooLarge,
                    "the request is too large: a body of at most 2 MiB",
                ),
                other => {
                    ApiError::bad_request(format!("the request is not JSON: {}", other.body_text()))
                }
            }),
        }
    }
}

/// A path's parameters, whose errors are answered in the API's error form.
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(v)) => Ok(ApiPath(v)),
            Err(e) if e.status().is_client_error() => Err(ApiError::bad_request(e.body_text())),
            Err(e) => Err(ApiError::internal(e.body_text())),
        }
    }
}

/// A query string, whose errors are answered in the API's error form.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| ApiQuery(v))
            .map_err(|e| ApiError::bad_request(e.body_text()))
    }
}

/// The account that sends the request; a request without a valid session or token is
/// answered 401 (a cookie session's request that changes something needs its CSRF token).
pub struct Signed(pub Caller);

impl FromRequestParts<Arc<AppState>> for Signed {
    type Rejection = ApiError;
    async fn from_request_parts(
        parts: &mut Parts,
        st: &Arc<AppState>,
    ) -> Result<Self, Self::Rejection> {
        crate::signed::signed_in(&st.db, &parts.headers, &parts.method)
            .await
            .map(Signed)
    }
}

/// The account that sends the request, if any (an invalid token is still refused).
pub struct MaybeSigned(pub Option<Caller>);

impl FromRequestParts<Arc<AppState>> for MaybeSigned {
    type Rejection = ApiError;
    async fn from_request_parts(
        parts: &mut Parts,
        st: &Arc<AppState>,
    ) -> Result<Self, Self::Rejection> {
        crate::signed::caller(&st.db, &parts.headers, &parts.method)
            .await
            .map(MaybeSigned)
    }
}
