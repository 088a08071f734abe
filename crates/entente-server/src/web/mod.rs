//! The web pages: server-rendered HTML over the same service layer as the API, usable
//! without JavaScript (every act is a plain form that posts and redirects), enhanced by a
//! small script (live updates from the game's event stream, a live check of the orders
//! being typed, the deadline's countdown). Everything is in the binary: the templates
//! (maud), the words in four languages (Project Fluent, [`i18n`]), the style sheet and
//! the script. See `docs/web.md`.
//!
//! A browser signs in with a form and gets the API's session cookie; every form that
//! changes something carries the session's CSRF token in a hidden field `_csrf`, checked
//! here (the API checks the `X-CSRF-Token` header instead, which the script sends).

pub mod i18n;
pub mod orders;
mod pages;
pub mod queries;

use crate::error::{ApiError, ApiResult, ErrorKind};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use entente_service::auth::{self, Caller, SESSION_COOKIE};
use entente_service::games;
use entente_service::gm::{self, GmAct};
use entente_service::model::NewGame;
use i18n::Tr;
use serde::Deserialize;
use std::sync::Arc;

type St = State<Arc<AppState>>;

/// The cookie the reader's time zone is remembered in (set by the settings form, or by
/// the script from the browser's zone).
pub const TZ_COOKIE: &str = "entente_tz";

pub const APP_CSS: &str = include_str!("../../static/app.css");
pub const APP_JS: &str = include_str!("../../static/app.js");

/// Who reads a page, in which language and time zone.
pub struct Ctx {
    pub tr: Tr,
    pub tz: jiff::tz::TimeZone,
    pub tz_name: String,
    pub me: Option<Caller>,
    pub csrf: String,
}

impl Ctx {
    pub fn t(&self, id: &str) -> String {
        self.tr.t(id)
    }
    pub fn lang(&self) -> &'static str {
        self.tr.lang
    }
    /// An instant (RFC 3339) in the reader's time zone, written the way their language
    /// writes dates.
    pub fn when(&self, instant: &str) -> String {
        match instant.parse::<jiff::Timestamp>() {
            Ok(ts) => {
                let z = ts.to_zoned(self.tz.clone());
                let fmt = match self.lang() {
                    "cs" => "%-d. %-m. %Y %H:%M",
                    "fr" => "%d/%m/%Y %H:%M",
                    "ru" => "%d.%m.%Y %H:%M",
                    _ => "%Y-%m-%d %H:%M",
                };
                let day = self.t(&format!("wd-{}", z.weekday().to_monday_one_offset()));
                format!("{day} {} ({})", z.strftime(fmt), self.tz_name)
            }
            Err(_) => instant.to_string(),
        }
    }
}

async fn ctx(st: &AppState, headers: &HeaderMap) -> Result<Ctx, Response> {
    let session = queries::browser_session(&st.db, headers).await;
    let prefs = match &session {
        Ok(Some((_, _, p))) => p.clone(),
        _ => games::Prefs::default(),
    };
    // The account's choice, else this browser's cookie, else the browser's languages.
    let lang = i18n::choose(
        prefs
            .language
            .as_deref()
            .or(queries::cookie(headers, i18n::LANG_COOKIE)),
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let tr = Tr { lang };
    let (tz, tz_name) = prefs
        .time_zone
        .clone()
        .or_else(|| queries::cookie(headers, TZ_COOKIE).map(|v| v.replace("%2F", "/")))
        .and_then(|n| jiff::tz::TimeZone::get(&n).ok().map(|z| (z, n)))
        .unwrap_or_else(|| (jiff::tz::TimeZone::UTC, "UTC".into()));
    let (me, csrf) = match session {
        Ok(Some((c, csrf, _))) => (Some(c), csrf),
        Ok(None) => (None, String::new()),
        Err(e) => {
            let c = Ctx {
                tr,
                tz,
                tz_name,
                me: None,
                csrf: String::new(),
            };
            return Err(error_page(&c, e));
        }
    };
    Ok(Ctx {
        tr,
        tz,
        tz_name,
        me,
        csrf,
    })
}

/// A form's fields, in order (a field may repeat: the recipients of a message).
pub struct Form(Vec<(String, String)>);

impl Form {
    pub fn parse(body: &[u8]) -> Form {
        Form(
            form_urlencoded::parse(body)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
    /// A field, trimmed; empty when absent.
    pub fn str(&self, k: &str) -> String {
        self.get(k).unwrap_or("").trim().to_string()
    }
    pub fn all(&self, k: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .collect()
    }
    pub fn checked(&self, k: &str) -> bool {
        matches!(self.get(k), Some("on" | "1" | "true" | "yes"))
    }
}

/// The signed-in reader of a form that changes something, its CSRF token checked.
fn signed_form(c: &Ctx, f: &Form) -> ApiResult<Caller> {
    let me =
        c.me.clone()
            .ok_or_else(|| ApiError::new(ErrorKind::Unauthorized, "sign in first".to_string()))?;
    if c.csrf.is_empty() || f.get("_csrf") != Some(c.csrf.as_str()) {
        return Err(ApiError::forbidden(
            "this form is out of date (its CSRF token does not match your session): reload the page and send it again",
        ));
    }
    Ok(me)
}

fn html(status: StatusCode, body: maud::Markup) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
            ),
        ],
        body.into_string(),
    )
        .into_response()
}

