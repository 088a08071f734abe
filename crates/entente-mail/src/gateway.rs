//! A mail to the judge, carried out: read ([`crate::incoming`]), its commands
//! ([`crate::commands`]) executed through `entente-service`'s functions as the player who
//! signed on, and the answer (what was understood, line by line) queued for sending.
//! Automatic mail is not answered; a Message-ID is executed once.

use crate::commands::{parse_commands, Command, CommandError, LineKind, Sheet};
use crate::incoming::{read_message, MailError};
use entente_service::auth::Caller;
use entente_service::{games, Db};
use entente_service::{Error, ErrorKind};
use sqlx::{Any, Row, Transaction};
use std::fmt::Write;

/// What became of a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The answer queued (its id in `mail_out`), if any.
    pub reply_id: Option<i64>,
    /// What the gateway did, for the log and for `entente mail-in`'s output.
    pub note: String,
}

/// A mail not handled now: nothing of it was carried out or recorded, and the sending mail
/// server must try again later (SMTP `451`/`450`, `entente mail-in` exit 75).
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The database failed.
    #[error("the mail could not be handled: {0}")]
    Database(String),
    /// Too many mails from this sender (or this signed player) in the last hour.
    #[error("{0}")]
    TryLater(String),
}

impl From<sqlx::Error> for GatewayError {
    fn from(e: sqlx::Error) -> Self {
        GatewayError::Database(e.to_string())
    }
}

impl From<Error> for GatewayError {
    fn from(e: Error) -> Self {
        GatewayError::Database(e.message)
    }
}

use crate::now_ms;

const QUEUE: &str = "INSERT INTO mail_out (to_addr, subject, body, in_reply_to, created_at, next_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id";

/// Queues a mail to send (retried until the relay takes it).
pub async fn queue(
    db: &Db,
    to: &str,
    subject: &str,
    body: &str,
    in_reply_to: Option<&str>,
) -> Result<i64, GatewayError> {
    let mut tx = db.pool.begin().await?;
    let id = queue_in(&mut tx, to, subject, body, in_reply_to).await?;
    tx.commit().await?;
    Ok(id)
}

/// [`queue`] in the caller's transaction.
async fn queue_in(
    tx: &mut Transaction<'_, Any>,
    to: &str,
    subject: &str,
    body: &str,
    in_reply_to: Option<&str>,
) -> Result<i64, GatewayError> {
    let now = now_ms();
    let row = sqlx::query(QUEUE)
        .bind(to)
        .bind(subject)
        .bind(body)
        .bind(in_reply_to)
        .bind(now)
        .bind(now)
        .fetch_one(&mut **tx)
        .await?;
    Ok(row.try_get(0)?)
}

/// The text of a queued mail.
pub async fn queued_body(db: &Db, id: i64) -> Result<Option<String>, GatewayError> {
    let row = sqlx::query("SELECT body FROM mail_out WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(r) => Some(r.try_get(0)?),
        None => None,
    })
}

/// Unsigned mails from one sender address carried out in an hour, at most; more are
/// refused for now (the sender's server tries again later). Mails signed with a game's
/// mail password are counted apart ([`SIGNED_LIMIT`]), so forged mails with a player's
/// address never block the player's own.
pub const SENDER_LIMIT: i64 = 30;
/// Mails signed on as one player carried out in an hour, at most.
pub const SIGNED_LIMIT: i64 = 200;
/// Mails without any command from one sender answered in an hour (an auto-responder that
/// does not say it is one answers each answer of the judge with such a mail); more are
/// recorded and not answered.
pub const NO_COMMAND_LIMIT: i64 = 3;

/// The key a mail is carried out once under: its Message-ID, or for a mail without one the
/// SHA-256 of its bytes.
fn key_of(message_id: Option<&str>, raw: &[u8]) -> String {
    message_id.map(str::to_string).unwrap_or_else(|| {
        use sha2::{Digest, Sha256};
        let h: String = Sha256::digest(raw)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("sha256:{h}")
    })
}

