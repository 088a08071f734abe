//! Accounts and who is asking. Passwords are hashed with Argon2id. A browser signs in and
//! gets a session cookie (HttpOnly, SameSite=Strict, and Secure when the server's public
//! address is https) with a CSRF token that every request changing something must echo in
//! `X-CSRF-Token`; a program sends an API token as `Authorization: Bearer ...` (it expires,
//! 90 days by default, and can be listed and revoked). Only SHA-256 hashes of tokens are
//! stored.
//!
//! Guessing is throttled in the database, so that every server of a cluster counts the
//! same attempts, and each attempt is reserved *before* its password is hashed (a
//! compare-and-swap of one row): per account name, a few failures at once and then a delay
//! that doubles with each failure up to a minute (never a lock-out the owner could be kept
//! out by), and per client address a number of failures in a quarter of an hour; a
//! success clears the name's count and gives the address its attempt back. An unknown
//! name costs the same hash as a known one. Sign-up is limited per client address too, and
//! a password must have at least 12 characters and not be one of the most common ones.

use crate::db::{millis, Db};
use crate::error::{Error, ErrorKind, Result};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use sha2::{Digest, Sha256};
use sqlx::Row;
use std::net::{IpAddr, SocketAddr};

/// The cookie a browser session lives in.
pub const SESSION_COOKIE: &str = "entente_session";
/// The cookie of the sign-in and sign-up forms' CSRF token, set before any session.
pub const FORM_COOKIE: &str = "entente_form";
/// A browser session lasts 30 days.
const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

/// Failed sign-ins per account name allowed one after the other without waiting.
pub const SIGNIN_FREE_FAILURES: i64 = 3;
/// Then the wait before the next attempt on that name: 1 s, doubled with each failure...
pub const SIGNIN_FIRST_DELAY_MS: i64 = 1000;
/// ...up to a minute.
pub const SIGNIN_MAX_DELAY_MS: i64 = 60_000;
/// A name's failures are forgotten after an hour without one (and at its next success).
pub const SIGNIN_FORGET_MS: i64 = 3600 * 1000;
/// Failed sign-ins allowed from one client address (an IPv4 address, an IPv6 /64) in
/// [`ADDRESS_WINDOW_MS`], whatever the names.
pub const ADDRESS_FAILURES: i64 = 30;
pub const ADDRESS_WINDOW_MS: i64 = 15 * 60 * 1000;
/// New accounts allowed from one client address in [`SIGNUP_WINDOW_MS`] by default
/// (`entente serve --signup-limit`). Twenty, not fewer: a club's evening of sign-ups behind
/// one proxy, or the README's walk-through (a game master and seven players on one machine),
/// comes from one address; a script making hundreds of accounts is still stopped.
pub const SIGNUPS_PER_ADDRESS: u32 = 20;
pub const SIGNUP_WINDOW_MS: i64 = 3600 * 1000;
/// A password's length in characters (any Unicode; spaces count), as NIST SP 800-63B.
pub const PASSWORD_MIN_CHARS: usize = 12;
pub const PASSWORD_MAX_CHARS: usize = 1024;
/// An API token's lifetime: 90 days unless asked otherwise at creation, at most a year.
pub const API_TOKEN_SECS: i64 = 90 * 86400;
pub const API_TOKEN_MAX_SECS: i64 = 365 * 86400;
/// A token's label, at most this many characters.
pub const TOKEN_LABEL_CHARS: usize = 100;

/// The most common passwords of 12 characters or more (`data/common-passwords.txt`).
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

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
async fn off_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    static PERMITS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let permits = PERMITS.get_or_init(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    let _permit = permits
        .acquire()
        .await
        .map_err(|e| Error::internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let out = f();
        release_memory();
        out
    })
    .await
    .map_err(|e| Error::internal(e.to_string()))
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