fn error_page(c: &Ctx, e: ApiError) -> Response {
    html(crate::error::status(e.kind), pages::error(c, &e))
}

fn finish(c: &Ctx, r: ApiResult<Response>) -> Response {
    r.unwrap_or_else(|e| error_page(c, e))
}

fn see(to: &str) -> Response {
    Redirect::to(to).into_response()
}

fn with_cookie(mut r: Response, cookie: &str) -> Response {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    r
}

/// A path back into the site, else `or`: only a path as the site's own routes are written
/// (a single `/` first, then letters, digits, `/ - _ . ~`, and a query of `? = &`), so
/// that nothing a browser strips or reads as another host (`//evil`, `/\\evil`, a tab or a
/// line break, `%09`, `https:`, `javascript:`) can lead elsewhere or break the answer.
fn local(path: &str, or: &str) -> String {
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    let ok = path.len() <= 512
        && route.starts_with('/')
        && !route.contains("//")
        && route
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '/' | '-' | '_' | '.' | '~'))
        && query
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '=' | '&' | '-' | '_' | '.'));
    if ok {
        path.to_string()
    } else {
        or.to_string()
    }
}

macro_rules! page {
    ($st:expr, $headers:expr, |$c:ident| $body:expr) => {{
        let $c = match ctx(&$st, &$headers).await {
            Ok(c) => c,
            Err(r) => return r,
        };
        let r: ApiResult<Response> = async { $body }.await;
        finish(&$c, r)
    }};
}

async fn home() -> Response {
    see("/games")
}

async fn static_css() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        APP_CSS,
    )
        .into_response()
}

async fn static_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        APP_JS,
    )
        .into_response()
}

#[derive(Deserialize, Default)]
struct NextQuery {
    next: Option<String>,
}

/// The sign-in and sign-up forms' CSRF token (against login CSRF: another site signing the
/// browser in to an account of its own): the browser's form cookie when it has a sound one,
/// else a new one, returned second to be set.
fn form_token(headers: &HeaderMap) -> (String, Option<String>) {
    match queries::cookie(headers, auth::FORM_COOKIE) {
        Some(v) if v.len() == 32 && v.chars().all(|ch| ch.is_ascii_hexdigit()) => {
            (v.to_string(), None)
        }
        _ => {
            let t = auth::random_hex(16);
            (t.clone(), Some(t))
        }
    }
}

/// Whether a sign-in or sign-up form came from this site's page: its hidden `_csrf` field
/// is the form cookie the page set.
fn form_sent(headers: &HeaderMap, f: &Form) -> bool {
    match (queries::cookie(headers, auth::FORM_COOKIE), f.get("_csrf")) {
        (Some(cookie), Some(field)) if !cookie.is_empty() && cookie.len() == field.len() => {
            // Compared in constant time.
            cookie
                .bytes()
                .zip(field.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
        }
        _ => false,
    }
}

/// A sign-in or sign-up page: its form cookie set when new, `Retry-After` when it asks to
/// wait.
fn form_answer(
    st: &AppState,
    status: StatusCode,
    page: maud::Markup,
    new_token: Option<&str>,
    retry: Option<u64>,
) -> Response {
    let mut r = html(status, page);
    if let Some(t) = new_token {
        let secure = if st.secure_cookies { "; Secure" } else { "" };
        r = with_cookie(
            r,
            &format!(
                "{}={t}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400{secure}",
                auth::FORM_COOKIE
            ),
        );
    }
    if let Some(secs) = retry {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    r
}

/// Why a sign-in or sign-up was refused, in the reader's language, with the wait asked.
fn refusal_words(c: &Ctx, e: &entente_service::Error) -> String {
    let words = e.message_in(c.lang());
    match auth::retry_after(e) {
        // The English words say it already.
        Some(secs) if c.lang() != "en" => {
            format!("{words}. {}", c.tr.n("retry-in", secs as i64))
        }
        _ => words,
    }
}

async fn signup_page(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let (token, new) = form_token(&headers);
        Ok(form_answer(
            &st,
            StatusCode::OK,
            pages::signup(&c, None, &Form(vec![]), &token),
            new.as_deref(),
            None,
        ))
    })
}

async fn signup(
    State(st): St,
    crate::signed::Client(peer): crate::signed::Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let (token, new) = form_token(&headers);
        if !form_sent(&headers, &f) {
            return Ok(form_answer(
                &st,
                StatusCode::FORBIDDEN,
                pages::signup(&c, Some(&c.t("err-form-expired")), &f, &token),
                new.as_deref(),
                None,
            ));
        }
        match auth::sign_up(
            &st.db,
            &f.str("name"),
            &f.str("email"),
            f.get("password").unwrap_or(""),
            &peer,
            st.signup_limit,
        )
        .await
        {
            Ok(caller) => sign_in_response(&st, &caller, "/games").await,
            Err(e) if e.kind != ErrorKind::Internal => {
                let msg = match e.kind {
                    ErrorKind::Conflict => c.t("err-name-taken"),
                    _ => refusal_words(&c, &e),
                };
                Ok(form_answer(
                    &st,
                    crate::error::status(e.kind),
                    pages::signup(&c, Some(&msg), &f, &token),
                    new.as_deref(),
                    auth::retry_after(&e),
                ))
            }
            Err(e) => Err(e.into()),
        }
    })
}

