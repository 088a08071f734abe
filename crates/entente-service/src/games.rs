//! The game master's service: every act on a hosted game, in one database transaction each,
//! and who may do or see what. The HTTP API is a thin layer over this module; the mail
//! gateway and the DAIDE server will call the same functions.
//!
//! Every change of a game begins by bumping the game row's `version` (on PostgreSQL that
//! takes the row's lock, on SQLite the database's write lock), then reads the game, changes
//! it and writes it back before the commit. Two servers on one database therefore never
//! change one game at once, and a phase whose deadline two servers see pass is adjudicated
//! by the first; the second finds the deadline moved and does nothing.

use crate::auth::Caller;
use crate::db::{from_millis, millis, Db};
use crate::error::{Error, Result};
use crate::model::*;
use entente_club::MemberId;
use entente_game::Setup;
use entente_host::{
    GameOptions, GameSpec, PlayersSpec, Recipients, SeatHolder, Session, TableError, TableRules,
};
use entente_judge::{Edition, PhaseKind, Rulebook};
use entente_map::{PowerId, Variant};
use entente_record::record::{from_json, SessionRecord};
use entente_record::PositionRecord;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

/// The largest order sheet, press message or variant file accepted.
pub const SHEET_LIMIT: usize = 64 * 1024;
pub const PRESS_LIMIT: usize = 16 * 1024;
pub const VARIANT_LIMIT: usize = 1024 * 1024;
/// Lines of an order sheet, and bytes of one of its lines (a sheet of Diplomacy has a few
/// dozen orders).
pub const SHEET_LINES_LIMIT: usize = 1000;
pub const SHEET_LINE_LIMIT: usize = 1000;
/// Unreadable lines of a sheet told the map's nearest names ("did you mean"); those after
/// are only said unreadable (the search compares every name of the map).
pub const SUGGESTED_LINES: usize = 20;
/// Times a sheet is read again when its game moved on to another phase while it was read.
const SUBMIT_ATTEMPTS: usize = 3;

/// A game's row.
#[derive(Clone)]
pub struct GameRow {
    pub id: String,
    pub title: String,
    pub status: String,
    pub options: NewGame,
    pub record: Option<String>,
    pub due_at: Option<i64>,
    pub created_by: i64,
    /// The row's version when read (in a change: after this change's bump).
    pub version: i64,
    /// Why the club could not record the game's result, if it could not (the game
    /// master's notice: [`crate::club::record_result`]).
    pub club_problem: Option<String>,
}

/// A member of a game.
#[derive(Clone, Debug)]
pub struct Member {
    pub account_id: i64,
    pub name: String,
    /// `gm`, `player`, `observer`, `replaced` (a player who left the seat).
    pub role: String,
    pub powers: Vec<String>,
    pub preferences: String,
    pub ready_phase: Option<String>,
    pub missed: i64,
    pub draw_vote: Option<String>,
    /// A bot's account (DAIDE).
    pub bot: bool,
}

/// What the reader is to the game.
#[derive(Clone, Debug)]
pub struct Viewer {
    pub caller: Option<Caller>,
    pub role: Role,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    GameMaster,
    Player(Vec<String>),
    Observer,
    /// An observer who joined once the game was over, of a game whose private press stays
    /// with its members (no `open_press_at_end`): reads what the club's archive shows (the
    /// public press only), not the letters the members were sent.
    LateObserver,
    Stranger,
}

impl Viewer {
    pub fn is_gm(&self) -> bool {
        self.role == Role::GameMaster
    }
    pub fn role_name(&self) -> &'static str {
        match self.role {
            Role::GameMaster => "gm",
            Role::Player(_) => "player",
            Role::Observer | Role::LateObserver => "observer",
            Role::Stranger => "none",
        }
    }
    pub fn powers(&self) -> &[String] {
        match &self.role {
            Role::Player(ps) => ps,
            _ => &[],
        }
    }
    /// Whether the reader may follow the game: its board, results and public press.
    pub fn is_member(&self) -> bool {
        self.role != Role::Stranger
    }
    pub fn plays(&self, power: &str) -> bool {
        self.powers().iter().any(|p| p == power)
    }
}

pub fn now() -> jiff::Timestamp {
    jiff::Timestamp::now()
}

fn game_row(r: &AnyRow) -> Result<GameRow> {
    let options: String = r.try_get("options")?;
    Ok(GameRow {
        id: r.try_get("id")?,
        title: r.try_get("title")?,
        status: r.try_get("status")?,
        options: serde_json::from_str(&options)
            .map_err(|e| Error::internal(format!("stored options unreadable: {e}")))?,
        record: r.try_get("record")?,
        due_at: r.try_get("due_at")?,
        created_by: r.try_get("created_by")?,
        version: r.try_get("version")?,
        club_problem: r.try_get("club_problem")?,
    })
}

const GAME_COLUMNS: &str =
    "id, title, status, options, record, due_at, created_by, version, club_problem";

pub async fn load_game<'e, E>(e: E, id: &str) -> Result<GameRow>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(e)
        .await?
        .ok_or_else(|| {
            Error::not_found(format!("no game '{id}'")).key("err-no-game", &[("id", id)])
        })?;
    game_row(&row)
}

pub async fn load_members<'e, E>(e: E, id: &str) -> Result<Vec<Member>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT m.account_id, a.name, m.role, m.powers, m.preferences, m.ready_phase, m.missed, m.draw_vote, a.bot \
         FROM members m JOIN accounts a ON a.id = m.account_id WHERE m.game_id = $1 ORDER BY m.joined_at, m.account_id",
    )
    .bind(id)
    .fetch_all(e)
    .await?;
    rows.iter()
        .map(|r| {
            let powers: String = r.try_get(3)?;
            Ok(Member {
                account_id: r.try_get(0)?,
                name: r.try_get(1)?,
                role: r.try_get(2)?,
                powers: powers
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
                preferences: r.try_get(4)?,
                ready_phase: r.try_get(5)?,
                missed: r.try_get(6)?,
                draw_vote: r.try_get(7)?,
                bot: r.try_get::<i64, _>(8)? != 0,
            })
        })
        .collect()
}

/// The names of `powers` on the game's map.
pub fn power_names(s: &Session, powers: &[PowerId]) -> Vec<String> {
    powers
        .iter()
        .map(|&p| s.map().power(p).name.clone())
        .collect()
}

/// A member's role (`members.role`) for an observer who joined a finished game.
pub const LATE_OBSERVER: &str = "late-observer";

/// The reader's role in a game.
pub fn viewer(caller: Option<Caller>, game: &GameRow, members: &[Member]) -> Viewer {
    let role = match &caller {
        None => Role::Stranger,
        Some(c) if c.id == game.created_by => Role::GameMaster,
        Some(c) => match members.iter().find(|m| m.account_id == c.id) {
            Some(m) if m.role == "player" => Role::Player(m.powers.clone()),
            Some(m) if m.role == "observer" || m.role == "replaced" => Role::Observer,
            // Once the game is over its private press is open to those who joined after
            // only when the game says so: then they read all of it as the other observers.
            Some(m) if m.role == LATE_OBSERVER && game.options.open_press_at_end => Role::Observer,
            Some(m) if m.role == LATE_OBSERVER => Role::LateObserver,
            _ => Role::Stranger,
        },
    };
    Viewer { caller, role }
}

/// The game's session, read from its record.
pub fn session_of(game: &GameRow) -> Result<Session> {
    let record = game.record.as_deref().ok_or_else(|| {
        Error::conflict("the game has not started: its seats are not full")
            .key("err-not-started-seats", &[])
    })?;
    let mut s = from_json(record)
        .map_err(|e| Error::internal(format!("the stored game cannot be read: {e}")))?;
    s.set_clock(now);
    Ok(s)
}

/// The session of a game being changed (read by [`GameTx::begin`], which bumped its version):
/// the parsed game kept from the last change when nobody changed it since, or else read
/// from its record.
pub fn session_to_change(db: &Db, game: &GameRow) -> Result<Session> {
    match db.sessions.take(&game.id, game.version - 1) {
        Some(s) => Ok(s),
        None => session_of(game),
    }
}

fn variant_of(o: &NewGame) -> Result<Variant> {
    match &o.variant_file {
        Some(text) => {
            if text.len() > VARIANT_LIMIT {
                return Err(Error::new(
                    crate::error::ErrorKind::PayloadTooLarge,
                    "a variant file of at most 1 MiB",
                ).key("err-variant-too-large", &[]));
            }
            Variant::from_text(&o.variant, text)
                .map_err(|e| Error::unprocessable(format!("variant file: {e}")))
        }
        None => Variant::builtin(&o.variant).ok_or_else(|| {
            Error::unprocessable(format!(
                "unknown variant '{}' (built in: {}; or send the variant file's text as variant_file)",
                o.variant,
                entente_map::builtin_variant_names().join(", ")
            ))
        }),
    }
}

fn rulebook_of(o: &NewGame) -> Result<Rulebook> {
    let edition: Edition = o
        .rules
        .parse()
        .map_err(|e: entente_judge::UnknownEdition| Error::unprocessable(e.to_string()))?;
    let mut r = Rulebook::edition(edition);
    for opt in &o.rule_options {
        if !r.set_option(opt) {
            return Err(Error::unprocessable(format!(
                "unknown rule option '{opt}' (docs/rule-options.md)"
            )));
        }
    }
    Ok(r)
}

/// The seats of a game with these options: each a list of power names.
fn seats_of(o: &NewGame, v: &Variant) -> Result<Vec<Vec<String>>> {
    if v.map.is_escalation() {
        // Escalation: a seat per player, each given one power by lot when the game starts.
        return Ok(vec![
            Vec::new();
            entente_host::escalation_players(&v.map, &o.setup)?
        ]);
    }
    let setup: Setup = o.setup.parse()?;
    let seats = setup.seats(&v.map)?;
    Ok(seats
        .iter()
        .map(|s| s.iter().map(|&p| v.map.power(p).name.clone()).collect())
        .collect())
}

/// Checks a new game's options; returns its seats.
pub fn check_options(o: &NewGame) -> Result<Vec<Vec<String>>> {
    let title = o.title.trim();
    if title.is_empty() || title.chars().count() > 100 {
        return Err(
            Error::unprocessable("a game needs a title of 1 to 100 characters")
                .key("err-title", &[]),
        );
    }
    let v = variant_of(o)?;
    rulebook_of(o)?;
    o.deadlines.check()?;
    if let Some(y) = o.end_year {
        entente_game::check_year("end year", y)?;
    }
    let seats = seats_of(o, &v)?;
    entente_host::check_escalation_options(
        &v.map,
        seats.len(),
        o.bot_seats,
        o.assignment == AssignRule::Preferences,
        o.escalation_units,
    )?;
    if o.bot_seats as usize > seats.len() {
        return Err(Error::unprocessable(format!(
            "bot_seats: at most the game's {} seats",
            seats.len()
        )));
    }
    if o.bot_seats > 0 && o.assignment == AssignRule::Preferences {
        return Err(Error::unprocessable(
            "bot_seats: bots send no preference list; a game with bots assigns powers by lot",
        ));
    }
    if o.missed_orders == MissedRule::CivilDisorder && o.missed_limit == 0 {
        return Err(Error::unprocessable(
            "missed_limit: civil disorder after at least 1 missed phase",
        ));
    }
    Ok(seats)
}

