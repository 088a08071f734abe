//! What the judge mails on its own: the letters of the game's press to their recipients (as
//! the game's press rules show them), the results of each adjudication (in judge form, in
//! the player's language, the board attached as a PNG) and reminders before a deadline to the
//! powers whose orders are missing. Only to players who play by mail (who asked for a mail
//! password for that game), at their account's address.
//!
//! Both are written into the mail queue in the same transaction that records them as done
//! (the results: a cursor over the games' events, moved only by the server that moved it
//! from where it read it; the reminders: one row per player, phase and reminder), so that a
//! crash or a second server neither loses nor doubles one.

use entente_service::{games, Db};
use sqlx::Row;
use std::time::Duration;

use crate::now_ms;

/// A player who plays a game by mail.
struct MailPlayer {
    account: i64,
    name: String,
    email: String,
    powers: Vec<String>,
    lang: &'static str,
}

async fn mail_players(db: &Db, game: &str) -> Result<Vec<MailPlayer>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT m.account_id, a.email, m.powers, a.language, a.name FROM members m JOIN accounts a ON a.id = m.account_id WHERE m.game_id = $1 AND m.role = 'player' AND m.mail_secret_hash IS NOT NULL",
    )
    .bind(game)
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let powers: String = r.try_get(2)?;
        let lang: Option<String> = r.try_get(3)?;
        out.push(MailPlayer {
            account: r.try_get(0)?,
            name: r.try_get(4)?,
            email: r.try_get(1)?,
            powers: powers
                .split(',')
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect(),
            lang: lang
                .as_deref()
                .and_then(entente_i18n::supported)
                .unwrap_or("en"),
        });
    }
    Ok(out)
}

const QUEUE: &str = "INSERT INTO mail_out (to_addr, subject, body, in_reply_to, game_id, phase_index, created_at, next_at) VALUES ($1, $2, $3, NULL, $4, $5, $6, $7)";