async fn sign_in_response(st: &AppState, caller: &Caller, next: &str) -> ApiResult<Response> {
    let (token, _) = auth::new_token(&st.db, caller, "cookie").await?;
    let cookie = crate::signed::session_cookie(&token, st.secure_cookies);
    Ok(with_cookie(see(&local(next, "/games")), &cookie))
}

async fn signin_page(State(st): St, headers: HeaderMap, Query(q): Query<NextQuery>) -> Response {
    page!(st, headers, |c| {
        let (token, new) = form_token(&headers);
        let next = local(q.next.as_deref().unwrap_or("").trim(), "/games");
        Ok(form_answer(
            &st,
            StatusCode::OK,
            pages::signin(&c, None, "", &next, &token),
            new.as_deref(),
            None,
        ))
    })
}

async fn signin(
    State(st): St,
    crate::signed::Client(peer): crate::signed::Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let name = f.str("name");
        let next = local(&f.str("next"), "/games");
        let (token, new) = form_token(&headers);
        if !form_sent(&headers, &f) {
            return Ok(form_answer(
                &st,
                StatusCode::FORBIDDEN,
                pages::signin(&c, Some(&c.t("err-form-expired")), &name, &next, &token),
                new.as_deref(),
                None,
            ));
        }
        match auth::check_password(&st.db, &name, f.get("password").unwrap_or(""), &peer).await {
            Ok(caller) => sign_in_response(&st, &caller, &next).await,
            Err(e) if e.kind != ErrorKind::Internal => {
                let msg = match e.kind {
                    ErrorKind::Unauthorized => c.t("err-signin"),
                    _ => refusal_words(&c, &e),
                };
                Ok(form_answer(
                    &st,
                    crate::error::status(e.kind),
                    pages::signin(&c, Some(&msg), &name, &next, &token),
                    new.as_deref(),
                    auth::retry_after(&e),
                ))
            }
            Err(e) => Err(e.into()),
        }
    })
}

async fn signout(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        signed_form(&c, &f)?;
        if let Some(token) = queries::cookie(&headers, SESSION_COOKIE) {
            auth::drop_token(&st.db, token).await?;
        }
        Ok(with_cookie(
            see("/games"),
            &format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"),
        ))
    })
}

/// The language and time zone: remembered in the account when signed in (so every browser
/// and the mail gateway use them), and in cookies on this browser.
async fn settings(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let mut r = see(&local(&f.str("back"), "/games"));
        let lang = i18n::supported(&f.str("lang"));
        if let Some(l) = lang {
            r = with_cookie(
                r,
                &format!(
                    "{}={l}; Path=/; Max-Age=31536000; SameSite=Lax",
                    i18n::LANG_COOKIE
                ),
            );
        }
        let tz = f.str("tz");
        if !tz.is_empty() {
            if jiff::tz::TimeZone::get(&tz).is_err() {
                return Err(ApiError::unprocessable(
                    c.tr.a("err-time-zone", &[("zone", &tz)]),
                ));
            }
            r = with_cookie(
                r,
                &format!("{TZ_COOKIE}={tz}; Path=/; Max-Age=31536000; SameSite=Lax"),
            );
        }
        if c.me.is_some() && (lang.is_some() || !tz.is_empty()) {
            let me = signed_form(&c, &f)?;
            games::set_account_prefs(
                &st.db,
                me.id,
                games::Prefs {
                    language: lang.map(str::to_string),
                    time_zone: (!tz.is_empty()).then_some(tz),
                },
            )
            .await?;
        }
        Ok(r)
    })
}

async fn games_page(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let games = games::list_games(&st.db, c.me.as_ref()).await?;
        // My games: whether my orders are in needs the game itself.
        let mut mine = Vec::new();
        for g in games.iter().filter(|g| g.my_role != "none") {
            let full = if g.status == "active" {
                let (game, members, v, s) = games::read_game(&st.db, c.me.clone(), &g.id).await?;
                Some(games::game_out(&game, &members, &v, s.as_ref()))
            } else {
                None
            };
            mine.push((g.clone(), full));
        }
        Ok(html(StatusCode::OK, pages::games(&c, &games, &mine)))
    })
}

async fn new_game_page(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        if c.me.is_none() {
            return Ok(see("/signin?next=/games/new"));
        }
        Ok(html(
            StatusCode::OK,
            pages::new_game(&c, None, &Form(vec![])),
        ))
    })
}

