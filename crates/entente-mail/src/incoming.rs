//! One received message, read: who sent it, its Message-ID, whether a program sent it, and
//! the text a player wrote (the plain part, or the HTML part as text; quoted lines of an
//! earlier message and the signature dropped).

use mail_parser::MessageParser;

/// A message too large, or not a message.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MailError {
    #[error("the message is {size} bytes; at most {limit} are read")]
    TooLarge { size: usize, limit: usize },
    #[error("this is not an e-mail message (RFC 5322)")]
    NotAMessage,
    #[error("the message has no sender address (From)")]
    NoSender,
}

/// The largest message read (orders and press are text; attachments are not read).
pub const MESSAGE_LIMIT: usize = 512 * 1024;

/// A message as the gateway needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// The sender's address (lower case). Never proof of who sent it.
    pub from: String,
    /// The Message-ID (without angle brackets); a message without one gets none.
    pub message_id: Option<String>,
    pub subject: String,
    /// Sent by a program (an auto-reply, a bounce, a list): answered by nothing, so that
    /// two programs never answer each other for ever.
    pub automatic: Option<String>,
    /// The text the sender wrote, one line per line, without quotes and signature.
    pub text: String,
}

/// Reads one message.
pub fn read_message(raw: &[u8]) -> Result<Incoming, MailError> {
    if raw.len() > MESSAGE_LIMIT {
        return Err(MailError::TooLarge {
            size: raw.len(),
            limit: MESSAGE_LIMIT,
        });
    }
    let m = MessageParser::default()
        .parse(raw)
        .ok_or(MailError::NotAMessage)?;
    if m.headers().is_empty() {
        return Err(MailError::NotAMessage);
    }
    let from = m
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_lowercase())
        .filter(|a| a.contains('@'))
        .ok_or(MailError::NoSender)?;
    let header =
        |name: &str| -> Option<String> { m.header_raw(name).map(|v| v.trim().to_string()) };
    let automatic = automatic(&from, &header);
    let body = m.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    Ok(Incoming {
        from,
        message_id: m.message_id().map(str::to_string),
        subject: m.subject().unwrap_or_default().to_string(),
        automatic,
        text: written_text(&body),
    })
}

/// Why a message looks sent by a program, if it does (RFC 3834 `Auto-Submitted`, the
/// mailer daemons, `Precedence: bulk/junk/list/auto_reply`, our own `X-Loop`, list mail).
fn automatic(from: &str, header: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    if let Some(v) = header("Auto-Submitted") {
        if !v.trim().eq_ignore_ascii_case("no") {
            return Some(format!("Auto-Submitted: {}", v.trim()));
        }
    }
    let local = from.split('@').next().unwrap_or_default();
    if [
        "mailer-daemon",
        "postmaster",
        "noreply",
        "no-reply",
        "do-not-reply",
    ]
    .iter()
    .any(|d| local.eq_ignore_ascii_case(d))
    {
        return Some(format!("sent by {from}"));
    }
    if let Some(v) = header("Precedence") {
        let v = v.trim().to_ascii_lowercase();
        if ["bulk", "junk", "list", "auto_reply"].contains(&v.as_str()) {
            return Some(format!("Precedence: {v}"));
        }
    }
    if header("X-Loop").is_some_and(|v| v.contains("entente")) {
        return Some("X-Loop: entente".into());
    }
    if header("List-Id").is_some() {
        return Some("mailing-list mail (List-Id)".into());
    }
    if header("X-Autoreply").is_some() || header("X-Autorespond").is_some() {
        return Some("an automatic reply".into());
    }
    None
}