/// Records a mail as seen, first in its transaction (which on SQLite takes the write lock
/// and on PostgreSQL waits for another delivery of the same mail to end): false if it was
/// carried out before.
async fn first_time(
    tx: &mut Transaction<'_, Any>,
    key: &str,
    sender: &str,
) -> Result<bool, GatewayError> {
    Ok(sqlx::query(
        "INSERT INTO mail_seen (message_id, sender, at, commands) VALUES ($1, $2, $3, 0) ON CONFLICT (message_id) DO NOTHING",
    )
    .bind(key)
    .bind(sender)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1)
}

fn again(key: &str) -> Outcome {
    Outcome {
        reply_id: None,
        note: format!("not executed again: Message-ID {key} was handled before"),
    }
}

fn reply_subject(subject: &str) -> String {
    if subject.to_lowercase().starts_with("re:") {
        subject.to_string()
    } else if subject.is_empty() {
        "Re: your mail to the judge".to_string()
    } else {
        format!("Re: {subject}")
    }
}

/// Handles one received message (its raw bytes), exactly once: its Message-ID, every
/// command it carries and its answer are one transaction, so that a crash at any point
/// leaves either all of it done (a second delivery is then recognised and changes nothing)
/// or none of it (the sender's server, not having had its `250`, tries again).
pub async fn handle(db: &Db, raw: &[u8]) -> Result<Outcome, GatewayError> {
    let m = match read_message(raw) {
        Ok(m) => m,
        Err(MailError::TooLarge { size, limit }) => return too_large(db, raw, size, limit).await,
        Err(e) => {
            return Ok(Outcome {
                reply_id: None,
                note: format!("not answered: {e}"),
            })
        }
    };
    let key = key_of(m.message_id.as_deref(), raw);
    let (commands, errors) = parse_commands(&m.text);
    let mut tx = db.writer.begin().await?;
    if !first_time(&mut tx, &key, &m.from).await? {
        tx.rollback().await?;
        return Ok(again(&key));
    }
    if let Some(why) = &m.automatic {
        // A delivery-status report (a bounce) is kept for the game master.
        let local = m.from.split('@').next().unwrap_or_default().to_lowercase();
        let note = if local == "mailer-daemon"
            || local == "postmaster"
            || m.subject.to_lowercase().contains("undeliver")
            || m.subject.to_lowercase().contains("delivery status")
        {
            let text: String = m.text.chars().take(4000).collect();
            sqlx::query(
                "INSERT INTO mail_bounces (sender, subject, text, at) VALUES ($1, $2, $3, $4)",
            )
            .bind(&m.from)
            .bind(&m.subject)
            .bind(text)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
            format!("not answered: a bounce from {} ({why}), recorded", m.from)
        } else {
            format!("not answered: automatic mail from {} ({why})", m.from)
        };
        tx.commit().await?;
        return Ok(Outcome {
            reply_id: None,
            note,
        });
    }
    let guessed = crate::commands::language_of(&m.text).unwrap_or("en");
    // A mail over a limit (lines, line length, commands) is answered, and nothing in it done.
    if let Some(e) = errors.iter().find(|e| e.refuses_mail()) {
        let body = limit_words(guessed, e);
        let id = queue_in(
            &mut tx,
            &m.from,
            &reply_subject(&m.subject),
            &body,
            m.message_id.as_deref(),
        )
        .await?;
        tx.commit().await?;
        return Ok(Outcome {
            reply_id: Some(id),
            note: format!("answered {} (mail {id}): {e}", m.from),
        });
    }
    // Who signs on, before anything is done: the sender's rate is counted by it.
    let mut signons: Vec<Option<Result<Signed, Error>>> = Vec::new();
    for (_, cmd) in &commands {
        let refused = signons.iter().flatten().any(|r| r.is_err());
        signons.push(match cmd {
            Command::SignOn {
                game,
                power,
                secret,
            } if !refused => Some(sign_on(db, &mut tx, game, power, secret).await?),
            _ => None,
        });
    }
    let signed_by = signons
        .iter()
        .flatten()
        .find_map(|r| r.as_ref().ok())
        .map(|s| s.caller.id);
    let hour_ago = now_ms() - 3_600_000;
    let (recent, limit): (i64, i64) = match signed_by {
        Some(account) => (
            sqlx::query("SELECT COUNT(*) FROM mail_seen WHERE signed_by = $1 AND at > $2 AND message_id <> $3")
                .bind(account)
                .bind(hour_ago)
                .bind(&key)
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?,
            SIGNED_LIMIT,
        ),
        None => (
            sqlx::query("SELECT COUNT(*) FROM mail_seen WHERE sender = $1 AND signed_by IS NULL AND at > $2 AND message_id <> $3")
                .bind(&m.from)
                .bind(hour_ago)
                .bind(&key)
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?,
            SENDER_LIMIT,
        ),
    };
    if recent >= limit {
        // Nothing is recorded: the mail is refused for now, and carried out when the
        // sender's server tries again after the hour.
        tx.rollback().await?;
        let who = if signed_by.is_some() {
            "signed mails of this player"
        } else {
            "unsigned mails from"
        };
        return Err(GatewayError::TryLater(format!(
            "more than {limit} {who} {} in an hour: try again later",
            m.from
        )));
    }
    let commanded = crate::commands::has_command(&commands, &errors);
    sqlx::query("UPDATE mail_seen SET signed_by = $1, commands = $2 WHERE message_id = $3")
        .bind(signed_by)
        .bind(commanded as i64)
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    if !commanded {
        // An answer to the judge's answer that asks nothing, or one more mail asking
        // nothing from a sender who keeps writing such mails: an auto-responder that does
        // not say it is one. Not answered, so that no loop forms.
        let quiet: i64 = sqlx::query(
            "SELECT COUNT(*) FROM mail_seen WHERE sender = $1 AND commands = 0 AND at > $2 AND message_id <> $3",
        )
        .bind(&m.from)
        .bind(hour_ago)
        .bind(&key)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        let why = if m.replies_to_judge {
            Some("an answer to the judge's mail, with no command".to_string())
        } else if quiet >= NO_COMMAND_LIMIT {
            Some(format!(
                "the {}th mail with no command from this sender in an hour",
                quiet + 1
            ))
        } else {
            None
        };
        if let Some(why) = why {
            tx.commit().await?;
            return Ok(Outcome {
                reply_id: None,
                note: format!("not answered: {why} ({})", m.from),
            });
        }
    }
    let body = answer(&mut tx, db, &commands, &errors, signons, guessed).await?;
    let id = queue_in(
        &mut tx,
        &m.from,
        &reply_subject(&m.subject),
        &body,
        m.message_id.as_deref(),
    )
    .await?;
    tx.commit().await?;
    Ok(Outcome {
        reply_id: Some(id),
        note: format!("answered {} (mail {id})", m.from),
    })
}

