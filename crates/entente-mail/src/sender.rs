//! Sending the queued mail (`mail_out`) through the club's relay: each mail claimed by one
//! server at a time, marked sent once the relay took it, and otherwise tried again later
//! (after 30 s, 1 min, 2 min, … at most an hour apart), so that a relay down for hours
//! loses nothing. Every mail says it was sent by a program (`Auto-Submitted`, `X-Loop`),
//! so that an auto-responder does not answer it.

use entente_service::Db;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, MultiPart, SinglePart};
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::Row;
use std::time::Duration;

/// Where mail goes: `smtp://HOST:PORT` (plain, for a relay on loopback),
/// `smtp+starttls://HOST:PORT` or `smtps://HOST:PORT` (TLS), and the judge's address.
#[derive(Clone, Debug)]
pub struct Relay {
    pub url: String,
    pub from: String,
    /// The first delay before a failed mail is tried again (doubling each time, at most
    /// an hour); 30 s.
    pub retry_ms: i64,
}

/// Why a mail could not be built (it bounces: trying again would not help).
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("from: {0}")]
    From(lettre::address::AddressError),
    #[error("to '{to}': {error}")]
    To {
        to: String,
        error: lettre::address::AddressError,
    },
    #[error("{0}")]
    Message(#[from] lettre::error::Error),
    #[error("{0}")]
    ContentType(#[from] lettre::message::header::ContentTypeErr),
}

/// A relay address that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error(
        "relay '{0}': expected smtp://HOST:PORT, smtp+starttls://HOST:PORT or smtps://HOST:PORT"
    )]
    BadUrl(String),
    #[error("the judge's address '{0}' is not an e-mail address")]
    BadFrom(String),
    #[error("TLS for relay '{0}': {1}")]
    Tls(String, String),
}

impl Relay {
    fn transport(&self) -> Result<AsyncSmtpTransport<Tokio1Executor>, RelayError> {
        let bad = || RelayError::BadUrl(self.url.clone());
        let (scheme, rest) = self.url.split_once("://").ok_or_else(bad)?;
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) => (h, p.parse::<u16>().map_err(|_| bad())?),
            None => (rest, if scheme == "smtps" { 465 } else { 25 }),
        };
        if host.is_empty() {
            return Err(bad());
        }
        let tls = || {
            TlsParameters::new(host.to_string())
                .map_err(|e| RelayError::Tls(self.url.clone(), e.to_string()))
        };
        let tls = match scheme {
            "smtp" => Tls::None,
            "smtp+starttls" => Tls::Required(tls()?),
            "smtps" => Tls::Wrapper(tls()?),
            _ => return Err(bad()),
        };
        Ok(
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
                .port(port)
                .tls(tls)
                .timeout(Some(Duration::from_secs(30)))
                .build(),
        )
    }
}

use crate::now_ms;

/// The delay before attempt `n + 1` (n attempts failed): `first` doubling, at most an hour.
pub fn backoff_ms(attempts: i64, first: i64) -> i64 {
    let exp = attempts.clamp(0, 16) as u32;
    first.max(1).saturating_mul(1 << exp).min(3_600_000)
}

fn message(
    relay: &Relay,
    to: &str,
    subject: &str,
    body: &str,
    in_reply_to: Option<&str>,
    png: Option<Vec<u8>>,
    message_id: Option<&str>,
) -> Result<Message, BuildError> {
    let mut b = Message::builder()
        .message_id(message_id.map(|id| format!("<{id}>")))
        .from(relay.from.parse().map_err(BuildError::From)?)
        .to(to.parse().map_err(|error| BuildError::To {
            to: to.to_string(),
            error,
        })?)
        .subject(subject);
    if let Some(id) = in_reply_to {
        b = b
            .in_reply_to(format!("<{id}>"))
            .references(format!("<{id}>"));
    }
    let mut m = match png {
        None => b.header(ContentType::TEXT_PLAIN).body(body.to_string())?,
        Some(png) => {
            let kind = ContentType::parse("image/png")?;
            b.multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(body.to_string()))
                    .singlepart(Attachment::new("board.png".to_string()).body(png, kind)),
            )?
        }
    };
    for (name, value) in [("Auto-Submitted", "auto-replied"), ("X-Loop", "entente")] {
        m.headers_mut().insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str(name),
            value.to_string(),
        ));
    }
    Ok(m)
}