/// The new-game form's fields as the API's options.
fn new_game_options(f: &Form) -> ApiResult<NewGame> {
    use serde_json::{json, Map, Value};
    let num = |k: &str| -> ApiResult<Option<u64>> {
        let v = f.str(k);
        if v.is_empty() {
            return Ok(None);
        }
        v.parse::<u64>()
            .map(Some)
            .map_err(|_| ApiError::unprocessable(format!("{k}: '{v}' is not a whole number")))
    };
    let mut o = Map::new();
    o.insert("title".into(), json!(f.str("title")));
    for k in [
        "variant",
        "setup",
        "rules",
        "press",
        "assignment",
        "reveal",
        "missed_orders",
        "draws",
    ] {
        let v = f.str(k);
        if !v.is_empty() {
            o.insert(k.into(), json!(v));
        }
    }
    let variant_file = f.get("variant_file").unwrap_or("");
    if !variant_file.trim().is_empty() {
        o.insert("variant_file".into(), json!(variant_file));
    }
    let rule_options: Vec<String> = f
        .str("rule_options")
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    o.insert("rule_options".into(), json!(rule_options));
    o.insert(
        "press_in_movement_only".into(),
        json!(f.checked("press_in_movement_only")),
    );
    o.insert("end_when_ready".into(), json!(f.checked("end_when_ready")));
    o.insert("rated".into(), json!(f.checked("rated")));
    if let Some(n) = num("missed_limit")? {
        o.insert("missed_limit".into(), json!(n));
    }
    if let Some(n) = num("seed")? {
        o.insert("seed".into(), json!(n));
    }
    if let Some(n) = num("bot_seats")? {
        o.insert("bot_seats".into(), json!(n));
    }
    if let Some(n) = num("escalation_units")? {
        o.insert("escalation_units".into(), json!(n));
    }
    let year = f.str("end_year");
    if !year.is_empty() {
        let y: i32 = year
            .parse()
            .map_err(|_| ApiError::unprocessable(format!("end_year: '{year}' is not a year")))?;
        o.insert("end_year".into(), json!(y));
    }
    let deadlines = match f.str("deadline_kind").as_str() {
        "every" => {
            let mut d = Map::new();
            d.insert("kind".into(), json!("every"));
            d.insert(
                "movement_minutes".into(),
                json!(num("movement_minutes")?.unwrap_or(10)),
            );
            for k in ["retreat_minutes", "adjustment_minutes"] {
                if let Some(n) = num(k)? {
                    d.insert(k.into(), json!(n));
                }
            }
            Value::Object(d)
        }
        "manual" => json!({"kind": "manual"}),
        _ => {
            let mut d = Map::new();
            d.insert("kind".into(), json!("weekly"));
            for k in ["weekday", "time", "time_zone"] {
                let v = f.str(k);
                if !v.is_empty() {
                    d.insert(k.into(), json!(v));
                }
            }
            for k in ["retreat_hours", "adjustment_hours"] {
                if let Some(n) = num(k)? {
                    d.insert(k.into(), json!(n));
                }
            }
            Value::Object(d)
        }
    };
    o.insert("deadlines".into(), deadlines);
    serde_json::from_value(Value::Object(o))
        .map_err(|e| ApiError::unprocessable(format!("the game's options: {e}")))
}

async fn new_game(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let made = match new_game_options(&f) {
            Ok(o) => games::create_game(&st.db, &me, o)
                .await
                .map_err(ApiError::from),
            Err(e) => Err(e),
        };
        match made {
            Ok(id) => Ok(see(&format!("/games/{id}"))),
            Err(e) if e.kind != ErrorKind::Internal => Ok(html(
                crate::error::status(e.kind),
                pages::new_game(&c, Some(&e.message_in(c.lang())), &f),
            )),
            Err(e) => Err(e),
        }
    })
}

async fn join(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let role = match f.str("role").as_str() {
            "observer" => "observer",
            _ => "player",
        };
        let prefs = Some(f.str("preferences")).filter(|p| !p.is_empty());
        games::join(&st.db, &me, &id, role, prefs).await?;
        Ok(see(&format!("/games/{id}")))
    })
}

async fn leave(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        games::leave(&st.db, &me, &id).await?;
        Ok(see("/games"))
    })
}

#[derive(Deserialize, Default)]
struct GameQuery {
    /// A phase of the history to show (0 is the first played).
    phase: Option<usize>,
}

async fn game_page(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<GameQuery>,
) -> Response {
    page!(st, headers, |c| {
        game_response(
            &st,
            &c,
            &id,
            q.phase,
            StatusCode::OK,
            pages::Typed::default(),
        )
        .await
    })
}

/// The game page (the phase `shown` of the history, else the current one), with what the
/// reader typed into a refused form shown again (`typed`) under the refusal's `status`.
async fn game_response(
    st: &AppState,
    c: &Ctx,
    id: &str,
    shown: Option<usize>,
    status: StatusCode,
    typed: pages::Typed,
) -> ApiResult<Response> {
    let (game, members, v, s) = games::read_game(&st.db, c.me.clone(), id).await?;
    let out = games::game_out(&game, &members, &v, s.as_ref());
    if !v.is_member() {
        return Ok(html(StatusCode::OK, pages::outsider(c, &out)));
    }
    let Some(mut s) = s else {
        return Ok(html(StatusCode::OK, pages::forming(c, &out)));
    };
    if let Some(i) = shown {
        if i >= s.game().history().len() {
            return Err(ApiError::not_found(
                c.tr.a("err-no-phase", &[("phase", &i.to_string())]),
            ));
        }
    }
    let mut data = pages::GameData::gather(c, &out, &v, &mut s, shown)?;
    data.my_vote = c.me.as_ref().and_then(|me| {
        members
            .iter()
            .find(|m| m.account_id == me.id)
            .and_then(|m| m.draw_vote.clone())
    });
    data.typed = typed;
    Ok(html(status, pages::game(c, &out, &data)))
}