/// A mail too large to be read: its sender is answered so, once (its head read for who
/// sent it).
async fn too_large(
    db: &Db,
    raw: &[u8],
    size: usize,
    limit: usize,
) -> Result<Outcome, GatewayError> {
    let Ok(m) = crate::incoming::read_head(raw) else {
        return Ok(Outcome {
            reply_id: None,
            note: format!("not answered: a message of {size} bytes without a sender"),
        });
    };
    if let Some(why) = &m.automatic {
        return Ok(Outcome {
            reply_id: None,
            note: format!(
                "not answered: automatic mail from {} ({why}), too large",
                m.from
            ),
        });
    }
    let key = key_of(m.message_id.as_deref(), raw);
    let mut tx = db.writer.begin().await?;
    if !first_time(&mut tx, &key, &m.from).await? {
        tx.rollback().await?;
        return Ok(again(&key));
    }
    let body = t(
        "en",
        "mail-too-large",
        &[("size", &kib(size)), ("limit", &kib(limit))],
    );
    let id = queue_in(
        &mut tx,
        &m.from,
        &reply_subject(&m.subject),
        &body,
        m.message_id.as_deref(),
    )
    .await?;
    tx.commit().await?;
    Ok(Outcome {
        reply_id: Some(id),
        note: format!(
            "answered {} (mail {id}): the mail of {} is larger than {}",
            m.from,
            kib(size),
            kib(limit)
        ),
    })
}

fn kib(bytes: usize) -> String {
    format!("{} KiB", bytes.div_ceil(1024))
}

