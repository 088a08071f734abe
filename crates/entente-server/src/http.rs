//! The HTTP JSON API under `/api/v1`, described by the OpenAPI document at
//! `/api/openapi.json`. Each handler reads the request, asks [`entente_service::auth`] who is asking,
//! calls one function of [`entente_service::games`] or [`entente_service::gm`], and answers with its result.

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::{ApiJson, ApiPath, ApiQuery, AppState, MaybeSigned, Signed, St, BODY_LIMIT};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use entente_service::auth::{self, SESSION_COOKIE};
use entente_service::games::{self, may_see, press_for, Viewer};
use entente_service::gm::{self, ActDone, GmAct};
use entente_service::model::*;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use utoipa::{OpenApi, ToSchema};

#[derive(Deserialize, ToSchema)]
pub struct SignUpIn {
    pub name: String,
    pub email: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct SignInIn {
    pub name: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct AccountOut {
    pub id: i64,
    pub name: String,
    /// The language the pages and mail are written in (`en`, `cs`, `fr`, `ru`); unset: the
    /// browser's.
    pub language: Option<String>,
    /// The time zone dates are shown in (IANA name); unset: the browser's, else UTC.
    pub time_zone: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SignedIn {
    pub name: String,
    /// Send it back as `X-CSRF-Token` with every request that changes something.
    pub csrf_token: String,
}

/// A new API token: the account's name and password, and optionally a label and a
/// lifetime.
#[derive(Deserialize, ToSchema)]
pub struct TokenIn {
    pub name: String,
    pub password: String,
    /// What the token is for (`my bot`), shown in the list; at most 100 characters.
    #[serde(default)]
    pub label: Option<String>,
    /// Seconds until the token expires: 1 to 31536000 (a year); default 7776000 (90 days).
    #[serde(default)]
    pub expires_in_seconds: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct TokenOut {
    /// Send as `Authorization: Bearer <token>`. Shown this once: only its hash is kept.
    pub token: String,
    /// The token's id, to revoke it by (`DELETE /api/v1/tokens/{id}`).
    pub id: String,
    /// When it expires (RFC 3339).
    pub expires_at: Option<String>,
}

/// An API token as its owner sees it listed: never its secret.
#[derive(Serialize, ToSchema)]
pub struct TokenInfoOut {
    pub id: String,
    pub label: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339.
    pub expires_at: Option<String>,
}

fn instant(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.to_string())
        .unwrap_or_default()
}

/// An error answer, with `Retry-After` when it asks to wait.
pub fn refusal(e: impl Into<ApiError>) -> Response {
    let e: ApiError = e.into();
    let wait = auth::retry_after(&e);
    let mut r = e.into_response();
    if let Some(secs) = wait {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    r
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub id: String,
}

#[derive(Deserialize, ToSchema)]
pub struct JoinIn {
    /// `player` (default) or `observer`.
    #[serde(default = "player")]
    pub role: String,
    /// Seats in order of preference, for a game that assigns by preference:
    /// `England, France, Germany, ...`.
    #[serde(default)]
    pub preferences: Option<String>,
}

fn player() -> String {
    "player".into()
}

#[derive(Deserialize, ToSchema)]
pub struct OrdersIn {
    pub power: String,
    /// The sheet: one order a line, in any notation the parser reads.
    pub orders: String,
}

/// Escalation: the next unit of a power, placed on the empty board in its turn.
#[derive(Deserialize, ToSchema)]
pub struct PlaceIn {
    pub power: String,
    /// `A Par`, `F Nth`, `F Stp/sc`.
    pub unit: String,
}

/// Escalation: a power's three home centres, nominated after the first Fall.
#[derive(Deserialize, ToSchema)]
pub struct HomesIn {
    pub power: String,
    /// Three supply centres: `["Par", "Bre", "Spa"]`.
    pub homes: Vec<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ReadyIn {
    pub ready: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct PressIn {
    pub from: String,
    /// Recipient powers, or `["all"]`.
    pub to: Vec<String>,
    pub text: String,
}

#[derive(Deserialize, ToSchema)]
pub struct DrawIn {
    /// `true`: vote for the draw; `false`: withdraw the vote.
    pub vote: bool,
    /// The powers sharing the draw (empty: every survivor).
    #[serde(default)]
    pub powers: Vec<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ConcedeIn {
    /// `true`: vote to concede the game to `to`; `false`: withdraw the vote.
    pub vote: bool,
    /// The surviving power every other power concedes to.
    #[serde(default)]
    pub to: Option<String>,
}

/// The account's remembered preferences (each optional: unset keeps the current value).
#[derive(Deserialize, ToSchema)]
pub struct PrefsIn {
    /// `en`, `cs`, `fr` or `ru`.
    #[serde(default)]
    pub language: Option<String>,
    /// An IANA time zone (`Europe/Prague`).
    #[serde(default)]
    pub time_zone: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DrawOut {
    /// Whether the vote was unanimous and the game is over.
    pub ended: bool,
}

#[derive(Deserialize)]
pub struct PowerQuery {
    pub power: String,
}

#[derive(Deserialize)]
pub struct LangQuery {
    /// The language of the judge form: `en` (default), `cs`, `fr`, `ru`.
    pub lang: Option<String>,
}

#[derive(Deserialize)]
pub struct PhaseQuery {
    pub phase: Option<usize>,
}

/// A new account. The password: at least 12 characters, not one of the most common
/// ones; a few new accounts per client address an hour (429 with `Retry-After`).
#[utoipa::path(post, path = "/api/v1/accounts", request_body = SignUpIn,
    responses((status = 201, body = AccountOut), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn sign_up(
    State(st): St,
    crate::signed::Client(peer): crate::signed::Client,
    ApiJson(b): ApiJson<SignUpIn>,
) -> Response {
    match auth::sign_up(
        &st.db,
        &b.name,
        &b.email,
        &b.password,
        &peer,
        st.signup_limit,
    )
    .await
    {
        Ok(c) => (
            StatusCode::CREATED,
            Json(AccountOut {
                id: c.id,
                name: c.name,
                language: None,
                time_zone: None,
            }),
        )
            .into_response(),
        Err(e) => refusal(e),
    }
}

/// Signs in with a cookie. Failed attempts are limited per account name (a few, then a
/// wait that doubles up to a minute) and per client address: 429 with `Retry-After`.
#[utoipa::path(post, path = "/api/v1/session", request_body = SignInIn,
    responses((status = 200, body = SignedIn), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn sign_in(
    State(st): St,
    crate::signed::Client(peer): crate::signed::Client,
    ApiJson(b): ApiJson<SignInIn>,
) -> Response {
    sign_in_with(&st, &peer, &b).await.unwrap_or_else(refusal)
}

async fn sign_in_with(st: &AppState, peer: &auth::Peer, b: &SignInIn) -> ApiResult<Response> {
    let c = auth::check_password(&st.db, &b.name, &b.password, peer).await?;
    let (token, csrf) = auth::new_token(&st.db, &c, "cookie").await?;
    let cookie = crate::signed::session_cookie(&token, st.secure_cookies);
    let mut r = Json(SignedIn {
        name: c.name,
        csrf_token: csrf.unwrap_or_default(),
    })
    .into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|e| ApiError::internal(e.to_string()))?,
    );
    Ok(r)
}

#[utoipa::path(delete, path = "/api/v1/session", responses((status = 204)))]
async fn sign_out(State(st): St, headers: HeaderMap, _: Signed) -> ApiResult<Response> {
    if let Some((token, _)) = crate::signed::request_token(&headers) {
        auth::drop_token(&st.db, &token).await?;
    }
    let mut r = StatusCode::NO_CONTENT.into_response();
    let secure = if st.secure_cookies { "; Secure" } else { "" };
    r.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&format!(
            "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}"
        ))
        .map_err(|e| ApiError::internal(e.to_string()))?,
    );
    Ok(r)
}

/// A new API token (90 days unless `expires_in_seconds` says otherwise). Failed attempts
/// are limited as signing in's: 429 with `Retry-After`.
#[utoipa::path(post, path = "/api/v1/tokens", request_body = TokenIn,
    responses((status = 201, body = TokenOut), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn new_token(
    State(st): St,
    crate::signed::Client(peer): crate::signed::Client,
    ApiJson(b): ApiJson<TokenIn>,
) -> Response {
    let made = async {
        // The lifetime is checked before the password, so that a wrong one costs no attempt.
        if let Some(life) = b.expires_in_seconds {
            if !(1..=auth::API_TOKEN_MAX_SECS).contains(&life) {
                return Err(ApiError::unprocessable(format!(
                    "expires_in_seconds is 1 to {} (a year); default {} (90 days)",
                    auth::API_TOKEN_MAX_SECS,
                    auth::API_TOKEN_SECS
                )));
            }
        }
        let c = auth::check_password(&st.db, &b.name, &b.password, &peer).await?;
        Ok(auth::new_api_token(&st.db, &c, b.label.as_deref(), b.expires_in_seconds).await?)
    }
    .await;
    match made {
        Ok(t) => (
            StatusCode::CREATED,
            Json(TokenOut {
                token: t.token,
                id: t.id,
                expires_at: t.expires_at.map(instant),
            }),
        )
            .into_response(),
        Err(e) => refusal(e),
    }
}

/// The caller's API tokens that have not expired, newest first (never their secrets).
#[utoipa::path(get, path = "/api/v1/tokens",
    responses((status = 200, body = Vec<TokenInfoOut>), (status = 401, body = ErrorBody)))]
async fn list_tokens(State(st): St, Signed(c): Signed) -> ApiResult<Json<Vec<TokenInfoOut>>> {
    let tokens = auth::api_tokens(&st.db, &c).await?;
    Ok(Json(
        tokens
            .into_iter()
            .map(|t| TokenInfoOut {
                id: t.id,
                label: t.label,
                created_at: instant(t.created_at),
                expires_at: t.expires_at.map(instant),
            })
            .collect(),
    ))
}

/// Revokes one of the caller's API tokens: refused from the next request on. Another
/// account's token: 404.
#[utoipa::path(delete, path = "/api/v1/tokens/{id}",
    params(("id" = String, Path, description = "the token's id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn revoke_token(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    auth::revoke_api_token(&st.db, &c, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/me", responses((status = 200, body = AccountOut), (status = 401, body = ErrorBody)))]
async fn me(State(st): St, Signed(c): Signed) -> ApiResult<Json<AccountOut>> {
    let prefs = games::account_prefs(&st.db, c.id).await?;
    Ok(Json(AccountOut {
        id: c.id,
        name: c.name,
        language: prefs.language,
        time_zone: prefs.time_zone,
    }))
}

#[utoipa::path(patch, path = "/api/v1/me", request_body = PrefsIn,
    responses((status = 200, body = AccountOut), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn set_prefs(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<PrefsIn>,
) -> ApiResult<Json<AccountOut>> {
    let prefs = games::set_account_prefs(
        &st.db,
        c.id,
        games::Prefs {
            language: b.language,
            time_zone: b.time_zone,
        },
    )
    .await?;
    Ok(Json(AccountOut {
        id: c.id,
        name: c.name,
        language: prefs.language,
        time_zone: prefs.time_zone,
    }))
}

#[utoipa::path(get, path = "/api/v1/games", responses((status = 200, body = [GameOut])))]
async fn list_games(State(st): St, MaybeSigned(c): MaybeSigned) -> ApiResult<Json<Vec<GameOut>>> {
    Ok(Json(games::list_games(&st.db, c.as_ref()).await?))
}

#[utoipa::path(post, path = "/api/v1/games", request_body = NewGame,
    responses((status = 201, body = Created), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create_game(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<NewGame>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let id = games::create_game(&st.db, &c, b).await?;
    Ok((StatusCode::CREATED, Json(Created { id })))
}

#[utoipa::path(get, path = "/api/v1/games/{id}", params(("id" = String, Path)),
    responses((status = 200, body = GameOut), (status = 404, body = ErrorBody)))]
async fn get_game(
    State(st): St,
    MaybeSigned(c): MaybeSigned,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<GameOut>> {
    let (game, members, v, s) = games::read_game(&st.db, c, &id).await?;
    Ok(Json(games::game_out(&game, &members, &v, s.as_ref())))
}

#[utoipa::path(post, path = "/api/v1/games/{id}/join", params(("id" = String, Path)), request_body = JoinIn,
    responses((status = 204), (status = 409, body = ErrorBody)))]
async fn join(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<JoinIn>,
) -> ApiResult<StatusCode> {
    games::join(&st.db, &c, &id, &b.role, b.preferences).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/games/{id}/leave", params(("id" = String, Path)),
    responses((status = 204), (status = 409, body = ErrorBody)))]
async fn leave(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    games::leave(&st.db, &c, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/games/{id}/orders", params(("id" = String, Path)), request_body = OrdersIn,
    responses((status = 200, body = SheetOut), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn submit(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<OrdersIn>,
) -> ApiResult<Json<SheetOut>> {
    Ok(Json(
        games::submit(&st.db, &c, &id, &b.power, &b.orders).await?,
    ))
}

#[utoipa::path(get, path = "/api/v1/games/{id}/orders", params(("id" = String, Path), ("power" = String, Query)),
    responses((status = 200, body = SheetOut), (status = 403, body = ErrorBody)))]
async fn get_sheet(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PowerQuery>,
) -> ApiResult<Json<SheetOut>> {
    Ok(Json(games::sheet(&st.db, &c, &id, &q.power).await?))
}

/// Every sheet sent for a power, earlier phases too, oldest first (the power's player and
/// the game master only).
#[utoipa::path(get, path = "/api/v1/games/{id}/sheets", params(("id" = String, Path), ("power" = String, Query)),
    responses((status = 200, body = [SentSheet]), (status = 403, body = ErrorBody)))]
async fn sent_sheets(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PowerQuery>,
) -> ApiResult<Json<Vec<SentSheet>>> {
    Ok(Json(games::sent_sheets(&st.db, &c, &id, &q.power).await?))
}

/// Escalation: places the power's next unit (its turn, an empty space the unit may stand in).
#[utoipa::path(post, path = "/api/v1/games/{id}/place", params(("id" = String, Path)), request_body = PlaceIn,
    responses((status = 200, body = EscalationOut), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn place(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<PlaceIn>,
) -> ApiResult<Json<EscalationOut>> {
    Ok(Json(
        games::place(&st.db, &c, &id, &b.power, &b.unit).await?,
    ))
}

/// Escalation: nominates the power's three home centres (secret until every one is in).
#[utoipa::path(post, path = "/api/v1/games/{id}/homes", params(("id" = String, Path)), request_body = HomesIn,
    responses((status = 200, body = EscalationOut), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn homes(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<HomesIn>,
) -> ApiResult<Json<EscalationOut>> {
    Ok(Json(
        games::nominate(&st.db, &c, &id, &b.power, &b.homes.join(", ")).await?,
    ))
}

#[utoipa::path(post, path = "/api/v1/games/{id}/ready", params(("id" = String, Path)), request_body = ReadyIn,
    responses((status = 204), (status = 403, body = ErrorBody)))]
async fn ready(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ReadyIn>,
) -> ApiResult<StatusCode> {
    games::set_ready(&st.db, &c, &id, b.ready).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/games/{id}/press", params(("id" = String, Path)), request_body = PressIn,
    responses((status = 201, body = PressOut), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn send_press(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<PressIn>,
) -> ApiResult<(StatusCode, Json<PressOut>)> {
    let m = games::send_press(&st.db, &c, &id, &b.from, &b.to, &b.text).await?;
    Ok((StatusCode::CREATED, Json(m)))
}

/// A game the reader follows (player, game master or observer), with its session.
async fn followed(
    st: &AppState,
    headers: &HeaderMap,
    method: &Method,
    id: &str,
) -> ApiResult<(Viewer, entente_host::Session)> {
    let c = crate::signed::caller(&st.db, headers, method).await?;
    let signed_in = c.is_some();
    let (_, _, v, s) = games::read_game(&st.db, c, id).await?;
    if !v.is_member() {
        return Err(if signed_in {
            ApiError::forbidden(
                "only the game's players, game master and observers see this (join as an observer)",
            )
        } else {
            ApiError::unauthorized()
        });
    }
    let s = s.ok_or_else(|| ApiError::conflict("the game has not started"))?;
    Ok((v, s))
}

#[utoipa::path(get, path = "/api/v1/games/{id}/press", params(("id" = String, Path)),
    responses((status = 200, body = [PressOut]), (status = 403, body = ErrorBody)))]
async fn get_press(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<PressOut>>> {
    let (v, s) = followed(&st, &headers, &method, &id).await?;
    Ok(Json(press_for(&s, &v)))
}

#[utoipa::path(post, path = "/api/v1/games/{id}/draw", params(("id" = String, Path)), request_body = DrawIn,
    responses((status = 200, body = DrawOut), (status = 403, body = ErrorBody)))]
async fn draw(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<DrawIn>,
) -> ApiResult<Json<DrawOut>> {
    let ended = games::vote_draw(&st.db, &c, &id, b.vote.then_some(b.powers)).await?;
    Ok(Json(DrawOut { ended }))
}

#[utoipa::path(post, path = "/api/v1/games/{id}/concede", params(("id" = String, Path)), request_body = ConcedeIn,
    responses((status = 200, body = DrawOut), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn concede(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ConcedeIn>,
) -> ApiResult<Json<DrawOut>> {
    let to = if b.vote {
        Some(b.to.ok_or_else(|| {
            ApiError::unprocessable(
                "name the power to concede to: {\"vote\":true,\"to\":\"France\"}",
            )
        })?)
    } else {
        None
    };
    let ended = games::vote_concede(&st.db, &c, &id, to).await?;
    Ok(Json(DrawOut { ended }))
}

#[derive(Serialize, ToSchema)]
pub struct MailSecretOut {
    /// The mail password for `SIGNON <game> <power> <secret>` (docs/mail.md); shown once.
    pub secret: String,
}

#[utoipa::path(post, path = "/api/v1/games/{id}/mail-secret", params(("id" = String, Path)),
    responses((status = 200, body = MailSecretOut), (status = 403, body = ErrorBody)))]
