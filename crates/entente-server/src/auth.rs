//! Accounts and who is asking. Passwords are hashed with Argon2id. A browser signs in and
//! gets a session cookie (HttpOnly, SameSite=Strict) with a CSRF token that every request
//! changing something must echo in `X-CSRF-Token`; a program sends an API token as
//! `Authorization: Bearer ...`. Only SHA-256 hashes of tokens are stored. Sign-in is
//! limited to a few failures per account name in a quarter of an hour, counted in the
//! database so that every server of a cluster counts the same failures.

use crate::db::{millis, Db};
use crate::error::{ApiError, ApiErrorKind, ApiResult};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::http::{HeaderMap, Method};
use sha2::{Digest, Sha256};
use sqlx::Row;

/// The cookie a browser session lives in.
pub const SESSION_COOKIE: &str = "entente_session";
/// Failed sign-ins allowed per account name in [`FAILURE_WINDOW_MS`].
pub const MAX_FAILURES: i64 = 5;
pub const FAILURE_WINDOW_MS: i64 = 15 * 60 * 1000;
/// A browser session lasts 30 days.
const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

/// The account a request comes from.
#[derive(Clone, Debug)]
pub struct Caller {
    pub id: i64,
    pub name: String,
}

pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).expect("the operating system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Runs a password hash (19 MiB and tens of milliseconds of CPU each) on the blocking
/// threads, as many at once as the machine has cores: more would only queue for the CPU,
/// and each thread that hashed keeps its memory arena.
async fn off_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> ApiResult<T> {
    static PERMITS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let permits = PERMITS.get_or_init(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    let _permit = permits
        .acquire()
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let out = f();
        release_memory();
        out
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))
}

/// Gives the freed memory of a hash back to the system: glibc keeps it in the thread's
/// arena otherwise (its mmap threshold grows to the hash's size after the first one), and a
/// few thousand sign-ins left the server at half a gigabyte.
fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: malloc_trim only returns free memory of the allocator to the system.
        unsafe {
            malloc_trim(0);
        }
    }
}

