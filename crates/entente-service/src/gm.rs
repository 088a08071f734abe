//! Adjudication (when the deadline passes, when every power is ready, or when the game
//! master forces it) and the game master's other acts. Each is one transaction, logged in
//! the game's record and announced to its members.

use crate::auth::Caller;
use crate::db::{millis, Db};
use crate::error::{Error, Result};
use crate::games::*;
use crate::model::{MissedRule, NewGame};
use entente_host::{Deadline, Session};
use entente_map::PowerId;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use utoipa::ToSchema;

/// An act of the game master.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "act", rename_all = "kebab-case", deny_unknown_fields)]
pub enum GmAct {
    /// Sets the deadline (`2026-11-27 23:59` in `time_zone`, or an RFC 3339 instant), or
    /// clears it (`at` absent).
    Deadline {
        #[serde(default)]
        at: Option<String>,
        #[serde(default)]
        time_zone: Option<String>,
    },
    /// Moves the deadline this many minutes later (from now, if none is set).
    Extend {
        minutes: u32,
    },
    Pause,
    /// Goes on; a deadline that passed during the pause is set anew from the schedule.
    Resume,
    /// Another account takes the seat of `power`.
    Replace {
        power: String,
        player: String,
    },
    /// Puts a power in civil disorder (`on`), or brings it back.
    CivilDisorder {
        power: String,
        on: bool,
    },
    /// Adjudicates now: when due, or with `force` whatever is missing.
    Adjudicate {
        #[serde(default)]
        force: bool,
    },
    /// Takes back the last adjudication.
    Rollback,
    /// Ends the game: every other power concedes to `to`.
    Concede {
        to: String,
    },
    /// Ends the game in a draw among `powers` (empty: every survivor).
    Draw {
        #[serde(default)]
        powers: Vec<String>,
    },
}

/// How far before the server's clock a deadline the game master sets may fall: a deadline
/// set for the current minute (the page's form takes minutes), or by a client whose clock
/// is a little behind, or one instant set for many games in turn, is taken (and adjudicated
/// at once, as before); one further in the past is refused.
pub const DEADLINE_PAST_SLACK: jiff::SignedDuration = jiff::SignedDuration::from_secs(60);

/// A deadline set in the past would be adjudicated at once: refused.
pub fn check_not_past(d: &Deadline) -> Result<()> {
    let now = now();
    if d.at < now - DEADLINE_PAST_SLACK {
        return Err(Error::unprocessable(format!(
            "the deadline {d} is in the past (the server's time is {}): set one ahead, or adjudicate now",
            now.round(jiff::Unit::Second).unwrap_or(now)
        ))
        .key("err-deadline-past", &[]));
    }
    Ok(())
}

fn lookup(s: &Session, name: &str) -> Result<PowerId> {
    s.map().lookup_power(name).ok_or_else(|| {
        Error::unprocessable(format!("unknown power '{name}'"))
            .key("err-unknown-power", &[("power", name)])
    })
}

/// The next phase's deadline, from the game's schedule.
pub(crate) fn schedule_next(s: &mut Session, o: &NewGame) -> Result<()> {
    if s.game().is_over() {
        return Ok(());
    }
    let d = o.deadlines.deadline(s.game().phase().kind, now())?;
    if d.is_some() || s.deadline().is_some() {
        s.set_deadline(d)?;
    }
    Ok(())
}

/// The powers that missed this phase's deadline: no sheet, and their player did not mark
/// ready either (ready without orders is a decision: every unit holds, no build).
fn missed_by(s: &Session, members: &[Member]) -> Vec<String> {
    let phase = s.game().phase().code();
    power_names(s, &s.status().missing)
        .into_iter()
        .filter(|name| {
            !members.iter().any(|m| {
                m.role == "player"
                    && m.powers.contains(name)
                    && m.ready_phase.as_deref() == Some(phase.as_str())
            })
        })
        .collect()
}