pub async fn create_game(db: &Db, caller: &Caller, o: NewGame) -> Result<String> {
    check_options(&o)?;
    crate::club::may_play(db, caller.id).await?;
    crate::club::may_create_game(db, caller.id).await?;
    let id = format!("g{}", &crate::auth::random_hex(6));
    let now = millis(now());
    let options = serde_json::to_string(&o).map_err(|e| Error::internal(e.to_string()))?;
    let mut tx = db.writer.begin().await?;
    sqlx::query(
        "INSERT INTO games (id, title, status, options, version, created_by, created_at) VALUES ($1, $2, 'forming', $3, 0, $4, $5)",
    )
    .bind(&id)
    .bind(o.title.trim())
    .bind(options)
    .bind(caller.id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO members (game_id, account_id, role, joined_at) VALUES ($1, $2, 'gm', $3)",
    )
    .bind(&id)
    .bind(caller.id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    notify(&mut tx, &id, "created", "all", serde_json::json!({})).await?;
    tx.commit().await?;
    Ok(id)
}

/// Appends a live-update event for the readers in `audience`: `all`, `gm`, or
/// `powers:|England|France|` (those powers' players and the game master).
pub async fn notify(
    tx: &mut Transaction<'_, Any>,
    game: &str,
    kind: &str,
    audience: &str,
    payload: serde_json::Value,
) -> Result<()> {
    if kind == "phase" {
        // The club tells its members who play the game (docs/club.md).
        crate::club::game_notices(tx, game, &payload).await?;
    }
    sqlx::query(
        "INSERT INTO game_events (game_id, kind, audience, payload, at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game)
    .bind(kind)
    .bind(audience)
    .bind(payload.to_string())
    .bind(millis(now()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub fn audience_of(powers: &[String]) -> String {
    format!("powers:|{}|", powers.join("|"))
}

/// Whether a reader may see an event of `audience`.
pub fn may_see(v: &Viewer, audience: &str) -> bool {
    if v.is_gm() {
        return true;
    }
    if audience == "all" {
        return v.is_member();
    }
    match audience.strip_prefix("powers:") {
        Some(list) => v.powers().iter().any(|p| list.contains(&format!("|{p}|"))),
        None => false,
    }
}

// --- One act, one transaction ------------------------------------------------------------

/// Where an act on a game runs: in a transaction of its own (an API request, the pages, the
/// DAIDE server), or in the caller's (the mail gateway's exactly-once transaction, docs/mail.md:
/// the act neither begins nor commits, and does not use the kept sessions).
pub enum At<'a, 'c> {
    Own(&'a Db),
    In(&'a mut Transaction<'c, Any>),
}

enum Tx<'a, 'c> {
    Own(Transaction<'c, Any>),
    In(&'a mut Transaction<'c, Any>),
}

/// A change of one game in one transaction, written once for every act: [`GameTx::begin`]
/// locks the game (bumps its version, see the module's note) and reads it and its members;
/// the act reads the session ([`GameTx::session`]) and the table ([`GameTx::seats`]), calls
/// the host, and stores what changed ([`GameTx::save`], [`GameTx::store_seats`],
/// [`GameTx::notify`]); [`GameTx::commit`] ends it. Dropped without a commit (an act
/// refused), nothing of it is kept.
pub struct GameTx<'a, 'c> {
    tx: Tx<'a, 'c>,
    /// The database, when the transaction is the act's own (its sessions are kept).
    db: Option<&'a Db>,
    pub game: GameRow,
    pub members: Vec<Member>,
}

impl<'a, 'c> GameTx<'a, 'c> {
    /// Begins a change of game `id` at `at`: locks it and reads it.
    pub async fn begin(at: At<'a, 'c>, id: &str) -> Result<GameTx<'a, 'c>> {
        let (mut tx, db) = match at {
            At::Own(db) => (Tx::Own(db.writer.begin().await?), Some(db)),
            At::In(tx) => (Tx::In(tx), None),
        };
        let t = match &mut tx {
            Tx::Own(t) => t,
            Tx::In(t) => &mut **t,
        };
        let game = bump_game(t, id, None).await?.ok_or_else(|| {
            Error::not_found(format!("no game '{id}'")).key("err-no-game", &[("id", id)])
        })?;
        let members = load_members(&mut **t, id).await?;
        Ok(GameTx {
            tx,
            db,
            game,
            members,
        })
    }

    /// The scheduler's change of game `id`, only if it is still due at `now_ms` (another
    /// server may have adjudicated it, or hold it: on PostgreSQL a game another server holds
    /// is passed over, not waited for). `None`: not due, nothing changed.
    pub async fn begin_due(db: &'a Db, id: &str, now_ms: i64) -> Result<Option<GameTx<'a, 'c>>> {
        let mut tx = db.writer.begin().await?;
        if db.backend == crate::db::Backend::Postgres {
            // The scheduler goes on with the other due games and looks at this one again at
            // its next tick. (SQLite has one writer at a time: nothing to skip.)
            let claimed = sqlx::query(
                "SELECT id FROM games WHERE id = $1 AND status = 'active' AND due_at IS NOT NULL AND due_at <= $2 FOR UPDATE SKIP LOCKED",
            )
            .bind(id)
            .bind(now_ms)
            .fetch_optional(&mut *tx)
            .await?;
            if claimed.is_none() {
                return Ok(None);
            }
        }
        // Locks the game only if it is still due: a second server waiting on the lock finds
        // the deadline moved when it gets it, and changes nothing.
        let Some(game) = bump_game(&mut tx, id, Some(now_ms)).await? else {
            return Ok(None);
        };
        let members = load_members(&mut *tx, id).await?;
        Ok(Some(GameTx {
            tx: Tx::Own(tx),
            db: Some(db),
            game,
            members,
        }))
    }

    /// The transaction.
    pub fn tx(&mut self) -> &mut Transaction<'c, Any> {
        match &mut self.tx {
            Tx::Own(t) => t,
            Tx::In(t) => t,
        }
    }

    pub fn id(&self) -> &str {
        &self.game.id
    }

    /// The game's session: the one kept from the last change when nobody changed the game
    /// since (in a transaction of the act's own), or else read from its record.
    pub fn session(&self) -> Result<Session> {
        match self.db {
            Some(db) => session_to_change(db, &self.game),
            None => session_of(&self.game),
        }
    }

    /// The game's session, `None` before the game starts.
    pub fn started(&self) -> Result<Option<Session>> {
        match self.game.record {
            Some(_) => self.session().map(Some),
            None => Ok(None),
        }
    }

    /// The caller as a reader of the game.
    pub fn viewer(&self, caller: &Caller) -> Viewer {
        viewer(Some(caller.clone()), &self.game, &self.members)
    }

    /// The table: the game's players and those they replaced, as the host reads them.
    pub fn seats(&self, s: &Session) -> Vec<SeatHolder> {
        table_of(s, &self.members)
    }

    /// The table's rules, from the game's options.
    pub fn rules(&self) -> TableRules {
        table_rules(&self.game.options)
    }

    /// Stores what the host changed of the seats (readiness, votes, missed phases).
    pub async fn store_seats(
        &mut self,
        s: &Session,
        before: &[SeatHolder],
        after: &[SeatHolder],
    ) -> Result<()> {
        let id = self.game.id.clone();
        for seat in after {
            if before.iter().any(|b| b == seat) {
                continue;
            }
            sqlx::query("UPDATE members SET ready_phase = $1, draw_vote = $2, missed = $3 WHERE game_id = $4 AND account_id = $5")
                .bind(seat.ready.map(|p| p.code()))
                .bind(seat.vote.as_ref().map(|v| v.stored(s.map())))
                .bind(i64::from(seat.missed))
                .bind(&id)
                .bind(seat.member.0)
                .execute(&mut **self.tx())
                .await?;
        }
        Ok(())
    }

    /// Writes the changed game back, due as its session says ([`due_of`]).
    pub async fn save(&mut self, s: &Session) -> Result<()> {
        self.save_due(s, due_of(s)).await
    }

    /// Writes the changed game back, due at `due_at` (ms).
    pub async fn save_due(&mut self, s: &Session, due_at: Option<i64>) -> Result<()> {
        let id = self.game.id.clone();
        save_game(self.tx(), &id, s, due_at).await
    }

    /// Sets when the scheduler looks at the game next, the game itself unchanged.
    pub async fn set_due(&mut self, due_at: Option<i64>) -> Result<()> {
        let id = self.game.id.clone();
        sqlx::query("UPDATE games SET due_at = $1 WHERE id = $2")
            .bind(due_at)
            .bind(&id)
            .execute(&mut **self.tx())
            .await?;
        Ok(())
    }

    /// A live-update event ([`notify`]).
    pub async fn notify(
        &mut self,
        kind: &str,
        audience: &str,
        payload: serde_json::Value,
    ) -> Result<()> {
        let id = self.game.id.clone();
        notify(self.tx(), &id, kind, audience, payload).await
    }

    /// Ends the change: commits the act's own transaction and keeps `s`, the session as now
    /// stored, for the next change (nothing in the caller's transaction: the caller commits).
    pub async fn commit(self, s: Option<Session>) -> Result<()> {
        if let Tx::Own(t) = self.tx {
            t.commit().await?;
            if let (Some(db), Some(s)) = (self.db, s) {
                db.sessions.put(&self.game.id, self.game.version, s);
            }
        }
        Ok(())
    }
}

/// The table as the host reads it: each player (and each player replaced) with the powers of
/// their seat, the phase they marked ready in, their vote and their missed phases in a row.
pub fn table_of(s: &Session, members: &[Member]) -> Vec<SeatHolder> {
    let map = s.map();
    members
        .iter()
        .filter(|m| m.role == "player" || m.role == "replaced")
        .map(|m| SeatHolder {
            member: MemberId(m.account_id),
            powers: m
                .powers
                .iter()
                .filter_map(|p| map.lookup_power(p))
                .collect(),
            replaced: m.role == "replaced",
            ready: m
                .ready_phase
                .as_deref()
                .and_then(entente_judge::Phase::parse),
            vote: m
                .draw_vote
                .as_deref()
                .and_then(|t| entente_host::EndVote::from_stored(map, t)),
            missed: u32::try_from(m.missed.max(0)).unwrap_or(u32::MAX),
        })
        .collect()
}

/// The table's rules of a game with these options.
pub fn table_rules(o: &NewGame) -> TableRules {
    TableRules {
        end_when_ready: o.end_when_ready,
        missed_orders: match o.missed_orders {
            MissedRule::Hold => entente_host::MissedRule::Hold,
            MissedRule::CivilDisorder => entente_host::MissedRule::CivilDisorder {
                after: o.missed_limit,
            },
            MissedRule::GameMaster => entente_host::MissedRule::GameMaster,
        },
        draws: match o.draws {
            DrawRule::AllSurvivors => entente_host::DrawRule::AllSurvivors,
            DrawRule::Named => entente_host::DrawRule::Named,
        },
        schedule: o.deadlines.clone(),
    }
}

/// A refusal of the table's rules, in the service's words (and its translation's key).
impl From<TableError> for Error {
    fn from(e: TableError) -> Error {
        let e = match e {
            TableError::Game(e) => return e.into(),
            e => e,
        };
        let message = e.to_string();
        let plain: Error = entente_game::Error::new(e.kind(), message.clone()).into();
        match &e {
            TableError::OnlyPlayersVote => plain.key("err-only-player-votes", &[]),
            TableError::OnlyPlayersReady => plain.key("err-only-player-ready", &[]),
            TableError::ReadyInPlacement => plain.key("err-ready-in-placement", &[]),
            TableError::DrawIncludesEverySurvivor => plain.key("err-draw-all-survivors", &[]),
            TableError::UnknownPower { name } => plain.key("err-unknown-power", &[("power", name)]),
            TableError::EscalationSetup { .. } => plain.key("err-escalation-setup", &[]),
            TableError::EscalationBots => plain.key("err-escalation-bots", &[]),
            TableError::EscalationPreferences => plain.key("err-escalation-preferences", &[]),
            _ => plain,
        }
    }
}

/// Bumps the game's version, which takes its lock (see the module's note), and reads it
/// back in the same statement (one round trip less while the lock is held). With
/// `due_by`, only an active game whose deadline is at or before that instant (ms) is
/// bumped. `None`: no such game.
pub async fn bump_game(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    due_by: Option<i64>,
) -> Result<Option<GameRow>> {
    let due = if due_by.is_some() {
        " AND status = 'active' AND due_at IS NOT NULL AND due_at <= $2"
    } else {
        ""
    };
    let sql = format!(
        "UPDATE games SET version = version + 1 WHERE id = $1{due} RETURNING {GAME_COLUMNS}"
    );
    let mut q = sqlx::query(&sql).bind(id);
    if let Some(ms) = due_by {
        q = q.bind(ms);
    }
    q.fetch_optional(&mut **tx)
        .await?
        .map(|row| game_row(&row))
        .transpose()
}

/// Writes a changed game back.
pub async fn save_game(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    s: &Session,
    due_at: Option<i64>,
) -> Result<()> {
    let status = if s.game().is_over() {
        "finished"
    } else {
        "active"
    };
    sqlx::query("UPDATE games SET record = $1, phase = $2, status = $3, due_at = $4 WHERE id = $5")
        .bind(s.to_json())
        .bind(s.game().phase().code())
        .bind(status)
        .bind(due_at)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    if s.game().is_over() {
        // The club's record of the game's result, in the transaction that ended it.
        crate::club::record_result(tx, id, s).await?;
    }
    Ok(())
}

/// The deadline as stored: when the scheduler looks at the game next.
pub fn due_of(s: &Session) -> Option<i64> {
    // Escalation's placement has no deadline: nothing is adjudicated until it is over.
    s.due_at().map(millis)
}

/// Joins a forming game as a player (with a preference list of seats, for games that
/// assign by preference) or as an observer. The game starts when the last seat is taken.
pub async fn join(
    db: &Db,
    caller: &Caller,
    id: &str,
    role: &str,
    preferences: Option<String>,
) -> Result<()> {
    crate::club::may_play(db, caller.id).await?;
    let mut g = GameTx::begin(At::Own(db), id).await?;
    let (game, members) = (g.game.clone(), std::mem::take(&mut g.members));
    if game.created_by == caller.id {
        return Err(
            Error::conflict("the game master does not play in their own game")
                .key("err-gm-plays", &[]),
        );
    }
    if members.iter().any(|m| m.account_id == caller.id) {
        return Err(Error::conflict("you are in this game already").key("err-in-game-already", &[]));
    }
    let now_ms = millis(now());
    match role {
        "observer" => {
            // Who joins a finished game reads what its archive shows, not its private press.
            let role = if game.status == "finished" {
                LATE_OBSERVER
            } else {
                "observer"
            };
            sqlx::query("INSERT INTO members (game_id, account_id, role, joined_at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(caller.id)
                .bind(role)
                .bind(now_ms)
                .execute(&mut **g.tx())
                .await?;
            return g.commit(None).await;
        }
        "player" => {}
        other => {
            return Err(Error::unprocessable(format!(
                "join as 'player' or 'observer', not '{other}'"
            )))
        }
    }
    if game.status != "forming" {
        return Err(Error::conflict(
            "the game has started: its seats are taken (join as an observer)",
        )
        .key("err-seats-taken", &[]));
    }
    let variant = variant_of(&game.options)?;
    let seats = seats_of(&game.options, &variant)?;
    let prefs = preferences.unwrap_or_default();
    if game.options.assignment == AssignRule::Preferences {
        if prefs.trim().is_empty() {
            return Err(Error::unprocessable(
                "this game assigns powers by preference: send your preference list (England, France, ...)",
            ).key("err-preferences-needed", &[]));
        }
        let seats_ids = Setup::seats(game.options.setup.parse()?, &variant.map)?;
        entente_game::assign::parse_preference_list(&variant.map, &seats_ids, &prefs)?;
    }
    // Bot seats are for bot accounts only, the others for people only.
    let is_bot = is_bot_account(&mut **g.tx(), caller.id).await?;
    let bots = members
        .iter()
        .filter(|m| m.role == "player" && m.bot)
        .count();
    let people = members
        .iter()
        .filter(|m| m.role == "player" && !m.bot)
        .count();
    let bot_seats = game.options.bot_seats as usize;
    if is_bot && bots >= bot_seats {
        return Err(
            Error::conflict("no seat for a bot is free in this game").key("err-seats-taken", &[])
        );
    }
    if !is_bot && people >= seats.len().saturating_sub(bot_seats) {
        return Err(Error::conflict(
            "the seats for players are taken (the others are kept for bots)",
        )
        .key("err-seats-taken", &[]));
    }
    sqlx::query("INSERT INTO members (game_id, account_id, role, preferences, joined_at) VALUES ($1, $2, 'player', $3, $4)")
        .bind(id)
        .bind(caller.id)
        .bind(prefs.replace('\n', " "))
        .bind(now_ms)
        .execute(&mut **g.tx())
        .await?;
    let players: Vec<Member> = load_members(&mut **g.tx(), id)
        .await?
        .into_iter()
        .filter(|m| m.role == "player")
        .collect();
    g.notify(
        "joined",
        "all",
        serde_json::json!({ "players": players.len(), "seats": seats.len() }),
    )
    .await?;
    if players.len() == seats.len() {
        // (The new session is not kept: the next change reads it from its record.)
        start(&mut g, &players, variant).await?;
    }
    g.commit(None).await
}

async fn is_bot_account<'e, E>(e: E, account: i64) -> Result<bool>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let bot: Option<i64> = sqlx::query_scalar("SELECT bot FROM accounts WHERE id = $1")
        .bind(account)
        .fetch_optional(e)
        .await?;
    Ok(bot.unwrap_or(0) != 0)
}

/// A new bot account for a DAIDE client that named itself `name`: `bot:name:xxxx`, a name no
/// person can take (`:` is not allowed in account names), with no password and no e-mail, so
/// nobody can sign in as it.
pub async fn bot_account(db: &Db, name: &str) -> Result<Caller> {
    let clean: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .take(20)
        .collect();
    let clean = if clean.is_empty() {
        "bot".into()
    } else {
        clean
    };
    let name = format!("bot:{clean}:{}", crate::auth::random_hex(3));
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO accounts (name, email, password_hash, created_at, bot) VALUES ($1, '', '!', $2, 1) RETURNING id",
    )
    .bind(&name)
    .bind(millis(now()))
    .fetch_one(&db.writer)
    .await?;
    Ok(Caller { id, name })
}

/// The account that creates (and is game master of) the games opened for bots when none was
/// waiting: `bot:house`, made on first use.
pub async fn house_account(db: &Db) -> Result<Caller> {
    let name = "bot:house".to_string();
    if let Some(id) = sqlx::query_scalar::<_, i64>("SELECT id FROM accounts WHERE name = $1")
        .bind(&name)
        .fetch_optional(&db.pool)
        .await?
    {
        return Ok(Caller { id, name });
    }
    let inserted = sqlx::query_scalar::<_, i64>(
        "INSERT INTO accounts (name, email, password_hash, created_at, bot) VALUES ($1, '', '!', $2, 1) RETURNING id",
    )
    .bind(&name)
    .bind(millis(now()))
    .fetch_one(&db.writer)
    .await;
    match inserted {
        Ok(id) => Ok(Caller { id, name }),
        // Another server made it first.
        Err(_) => {
            let id = sqlx::query_scalar::<_, i64>("SELECT id FROM accounts WHERE name = $1")
                .bind(&name)
                .fetch_one(&db.pool)
                .await?;
            Ok(Caller { id, name })
        }
    }
}

/// A game's row without its record: cheap to read often (a front end following the game).
#[derive(Clone, Debug)]
pub struct GameState {
    pub version: i64,
    pub status: String,
    /// The phase's code (`S1901M`), once started.
    pub phase: Option<String>,
    /// When the scheduler looks at the game next (ms).
    pub due_at: Option<i64>,
}

pub async fn game_state(db: &Db, id: &str) -> Result<Option<GameState>> {
    let row = sqlx::query("SELECT version, status, phase, due_at FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|r| {
        Ok(GameState {
            version: r.try_get(0)?,
            status: r.try_get(1)?,
            phase: r.try_get(2)?,
            due_at: r.try_get(3)?,
        })
    })
    .transpose()
}

/// The forming games with a bot seat free, oldest first.
pub async fn games_waiting_for_bots(db: &Db) -> Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT g.id, g.options, (SELECT COUNT(*) FROM members m JOIN accounts a ON a.id = m.account_id \
           WHERE m.game_id = g.id AND m.role = 'player' AND a.bot <> 0) AS bots \
         FROM games g WHERE g.status = 'forming' ORDER BY g.created_at, g.id",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let options: String = r.try_get(1)?;
        let Ok(o) = serde_json::from_str::<NewGame>(&options) else {
            continue;
        };
        let bots: i64 = r.try_get(2)?;
        if (o.bot_seats as i64) > bots {
            out.push(r.try_get(0)?);
        }
    }
    Ok(out)
}

/// Seats a bot account: at the oldest forming game with a bot seat free, or else at a new
/// game made by the house account with `new_game`'s options. Returns the game's id.
pub async fn seat_bot(db: &Db, bot: &Caller, new_game: &NewGame) -> Result<String> {
    // A game found waiting may fill up before the bot joins (another bot, another server):
    // then the next one is tried.
    for id in games_waiting_for_bots(db).await? {
        match join(db, bot, &id, "player", None).await {
            Ok(()) => return Ok(id),
            Err(e) if e.kind == crate::error::ErrorKind::Conflict => continue,
            Err(e) => return Err(e),
        }
    }
    let house = house_account(db).await?;
    let id = create_game(db, &house, new_game.clone()).await?;
    join(db, bot, &id, "player", None).await?;
    Ok(id)
}

/// Leaves a game that has not started.
pub async fn leave(db: &Db, caller: &Caller, id: &str) -> Result<()> {
    let mut g = GameTx::begin(At::Own(db), id).await?;
    let Some(m) = g.members.iter().find(|m| m.account_id == caller.id) else {
        return Err(Error::not_found("you are not in this game").key("err-not-in-game", &[]));
    };
    if m.role == "player" && g.game.status != "forming" {
        return Err(
            Error::conflict("the game has started: ask the game master to replace you")
                .key("err-cannot-leave-started", &[]),
        );
    }
    if m.role == "gm" {
        return Err(Error::conflict("the game master cannot leave the game")
            .key("err-gm-cannot-leave", &[]));
    }
    sqlx::query("DELETE FROM members WHERE game_id = $1 AND account_id = $2")
        .bind(id)
        .bind(caller.id)
        .execute(&mut **g.tx())
        .await?;
    g.commit(None).await
}

/// The seats are full: the powers are given out and the first phase opens. Returns the
/// game's session as stored.
async fn start(g: &mut GameTx<'_, '_>, players: &[Member], variant: Variant) -> Result<Session> {
    let o = &g.game.options.clone();
    let seed = o
        .seed
        .unwrap_or_else(|| u64::from_str_radix(&crate::auth::random_hex(8), 16).unwrap_or(0));
    let names: Vec<String> = players.iter().map(|m| m.name.clone()).collect();
    let escalation = variant.map.is_escalation();
    let spec = GameSpec {
        rules: rulebook_of(o)?,
        setup: if escalation {
            Setup::Seven
        } else {
            o.setup.parse()?
        },
        players: match o.assignment {
            _ if escalation => {
                PlayersSpec::Given(entente_host::escalation_seating(&variant.map, names, seed))
            }
            AssignRule::Random => PlayersSpec::Random(names),
            AssignRule::Preferences => PlayersSpec::Preferences(
                players
                    .iter()
                    .map(|m| format!("{}: {}\n", m.name, m.preferences))
                    .collect(),
            ),
        },
        variant,
        seed,
        first_year: None,
        period: false,
        options: GameOptions {
            gunboat: o.press == PressRule::None,
            anonymous: o.press == PressRule::Grey,
            end_year: o.end_year,
            time_zone: match &o.deadlines {
                entente_host::Schedule::Weekly { time_zone, .. } => Some(time_zone.clone()),
                _ => None,
            },
            public_press_only: o.press == PressRule::Public,
            press_in_movement_only: o.press_in_movement_only,
        },
    };
    let mut s = spec.create()?;
    s.set_clock(now);
    if let Some(n) = o.escalation_units.filter(|_| escalation) {
        s.set_escalation_units(n)?;
    }
    // Escalation: the first deadline is set when the last unit is placed.
    let deadline = match s.game().in_placement() {
        true => None,
        false => o.deadlines.deadline(s.game().phase().kind, now())?,
    };
    if deadline.is_some() {
        s.set_deadline(deadline)?;
    }
    for p in s.players() {
        let powers: Vec<String> = p
            .powers
            .iter()
            .map(|&q| s.map().power(q).name.clone())
            .collect();
        let id = g.game.id.clone();
        sqlx::query("UPDATE members SET powers = $1 WHERE game_id = $2 AND account_id = (SELECT id FROM accounts WHERE name = $3)")
            .bind(powers.join(","))
            .bind(id)
            .bind(&p.name)
            .execute(&mut **g.tx())
            .await?;
        // Each player learns their own powers, and nobody else's.
        g.notify(
            "started",
            &audience_of(&powers),
            serde_json::json!({ "powers": powers }),
        )
        .await?;
    }
    g.notify(
        "phase",
        "all",
        serde_json::json!({ "phase": s.game().phase().code() }),
    )
    .await?;
    g.save(&s).await?;
    Ok(s)
}

/// A power named in a request, which the caller must play (or be the game master of).
pub fn power_for(s: &Session, v: &Viewer, name: &str) -> Result<PowerId> {
    let p = s.map().lookup_power(name).ok_or_else(|| {
        Error::unprocessable(format!("unknown power '{name}'"))
            .key("err-unknown-power", &[("power", name)])
    })?;
    let canonical = &s.map().power(p).name;
    if v.is_gm() || v.plays(canonical) {
        Ok(p)
    } else {
        Err(Error::forbidden(format!("you do not play {canonical}"))
            .key("err-not-your-power", &[("power", canonical)]))
    }
}

/// Echo lines as the API gives them, each order understood written out by `order_text`
/// (given the order and its canonical English form).
pub fn echo_lines_with(
    echoes: &[entente_host::Echo],
    order_text: impl Fn(&entente_orders::Order, &str) -> String,
) -> Vec<EchoLine> {
    echoes
        .iter()
        .map(|e| EchoLine {
            text: e.line.text.to_string(),
            order: match &e.line.reading {
                entente_host::Reading::Order { order, canonical } => {
                    Some(order_text(order, canonical))
                }
                _ => None,
            },
            error: match &e.line.reading {
                entente_host::Reading::Unreadable(why) => Some(why.clone()),
                _ => None,
            },
            problem: e.problem.clone(),
        })
        .collect()
}

fn echo_out(s: &Session, power: PowerId, echoes: &[entente_host::Echo]) -> SheetOut {
    SheetOut {
        power: s.map().power(power).name.clone(),
        phase: s.game().phase().code(),
        lines: echo_lines_with(echoes, |_, canonical| canonical.to_string()),
        warnings: s.sheet_warnings(power),
    }
}

/// A sheet's text must be at most [`SHEET_LIMIT`] bytes, of at most [`SHEET_LINES_LIMIT`]
/// lines of at most [`SHEET_LINE_LIMIT`] bytes each.
pub fn check_sheet_size(text: &str) -> Result<()> {
    let too_large = |message: String| Error::new(crate::error::ErrorKind::PayloadTooLarge, message);
    if text.len() > SHEET_LIMIT {
        return Err(
            too_large("an order sheet of at most 64 KiB".into()).key("err-sheet-too-large", &[])
        );
    }
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        if line.len() > SHEET_LINE_LIMIT {
            return Err(too_large(format!(
                "an order sheet's lines of at most 1,000 bytes (line {} has {})",
                i + 1,
                line.len()
            )));
        }
        lines += 1;
    }
    if lines > SHEET_LINES_LIMIT {
        return Err(too_large(format!(
            "an order sheet of at most 1,000 lines (this one has {lines})"
        )));
    }
    Ok(())
}

/// Whether two sessions of one game are at the same turn: the same phase of the same
/// history on the same board, no escalation under way (a sheet read against one is echoed
/// and stored as it would have been against the other).
fn same_turn(a: &Session, b: &Session) -> bool {
    let (a, b) = (a.game(), b.game());
    a.phase() == b.phase()
        && a.history().len() == b.history().len()
        && a.position() == b.position()
        && !a.in_placement()
        && !a.nominating()
}

/// A sheet for `power`: replaces the earlier one; kept in the sheet log.
pub async fn submit(
    db: &Db,
    caller: &Caller,
    id: &str,
    power: &str,
    text: &str,
) -> Result<SheetOut> {
    check_sheet_size(text)?;
    let mut attempt = 0;
    let (mut g, s, p, echoes) = loop {
        attempt += 1;
        // The sheet is read, echoed and given its suggestions outside the write transaction
        // (on SQLite the database's one write lock), against the game as stored now, on a
        // thread for blocking work: a sheet of unreadable lines costs its sender's time only.
        let read_game = load_game(&db.pool, id).await?;
        let members = load_members(&db.pool, id).await?;
        let v = viewer(Some(caller.clone()), &read_game, &members);
        let s = match db.sessions.take(&read_game.id, read_game.version) {
            Some(s) => s,
            None => session_of(&read_game)?,
        };
        let p = match power_for(&s, &v, power) {
            Ok(p) => p,
            Err(e) => {
                db.sessions.put(id, read_game.version, s);
                return Err(e);
            }
        };
        let sheet = text.to_string();
        let (read, echoes) = tokio::task::spawn_blocking(move || {
            let mut s = s;
            // Orders may still come in while the game is paused: only the deadline stands
            // still.
            let echoes =
                entente_orders::with_suggestion_limit(SUGGESTED_LINES, || s.submit(p, &sheet));
            (s, echoes)
        })
        .await
        .map_err(|e| Error::internal(format!("reading the sheet failed: {e}")))?;
        let echoes = match echoes {
            Ok(e) => e,
            Err(e) => {
                // Refused before anything changed: the session is as stored.
                db.sessions.put(id, read_game.version, read);
                return Err(e.into());
            }
        };
        // In the transaction: only that the game is still at that turn, and the store.
        let g = GameTx::begin(At::Own(db), id).await?;
        let v = g.viewer(caller);
        let s = if g.game.version == read_game.version + 1 {
            // Nobody changed the game since it was read: the session read holds the sheet.
            read
        } else {
            let mut s = g.session()?;
            if !same_turn(&s, &read) {
                drop(g);
                if attempt < SUBMIT_ATTEMPTS {
                    continue;
                }
                return Err(Error::conflict(
                    "the game moved on to another phase while the sheet was read; send it again",
                ));
            }
            power_for(&s, &v, power)?;
            s.submit_lines(p, echoes.iter().map(|e| e.line.clone()).collect())?;
            s
        };
        // The caller may have left the game meanwhile.
        power_for(&s, &v, power)?;
        break (g, s, p, echoes);
    };
    let out = echo_out(&s, p, &echoes);
    store_sheet(&mut g, caller, text, &s, &out).await?;
    g.commit(Some(s)).await?;
    Ok(out)
}

/// Keeps a sheet received (the sheet log), the game that holds it, and tells the power's
/// player and the game master.
async fn store_sheet(
    g: &mut GameTx<'_, '_>,
    caller: &Caller,
    text: &str,
    s: &Session,
    out: &SheetOut,
) -> Result<()> {
    let id = g.id().to_string();
    sqlx::query("INSERT INTO sheets (game_id, phase, power, account_id, body, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&id)
        .bind(&out.phase)
        .bind(&out.power)
        .bind(caller.id)
        .bind(text)
        .bind(millis(now()))
        .execute(&mut **g.tx())
        .await?;
    // A sheet changes no deadline.
    g.save_due(s, g.game.due_at).await?;
    let audience = audience_of(std::slice::from_ref(&out.power));
    g.notify(
        "orders",
        &audience,
        serde_json::json!({ "power": out.power, "phase": out.phase }),
    )
    .await
}

/// The sheet received from `power` this phase, echoed.
pub async fn sheet(db: &Db, caller: &Caller, id: &str, power: &str) -> Result<SheetOut> {
    let game = load_game(&db.pool, id).await?;
    let members = load_members(&db.pool, id).await?;
    let v = viewer(Some(caller.clone()), &game, &members);
    let mut s = session_of(&game)?;
    let p = power_for(&s, &v, power)?;
    let echoes = s.sheet_echo(p).unwrap_or_default();
    Ok(echo_out(&s, p, &echoes))
}

/// Every sheet sent for `power`, earlier phases too, oldest first: for the power's player
/// and the game master only (the drafts of a phase stay private after it, too).
pub async fn sent_sheets(
    db: &Db,
    caller: &Caller,
    id: &str,
    power: &str,
) -> Result<Vec<SentSheet>> {
    let game = load_game(&db.pool, id).await?;
    let members = load_members(&db.pool, id).await?;
    let v = viewer(Some(caller.clone()), &game, &members);
    let s = session_of(&game)?;
    let p = power_for(&s, &v, power)?;
    let name = s.map().power(p).name.clone();
    let rows = sqlx::query(
        "SELECT phase, account_id, body, at FROM sheets WHERE game_id = $1 AND power = $2 ORDER BY id",
    )
    .bind(id)
    .bind(&name)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let by: i64 = r.try_get(1)?;
            Ok(SentSheet {
                phase: r.try_get(0)?,
                by: if by == game.created_by {
                    "game master"
                } else {
                    "player"
                }
                .to_string(),
                text: r.try_get(2)?,
                at: from_millis(r.try_get(3)?).to_string(),
            })
        })
        .collect()
}

