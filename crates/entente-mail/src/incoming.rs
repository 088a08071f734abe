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
    #[error("the message's structure cannot be read (MIME parts)")]
    Unreadable,
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
    /// An answer to a mail of the judge's (its `In-Reply-To` or `References` names a
    /// Message-ID the judge made, see [`is_judges_message_id`]).
    pub replies_to_judge: bool,
}

/// The Message-ID of a mail the judge sends: `entente.<queue id>.<time>@<the judge's domain>`.
pub fn judges_message_id(queue_id: i64, created_at: i64, domain: &str) -> String {
    format!("entente.{queue_id}.{created_at}@{domain}")
}

/// Whether a Message-ID is one the judge made ([`judges_message_id`]).
pub fn is_judges_message_id(id: &str) -> bool {
    let id = id.trim().trim_start_matches('<');
    let Some(rest) = id.strip_prefix("entente.") else {
        return false;
    };
    let mut parts = rest.splitn(3, ['.', '@']);
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(a), Some(b), Some(_)) if !a.is_empty() && !b.is_empty()
            && a.bytes().all(|c| c.is_ascii_digit())
            && b.bytes().all(|c| c.is_ascii_digit())
    )
}

/// The head of a message too large to be read (its header, before the first empty line, up
/// to 64 KiB), read as a message without a body: for answering its sender.
pub fn read_head(raw: &[u8]) -> Result<Incoming, MailError> {
    let cut = raw.len().min(64 * 1024);
    let head = &raw[..cut];
    let end = head
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|p| p + 4)
        .or_else(|| head.windows(2).position(|w| w == b"\n\n").map(|p| p + 2))
        .unwrap_or(cut);
    let mut m = read_message(&head[..end])?;
    m.text.clear();
    Ok(m)
}

/// Reads one message. A message the MIME parser cannot read (mail-parser 0.11.9 panics on
/// some broken multiparts: "Invalid part ID, could not find multipart", found by
/// tests/fuzz.rs) is refused as unreadable, never a panic of the caller.
pub fn read_message(raw: &[u8]) -> Result<Incoming, MailError> {
    std::panic::catch_unwind(|| read(raw)).unwrap_or(Err(MailError::Unreadable))
}

fn read(raw: &[u8]) -> Result<Incoming, MailError> {
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
    let subject = m.subject().unwrap_or_default().to_string();
    let automatic = automatic(&from, &subject, &header);
    // HTML-only mail: each block (a phone's or a webmail's `<div>` per line) its own line.
    let html = m
        .text_body
        .first()
        .and_then(|&id| match &m.parts.get(id as usize)?.body {
            mail_parser::PartType::Html(h) => Some(h),
            _ => None,
        });
    let body = match html {
        Some(h) => mail_parser::decoders::html::html_to_text(&blocks_as_lines(h)),
        None => m.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
    };
    let replies_to_judge = ["In-Reply-To", "References"].iter().any(|h| {
        header(h).is_some_and(|v| {
            v.split(|c: char| c.is_whitespace() || c == ',' || c == '>')
                .any(is_judges_message_id)
        })
    });
    Ok(Incoming {
        from,
        message_id: m.message_id().map(str::to_string),
        subject,
        automatic,
        text: written_text(&body),
        replies_to_judge,
    })
}

/// HTML with a line break after each block element's end (`</div>`, `</li>`, `</tr>`,
/// `</h1>`…, `</blockquote>`), which the text conversion otherwise runs together.
fn blocks_as_lines(html: &str) -> String {
    const BLOCKS: &[&str] = &[
        "</div>",
        "</li>",
        "</tr>",
        "</h1>",
        "</h2>",
        "</h3>",
        "</h4>",
        "</blockquote>",
        "</pre>",
        "</table>",
    ];
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut last = 0;
    let mut i = 0;
    while let Some(p) = lower[i..].find("</") {
        let at = i + p;
        i = at + 2;
        if let Some(b) = BLOCKS.iter().find(|b| lower[at..].starts_with(**b)) {
            let end = at + b.len();
            out.push_str(&html[last..end]);
            out.push_str("<br>");
            last = end;
            i = end;
        }
    }
    out.push_str(&html[last..]);
    out
}

