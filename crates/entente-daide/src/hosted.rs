//! Bots at the game master's games (issue 16, item 2): a game of the database may keep seats
//! for bots (`bot_seats`); a bot that connects joins the oldest game with a bot seat free, or
//! a new game opened for bots with the server's options when none is waiting. People play the
//! other seats of the same game on the web or by mail. The game master's service does
//! everything a player's page would do: the bot's account joins, its orders are its sheet,
//! its readiness and draw votes are its player's; the phases are adjudicated by the service
//! (when everyone is ready, or at the deadline). The table ([`crate::Table::hosted`]) speaks
//! DAIDE to the bots and follows the game as the database has it.

use entente_server::auth::Caller;
use entente_server::model::NewGame;
use entente_server::service;
use entente_server::{ApiResult, Db};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the bots' games are kept.
#[derive(Clone)]
pub struct Hosting {
    pub db: Db,
    /// The options of a game opened for bots when none is waiting.
    pub new_game: NewGame,
    /// How often the bots' games are looked at for what happened elsewhere (people's
    /// orders, the scheduler's adjudication at a deadline, the game master's acts).
    pub poll: Duration,
    /// Bots join one at a time, so that bots arriving together fill one new game rather
    /// than each opening its own.
    pub joining: Arc<tokio::sync::Mutex<()>>,
}

impl Hosting {
    pub fn new(db: Db, new_game: NewGame, poll: Duration) -> Hosting {
        Hosting {
            db,
            new_game,
            poll,
            joining: Arc::default(),
        }
    }
}

/// A bot's place in a game of the database.
#[derive(Clone, Debug)]
pub struct BotSeat {
    pub game: String,
    pub account: Caller,
}

/// A bot named `name` asks to play: its account is made, and it joins a game.
pub async fn join(h: &Hosting, name: &str) -> ApiResult<BotSeat> {
    let account = service::bot_account(&h.db, name).await?;
    let _one_at_a_time = h.joining.lock().await;
    let game = service::seat_bot(&h.db, &account, &h.new_game).await?;
    Ok(BotSeat { game, account })
}

/// A game as the database has it: its version, the game itself once started, its deadline,
/// and the power each bot account plays.
pub struct Snapshot {
    pub version: i64,
    pub game: Option<entente_game::Game>,
    pub deadline: Option<Instant>,
    pub powers: Vec<(i64, String)>,
}

/// The game's row version, looked at every poll (`None`: the game is gone).
pub async fn version(h: &Hosting, game: &str) -> ApiResult<Option<i64>> {
    match service::load_game(&h.db.pool, game).await {
        Ok(g) => Ok(Some(g.version)),
        Err(e) if e.kind == entente_server::ApiErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

pub async fn snapshot(h: &Hosting, game: &str) -> ApiResult<Snapshot> {
    let row = service::load_game(&h.db.pool, game).await?;
    let members = service::load_members(&h.db.pool, game).await?;
    let powers = members
        .iter()
        .filter(|m| m.bot && m.role == "player")
        .flat_map(|m| m.powers.iter().map(|p| (m.account_id, p.clone())))
        .collect();
    if row.record.is_none() {
        return Ok(Snapshot {
            version: row.version,
            game: None,
            deadline: None,
            powers,
        });
    }
    let s = service::session_of(&row)?;
    let deadline = s.deadline().map(|d| {
        let ms = entente_server::db::millis(d.at) - entente_server::db::millis(service::now());
        Instant::now() + Duration::from_millis(ms.max(0) as u64)
    });
    let deadline = deadline.filter(|_| !s.is_paused());
    Ok(Snapshot {
        version: row.version,
        game: Some(s.into_game()),
        deadline,
        powers,
    })
}

/// Carries out what a table asked for a bot, as its player would.
pub async fn carry_out(
    h: &Hosting,
    seat: &BotSeat,
    power: &str,
    effect: &crate::table::Effect,
) -> ApiResult<()> {
    use crate::table::Effect;
    let (db, who, id) = (&h.db, &seat.account, seat.game.as_str());
    match effect {
        Effect::Orders { sheet, .. } => {
            service::submit(db, who, id, power, sheet).await?;
        }
        Effect::Ready { ready, .. } => {
            service::set_ready(db, who, id, *ready).await?;
            if *ready {
                // Everyone ready: the phase is adjudicated now rather than at the
                // scheduler's next look.
                entente_server::gm::adjudicate_if_due(db, id).await?;
            }
        }
        Effect::Draw { yes, .. } => {
            service::vote_draw(db, who, id, yes.then(Vec::new)).await?;
        }
    }
    Ok(())
}