/// Marks the caller's powers ready (or not). When every power with something to decide is
/// ready, and the game says so, the phase ends now.
pub async fn set_ready(db: &Db, caller: &Caller, id: &str, ready: bool) -> Result<()> {
    ready_at(At::Own(db), caller, id, ready).await
}

async fn ready_at(at: At<'_, '_>, caller: &Caller, id: &str, ready: bool) -> Result<()> {
    let mut g = GameTx::begin(at, id).await?;
    // Before the start nobody holds a power.
    let s = g.started()?.ok_or(TableError::OnlyPlayersReady)?;
    let before = g.seats(&s);
    let mut seats = before.clone();
    let due_now = s.set_ready(&mut seats, MemberId(caller.id), ready, &g.rules())?;
    g.store_seats(&s, &before, &seats).await?;
    if due_now {
        g.set_due(Some(millis(now()))).await?;
    }
    g.notify(
        "ready",
        "all",
        serde_json::json!({ "phase": s.game().phase().code() }),
    )
    .await?;
    g.commit(Some(s)).await
}

/// Sends a message through the game master.
pub async fn send_press(
    db: &Db,
    caller: &Caller,
    id: &str,
    from: &str,
    to: &[String],
    text: &str,
) -> Result<PressOut> {
    press_at(At::Own(db), caller, id, from, to, text).await
}

