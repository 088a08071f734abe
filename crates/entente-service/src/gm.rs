//! Adjudication (when the deadline passes, when every power is ready, or when the game
//! master forces it) and the game master's other acts. Each is one transaction, logged in
//! the game's record and announced to its members.

use crate::auth::Caller;
use crate::db::{millis, Db};
use crate::error::{Error, Result};
use crate::games::*;
use entente_club::MemberId;
use entente_host::{Deadline, Due, Session};
use entente_map::PowerId;
use serde::{Deserialize, Serialize};
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

/// Adjudicates the locked game as the host decides ([`Session::adjudicate_table`]: missed
/// orders counted, civil disorder after the game's limit, votes cleared, the next deadline
/// set), notes the phase for the club, writes the game and tells the members. Returns the
/// number of phases adjudicated.
async fn adjudicate_locked(g: &mut GameTx<'_, '_>, s: &mut Session, force: bool) -> Result<usize> {
    let before = g.seats(s);
    let mut seats = before.clone();
    let done = s.adjudicate_table(&mut seats, &g.rules(), now(), force)?;
    let id = g.id().to_string();
    crate::club::note_phase(g.tx(), &id, s, &done.noted).await?;
    g.store_seats(s, &before, &seats).await?;
    g.save(s).await?;
    g.notify(
        "phase",
        "all",
        serde_json::json!({
            "phase": s.game().phase().code(),
            "adjudicated": done.phases,
            "history": s.game().history().len(),
        }),
    )
    .await?;
    if s.game().is_over() {
        g.notify(
            "finished",
            "all",
            serde_json::json!({ "result": s.end_text() }),
        )
        .await?;
    }
    Ok(done.phases)
}

/// The scheduler's step for one game whose deadline (or all-ready moment) has come:
/// adjudicates it unless another server did first. Returns whether it adjudicated.
pub async fn adjudicate_if_due(db: &Db, id: &str) -> Result<bool> {
    let Some(mut g) = GameTx::begin_due(db, id, millis(now())).await? else {
        return Ok(false);
    };
    let mut s = g.session()?;
    let seats = g.seats(&s);
    match s.when_due(&seats, &g.rules(), now()) {
        Due::Idle => {
            g.set_due(None).await?;
            g.commit(Some(s)).await?;
            Ok(false)
        }
        Due::NotYet => {
            // Due by an earlier deadline since moved: look again at the new one.
            g.set_due(due_of(&s)).await?;
            g.commit(Some(s)).await?;
            Ok(false)
        }
        Due::GameMaster { missing } => {
            // The game master decides: the game waits, and the game master is told.
            g.set_due(None).await?;
            let missing = power_names(&s, &missing);
            g.notify(
                "deadline-passed",
                "gm",
                serde_json::json!({ "missing": missing }),
            )
            .await?;
            g.commit(Some(s)).await?;
            Ok(false)
        }
        Due::Adjudicate { force } => {
            adjudicate_locked(&mut g, &mut s, force).await?;
            g.commit(Some(s)).await?;
            Ok(true)
        }
    }
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
    let mut g = GameTx::begin(At::Own(db), id).await?;
    if !g.viewer(caller).is_gm() {
        return Err(Error::forbidden("only the game master may do this").key("err-only-gm", &[]));
    }
    let mut s = g.session()?;
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
                s.schedule_next(&g.game.options.deadlines, now())?;
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
            replace(&mut g, &mut s, p, &player).await?;
            // Who plays whom is the game master's: the members learn only of a new player.
            announce = Some(format!("a new player plays {}", s.map().power(p).name));
            format!("{player} plays {}", s.map().power(p).name)
        }
        GmAct::Adjudicate { force } => {
            let n = adjudicate_locked(&mut g, &mut s, force).await?;
            g.notify("log", "all", serde_json::json!({ "act": "adjudicate" }))
                .await?;
            let phase = s.game().phase().code();
            g.commit(Some(s)).await?;
            return Ok(ActDone {
                done: format!("{n} phase(s) adjudicated"),
                phase,
            });
        }
        GmAct::Rollback => {
            // The phase is open again, its readiness and votes cleared (the host's rule).
            let before = g.seats(&s);
            let mut seats = before.clone();
            s.rollback_table(&mut seats, &g.rules(), now())?;
            // A game rolled back from its end is not finished any more.
            crate::club::forget_result(g.tx(), id).await?;
            g.store_seats(&s, &before, &seats).await?;
            g.notify(
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
            g.notify(
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
            g.notify(
                "finished",
                "all",
                serde_json::json!({ "result": s.end_text() }),
            )
            .await?;
            "draw".into()
        }
    };
    g.save(&s).await?;
    g.notify(
        "log",
        "all",
        serde_json::json!({ "act": announce.as_ref().unwrap_or(&done) }),
    )
    .await?;
    if s.deadline().map(|d| d.at) != deadline_before {
        g.notify(
            "deadline",
            "all",
            serde_json::json!({ "deadline": s.deadline().map(|d| d.at.to_string()) }),
        )
        .await?;
    }
    let phase = s.game().phase().code();
    g.commit(Some(s)).await?;
    Ok(ActDone { done, phase })
}

/// Another account takes a seat: the old player becomes an observer of the game (the host
/// decides, [`Session::replace_holder`]; here the account is found and the seats stored).
async fn replace(
    g: &mut GameTx<'_, '_>,
    s: &mut Session,
    power: PowerId,
    player: &str,
) -> Result<()> {
    use sqlx::Row;
    let row = sqlx::query("SELECT id, name FROM accounts WHERE lower(name) = lower($1)")
        .bind(player)
        .fetch_optional(&mut **g.tx())
        .await?
        .ok_or_else(|| Error::unprocessable(format!("no account '{player}'")))?;
    let (new_id, new_name): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
    if new_id == g.game.created_by {
        return Err(Error::conflict(
            "the game master does not play in their own game",
        ));
    }
    let mut seats = g.seats(s);
    let old = entente_host::holder_of(&seats, power).map(|h| h.member);
    s.replace_holder(&mut seats, power, MemberId(new_id), &new_name)?;
    let (Some(old), Some(new)) = (old, seats.last()) else {
        return Err(Error::internal("a seat replaced without its players"));
    };
    let powers = power_names(s, &new.powers);
    let id = g.id().to_string();
    sqlx::query("UPDATE members SET role = 'replaced', ready_phase = NULL, draw_vote = NULL WHERE game_id = $1 AND account_id = $2")
        .bind(&id)
        .bind(old.0)
        .execute(&mut **g.tx())
        .await?;
    sqlx::query("DELETE FROM members WHERE game_id = $1 AND account_id = $2")
        .bind(&id)
        .bind(new_id)
        .execute(&mut **g.tx())
        .await?;
    sqlx::query("INSERT INTO members (game_id, account_id, role, powers, joined_at) VALUES ($1, $2, 'player', $3, $4)")
        .bind(&id)
        .bind(new_id)
        .bind(powers.join(","))
        .bind(millis(now()))
        .execute(&mut **g.tx())
        .await?;
    g.notify(
        "started",
        &audience_of(&powers),
        serde_json::json!({ "powers": powers }),
    )
    .await?;
    Ok(())
}
