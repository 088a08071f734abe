//! A mail to the judge, carried out: read ([`crate::incoming`]), its commands
//! ([`crate::commands`]) executed through the server's service functions as the player who
//! signed on, and the answer (what was understood, line by line) queued for sending.
//! Automatic mail is not answered; a Message-ID is executed once.

use crate::commands::{parse_commands, Command};
use crate::incoming::{read_message, Incoming};
use entente_server::auth::Caller;
use entente_server::error::ApiError;
use entente_server::{service, Db};
use sqlx::Row;
use std::fmt::Write;

/// What became of a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The answer queued (its id in `mail_out`), if any.
    pub reply_id: Option<i64>,
    /// What the gateway did, for the log and for `entente mail-in`'s output.
    pub note: String,
}

/// A failure of the database: the mail must be tried again (nothing was executed).
#[derive(Debug, thiserror::Error)]
#[error("the mail could not be handled: {0}")]
pub struct GatewayError(String);

impl From<sqlx::Error> for GatewayError {
    fn from(e: sqlx::Error) -> Self {
        GatewayError(e.to_string())
    }
}

impl From<ApiError> for GatewayError {
    fn from(e: ApiError) -> Self {
        GatewayError(e.message)
    }
}

use crate::now_ms;

/// Queues a mail to send (retried until the relay takes it).
pub async fn queue(
    db: &Db,
    to: &str,
    subject: &str,
    body: &str,
    in_reply_to: Option<&str>,
) -> Result<i64, GatewayError> {
    let now = now_ms();
    let row = sqlx::query(
        "INSERT INTO mail_out (to_addr, subject, body, in_reply_to, created_at, next_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(to)
    .bind(subject)
    .bind(body)
    .bind(in_reply_to)
    .bind(now)
    .bind(now)
    .fetch_one(&db.pool)
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

/// Mails from one sender answered in an hour, at most.
pub const SENDER_LIMIT: i64 = 30;

/// Handles one received message (its raw bytes).
pub async fn handle(db: &Db, raw: &[u8]) -> Result<Outcome, GatewayError> {
    let m = match read_message(raw) {
        Ok(m) => m,
        Err(e) => {
            return Ok(Outcome {
                reply_id: None,
                note: format!("not answered: {e}"),
            })
        }
    };
    if let Some(why) = &m.automatic {
        // A delivery-status report (a bounce) is kept for the game master.
        let local = m.from.split('@').next().unwrap_or_default().to_lowercase();
        if local == "mailer-daemon"
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
            .execute(&db.pool)
            .await?;
            return Ok(Outcome {
                reply_id: None,
                note: format!("not answered: a bounce from {} ({why}), recorded", m.from),
            });
        }
        return Ok(Outcome {
            reply_id: None,
            note: format!("not answered: automatic mail from {} ({why})", m.from),
        });
    }
    // A sender that writes more than this in an hour is a loop (an auto-responder that
    // does not say so) or a flood: not answered until the hour has passed.
    let recent: i64 = sqlx::query("SELECT COUNT(*) FROM mail_seen WHERE sender = $1 AND at > $2")
        .bind(&m.from)
        .bind(now_ms() - 3_600_000)
        .fetch_one(&db.pool)
        .await?
        .try_get(0)?;
    if recent >= SENDER_LIMIT {
        return Ok(Outcome {
            reply_id: None,
            note: format!(
                "not answered: more than {SENDER_LIMIT} mails from {} in an hour",
                m.from
            ),
        });
    }
    // A mail without a Message-ID is known by its content.
    let key = m.message_id.clone().unwrap_or_else(|| {
        use sha2::{Digest, Sha256};
        let h: String = Sha256::digest(raw)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("sha256:{h}")
    });
    {
        let id = &key;
        let fresh = sqlx::query(
            "INSERT INTO mail_seen (message_id, sender, at) VALUES ($1, $2, $3) ON CONFLICT (message_id) DO NOTHING",
        )
        .bind(id)
        .bind(&m.from)
        .bind(now_ms())
        .execute(&db.pool)
        .await?
        .rows_affected()
            == 1;
        if !fresh {
            return Ok(Outcome {
                reply_id: None,
                note: format!("not executed again: Message-ID {id} was handled before"),
            });
        }
    }
    let body = answer(db, &m).await?;
    let subject = if m.subject.to_lowercase().starts_with("re:") {
        m.subject.clone()
    } else if m.subject.is_empty() {
        "Re: your mail to the judge".to_string()
    } else {
        format!("Re: {}", m.subject)
    };
    let id = queue(db, &m.from, &subject, &body, m.message_id.as_deref()).await?;
    Ok(Outcome {
        reply_id: Some(id),
        note: format!("answered {} (mail {id})", m.from),
    })
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

/// Carries out the commands and writes the answer.
async fn answer(db: &Db, m: &Incoming) -> Result<String, GatewayError> {
    let (commands, errors) = parse_commands(&m.text);
    // Until the writer signs on (and their account's language is known), answer in the
    // language of their commands.
    let guessed = crate::commands::language_of(&m.text).unwrap_or("en");
    let mut out = String::new();
    let mut signed: Option<Signed> = None;
    for e in &errors {
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
    for (line, cmd) in commands {
        let lang = signed.as_ref().map_or(guessed, |s| s.lang);
        let at = t(lang, "mail-line", &[("line", &line.to_string())]);
        if let Command::Help = cmd {
            let _ = writeln!(out, "{at}: HELP\n{}\n", t(lang, "mail-help", &[]));
            continue;
        }
        if let Command::SignOn {
            game,
            power,
            secret,
        } = &cmd
        {
            match service::mail_sign_on(db, game, power, secret).await {
                Ok(caller) => {
                    let lang = service::account_prefs(db, caller.id)
                        .await
                        .ok()
                        .and_then(|p| p.language)
                        .and_then(|l| entente_i18n::supported(&l))
                        .unwrap_or("en");
                    let (_, _, _, s) = service::read_game(db, Some(caller.clone()), game).await?;
                    let power = s
                        .as_ref()
                        .and_then(|s| {
                            let p = s.map().lookup_power(power)?;
                            Some(s.map().power(p).name.clone())
                        })
                        .unwrap_or_else(|| power.clone());
                    let _ = writeln!(
                        out,
                        "{}: {}",
                        t(lang, "mail-line", &[("line", &line.to_string())]),
                        t(lang, "mail-signed-on", &[("power", &power), ("game", game)])
                    );
                    signed = Some(Signed {
                        game: game.clone(),
                        power,
                        caller,
                        lang,
                    });
                }
                Err(e) => {
                    let _ = writeln!(
                        out,
                        "{at}: {}\n{}",
                        e.message_in(lang),
                        t(lang, "mail-nothing-after", &[])
                    );
                    return Ok(out);
                }
            }
            continue;
        }
        let Some(me) = &signed else {
            let _ = writeln!(out, "{at}: {}", t(lang, "mail-signon-first", &[]));
            continue;
        };
        let result = run(db, me, cmd, &mut out, &at).await;
        if let Err(e) = result {
            let _ = writeln!(out, "{at}: {}", e.message_in(me.lang));
        }
    }
    Ok(out)
}

/// How the game ended, after a vote ended it.
async fn game_over(
    db: &Db,
    caller: &Caller,
    game: &str,
    lang: &str,
    out: &mut String,
) -> Result<(), ApiError> {
    let (_, _, _, s) = service::read_game(db, Some(caller.clone()), game).await?;
    let result = s.and_then(|s| s.end_text()).unwrap_or_default();
    let _ = writeln!(out, "{}", t(lang, "mail-game-over", &[("result", &result)]));
    Ok(())
}

async fn run(
    db: &Db,
    me: &Signed,
    cmd: Command,
    out: &mut String,
    at: &str,
) -> Result<(), ApiError> {
    let (game, power, caller, lang) = (&me.game, &me.power, &me.caller, me.lang);
    match cmd {
        Command::Orders(lines) => {
            let sheet = service::submit(db, caller, game, power, &lines.join("\n")).await?;
            let (_, _, _, s) = service::read_game(db, Some(caller.clone()), game).await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(
                    lang,
                    "mail-orders-for",
                    &[("power", power), ("phase", &sheet.phase)]
                )
            );
            for l in &sheet.lines {
                match (&l.order, &l.error, &l.problem) {
                    (_, Some(why), _) => {
                        let why = match &s {
                            Some(s) => {
                                entente_i18n::reasons::unreadable(me.lang, s.map(), &l.text, why)
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
                        let p = entente_i18n::reasons::problem_words(me.lang, p);
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
            for w in &sheet.warnings {
                let _ = writeln!(out, "  ! {w}");
            }
        }
        Command::Press { to, text } => {
            let to = if to.is_empty() {
                vec!["all".to_string()]
            } else {
                to
            };
            let p = service::send_press(db, caller, game, power, &to, &text).await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, "mail-letter-sent", &[("to", &p.to.join(", "))])
            );
        }
        Command::Ready(r) => {
            service::set_ready(db, caller, game, r).await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, if r { "mail-ready" } else { "mail-not-ready" }, &[])
            );
        }
        Command::Draw(v) => {
            let ended = service::vote_draw(db, caller, game, v.clone()).await?;
            let id = if v.is_some() {
                "mail-draw-counted"
            } else {
                "mail-draw-withdrawn"
            };
            let _ = writeln!(out, "{at}: {}", t(lang, id, &[]));
            if ended {
                game_over(db, caller, game, lang, out).await?;
            }
        }
        Command::Concede(to) => {
            let ended = service::vote_concede(db, caller, game, to.clone()).await?;
            let text = match &to {
                Some(p) => t(lang, "mail-concede-counted", &[("power", p)]),
                None => t(lang, "mail-concede-withdrawn", &[]),
            };
            let _ = writeln!(out, "{at}: {text}");
            if ended {
                game_over(db, caller, game, lang, out).await?;
            }
        }
        Command::List => {
            let (game_row, members, v, s) =
                service::read_game(db, Some(caller.clone()), game).await?;
            let g = service::game_out(&game_row, &members, &v, s.as_ref());
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
            let sheet = service::sheet(db, caller, game, power).await?;
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
            let (_, _, _, s) = service::read_game(db, Some(caller.clone()), game).await?;
            match s.as_ref().map(|s| s.game().history().len()) {
                Some(n) if n > 0 => {
                    let p = service::phase_out_in(s.as_ref().expect("started"), n - 1, lang)?;
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
                .execute(&db.pool)
                .await?;
            let _ = writeln!(
                out,
                "{at}: {}",
                t(lang, "mail-address-set", &[("address", &a)])
            );
        }
        Command::Place(unit) => {
            let e = service::place(db, caller, game, power, &unit).await?;
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
            let e = service::nominate(db, caller, game, power, &homes).await?;
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