/// The answer to a mail over one of the parser's limits.
fn limit_words(lang: &str, e: &CommandError) -> String {
    match e {
        CommandError::TooManyLines { lines, limit } => t(
            lang,
            "mail-too-many-lines",
            &[("size", &lines.to_string()), ("limit", &limit.to_string())],
        ),
        CommandError::LineTooLong { line, limit } => t(
            lang,
            "mail-line-too-long",
            &[("line", &line.to_string()), ("limit", &limit.to_string())],
        ),
        CommandError::TooManyCommands { limit } => t(
            lang,
            "mail-too-many-commands",
            &[("limit", &limit.to_string())],
        ),
        e => e.to_string(),
    }
}

/// A phrase of the gateway in `lang` (`entente_i18n::mail`).
fn t(lang: &str, id: &str, args: &[(&str, &str)]) -> String {
    entente_i18n::mail::MAIL.text(lang, id, args)
}

/// The help text (English; `mail-help` in the other languages).
pub const HELP: &str = "Commands (one a line; English, Czech, French or Russian words):
  SIGNON <game> <power> <mail password>   first: who you are (the password is on the game's page)
  ORDERS, then one order a line            your sheet (lines without a command are a sheet too)
  PRESS TO <power>, <power> ... ENDPRESS   a letter to those powers
  BROADCAST ... ENDPRESS                   a letter to every power
  LIST                                     the game's state and your orders
  HISTORY                                  the last phase's results
  READY [NO]                               your orders are final (or not)
  DRAW [<powers> | NO]                     vote for a draw, or withdraw the vote
  CONCEDE <power> | CONCEDE NO             vote to concede the game to a power, or withdraw
  SET ADDRESS <address>                    where results and reminders go
  PLACE A Par                              Escalation: place your next unit, in your turn
  HOME Par, Bre, Spa                       Escalation: nominate your three home centres
  SIGNOFF                                  the rest of the mail is not read";

struct Signed {
    game: String,
    power: String,
    caller: Caller,
    lang: &'static str,
}

/// A `SIGNON`: who the mail acts as (`Ok(Ok)`), or the one answer that a wrong game, power
/// or password gets (`Ok(Err)`); `Err`: the database failed.
async fn sign_on(
    db: &Db,
    tx: &mut Transaction<'_, Any>,
    game: &str,
    power: &str,
    secret: &str,
) -> Result<Result<Signed, Error>, GatewayError> {
    let caller = match games::mail_sign_on(db, game, power, secret).await {
        Ok(c) => c,
        Err(e) if e.kind == ErrorKind::Internal => return Err(e.into()),
        Err(e) => return Ok(Err(e)),
    };
    let lang = games::account_prefs(db, caller.id)
        .await
        .ok()
        .and_then(|p| p.language)
        .and_then(|l| entente_i18n::supported(&l))
        .unwrap_or("en");
    let (_, _, _, s) = games::read_game_in(tx, Some(caller.clone()), game).await?;
    let power = s
        .as_ref()
        .and_then(|s| {
            let p = s.map().lookup_power(power)?;
            Some(s.map().power(p).name.clone())
        })
        .unwrap_or_else(|| power.to_string());
    Ok(Ok(Signed {
        game: game.to_string(),
        power,
        caller,
        lang,
    }))
}

/// Carries out the commands (each in a savepoint of the mail's transaction: a refused one
/// undoes only itself) and writes the answer.
async fn answer(
    tx: &mut Transaction<'_, Any>,
    _db: &Db,
    commands: &[(usize, Command)],
    errors: &[CommandError],
    signons: Vec<Option<Result<Signed, Error>>>,
    guessed: &'static str,
) -> Result<String, GatewayError> {
    let mut out = String::new();
    for e in errors {
        let _ = writeln!(out, "{e}");
    }
    if commands.is_empty() && errors.is_empty() {
        let _ = writeln!(
            out,
            "{}\n\n{}",
            t(guessed, "mail-nothing", &[]),
            t(guessed, "mail-help", &[])
        );
    }
    // Who each command acts as (the SIGNON above it), and one sheet per power signed on:
    // every order line of the mail for it, carried out where its first line is.
    let mut owner: Vec<Option<usize>> = Vec::with_capacity(commands.len());
    let mut current = None;
    for (k, _) in commands.iter().enumerate() {
        match &signons[k] {
            Some(Ok(_)) => current = Some(k),
            Some(Err(_)) => current = None,
            None => {}
        }
        owner.push(current);
    }
    let signer = |k: usize| -> Option<&Signed> { signons[owner[k]?].as_ref()?.as_ref().ok() };
    let mut sheets: Vec<(String, String, Sheet, usize)> = Vec::new();
    for (k, (_, cmd)) in commands.iter().enumerate() {
        let (Command::Orders(sheet), Some(me)) = (cmd, signer(k)) else {
            continue;
        };
        match sheets
            .iter_mut()
            .find(|(g, p, _, _)| *g == me.game && *p == me.power)
        {
            Some((_, _, all, _)) => {
                all.keyword |= sheet.keyword;
                all.lines.extend(sheet.lines.iter().cloned());
            }
            None => sheets.push((me.game.clone(), me.power.clone(), sheet.clone(), k)),
        }
    }
    let mut signed: Option<&Signed> = None;
    for (k, (line, cmd)) in commands.iter().enumerate() {
        let lang = signed.map_or(guessed, |s| s.lang);
        let at = t(lang, "mail-line", &[("line", &line.to_string())]);
        match (cmd, &signons[k]) {
            (Command::Help, _) => {
                let _ = writeln!(out, "{at}: HELP\n{}\n", t(lang, "mail-help", &[]));
                continue;
            }
            (Command::SignOn { game, .. }, Some(Ok(me))) => {
                let _ = writeln!(
                    out,
                    "{}: {}",
                    t(me.lang, "mail-line", &[("line", &line.to_string())]),
                    t(
                        me.lang,
                        "mail-signed-on",
                        &[("power", &me.power), ("game", game)]
                    )
                );
                signed = Some(me);
                continue;
            }
            (Command::SignOn { .. }, Some(Err(e))) => {
                let _ = writeln!(
                    out,
                    "{at}: {}\n{}",
                    e.message_in(lang),
                    t(lang, "mail-nothing-after", &[])
                );
                return Ok(out);
            }
            _ => {}
        }
        let Some(me) = signed else {
            let _ = writeln!(out, "{at}: {}", t(lang, "mail-signon-first", &[]));
            continue;
        };
        let cmd = match cmd {
            Command::Orders(_) => {
                // The power's one sheet, at its first block; its other blocks are in it.
                match sheets.iter().find(|(_, _, _, first)| *first == k) {
                    Some((_, _, all, _)) => Command::Orders(all.clone()),
                    None => continue,
                }
            }
            c => c.clone(),
        };
        let mut sp = sqlx::Connection::begin(&mut **tx).await?;
        let mut said = String::new();
        match run(&mut sp, me, cmd, &mut said, &at).await {
            Ok(()) => {
                sp.commit().await?;
                out.push_str(&said);
            }
            Err(e) if e.kind == ErrorKind::Internal => return Err(e.into()),
            Err(e) => {
                sp.rollback().await?;
                let _ = writeln!(out, "{at}: {}", e.message_in(me.lang));
            }
        }
    }
    Ok(out)
}

/// How the game ended, after a vote ended it.
async fn game_over(
    tx: &mut Transaction<'_, Any>,
    caller: &Caller,
    game: &str,
    lang: &str,
    out: &mut String,
) -> Result<(), Error> {
    let (_, _, _, s) = games::read_game_in(tx, Some(caller.clone()), game).await?;
    let result = s.and_then(|s| s.end_text()).unwrap_or_default();
    let _ = writeln!(out, "{}", t(lang, "mail-game-over", &[("result", &result)]));
    Ok(())
}

/// The lines of a mail's sheet that are orders where they were written (see [`LineKind`]),
/// and the others with why they are not orders (in `lang`).
fn classify<'a>(
    s: Option<&entente_host::Session>,
    sheet: &'a Sheet,
    lang: &str,
) -> (Vec<&'a str>, Vec<(&'a crate::commands::SheetLine, String)>) {
    let mut ignored = Vec::new();
    let mut kept: Vec<&str> = Vec::new();
    let Some(s) = s else {
        // Not started: the service says so.
        return (
            sheet.lines.iter().map(|l| l.text.as_str()).collect(),
            ignored,
        );
    };
    let kind = s.game().phase().kind;
    let unreadable: Vec<Option<String>> = sheet
        .lines
        .iter()
        .map(|l| {
            entente_host::SheetLine::read_sheet_for(s.map(), kind, &l.text)
                .into_iter()
                .next()
                .and_then(|r| match r.reading {
                    entente_host::Reading::Unreadable(why) => Some(why),
                    entente_host::Reading::Order { .. } => None,
                })
        })
        .collect();
    // A closing line is an order line when it reads as one, or an order follows.
    let last_order = sheet
        .lines
        .iter()
        .zip(&unreadable)
        .rposition(|(l, u)| l.kind == LineKind::Closing && u.is_none());
    for (i, (l, u)) in sheet.lines.iter().zip(&unreadable).enumerate() {
        let keep = match (l.kind, u) {
            (_, None) | (LineKind::Firm, _) => true,
            (LineKind::Closing, Some(_)) => last_order.is_some_and(|o| i < o),
            (LineKind::Stray, Some(_)) => false,
        };
        match (keep, u) {
            (true, _) => kept.push(&l.text),
            (false, Some(why)) => ignored.push((
                l,
                entente_i18n::reasons::unreadable(lang, s.map(), &l.text, why),
            )),
            (false, None) => {}
        }
    }
    (kept, ignored)
}