async fn press_at(
    at: At<'_, '_>,
    caller: &Caller,
    id: &str,
    from: &str,
    to: &[String],
    text: &str,
) -> Result<PressOut> {
    if text.len() > PRESS_LIMIT {
        return Err(Error::new(
            crate::error::ErrorKind::PayloadTooLarge,
            "a message of at most 16 KiB",
        )
        .key("err-press-too-large", &[]));
    }
    no_recipient(to)?;
    let mut g = GameTx::begin(at, id).await?;
    let v = g.viewer(caller);
    let mut s = g.session()?;
    let from_id = s.map().lookup_power(from).ok_or_else(|| {
        Error::unprocessable(format!("unknown power '{from}'"))
            .key("err-unknown-power", &[("power", from)])
    })?;
    if !v.plays(&s.map().power(from_id).name) {
        return Err(Error::forbidden(format!(
            "you do not play {}",
            s.map().power(from_id).name
        )));
    }
    let recipients = if to.iter().any(|t| t.eq_ignore_ascii_case("all")) {
        Recipients::All
    } else {
        Recipients::Powers(
            to.iter()
                .map(|t| {
                    s.map().lookup_power(t).ok_or_else(|| {
                        Error::unprocessable(format!("unknown power '{t}'"))
                            .key("err-unknown-power", &[("power", t)])
                    })
                })
                .collect::<Result<_>>()?,
        )
    };
    let m = s.send_press(from_id, recipients, text)?.clone();
    let press_id = press_id(&m);
    let out = sent_press(&s, &v, &press_id)?;
    let audience = match &m.to {
        Recipients::All => "all".to_string(),
        Recipients::Powers(ps) => {
            let mut names = power_names(&s, ps);
            names.push(s.map().power(m.from).name.clone());
            audience_of(&names)
        }
    };
    // A message changes no deadline.
    g.save_due(&s, g.game.due_at).await?;
    g.notify(
        "press",
        &audience,
        // Its id, not its number in the game: that would count the letters of others.
        serde_json::json!({ "id": press_id }),
    )
    .await?;
    g.commit(Some(s)).await?;
    Ok(out)
}

