//! The club (issue 17, `docs/club.md`): its members and administrators, the results of
//! finished games, league seasons and their standings, the all-time ratings, the hall of
//! fame and the archive, stored in the `club_*` tables and computed by crate
//! `entente-club`.
//!
//! The club is founded by the first account signed up (not a bot): that account is its
//! first member and administrator. Every change of the club is one transaction that bumps
//! `club_settings.version` (the club's lock), reads the club, applies one act of
//! [`entente_club::Club`] and writes back what changed. A game's result is written in the
//! transaction that ends the game ([`record_result`]).

use crate::auth::Caller;
use crate::db::{millis, Db};
use crate::error::{Error, Result};
use crate::games::{load_members, now};
use crate::model::{NewGame, Reveal};
use entente_club::{
    profiles, recompute, standings, Application, AuditAction, AuditEntry, BattlefieldRow, Club,
    ClubError, ClubSettings, GameCreation, GameResult, HallOfFame, League, LeagueRef, LeagueRules,
    LeagueSeason, Member, MemberId, MemberSettings, MemberState, Outcome, PublicProfile, Ratings,
    Standings,
};
use entente_host::{PhaseNote, ResultFacts, SentSheet, Session};
use serde::{Deserialize, Serialize};
use sqlx::{Any, Row, Transaction};
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// The club's pages, as its administrators write them.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct ClubPages {
    pub name: String,
    /// The short text shown as the club's logo.
    pub logo_text: String,
    /// The club's rules, in Markdown.
    pub rules_md: String,
}

/// A `ClubError` as the API answers it.
pub fn club_error(e: ClubError) -> Error {
    let text = e.to_string();
    match e {
        ClubError::NotAdmin(_) => Error::forbidden(format!(
            "only the club's administrators may do this ({text})"
        )),
        ClubError::UnknownMember(_)
        | ClubError::UnknownLeague(_)
        | ClubError::UnknownSeason { .. } => Error::not_found(text),
        ClubError::NoName => Error::unprocessable(text),
        ClubError::MayNotCreateGames(_) => Error::forbidden(text),
        ClubError::WrongTable { .. } => Error::internal(text),
        _ => Error::conflict(text),
    }
}

fn json_err(e: impl std::fmt::Display) -> Error {
    Error::internal(format!("the club's stored data cannot be read: {e}"))
}

fn to_json<T: Serialize>(v: &T) -> Result<String> {
    serde_json::to_string(v).map_err(|e| Error::internal(e.to_string()))
}

/// Founds the club if it has not been: the oldest account that is not a bot becomes its
/// first member and administrator. Nothing when there is no such account yet.
pub async fn ensure_founded(db: &Db) -> Result<()> {
    let founded = sqlx::query("SELECT 1 FROM club_settings WHERE id = 1")
        .fetch_optional(&db.pool)
        .await?;
    if founded.is_some() {
        return Ok(());
    }
    let mut tx = db.writer.begin().await?;
    let first = sqlx::query("SELECT id, name FROM accounts WHERE bot = 0 ORDER BY id LIMIT 1")
        .fetch_optional(&mut *tx)
        .await?;
    let Some(first) = first else {
        return Ok(());
    };
    let (id, name): (i64, String) = (first.try_get(0)?, first.try_get(1)?);
    let inserted = sqlx::query(
        "INSERT INTO club_settings (id, name, logo_text, rules_md, open_signup, version) VALUES (1, 'Diplomacy club', 'entente', '', 0, 0) ON CONFLICT (id) DO NOTHING",
    )
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        // Another server founded it first.
        return Ok(());
    }
    let at = millis(now());
    let club = Club::found(
        ClubSettings::default(),
        MemberId(id),
        Application {
            name,
            ..Application::default()
        },
        at,
    )
    .map_err(club_error)?;
    let empty = Club {
        settings: ClubSettings::default(),
        members: BTreeMap::new(),
        leagues: BTreeMap::new(),
        log: Vec::new(),
    };
    persist(&mut tx, &empty, &club).await?;
    tx.commit().await?;
    Ok(())
}

/// Reads the club (its record for `entente-club`) and its pages.
async fn load(conn: &mut sqlx::AnyConnection) -> Result<(ClubPages, Club)> {
    let row = sqlx::query(
        "SELECT name, logo_text, rules_md, open_signup, game_creation FROM club_settings WHERE id = 1",
    )
    .fetch_optional(&mut *conn)
    .await?;
    let (pages, settings) = match row {
        Some(r) => (
            ClubPages {
                name: r.try_get(0)?,
                logo_text: r.try_get(1)?,
                rules_md: r.try_get(2)?,
            },
            ClubSettings {
                open_signup: r.try_get::<i64, _>(3)? != 0,
                game_creation: serde_json::from_value(serde_json::Value::String(r.try_get(4)?))
                    .map_err(json_err)?,
            },
        ),
        None => (ClubPages::default(), ClubSettings::default()),
    };
    let mut members = BTreeMap::new();
    for r in sqlx::query("SELECT member FROM club_members")
        .fetch_all(&mut *conn)
        .await?
    {
        let m: Member = serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
        members.insert(m.id, m);
    }
    let mut log = Vec::new();
    for r in sqlx::query("SELECT seq, at, actor, action FROM club_log ORDER BY seq")
        .fetch_all(&mut *conn)
        .await?
    {
        log.push(AuditEntry {
            seq: r.try_get::<i64, _>(0)? as u64,
            at_ms: r.try_get(1)?,
            actor: MemberId(r.try_get(2)?),
            action: serde_json::from_str(&r.try_get::<String, _>(3)?).map_err(json_err)?,
        });
    }
    let mut leagues = BTreeMap::new();
    for r in sqlx::query("SELECT id, name, rules FROM club_leagues ORDER BY position")
        .fetch_all(&mut *conn)
        .await?
    {
        let id: String = r.try_get(0)?;
        leagues.insert(
            id.clone(),
            League {
                id,
                name: r.try_get(1)?,
                rules: serde_json::from_str(&r.try_get::<String, _>(2)?).map_err(json_err)?,
                seasons: Vec::new(),
            },
        );
    }
    for r in sqlx::query(
        "SELECT s.league_id, s.id, s.name, s.rules, t.standings FROM club_seasons s \
         LEFT JOIN club_season_tables t ON t.league_id = s.league_id AND t.season_id = s.id \
         ORDER BY s.position",
    )
    .fetch_all(&mut *conn)
    .await?
    {
        let league: String = r.try_get(0)?;
        let table: Option<String> = r.try_get(4)?;
        if let Some(l) = leagues.get_mut(&league) {
            l.seasons.push(LeagueSeason {
                id: r.try_get(1)?,
                name: r.try_get(2)?,
                rules: serde_json::from_str(&r.try_get::<String, _>(3)?).map_err(json_err)?,
                table: table
                    .map(|t| serde_json::from_str(&t))
                    .transpose()
                    .map_err(json_err)?,
            });
        }
    }
    Ok((
        pages,
        Club {
            settings,
            members,
            leagues,
            log,
        },
    ))
}

