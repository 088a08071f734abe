//! The club's JSON API under `/api/v1/club` (docs/club.md): each handler asks who is
//! asking and calls one function of [`entente_service::club`]. Reading the club's public pages
//! (members, profiles, hall of fame, ratings, leagues, archive) needs no account; applying
//! needs one; the applications and the log are the administrators'.

use crate::error::{ApiResult, ErrorBody};
use crate::state::{ApiJson, ApiPath, AppState, MaybeSigned, Signed, St};
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use entente_club::{AuditEntry, League, Member, PublicProfile};
use entente_service::club::{self, *};
use std::sync::Arc;
use utoipa::OpenApi;

#[utoipa::path(get, path = "/api/v1/club", responses((status = 200, body = ClubOut)))]
async fn get_club(State(st): St, MaybeSigned(c): MaybeSigned) -> ApiResult<Json<ClubOut>> {
    Ok(Json(club::club_out(&st.db, c.as_ref()).await?))
}

#[utoipa::path(patch, path = "/api/v1/club", request_body = ClubIn,
    responses((status = 200, body = ClubOut), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn patch_club(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<ClubIn>,
) -> ApiResult<Json<ClubOut>> {
    Ok(Json(club::set_club(&st.db, &c, b).await?))
}

#[utoipa::path(post, path = "/api/v1/club/apply", request_body = ApplyIn,
    responses((status = 200, body = ApplyOut), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn apply(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<ApplyIn>,
) -> ApiResult<Json<ApplyOut>> {
    Ok(Json(club::apply(&st.db, &c, b).await?))
}

#[utoipa::path(patch, path = "/api/v1/club/me", request_body = MySettingsIn,
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn patch_me(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<MySettingsIn>,
) -> ApiResult<Json<Member>> {
    Ok(Json(club::set_mine(&st.db, &c, b).await?))
}

#[utoipa::path(get, path = "/api/v1/club/members", responses((status = 200, body = [MemberRow])))]
async fn get_members(
    State(st): St,
    MaybeSigned(c): MaybeSigned,
) -> ApiResult<Json<Vec<MemberRow>>> {
    Ok(Json(club::members(&st.db, c.as_ref()).await?))
}

#[utoipa::path(get, path = "/api/v1/club/members/{id}", params(("id" = i64, Path)),
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
async fn get_profile(
    State(st): St,
    MaybeSigned(c): MaybeSigned,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<PublicProfile>> {
    Ok(Json(club::profile(&st.db, c.as_ref(), id).await?))
}

#[utoipa::path(post, path = "/api/v1/club/members/{id}/act", params(("id" = i64, Path)), request_body = MemberAct,
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn post_member_act(
    State(st): St,
    Signed(c): Signed,
    ApiPath(id): ApiPath<i64>,
    ApiJson(b): ApiJson<MemberAct>,
) -> ApiResult<Json<Member>> {
    Ok(Json(club::member_act(&st.db, &c, id, b).await?))
}

#[utoipa::path(get, path = "/api/v1/club/applications",
    responses((status = 200, body = [ApplicationOut]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn get_applications(
    State(st): St,
    Signed(c): Signed,
) -> ApiResult<Json<Vec<ApplicationOut>>> {
    Ok(Json(club::applications(&st.db, &c).await?))
}

#[utoipa::path(get, path = "/api/v1/club/log",
    responses((status = 200, body = [Object]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn get_log(State(st): St, Signed(c): Signed) -> ApiResult<Json<Vec<AuditEntry>>> {
    Ok(Json(club::log(&st.db, &c).await?))
}

#[utoipa::path(get, path = "/api/v1/club/notices",
    responses((status = 200, body = [NoticeOut]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn get_notices(State(st): St, Signed(c): Signed) -> ApiResult<Json<Vec<NoticeOut>>> {
    Ok(Json(club::notices(&st.db, &c, None).await?))
}

#[utoipa::path(get, path = "/api/v1/club/fame", responses((status = 200, body = FameOut)))]
async fn get_fame(State(st): St) -> ApiResult<Json<FameOut>> {
    Ok(Json(club::fame(&st.db).await?))
}

#[utoipa::path(get, path = "/api/v1/club/ratings", responses((status = 200, body = [RatingRow])))]
async fn get_ratings(State(st): St) -> ApiResult<Json<Vec<RatingRow>>> {
    Ok(Json(club::battlefield(&st.db).await?))
}

#[utoipa::path(get, path = "/api/v1/club/archive", responses((status = 200, body = [ArchiveRow])))]
async fn get_archive(State(st): St) -> ApiResult<Json<Vec<ArchiveRow>>> {
    Ok(Json(club::archive(&st.db).await?))
}

/// The archive's downloads: `record` (our record) or `saved-game` (the `diplomacy`
/// package's saved game), with the public press only.
#[utoipa::path(get, path = "/api/v1/club/archive/{id}/{what}", params(("id" = String, Path), ("what" = String, Path)),
    responses((status = 200, body = Object), (status = 404, body = ErrorBody)))]
async fn get_download(
    State(st): St,
    ApiPath((id, what)): ApiPath<(String, String)>,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let kind = match what.as_str() {
        "record" => Download::Record,
        "saved-game" => Download::SavedGame,
        _ => {
            return Err(crate::error::ApiError::not_found(
                "download 'record' or 'saved-game'",
            ))
        }
    };
    let text = club::download(&st.db, &id, kind).await?;
    let name = format!("attachment; filename=\"{id}-{what}.json\"");
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/json".to_string(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

#[utoipa::path(get, path = "/api/v1/club/games", responses((status = 200, body = [RunningGame])))]
async fn get_running(State(st): St) -> ApiResult<Json<Vec<RunningGame>>> {
    Ok(Json(club::running_games(&st.db).await?))
}

#[utoipa::path(get, path = "/api/v1/club/leagues", responses((status = 200, body = [Object])))]
async fn get_leagues(State(st): St) -> ApiResult<Json<Vec<League>>> {
    Ok(Json(club::leagues(&st.db).await?))
}

#[utoipa::path(post, path = "/api/v1/club/leagues", request_body = LeagueIn,
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn post_league(
    State(st): St,
    Signed(c): Signed,
    ApiJson(b): ApiJson<LeagueIn>,
) -> ApiResult<Json<League>> {
    Ok(Json(club::create_league(&st.db, &c, b).await?))
}

#[utoipa::path(post, path = "/api/v1/club/leagues/{league}/seasons", params(("league" = String, Path)), request_body = SeasonIn,
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn post_season(
    State(st): St,
    Signed(c): Signed,
    ApiPath(league): ApiPath<String>,
    ApiJson(b): ApiJson<SeasonIn>,
) -> ApiResult<Json<League>> {
    Ok(Json(club::create_season(&st.db, &c, &league, b).await?))
}

#[utoipa::path(get, path = "/api/v1/club/leagues/{league}/seasons/{season}",
    params(("league" = String, Path), ("season" = String, Path)),
    responses((status = 200, body = SeasonOut), (status = 404, body = ErrorBody)))]
async fn get_season(
    State(st): St,
    ApiPath((league, season)): ApiPath<(String, String)>,
) -> ApiResult<Json<SeasonOut>> {
    Ok(Json(club::season(&st.db, &league, &season).await?))
}

#[utoipa::path(post, path = "/api/v1/club/leagues/{league}/seasons/{season}/games",
    params(("league" = String, Path), ("season" = String, Path)), request_body = AttachIn,
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn post_season_game(
    State(st): St,
    Signed(c): Signed,
    ApiPath((league, season)): ApiPath<(String, String)>,
    ApiJson(b): ApiJson<AttachIn>,
) -> ApiResult<axum::http::StatusCode> {
    club::attach_game(&st.db, &c, &league, &season, b).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/club/leagues/{league}/seasons/{season}/close",
    params(("league" = String, Path), ("season" = String, Path)),
    responses((status = 200, body = SeasonOut), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn post_close(
    State(st): St,
    Signed(c): Signed,
    ApiPath((league, season)): ApiPath<(String, String)>,
) -> ApiResult<Json<SeasonOut>> {
    Ok(Json(
        club::close_season(&st.db, &c, &league, &season).await?,
    ))
}

#[utoipa::path(post, path = "/api/v1/club/recompute",
    responses((status = 200, body = RecomputeOut), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn post_recompute(State(st): St, Signed(c): Signed) -> ApiResult<Json<RecomputeOut>> {
    Ok(Json(club::recompute_all(&st.db, &c).await?))
}

#[derive(OpenApi)]
#[openapi(
    paths(
        get_club,
        patch_club,
        apply,
        patch_me,
        get_members,
        get_profile,
        post_member_act,
        get_applications,
        get_log,
        get_notices,
        get_fame,
        get_ratings,
        get_archive,
        get_download,
        get_running,
        get_leagues,
        post_league,
        post_season,
        get_season,
        post_season_game,
        post_close,
        post_recompute
    ),
    components(schemas(
        ClubOut,
        ClubIn,
        ApplyIn,
        ApplyOut,
        MemberAct,
        MySettingsIn,
        MemberRow,
        ApplicationOut,
        RatingRow,
        FameOut,
        ArchiveRow,
        ArchiveSeat,
        LeagueIn,
        SeasonIn,
        AttachIn,
        SeasonOut,
        RecomputeOut,
        RunningGame,
        RunningSeat,
        NoticeOut
    ))
)]
pub struct ClubApiDoc;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/v1/club", get(get_club).patch(patch_club))
        .route("/api/v1/club/apply", post(apply))
        .route("/api/v1/club/me", axum::routing::patch(patch_me))
        .route("/api/v1/club/members", get(get_members))
        .route("/api/v1/club/members/{id}", get(get_profile))
        .route("/api/v1/club/members/{id}/act", post(post_member_act))
        .route("/api/v1/club/applications", get(get_applications))
        .route("/api/v1/club/log", get(get_log))
        .route("/api/v1/club/notices", get(get_notices))
        .route("/api/v1/club/fame", get(get_fame))
        .route("/api/v1/club/ratings", get(get_ratings))
        .route("/api/v1/club/archive", get(get_archive))
        .route("/api/v1/club/games", get(get_running))
        .route("/api/v1/club/archive/{id}/{what}", get(get_download))
        .route("/api/v1/club/leagues", get(get_leagues).post(post_league))
        .route("/api/v1/club/leagues/{league}/seasons", post(post_season))
        .route(
            "/api/v1/club/leagues/{league}/seasons/{season}",
            get(get_season),
        )
        .route(
            "/api/v1/club/leagues/{league}/seasons/{season}/games",
            post(post_season_game),
        )
        .route(
            "/api/v1/club/leagues/{league}/seasons/{season}/close",
            post(post_close),
        )
        .route("/api/v1/club/recompute", post(post_recompute))
}