/// Subjects of automatic replies (an out-of-office notice), folded, in the languages of the
/// judge and the big mail programs' defaults.
const AUTO_SUBJECTS: &[&str] = &[
    "auto:",
    "autoreply",
    "auto-reply",
    "auto reply",
    "automatic reply",
    "out of office",
    "out of the office",
    "automatická odpověď",
    "automaticka odpoved",
    "mimo kancelář",
    "réponse automatique",
    "reponse automatique",
    "absence du bureau",
    "автоматический ответ",
    "автоответ",
    "нет на месте",
    "abwesenheitsnotiz",
];

/// Why a message looks sent by a program, if it does (RFC 3834 `Auto-Submitted`, the
/// mailer daemons, `Precedence: bulk/junk/list/auto_reply`, our own `X-Loop`, list mail
/// (`List-*`), the null sender (`Return-Path: <>`), Microsoft's and others' auto-reply
/// headers, an out-of-office subject).
fn automatic(from: &str, subject: &str, header: &dyn Fn(&str) -> Option<String>) -> Option<String> {
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
    for h in [
        "X-Autoreply",
        "X-Autorespond",
        "X-Autoresponse",
        "X-Autogenerated",
        "X-AutoReply-From",
        "X-Mail-Autoreply",
        "X-Auto-Response-Suppress",
        "X-FC-MachineGenerated",
    ] {
        if header(h).is_some() {
            return Some(format!("an automatic reply ({h})"));
        }
    }
    for h in [
        "List-Unsubscribe",
        "List-Post",
        "List-Help",
        "List-Owner",
        "List-Archive",
        "List-Subscribe",
    ] {
        if header(h).is_some() {
            return Some(format!("mailing-list mail ({h})"));
        }
    }
    if header("Return-Path").is_some_and(|v| v.replace(' ', "") == "<>") {
        return Some("the null sender (Return-Path: <>)".into());
    }
    let subject = subject.trim().to_lowercase();
    if let Some(s) = AUTO_SUBJECTS.iter().find(|s| subject.starts_with(*s)) {
        return Some(format!("an automatic reply (subject '{s}')"));
    }
    None
}

/// Whether the lines from here on are an earlier mail that a mail program put under the
/// reply without quoting it: Outlook's rule of underscores and the earlier mail's headers
/// (`From:`/`Od:`/`De :`/`От:` then `Sent:`/`Odesláno:`/`Envoyé :`/`Отправлено:` or
/// `Date:`), or an attribution line that the program wrapped ("On …, Judge <" then
/// "judge@club.example> wrote:").
fn quoted_mail_begins(lines: &[&str]) -> bool {
    let fold = |l: &str| l.trim().to_lowercase();
    let first = fold(lines[0]);
    let next: Vec<String> = lines.iter().skip(1).take(4).map(|l| fold(l)).collect();
    let is_from = |l: &str| {
        ["from:", "od:", "de :", "de:", "от:", "von:"]
            .iter()
            .any(|h| l.starts_with(h))
    };
    let is_sent = |l: &str| {
        [
            "sent:",
            "date:",
            "odesláno:",
            "datum:",
            "envoyé :",
            "envoyé:",
            "отправлено:",
            "дата:",
            "gesendet:",
        ]
        .iter()
        .any(|h| l.starts_with(h))
    };
    if first.len() >= 10 && first.chars().all(|c| c == '_' || c == '-') {
        return next.first().is_some_and(|l| is_from(l))
            || next.iter().any(|l| is_from(l)) && next.iter().any(|l| is_sent(l));
    }
    if is_from(&first) && next.iter().take(2).any(|l| is_sent(l)) {
        return true;
    }
    // A wrapped attribution: its first line begins as one, a next line ends it.
    let opens = ["on ", "le ", "dne ", "am "]
        .iter()
        .any(|w| first.starts_with(w))
        || first.contains(" odesílatel ");
    opens
        && !first.ends_with(':')
        && next.iter().take(2).any(|l| {
            l.ends_with("wrote:")
                || l.ends_with("a écrit :")
                || l.ends_with("a écrit:")
                || l.ends_with("napsal:")
                || l.ends_with("napsal(a):")
                || l.ends_with("napsala:")
                || l.ends_with("пишет:")
                || l.ends_with("написал(а):")
                || l.ends_with("schrieb:")
        })
}