/// A power's sheet from a mail: the lines that are orders where they were written (see
/// [`LineKind`]); the others are answered as ignored. A sheet of no line is sent only when
/// `ORDERS` said so (every unit holds).
async fn orders(
    tx: &mut Transaction<'_, Any>,
    me: &Signed,
    sheet: Sheet,
    out: &mut String,
    at: &str,
) -> Result<(), Error> {
    let (game, power, caller, lang) = (&me.game, &me.power, &me.caller, me.lang);
    let (_, _, _, s) = games::read_game_in(tx, Some(caller.clone()), game).await?;
    // Suggestions ("did you mean") for the first unreadable lines only, as the API's.
    let (kept, ignored) = entente_orders::with_suggestion_limit(games::SUGGESTED_LINES, || {
        classify(s.as_ref(), &sheet, lang)
    });
    if !kept.is_empty() || sheet.keyword {
        let sent = games::submit_in(tx, caller, game, power, &kept.join("\n")).await?;
        let _ = writeln!(
            out,
            "{at}: {}",
            t(
                lang,
                "mail-orders-for",
                &[("power", power), ("phase", &sent.phase)]
            )
        );
        entente_orders::with_suggestion_limit(games::SUGGESTED_LINES, || {
            for l in &sent.lines {
                match (&l.order, &l.error, &l.problem) {
                    (_, Some(why), _) => {
                        let why = match &s {
                            Some(s) => {
                                entente_i18n::reasons::unreadable(lang, s.map(), &l.text, why)
                            }
                            None => why.clone(),
                        };
                        let _ = writeln!(
                            out,
                            "  {:<28} => {}",
                            l.text,
                            t(lang, "mail-not-understood", &[("why", &why)])
                        );
                    }
                    (Some(o), None, Some(p)) => {
                        let p = entente_i18n::reasons::problem_words(lang, p);
                        let _ = writeln!(
                            out,
                            "  {:<28} => {o} (will not be carried out: {p})",
                            l.text
                        );
                    }
                    (Some(o), None, None) => {
                        let _ = writeln!(out, "  {:<28} => {o}", l.text);
                    }
                    (None, None, _) => {}
                }
            }
        });
        for w in &sent.warnings {
            let _ = writeln!(out, "  ! {w}");
        }
    }
    for (l, why) in ignored {
        let _ = writeln!(
            out,
            "{}: {}",
            t(lang, "mail-line", &[("line", &l.line.to_string())]),
            t(lang, "mail-ignored", &[("text", &l.text), ("why", &why)])
        );
    }
    Ok(())
}