pub fn hash_password(password: &str) -> Result<String> {
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|e| Error::internal(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| Error::internal(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::internal(e.to_string()))
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
pub fn check_name(name: &str) -> Result<()> {
    let ok = (2..=32).contains(&name.chars().count())
        && name.chars().next().is_some_and(char::is_alphanumeric)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if ok {
        Ok(())
    } else {
        Err(Error::unprocessable(format!(
            "'{name}' cannot be an account name: 2 to 32 letters, digits, '_', '-' or '.'"
        )))
    }
}

/// Where a request comes from, as the limits count it: an IPv4 address, or the /64 network
/// of an IPv6 address (one machine's addresses), from the connection (no proxy's header
/// is trusted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer(pub String);

impl Peer {
    pub fn of(addr: Option<SocketAddr>) -> Peer {
        Peer(match addr.map(|a| a.ip()) {
            Some(IpAddr::V4(ip)) => ip.to_string(),
            Some(IpAddr::V6(ip)) => match ip.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = ip.segments();
                    format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
            None => "unknown".to_string(),
        })
    }
}

/// The seconds a refusal of [`ErrorKind::TooManyRequests`] asks to wait (its
/// `Retry-After`).
pub fn retry_after(e: &Error) -> Option<u64> {
    if e.kind != ErrorKind::TooManyRequests {
        return None;
    }
    let (_, args) = e.key.as_ref()?;
    args.iter()
        .find(|(k, _)| *k == "seconds")
        .and_then(|(_, v)| v.parse().ok())
}

fn too_many(message: &str, id: &'static str, wait_ms: i64) -> Error {
    let secs = ((wait_ms.max(1) + 999) / 1000).to_string();
    Error::new(
        ErrorKind::TooManyRequests,
        format!("{message}; try again in {secs} s"),
    )
    .key(id, &[("seconds", &secs)])
}

/// A throttle's row: attempts counted and the instant that matters (an account's next
/// allowed attempt, or the end of an address's window).
#[derive(Clone, Copy, Debug)]
struct Count {
    n: i64,
    until: i64,
}

/// Changes the throttle row `subject` by `step` (given the row, or `None` when there is
/// none or it was last touched before `forget_before`: the new row, or the milliseconds to
/// wait) as one compare-and-swap, so that two servers can never both take the last
/// attempt. `Ok(Err(ms))`: refused.
async fn reserve(
    db: &Db,
    subject: &str,
    now: i64,
    forget_before: i64,
    step: impl Fn(Option<Count>) -> Result<Count, i64>,
) -> Result<Result<(), i64>> {
    for _ in 0..64 {
        let row = sqlx::query(
            "SELECT n, until_at, touched_at, version FROM throttles WHERE subject = $1",
        )
        .bind(subject)
        .fetch_optional(&db.writer)
        .await?;
        match row {
            None => {
                let Ok(c) = step(None) else {
                    return Ok(Err(SIGNIN_FIRST_DELAY_MS));
                };
                let done = sqlx::query(
                    "INSERT INTO throttles (subject, n, until_at, touched_at, version) VALUES ($1, $2, $3, $4, 0) ON CONFLICT (subject) DO NOTHING",
                )
                .bind(subject)
                .bind(c.n)
                .bind(c.until)
                .bind(now)
                .execute(&db.writer)
                .await?;
                if done.rows_affected() == 1 {
                    return Ok(Ok(()));
                }
            }
            Some(r) => {
                let (n, until, touched, version): (i64, i64, i64, i64) =
                    (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
                let old = (touched >= forget_before).then_some(Count { n, until });
                let c = match step(old) {
                    Ok(c) => c,
                    Err(wait) => return Ok(Err(wait)),
                };
                let done = sqlx::query(
                    "UPDATE throttles SET n = $1, until_at = $2, touched_at = $3, version = version + 1 WHERE subject = $4 AND version = $5",
                )
                .bind(c.n)
                .bind(c.until)
                .bind(now)
                .bind(subject)
                .bind(version)
                .execute(&db.writer)
                .await?;
                if done.rows_affected() == 1 {
                    return Ok(Ok(()));
                }
            }
        }
    }
    // Sixty-four other servers' changes in between: as busy as a refusal.
    Ok(Err(SIGNIN_FIRST_DELAY_MS))
}

/// Reserves one attempt of a window of `limit` attempts per `window` ms for `subject`.
async fn reserve_window(
    db: &Db,
    subject: &str,
    now: i64,
    limit: i64,
    window: i64,
) -> Result<Result<(), i64>> {
    reserve(db, subject, now, now - window, |old| match old {
        Some(c) if now < c.until && c.n >= limit => Err(c.until - now),
        Some(c) if now < c.until => Ok(Count {
            n: c.n + 1,
            until: c.until,
        }),
        _ => Ok(Count {
            n: 1,
            until: now + window,
        }),
    })
    .await
}

/// Gives back an attempt reserved by [`reserve_window`] (it succeeded, or was not made).
async fn give_back(db: &Db, subject: &str) -> Result<()> {
    sqlx::query(
        "UPDATE throttles SET n = n - 1, version = version + 1 WHERE subject = $1 AND n > 0",
    )
    .bind(subject)
    .execute(&db.writer)
    .await?;
    Ok(())
}

/// The wait after `failures` failures of one name (the attempt being made counted).
fn signin_delay(failures: i64) -> i64 {
    if failures < SIGNIN_FREE_FAILURES {
        return 0;
    }
    let doublings = (failures - SIGNIN_FREE_FAILURES).min(20) as u32;
    (SIGNIN_FIRST_DELAY_MS << doublings).min(SIGNIN_MAX_DELAY_MS)
}

/// Reserves a sign-in attempt on `name` from `peer`, before its password is hashed: the
/// address first (a refused address does not lengthen the name's wait, so one address
/// cannot keep an owner out), then the name.
async fn reserve_sign_in(db: &Db, name: &str, peer: &Peer, now: i64) -> Result<()> {
    // Rows nobody has touched for a while go (the longest window is an hour).
    sqlx::query("DELETE FROM throttles WHERE touched_at < $1")
        .bind(now - 2 * SIGNIN_FORGET_MS.max(SIGNUP_WINDOW_MS))
        .execute(&db.writer)
        .await?;
    let addr = format!("signin-addr:{}", peer.0);
    if let Err(wait) = reserve_window(db, &addr, now, ADDRESS_FAILURES, ADDRESS_WINDOW_MS).await? {
        return Err(too_many(
            "too many failed sign-ins from your address",
            "err-sign-in-address-wait",
            wait,
        ));
    }
    let account = format!("signin:{}", name.to_lowercase());
    let got = reserve(db, &account, now, now - SIGNIN_FORGET_MS, |old| {
        let c = old.unwrap_or(Count { n: 0, until: 0 });
        if c.n >= SIGNIN_FREE_FAILURES && now < c.until {
            return Err(c.until - now);
        }
        Ok(Count {
            n: c.n + 1,
            until: now + signin_delay(c.n + 1),
        })
    })
    .await?;
    if let Err(wait) = got {
        give_back(db, &addr).await?;
        return Err(too_many(
            "too many failed sign-ins for this name",
            "err-sign-in-wait",
            wait,
        ));
    }
    Ok(())
}

/// Whether `password` may be an account's password: its length in characters, and not one
/// of the most common passwords nor the account's name.
pub fn check_password_rules(name: &str, password: &str) -> Result<()> {
    let chars = password.chars().count();
    if chars < PASSWORD_MIN_CHARS {
        return Err(Error::unprocessable(format!(
            "the password needs at least {PASSWORD_MIN_CHARS} characters (any characters, spaces too)"
        ))
        .key("err-password-length", &[]));
    }
    if chars > PASSWORD_MAX_CHARS {
        return Err(Error::unprocessable("the password is too long").key("err-password-long", &[]));
    }
    let lower = password.to_lowercase();
    let first = lower.chars().next();
    let common = lower == name.to_lowercase()
        || lower.chars().all(|c| Some(c) == first)
        || COMMON_PASSWORDS
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .any(|l| l == lower);
    if common {
        return Err(Error::unprocessable(
            "this password is one of the most common ones (in the lists of breached passwords), or the account's name: choose another",
        )
        .key("err-password-common", &[]));
    }
    Ok(())
}

/// A new account. At most `signups_per_hour` from one client address (0: no limit),
/// counted before its password is hashed.
pub async fn sign_up(
    db: &Db,
    name: &str,
    email: &str,
    password: &str,
    peer: &Peer,
    signups_per_hour: u32,
) -> Result<Caller> {
    check_name(name)?;
    check_password_rules(name, password)?;
    let email = email.trim();
    if !email.contains('@') || email.len() > 254 {
        return Err(Error::unprocessable(format!(
            "'{email}' is not an e-mail address"
        )));
    }
    let now = millis(jiff::Timestamp::now());
    let taken = sqlx::query("SELECT 1 FROM accounts WHERE lower(name) = lower($1)")
        .bind(name)
        .fetch_optional(&db.pool)
        .await?;
    if taken.is_some() {
        return Err(Error::conflict(format!("the name '{name}' is taken")));
    }
    let subject = format!("signup-addr:{}", peer.0);
    if signups_per_hour > 0 {
        let got = reserve_window(
            db,
            &subject,
            now,
            i64::from(signups_per_hour),
            SIGNUP_WINDOW_MS,
        )
        .await?;
        if let Err(wait) = got {
            return Err(too_many(
                "too many new accounts from your address",
                "err-sign-up-address-wait",
                wait,
            ));
        }
    }
    // Hashing takes tens of milliseconds of CPU: off the threads that serve requests.
    let pw = password.to_string();
    let hash = off_thread(move || hash_password(&pw)).await??;
    let row = sqlx::query(
        "INSERT INTO accounts (name, email, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name)
    .bind(email)
    .bind(hash)
    .bind(now)
    .fetch_one(&db.writer)
    .await;
    let row = match row {
        Ok(r) => r,
        Err(e) => {
            // Not made: the address keeps its sign-up.
            if signups_per_hour > 0 {
                give_back(db, &subject).await?;
            }
            return Err(match Error::from(e) {
                e if e.kind == ErrorKind::Conflict => {
                    Error::conflict(format!("the name '{name}' is taken"))
                }
                e => e,
            });
        }
    };
    // The first account founds the club and is its first administrator (docs/club.md).
    crate::club::ensure_founded(db).await?;
    Ok(Caller {
        id: row.try_get(0)?,
        name: name.to_string(),
    })
}

/// An Argon2id hash of a random password, with the parameters of every account's: an
/// unknown name is checked against it, so that a sign-in takes as long whether or not
/// the name exists.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&random_hex(16)).unwrap_or_default())
}

/// Checks a password from `peer`. The attempt is reserved before the hash is checked
/// (refused with a wait, [`retry_after`], when the name or the address has failed too
/// often); a success clears the name's failures and gives the address its attempt back.
pub async fn check_password(db: &Db, name: &str, password: &str, peer: &Peer) -> Result<Caller> {
    let now = millis(jiff::Timestamp::now());
    reserve_sign_in(db, name, peer, now).await?;
    let row =
        sqlx::query("SELECT id, name, password_hash FROM accounts WHERE lower(name) = lower($1)")
            .bind(name)
            .fetch_optional(&db.pool)
            .await?;
    let (account, hash) = match row {
        Some(r) => (
            Some(Caller {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
            }),
            r.try_get::<String, _>(2)?,
        ),
        None => (None, String::new()),
    };
    let pw = password.to_string();
    // Off the threads that serve requests, as hashing; the same work for an unknown name.
    let ok = off_thread(move || {
        if hash.is_empty() {
            verify_password(&pw, dummy_hash());
            false
        } else {
            verify_password(&pw, &hash)
        }
    })
    .await?;
    match account {
        Some(c) if ok => {
            sqlx::query("DELETE FROM throttles WHERE subject = $1")
                .bind(format!("signin:{}", name.to_lowercase()))
                .execute(&db.writer)
                .await?;
            give_back(db, &format!("signin-addr:{}", peer.0)).await?;
            Ok(c)
        }
        _ => Err(
            Error::new(ErrorKind::Unauthorized, "wrong name or password")
                .key("err-wrong-password", &[]),
        ),
    }
}

/// A token made by [`new_token`]: the secret (shown once), its id, when it expires.
#[derive(Clone, Debug)]
pub struct NewToken {
    pub token: String,
    pub id: String,
    pub csrf: Option<String>,
    pub expires_at: Option<i64>,
}

/// A new token for `caller`: `kind` `cookie` (with a CSRF token, returned second) or `api`.
pub async fn new_token(db: &Db, caller: &Caller, kind: &str) -> Result<(String, Option<String>)> {
    let t = make_token(db, caller, kind, None, None).await?;
    Ok((t.token, t.csrf))
}

/// A new API token for `caller`, living `lifetime_s` seconds (default 90 days, at most a
/// year), with a label of the owner's.
pub async fn new_api_token(
    db: &Db,
    caller: &Caller,
    label: Option<&str>,
    lifetime_s: Option<i64>,
) -> Result<NewToken> {
    let life = lifetime_s.unwrap_or(API_TOKEN_SECS);
    if !(1..=API_TOKEN_MAX_SECS).contains(&life) {
        return Err(Error::unprocessable(format!(
            "expires_in_seconds is 1 to {API_TOKEN_MAX_SECS} (a year); default {API_TOKEN_SECS} (90 days)"
        )));
    }
    let label = label.map(str::trim).filter(|l| !l.is_empty());
    if label
        .is_some_and(|l| l.chars().count() > TOKEN_LABEL_CHARS || l.chars().any(char::is_control))
    {
        return Err(Error::unprocessable(format!(
            "a token's label is at most {TOKEN_LABEL_CHARS} characters on one line"
        )));
    }
    make_token(db, caller, "api", label, Some(life * 1000)).await
}

async fn make_token(
    db: &Db,
    caller: &Caller,
    kind: &str,
    label: Option<&str>,
    lifetime_ms: Option<i64>,
) -> Result<NewToken> {
    let token = format!("ent_{}", random_hex(32));
    let id = random_hex(8);
    let csrf = (kind == "cookie").then(|| random_hex(16));
    let now = millis(jiff::Timestamp::now());
    let expires = now
        + lifetime_ms.unwrap_or(if kind == "api" {
            API_TOKEN_SECS * 1000
        } else {
            SESSION_MS
        });
    sqlx::query(
        "INSERT INTO tokens (token_hash, account_id, kind, csrf, created_at, expires_at, public_id, label) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(token_hash(&token))
    .bind(caller.id)
    .bind(kind)
    .bind(csrf.clone())
    .bind(now)
    .bind(expires)
    .bind(&id)
    .bind(label)
    .execute(&db.writer)
    .await?;
    Ok(NewToken {
        token,
        id,
        csrf,
        expires_at: Some(expires),
    })
}

/// An API token as its owner sees it listed (never its secret).
#[derive(Clone, Debug)]
pub struct TokenInfo {
    pub id: String,
    pub label: Option<String>,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

/// `caller`'s API tokens that have not expired, newest first.
pub async fn api_tokens(db: &Db, caller: &Caller) -> Result<Vec<TokenInfo>> {
    let now = millis(jiff::Timestamp::now());
    let rows = sqlx::query(
        "SELECT public_id, label, created_at, expires_at FROM tokens WHERE account_id = $1 AND kind = 'api' AND (expires_at IS NULL OR expires_at >= $2) ORDER BY created_at DESC, public_id",
    )
    .bind(caller.id)
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TokenInfo {
                id: r.try_get::<Option<String>, _>(0)?.unwrap_or_default(),
                label: r.try_get(1)?,
                created_at: r.try_get(2)?,
                expires_at: r.try_get(3)?,
            })
        })
        .collect()
}

/// Revokes `caller`'s API token `id`: refused from then on. Another's token, or none:
/// not found (whether it exists is not told).
pub async fn revoke_api_token(db: &Db, caller: &Caller, id: &str) -> Result<()> {
    let done =
        sqlx::query("DELETE FROM tokens WHERE public_id = $1 AND account_id = $2 AND kind = 'api'")
            .bind(id)
            .bind(caller.id)
            .execute(&db.writer)
            .await?;
    if done.rows_affected() == 0 {
        return Err(Error::not_found(format!(
            "you have no API token '{id}' (see GET /api/v1/tokens)"
        )));
    }
    Ok(())
}

pub async fn drop_token(db: &Db, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM tokens WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// How a request carries its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carried<'a> {
    /// In an `Authorization: Bearer` header, or by a front end that is not a browser.
    Bearer,
    /// In a browser's session cookie, on a request that only reads.
    CookieReading,
    /// In a browser's session cookie, on a request that changes something: it must carry
    /// the session's CSRF token (`Some`: the one it sent).
    CookieWriting(Option<&'a str>),
}

/// Who holds `token`. A cookie session's request that changes something must carry the
/// session's CSRF token.
pub async fn caller_of_token(db: &Db, token: &str, carried: Carried<'_>) -> Result<Caller> {
    let now = millis(jiff::Timestamp::now());
    let row = sqlx::query(
        "SELECT a.id, a.name, t.csrf, t.expires_at FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Err(Error::new(
            ErrorKind::Unauthorized,
            "this session or token is not valid (signed out, or expired); sign in again",
        ));
    };
    let expires: Option<i64> = row.try_get(3)?;
    if expires.is_some_and(|e| e < now) {
        return Err(Error::new(
            ErrorKind::Unauthorized,
            "this session has expired; sign in again",
        )
        .key("err-session-expired", &[]));
    }
    if let Carried::CookieWriting(sent) = carried {
        let csrf: Option<String> = row.try_get(2)?;
        if csrf.is_none() || sent != csrf.as_deref() {
            return Err(Error::forbidden(
                "a signed-in browser must send the session's X-CSRF-Token with this request",
            ));
        }
    }
    Ok(Caller {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
    })
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
    fn passwords_follow_nist_800_63b() {
        // Characters count, not bytes; any Unicode; spaces too.
        assert!(check_password_rules("ann", "ěščřžýáíéúů").is_err());
        assert!(check_password_rules("ann", "ěščřžýáíéúůň").is_ok());
        assert!(check_password_rules("ann", "twelve chars").is_ok());
        assert!(check_password_rules("ann", &"ab".repeat(512)).is_ok());
        assert!(check_password_rules("ann", &"ab".repeat(513)).is_err());
        // Common ones, whatever their case; the name; one character repeated.
        for pw in [
            "Password1234",
            "123456789012",
            "QWERTYUIOP123",
            "annannannann",
            "xxxxxxxxxxxxxxxx",
        ] {
            let name = if pw.starts_with("ann") {
                "annannannann"
            } else {
                "ann"
            };
            let e = check_password_rules(name, pw).unwrap_err();
            assert_eq!(e.key.unwrap().0, "err-password-common", "{pw}");
        }
        // The translated words say the same length as the rule.
        for lang in entente_i18n::LANGUAGES {
            let words = entente_i18n::errors::ERRORS.text(lang, "err-password-length", &[]);
            assert!(
                words.contains(&PASSWORD_MIN_CHARS.to_string()),
                "{lang}: {words}"
            );
        }
    }

    #[test]
    fn the_wait_after_failures_doubles_up_to_a_minute() {
        let waits: Vec<i64> = (1..=12).map(signin_delay).collect();
        assert_eq!(
            waits,
            [0, 0, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000]
        );
    }

    #[test]
    fn addresses_are_counted_by_machine() {
        let of = |s: &str| Peer::of(Some(s.parse().unwrap())).0;
        assert_eq!(of("192.0.2.7:4000"), "192.0.2.7");
        assert_eq!(
            of("[2001:db8:1:2:aaaa::1]:80"),
            of("[2001:db8:1:2:bbbb::9]:81")
        );
        assert_ne!(of("[2001:db8:1:2::1]:80"), of("[2001:db8:1:3::1]:80"));
        assert_eq!(of("[::ffff:192.0.2.7]:80"), "192.0.2.7");
        assert_eq!(Peer::of(None).0, "unknown");
    }

    #[test]
    fn tokens_are_stored_as_their_hashes() {
        let h = token_hash("ent_abc");
        assert_eq!(h.len(), 64);
        assert!(!h.contains("abc"));
    }
}