/// The lines the sender wrote: line ends made `\n`; quoted lines (`>`), the quoted
/// message after an attribution line ("On … wrote:", "Dne … napsal(a):", "Le … a écrit :",
/// "… пишет:") or an "Original Message" rule, and everything after a signature rule (`-- `)
/// dropped.
pub fn written_text(body: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let all: Vec<&str> = body.lines().collect();
    for (i, line) in all.iter().enumerate() {
        let t = line.trim_end_matches('\r');
        if quoted_mail_begins(&all[i..]) {
            break;
        }
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
            || lower.ends_with("написала:")
            || lower.ends_with("написал(а):")
            || (lower.ends_with("napsal:") || lower.ends_with("napsala:")) && lower.contains('@');
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

    /// Mail programs put the earlier mail under a reply without quoting it: Outlook after a
    /// rule and its headers, Gmail after an attribution it wraps in two lines.
    #[test]
    fn outlook_and_wrapped_gmail_replies_are_dropped() {
        let outlook = "A Mos H\n\n________________________________\nFrom: Judge <judge@club.example>\nSent: Friday, November 27, 2026 10:00\nTo: ivan@example.ru\n\nline 1: signed on\n";
        assert_eq!(written_text(outlook), "A Mos H");
        let ru = "A Mos H\n________________________________\nОт: Judge\nОтправлено: 27 ноября\n\nline 1\n";
        assert_eq!(written_text(ru), "A Mos H");
        let gmail = "A Par H\n\nOn Fri, Nov 27, 2026 at 10:00 AM Judge <\njudge@club.example> wrote:\n\nline 1: signed on\n";
        assert_eq!(written_text(gmail), "A Par H");
        let fr = "A Par H\nLe ven. 27 nov. 2026 à 10:00, Judge <\njudge@club.example> a écrit :\nline 1\n";
        assert_eq!(written_text(fr), "A Par H");
        let cs = "A Vie H\npá 27. 11. 2026 v 10:00 odesílatel Judge <judge@club.example> napsal:\nline 1\n";
        assert_eq!(written_text(cs), "A Vie H");
        // An order line is not an attribution.
        assert_eq!(
            written_text("A Lon - Nth\nF Edi - Nwg"),
            "A Lon - Nth\nF Edi - Nwg"
        );
    }

    #[test]
    fn an_html_only_mail_of_divs_is_read_a_line_a_div() {
        let m = read_message(&msg(
            "From: c@example.org\r\nContent-Type: text/html; charset=utf-8",
            "<html><body><div>SIGNON g France s</div><div>ORDERS</div><div>A Par - Bur<br>F Bre - Mao</div><DIV>READY</DIV><div><br></div><div>Sent from my iPhone</div></body></html>",
        ))
        .unwrap();
        let lines: Vec<&str> = m
            .text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(
            lines,
            [
                "SIGNON g France s",
                "ORDERS",
                "A Par - Bur",
                "F Bre - Mao",
                "READY",
                "Sent from my iPhone"
            ]
        );
    }

    #[test]
    fn automatic_mail_without_rfc_3834_headers_is_recognised() {
        for headers in [
            "From: x@example.org\r\nX-Auto-Response-Suppress: All",
            "From: x@example.org\r\nList-Unsubscribe: <mailto:u@example.org>",
            "From: x@example.org\r\nReturn-Path: <>",
            "From: x@example.org\r\nSubject: Automatic reply: orders",
            "From: x@example.org\r\nSubject: Automatická odpověď: rozkazy",
            "From: x@example.org\r\nSubject: Réponse automatique : ordres",
            "From: x@example.org\r\nSubject: Автоответ: приказы",
        ] {
            let m = read_message(&msg(headers, "hello")).unwrap();
            assert!(m.automatic.is_some(), "{headers}");
        }
        let m = read_message(&msg(
            "From: x@example.org\r\nSubject: Re: orders\r\nIn-Reply-To: <entente.3.1700000000000@club.example>",
            "thanks",
        ))
        .unwrap();
        assert!(m.replies_to_judge && m.automatic.is_none());
        let m = read_message(&msg(
            "From: x@example.org\r\nIn-Reply-To: <a1@example.org>",
            "thanks",
        ))
        .unwrap();
        assert!(!m.replies_to_judge);
    }
}