/// Whether a refusal is the reader's to mend (shown on the page again with what they
/// typed), not the server's failure.
fn refused(e: &ApiError) -> bool {
    !matches!(e.kind, ErrorKind::Internal | ErrorKind::Unauthorized)
}

async fn board(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<GameQuery>,
) -> Response {
    page!(st, headers, |c| {
        let (_, _, v, s) = games::read_game(&st.db, c.me.clone(), &id).await?;
        if !v.is_member() {
            return Err(ApiError::forbidden(c.t("err-not-member")));
        }
        let s = s.ok_or_else(|| ApiError::conflict(c.t("err-not-started")))?;
        let svg = queries::board_svg(&s, q.phase, c.lang(), &|code| pages::phase_name(&c, code))?;
        Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
    })
}

async fn orders(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let parts = sheet_parts(&f);
        let typed = || pages::Typed {
            sheets: parts.iter().cloned().collect(),
            ..Default::default()
        };
        match submit_sheets(&st, &c, &me, &id, &f, &parts).await {
            Ok(()) => {
                let anchor = match parts.as_slice() {
                    [(p, _)] => format!("sheet-{p}"),
                    _ => "sheets".to_string(),
                };
                Ok(see(&format!("/games/{id}#{anchor}")))
            }
            Err(e) if refused(&e) => {
                let t = pages::Typed {
                    sheets_error: Some(e.message_in(c.lang())),
                    ..typed()
                };
                game_response(&st, &c, &id, None, crate::error::status(e.kind), t).await
            }
            Err(e) => Err(e),
        }
    })
}

/// The sheets of a form: each `power` field with its text (`orders-POWER`; a form of one
/// power may call it `orders`), line ends as the parser reads them.
fn sheet_parts(f: &Form) -> Vec<(String, String)> {
    let powers: Vec<String> = f
        .all("power")
        .iter()
        .map(|p| p.trim().to_string())
        .collect();
    let one = powers.len() == 1;
    powers
        .iter()
        .map(|p| {
            let text = f
                .get(&format!("orders-{p}"))
                .or_else(|| if one { f.get("orders") } else { None })
                .unwrap_or("");
            (p.clone(), text.replace("\r\n", "\n"))
        })
        .collect()
}

/// Sends the sheets of the form, each its own sheet on the server: those whose text is not
/// what the server has (all of them when none changed: a Send of the same sheets sends them
/// again, as before). Refused whole, before anything is sent, when one is too large or the
/// form was written for a phase already adjudicated (its orders would land in the next).
async fn submit_sheets(
    st: &AppState,
    c: &Ctx,
    me: &Caller,
    id: &str,
    f: &Form,
    parts: &[(String, String)],
) -> ApiResult<()> {
    if parts.is_empty() {
        return Err(ApiError::unprocessable("no power's sheet in the form"));
    }
    for (_, text) in parts {
        games::check_sheet_size(text)?;
    }
    let (_, _, v, s) = games::read_game(&st.db, Some(me.clone()), id).await?;
    let mut s = s.ok_or_else(|| ApiError::conflict(c.t("err-not-started")))?;
    let phase = s.game().phase().code();
    let written_for = f.str("phase");
    if !written_for.is_empty() && written_for != phase && !s.game().is_over() {
        return Err(ApiError::conflict(c.tr.a(
            "err-phase-moved-on",
            &[("phase", &pages::phase_name(c, &written_for))],
        )));
    }
    let mut changed = Vec::new();
    for (power, text) in parts {
        let p = games::power_for(&s, &v, power)?;
        let sent = queries::current_sheet(&mut s, p, c.tr)
            .map(|x| x.0)
            .unwrap_or_default();
        if sent.trim() != text.trim() {
            changed.push((power, text));
        }
    }
    if changed.is_empty() {
        changed = parts.iter().map(|(p, t)| (p, t)).collect();
    }
    for (power, text) in changed {
        games::submit(&st.db, me, id, power, text).await?;
    }
    Ok(())
}

/// The live check of a sheet being typed: its echo as an HTML fragment; nothing is sent.
async fn check(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let text = f.get("orders").unwrap_or("").replace("\r\n", "\n");
        let sheet = queries::check_sheet(c.tr, &st.db, &me, &id, &f.str("power"), &text).await?;
        Ok(html(
            StatusCode::OK,
            pages::echo_list(&c, &sheet.lines, &sheet.warnings),
        ))
    })
}

#[derive(Deserialize)]
struct PowerQuery {
    power: String,
}

/// The legal orders of one of the reader's powers this phase, for the order picker (JSON).
async fn legal(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<PowerQuery>,
) -> Response {
    page!(st, headers, |c| {
        let me = c.me.clone().ok_or_else(ApiError::unauthorized)?;
        let (_, _, v, s) = games::read_game(&st.db, Some(me), &id).await?;
        let s = s.ok_or_else(|| ApiError::conflict(c.t("err-not-started")))?;
        let p = games::power_for(&s, &v, &q.power)?;
        let groups = queries::legal_orders(&s, p, c.tr);
        Ok((
            [(header::CACHE_CONTROL, "no-store")],
            axum::Json(serde_json::json!({
                "phase": s.game().phase().code(),
                "power": s.map().power(p).name,
                "groups": groups,
            })),
        )
            .into_response())
    })
}