async fn mail_secret(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    let secret = games::new_mail_secret(&st.db, &c, &id).await?;
    Ok((
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        Json(MailSecretOut { secret }),
    )
        .into_response())
}

#[utoipa::path(get, path = "/api/v1/games/{id}/history", params(("id" = String, Path)),
    responses((status = 200, body = [PhaseOut]), (status = 403, body = ErrorBody)))]
async fn history(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<PhaseOut>>> {
    let (_, s) = followed(&st, &headers, &method, &id).await?;
    let n = s.game().history().len();
    Ok(Json(
        (0..n)
            .map(|i| games::phase_out(&s, i))
            .collect::<Result<_, _>>()?,
    ))
}

#[utoipa::path(get, path = "/api/v1/games/{id}/history/{n}", params(("id" = String, Path), ("n" = usize, Path), ("lang" = Option<String>, Query, description = "the judge form's language: en, cs, fr, ru")),
    responses((status = 200, body = PhaseOut), (status = 404, body = ErrorBody)))]
async fn history_phase(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath((id, n)): ApiPath<(String, usize)>,
    Query(q): Query<LangQuery>,
) -> ApiResult<Json<PhaseOut>> {
    let (_, s) = followed(&st, &headers, &method, &id).await?;
    let lang = match q.lang.as_deref() {
        None => "en",
        Some(l) => entente_i18n::supported(l).ok_or_else(|| {
            ApiError::unprocessable(format!(
                "unknown language '{l}': one of {}",
                entente_i18n::LANGUAGES.join(", ")
            ))
        })?,
    };
    Ok(Json(games::phase_out_in(&s, n, lang)?))
}