fn press_out(
    s: &Session,
    m: &entente_host::Message,
    reader: Option<PowerId>,
    gm: bool,
) -> PressOut {
    let sender = match reader {
        _ if gm => Some(m.from),
        Some(r) => s.sender_seen_by(m, r),
        None => (!s.options().anonymous).then_some(m.from),
    };
    PressOut {
        // Numbered by [`press_for`] among the reader's messages.
        seq: 0,
        id: press_id(m),
        phase: m.phase.code(),
        from: sender.map(|p| s.map().power(p).name.clone()),
        to: match &m.to {
            Recipients::All => vec!["all".into()],
            Recipients::Powers(ps) => power_names(s, ps),
        },
        text: m.text.clone(),
        at: m.at.map(|t| t.to_string()),
    }
}

/// Refuses a message for nobody: an empty list is not "all" (the page's form refuses it
/// too).
fn no_recipient(to: &[String]) -> Result<()> {
    if to.is_empty() {
        return Err(Error::bad_request(
            "a message with no recipient: send it to [\"all\"] or to the powers it is for",
        ));
    }
    Ok(())
}

/// A message just sent, as its sender reads it.
fn sent_press(s: &Session, v: &Viewer, id: &str) -> Result<PressOut> {
    press_for(s, v)
        .into_iter()
        .find(|p| p.id == id)
        .ok_or_else(|| Error::internal("the message sent is not among its sender's"))
}

/// A message's id, the same for each of its readers: a hash of its time, phase, recipients
/// and text (what every reader of it knows; not its sender, hidden in grey press), so that
/// it tells nothing of the game's other messages. Unique in a game: the host times each
/// message strictly after the one before.
pub fn press_id(m: &entente_host::Message) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"entente-press\0");
    h.update(m.at.map(|t| t.to_string()).unwrap_or_default().as_bytes());
    h.update(b"\0");
    h.update(m.phase.code().as_bytes());
    h.update(b"\0");
    match &m.to {
        Recipients::All => h.update(b"all"),
        Recipients::Powers(ps) => {
            for p in ps {
                h.update((p.index() as u64).to_le_bytes());
            }
        }
    }
    h.update(b"\0");
    h.update(m.text.as_bytes());
    h.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether the reader may read every message of the game: the game master; once the game
/// is over, its players and the observers who followed it (and, with `open_press_at_end`,
/// those who joined after: see [`viewer`]).
pub fn reads_all_press(s: &Session, v: &Viewer) -> bool {
    v.is_gm() || (s.game().is_over() && v.role != Role::LateObserver && v.is_member())
}

/// The messages the reader may read: the game master all; a player those sent or
/// addressed to their powers or to all; an observer the public ones; once the game is
/// over, its members all of them, but an observer who joined after the end (the public
/// ones, as the club's archive: [`Role::LateObserver`]).
///
/// Each is numbered (`seq`) among the reader's own messages, 1, 2, 3, ..., so that a number
/// tells nothing of the letters the reader was not sent; `id` names it for every reader.
pub fn press_for(s: &Session, v: &Viewer) -> Vec<PressOut> {
    let over = s.game().is_over();
    let all = reads_all_press(s, v);
    let mine: Vec<PowerId> = v
        .powers()
        .iter()
        .filter_map(|n| s.map().lookup_power(n))
        .collect();
    s.press()
        .iter()
        .filter(|m| {
            all || matches!(m.to, Recipients::All) || mine.iter().any(|&p| m.readable_by(p))
        })
        .enumerate()
        .map(|(i, m)| {
            let reader = mine.iter().copied().find(|&p| m.readable_by(p));
            PressOut {
                seq: i + 1,
                ..press_out(s, m, reader, v.is_gm() || over)
            }
        })
        .collect()
}

/// The game's record as the reader may download it (`GET /api/v1/games/{id}/record`): the
/// players named as [`reveals_players`] says, and the press the reader may read: an
/// observer who joined after the end gets the archive's (the public press, numbered anew).
pub fn record_seen_by(s: &Session, game: &GameRow, v: &Viewer) -> Result<String> {
    let reveal = reveals_players(&game.options, v, Some(s));
    let text = record_for(s, reveal)?;
    if reads_all_press(s, v) {
        return Ok(text);
    }
    let mut r: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| Error::internal(format!("the record cannot be read back: {e}")))?;
    crate::club::public_press_only(&mut r);
    serde_json::to_string_pretty(&r).map_err(|e| Error::internal(e.to_string()))
}

/// The languages every front end speaks.
pub use entente_i18n::LANGUAGES;

/// An account's remembered preferences, for every front end (pages, mail).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prefs {
    pub language: Option<String>,
    pub time_zone: Option<String>,
}

/// The account's preferences.
pub async fn account_prefs(db: &Db, account: i64) -> Result<Prefs> {
    let row = sqlx::query("SELECT language, time_zone FROM accounts WHERE id = $1")
        .bind(account)
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| Error::not_found("no such account"))?;
    Ok(Prefs {
        language: row.try_get(0)?,
        time_zone: row.try_get(1)?,
    })
}