/// Escalation: the power's next unit (`unit_type` A or F, `space` a location), placed.
async fn place(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let unit = format!("{} {}", f.str("unit_type"), f.str("space"));
        games::place(&st.db, &me, &id, &f.str("power"), &unit).await?;
        Ok(see(&format!("/games/{id}#sheet-{}", f.str("power"))))
    })
}

/// Escalation: the power's three home centres (`home1`..`home3`), nominated.
async fn homes(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let homes: Vec<String> = ["home1", "home2", "home3"]
            .iter()
            .map(|k| f.str(k))
            .filter(|h| !h.is_empty())
            .collect();
        games::nominate(&st.db, &me, &id, &f.str("power"), &homes.join(", ")).await?;
        Ok(see(&format!("/games/{id}#sheet-{}", f.str("power"))))
    })
}

async fn ready(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        games::set_ready(&st.db, &me, &id, f.str("ready") == "1").await?;
        Ok(see(&format!("/games/{id}")))
    })
}

/// A draw vote (`vote=1`, with the `powers` ticked when the game names them) or taking
/// back the reader's vote on the game's end (`vote=0`).
async fn draw(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let vote = (f.str("vote") == "1").then(|| f.all("powers"));
        games::vote_draw(&st.db, &me, &id, vote).await?;
        Ok(see(&format!("/games/{id}#end-vote")))
    })
}

/// A vote to concede the game to the survivor `to`.
async fn concede(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let to = (f.str("vote") == "1").then(|| f.str("to"));
        games::vote_concede(&st.db, &me, &id, to).await?;
        Ok(see(&format!("/games/{id}#end-vote")))
    })
}

async fn press(State(st): St, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let to = f.all("to");
        // Line ends as the browser's box counts them, so its byte counter is the server's.
        let written = f.get("text").unwrap_or("").replace("\r\n", "\n");
        let text = written.trim();
        let sent = if to.is_empty() {
            Err(ApiError::unprocessable(c.t("err-no-recipient")))
        } else if text.is_empty() {
            Err(ApiError::unprocessable(c.t("err-empty-message")))
        } else {
            games::send_press(&st.db, &me, &id, &f.str("from"), &to, text)
                .await
                .map_err(ApiError::from)
        };
        match sent {
            Ok(_) => Ok(see(&format!("/games/{id}#press"))),
            // Refused: the page again, the letter as written and why.
            Err(e) if refused(&e) => {
                let t = pages::Typed {
                    letter: Some((f.str("from"), to, written.clone())),
                    letter_error: Some(e.message_in(c.lang())),
                    ..Default::default()
                };
                game_response(&st, &c, &id, None, crate::error::status(e.kind), t).await
            }
            Err(e) => Err(e),
        }
    })
}

async fn gm_page(State(st): St, headers: HeaderMap, Path(id): Path<String>) -> Response {
    page!(st, headers, |c| {
        let (game, members, v, s) = games::read_game(&st.db, c.me.clone(), &id).await?;
        if !v.is_gm() {
            return Err(ApiError::forbidden(c.t("err-not-gm")));
        }
        let out = games::game_out(&game, &members, &v, s.as_ref());
        let Some(s) = s else {
            return Ok(html(StatusCode::OK, pages::forming(&c, &out)));
        };
        Ok(html(
            StatusCode::OK,
            pages::gm(&c, &out, &s, &members, None, &Form(vec![])),
        ))
    })
}

/// The game master's page again after a refused act: why, and the form as it was sent.
async fn gm_refused(
    st: &AppState,
    c: &Ctx,
    id: &str,
    e: &ApiError,
    f: &Form,
) -> ApiResult<Response> {
    let (game, members, v, s) = games::read_game(&st.db, c.me.clone(), id).await?;
    if !v.is_gm() {
        return Err(ApiError::forbidden(c.t("err-not-gm")));
    }
    let out = games::game_out(&game, &members, &v, s.as_ref());
    let Some(s) = s else {
        return Ok(html(crate::error::status(e.kind), pages::forming(c, &out)));
    };
    let why = e.message_in(c.lang());
    Ok(html(
        crate::error::status(e.kind),
        pages::gm(c, &out, &s, &members, Some(&why), f),
    ))
}

/// The game master's page's forms, as the acts of `POST /api/v1/games/{id}/gm`.
fn gm_act_of(f: &Form) -> ApiResult<GmAct> {
    let num = |k: &str| -> ApiResult<u32> {
        let v = f.str(k);
        v.parse()
            .map_err(|_| ApiError::unprocessable(format!("{k}: '{v}' is not a whole number")))
    };
    Ok(match f.str("act").as_str() {
        "extend" => GmAct::Extend {
            minutes: num("minutes")?,
        },
        "deadline" => GmAct::Deadline {
            at: Some(f.str("at")).filter(|s| !s.is_empty()),
            time_zone: Some(f.str("time_zone")).filter(|s| !s.is_empty()),
        },
        "pause" => GmAct::Pause,
        "resume" => GmAct::Resume,
        "replace" => GmAct::Replace {
            power: f.str("power"),
            player: f.str("player"),
        },
        "civil-disorder" => GmAct::CivilDisorder {
            power: f.str("power"),
            on: f.str("on") != "0",
        },
        "adjudicate" => GmAct::Adjudicate {
            force: f.checked("force"),
        },
        "rollback" => GmAct::Rollback,
        other => return Err(ApiError::unprocessable(format!("unknown act '{other}'"))),
    })
}