#[utoipa::path(get, path = "/api/v1/games/{id}/board.svg", params(("id" = String, Path), ("phase" = Option<usize>, Query)),
    responses((status = 200, content_type = "image/svg+xml", body = String)))]
async fn board(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PhaseQuery>,
) -> ApiResult<Response> {
    let (_, s) = followed(&st, &headers, &method, &id).await?;
    let svg = games::board_svg(&s, q.phase)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

#[utoipa::path(get, path = "/api/v1/games/{id}/board.png", params(("id" = String, Path), ("phase" = Option<usize>, Query)),
    responses((status = 200, content_type = "image/png", body = Vec<u8>)))]
async fn board_png(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    Path(id): Path<String>,
    Query(q): Query<PhaseQuery>,
) -> ApiResult<Response> {
    let (_, s) = followed(&st, &headers, &method, &id).await?;
    let svg = games::board_svg(&s, q.phase)?;
    // Rasterising takes tens of milliseconds: off the runtime's threads.
    let png = tokio::task::spawn_blocking(move || entente_render::svg_to_png(&svg, 1.0))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "image/png")], png).into_response())
}

#[utoipa::path(get, path = "/api/v1/games/{id}/log", params(("id" = String, Path)),
    responses((status = 200, body = [LogOut])))]
async fn log(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<LogOut>>> {
    let (v, s) = followed(&st, &headers, &method, &id).await?;
    let game = games::load_game(&st.db.pool, &id).await?;
    let reveal = games::reveals_players(&game.options, &v, Some(&s));
    Ok(Json(games::log_out(&s, reveal)))
}

#[utoipa::path(get, path = "/api/v1/games/{id}/record", params(("id" = String, Path)),
    responses((status = 200, description = "the game record, docs/game-record.md"), (status = 403, body = ErrorBody)))]