/// Sends the mail that is due; how many were sent.
pub async fn deliver_due(db: &Db, relay: &Relay) -> Result<usize, RelayError> {
    let transport = relay.transport()?;
    let _: lettre::Address = relay
        .from
        .parse()
        .map_err(|_| RelayError::BadFrom(relay.from.clone()))?;
    let now = now_ms();
    let rows = match sqlx::query(
        "SELECT id, to_addr, subject, body, in_reply_to, attempts, game_id, phase_index, created_at FROM mail_out WHERE sent_at IS NULL AND bounced_at IS NULL AND next_at <= $1 ORDER BY id LIMIT 50",
    )
    .bind(now)
    .fetch_all(&db.pool)
    .await
    {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!("mail queue: {e}");
            return Ok(0);
        }
    };
    let mut sent = 0;
    // A board drawn once per batch, whoever it goes to (rasterising takes tens of
    // milliseconds, and every player of a game gets the same board).
    let mut boards: std::collections::HashMap<(String, i64), Option<Vec<u8>>> = Default::default();
    for r in rows {
        let (Ok(id), Ok(to), Ok(subject), Ok(body), Ok(reply), Ok(attempts)) = (
            r.try_get::<i64, _>(0),
            r.try_get::<String, _>(1),
            r.try_get::<String, _>(2),
            r.try_get::<String, _>(3),
            r.try_get::<Option<String>, _>(4),
            r.try_get::<i64, _>(5),
        ) else {
            continue;
        };
        // Claimed for five minutes by this server: another one sharing the database does
        // not send it too; if this one dies while sending, it is tried again after that.
        let claimed = sqlx::query(
            "UPDATE mail_out SET next_at = $1 WHERE id = $2 AND sent_at IS NULL AND bounced_at IS NULL AND next_at <= $3",
        )
        .bind(now + 300_000)
        .bind(id)
        .bind(now)
        .execute(&db.pool)
        .await
        .map(|r| r.rows_affected() == 1)
        .unwrap_or(false);
        if !claimed {
            continue;
        }
        let board = match (
            r.try_get::<Option<String>, _>(6).ok().flatten(),
            r.try_get::<Option<i64>, _>(7).ok().flatten(),
        ) {
            (Some(game), Some(i)) => {
                let key = (game, i);
                if !boards.contains_key(&key) {
                    let png = board_png(db, &key.0, i as usize).await;
                    boards.insert(key.clone(), png);
                }
                boards.get(&key).cloned().flatten()
            }
            _ => None,
        };
        // Err((why, for good)): a mail that cannot be built, or a 5xx of the relay, bounces.
        // The judge's own Message-ID, by which an answer to it is known
        // (`Incoming::replies_to_judge`).
        let own_id = crate::incoming::judges_message_id(
            id,
            r.try_get::<i64, _>(8).unwrap_or(now),
            relay.from.rsplit('@').next().unwrap_or("localhost"),
        );
        let outcome = match message(
            relay,
            &to,
            &subject,
            &body,
            reply.as_deref(),
            board,
            Some(&own_id),
        ) {
            Ok(m) => transport
                .send(m)
                .await
                .map(|_| ())
                .map_err(|e| (e.to_string(), e.is_permanent())),
            Err(e) => Err((e.to_string(), true)),
        };
        let q = match &outcome {
            Ok(()) => sqlx::query("UPDATE mail_out SET sent_at = $1, attempts = attempts + 1, last_error = NULL WHERE id = $2")
                .bind(now_ms())
                .bind(id),
            Err((e, true)) => sqlx::query("UPDATE mail_out SET bounced_at = $1, attempts = attempts + 1, last_error = $2 WHERE id = $3")
                .bind(now_ms())
                .bind(format!("bounced: {e}"))
                .bind(id),
            Err((e, false)) => sqlx::query("UPDATE mail_out SET next_at = $1, attempts = attempts + 1, last_error = $2 WHERE id = $3")
                .bind(now_ms() + backoff_ms(attempts, relay.retry_ms))
                .bind(e.clone())
                .bind(id),
        };
        if let Err(e) = q.execute(&db.pool).await {
            tracing::warn!("mail {id}: {e}");
        }
        match outcome {
            Ok(()) => sent += 1,
            Err((e, true)) => tracing::warn!("mail {id} to {to} bounced: {e}"),
            Err((e, false)) => tracing::warn!("mail {id} to {to}: {e}; tried again later"),
        }
    }
    Ok(sent)
}