pub fn hash_password(password: &str) -> ApiResult<String> {
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|e| ApiError::internal(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| ApiError::internal(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::internal(e.to_string()))
}

fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Account names: 2 to 32 letters, digits, `_`, `-` or `.`, starting with a letter or digit.
pub fn check_name(name: &str) -> ApiResult<()> {
    let ok = (2..=32).contains(&name.chars().count())
        && name.chars().next().is_some_and(char::is_alphanumeric)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if ok {
        Ok(())
    } else {
        Err(ApiError::unprocessable(format!(
            "'{name}' cannot be an account name: 2 to 32 letters, digits, '_', '-' or '.'"
        )))
    }
}

pub async fn sign_up(db: &Db, name: &str, email: &str, password: &str) -> ApiResult<Caller> {
    check_name(name)?;
    if password.chars().count() < 8 {
        return Err(
            ApiError::unprocessable("the password needs at least 8 characters")
                .key("err-password-short", &[]),
        );
    }
    if password.len() > 1024 {
        return Err(
            ApiError::unprocessable("the password is too long").key("err-password-long", &[])
        );
    }
    let email = email.trim();
    if !email.contains('@') || email.len() > 254 {
        return Err(ApiError::unprocessable(format!(
            "'{email}' is not an e-mail address"
        )));
    }
    // Hashing takes tens of milliseconds of CPU: off the threads that serve requests.
    let pw = password.to_string();
    let hash = off_thread(move || hash_password(&pw)).await??;
    let now = millis(jiff::Timestamp::now());
    let taken = sqlx::query("SELECT 1 FROM accounts WHERE lower(name) = lower($1)")
        .bind(name)
        .fetch_optional(&db.pool)
        .await?;
    if taken.is_some() {
        return Err(ApiError::conflict(format!("the name '{name}' is taken")));
    }
    let row = sqlx::query(
        "INSERT INTO accounts (name, email, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name)
    .bind(email)
    .bind(hash)
    .bind(now)
    .fetch_one(&db.writer)
    .await
    .map_err(|e| match ApiError::from(e) {
        e if e.kind == ApiErrorKind::Conflict => {
            ApiError::conflict(format!("the name '{name}' is taken"))
        }
        e => e,
    })?;
    // The first account founds the club and is its first administrator (docs/club.md).
    crate::club::ensure_founded(db).await?;
    Ok(Caller {
        id: row.try_get(0)?,
        name: name.to_string(),
    })
}

/// Checks a password; counts failures and refuses after [`MAX_FAILURES`].
pub async fn check_password(db: &Db, name: &str, password: &str) -> ApiResult<Caller> {
    let now = millis(jiff::Timestamp::now());
    let failures: i64 =
        sqlx::query("SELECT COUNT(*) FROM signin_failures WHERE name = $1 AND at > $2")
            .bind(name.to_lowercase())
            .bind(now - FAILURE_WINDOW_MS)
            .fetch_one(&db.pool)
            .await?
            .try_get(0)?;
    if failures >= MAX_FAILURES {
        return Err(ApiError::new(
            ApiErrorKind::TooManyRequests,
            "too many failed sign-ins for this name; wait a quarter of an hour",
        )
        .key("err-too-many-sign-ins", &[]));
    }
    let row =
        sqlx::query("SELECT id, name, password_hash FROM accounts WHERE lower(name) = lower($1)")
            .bind(name)
            .fetch_optional(&db.pool)
            .await?;
    let found = match row {
        Some(r) => {
            let hash: String = r.try_get(2)?;
            let pw = password.to_string();
            // Off the threads that serve requests, as hashing.
            let ok = off_thread(move || verify_password(&pw, &hash)).await?;
            ok.then(|| Caller {
                id: r.try_get(0).unwrap_or(0),
                name: r.try_get(1).unwrap_or_default(),
            })
        }
        None => None,
    };
    match found {
        Some(c) => Ok(c),
        None => {
            sqlx::query("INSERT INTO signin_failures (name, at) VALUES ($1, $2)")
                .bind(name.to_lowercase())
                .bind(now)
                .execute(&db.writer)
                .await?;
            Err(
                ApiError::new(ApiErrorKind::Unauthorized, "wrong name or password")
                    .key("err-wrong-password", &[]),
            )
        }
    }
}

/// A new token for `caller`: `kind` `cookie` (with a CSRF token, returned second) or `api`.
pub async fn new_token(
    db: &Db,
    caller: &Caller,
    kind: &str,
) -> ApiResult<(String, Option<String>)> {
    let token = format!("ent_{}", random_hex(32));
    let csrf = (kind == "cookie").then(|| random_hex(16));
    let now = millis(jiff::Timestamp::now());
    let expires = (kind == "cookie").then_some(now + SESSION_MS);
    sqlx::query(
        "INSERT INTO tokens (token_hash, account_id, kind, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_hash(&token))
    .bind(caller.id)
    .bind(kind)
    .bind(csrf.clone())
    .bind(now)
    .bind(expires)
    .execute(&db.writer)
    .await?;
    Ok((token, csrf))
}

pub async fn drop_token(db: &Db, token: &str) -> ApiResult<()> {
    sqlx::query("DELETE FROM tokens WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(&db.pool)
        .await?;
    Ok(())
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
    let now = millis(jiff::Timestamp::now());
    let row = sqlx::query(
        "SELECT a.id, a.name, t.csrf, t.expires_at FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1",
    )
    .bind(token_hash(&token))
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Err(ApiError::new(
            ApiErrorKind::Unauthorized,
            "this session or token is not valid (signed out, or expired); sign in again",
        ));
    };
    let expires: Option<i64> = row.try_get(3)?;
    if expires.is_some_and(|e| e < now) {
        return Err(ApiError::new(
            ApiErrorKind::Unauthorized,
            "this session has expired; sign in again",
        )
        .key("err-session-expired", &[]));
    }
    if cookie && !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        let csrf: Option<String> = row.try_get(2)?;
        let sent = headers.get("x-csrf-token").and_then(|v| v.to_str().ok());
        if csrf.is_none() || sent != csrf.as_deref() {
            return Err(ApiError::forbidden(
                "a signed-in browser must send the session's X-CSRF-Token with this request",
            ));
        }
    }
    Ok(Some(Caller {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
    }))
}

/// As [`caller`], and someone must be signed in.
pub async fn signed_in(db: &Db, headers: &HeaderMap, method: &Method) -> ApiResult<Caller> {
    caller(db, headers, method)
        .await?
        .ok_or_else(ApiError::unauthorized)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_stored_as_salted_argon2id_hashes() {
        let h = hash_password("correct horse battery").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(!h.contains("correct horse"), "{h}");
        assert!(verify_password("correct horse battery", &h));
        assert!(!verify_password("correct horse battery!", &h));
        assert!(!verify_password("correct horse battery", "not a hash"));
        // A fresh salt each time.
        assert_ne!(h, hash_password("correct horse battery").unwrap());
    }

    #[test]
    fn tokens_are_stored_as_their_hashes() {
        let h = token_hash("ent_abc");
        assert_eq!(h.len(), 64);
        assert!(!h.contains("abc"));
    }
}