/// Writes what changed from `before` to `after`.
async fn persist(tx: &mut Transaction<'_, Any>, before: &Club, after: &Club) -> Result<()> {
    if before.settings != after.settings {
        sqlx::query("UPDATE club_settings SET open_signup = $1, game_creation = $2 WHERE id = 1")
            .bind(i64::from(after.settings.open_signup))
            .bind(after.settings.game_creation.id())
            .execute(&mut **tx)
            .await?;
    }
    for (id, m) in &after.members {
        if before.members.get(id) != Some(m) {
            sqlx::query(
                "INSERT INTO club_members (account_id, member) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET member = excluded.member",
            )
            .bind(id.0)
            .bind(to_json(m)?)
            .execute(&mut **tx)
            .await?;
        }
    }
    for e in after.log.iter().skip(before.log.len()) {
        sqlx::query("INSERT INTO club_log (seq, at, actor, action) VALUES ($1, $2, $3, $4)")
            .bind(e.seq as i64)
            .bind(e.at_ms)
            .bind(e.actor.0)
            .bind(to_json(&e.action)?)
            .execute(&mut **tx)
            .await?;
    }
    let mut league_pos = before.leagues.len() as i64;
    for (id, l) in &after.leagues {
        let old = before.leagues.get(id);
        if old.is_none() {
            sqlx::query(
                "INSERT INTO club_leagues (id, name, rules, position) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(&l.name)
            .bind(to_json(&l.rules)?)
            .bind(league_pos)
            .execute(&mut **tx)
            .await?;
            league_pos += 1;
        }
        let pos0: i64 = sqlx::query("SELECT COUNT(*) FROM club_seasons")
            .fetch_one(&mut **tx)
            .await?
            .try_get(0)?;
        let mut pos = pos0;
        for s in &l.seasons {
            let was = old.and_then(|o| o.season(&s.id));
            if was.is_none() {
                sqlx::query("INSERT INTO club_seasons (league_id, id, name, rules, position) VALUES ($1, $2, $3, $4, $5)")
                    .bind(id)
                    .bind(&s.id)
                    .bind(&s.name)
                    .bind(to_json(&s.rules)?)
                    .bind(pos)
                    .execute(&mut **tx)
                    .await?;
                pos += 1;
            }
            if was.and_then(|w| w.table.as_ref()) != s.table.as_ref() {
                sqlx::query(
                    "DELETE FROM club_season_tables WHERE league_id = $1 AND season_id = $2",
                )
                .bind(id)
                .bind(&s.id)
                .execute(&mut **tx)
                .await?;
                if let Some(t) = &s.table {
                    sqlx::query("INSERT INTO club_season_tables (league_id, season_id, standings, closed_at) VALUES ($1, $2, $3, $4)")
                        .bind(id)
                        .bind(&s.id)
                        .bind(to_json(t)?)
                        .bind(millis(now()))
                        .execute(&mut **tx)
                        .await?;
                }
            }
        }
    }
    Ok(())
}

/// Reads the club without a lock.
pub async fn read(db: &Db) -> Result<(ClubPages, Club)> {
    ensure_founded(db).await?;
    let mut conn = db.pool.acquire().await?;
    load(&mut conn).await
}

/// One change of the club: locks it, reads it, applies `act`, writes back what changed.
async fn change<T>(db: &Db, act: impl FnOnce(&mut Club) -> Result<T>) -> Result<T> {
    ensure_founded(db).await?;
    let mut tx = db.writer.begin().await?;
    sqlx::query("UPDATE club_settings SET version = version + 1 WHERE id = 1")
        .execute(&mut *tx)
        .await?;
    let (_, before) = load(&mut tx).await?;
    let mut after = before.clone();
    let out = act(&mut after)?;
    persist(&mut tx, &before, &after).await?;
    tx.commit().await?;
    Ok(out)
}

/// Who the caller is to the club.
pub fn member_of<'c>(club: &'c Club, caller: Option<&Caller>) -> Option<&'c Member> {
    caller.and_then(|c| club.members.get(&MemberId(c.id)))
}

pub fn is_admin(club: &Club, caller: Option<&Caller>) -> bool {
    member_of(club, caller).is_some_and(|m| m.is_active_admin())
}

fn must_admin(club: &Club, caller: &Caller) -> Result<()> {
    if is_admin(club, Some(caller)) {
        Ok(())
    } else {
        Err(Error::forbidden(
            "only the club's administrators may see or do this",
        ))
    }
}

// ---- The club's front page and settings ----

/// The club as anyone sees it, and what the reader is to it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClubOut {
    pub name: String,
    pub logo_text: String,
    pub rules_md: String,
    pub open_signup: bool,
    /// Who may create games: `anyone`, `members` or `game-masters`.
    #[schema(value_type = String)]
    pub game_creation: GameCreation,
    /// Active members.
    pub members: usize,
    /// The reader's own record in the club (`null`: a stranger or not a member).
    #[schema(value_type = Option<Object>)]
    pub me: Option<Member>,
}

pub async fn club_out(db: &Db, caller: Option<&Caller>) -> Result<ClubOut> {
    let (pages, club) = read(db).await?;
    Ok(ClubOut {
        name: pages.name,
        logo_text: pages.logo_text,
        rules_md: pages.rules_md,
        open_signup: club.settings.open_signup,
        game_creation: club.settings.game_creation,
        members: club.players().len(),
        me: member_of(&club, caller).cloned(),
    })
}

/// What an administrator changes of the club (each optional).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClubIn {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub logo_text: Option<String>,
    #[serde(default)]
    pub rules_md: Option<String>,
    #[serde(default)]
    pub open_signup: Option<bool>,
    /// Who may create games: `anyone`, `members` or `game-masters`.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub game_creation: Option<GameCreation>,
}

pub async fn set_club(db: &Db, caller: &Caller, b: ClubIn) -> Result<ClubOut> {
    for (what, v, max) in [
        ("name", &b.name, 100),
        ("logo text", &b.logo_text, 100),
        ("rules", &b.rules_md, 64 * 1024),
    ] {
        if let Some(v) = v {
            if v.len() > max {
                return Err(Error::unprocessable(format!(
                    "the club's {what} is too long (at most {max} bytes)"
                )));
            }
        }
    }
    if b.name.as_deref().is_some_and(|n| n.trim().is_empty()) {
        return Err(Error::unprocessable("the club needs a name"));
    }
    let at = millis(now());
    let me = MemberId(caller.id);
    let pages_changed = b.name.is_some() || b.logo_text.is_some() || b.rules_md.is_some();
    change(db, |club| {
        if let Some(open) = b.open_signup {
            if open != club.settings.open_signup {
                club.set_open_signup(me, open, at).map_err(club_error)?;
            }
        }
        if let Some(rule) = b.game_creation {
            if rule != club.settings.game_creation {
                club.set_game_creation(me, rule, at).map_err(club_error)?;
            }
        }
        if pages_changed {
            club.log_admin_act(me, AuditAction::PagesEdited, at)
                .map_err(club_error)?;
        }
        must_admin(club, caller)?;
        Ok(())
    })
    .await?;
    if pages_changed {
        sqlx::query(
            "UPDATE club_settings SET name = COALESCE($1, name), logo_text = COALESCE($2, logo_text), rules_md = COALESCE($3, rules_md) WHERE id = 1",
        )
        .bind(b.name.map(|n| n.trim().to_string()))
        .bind(b.logo_text)
        .bind(b.rules_md)
        .execute(&db.writer)
        .await?;
    }
    club_out(db, Some(caller)).await
}

