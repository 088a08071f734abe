//! Who sends a request: the token it carries (an `Authorization: Bearer` header or the
//! browser's session cookie, which must come with its CSRF token when the request changes
//! something), and the address it comes from. Every handler asks here.

use crate::error::{ApiError, ApiResult};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method};
use entente_service::auth::{self, Caller, Carried, Peer};
use entente_service::Db;
use std::net::SocketAddr;

pub use entente_service::auth::SESSION_COOKIE;

/// The address a request comes from, as the limits count it ([`Peer::of`]).
pub struct Client(pub Peer);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Client(Peer::of(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        )))
    }
}

/// The `Set-Cookie` of a browser session (`Secure` when the site is served over https).
pub fn session_cookie(token: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000{secure}")
}

fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == SESSION_COOKIE)
        .map(|(_, v)| v.to_string())
}

/// The token a request carries, and whether it came in a cookie.
pub fn request_token(headers: &HeaderMap) -> Option<(String, bool)> {
    if let Some(v) = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        return v
            .strip_prefix("Bearer ")
            .map(|t| (t.trim().to_string(), false));
    }
    cookie_token(headers).map(|t| (t, true))
}

/// Who sends the request (`None`: nobody signed in). A cookie session's request that
/// changes something must carry the session's CSRF token.
pub async fn caller(db: &Db, headers: &HeaderMap, method: &Method) -> ApiResult<Option<Caller>> {
    let Some((token, cookie)) = request_token(headers) else {
        return Ok(None);
    };
    let carried = if !cookie {
        Carried::Bearer
    } else if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        Carried::CookieReading
    } else {
        Carried::CookieWriting(headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))
    };
    Ok(Some(auth::caller_of_token(db, &token, carried).await?))
}

/// As [`caller`], and someone must be signed in.
pub async fn signed_in(db: &Db, headers: &HeaderMap, method: &Method) -> ApiResult<Caller> {
    caller(db, headers, method)
        .await?
        .ok_or_else(ApiError::unauthorized)
}