async fn gm_act(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let done = match gm_act_of(&f) {
            // Adjudicating now and taking back are confirmed with a box ticked on the form.
            Ok(GmAct::Adjudicate { .. } | GmAct::Rollback) if !f.checked("confirm") => {
                Err(ApiError::unprocessable(c.t("err-confirm")))
            }
            Ok(act) => gm::act(&st.db, &me, &id, act)
                .await
                .map(|_| ())
                .map_err(ApiError::from),
            Err(e) => Err(e),
        };
        match done {
            Ok(()) => Ok(see(&format!("/games/{id}/gm"))),
            Err(e) if refused(&e) && e.kind != ErrorKind::Forbidden => {
                gm_refused(&st, &c, &id, &e, &f).await
            }
            Err(e) => Err(e),
        }
    })
}

/// The face-to-face table's timings, in minutes (fractions allowed: a shortened clock),
/// by default the rulebook's: 30 minutes of diplomacy before the first turn, 15 before each
/// later one, 5 to write orders; retreats and adjustments are written without talk.
#[derive(Deserialize, Clone, Debug)]
pub struct TableClock {
    #[serde(default = "thirty")]
    pub first: f64,
    #[serde(default = "fifteen")]
    pub later: f64,
    #[serde(default = "five")]
    pub writing: f64,
    #[serde(default = "three")]
    pub retreat: f64,
    #[serde(default = "three")]
    pub adjustment: f64,
    /// Start the next phase's clock by itself, this many seconds after the reveal.
    #[serde(default)]
    pub auto: Option<f64>,
}

fn thirty() -> f64 {
    30.0
}
fn fifteen() -> f64 {
    15.0
}
fn five() -> f64 {
    5.0
}
fn three() -> f64 {
    3.0
}

impl Default for TableClock {
    fn default() -> TableClock {
        TableClock {
            first: 30.0,
            later: 15.0,
            writing: 5.0,
            retreat: 3.0,
            adjustment: 3.0,
            auto: None,
        }
    }
}

impl TableClock {
    fn check(&self) -> ApiResult<()> {
        let all = [
            self.first,
            self.later,
            self.writing,
            self.retreat,
            self.adjustment,
        ];
        if all
            .iter()
            .all(|m| m.is_finite() && (0.0..=24.0 * 60.0).contains(m))
            && self.writing > 0.0
            && self
                .auto
                .is_none_or(|a| a.is_finite() && (0.0..=3600.0).contains(&a))
        {
            Ok(())
        } else {
            Err(ApiError::unprocessable(
                "the table's timings: minutes from 0 to 1440, the writing period more than 0",
            ))
        }
    }
    /// The talk and the writing periods of a phase, in seconds.
    pub fn periods(&self, kind: entente_judge::PhaseKind, first: bool) -> (f64, f64) {
        use entente_judge::PhaseKind;
        match kind {
            PhaseKind::Movement => (
                60.0 * if first { self.first } else { self.later },
                60.0 * self.writing,
            ),
            PhaseKind::Retreat => (0.0, 60.0 * self.retreat),
            PhaseKind::Adjustment => (0.0, 60.0 * self.adjustment),
        }
    }
    fn from_form(f: &Form) -> ApiResult<TableClock> {
        let num = |k: &str, d: f64| -> ApiResult<f64> {
            let v = f.str(k).replace(',', ".");
            if v.is_empty() {
                return Ok(d);
            }
            v.parse()
                .map_err(|_| ApiError::unprocessable(format!("{k}: '{v}' is not a number")))
        };
        let d = TableClock::default();
        let auto = f.str("auto");
        let t = TableClock {
            first: num("first", d.first)?,
            later: num("later", d.later)?,
            writing: num("writing", d.writing)?,
            retreat: num("retreat", d.retreat)?,
            adjustment: num("adjustment", d.adjustment)?,
            auto: if auto.is_empty() {
                None
            } else {
                Some(num("auto", 0.0)?)
            },
        };
        t.check()?;
        Ok(t)
    }
}