async fn record(
    State(st): St,
    headers: HeaderMap,
    method: Method,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    let (v, s) = followed(&st, &headers, &method, &id).await?;
    if !v.is_gm() && !s.game().is_over() {
        return Err(ApiError::forbidden(
            "the whole record (orders and press) is the game master's until the game ends",
        ));
    }
    let game = games::load_game(&st.db.pool, &id).await?;
    let record = games::record_seen_by(&s, &game, &v)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], record).into_response())
}

#[utoipa::path(post, path = "/api/v1/games/{id}/gm", params(("id" = String, Path)), request_body = GmAct,
    responses((status = 200, body = ActDone), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn gm_act(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<GmAct>,
) -> ApiResult<Json<ActDone>> {
    Ok(Json(gm::act(&st.db, &c, &id, b).await?))
}

#[derive(Deserialize)]
pub struct EventsQuery {
    /// Start after this event id (as `Last-Event-ID`).
    pub after: Option<i64>,
}

#[utoipa::path(get, path = "/api/v1/games/{id}/events", params(("id" = String, Path), ("after" = Option<i64>, Query)),
    responses((status = 200, content_type = "text/event-stream", description = "server-sent events: phase, press, orders, ready, deadline, log, finished")))]
async fn events(
    State(st): St,
    headers: HeaderMap,
    MaybeSigned(c): MaybeSigned,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<EventsQuery>,
) -> ApiResult<Response> {
    use sqlx::Row;
    let signed_in = c.is_some();
    let (_, _, v, _) = games::read_game(&st.db, c, &id).await?;
    if !v.is_member() {
        return Err(if signed_in {
            ApiError::forbidden("only the game's members follow its events")
        } else {
            ApiError::unauthorized()
        });
    }
    let last = headers
        .get("last-event-id")
        .and_then(|h| h.to_str().ok())
        .and_then(|s| s.parse().ok())
        .or(q.after);
    let last = match last {
        Some(l) => l,
        None => sqlx::query("SELECT COALESCE(MAX(id), 0) FROM game_events WHERE game_id = $1")
            .bind(&id)
            .fetch_one(&st.db.pool)
            .await?
            .try_get::<i64, _>(0)?,
    };
    let stream = futures_util::stream::unfold(
        (st.clone(), id, v, last, Vec::<Event>::new()),
        |(st, id, mut v, mut last, mut queue)| async move {
            loop {
                if let Some(e) = queue.pop() {
                    return Some((Ok::<Event, Infallible>(e), (st, id, v, last, queue)));
                }
                let rows = sqlx::query("SELECT id, kind, audience, payload FROM game_events WHERE game_id = $1 AND id > $2 ORDER BY id LIMIT 100")
                .bind(&id)
                .bind(last)
                .fetch_all(&st.db.pool)
                .await;
                // Who the reader is now: a player replaced since the stream opened no longer
                // gets their old powers' events.
                let rows = match rows {
                    Ok(rows) if !rows.is_empty() => {
                        match games::read_members_viewer(&st.db, v.caller.clone(), &id).await {
                            Ok(now) => {
                                v = now;
                                Ok(rows)
                            }
                            Err(e) => Err(e.to_string()),
                        }
                    }
                    other => other.map_err(|e| e.to_string()),
                };
                match rows {
                    Ok(rows) => {
                        for r in rows.iter() {
                            let eid: i64 = r.try_get(0).unwrap_or(last);
                            last = last.max(eid);
                            let audience: String = r.try_get(2).unwrap_or_default();
                            if may_see(&v, &audience) {
                                let kind: String = r.try_get(1).unwrap_or_default();
                                let payload: String = r.try_get(3).unwrap_or_default();
                                queue.push(
                                    Event::default()
                                        .id(eid.to_string())
                                        .event(kind)
                                        .data(payload),
                                );
                            }
                        }
                        queue.reverse();
                    }
                    Err(e) => tracing::warn!("events: {e}"),
                }
                if queue.is_empty() {
                    tokio::time::sleep(st.poll).await;
                }
            }
        },
    );
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "entente game master",
        description = "Diplomacy games hosted by a neutral game master: accounts, secret powers, deadlines, press through the game master. Errors are {error, message}."
    ),
    paths(
        sign_up,
        sign_in,
        sign_out,
        new_token,
        list_tokens,
        revoke_token,
        me,
        list_games,
        create_game,
        get_game,
        join,
        leave,
        submit,
        get_sheet,
        sent_sheets,
        place,
        homes,
        ready,
        send_press,
        get_press,
        draw,
        history,
        history_phase,
        board,
        log,
        record,
        gm_act,
        events,
        concede,
        set_prefs,
        mail_secret
    ),
    components(schemas(
        ErrorBody,
        SignUpIn,
        SignInIn,
        AccountOut,
        SignedIn,
        TokenIn,
        TokenOut,
        TokenInfoOut,
        Created,
        JoinIn,
        OrdersIn,
        PlaceIn,
        HomesIn,
        EscalationOut,
        PlacedOut,
        NominationOut,
        ReadyIn,
        PressIn,
        DrawIn,
        ConcedeIn,
        PrefsIn,
        MailSecretOut,
        DrawOut,
        NewGame,
        PressRule,
        AssignRule,
        Reveal,
        MissedRule,
        DrawRule,
        EchoLine,
        SheetOut,
        SentSheet,
        PlayerOut,
        GameOut,
        PressOut,
        PhaseOut,
        LogOut,
        GmAct,
        ActDone
    ))
)]
pub struct ApiDoc;