/// The board of phase `i` of a game as a PNG (None when it cannot be drawn: the results
/// go without it).
async fn board_png(db: &Db, game: &str, i: usize) -> Option<Vec<u8>> {
    let (_, _, _, s) = entente_service::games::read_game(db, None, game)
        .await
        .ok()?;
    let svg = entente_service::games::board_svg(s.as_ref()?, Some(i)).ok()?;
    tokio::task::spawn_blocking(move || entente_render::svg_to_png(&svg, 1.0).ok())
        .await
        .ok()
        .flatten()
}

/// Sends due mail every `every`, for ever (a task of `entente serve --relay`).
pub async fn run(db: Db, relay: Relay, every: Duration) {
    loop {
        if let Err(e) = deliver_due(&db, &relay).await {
            tracing::error!("{e}");
            return;
        }
        tokio::time::sleep(every).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        assert_eq!(backoff_ms(0, 30_000), 30_000);
        assert_eq!(backoff_ms(1, 30_000), 60_000);
        assert_eq!(backoff_ms(6, 30_000), 1_920_000);
        assert_eq!(backoff_ms(7, 30_000), 3_600_000);
        assert_eq!(backoff_ms(100, 30_000), 3_600_000);
        assert_eq!(backoff_ms(2, 100), 400);
    }

    #[test]
    fn relay_addresses_are_checked() {
        let r = |url: &str| Relay {
            url: url.into(),
            from: "judge@example.org".into(),
            retry_ms: 30_000,
        };
        assert!(r("smtp://127.0.0.1:2526").transport().is_ok());
        assert!(r("smtps://mail.example.org").transport().is_ok());
        assert!(r("smtp+starttls://mail.example.org:587")
            .transport()
            .is_ok());
        for bad in ["127.0.0.1:25", "http://x:1", "smtp://:25", "smtp://h:port"] {
            assert!(r(bad).transport().is_err(), "{bad}");
        }
    }

    #[test]
    fn sent_mail_says_a_program_sent_it() {
        let relay = Relay {
            url: "smtp://127.0.0.1:1".into(),
            from: "judge@example.org".into(),
            retry_ms: 30_000,
        };
        let m = message(
            &relay,
            "ann@example.org",
            "Re: orders",
            "ok",
            Some("m1@example.org"),
            None,
            Some(&crate::incoming::judges_message_id(
                7,
                1_700_000_000_000,
                "example.org",
            )),
        )
        .unwrap();
        let text = String::from_utf8(m.formatted()).unwrap();
        assert!(text.contains("Auto-Submitted: auto-replied"), "{text}");
        assert!(text.contains("X-Loop: entente"), "{text}");
        assert!(text.contains("In-Reply-To: <m1@example.org>"), "{text}");
        assert!(
            text.contains("Message-ID: <entente.7.1700000000000@example.org>"),
            "{text}"
        );
        // An answer to it is known as one.
        let answer = "From: ann@example.org\r\nIn-Reply-To: <entente.7.1700000000000@example.org>\r\n\r\nthanks\r\n";
        assert!(
            crate::read_message(answer.as_bytes())
                .unwrap()
                .replies_to_judge
        );
        assert!(message(&relay, "not an address", "s", "b", None, None, None).is_err());
        let m = message(
            &relay,
            "ann@example.org",
            "results",
            "judge form",
            None,
            Some(vec![137, 80, 78, 71]),
            None,
        )
        .unwrap();
        let text = String::from_utf8_lossy(&m.formatted()).into_owned();
        assert!(
            text.contains("multipart/mixed")
                && text.contains("image/png")
                && text.contains("board.png"),
            "{text}"
        );
    }
}