/// Changes what is given of the account's preferences (an empty string unsets it) and
/// gives them all back.
pub async fn set_account_prefs(db: &Db, account: i64, new: Prefs) -> Result<Prefs> {
    if let Some(l) = new.language.as_deref().filter(|l| !l.is_empty()) {
        if !LANGUAGES.contains(&l) {
            return Err(Error::unprocessable(format!(
                "unknown language '{l}': one of {}",
                LANGUAGES.join(", ")
            )));
        }
    }
    if let Some(z) = new.time_zone.as_deref().filter(|z| !z.is_empty()) {
        if jiff::tz::TimeZone::get(z).is_err() {
            return Err(Error::unprocessable(format!(
                "unknown time zone '{z}': an IANA name such as Europe/Prague"
            )));
        }
    }
    let mut tx = db.pool.begin().await?;
    for (column, value) in [("language", &new.language), ("time_zone", &new.time_zone)] {
        if let Some(v) = value {
            let v = (!v.is_empty()).then_some(v.clone());
            sqlx::query(&format!("UPDATE accounts SET {column} = $1 WHERE id = $2"))
                .bind(v)
                .bind(account)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    account_prefs(db, account).await
}

/// A player's vote on how the game ends: kept per player until the next adjudication or
/// rollback, secret until it is unanimous among the survivors' players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndVote {
    /// A draw shared by these powers (empty: every survivor).
    Draw(Vec<String>),
    /// Every other power concedes the game to this one.
    Concede(String),
    /// No vote.
    Withdraw,
}

/// Votes for a draw (`Some(powers)`: shared by those; empty: all survivors) or withdraws
/// the vote (`None`). A unanimous vote of the survivors' players ends the game.
pub async fn vote_draw(
    db: &Db,
    caller: &Caller,
    id: &str,
    vote: Option<Vec<String>>,
) -> Result<bool> {
    vote_end(
        db,
        caller,
        id,
        vote.map_or(EndVote::Withdraw, EndVote::Draw),
    )
    .await
}

/// Votes to concede the game to a surviving power (`Some(power)`) or withdraws the vote
/// (`None`). When every survivor's player votes to concede to the same power, that power
/// wins the game (its own player agrees by voting too).
pub async fn vote_concede(db: &Db, caller: &Caller, id: &str, to: Option<String>) -> Result<bool> {
    vote_end(
        db,
        caller,
        id,
        to.map_or(EndVote::Withdraw, EndVote::Concede),
    )
    .await
}

/// A player's vote on the game's end (a draw, a concession, or none); says whether the
/// game ended. The vote is stored as `all`, `Austria,France` (a named draw) or
/// `concede:France`.
pub async fn vote_end(db: &Db, caller: &Caller, id: &str, vote: EndVote) -> Result<bool> {
    vote_at(At::Own(db), caller, id, vote).await
}

async fn vote_at(at: At<'_, '_>, caller: &Caller, id: &str, vote: EndVote) -> Result<bool> {
    let mut g = GameTx::begin(at, id).await?;
    // Before the start nobody holds a power.
    let mut s = g.started()?.ok_or(TableError::OnlyPlayersVote)?;
    let before = g.seats(&s);
    let voter = MemberId(caller.id);
    let draws = g.rules().draws;
    // The host's first checks (who votes, not once the game is over) before the names are
    // read, as they always came first.
    if !before.iter().any(|h| h.member == voter && h.plays()) {
        return Err(TableError::OnlyPlayersVote.into());
    }
    if s.game().is_over() {
        return Err(entente_game::Error::game_over().into());
    }
    let vote = match vote {
        EndVote::Withdraw => None,
        EndVote::Draw(names) => Some(entente_host::EndVote::draw_of_names(
            s.map(),
            &names,
            draws,
        )?),
        EndVote::Concede(to) => Some(entente_host::EndVote::concession_to_name(s.map(), &to)?),
    };
    let mut seats = before.clone();
    let ended = s.cast_vote(&mut seats, voter, vote, draws)?;
    g.store_seats(&s, &before, &seats).await?;
    if ended {
        g.save(&s).await?;
        g.notify(
            "finished",
            "all",
            serde_json::json!({ "result": s.end_text() }),
        )
        .await?;
    } else {
        // Who voted is public, not how: the vote stays secret until it is unanimous.
        g.notify("draw-vote", "all", serde_json::json!({})).await?;
    }
    g.commit(Some(s)).await?;
    Ok(ended)
}

/// Whether the reader may know who plays whom: the game master always; the others as the
/// game's `reveal` option says.
pub fn reveals_players(o: &NewGame, v: &Viewer, s: Option<&Session>) -> bool {
    let over = s.is_some_and(|s| s.game().is_over());
    v.is_gm()
        || match o.reveal {
            Reveal::Start => true,
            Reveal::End => over,
            Reveal::Never => false,
        }
}

/// The game as the reader may see it.
pub fn game_out(game: &GameRow, members: &[Member], v: &Viewer, s: Option<&Session>) -> GameOut {
    let seats = check_options(&game.options).map(|s| s.len()).unwrap_or(0);
    let joined = members.iter().filter(|m| m.role == "player").count();
    let reveal = reveals_players(&game.options, v, s);
    let mut options = game.options.clone();
    if !v.is_gm() {
        // The seed would let a player recompute the lots.
        options.seed = None;
    }
    let mut out = GameOut {
        id: game.id.clone(),
        title: game.title.clone(),
        status: game.status.clone(),
        variant: game.options.variant.clone(),
        seats,
        joined,
        phase: None,
        phase_title: None,
        deadline: None,
        time_zone: None,
        paused: false,
        my_role: v.role_name().to_string(),
        my_powers: v.powers().to_vec(),
        options,
        powers: Vec::new(),
        position: None,
        result: None,
        history_len: 0,
        escalation: None,
        club_problem: game.club_problem.clone().filter(|_| v.is_gm()),
    };
    let Some(s) = s else {
        return out;
    };
    let map = s.map();
    let pos = s.game().position();
    let phase = s.game().phase();
    out.phase = Some(phase.code());
    out.phase_title = Some(entente_report::phase_title(map, phase));
    out.deadline = s.deadline().map(|d| d.at.to_string());
    out.time_zone = s.deadline().map(|d| d.zone.clone());
    out.paused = s.is_paused();
    out.result = s.end_text();
    out.history_len = s.game().history().len();
    out.escalation = escalation_out(s, v);
    if v.is_member() {
        out.position = serde_json::to_value(PositionRecord::from_position(map, pos)).ok();
    }
    let code = phase.code();
    out.powers = map
        .power_ids()
        .filter(|&p| s.player_of(p).is_some())
        .map(|p| {
            let name = map.power(p).name.clone();
            let player = s.player_of(p).map(|pl| pl.name.clone());
            let mine = v.plays(&name);
            let member = members
                .iter()
                .find(|m| m.role == "player" && m.powers.contains(&name));
            PlayerOut {
                player: if reveal || mine { player } else { None },
                supply_centres: pos.centre_count(map, p),
                units: pos.unit_count(p),
                orders_in: (v.is_gm() || mine).then(|| s.pending().contains_key(&p)),
                ready: member.is_some_and(|m| m.ready_phase.as_deref() == Some(&code)),
                civil_disorder: s.game().in_civil_disorder(p),
                power: name,
            }
        })
        .collect();
    out
}

/// The lobby: every game, newest first, as the reader may see each.
pub async fn list_games(db: &Db, caller: Option<&Caller>) -> Result<Vec<GameOut>> {
    let rows = sqlx::query(&format!(
        "SELECT {GAME_COLUMNS} FROM games ORDER BY created_at DESC, id LIMIT 500"
    ))
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let mut game = game_row(r)?;
        // The lobby shows no positions: the record is not read for it.
        game.record = None;
        let members = load_members(&db.pool, &game.id).await?;
        let v = viewer(caller.cloned(), &game, &members);
        let mut g = game_out(&game, &members, &v, None);
        let phase: Option<String> = sqlx::query("SELECT phase FROM games WHERE id = $1")
            .bind(&game.id)
            .fetch_one(&db.pool)
            .await?
            .try_get(0)?;
        g.phase = phase;
        g.deadline = game.due_at.map(|d| from_millis(d).to_string());
        out.push(g);
    }
    Ok(out)
}

/// The reader's role in a game now, read without a lock.
pub async fn read_members_viewer(db: &Db, caller: Option<Caller>, id: &str) -> Result<Viewer> {
    let game = load_game(&db.pool, id).await?;
    let members = load_members(&db.pool, id).await?;
    Ok(viewer(caller, &game, &members))
}

/// A game, its viewer and its session (once started), read without a lock.
pub async fn read_game(
    db: &Db,
    caller: Option<Caller>,
    id: &str,
) -> Result<(GameRow, Vec<Member>, Viewer, Option<Session>)> {
    let game = load_game(&db.pool, id).await?;
    let members = load_members(&db.pool, id).await?;
    let v = viewer(caller, &game, &members);
    let s = match game.record {
        Some(_) => Some(session_of(&game)?),
        None => None,
    };
    Ok((game, members, v, s))
}

/// Phase `i` of the history: judge form and record entry.
pub fn phase_out(s: &Session, i: usize) -> Result<PhaseOut> {
    phase_out_in(s, i, "en")
}

/// [`phase_out`] with the judge form in `lang` (`en`, `cs`, `fr`, `ru`; the record's entry
/// is the same in every language).
pub fn phase_out_in(s: &Session, i: usize, lang: &str) -> Result<PhaseOut> {
    let history = s.game().history();
    let h = history.get(i).ok_or_else(|| {
        Error::not_found(format!(
            "no phase {i}: {} phases have been played (0 is the first)",
            history.len()
        ))
    })?;
    let words = entente_i18n::judge::judge_words(lang);
    let mut judge_form = String::new();
    escalation_before_phase(&*words, s, i, &mut judge_form);
    entente_report::game::game_phase_in(&*words, s, i, &mut judge_form);
    let record = s.to_record();
    Ok(PhaseOut {
        index: i,
        phase: h.phase.code(),
        title: words.phase_title(s.map(), h.phase),
        judge_form,
        record: serde_json::to_value(&record.phases[i]).unwrap_or_default(),
    })
}

/// The board as SVG: the current position, or history entry `i` with its orders drawn.
pub fn board_svg(s: &Session, i: Option<usize>) -> Result<String> {
    let map = s.map();
    let r = entente_render::Renderer::new(map, entente_render::RenderOptions::default());
    board_svg_with(s, i, &r, |phase| entente_report::phase_title(map, phase))
}

