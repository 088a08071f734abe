//! Bots at the game master's games (issue 16, item 2): a game of the database may keep seats
//! for bots (`bot_seats`); a bot that connects joins the oldest game with a bot seat free, or
//! a new game opened for bots with the server's options when none is waiting. People play the
//! other seats of the same game on the web or by mail. The game master's service does
//! everything a player's page would do: the bot's account joins, its orders are its sheet,
//! its readiness and draw votes are its player's; the phases are adjudicated by the service
//! (when everyone is ready, or at the deadline). The table ([`crate::Table::hosted`]) speaks
//! DAIDE to the bots and follows the game as the database has it.

use entente_service::auth::Caller;
use entente_service::games;
use entente_service::model::NewGame;
use entente_service::{Db, Result};
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
pub async fn join(h: &Hosting, name: &str) -> Result<BotSeat> {
    let account = games::bot_account(&h.db, name).await?;
    let _one_at_a_time = h.joining.lock().await;
    let game = games::seat_bot(&h.db, &account, &h.new_game).await?;
    Ok(BotSeat { game, account })
}

/// A bot that went away before its game started gives its seat back (issue 31: ten bots
/// that sent `NME` and left kept seven honest ones waiting for the deadline every phase).
/// `Ok(false)`: the game has started meanwhile; the bot's power is then in civil disorder
/// ([`crate::Table::seat_away`]).
pub async fn leave(h: &Hosting, seat: &BotSeat) -> Result<bool> {
    match games::leave(&h.db, &seat.account, &seat.game).await {
        Ok(()) => Ok(true),
        Err(e) if e.kind == entente_service::ErrorKind::Conflict => Ok(false),
        Err(e) => Err(e),
    }
}

/// A game as the database has it: its version, its deadline, the power each bot account
/// plays, and the game itself when the table needs it (it has not started, or a phase was
/// played since `followed`, the phase the table follows).
pub struct Snapshot {
    pub version: i64,
    pub game: Option<entente_game::Game>,
    pub deadline: Option<Instant>,
    pub powers: Vec<(i64, String)>,
}

/// The game's row version, looked at every poll (`None`: the game is gone).
pub async fn version(h: &Hosting, game: &str) -> Result<Option<i64>> {
    Ok(games::game_state(&h.db, game).await?.map(|g| g.version))
}

/// The game as stored. Reading a game's record replays its history, so the game itself is
/// read only when the table needs it, and from the server's cache of parsed games when the
/// version read is the one cached.
pub async fn snapshot(
    h: &Hosting,
    game: &str,
    followed: Option<(String, bool)>,
) -> Result<Snapshot> {
    let games::GameState {
        version,
        status,
        phase,
        due_at,
    } = games::game_state(&h.db, game)
        .await?
        .ok_or_else(|| entente_service::Error::not_found(format!("no game '{game}'")))?;
    let deadline = due_at.map(|at| {
        let ms = at - entente_service::db::millis(games::now());
        Instant::now() + Duration::from_millis(ms.max(0) as u64)
    });
    let powers = match &followed {
        Some(_) => Vec::new(),
        None => games::load_members(&h.db.pool, game)
            .await?
            .iter()
            .filter(|m| m.bot && m.role == "player")
            .flat_map(|m| m.powers.iter().map(|p| (m.account_id, p.clone())))
            .collect(),
    };
    let needed = status != "forming"
        && match &followed {
            None => true,
            Some((code, over)) => phase.as_deref() != Some(code) || (status == "finished") != *over,
        };
    let game = if !needed {
        None
    } else if let Some(g) = h.db.sessions.game(game, version) {
        Some(g)
    } else {
        let row = games::load_game(&h.db.pool, game).await?;
        if row.version != version || row.record.is_none() {
            // Changed between the two reads: the next look reads it again.
            return Ok(Snapshot {
                version: version - 1,
                game: None,
                deadline,
                powers,
            });
        }
        Some(games::session_of(&row)?.into_game())
    };
    Ok(Snapshot {
        version,
        game,
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
) -> Result<()> {
    use crate::table::Effect;
    let (db, who, id) = (&h.db, &seat.account, seat.game.as_str());
    match effect {
        Effect::Orders { sheet, .. } => {
            games::submit(db, who, id, power, sheet).await?;
        }
        Effect::Ready { ready, .. } => {
            games::set_ready(db, who, id, *ready).await?;
            if *ready {
                // Everyone ready: the phase is adjudicated now rather than at the
                // scheduler's next look.
                entente_service::gm::adjudicate_if_due(db, id).await?;
            }
        }
        Effect::Draw { yes, .. } => {
            games::vote_draw(db, who, id, yes.then(Vec::new)).await?;
        }
    }
    Ok(())
}