// ---- Members ----

/// An application to join (the name defaults to the account's).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyIn {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    #[serde(default)]
    pub message: String,
    /// The administrators' answer (and later notices) by e-mail.
    #[serde(default)]
    pub notify_email: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ApplyOut {
    /// `applied` (waiting for an administrator) or `active` (open sign-up).
    pub state: String,
}

fn state_word(s: MemberState) -> String {
    serde_json::to_value(s)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

pub async fn apply(db: &Db, caller: &Caller, b: ApplyIn) -> Result<ApplyOut> {
    if b.message.len() > 4096 || b.languages.len() > 20 {
        return Err(Error::unprocessable("the application is too long"));
    }
    let at = millis(now());
    let state = change(db, |club| {
        club.apply(
            MemberId(caller.id),
            Application {
                name: b.name.unwrap_or_else(|| caller.name.clone()),
                country: b.country,
                languages: b.languages,
                message: b.message,
                notify_email: b.notify_email,
            },
            at,
        )
        .map_err(club_error)
    })
    .await?;
    Ok(ApplyOut {
        state: state_word(state),
    })
}

/// An administrator's act on a member.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "act", rename_all = "kebab-case", deny_unknown_fields)]
pub enum MemberAct {
    Approve,
    Reject {
        #[serde(default)]
        reason: String,
    },
    RemoveAccess {
        #[serde(default)]
        reason: String,
    },
    RestoreAccess,
    AppointGameMaster,
    DismissGameMaster,
    AppointAdmin,
}

pub async fn member_act(db: &Db, caller: &Caller, id: i64, a: MemberAct) -> Result<Member> {
    let at = millis(now());
    let me = MemberId(caller.id);
    let who = MemberId(id);
    let member = change(db, |club| {
        match &a {
            MemberAct::Approve => club.approve(me, who, at),
            MemberAct::Reject { reason } => club.reject(me, who, reason, at),
            MemberAct::RemoveAccess { reason } => club.remove_access(me, who, reason, at),
            MemberAct::RestoreAccess => club.restore_access(me, who, at),
            MemberAct::AppointGameMaster => club.appoint_game_master(me, who, at),
            MemberAct::DismissGameMaster => club.dismiss_game_master(me, who, at),
            MemberAct::AppointAdmin => club.appoint_admin(me, who, at),
        }
        .map_err(club_error)?;
        club.member(who).cloned().map_err(club_error)
    })
    .await?;
    // The applicant hears the administrators' answer as their settings ask.
    let notice = match &a {
        MemberAct::Approve => Some(Notice::Approved),
        MemberAct::Reject { reason } => Some(Notice::Rejected {
            reason: reason.clone(),
        }),
        _ => None,
    };
    if let Some(n) = notice {
        let mut tx = db.writer.begin().await?;
        tell(&mut tx, &member, &n).await?;
        tx.commit().await?;
    }
    Ok(member)
}

/// A member's own settings and profile (each part optional).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MySettingsIn {
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub settings: Option<MemberSettings>,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub languages: Option<Vec<String>>,
}

pub async fn set_mine(db: &Db, caller: &Caller, b: MySettingsIn) -> Result<Member> {
    let me = MemberId(caller.id);
    // The language and time zone are the account's too, which every page and mail follows
    // (checked there: an unknown language or zone changes nothing).
    if let Some(st) = &b.settings {
        let (_, club) = read(db).await?;
        if member_of(&club, Some(caller)).is_some_and(|m| m.is_active()) {
            crate::games::set_account_prefs(
                db,
                caller.id,
                crate::games::Prefs {
                    language: st.language.clone(),
                    time_zone: st.time_zone.clone(),
                },
            )
            .await?;
        }
    }
    change(db, |club| {
        let m = club.members.get(&me).cloned().ok_or_else(|| {
            Error::forbidden("only the club's members have settings: apply first")
        })?;
        if let Some(s) = b.settings {
            club.set_settings(me, s).map_err(club_error)?;
        }
        if b.country.is_some() || b.languages.is_some() {
            club.set_profile(
                me,
                b.country.or(m.country),
                b.languages.unwrap_or(m.languages),
            )
            .map_err(club_error)?;
        }
        club.member(me).cloned().map_err(club_error)
    })
    .await
}

/// A member in the list of players.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MemberRow {
    pub id: i64,
    pub name: String,
    pub state: String,
    pub admin: bool,
    pub game_master: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    pub games: u32,
}

/// The list of players: the active members for everyone; every member (applicants and
/// removed members too) for an administrator.
pub async fn members(db: &Db, caller: Option<&Caller>) -> Result<Vec<MemberRow>> {
    let (_, club) = read(db).await?;
    let admin = is_admin(&club, caller);
    let records = profiles(&public_results(db).await?);
    let mut rows: Vec<MemberRow> = club
        .members
        .values()
        .filter(|m| admin || m.is_active())
        .map(|m| MemberRow {
            id: m.id.0,
            name: m.name.clone(),
            state: state_word(m.state),
            admin: m.admin,
            game_master: m.game_master,
            country: m.country.clone().filter(|_| !m.settings.hide_country),
            games: records.get(&m.id).map_or(0, |p| p.games_played),
        })
        .collect();
    rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
    Ok(rows)
}

/// An application as the administrators see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ApplicationOut {
    #[schema(value_type = Object)]
    pub member: Member,
    /// The applicant's word to the administrators, from the log.
    pub applied_at_ms: i64,
}

pub async fn applications(db: &Db, caller: &Caller) -> Result<Vec<ApplicationOut>> {
    let (_, club) = read(db).await?;
    must_admin(&club, caller)?;
    Ok(club
        .applications()
        .into_iter()
        .map(|m| ApplicationOut {
            member: m.clone(),
            applied_at_ms: m.joined_at_ms,
        })
        .collect())
}

/// A member's public profile. Active members' profiles are public; an applicant's, a
/// rejected or a removed member's only to the administrators and to themself.
pub async fn profile(db: &Db, caller: Option<&Caller>, id: i64) -> Result<PublicProfile> {
    let (_, club) = read(db).await?;
    let shown = club
        .members
        .get(&MemberId(id))
        .filter(|m| m.is_active() || is_admin(&club, caller) || caller.is_some_and(|c| c.id == id))
        .ok_or_else(|| Error::not_found(format!("the club has no member {id}")))?;
    let results = public_results(db).await?;
    let ratings = ratings(db).await?;
    Ok(PublicProfile::new(shown, &profiles(&results), &ratings))
}

/// The log of administrators' acts, oldest first.
pub async fn log(db: &Db, caller: &Caller) -> Result<Vec<AuditEntry>> {
    let (_, club) = read(db).await?;
    must_admin(&club, caller)?;
    Ok(club.log)
}

/// Whether the account may create a game, by the club's rule ([`GameCreation`]): 403 with
/// the reason when not.
pub async fn may_create_game(db: &Db, account: i64) -> Result<()> {
    let (_, club) = read(db).await?;
    club.may_create_games(MemberId(account)).map_err(club_error)
}

/// Whether the account may play and run games: not a member whose access was removed.
pub async fn may_play(db: &Db, account: i64) -> Result<()> {
    let row = sqlx::query("SELECT member FROM club_members WHERE account_id = $1")
        .bind(account)
        .fetch_optional(&db.pool)
        .await?;
    if let Some(r) = row {
        let m: Member = serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
        if m.state == MemberState::Removed {
            return Err(Error::forbidden(
                "the club's administrators removed your access: you cannot play or run games",
            ));
        }
    }
    Ok(())
}