/// The lines the sender wrote: line ends made `\n`; quoted lines (`>`), the quoted
/// message after an attribution line ("On … wrote:", "Dne … napsal(a):", "Le … a écrit :",
/// "… пишет:") or an "Original Message" rule, and everything after a signature rule (`-- `)
/// dropped.
pub fn written_text(body: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for line in body.lines() {
        let t = line.trim_end_matches('\r');
        if t == "-- " || t == "--" {
            break;
        }
        let trimmed = t.trim();
        let lower = trimmed.to_lowercase();
        if lower.starts_with("-----original message")
            || lower.starts_with("----- original message")
            || lower.starts_with("-------- původní zpráva")
            || lower.starts_with("-------- message original")
            || lower.starts_with("-------- исходное сообщение")
        {
            break;
        }
        let attribution = (lower.starts_with("on ") && lower.ends_with("wrote:"))
            || (lower.starts_with("dne ") && (lower.contains("napsal")))
            || (lower.starts_with("le ") && lower.ends_with("a écrit :"))
            || lower.ends_with("a écrit:")
            || lower.ends_with("пишет:")
            || lower.ends_with("написал:")
            || lower.ends_with("написал(а):");
        if attribution {
            break;
        }
        if trimmed.starts_with('>') {
            continue;
        }
        out.push(t);
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(headers: &str, body: &str) -> Vec<u8> {
        format!("{headers}\r\n\r\n{body}").into_bytes()
    }

    #[test]
    fn a_plain_message_is_read() {
        let m = read_message(&msg(
            "From: Ann <Ann@Example.org>\r\nTo: judge@club.example\r\nSubject: orders\r\nMessage-ID: <abc@example.org>",
            "SIGNON g1 France secret\r\nA Par - Bur\r\n",
        ))
        .unwrap();
        assert_eq!(m.from, "ann@example.org");
        assert_eq!(m.message_id.as_deref(), Some("abc@example.org"));
        assert_eq!(m.subject, "orders");
        assert_eq!(m.automatic, None);
        assert_eq!(m.text, "SIGNON g1 France secret\nA Par - Bur");
    }

    /// A Czech sheet in Windows-1250, quoted-printable: "A Paříž - Burgundsko".
    #[test]
    fn a_cp1250_message_is_read_in_its_charset() {
        let m = read_message(&msg(
            "From: petr@example.cz\r\nSubject: rozkazy\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=windows-1250\r\nContent-Transfer-Encoding: quoted-printable",
            "A Pa=F8=ED=9E - Burgundsko\r\n",
        ))
        .unwrap();
        assert_eq!(m.text, "A Paříž - Burgundsko");
    }

    #[test]
    fn iso_8859_2_and_koi8_r_are_read() {
        let m = read_message(&msg(
            "From: a@example.cz\r\nContent-Type: text/plain; charset=iso-8859-2\r\nContent-Transfer-Encoding: quoted-printable",
            "A V=EDde=F2 - Terst",
        ))
        .unwrap();
        assert_eq!(m.text, "A Vídeň - Terst");
        // KOI8-R "Москва".
        let mut raw = b"From: b@example.ru\r\nContent-Type: text/plain; charset=koi8-r\r\nContent-Transfer-Encoding: 8bit\r\n\r\nA ".to_vec();
        raw.extend([0xED, 0xCF, 0xD3, 0xCB, 0xD7, 0xC1]);
        raw.extend(b" H\r\n");
        assert_eq!(read_message(&raw).unwrap().text, "A Москва H");
    }

    #[test]
    fn an_html_only_message_is_read_as_text() {
        let m = read_message(&msg(
            "From: c@example.fr\r\nContent-Type: text/html; charset=utf-8",
            "<html><body><p>ORDERS</p><p>A Par - Bur<br>F Bre - Mao</p></body></html>",
        ))
        .unwrap();
        let lines: Vec<&str> = m
            .text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(lines, ["ORDERS", "A Par - Bur", "F Bre - Mao"]);
    }

    #[test]
    fn quoted_replies_and_signatures_are_dropped() {
        let body = "A Par - Bur\r\nF Bre - Mao\r\n\r\nOn Fri, 27 Nov 2026, judge wrote:\r\n> A Par - Pic\r\n> old\r\n";
        assert_eq!(written_text(body), "A Par - Bur\nF Bre - Mao");
        let body = "> quoted first\r\nA Vie H\r\n-- \r\nAnn, Paris club\r\nA Lon H\r\n";
        assert_eq!(written_text(body), "A Vie H");
        let body = "A Mos H\nDne 27. 11. 2026 v 10:00 judge napsal(a):\nA War H\n";
        assert_eq!(written_text(body), "A Mos H");
        let body = "A Mos H\n-----Original Message-----\nA War H\n";
        assert_eq!(written_text(body), "A Mos H");
    }

    #[test]
    fn automatic_mail_is_recognised() {
        for (headers, why) in [
            (
                "From: x@example.org\r\nAuto-Submitted: auto-replied",
                "Auto-Submitted",
            ),
            ("From: MAILER-DAEMON@example.org", "sent by"),
            ("From: x@example.org\r\nPrecedence: bulk", "Precedence"),
            ("From: x@example.org\r\nX-Loop: entente judge", "X-Loop"),
            (
                "From: x@example.org\r\nList-Id: <club.example.org>",
                "List-Id",
            ),
        ] {
            let m = read_message(&msg(headers, "hello")).unwrap();
            assert!(
                m.automatic.as_deref().is_some_and(|a| a.contains(why)),
                "{headers}: {m:?}"
            );
        }
        let m = read_message(&msg("From: x@example.org\r\nAuto-Submitted: no", "hello")).unwrap();
        assert_eq!(m.automatic, None);
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert_eq!(read_message(b""), Err(MailError::NotAMessage));
        assert_eq!(
            read_message(&msg("Subject: who?", "body")),
            Err(MailError::NoSender)
        );
        let big = vec![b'a'; MESSAGE_LIMIT + 1];
        assert!(matches!(
            read_message(&big),
            Err(MailError::TooLarge { .. })
        ));
    }
}