/// The board drawn by `r`: the current position (`None`) or history entry `i` with its
/// orders and their outcomes, under the title `title` gives its phase.
pub fn board_svg_with(
    s: &Session,
    i: Option<usize>,
    r: &entente_render::Renderer,
    title: impl Fn(entente_judge::Phase) -> String,
) -> Result<String> {
    match i {
        None => {
            let pos = s.game().position();
            let dislodged: Vec<_> = pos.dislodged().collect();
            let homes = escalation_homes(s, s.game().phase());
            Ok(r.render_with_homes(pos, None, &dislodged, &title(s.game().phase()), &homes))
        }
        Some(i) => {
            let h =
                s.game().history().get(i).ok_or_else(|| {
                    Error::not_found(format!("no phase {i} in the game's history"))
                })?;
            let (orders, dislodged) = entente_render::marks(&h.result, &h.before);
            let homes = escalation_homes(s, h.phase);
            Ok(r.render_with_homes(
                &h.before,
                Some(&orders),
                &dislodged,
                &title(h.phase),
                &homes,
            ))
        }
    }
}

/// The game's record as the reader may have it: unless the reader may know who plays whom,
/// the players are named by their powers, and the seed that would let them recompute the
/// lots is left out.
pub fn record_for(s: &Session, reveal: bool) -> Result<String> {
    use serde_json::Value;
    let text = s.to_json();
    if reveal {
        return Ok(text);
    }
    let mut r: Value = serde_json::from_str(&text)
        .map_err(|e| Error::internal(format!("the record cannot be read back: {e}")))?;
    let mut labels = std::collections::HashMap::new();
    if let Some(players) = r.get_mut("players").and_then(Value::as_array_mut) {
        for p in players {
            let powers: Vec<&str> = p["powers"]
                .as_array()
                .map(|ps| ps.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let label = format!("the player of {}", powers.join(", "));
            if let Some(name) = p["name"].as_str() {
                labels.insert(name.to_string(), label.clone());
            }
            p["name"] = Value::String(label);
        }
    }
    let label = |v: &mut Value| {
        let l = v
            .as_str()
            .and_then(|n| labels.get(n))
            .cloned()
            .unwrap_or_else(|| "a former player".into());
        *v = Value::String(l);
    };
    if let Some(o) = r.as_object_mut() {
        o.remove("seed");
    }
    if let Some(a) = r.get_mut("assignment").and_then(Value::as_object_mut) {
        a.remove("seed");
        if let Some(rankings) = a.get_mut("rankings").and_then(Value::as_array_mut) {
            for entry in rankings {
                if let Some(name) = entry.get_mut(0) {
                    label(name);
                }
            }
        }
    }
    if let Some(winner) = r.get_mut("coin_toss").and_then(|c| c.get_mut("winner")) {
        label(winner);
    }
    if let Some(events) = r.get_mut("events").and_then(Value::as_array_mut) {
        for e in events.iter_mut().filter(|e| e["act"] == "player-replaced") {
            for k in ["old", "new"] {
                if let Some(v) = e.get_mut(k) {
                    label(v);
                }
            }
        }
    }
    serde_json::to_string_pretty(&r).map_err(|e| Error::internal(e.to_string()))
}

/// The game master's acts, as shown to the members. A replacement names the players only
/// to a reader who may know who plays whom (`reveal`).
pub fn log_out(s: &Session, reveal: bool) -> Vec<LogOut> {
    s.events()
        .iter()
        .map(|e| LogOut {
            seq: e.seq,
            phase: e.phase.code(),
            at: e.at.map(|t| t.to_string()),
            act: match &e.event {
                entente_host::Event::PlayerReplaced { .. } if !reveal => {
                    serde_json::json!({ "act": "player-replaced" })
                }
                event => serde_json::to_value(event).unwrap_or_default(),
            },
        })
        .collect()
}

pub fn kind_word(k: PhaseKind) -> &'static str {
    match k {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreats",
        PhaseKind::Adjustment => "adjustments",
    }
}

/// A new mail password for the caller's seat in a game (`SIGNON <game> <power> <secret>`
/// in a mail to the judge): shown once, only its hash kept; a new one replaces the old.
pub async fn new_mail_secret(db: &Db, caller: &Caller, id: &str) -> Result<String> {
    let mut g = GameTx::begin(At::Own(db), id).await?;
    if g.viewer(caller).powers().is_empty() {
        return Err(
            Error::forbidden("only a player signs on by mail").key("err-only-player-mail", &[])
        );
    }
    let secret = crate::auth::random_hex(12);
    sqlx::query("UPDATE members SET mail_secret_hash = $1 WHERE game_id = $2 AND account_id = $3")
        .bind(crate::auth::token_hash(&secret))
        .bind(id)
        .bind(caller.id)
        .execute(&mut **g.tx())
        .await?;
    g.commit(None).await?;
    Ok(secret)
}

/// Who signs on by mail as `power` of game `id` with `secret`: the player of that power
/// whose mail password it is. Any mismatch (no such game, power, player or secret) gives
/// the same answer, so that a wrong guess learns nothing.
pub async fn mail_sign_on(db: &Db, id: &str, power: &str, secret: &str) -> Result<Caller> {
    let refused = || {
        Error::forbidden("SIGNON refused: no game, power and mail password match")
            .key("err-signon-refused", &[])
    };
    let game = load_game(&db.pool, id).await.map_err(|_| refused())?;
    let s = session_of(&game).map_err(|_| refused())?;
    let p = s.map().lookup_power(power).ok_or_else(refused)?;
    let name = s.map().power(p).name.clone();
    let rows = sqlx::query(
        "SELECT m.account_id, a.name, m.powers, m.mail_secret_hash FROM members m JOIN accounts a ON a.id = m.account_id WHERE m.game_id = $1 AND m.role = 'player'",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    let given = crate::auth::token_hash(secret);
    for r in rows {
        let powers: String = r.try_get(2)?;
        if !powers.split(',').any(|x| x == name) {
            continue;
        }
        let hash: Option<String> = r.try_get(3)?;
        let matches = hash.is_some_and(|h| {
            // Compared in constant time.
            h.len() == given.len()
                && h.bytes()
                    .zip(given.bytes())
                    .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                    == 0
        });
        if matches {
            return Ok(Caller {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
            });
        }
    }
    Err(refused())
}

// --- Escalation (docs/escalation.md) --------------------------------------------------------

/// `A par`, `F stp/sc`.
fn unit_words(map: &entente_map::Map, u: &entente_judge::Unit) -> String {
    format!("{} {}", u.ty.letter(), map.loc_abbr(u.loc))
}

/// Escalation's placement and nominations as the reader may see them: the units placed to
/// the game's members; a nomination, while they are made, to the power's player and the
/// game master only; every nomination to the members once all are in.
pub fn escalation_out(s: &Session, v: &Viewer) -> Option<EscalationOut> {
    let e = s.game().escalation()?;
    let map = s.map();
    let name = |p: PowerId| map.power(p).name.clone();
    let may_see =
        |p: PowerId| v.is_gm() || v.plays(&map.power(p).name) || (e.nominated && v.is_member());
    Some(EscalationOut {
        units_each: e.units_each,
        order: e.order.iter().map(|&p| name(p)).collect(),
        placed: if v.is_member() {
            e.placed
                .iter()
                .map(|u| PlacedOut {
                    power: name(u.power),
                    unit: unit_words(map, u),
                })
                .collect()
        } else {
            Vec::new()
        },
        to_place: s.game().to_place().map(name),
        nominating: s.game().nominating(),
        nominated: e.nominated,
        nominations: e
            .nominations
            .iter()
            .filter(|(p, _)| may_see(*p))
            .map(|(p, homes)| NominationOut {
                power: name(*p),
                homes: homes
                    .iter()
                    .map(|&h| map.province(h).abbr.clone())
                    .collect(),
            })
            .collect(),
    })
}

/// Keeps an Escalation act in the power's sheet log (its player and the game master read
/// it there, as sheets).
async fn log_act(
    tx: &mut Transaction<'_, Any>,
    id: &str,
    phase: &str,
    power: &str,
    account: i64,
    text: &str,
) -> Result<()> {
    sqlx::query("INSERT INTO sheets (game_id, phase, power, account_id, body, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(phase)
        .bind(power)
        .bind(account)
        .bind(text)
        .bind(millis(now()))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Escalation: `power` places its next unit (`A Par`, `F Stp/sc`, `Place F Nth`), in one
/// transaction, as a sheet is sent. Refused out of turn, on an occupied space or one the
/// unit cannot stand in. The last unit placed ends the placement: Spring's deadline is set.
pub async fn place(
    db: &Db,
    caller: &Caller,
    id: &str,
    power: &str,
    unit: &str,
) -> Result<EscalationOut> {
    place_at(At::Own(db), caller, id, power, unit).await
}

async fn place_at(
    at: At<'_, '_>,
    caller: &Caller,
    id: &str,
    power: &str,
    unit: &str,
) -> Result<EscalationOut> {
    check_sheet_size(unit)?;
    let mut g = GameTx::begin(at, id).await?;
    let v = g.viewer(caller);
    let mut s = g.session()?;
    let p = power_for(&s, &v, power)?;
    let name = s.map().power(p).name.clone();
    let phase = s.game().phase().code();
    let placed = s.place(p, unit)?;
    let words = unit_words(s.map(), &placed);
    log_act(
        g.tx(),
        id,
        &phase,
        &name,
        caller.id,
        &format!("Place {words}"),
    )
    .await?;
    let over = !s.game().in_placement();
    if over {
        s.schedule_next(&g.game.options.deadlines, now())?;
    }
    // Until the placement is over nothing is due (see [`due_of`]).
    g.save(&s).await?;
    g.notify(
        if over { "phase" } else { "placed" },
        "all",
        serde_json::json!({
            "phase": s.game().phase().code(),
            "power": name,
            "unit": words,
            "to_place": s.game().to_place().map(|p| s.map().power(p).name.clone()),
        }),
    )
    .await?;
    let out = escalation_out(&s, &v).ok_or_else(|| Error::internal("not an Escalation game"))?;
    g.commit(Some(s)).await?;
    Ok(out)
}

/// Escalation: `power` nominates its three home centres (`Par, Bre, Spa`) after the first
/// Fall; a later nomination replaces an earlier one until the last awaited one is in. The
/// nominations are secret until then (see [`escalation_out`]). With the last one the homes
/// are given; a Winter in which nobody then has an adjustment to make is played at once.
pub async fn nominate(
    db: &Db,
    caller: &Caller,
    id: &str,
    power: &str,
    homes: &str,
) -> Result<EscalationOut> {
    nominate_at(At::Own(db), caller, id, power, homes).await
}

async fn nominate_at(
    at: At<'_, '_>,
    caller: &Caller,
    id: &str,
    power: &str,
    homes: &str,
) -> Result<EscalationOut> {
    check_sheet_size(homes)?;
    let mut g = GameTx::begin(at, id).await?;
    let v = g.viewer(caller);
    let mut s = g.session()?;
    let p = power_for(&s, &v, power)?;
    let name = s.map().power(p).name.clone();
    let phase = s.game().phase().code();
    let played = s.game().history().len();
    let homes = s.nominate(p, homes)?;
    let words: Vec<String> = homes
        .iter()
        .map(|&h| s.map().province(h).name.clone())
        .collect();
    let text = format!("Home {}", words.join(", "));
    log_act(g.tx(), id, &phase, &name, caller.id, &text).await?;
    if s.game().history().len() > played {
        s.schedule_next(&g.game.options.deadlines, now())?;
        g.save(&s).await?;
    } else {
        // A nomination changes no deadline.
        g.save_due(&s, g.game.due_at).await?;
    }
    // Who has nominated is as secret as what: the power's player and the game master hear.
    g.notify(
        "nominated",
        &audience_of(std::slice::from_ref(&name)),
        serde_json::json!({ "power": name }),
    )
    .await?;
    if !s.game().nominating() {
        g.notify(
            "phase",
            "all",
            serde_json::json!({
                "phase": s.game().phase().code(),
                "nominated": true,
                // A Winter played at once is mailed as any phase adjudicated.
                "adjudicated": s.game().history().len() - played,
                "history": s.game().history().len(),
            }),
        )
        .await?;
    }
    let out = escalation_out(&s, &v).ok_or_else(|| Error::internal("not an Escalation game"))?;
    g.commit(Some(s)).await?;
    Ok(out)
}

/// Escalation: the nominated home centres to mark on the board of `phase`, once every
/// nomination is in (from the first Winter on); none before, nor in another game.
fn escalation_homes(
    s: &Session,
    phase: entente_judge::Phase,
) -> Vec<(entente_map::ProvinceId, PowerId)> {
    let Some(e) = s.game().escalation().filter(|e| e.nominated) else {
        return Vec::new();
    };
    let first_winter =
        entente_judge::Phase::new(entente_judge::Season::Winter, e.year, PhaseKind::Adjustment);
    if phase < first_winter {
        return Vec::new();
    }
    e.nominations
        .iter()
        .flat_map(|(p, homes)| homes.iter().map(move |&h| (h, *p)))
        .collect()
}

/// Escalation in judge form, as the library writes it: the placement before the first
/// phase, the nominations (once all are in) before the first Winter's adjustments.
fn escalation_before_phase(w: &dyn entente_report::Words, s: &Session, i: usize, out: &mut String) {
    let Some(e) = s.game().escalation() else {
        return;
    };
    if i == 0 {
        entente_report::game::placement_listing_in(w, s, out);
    }
    let history = s.game().history();
    let first_winter =
        entente_judge::Phase::new(entente_judge::Season::Winter, e.year, PhaseKind::Adjustment);
    let after = |k: usize| history[k].phase >= first_winter;
    if e.nominated && after(i) && (i == 0 || !after(i - 1)) {
        entente_report::game::nominations_listing_in(w, s, out);
    }
}

// --- In a caller's transaction: the mail gateway's exactly-once (docs/mail.md) -------------
//
// A mail to the judge is carried out exactly once: its Message-ID, every command it
// carries and its queued answer are one transaction, the gateway's (each command in a
// savepoint of it, so that a refused one undoes only itself). The acts below are the acts
// above run on that transaction ([`At::In`]): the same checks, writes and events, without
// beginning or committing, and without the kept sessions.

/// [`read_game`] on the caller's transaction (it sees the transaction's own changes).
pub async fn read_game_in(
    tx: &mut Transaction<'_, Any>,
    caller: Option<Caller>,
    id: &str,
) -> Result<(GameRow, Vec<Member>, Viewer, Option<Session>)> {
    let game = load_game(&mut **tx, id).await?;
    let members = load_members(&mut **tx, id).await?;
    let v = viewer(caller, &game, &members);
    let s = match game.record {
        Some(_) => Some(session_of(&game)?),
        None => None,
    };
    Ok((game, members, v, s))
}

/// [`sheet`] on the caller's transaction.
pub async fn sheet_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    power: &str,
) -> Result<SheetOut> {
    let (_, _, v, s) = read_game_in(tx, Some(caller.clone()), id).await?;
    let mut s = s.ok_or_else(|| {
        Error::conflict("the game has not started: its seats are not full")
            .key("err-not-started-seats", &[])
    })?;
    let p = power_for(&s, &v, power)?;
    let echoes = s.sheet_echo(p).unwrap_or_default();
    Ok(echo_out(&s, p, &echoes))
}

/// [`submit`] on the caller's transaction.
pub async fn submit_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    power: &str,
    text: &str,
) -> Result<SheetOut> {
    check_sheet_size(text)?;
    let mut g = GameTx::begin(At::In(tx), id).await?;
    let v = g.viewer(caller);
    let mut s = g.session()?;
    let p = power_for(&s, &v, power)?;
    // As in [`submit`]: suggestions for the first unreadable lines only. (The mail's sheet
    // is read in its transaction: the mail is carried out exactly once, as a whole.)
    let echoes = entente_orders::with_suggestion_limit(SUGGESTED_LINES, || s.submit(p, text))?;
    let out = echo_out(&s, p, &echoes);
    store_sheet(&mut g, caller, text, &s, &out).await?;
    g.commit(None).await?;
    Ok(out)
}

/// [`set_ready`] on the caller's transaction.
pub async fn set_ready_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    ready: bool,
) -> Result<()> {
    ready_at(At::In(tx), caller, id, ready).await
}