/// Adjudicates the locked game: counts missed orders (civil disorder after the game's
/// limit), adjudicates, sets the next deadline, writes the game and tells the members.
async fn adjudicate_locked(
    tx: &mut Transaction<'_, Any>,
    game: &GameRow,
    members: &[Member],
    mut s: Session,
    force: bool,
) -> Result<(usize, Session)> {
    let o = &game.options;
    let missing = missed_by(&s, members);
    let awaited = power_names(&s, &s.game().powers_to_order());
    let phase = s.game().phase().code();
    crate::club::note_phase(tx, &game.id, &phase, &awaited, &missing, members).await?;
    for m in members.iter().filter(|m| m.role == "player") {
        let concerned = m.powers.iter().any(|p| awaited.contains(p));
        if !concerned {
            continue;
        }
        let missed = m.powers.iter().any(|p| missing.contains(p));
        let count = if missed { m.missed + 1 } else { 0 };
        sqlx::query("UPDATE members SET missed = $1 WHERE game_id = $2 AND account_id = $3")
            .bind(count)
            .bind(&game.id)
            .bind(m.account_id)
            .execute(&mut **tx)
            .await?;
        if missed
            && o.missed_orders == MissedRule::CivilDisorder
            && count >= i64::from(o.missed_limit)
        {
            for p in &m.powers {
                let id = lookup(&s, p)?;
                if !s.game().in_civil_disorder(id) {
                    s.set_civil_disorder(id, true)?;
                }
            }
        }
    }
    let n = s.adjudicate_when_due(now(), force)?;
    if n > 0 {
        // A draw vote is about the position the player saw when casting it.
        sqlx::query("UPDATE members SET draw_vote = NULL WHERE game_id = $1")
            .bind(&game.id)
            .execute(&mut **tx)
            .await?;
    }
    schedule_next(&mut s, o)?;
    save_game(tx, &game.id, &s, due_of(&s)).await?;
    notify(
        tx,
        &game.id,
        "phase",
        "all",
        serde_json::json!({
            "phase": s.game().phase().code(),
            "adjudicated": n,
            "history": s.game().history().len(),
        }),
    )
    .await?;
    if s.game().is_over() {
        notify(
            tx,
            &game.id,
            "finished",
            "all",
            serde_json::json!({ "result": s.end_text() }),
        )
        .await?;
    }
    Ok((n, s))
}

/// The scheduler's step for one game whose deadline (or all-ready moment) has come:
/// adjudicates it unless another server did first. Returns whether it adjudicated.
pub async fn adjudicate_if_due(db: &Db, id: &str) -> Result<bool> {
    let now_ms = millis(now());
    let mut tx = db.writer.begin().await?;
    if db.backend == crate::db::Backend::Postgres {
        // A game another server holds (adjudicating it, or a player's change) is passed
        // over, not waited for: the scheduler goes on with the other due games, and looks
        // at this one again at its next tick. (SQLite has one writer at a time: nothing to
        // skip.)
        let claimed = sqlx::query(
            "SELECT id FROM games WHERE id = $1 AND status = 'active' AND due_at IS NOT NULL AND due_at <= $2 FOR UPDATE SKIP LOCKED",
        )
        .bind(id)
        .bind(now_ms)
        .fetch_optional(&mut *tx)
        .await?;
        if claimed.is_none() {
            return Ok(false);
        }
    }
    // Locks the game only if it is still due: a second server waiting on the lock finds
    // the deadline moved when it gets it, and changes nothing.
    let Some(game) = bump_game(&mut tx, id, Some(now_ms)).await? else {
        return Ok(false);
    };
    let members = load_members(&mut *tx, id).await?;
    let s = session_to_change(db, &game)?;
    if s.game().is_over() || s.is_paused() {
        sqlx::query("UPDATE games SET due_at = NULL WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        return Ok(false);
    }
    let passed = s.deadline().is_some_and(|d| d.has_passed(now()));
    let ready = game.options.end_when_ready && all_ready(&s, &members);
    if !passed && !ready {
        // Due by an earlier deadline since moved: look again at the new one.
        sqlx::query("UPDATE games SET due_at = $1 WHERE id = $2")
            .bind(due_of(&s))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        return Ok(false);
    }
    let missing = missed_by(&s, &members);
    if passed
        && !ready
        && game.options.missed_orders == MissedRule::GameMaster
        && !missing.is_empty()
    {
        // The game master decides: the game waits, and the game master is told.
        sqlx::query("UPDATE games SET due_at = NULL WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        notify(
            &mut tx,
            id,
            "deadline-passed",
            "gm",
            serde_json::json!({ "missing": missing }),
        )
        .await?;
        tx.commit().await?;
        return Ok(false);
    }
    let (_, s) = adjudicate_locked(&mut tx, &game, &members, s, !passed).await?;
    tx.commit().await?;
    db.sessions.put(id, game.version, s);
    Ok(true)
}

/// The games due now, oldest deadline first.
pub async fn due_games(db: &Db, limit: i64) -> Result<Vec<String>> {
    use sqlx::Row;
    let rows = sqlx::query(
        "SELECT id FROM games WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= $1 ORDER BY due_at LIMIT $2",
    )
    .bind(millis(now()))
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| r.try_get::<String, _>(0).map_err(Error::from))
        .collect()
}