// ---- Results ----

/// Builds the result of a game that has just ended ([`Session::club_result`], from the table
/// and what was noted while it was played) and stores it, in the transaction that ended it.
/// Once per game: a result stored is kept. A result the club's checks refuse is not stored
/// (and logged), the game ends all the same.
pub async fn record_result(tx: &mut Transaction<'_, Any>, id: &str, s: &Session) -> Result<()> {
    if s.game().end().is_none() {
        return Ok(());
    }
    let stored = sqlx::query("SELECT 1 FROM club_results WHERE game_id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    if stored.is_some() {
        return Ok(());
    }
    let options: String = sqlx::query("SELECT options FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    let options: NewGame = serde_json::from_str(&options).map_err(json_err)?;
    let members = load_members(&mut **tx, id).await?;
    let map = s.map();
    let phase_of = |code: &str| entente_judge::Phase::parse(code);
    let mut sent = Vec::new();
    for r in sqlx::query("SELECT phase, power, account_id FROM sheets WHERE game_id = $1")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?
    {
        let (phase, power, account): (String, String, i64) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        if let (Some(phase), Some(power)) = (phase_of(&phase), map.lookup_power(&power)) {
            sent.push(SentSheet {
                phase,
                power,
                member: MemberId(account),
            });
        }
    }
    let mut noted = Vec::new();
    for r in sqlx::query(
        "SELECT phase, power, account_id, missed FROM club_phase_facts WHERE game_id = $1",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?
    {
        let (phase, power): (String, String) = (r.try_get(0)?, r.try_get(1)?);
        if let (Some(phase), Some(power)) = (phase_of(&phase), map.lookup_power(&power)) {
            noted.push(PhaseNote {
                phase,
                power,
                holder: r.try_get::<Option<i64>, _>(2)?.map(MemberId),
                missed: r.try_get::<i64, _>(3)? != 0,
            });
        }
    }
    let league =
        sqlx::query("SELECT league_id, season_id FROM club_season_games WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?
            .map(|r| -> Result<LeagueRef> {
                Ok(LeagueRef {
                    league: r.try_get(0)?,
                    season: r.try_get(1)?,
                })
            })
            .transpose()?;
    let finished = millis(now());
    let facts = ResultFacts {
        game: id.to_string(),
        variant: options.variant.clone(),
        finished_at_ms: finished,
        // A league's games are always rated (and counted so when read: [`load_results`]).
        rated: options.rated,
        league,
        noted,
        sent,
    };
    let Some(result) = s.club_result(&crate::games::table_of(s, &members), facts) else {
        return Ok(());
    };
    if let Err(e) = result.check() {
        // The game ends all the same; its game master is told (the game's page, the API's
        // `club_problem`, a `club-result` event only they see), not only the log.
        let problem = format!("the club could not record this game's result: {e}");
        tracing::error!("game {id}: {problem}");
        sqlx::query("UPDATE games SET club_problem = $1 WHERE id = $2")
            .bind(&problem)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        crate::games::notify(
            tx,
            id,
            "club-result",
            "gm",
            serde_json::json!({ "problem": problem }),
        )
        .await?;
        return Ok(());
    }
    sqlx::query("INSERT INTO club_results (game_id, finished_at, result) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(finished)
        .bind(to_json(&result)?)
        .execute(&mut **tx)
        .await?;
    // A notice of an earlier end (rolled back since) no longer holds.
    sqlx::query("UPDATE games SET club_problem = NULL WHERE id = $1 AND club_problem IS NOT NULL")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    // The ratings' cache: the game applied, or (out of order) dropped to be rebuilt.
    let cached = sqlx::query("SELECT ratings FROM club_ratings WHERE id = 1")
        .fetch_optional(&mut **tx)
        .await?;
    if let Some(r) = cached {
        let mut ratings: Ratings =
            serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
        if ratings.apply(&result).is_ok() {
            sqlx::query("UPDATE club_ratings SET ratings = $1 WHERE id = 1")
                .bind(to_json(&ratings)?)
                .execute(&mut **tx)
                .await?;
        } else {
            sqlx::query("DELETE FROM club_ratings WHERE id = 1")
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// Notes, in the transaction that adjudicates a phase, each power that had orders due, who
/// held it, and whether it missed the phase (no orders sent and its player not marked
/// ready): the host's [`entente_host::Adjudication::noted`]. The members' reliability is
/// counted from these notes (docs/club.md). A phase noted again (adjudicated again after a
/// roll-back) is noted anew.
pub async fn note_phase(
    tx: &mut Transaction<'_, Any>,
    game: &str,
    s: &Session,
    noted: &[PhaseNote],
) -> Result<()> {
    for n in noted {
        sqlx::query(
            "INSERT INTO club_phase_facts (game_id, phase, power, account_id, missed) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, phase, power) DO UPDATE SET account_id = excluded.account_id, missed = excluded.missed",
        )
        .bind(game)
        .bind(n.phase.code())
        .bind(&s.map().power(n.power).name)
        .bind(n.holder.map(|m| m.0))
        .bind(i64::from(n.missed))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A rolled back game is not finished any more: its result goes (and the ratings' cache,
/// rebuilt when next read).
pub async fn forget_result(tx: &mut Transaction<'_, Any>, id: &str) -> Result<()> {
    let gone = sqlx::query("DELETE FROM club_results WHERE game_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    if gone.rows_affected() > 0 {
        sqlx::query("DELETE FROM club_ratings WHERE id = 1")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Every stored result, with the league season each game is entered in now.
pub async fn load_results(db: &Db) -> Result<Vec<GameResult>> {
    let rows = sqlx::query(
        "SELECT r.result, g.league_id, g.season_id FROM club_results r \
         LEFT JOIN club_season_games g ON g.game_id = r.game_id ORDER BY r.finished_at, r.game_id",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let mut result: GameResult =
                serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
            let league: Option<String> = r.try_get(1)?;
            let season: Option<String> = r.try_get(2)?;
            result.league = league
                .zip(season)
                .map(|(league, season)| LeagueRef { league, season });
            // A league's games are always rated, even one entered after it ended unrated.
            result.rated |= result.league.is_some();
            Ok(result)
        })
        .collect()
}

/// The results as the public pages show them: the players of a game whose players are
/// never revealed are left out (its seats held by nobody).
pub async fn public_results(db: &Db) -> Result<Vec<GameResult>> {
    let mut results = load_results(db).await?;
    let hidden = hidden_games(db).await?;
    for r in &mut results {
        if hidden.contains(&r.game) {
            for seat in &mut r.seats {
                seat.member = None;
                seat.earlier.clear();
            }
        }
    }
    Ok(results)
}

async fn hidden_games(db: &Db) -> Result<BTreeSet<String>> {
    let mut hidden = BTreeSet::new();
    for r in
        sqlx::query("SELECT g.id, g.options FROM games g JOIN club_results r ON r.game_id = g.id")
            .fetch_all(&db.pool)
            .await?
    {
        let o: NewGame = serde_json::from_str(&r.try_get::<String, _>(1)?).map_err(json_err)?;
        if o.reveal == Reveal::Never {
            hidden.insert(r.try_get(0)?);
        }
    }
    Ok(hidden)
}

// ---- Ratings, hall of fame, archive ----

/// The ratings: the cache, or (when dropped) rebuilt from the results and cached again.
pub async fn ratings(db: &Db) -> Result<Ratings> {
    if let Some(r) = sqlx::query("SELECT ratings FROM club_ratings WHERE id = 1")
        .fetch_optional(&db.pool)
        .await?
    {
        return serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err);
    }
    let rebuilt = recompute(&load_results(db).await?)
        .map_err(|e| Error::internal(format!("the ratings cannot be computed: {e}")))?;
    sqlx::query(
        "INSERT INTO club_ratings (id, ratings) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
    )
    .bind(to_json(&rebuilt)?)
    .execute(&db.writer)
    .await?;
    Ok(rebuilt)
}

/// A row of the eternal battlefield, with the member's name.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RatingRow {
    pub place: usize,
    pub member: i64,
    pub name: String,
    pub mu: f64,
    pub sigma: f64,
    /// `mu - 3 sigma`: what the table is ordered by.
    pub conservative: f64,
    pub games: u32,
}

/// Account names by account id.
type AccountNames = BTreeMap<i64, String>;

async fn names(db: &Db) -> Result<AccountNames> {
    let mut out = BTreeMap::new();
    for r in sqlx::query("SELECT id, name FROM accounts")
        .fetch_all(&db.pool)
        .await?
    {
        out.insert(r.try_get(0)?, r.try_get(1)?);
    }
    Ok(out)
}

fn rating_rows(table: Vec<BattlefieldRow>, names: &AccountNames) -> Vec<RatingRow> {
    table
        .into_iter()
        .map(|r| RatingRow {
            place: r.place,
            member: r.member.0,
            name: names.get(&r.member.0).cloned().unwrap_or_default(),
            mu: r.mu,
            sigma: r.sigma,
            conservative: r.conservative,
            games: r.games,
        })
        .collect()
}

/// The eternal battlefield.
pub async fn battlefield(db: &Db) -> Result<Vec<RatingRow>> {
    let r = ratings(db).await?;
    Ok(rating_rows(r.table(), &names(db).await?))
}

/// The hall of fame (10 best results in each list), with the members' names.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FameOut {
    #[schema(value_type = Object)]
    pub fame: HallOfFame,
    /// Member id → name.
    pub names: BTreeMap<i64, String>,
}

pub async fn fame(db: &Db) -> Result<FameOut> {
    let results = public_results(db).await?;
    let fame = HallOfFame::new(&results, 10);
    let all = names(db).await?;
    let named: BTreeSet<i64> = results
        .iter()
        .flat_map(|r| r.seats.iter().filter_map(|s| s.member.map(|m| m.0)))
        .collect();
    Ok(FameOut {
        fame,
        names: all.into_iter().filter(|(k, _)| named.contains(k)).collect(),
    })
}

/// A finished game in the archive.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ArchiveRow {
    pub game: String,
    pub title: String,
    pub variant: String,
    pub end_year: i32,
    pub finished_at_ms: i64,
    /// `solo` or `draw`.
    pub outcome: String,
    /// The solo winner or the draw's powers.
    pub winners: Vec<String>,
    /// The league season it was played for: `league/season`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub season: Option<String>,
    /// Each power, its centres at the end and who held it (`null` when the game's players
    /// are never revealed).
    pub seats: Vec<ArchiveSeat>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ArchiveSeat {
    pub power: String,
    pub centres: u32,
    pub player: Option<String>,
}

/// The finished games, the last ended first.
pub async fn archive(db: &Db) -> Result<Vec<ArchiveRow>> {
    let results = public_results(db).await?;
    let all = names(db).await?;
    let mut titles = BTreeMap::new();
    for r in
        sqlx::query("SELECT g.id, g.title FROM games g JOIN club_results r ON r.game_id = g.id")
            .fetch_all(&db.pool)
            .await?
    {
        titles.insert(r.try_get::<String, _>(0)?, r.try_get::<String, _>(1)?);
    }
    let mut rows: Vec<ArchiveRow> = results
        .into_iter()
        .map(|r| ArchiveRow {
            title: titles.get(&r.game).cloned().unwrap_or_default(),
            outcome: if r.outcome.solo().is_some() {
                "solo"
            } else {
                "draw"
            }
            .into(),
            winners: match &r.outcome {
                Outcome::Solo { power, .. } => vec![power.clone()],
                Outcome::Draw { powers } => powers.clone(),
            },
            season: r
                .league
                .as_ref()
                .map(|l| format!("{}/{}", l.league, l.season)),
            seats: r
                .seats
                .iter()
                .map(|s| ArchiveSeat {
                    power: s.power.clone(),
                    centres: s.centres,
                    player: s.member.and_then(|m| all.get(&m.0).cloned()),
                })
                .collect(),
            game: r.game,
            variant: r.variant,
            end_year: r.end_year,
            finished_at_ms: r.finished_at_ms,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.finished_at_ms
            .cmp(&a.finished_at_ms)
            .then(b.game.cmp(&a.game))
    });
    Ok(rows)
}

// ---- Leagues and seasons ----

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeagueIn {
    pub id: String,
    pub name: String,
    /// `{variant, press: full|public-only|gunboat, deadlines, games_per_member,
    /// scoring: draw-size|sum-of-squares|c-diplo, aggregate: {kind: sum|average|best, games}}`.
    #[schema(value_type = Object)]
    pub rules: LeagueRules,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonIn {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttachIn {
    pub game: String,
}

fn check_id(what: &str, id: &str) -> Result<()> {
    let ok = (1..=40).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(Error::unprocessable(format!(
            "'{id}' cannot be a {what} id: 1 to 40 letters, digits, '-', '_' or '.'"
        )))
    }
}

pub async fn leagues(db: &Db) -> Result<Vec<League>> {
    let (_, club) = read(db).await?;
    Ok(club.leagues.into_values().collect())
}

pub async fn create_league(db: &Db, caller: &Caller, b: LeagueIn) -> Result<League> {
    check_id("league", &b.id)?;
    let at = millis(now());
    change(db, |club| {
        club.create_league(MemberId(caller.id), &b.id, &b.name, b.rules, at)
            .map_err(club_error)?;
        Ok(club.leagues[&b.id].clone())
    })
    .await
}

pub async fn create_season(db: &Db, caller: &Caller, league: &str, b: SeasonIn) -> Result<League> {
    check_id("season", &b.id)?;
    let at = millis(now());
    change(db, |club| {
        club.create_season(MemberId(caller.id), league, &b.id, &b.name, at)
            .map_err(club_error)?;
        Ok(club.leagues[league].clone())
    })
    .await
}

/// Enters a game in an open season: its result (now or when it ends) counts for it.
pub async fn attach_game(
    db: &Db,
    caller: &Caller,
    league: &str,
    season: &str,
    b: AttachIn,
) -> Result<()> {
    crate::games::load_game(&db.pool, &b.game).await?;
    let at = millis(now());
    ensure_founded(db).await?;
    let mut tx = db.writer.begin().await?;
    sqlx::query("UPDATE club_settings SET version = version + 1 WHERE id = 1")
        .execute(&mut *tx)
        .await?;
    let (_, before) = load(&mut tx).await?;
    let mut after = before.clone();
    after
        .log_admin_act(
            MemberId(caller.id),
            AuditAction::GameAttached {
                game: b.game.clone(),
                league: league.to_string(),
                season: season.to_string(),
            },
            at,
        )
        .map_err(club_error)?;
    let taken =
        sqlx::query("SELECT league_id, season_id FROM club_season_games WHERE game_id = $1")
            .bind(&b.game)
            .fetch_optional(&mut *tx)
            .await?;
    if taken.is_some() {
        return Err(Error::conflict(format!(
            "game {} is already entered in a season",
            b.game
        )));
    }
    sqlx::query(
        "INSERT INTO club_season_games (game_id, league_id, season_id) VALUES ($1, $2, $3)",
    )
    .bind(&b.game)
    .bind(league)
    .bind(season)
    .execute(&mut *tx)
    .await?;
    persist(&mut tx, &before, &after).await?;
    // A finished game entered in a season counts for the ratings now, if it did not: the
    // ratings' cache is rebuilt when next read.
    sqlx::query("DELETE FROM club_ratings WHERE id = 1 AND EXISTS (SELECT 1 FROM club_results WHERE game_id = $1)")
        .bind(&b.game)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// A season: its rules, its games, and its standings (the kept table once closed).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SeasonOut {
    pub league: String,
    pub league_name: String,
    pub id: String,
    pub name: String,
    #[schema(value_type = Object)]
    pub rules: LeagueRules,
    pub closed: bool,
    /// The season's games, finished or not.
    pub games: Vec<String>,
    #[schema(value_type = Object)]
    pub standings: Standings,
    /// Member id → name.
    pub names: BTreeMap<i64, String>,
}

fn season_of<'c>(
    club: &'c Club,
    league: &str,
    season: &str,
) -> Result<(&'c League, &'c LeagueSeason)> {
    let l = club
        .leagues
        .get(league)
        .ok_or_else(|| club_error(ClubError::UnknownLeague(league.to_string())))?;
    let s = l.season(season).ok_or_else(|| {
        club_error(ClubError::UnknownSeason {
            league: league.to_string(),
            season: season.to_string(),
        })
    })?;
    Ok((l, s))
}

fn compute_standings(
    league: &str,
    season: &LeagueSeason,
    results: &[GameResult],
) -> Result<Standings> {
    standings(league, season, results)
        .map_err(|e| Error::internal(format!("the standings cannot be computed: {e}")))
}

pub async fn season(db: &Db, league: &str, season: &str) -> Result<SeasonOut> {
    let (_, club) = read(db).await?;
    let (l, s) = season_of(&club, league, season)?;
    let standings = match &s.table {
        Some(t) => t.clone(),
        None => compute_standings(league, s, &public_results(db).await?)?,
    };
    let mut games = Vec::new();
    for r in sqlx::query("SELECT game_id FROM club_season_games WHERE league_id = $1 AND season_id = $2 ORDER BY game_id")
        .bind(league)
        .bind(season)
        .fetch_all(&db.pool)
        .await?
    {
        games.push(r.try_get(0)?);
    }
    let all = names(db).await?;
    let shown: BTreeSet<i64> = standings.rows.iter().map(|r| r.member.0).collect();
    Ok(SeasonOut {
        league: l.id.clone(),
        league_name: l.name.clone(),
        id: s.id.clone(),
        name: s.name.clone(),
        rules: s.rules.clone(),
        closed: s.table.is_some(),
        games,
        standings,
        names: all.into_iter().filter(|(k, _)| shown.contains(k)).collect(),
    })
}

/// Closes a season, keeping its table as the results stand now.
pub async fn close_season(
    db: &Db,
    caller: &Caller,
    league: &str,
    season: &str,
) -> Result<SeasonOut> {
    let results = public_results(db).await?;
    let at = millis(now());
    change(db, |club| {
        must_admin(club, caller)?;
        let (_, s) = season_of(club, league, season)?;
        let table = compute_standings(league, s, &results)?;
        club.close_season(MemberId(caller.id), table, at)
            .map_err(club_error)
    })
    .await?;
    self::season(db, league, season).await
}

/// What a recomputation rebuilt.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RecomputeOut {
    /// Results read.
    pub results: usize,
    /// Members rated.
    pub rated: usize,
    /// Kept season tables rebuilt.
    pub tables: usize,
}

/// Drops the ratings and the kept season tables and rebuilds them from the stored results.
pub async fn recompute_all(db: &Db, caller: &Caller) -> Result<RecomputeOut> {
    let results = load_results(db).await?;
    let public = public_results(db).await?;
    let rebuilt = recompute(&results)
        .map_err(|e| Error::internal(format!("the ratings cannot be computed: {e}")))?;
    let at = millis(now());
    let out = change(db, |club| {
        must_admin(club, caller)?;
        let mut tables = Vec::new();
        for l in club.leagues.values() {
            for s in l.seasons.iter().filter(|s| s.table.is_some()) {
                tables.push(compute_standings(&l.id, s, &public)?);
            }
        }
        let n = tables.len();
        for t in tables {
            club.replace_table(t).map_err(club_error)?;
        }
        club.log_admin_act(MemberId(caller.id), AuditAction::Recomputed, at)
            .map_err(club_error)?;
        Ok(RecomputeOut {
            results: results.len(),
            rated: rebuilt.members.len(),
            tables: n,
        })
    })
    .await?;
    let mut tx = db.writer.begin().await?;
    sqlx::query("DELETE FROM club_ratings WHERE id = 1")
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO club_ratings (id, ratings) VALUES (1, $1)")
        .bind(to_json(&rebuilt)?)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(out)
}

/// Which download of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Download {
    /// Our record (`entente-record`'s session record).
    Record,
    /// The `diplomacy` package's saved game.
    SavedGame,
}

/// Keeps only the public press of a record or a saved game: entries of `press` sent to
/// `all`, numbered anew (1, 2, 3, ...: the game's numbers would count the private letters
/// left out), entries of `messages` sent to `GLOBAL`.
pub(crate) fn public_press_only(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(o) => {
            for (k, item) in o.iter_mut() {
                match (k.as_str(), item) {
                    ("press", Value::Array(list)) => {
                        list.retain(|m| m["to"] == "all");
                        for (i, m) in list.iter_mut().enumerate() {
                            if m.get("seq").is_some() {
                                m["seq"] = Value::from(i + 1);
                            }
                        }
                    }
                    ("messages", Value::Array(list)) => list.retain(|m| m["recipient"] == "GLOBAL"),
                    (_, other) => public_press_only(other),
                }
            }
        }
        Value::Array(list) => list.iter_mut().for_each(public_press_only),
        _ => {}
    }
}

/// A finished game of the archive, for anyone to download: its board, orders, results
/// and public press (all its press when the game's `open_press_at_end` says so); its
/// players as the game's options reveal them to a stranger. Otherwise the private press
/// stays with the game's members (`GET /api/v1/games/{id}/record`).
pub async fn download(db: &Db, id: &str, what: Download) -> Result<String> {
    let archived = sqlx::query("SELECT 1 FROM club_results WHERE game_id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    if archived.is_none() {
        return Err(Error::not_found(format!(
            "no finished game '{id}' in the club's archive"
        )));
    }
    let (game, members, _, s) = crate::games::read_game(db, None, id).await?;
    let s = s.ok_or_else(|| Error::not_found(format!("game '{id}' has no record")))?;
    let stranger = crate::games::viewer(None, &game, &members);
    let mut v: serde_json::Value = match what {
        Download::Record => {
            let reveal = crate::games::reveals_players(&game.options, &stranger, Some(&s));
            serde_json::from_str(&crate::games::record_for(&s, reveal)?).map_err(json_err)?
        }
        Download::SavedGame => entente_record::pydip::export(&s, id),
    };
    if !game.options.open_press_at_end {
        public_press_only(&mut v);
    }
    serde_json::to_string_pretty(&v).map_err(|e| Error::internal(e.to_string()))
}

/// A game not finished yet, as the club lists it for anyone.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RunningGame {
    pub id: String,
    pub title: String,
    /// `forming` (seats free) or `active`.
    pub status: String,
    pub variant: String,
    /// The phase (`S1901M`), once started.
    pub phase: Option<String>,
    /// The deadline (RFC 3339), if any.
    pub deadline: Option<String>,
    /// Seats taken and seats.
    pub joined: usize,
    pub seats: usize,
    /// Each power and its player's name where the game reveals it to anyone (`reveal:
    /// start`); `null` otherwise.
    pub players: Vec<RunningSeat>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RunningSeat {
    pub power: String,
    pub player: Option<String>,
    pub supply_centres: usize,
}

/// Every game not finished, newest first, as a stranger may see it.
pub async fn running_games(db: &Db) -> Result<Vec<RunningGame>> {
    let mut out = Vec::new();
    for g in crate::games::list_games(db, None)
        .await?
        .into_iter()
        .filter(|g| g.status != "finished")
    {
        let players = if g.status == "active" {
            let (game, members, v, s) = crate::games::read_game(db, None, &g.id).await?;
            crate::games::game_out(&game, &members, &v, s.as_ref())
                .powers
                .into_iter()
                .map(|p| RunningSeat {
                    power: p.power,
                    player: p.player,
                    supply_centres: p.supply_centres,
                })
                .collect()
        } else {
            Vec::new()
        };
        out.push(RunningGame {
            id: g.id,
            title: g.title,
            status: g.status,
            variant: g.variant,
            phase: g.phase,
            deadline: g.deadline,
            joined: g.joined,
            seats: g.seats,
            players,
        });
    }
    Ok(out)
}

// ---- Notices ----

/// What a member is told, on the club's page and by e-mail, as their settings ask
/// ([`MemberSettings::notify_web`], [`MemberSettings::notify_email`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Notice {
    /// The administrators approved the member's application.
    Approved,
    /// They refused it.
    Rejected { reason: String },
    /// A game the member plays started (`season`: `league/season` when it is a season's).
    GameStarted {
        game: String,
        title: String,
        phase: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        season: Option<String>,
    },
    /// A game the member plays has a new phase.
    NewPhase {
        game: String,
        title: String,
        phase: String,
    },
}

impl Notice {
    fn kind(&self) -> &'static str {
        match self {
            Notice::Approved => "approved",
            Notice::Rejected { .. } => "rejected",
            Notice::GameStarted { .. } => "game-started",
            Notice::NewPhase { .. } => "new-phase",
        }
    }

    /// The notice as a sentence in `lang`, the club named `club`.
    pub fn text(&self, lang: &str, club: &str) -> String {
        use entente_i18n::pages::tr;
        let key = format!("club-notice-{}", self.kind());
        let (title, phase, season) = match self {
            Notice::Approved | Notice::Rejected { .. } => ("", "", String::new()),
            Notice::GameStarted {
                title,
                phase,
                season,
                ..
            } => (
                title.as_str(),
                phase.as_str(),
                season.clone().unwrap_or_default(),
            ),
            Notice::NewPhase { title, phase, .. } => {
                (title.as_str(), phase.as_str(), String::new())
            }
        };
        let text = tr(
            lang,
            &key,
            &[
                ("name", club.to_string().into()),
                ("title", title.to_string().into()),
                ("phase", phase.to_string().into()),
                ("season", season.into()),
            ],
        );
        match self {
            // The administrators' reason, as they wrote it.
            Notice::Rejected { reason } if !reason.is_empty() => format!("{text} {reason}"),
            _ => text.trim_end().to_string(),
        }
    }
}

/// Tells a member: a notice on the club's page, a mail in the outbox (sent by the server's
/// relay, `docs/mail.md`), each only if the member's settings ask for it.
async fn tell(tx: &mut Transaction<'_, Any>, m: &Member, n: &Notice) -> Result<()> {
    let at = millis(now());
    if m.settings.notify_web {
        sqlx::query(
            "INSERT INTO club_notices (account_id, kind, args, at) VALUES ($1, $2, $3, $4)",
        )
        .bind(m.id.0)
        .bind(n.kind())
        .bind(to_json(n)?)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    }
    if !m.settings.notify_email {
        return Ok(());
    }
    let row = sqlx::query("SELECT email, language FROM accounts WHERE id = $1")
        .bind(m.id.0)
        .fetch_optional(&mut **tx)
        .await?;
    let Some(row) = row else {
        return Ok(());
    };
    let (email, lang): (String, Option<String>) = (row.try_get(0)?, row.try_get(1)?);
    if email.trim().is_empty() {
        return Ok(());
    }
    let lang = lang
        .or_else(|| m.settings.language.clone())
        .filter(|l| entente_i18n::LANGUAGES.contains(&l.as_str()))
        .unwrap_or_else(|| "en".into());
    let club: String = sqlx::query("SELECT name FROM club_settings WHERE id = 1")
        .fetch_optional(&mut **tx)
        .await?
        .map(|r| r.try_get(0))
        .transpose()?
        .unwrap_or_default();
    let text = n.text(&lang, &club);
    let body = format!(
        "{text}\n\n-- \n{}\n",
        entente_i18n::pages::tr(&lang, "club-notice-footer", &[])
    );
    sqlx::query("INSERT INTO mail_out (to_addr, subject, body, in_reply_to, game_id, phase_index, created_at, next_at) VALUES ($1, $2, $3, NULL, NULL, NULL, $4, $4)")
        .bind(email)
        .bind(format!("{club}: {text}").chars().take(150).collect::<String>())
        .bind(body)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The hook of a game's new phase (the `phase` event, in the transaction that made it):
/// each club member who plays the game is told that it started (its first phase) or that
/// it has a new phase. Mail players (who play the game by mail) get the judge's results
/// mail instead of this one.
pub async fn game_notices(
    tx: &mut Transaction<'_, Any>,
    game: &str,
    payload: &serde_json::Value,
) -> Result<()> {
    let phase = payload["phase"].as_str().unwrap_or_default().to_string();
    let earlier: i64 =
        sqlx::query("SELECT COUNT(*) FROM game_events WHERE game_id = $1 AND kind = 'phase'")
            .bind(game)
            .fetch_one(&mut **tx)
            .await?
            .try_get(0)?;
    let title: String = sqlx::query("SELECT title FROM games WHERE id = $1")
        .bind(game)
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    let notice = if earlier == 0 {
        let season =
            sqlx::query("SELECT league_id, season_id FROM club_season_games WHERE game_id = $1")
                .bind(game)
                .fetch_optional(&mut **tx)
                .await?
                .map(|r| -> Result<String> {
                    Ok(format!(
                        "{}/{}",
                        r.try_get::<String, _>(0)?,
                        r.try_get::<String, _>(1)?
                    ))
                })
                .transpose()?;
        Notice::GameStarted {
            game: game.to_string(),
            title,
            phase,
            season,
        }
    } else {
        Notice::NewPhase {
            game: game.to_string(),
            title,
            phase,
        }
    };
    let rows = sqlx::query(
        "SELECT c.member, CASE WHEN m.mail_secret_hash IS NULL THEN 0 ELSE 1 END FROM members m JOIN club_members c ON c.account_id = m.account_id \
         WHERE m.game_id = $1 AND m.role = 'player'",
    )
    .bind(game)
    .fetch_all(&mut **tx)
    .await?;
    for r in rows {
        let mut m: Member = serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
        if !m.is_active() {
            continue;
        }
        if r.try_get::<i64, _>(1)? != 0 {
            m.settings.notify_email = false;
        }
        tell(tx, &m, &notice).await?;
    }
    Ok(())
}

/// A notice as its member reads it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct NoticeOut {
    pub at_ms: i64,
    #[schema(value_type = Object)]
    pub notice: Notice,
    /// In the reader's language.
    pub text: String,
}

/// The caller's own notices, newest first (the last 50), in `lang` (`None`: the account's
/// language, else English).
pub async fn notices(db: &Db, caller: &Caller, lang: Option<&str>) -> Result<Vec<NoticeOut>> {
    let (pages, club) = read(db).await?;
    if member_of(&club, Some(caller)).is_none() {
        return Err(Error::forbidden(
            "only the club's members have notices: apply first",
        ));
    }
    let lang = match lang {
        Some(l) => l.to_string(),
        None => sqlx::query("SELECT language FROM accounts WHERE id = $1")
            .bind(caller.id)
            .fetch_optional(&db.pool)
            .await?
            .map(|r| r.try_get::<Option<String>, _>(0))
            .transpose()?
            .flatten()
            .and_then(|l| entente_i18n::supported(&l))
            .unwrap_or("en")
            .to_string(),
    };
    let lang = lang.as_str();
    let mut out = Vec::new();
    for r in sqlx::query(
        "SELECT args, at FROM club_notices WHERE account_id = $1 ORDER BY id DESC LIMIT 50",
    )
    .bind(caller.id)
    .fetch_all(&db.pool)
    .await?
    {
        let notice: Notice = serde_json::from_str(&r.try_get::<String, _>(0)?).map_err(json_err)?;
        out.push(NoticeOut {
            at_ms: r.try_get(1)?,
            text: notice.text(lang, &pages.name),
            notice,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 6-player game (Italy neutral) whose end names Italy the winner: a result the club's
    /// check refuses (Italy has no seat). Such a result reaches no archive; its game master
    /// is told on the game (`GameOut.club_problem`, theirs only) and by a `club-result`
    /// event only they see, not only by a line in the log.
    #[tokio::test]
    async fn a_result_the_club_cannot_record_is_told_to_the_game_master() {
        let dir = std::env::temp_dir().join(format!("entente-club-problem-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("club.db");
        let _ = std::fs::remove_file(&file);
        let db = Db::open(&format!("sqlite:{}", file.display()))
            .await
            .unwrap();
        let options: NewGame =
            serde_json::from_value(serde_json::json!({"title": "six", "setup": "6"})).unwrap();
        let variant = entente_map::Variant::builtin("standard").unwrap();
        let setup = entente_game::Setup::Six;
        let players: Vec<entente_host::Player> = setup
            .seats(&variant.map)
            .unwrap()
            .into_iter()
            .enumerate()
            .map(|(i, powers)| entente_host::Player {
                name: format!("p{}", i + 2),
                powers,
            })
            .collect();
        let s = Session::new(entente_host::SessionConfig {
            variant,
            rules: entente_judge::Rulebook::default_game(),
            setup,
            players: players.clone(),
            first_year: None,
            options: entente_host::GameOptions::default(),
            seed: 1,
            assignment: entente_host::Assignment::Given,
        })
        .unwrap();
        let mut rec = entente_record::record::SessionRecord::to_record(&s);
        rec.end = Some(entente_record::record::EndRecord::Victory {
            powers: vec!["Italy".into()],
        });
        let s = entente_record::record::from_record(&rec).unwrap();
        assert!(s.game().is_over());
        let now_ms = millis(now());
        for (i, name) in ["gm", "p2", "p3", "p4", "p5", "p6", "p7"]
            .iter()
            .enumerate()
        {
            sqlx::query("INSERT INTO accounts (id, name, email, password_hash, created_at) VALUES ($1, $2, $3, 'x', $4)")
                .bind(i as i64 + 1)
                .bind(*name)
                .bind(format!("{name}@example.org"))
                .bind(now_ms)
                .execute(&db.writer)
                .await
                .unwrap();
        }
        sqlx::query("INSERT INTO games (id, title, status, options, record, phase, version, created_by, created_at) VALUES ('g6', 'six', 'finished', $1, $2, 'S1901M', 1, 1, $3)")
            .bind(serde_json::to_string(&options).unwrap())
            .bind(entente_record::record::SessionRecord::to_json(&s))
            .bind(now_ms)
            .execute(&db.writer)
            .await
            .unwrap();
        for (i, p) in players.iter().enumerate() {
            sqlx::query("INSERT INTO members (game_id, account_id, role, powers, joined_at) VALUES ('g6', $1, 'player', $2, $3)")
                .bind(i as i64 + 2)
                .bind(crate::games::power_names(&s, &p.powers).join(","))
                .bind(now_ms)
                .execute(&db.writer)
                .await
                .unwrap();
        }
        let mut tx = db.writer.begin().await.unwrap();
        record_result(&mut tx, "g6", &s).await.unwrap();
        tx.commit().await.unwrap();

        let archived = sqlx::query("SELECT 1 FROM club_results WHERE game_id = 'g6'")
            .fetch_optional(&db.pool)
            .await
            .unwrap();
        assert!(archived.is_none());
        let game = crate::games::load_game(&db.pool, "g6").await.unwrap();
        let members = load_members(&db.pool, "g6").await.unwrap();
        let caller = |id: i64, name: &str| Caller {
            id,
            name: name.to_string(),
        };
        let gm = crate::games::viewer(Some(caller(1, "gm")), &game, &members);
        let out = crate::games::game_out(&game, &members, &gm, Some(&s));
        let problem = out.club_problem.expect("the game master is told");
        assert!(problem.contains("Italy"), "{problem}");
        let player = crate::games::viewer(Some(caller(2, "p2")), &game, &members);
        assert_eq!(
            crate::games::game_out(&game, &members, &player, Some(&s)).club_problem,
            None
        );
        let events = sqlx::query(
            "SELECT audience, payload FROM game_events WHERE game_id = 'g6' AND kind = 'club-result'",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        assert_eq!(events.len(), 1);
        let audience: String = events[0].try_get(0).unwrap();
        assert!(crate::games::may_see(&gm, &audience));
        assert!(!crate::games::may_see(&player, &audience));
        let payload: String = events[0].try_get(1).unwrap();
        assert!(payload.contains("Italy"), "{payload}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