async fn table_page(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Response {
    page!(st, headers, |c| {
        let clock = TableClock::from_form(&Form::parse(q.unwrap_or_default().as_bytes()))?;
        let (game, members, v, s) = games::read_game(&st.db, c.me.clone(), &id).await?;
        if !v.is_member() {
            return Err(ApiError::forbidden(c.t("err-not-member")));
        }
        let out = games::game_out(&game, &members, &v, s.as_ref());
        let Some(s) = s else {
            return Ok(html(StatusCode::OK, pages::forming(&c, &out)));
        };
        Ok(html(
            StatusCode::OK,
            pages::table(&c, &out, &v, &s, &clock)?,
        ))
    })
}

/// Starts the table's clock for this phase: the game's deadline is set to the end of its
/// talk and writing periods; at zero the server adjudicates, as at any deadline.
async fn table_start(
    State(st): St,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let clock = TableClock::from_form(&f)?;
        let (_, _, v, s) = games::read_game(&st.db, Some(me.clone()), &id).await?;
        if !v.is_gm() {
            return Err(ApiError::forbidden(c.t("err-not-gm")));
        }
        let s = s.ok_or_else(|| ApiError::conflict(c.t("err-not-started")))?;
        let first = !s
            .game()
            .history()
            .iter()
            .any(|h| h.phase.kind == entente_judge::PhaseKind::Movement);
        let (talk, writing) = clock.periods(s.game().phase().kind, first);
        let ms = ((talk + writing) * 1000.0).round() as i64;
        let at = games::now()
            .checked_add(jiff::SignedDuration::from_millis(ms))
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        gm::act(
            &st.db,
            &me,
            &id,
            GmAct::Deadline {
                at: Some(at.to_string()),
                time_zone: None,
            },
        )
        .await?;
        let back = local(&f.str("back"), &format!("/games/{id}/table"));
        Ok(see(&back))
    })
}

mod club;

/// The pages' routes, merged into [`crate::http::router`].
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .merge(club::routes())
        .route("/", get(home))
        .route("/static/app.css", get(static_css))
        .route("/static/app.js", get(static_js))
        .route("/signup", get(signup_page).post(signup))
        .route("/signin", get(signin_page).post(signin))
        .route("/signout", post(signout))
        .route("/settings", post(settings))
        .route("/games", get(games_page))
        .route("/games/new", get(new_game_page).post(new_game))
        .route("/games/{id}", get(game_page))
        .route("/games/{id}/board.svg", get(board))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/leave", post(leave))
        .route("/games/{id}/orders", post(orders))
        .route("/games/{id}/check", post(check))
        .route("/games/{id}/legal", get(legal))
        .route("/games/{id}/table", get(table_page))
        .route("/games/{id}/table/start", post(table_start))
        .route("/games/{id}/ready", post(ready))
        .route("/games/{id}/place", post(place))
        .route("/games/{id}/homes", post(homes))
        .route("/games/{id}/draw", post(draw))
        .route("/games/{id}/concede", post(concede))
        .route("/games/{id}/press", post(press))
        .route("/games/{id}/gm", get(gm_page).post(gm_act))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_keep_repeated_fields() {
        let f = Form::parse(b"to=England&to=Russia&text=Hello+there&x=%C5%BE");
        assert_eq!(f.all("to"), ["England", "Russia"]);
        assert_eq!(f.str("text"), "Hello there");
        assert_eq!(f.str("x"), "ž");
        assert_eq!(f.get("none"), None);
    }

    #[test]
    fn redirects_stay_on_the_site() {
        assert_eq!(local("/games/g1", "/games"), "/games/g1");
        assert_eq!(local("//evil.example/x", "/games"), "/games");
        assert_eq!(local("https://evil.example/", "/games"), "/games");
        assert_eq!(local("/\\evil", "/games"), "/games");
        assert_eq!(
            local("/games/g1/table?phase=3", "/games"),
            "/games/g1/table?phase=3"
        );
        for bad in [
            "/\t/evil.example/",
            "/%09/evil.example/",
            "/games\r\nSet-Cookie: x=1",
            "javascript:alert(1)",
            "/games//evil",
            "/games?next=//evil",
            "",
            "games",
        ] {
            assert_eq!(local(bad, "/games"), "/games", "{bad:?}");
        }
    }

    #[test]
    fn the_new_game_form_gives_every_option() {
        let f = Form::parse(
            b"title=T&variant=standard&setup=3b&rules=1982&rule_options=&press=none&press_in_movement_only=on&assignment=preferences&reveal=start&deadline_kind=every&movement_minutes=5&retreat_minutes=2&missed_orders=civil-disorder&missed_limit=3&draws=named&end_year=1910&seed=42&bot_seats=2",
        );
        let o = new_game_options(&f).unwrap();
        assert_eq!(o.setup, "3b");
        assert_eq!(o.rules, "1982");
        assert_eq!(o.press, entente_service::model::PressRule::None);
        assert!(o.press_in_movement_only);
        assert!(!o.end_when_ready);
        assert_eq!(o.missed_limit, 3);
        assert_eq!(o.end_year, Some(1910));
        assert_eq!(o.bot_seats, 2);
        assert_eq!(o.seed, Some(42));
        assert_eq!(
            o.deadlines,
            entente_host::Schedule::Every {
                movement_minutes: 5,
                retreat_minutes: Some(2),
                adjustment_minutes: None
            }
        );
        let bad = Form::parse(b"title=T&press=loud");
        assert!(new_game_options(&bad).is_err());
    }

    #[test]
    fn the_game_masters_forms_are_acts() {
        let f = Form::parse(b"act=extend&minutes=60");
        assert!(matches!(gm_act_of(&f), Ok(GmAct::Extend { minutes: 60 })));
        let f = Form::parse(b"act=adjudicate&force=on");
        assert!(matches!(
            gm_act_of(&f),
            Ok(GmAct::Adjudicate { force: true })
        ));
        assert!(gm_act_of(&Form::parse(b"act=explode")).is_err());
        assert!(gm_act_of(&Form::parse(b"act=extend&minutes=x")).is_err());
    }
}