async fn run(
    tx: &mut Transaction<'_, Any>,
    me: &Signed,
    cmd: Command,
    out: &mut String,
    at: &str,
) -> Result<(), Error> {
    let (game, power, caller, lang) = (&me.game, &me.power, &me.caller, me.lang);
    match cmd {
        Command::Orders(sheet) => orders(tx, me, sheet, out, at).await?,
        Command::Press { to, text } => {
            let to = if to.is_empty() {
                vec!["all".to_string()]
            } else {
                to
            };
            let p = games::send_press_in(tx, caller, game, power, &to, &text).await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, "mail-letter-sent", &[("to", &p.to.join(", "))])
            );
        }
        Command::Ready(r) => {
            games::set_ready_in(tx, caller, game, r).await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, if r { "mail-ready" } else { "mail-not-ready" }, &[])
            );
        }
        Command::Draw(v) => {
            let vote = v
                .clone()
                .map_or(games::EndVote::Withdraw, games::EndVote::Draw);
            let ended = games::vote_end_in(tx, caller, game, vote).await?;
            let id = if v.is_some() {
                "mail-draw-counted"
            } else {
                "mail-draw-withdrawn"
            };
            let _ = writeln!(out, "{at}: {}", t(lang, id, &[]));
            if ended {
                game_over(tx, caller, game, lang, out).await?;
            }
        }
        Command::Concede(to) => {
            let vote = to
                .clone()
                .map_or(games::EndVote::Withdraw, games::EndVote::Concede);
            let ended = games::vote_end_in(tx, caller, game, vote).await?;
            let text = match &to {
                Some(p) => t(lang, "mail-concede-counted", &[("power", p)]),
                None => t(lang, "mail-concede-withdrawn", &[]),
            };
            let _ = writeln!(out, "{at}: {text}");
            if ended {
                game_over(tx, caller, game, lang, out).await?;
            }
        }
        Command::List => {
            let (game_row, members, v, s) =
                games::read_game_in(tx, Some(caller.clone()), game).await?;
            let g = games::game_out(&game_row, &members, &v, s.as_ref());
            let none = t(lang, "mail-no-deadline", &[]);
            let _ = writeln!(
                out,
                "{at}: {}",
                t(
                    lang,
                    "mail-game-state",
                    &[
                        ("game", game),
                        ("title", &g.title),
                        ("phase", g.phase_title.as_deref().unwrap_or(&g.status)),
                        ("deadline", g.deadline.as_deref().unwrap_or(&none)),
                    ]
                )
            );
            let sheet = games::sheet_in(tx, caller, game, power).await?;
            if sheet.lines.is_empty() {
                let _ = writeln!(
                    out,
                    "  {}",
                    t(lang, "mail-no-orders-yet", &[("power", power)])
                );
            }
            for l in &sheet.lines {
                let _ = writeln!(out, "  {}", l.order.as_deref().unwrap_or(&l.text));
            }
        }
        Command::History(_) => {
            let (_, _, _, s) = games::read_game_in(tx, Some(caller.clone()), game).await?;
            match s.as_ref().map(|s| s.game().history().len()) {
                Some(n) if n > 0 => {
                    let p = games::phase_out_in(s.as_ref().expect("started"), n - 1, lang)?;
                    let _ = writeln!(out, "{at}:\n{}", p.judge_form);
                }
                _ => {
                    let _ = writeln!(out, "{at}: {}", t(lang, "mail-no-phase", &[]));
                }
            }
        }
        Command::SetAddress(a) => {
            sqlx::query("UPDATE accounts SET email = $1 WHERE id = $2")
                .bind(&a)
                .bind(caller.id)
                .execute(&mut **tx)
                .await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, "mail-address-set", &[("address", &a)])
            );
        }
        Command::Place(unit) => {
            let e = games::place_in(tx, caller, game, power, &unit).await?;
            let placed = e.placed.last().map_or(unit.clone(), |p| p.unit.clone());
            let text = match &e.to_place {
                Some(next) => t(
                    lang,
                    "mail-placed",
                    &[("power", power), ("unit", &placed), ("next", next)],
                ),
                None => t(
                    lang,
                    "mail-placement-over",
                    &[("power", power), ("unit", &placed)],
                ),
            };
            let _ = writeln!(out, "{at}: {text}");
        }
        Command::Home(homes) => {
            let e = games::nominate_in(tx, caller, game, power, &homes).await?;
            let mine = e
                .nominations
                .iter()
                .find(|n| &n.power == power)
                .map(|n| n.homes.join(", "))
                .unwrap_or(homes);
            let id = if e.nominated {
                "mail-nominated-all"
            } else {
                "mail-nominated"
            };
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, id, &[("power", power), ("homes", &mine)])
            );
        }
        Command::SignOn { .. } | Command::Help => {}
    }
    Ok(())
}