async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    let mut doc = ApiDoc::openapi();
    doc.merge(crate::club_http::ClubApiDoc::openapi());
    Json(doc)
}

async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(ErrorBody {
            error: "method-not-allowed".into(),
            message: "this route does not take this method (see /api/openapi.json)".into(),
        }),
    )
        .into_response()
}

async fn not_found() -> ApiError {
    ApiError::not_found(
        "no such route (the API is under /api/v1; its description at /api/openapi.json)",
    )
}

/// The whole API.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/openapi.json", get(openapi))
        .route("/api/v1/accounts", post(sign_up))
        .route("/api/v1/session", post(sign_in).delete(sign_out))
        .route("/api/v1/tokens", post(new_token).get(list_tokens))
        .route("/api/v1/tokens/{id}", delete(revoke_token))
        .route("/api/v1/me", get(me).patch(set_prefs))
        .route("/api/v1/games", get(list_games).post(create_game))
        .route("/api/v1/games/{id}", get(get_game))
        .route("/api/v1/games/{id}/join", post(join))
        .route("/api/v1/games/{id}/leave", post(leave))
        .route("/api/v1/games/{id}/orders", post(submit).get(get_sheet))
        .route("/api/v1/games/{id}/sheets", get(sent_sheets))
        .route("/api/v1/games/{id}/ready", post(ready))
        .route("/api/v1/games/{id}/place", post(place))
        .route("/api/v1/games/{id}/homes", post(homes))
        .route("/api/v1/games/{id}/press", post(send_press).get(get_press))
        .route("/api/v1/games/{id}/draw", post(draw))
        .route("/api/v1/games/{id}/concede", post(concede))
        .route("/api/v1/games/{id}/mail-secret", post(mail_secret))
        .route("/api/v1/games/{id}/history", get(history))
        .route("/api/v1/games/{id}/history/{n}", get(history_phase))
        .route("/api/v1/games/{id}/board.svg", get(board))
        .route("/api/v1/games/{id}/board.png", get(board_png))
        .route("/api/v1/games/{id}/log", get(log))
        .route("/api/v1/games/{id}/record", get(record))
        .route("/api/v1/games/{id}/gm", post(gm_act))
        .route("/api/v1/games/{id}/events", get(events))
        .merge(crate::club_http::routes())
        .merge(crate::web::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(Arc::new(state))
}