/// Mails the results of the phases adjudicated since the last call; how many mails.
pub async fn mail_results(db: &Db) -> Result<usize, sqlx::Error> {
    sqlx::query("INSERT INTO mail_cursor (name, last_event) VALUES ('results', 0) ON CONFLICT (name) DO NOTHING")
        .execute(&db.pool)
        .await?;
    let last: i64 = sqlx::query("SELECT last_event FROM mail_cursor WHERE name = 'results'")
        .fetch_one(&db.pool)
        .await?
        .try_get(0)?;
    let events = sqlx::query(
        "SELECT id, game_id, payload, kind FROM game_events WHERE id > $1 AND kind IN ('phase', 'press') ORDER BY id LIMIT 50",
    )
    .bind(last)
    .fetch_all(&db.pool)
    .await?;
    let Some(newest) = events.last().map(|r| r.try_get::<i64, _>(0)).transpose()? else {
        return Ok(0);
    };
    // Everything is read and written before the cursor moves, in one transaction.
    let mut queued = Vec::new();
    for e in &events {
        let game: String = e.try_get(1)?;
        let payload: String = e.try_get(2)?;
        let v: serde_json::Value = serde_json::from_str(&payload).unwrap_or_default();
        let kind: String = e.try_get(3)?;
        if kind == "press" {
            queued.extend(letters(db, &game, v["id"].as_str()).await?);
            continue;
        }
        let n = v["adjudicated"].as_u64().unwrap_or(0) as usize;
        let Some(len) = v["history"].as_u64().map(|h| h as usize) else {
            continue;
        };
        if n == 0 || len < n {
            continue;
        }
        let Ok((row, _, _, Some(s))) = games::read_game(db, None, &game).await else {
            continue;
        };
        for p in mail_players(db, &game).await? {
            let mut body = String::new();
            let mut titles = Vec::new();
            for i in len - n..len {
                if let Ok(out) = games::phase_out_in(&s, i, p.lang) {
                    titles.push(out.title.clone());
                    body.push_str(&out.judge_form);
                    body.push('\n');
                }
            }
            let subject = format!("{}: {}", row.title, titles.join(", "));
            queued.push((p.email, subject, body, game.clone(), (len - 1) as i64));
        }
    }
    let mut tx = db.pool.begin().await?;
    let moved = sqlx::query(
        "UPDATE mail_cursor SET last_event = $1 WHERE name = 'results' AND last_event = $2",
    )
    .bind(newest)
    .bind(last)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved != 1 {
        // Another server mailed these.
        return Ok(0);
    }
    let now = now_ms();
    for (to, subject, body, game, phase) in &queued {
        // A letter has no board (-1).
        let (game, phase) = if *phase < 0 {
            (None, None)
        } else {
            (Some(game), Some(*phase))
        };
        sqlx::query(QUEUE)
            .bind(to)
            .bind(subject)
            .bind(body)
            .bind(game)
            .bind(phase)
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(queued.len())
}

/// The letter of a game with this id ([`games::press_id`]), for each mail player who may
/// read it (as the game's press rules show it to them: the sender hidden in grey press),
/// but its sender's.
async fn letters(
    db: &Db,
    game: &str,
    id: Option<&str>,
) -> Result<Vec<(String, String, String, String, i64)>, sqlx::Error> {
    let Some(id) = id else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for p in mail_players(db, game).await? {
        let caller = entente_service::auth::Caller {
            id: p.account,
            name: p.name.clone(),
        };
        let Ok((row, _, v, Some(s))) = games::read_game(db, Some(caller), game).await else {
            continue;
        };
        let Some(m) = games::press_for(&s, &v).into_iter().find(|m| m.id == id) else {
            continue;
        };
        if m.from.as_ref().is_some_and(|f| p.powers.contains(f)) {
            continue;
        }
        let from = m.from.clone().unwrap_or_else(|| "?".to_string());
        let subject = entente_i18n::mail::MAIL.text(
            p.lang,
            "mail-letter-subject",
            &[("title", &row.title), ("from", &from)],
        );
        let body = format!(
            "From: {from}\nTo: {}\nPhase: {}\n\n{}\n\nAnswer: SIGNON {game} <power> <mail password>, then PRESS TO {from} ... ENDPRESS\n",
            m.to.join(", "),
            m.phase,
            m.text
        );
        out.push((p.email, subject, body, game.to_string(), -1));
    }
    Ok(out)
}

/// Mails a reminder to the mail players whose powers have no orders in, `hours` before
/// each active game's deadline (once per player, phase and reminder); how many.
pub async fn mail_reminders(db: &Db, hours: &[f64]) -> Result<usize, sqlx::Error> {
    let now = now_ms();
    let games = sqlx::query("SELECT id, title, due_at FROM games WHERE status = 'active' AND due_at IS NOT NULL AND due_at > $1")
        .bind(now)
        .fetch_all(&db.pool)
        .await?;
    let mut sent = 0;
    for g in games {
        let (id, title, due): (String, String, i64) = (g.try_get(0)?, g.try_get(1)?, g.try_get(2)?);
        let due_in = due - now;
        let id_of_game = id.clone();
        let Some(&h) = hours
            .iter()
            .filter(|&&h| due_in <= (h * 3_600_000.0) as i64)
            .min_by(|a, b| a.total_cmp(b))
        else {
            continue;
        };
        let Ok((_, _, _, Some(s))) = games::read_game(db, None, &id).await else {
            continue;
        };
        if s.is_paused() {
            continue;
        }
        let st = s.status();
        let missing: Vec<String> = st
            .missing
            .iter()
            .map(|&p| s.map().power(p).name.clone())
            .collect();
        let phase = s.game().phase().code();
        let key = (h * 1000.0) as i64;
        for p in mail_players(db, &id).await? {
            let mine: Vec<&String> = p.powers.iter().filter(|x| missing.contains(x)).collect();
            if mine.is_empty() {
                continue;
            }
            let mut tx = db.pool.begin().await?;
            let fresh = sqlx::query("INSERT INTO mail_reminded (game_id, phase, hours, account_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
                .bind(&id)
                .bind(&phase)
                .bind(key)
                .bind(p.account)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if !fresh {
                continue;
            }
            let when = jiff::Timestamp::from_millisecond(due)
                .map(|t| t.to_string())
                .unwrap_or_default();
            let powers = mine
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let words = |id: &str| {
                entente_i18n::mail::MAIL.text(
                    p.lang,
                    id,
                    &[
                        ("powers", &powers),
                        ("phase", &phase),
                        ("game", &id_of_game),
                        ("title", &title),
                        ("deadline", &when),
                    ],
                )
            };
            let body = format!(
                "{}\n\nSIGNON {id} <power> <mail password>\nORDERS\n...\n",
                words("mail-reminder")
            );
            let subject = words("mail-reminder-subject");
            sqlx::query("INSERT INTO mail_out (to_addr, subject, body, created_at, next_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&p.email)
                .bind(subject)
                .bind(body)
                .bind(now)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            sent += 1;
        }
    }
    Ok(sent)
}

/// Results and reminders every `every`, for ever (a task of `entente serve --relay`).
pub async fn run(db: Db, remind_hours: Vec<f64>, every: Duration) {
    loop {
        if let Err(e) = mail_results(&db).await {
            tracing::warn!("results by mail: {e}");
        }
        if let Err(e) = mail_reminders(&db, &remind_hours).await {
            tracing::warn!("reminders by mail: {e}");
        }
        tokio::time::sleep(every).await;
    }
}