/// What the game master did, in words, for the answer.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ActDone {
    pub done: String,
    /// The phase after the act.
    pub phase: String,
}

/// Carries out an act of the game master.
pub async fn act(db: &Db, caller: &Caller, id: &str, a: GmAct) -> Result<ActDone> {
    let (mut tx, game, members) = begin_game(db, id).await?;
    let v = viewer(Some(caller.clone()), &game, &members);
    if !v.is_gm() {
        return Err(Error::forbidden("only the game master may do this").key("err-only-gm", &[]));
    }
    let mut s = session_to_change(db, &game)?;
    let deadline_before = s.deadline().map(|d| d.at);
    // What the members are told, when it is not what the game master is told.
    let mut announce = None;
    let done = match a {
        GmAct::Deadline { at, time_zone } => {
            let zone = time_zone.or_else(|| s.deadline().map(|d| d.zone.clone()));
            let d = match at {
                Some(t) => Some(Deadline::parse(&t, zone.as_deref())?),
                None => None,
            };
            if let Some(d) = &d {
                check_not_past(d)?;
            }
            let text = d
                .as_ref()
                .map_or("deadline cleared".to_string(), |d| format!("deadline {d}"));
            s.set_deadline(d)?;
            text
        }
        GmAct::Extend { minutes } => {
            let base = s
                .deadline()
                .map(|d| d.at)
                .filter(|&t| t > now())
                .unwrap_or_else(now);
            let zone = s
                .deadline()
                .map(|d| d.zone.clone())
                .unwrap_or_else(|| "UTC".into());
            let at = base
                .checked_add(jiff::Span::new().minutes(i64::from(minutes)))
                .map_err(|e| Error::unprocessable(format!("deadline out of range: {e}")))?;
            let d = Deadline { at, zone };
            let text = format!("deadline extended to {d}");
            s.set_deadline(Some(d))?;
            text
        }
        GmAct::Pause => {
            s.pause()?;
            "paused".into()
        }
        GmAct::Resume => {
            s.resume()?;
            if s.deadline().is_some_and(|d| d.has_passed(now())) {
                schedule_next(&mut s, &game.options)?;
            }
            "resumed".into()
        }
        GmAct::CivilDisorder { power, on } => {
            let p = lookup(&s, &power)?;
            s.set_civil_disorder(p, on)?;
            format!(
                "{} {}",
                s.map().power(p).name,
                if on {
                    "in civil disorder"
                } else {
                    "back in play"
                }
            )
        }
        GmAct::Replace { power, player } => {
            let p = lookup(&s, &power)?;
            replace(&mut tx, &game, &members, &mut s, p, &player).await?;
            // Who plays whom is the game master's: the members learn only of a new player.
            announce = Some(format!("a new player plays {}", s.map().power(p).name));
            format!("{player} plays {}", s.map().power(p).name)
        }
        GmAct::Adjudicate { force } => {
            let (n, _) = adjudicate_locked(&mut tx, &game, &members, s, force).await?;
            let game = load_game(&mut *tx, id).await?;
            let s = session_of(&game)?;
            notify(
                &mut tx,
                id,
                "log",
                "all",
                serde_json::json!({ "act": "adjudicate" }),
            )
            .await?;
            tx.commit().await?;
            return Ok(ActDone {
                done: format!("{n} phase(s) adjudicated"),
                phase: s.game().phase().code(),
            });
        }
        GmAct::Rollback => {
            s.rollback()?;
            // A game rolled back from its end is not finished any more.
            crate::club::forget_result(&mut tx, id).await?;
            schedule_next(&mut s, &game.options)?;
            // The phase is open again: readiness marked in it before it was adjudicated
            // would end it as soon as anyone marks ready again.
            // Draw votes too, as at every adjudication: the position has changed.
            sqlx::query(
                "UPDATE members SET ready_phase = NULL, draw_vote = NULL WHERE game_id = $1",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
            notify(
                &mut tx,
                id,
                "phase",
                "all",
                serde_json::json!({ "phase": s.game().phase().code(), "rolled_back": true }),
            )
            .await?;
            format!("rolled back to {}", s.game().phase().code())
        }
        GmAct::Concede { to } => {
            let p = lookup(&s, &to)?;
            s.concede(p)?;
            notify(
                &mut tx,
                id,
                "finished",
                "all",
                serde_json::json!({ "result": s.end_text() }),
            )
            .await?;
            format!("conceded to {}", s.map().power(p).name)
        }
        GmAct::Draw { powers } => {
            if powers.is_empty() {
                s.declare_draw()?;
            } else {
                let ids = powers
                    .iter()
                    .map(|n| lookup(&s, n))
                    .collect::<Result<Vec<_>>>()?;
                s.declare_draw_among(&ids)?;
            }
            notify(
                &mut tx,
                id,
                "finished",
                "all",
                serde_json::json!({ "result": s.end_text() }),
            )
            .await?;
            "draw".into()
        }
    };
    save_game(&mut tx, id, &s, due_of(&s)).await?;
    notify(
        &mut tx,
        id,
        "log",
        "all",
        serde_json::json!({ "act": announce.as_ref().unwrap_or(&done) }),
    )
    .await?;
    if s.deadline().map(|d| d.at) != deadline_before {
        notify(
            &mut tx,
            id,
            "deadline",
            "all",
            serde_json::json!({ "deadline": s.deadline().map(|d| d.at.to_string()) }),
        )
        .await?;
    }
    tx.commit().await?;
    let phase = s.game().phase().code();
    db.sessions.put(id, game.version, s);
    Ok(ActDone { done, phase })
}

/// Another account takes a seat: the old player becomes an observer of the game.
async fn replace(
    tx: &mut Transaction<'_, Any>,
    game: &GameRow,
    members: &[Member],
    s: &mut Session,
    power: PowerId,
    player: &str,
) -> Result<()> {
    use sqlx::Row;
    let name = s.map().power(power).name.clone();
    let row = sqlx::query("SELECT id, name FROM accounts WHERE lower(name) = lower($1)")
        .bind(player)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| Error::unprocessable(format!("no account '{player}'")))?;
    let (new_id, new_name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
    if new_id == game.created_by {
        return Err(Error::conflict(
            "the game master does not play in their own game",
        ));
    }
    if members
        .iter()
        .any(|m| m.account_id == new_id && m.role == "player")
    {
        return Err(Error::conflict(format!(
            "{new_name} already plays in this game"
        )));
    }
    let old = members
        .iter()
        .find(|m| m.role == "player" && m.powers.contains(&name))
        .ok_or_else(|| Error::conflict(format!("no player plays {name}")))?;
    s.replace_player(power, &new_name)?;
    sqlx::query("UPDATE members SET role = 'replaced', ready_phase = NULL, draw_vote = NULL WHERE game_id = $1 AND account_id = $2")
        .bind(&game.id)
        .bind(old.account_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM members WHERE game_id = $1 AND account_id = $2")
        .bind(&game.id)
        .bind(new_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO members (game_id, account_id, role, powers, joined_at) VALUES ($1, $2, 'player', $3, $4)")
        .bind(&game.id)
        .bind(new_id)
        .bind(old.powers.join(","))
        .bind(millis(now()))
        .execute(&mut **tx)
        .await?;
    notify(
        tx,
        &game.id,
        "started",
        &audience_of(&old.powers),
        serde_json::json!({ "powers": old.powers }),
    )
    .await?;
    Ok(())
}