/// [`send_press`] on the caller's transaction.
pub async fn send_press_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    from: &str,
    to: &[String],
    text: &str,
) -> Result<PressOut> {
    press_at(At::In(tx), caller, id, from, to, text).await
}

/// [`vote_end`] on the caller's transaction.
pub async fn vote_end_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    vote: EndVote,
) -> Result<bool> {
    vote_at(At::In(tx), caller, id, vote).await
}

/// [`place`] on the caller's transaction.
pub async fn place_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    power: &str,
    unit: &str,
) -> Result<EscalationOut> {
    place_at(At::In(tx), caller, id, power, unit).await
}

/// [`nominate`] on the caller's transaction.
pub async fn nominate_in(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    id: &str,
    power: &str,
    homes: &str,
) -> Result<EscalationOut> {
    nominate_at(At::In(tx), caller, id, power, homes).await
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::error::ErrorKind;

    fn member(id: i64, role: &str, powers: &[&str]) -> Member {
        Member {
            account_id: id,
            name: format!("m{id}"),
            role: role.into(),
            powers: powers.iter().map(|p| p.to_string()).collect(),
            preferences: String::new(),
            ready_phase: None,
            missed: 0,
            draw_vote: None,
            bot: false,
        }
    }

    fn standard_session() -> Session {
        GameSpec {
            variant: Variant::builtin("standard").unwrap(),
            rules: Rulebook::edition(Edition::E2000),
            setup: Setup::Seven,
            players: PlayersSpec::Random((1..=7).map(|i| format!("m{i}")).collect()),
            seed: 1,
            first_year: None,
            period: false,
            options: GameOptions::default(),
        }
        .create()
        .unwrap()
    }

    #[test]
    fn a_refusal_of_the_table_keeps_the_words_kind_and_key_the_players_saw() {
        let e = Error::from(TableError::OnlyPlayersReady);
        assert_eq!(e.kind, ErrorKind::Forbidden);
        assert_eq!(e.message, "only a player can be ready");
        assert_eq!(e.key.as_ref().map(|k| k.0), Some("err-only-player-ready"));
        let e = Error::from(TableError::OnlyPlayersVote);
        assert_eq!(e.kind, ErrorKind::Forbidden);
        assert_eq!(e.key.as_ref().map(|k| k.0), Some("err-only-player-votes"));
        let e = Error::from(TableError::ReadyInPlacement);
        assert_eq!(e.kind, ErrorKind::Conflict);
        assert_eq!(e.key.as_ref().map(|k| k.0), Some("err-ready-in-placement"));
        let e = Error::from(TableError::UnknownPower {
            name: "Narnia".into(),
        });
        assert_eq!(e.kind, ErrorKind::Unprocessable);
        assert_eq!(e.message, "unknown power 'Narnia'");
        let (id, args) = e.key.clone().unwrap();
        assert_eq!(id, "err-unknown-power");
        assert_eq!(args, vec![("power", "Narnia".to_string())]);
        assert_eq!(
            Error::from(TableError::DrawIncludesEverySurvivor).kind,
            ErrorKind::Unprocessable
        );
        assert_eq!(
            Error::from(TableError::NobodyPlays {
                power: "France".into()
            })
            .kind,
            ErrorKind::Conflict
        );
        let over = Error::from(TableError::Game(entente_game::Error::game_over()));
        assert_eq!(over.kind, ErrorKind::Conflict);
        assert_eq!(over.message, entente_game::Error::game_over().message);
    }

    #[test]
    fn the_table_is_the_players_and_the_players_they_replaced() {
        let s = standard_session();
        let mut ready = member(2, "player", &["France"]);
        ready.ready_phase = Some("S1901M".into());
        ready.draw_vote = Some("concede:France".into());
        ready.missed = 3;
        let members = vec![
            member(1, "gm", &[]),
            ready,
            member(3, "observer", &[]),
            member(4, "replaced", &["England"]),
            member(5, "player", &["England"]),
        ];
        let seats = table_of(&s, &members);
        let map = s.map();
        let france = map.lookup_power("France").unwrap();
        let england = map.lookup_power("England").unwrap();
        assert_eq!(
            seats.iter().map(|h| h.member.0).collect::<Vec<_>>(),
            vec![2, 4, 5]
        );
        assert_eq!(seats[0].powers, vec![france]);
        assert_eq!(seats[0].ready, entente_judge::Phase::parse("S1901M"));
        assert_eq!(seats[0].vote, Some(entente_host::EndVote::Concede(france)));
        assert_eq!(seats[0].missed, 3);
        assert!(seats[1].replaced && !seats[1].holds(england));
        assert!(seats[2].holds(england));
        assert_eq!(
            entente_host::holder_of(&seats, england).unwrap().member.0,
            5
        );
    }

    #[test]
    fn civil_disorder_comes_after_the_games_missed_limit_and_named_draws_stay_named() {
        let o: NewGame = serde_json::from_value(serde_json::json!({
            "title": "t",
            "missed_orders": "civil-disorder",
            "missed_limit": 3,
            "draws": "named",
            "end_when_ready": false,
        }))
        .unwrap();
        let rules = table_rules(&o);
        assert_eq!(
            rules.missed_orders,
            entente_host::MissedRule::CivilDisorder { after: 3 }
        );
        assert_eq!(rules.draws, entente_host::DrawRule::Named);
        assert!(!rules.end_when_ready);
        assert_eq!(rules.schedule, o.deadlines);
        let plain: NewGame = serde_json::from_value(serde_json::json!({"title": "t"})).unwrap();
        let rules = table_rules(&plain);
        assert_eq!(rules.missed_orders, entente_host::MissedRule::Hold);
        assert_eq!(rules.draws, entente_host::DrawRule::AllSurvivors);
        assert!(rules.end_when_ready);
    }
}
