//! The mail judge never loses or doubles what a player sends (issue 31): the lines after
//! the commands of a mail (greetings, signatures, a phone's "Sent from my iPhone", a quoted
//! reply) never replace the sheet written above them; a mail killed at any point is carried
//! out exactly once when its sender tries again; a mail refused for the sender's rate is a
//! temporary failure, and a player's signed mail is never blocked by forged ones; a mail
//! over the size limit is answered and the SMTP session goes on; an auto-responder that does
//! not say it is one does not loop with the judge. Real `entente serve`, `entente mail-in`
//! processes, SMTP over loopback, SQLite and PostgreSQL.

mod common;
use common::relay::{delivered, free_port, mail_python};
use common::scratch;
use common::server::{full_game, Client, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ORDERS: &[(&str, &str)] = &[
    ("Austria", "A Vie - Gal\nA Bud - Ser\nF Tri - Alb"),
    ("England", "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor"),
    ("France", "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao"),
    ("Germany", "A Ber - Kie\nA Mun - Ruh\nF Kie - Den"),
    ("Italy", "A Ven - Pie\nA Rom - Apu\nF Nap - Ion"),
    (
        "Russia",
        "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot",
    ),
    ("Turkey", "A Con - Bul\nA Smy - Arm\nF Ank - Bla"),
];

fn orders_of(power: &str) -> &'static str {
    ORDERS.iter().find(|(p, _)| *p == power).unwrap().1
}

/// `entente mail-in` on one mail: its exit code (None: killed), standard output and error.
fn mail_in(db: &str, raw: &[u8]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(["mail-in", "--database", db, "--show-answer"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run entente mail-in");
    let mut stdin = child.stdin.take().unwrap();
    // A mail-in that stops reading early closes the pipe: that is its answer, not ours.
    let _ = stdin.write_all(raw);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `entente mail-in` that must succeed: its output.
fn mail_in_ok(db: &str, raw: &[u8]) -> String {
    let (code, out, err) = mail_in(db, raw);
    assert_eq!(code, Some(0), "mail-in failed: {out}{err}");
    out
}

fn mail(from: &str, id: &str, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: judge@club.example\r\nSubject: orders\r\nMessage-ID: <{id}@example.org>\r\n{headers}\r\n{body}"
    )
    .into_bytes()
}

fn crlf(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\n', "\r\n")
}

fn sheet(c: &Client, id: &str, power: &str) -> Value {
    c.read(&format!("/api/v1/games/{id}/orders?power={power}"))
}

/// The sheet of `power` is exactly `orders`, each line read.
fn assert_sheet(c: &Client, id: &str, power: &str, orders: &str, what: &str, answer: &str) {
    let s = sheet(c, id, power);
    let lines: Vec<&str> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default())
        .collect();
    let want: Vec<&str> = orders.lines().collect();
    assert_eq!(
        lines, want,
        "{what}: the sheet of {power} is not the orders written in the mail\nsheet: {s}\nanswer: {answer}"
    );
    assert!(
        s["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["error"].is_null()),
        "{what}: {s}"
    );
}

/// Issue 31, 1: a line after READY, a letter or a draw vote (a greeting, a signature, a
/// phone's "Sent from my iPhone", a mail client's quoted reply) is not a sheet that replaces
/// the orders above it; orders of one power in two blocks of a mail are one sheet. Real mail
/// clients' shapes in English, Czech, French and Russian, on SQLite and PostgreSQL.
#[test]
fn a_line_after_ready_a_letter_or_a_draw_vote_never_replaces_the_sheet_above_it() {
    let dir = scratch("mailonce", "closing");
    for db in common::server::databases(&dir, "mailclose") {
        closing_lines(&db);
    }
}

fn closing_lines(db: &str) {
    let server = Server::start(db);
    let (id, _gm, players) =
        full_game(&server, "cl", "7", json!({"deadlines": {"kind": "manual"}}));
    let power = |i: usize| players[i].0[0].clone();
    let secret = |i: usize| {
        players[i]
            .1
            .ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let o = |i: usize| orders_of(&power(i)).to_string();
    let shapes: Vec<(&str, String, String)> = vec![
        // England's game: READY, then the player's name.
        (
            "plain English, a greeting after READY",
            String::new(),
            format!(
                "SIGNON {id} {} {}\nORDERS\n{}\nREADY\nThanks! Alice\n",
                power(0),
                secret(0),
                o(0)
            ),
        ),
        // Czech, a letter, a greeting and an iPhone's signature.
        (
            "Czech from an iPhone, a greeting after a letter",
            "Content-Type: text/plain; charset=utf-8\r\n".into(),
            format!(
                "PŘIHLÁSIT {id} {} {}\nROZKAZY\n{}\nZPRÁVA PRO {}\nAhoj, dohodneme se?\nKONEC ZPRÁVY\nDíky, Petr\n\nOdesláno z iPhonu\n",
                power(1),
                secret(1),
                o(1),
                power(0)
            ),
        ),
        // French, a draw vote, a greeting and Gmail's quoted reply (its attribution line
        // wrapped in two).
        (
            "French Gmail reply, a greeting after a draw vote",
            "Content-Type: text/plain; charset=utf-8\r\n".into(),
            format!(
                "CONNEXION {id} {} {}\nORDRES\n{}\nNULLE\nMerci, Jean\n\nLe ven. 27 nov. 2026 à 10:00, Judge <\njudge@club.example> a écrit :\n> line 1: signed on\n> A Par H\n",
                power(2),
                secret(2),
                o(2)
            ),
        ),
        // Russian, Outlook's reply: the earlier mail below a rule and its headers, not
        // quoted with '>'.
        (
            "Russian Outlook reply, a greeting after READY",
            "Content-Type: text/plain; charset=utf-8\r\n".into(),
            format!(
                "ВХОД {id} {} {}\nПРИКАЗЫ\n{}\nГОТОВ\nСпасибо, Иван\n\n________________________________\nОт: Judge <judge@club.example>\nОтправлено: 27 ноября 2026 г. 10:00\nКому: ivan@example.ru\nТема: Re: orders\n\nline 1: signed on as Russia\nA Mos H\n",
                power(3),
                secret(3),
                o(3)
            ),
        ),
        // HTML only, as a phone sends it, with its signature.
        (
            "HTML-only from an iPhone",
            "Content-Type: text/html; charset=utf-8\r\n".into(),
            format!(
                "<html><body><div>SIGNON {id} {} {}</div><div>ORDERS</div><div>{}</div><div>READY</div><div><br></div><div>Sent from my iPhone</div></body></html>",
                power(4),
                secret(4),
                o(4).replace('\n', "<br>")
            ),
        ),
        // Orders in two blocks around a letter are one sheet; a Gmail signature after.
        (
            "orders in two blocks around a letter",
            String::new(),
            {
                let all = o(5);
                let (first, rest) = all.split_once('\n').unwrap();
                format!(
                    "SIGNON {id} {} {}\nORDERS\n{first}\nPRESS TO {}\nHello there.\nENDPRESS\n{rest}\nREADY\nCheers,\nFay\n-- \nFay Smith | Paris club\n",
                    power(5),
                    secret(5),
                    power(0)
                )
            },
        ),
        // A bare sheet (no ORDERS) with a phone's signature after a blank line.
        (
            "a bare sheet from an Android phone",
            String::new(),
            format!(
                "SIGNON {id} {} {}\n{}\n\nSent from my Galaxy\n",
                power(6),
                secret(6),
                o(6)
            ),
        ),
    ];
    for (i, (what, headers, body)) in shapes.iter().enumerate() {
        let from = format!("clp{}@example.org", i + 1);
        let out = mail_in_ok(db, &mail(&from, &format!("cl{i}"), headers, &crlf(body)));
        assert!(out.contains("signed on"), "{what}: {out}");
        assert_sheet(&players[i].1, &id, &power(i), &o(i), what, &out);
        if i == 0 {
            assert!(
                out.lines()
                    .any(|l| l.contains("Thanks! Alice") && l.contains("ignored")),
                "the closing line is said to be ignored: {out}"
            );
        }
        // One mail, one sheet in the sheet log.
        let sent = players[i]
            .1
            .read(&format!("/api/v1/games/{id}/sheets?power={}", power(i)));
        assert_eq!(
            sent.as_array().unwrap().len(),
            1,
            "{what}: one sheet per power and mail: {sent}"
        );
    }
}

/// A small pseudo-random sequence (xorshift), seeded from the clock and printed, so that a
/// failing run can be told apart.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            | 1;
        eprintln!("random seed {seed}");
        Rng(seed)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Rows of a query's single number, on the test's database (SQLite or PostgreSQL).
fn count(db: &str, sql: &str, arg: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        use sqlx::Row;
        let url = if let Some(path) = db.strip_prefix("sqlite:") {
            format!("sqlite://{path}")
        } else {
            db.to_string()
        };
        let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
        let row = sqlx::query(sql).bind(arg).fetch_one(&mut c).await.unwrap();
        row.try_get::<i64, _>(0).unwrap()
    })
}

/// Issue 31, 2: `entente mail-in` processes killed (SIGKILL) at random moments while five
/// mails are in flight, then run again on what did not exit 0 (as Postfix retries what
/// did not get through): every mail is carried out exactly once (each of its two letters
/// once, its sheet once in the sheet log) and answered exactly once. 12 rounds on SQLite
/// and on PostgreSQL.
#[test]
fn a_mail_killed_at_any_point_and_sent_again_is_carried_out_and_answered_exactly_once() {
    let dir = scratch("mailonce", "kill");
    for db in common::server::databases(&dir, "mailkill") {
        killed(&db);
    }
}

fn killed(db: &str) {
    const ROUNDS: usize = 12;
    const IN_FLIGHT: usize = 5;
    let server = Server::start(db);
    let (id, gm, players) = full_game(&server, "ko", "7", json!({"deadlines": {"kind": "manual"}}));
    let power = |i: usize| players[i].0[0].clone();
    let secrets: Vec<String> = players
        .iter()
        .map(|(_, c)| {
            c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let raw = |round: usize, i: usize| {
        mail(
            &format!("kop{i}@example.org"),
            &format!("ko-{round}-{i}"),
            "",
            &crlf(&format!(
                "SIGNON {id} {} {}\nORDERS\n{}\nBROADCAST\nletter ko-{round}-{i}-a to all\nENDPRESS\nPRESS TO {}\nletter ko-{round}-{i}-b\nENDPRESS\nREADY\n",
                power(i),
                secrets[i],
                orders_of(&power(i)),
                power((i + 1) % 7)
            )),
        )
    };
    // How long five mails in flight take, unkilled, to spread the kills over that time.
    let start = Instant::now();
    let calibration: Vec<_> = (0..IN_FLIGHT)
        .map(|i| {
            let db = db.to_string();
            let raw = mail(
                &format!("kocal{i}@example.org"),
                &format!("ko-cal-{i}"),
                "",
                &format!("SIGNON {id} {} {}\r\nLIST\r\n", power(i), secrets[i]),
            );
            std::thread::spawn(move || mail_in_ok(&db, &raw))
        })
        .collect();
    for t in calibration {
        t.join().unwrap();
    }
    let took = start.elapsed().as_millis() as u64;
    let mut rng = Rng::new();
    let (mut killed, mut retried) = (0, 0);
    for round in 0..ROUNDS {
        let mut children = Vec::new();
        for i in 0..IN_FLIGHT {
            let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
                .args(["mail-in", "--database", db])
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(&raw(round, i));
            drop(stdin);
            children.push(child);
        }
        std::thread::sleep(Duration::from_millis(rng.below(took * 3 / 2 + 1)));
        let mut again = Vec::new();
        for (i, mut child) in children.into_iter().enumerate() {
            let done = matches!(child.try_wait(), Ok(Some(s)) if s.success());
            if !done {
                // SIGKILL (the process may just have ended: then it is not killed).
                if child.try_wait().ok().flatten().is_none() {
                    killed += 1;
                }
                let _ = child.kill();
                let status = child.wait().unwrap();
                if !status.success() {
                    again.push(i);
                }
            }
        }
        // The senders try again what did not get through, until it does.
        for i in again {
            retried += 1;
            let mut tries = 0;
            loop {
                tries += 1;
                let (code, out, err) = mail_in(db, &raw(round, i));
                if code == Some(0) {
                    break;
                }
                assert!(
                    tries < 5,
                    "mail ko-{round}-{i} never went through: {out}{err}"
                );
            }
        }
    }
    eprintln!(
        "{db}: {} mails, {killed} killed in flight, {retried} sent again (one mail took {took} ms)",
        ROUNDS * IN_FLIGHT
    );
    let press = gm.read(&format!("/api/v1/games/{id}/press")).to_string();
    let mut wrong = Vec::new();
    for round in 0..ROUNDS {
        for i in 0..IN_FLIGHT {
            for part in ["a", "b"] {
                let letter = format!("letter ko-{round}-{i}-{part}");
                let n = press.matches(&format!("{letter}\"")).count()
                    + press.matches(&format!("{letter} to all\"")).count();
                if n != 1 {
                    wrong.push(format!("{letter}: {n} times"));
                }
            }
            let answers = count(
                db,
                "SELECT COUNT(*) FROM mail_out WHERE in_reply_to = $1",
                &format!("ko-{round}-{i}@example.org"),
            );
            if answers != 1 {
                wrong.push(format!("mail ko-{round}-{i}: {answers} answers"));
            }
        }
    }
    let sheets = count(db, "SELECT COUNT(*) FROM sheets WHERE game_id = $1", &id);
    if sheets != (ROUNDS * IN_FLIGHT) as i64 {
        wrong.push(format!(
            "{sheets} sheets in the log for {} mails",
            ROUNDS * IN_FLIGHT
        ));
    }
    assert!(
        wrong.is_empty(),
        "{killed} killed, {retried} sent again: not exactly once:\n{}",
        wrong.join("\n")
    );
}

/// An SMTP session with the judge's listener, one reply read per command.
struct Smtp {
    w: std::net::TcpStream,
    r: BufReader<std::net::TcpStream>,
}

impl Smtp {
    fn connect(port: u16) -> Smtp {
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect to --smtp");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut s = Smtp {
            w: stream.try_clone().unwrap(),
            r: BufReader::new(stream),
        };
        assert_eq!(s.reply().0, 220);
        s
    }

    /// The next reply: its code (0: none came, the session is stuck or closed) and text.
    fn reply(&mut self) -> (u16, String) {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            match self.r.read_line(&mut line) {
                Ok(0) | Err(_) => return (0, all),
                Ok(_) => {}
            }
            all.push_str(&line);
            if line.len() < 4 || line.as_bytes()[3] != b'-' {
                return (line.get(..3).and_then(|c| c.parse().ok()).unwrap_or(0), all);
            }
        }
    }

    fn command(&mut self, line: &str) -> (u16, String) {
        self.w.write_all(format!("{line}\r\n").as_bytes()).unwrap();
        self.reply()
    }

    /// MAIL, RCPT, DATA and the mail's data: the reply to its end.
    fn send(&mut self, from: &str, raw: &[u8]) -> (u16, String) {
        assert_eq!(self.command(&format!("MAIL FROM:<{from}>")).0, 250);
        assert_eq!(self.command("RCPT TO:<judge@club.example>").0, 250);
        assert_eq!(self.command("DATA").0, 354);
        let mut data = Vec::new();
        for line in raw.split_inclusive(|&b| b == b'\n') {
            if line.first() == Some(&b'.') {
                data.push(b'.');
            }
            data.extend_from_slice(line);
        }
        if !data.ends_with(b"\r\n") {
            data.extend_from_slice(b"\r\n");
        }
        data.extend_from_slice(b".\r\n");
        // Written from another thread: a server that stops reading must not stop the test.
        let mut w = self.w.try_clone().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = w.write_all(&data);
        });
        let reply = self.reply();
        let _ = writer.join();
        reply
    }
}

/// Issue 31, 3: thirty forged mails with a player's From do not block that player's mail
/// signed with the game's mail password; past the limit an unsigned mail is refused for
/// now (`entente mail-in` exits 75, EX_TEMPFAIL, so that Postfix tries again; over SMTP a
/// 4xx), never dropped in silence.
#[test]
fn thirty_forged_mails_never_block_a_players_signed_mail_and_a_refused_mail_is_a_temporary_failure()
{
    let dir = scratch("mailonce", "rate");
    for db in common::server::databases(&dir, "mailrate") {
        let smtp_port = free_port();
        let smtp = format!("127.0.0.1:{smtp_port}");
        let server = Server::start_with(&db, &["--smtp", &smtp]);
        let (id, _gm, players) =
            full_game(&server, "rt", "7", json!({"deadlines": {"kind": "manual"}}));
        let (powers, c) = &players[0];
        let p = powers[0].as_str();
        let secret = c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
            .as_str()
            .unwrap()
            .to_string();
        let victim = "rtp1@example.org";
        for i in 0..30 {
            let (code, out, err) = mail_in(
                &db,
                &mail(
                    victim,
                    &format!("forged{i}"),
                    "",
                    &format!(
                        "SIGNON {id} {p} 0123456789abcdef0123456{i:x}\r\nORDERS\r\nA Par H\r\n"
                    ),
                ),
            );
            assert_eq!(code, Some(0), "forged mail {i}: {out}{err}");
        }
        // The player's own mail, signed: carried out.
        let (code, out, err) = mail_in(
            &db,
            &mail(
                victim,
                "real",
                "",
                &crlf(&format!(
                    "SIGNON {id} {p} {secret}\nORDERS\n{}\n",
                    orders_of(p)
                )),
            ),
        );
        assert_eq!(code, Some(0), "{out}{err}");
        assert_sheet(
            c,
            &id,
            p,
            orders_of(p),
            "the signed mail after 30 forged ones",
            &out,
        );
        // The 31st unsigned mail: refused for now, with the temp-fail code.
        let (code, out, err) = mail_in(
            &db,
            &mail(
                victim,
                "forged30",
                "",
                "SIGNON x y z\r\nORDERS\r\nA Par H\r\n",
            ),
        );
        assert_eq!(code, Some(75), "EX_TEMPFAIL: {out}{err}");
        assert!(err.contains("try") && err.contains("later"), "{err}");
        // Over SMTP: a 4xx, and the session goes on.
        let mut s = Smtp::connect(smtp_port);
        assert_eq!(s.command("EHLO mail.example.org").0, 250);
        let (code, text) = s.send(
            victim,
            &mail(
                victim,
                "forged31",
                "",
                "SIGNON x y z\r\nORDERS\r\nA Par H\r\n",
            ),
        );
        assert!((400..500).contains(&code), "{code} {text}");
        assert_eq!(s.command("NOOP").0, 250);
        // A signed mail over SMTP still goes through.
        let (code, text) = s.send(
            victim,
            &mail(
                victim,
                "real2",
                "",
                &format!("SIGNON {id} {p} {secret}\r\nREADY\r\n"),
            ),
        );
        assert_eq!(code, 250, "{text}");
        assert_eq!(s.command("QUIT").0, 221);
    }
}

/// Issue 31, 4: a mail over 512 KiB gets `552` over SMTP and the session goes on (NOOP and
/// QUIT answered, the next mail taken); through `entente mail-in` the sender is answered
/// that it was too large (exit 0: the answer is the judge's reply, in the queue). Mails of
/// too many lines or commands are answered so too, and nothing in them is carried out.
#[test]
fn a_mail_over_512_kib_is_refused_with_552_and_the_smtp_session_goes_on() {
    let dir = scratch("mailonce", "large");
    let db = format!("sqlite:{}", dir.join("large.db").display());
    let smtp_port = free_port();
    let smtp = format!("127.0.0.1:{smtp_port}");
    let server = Server::start_with(&db, &["--smtp", &smtp]);
    let (id, _gm, players) =
        full_game(&server, "lg", "7", json!({"deadlines": {"kind": "manual"}}));
    let big_lines = "A Par - Bur and a long line of words to fill the mail\r\n".repeat(12_000);
    let big_line = format!("{}\r\n", "x".repeat(600 * 1024));
    for (what, body) in [("many lines", &big_lines), ("one long line", &big_line)] {
        let raw = mail("big@example.org", &format!("big-{}", what.len()), "", body);
        assert!(raw.len() > 512 * 1024);
        let mut s = Smtp::connect(smtp_port);
        assert_eq!(s.command("EHLO mail.example.org").0, 250);
        let (code, text) = s.send("big@example.org", &raw);
        assert_eq!(code, 552, "{what}: {text}");
        let (code, text) = s.command("NOOP");
        assert_eq!(
            code, 250,
            "{what}: after 552 the session answers NOOP: {text}"
        );
        let (code, text) = s.send(
            "big@example.org",
            &mail(
                "big@example.org",
                &format!("small-{}", what.len()),
                "",
                "HELP\r\n",
            ),
        );
        assert_eq!(code, 250, "{what}: the next mail of the session: {text}");
        assert_eq!(s.command("QUIT").0, 221, "{what}");
    }
    // Through mail-in: answered, once.
    let raw = mail("big@example.org", "big-in", "", &big_lines);
    let out = mail_in_ok(&db, &raw);
    assert!(
        out.contains("answered") && out.contains("512 KiB"),
        "the sender is told: {out}"
    );
    let out = mail_in_ok(&db, &raw);
    assert!(out.contains("not executed again"), "{out}");
    // Too many lines, too many commands: answered, nothing carried out.
    let (powers, c) = &players[0];
    let p = powers[0].as_str();
    let secret = c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
        .as_str()
        .unwrap()
        .to_string();
    let lines = format!(
        "SIGNON {id} {p} {secret}\r\nORDERS\r\n{}\r\n{}",
        orders_of(p).replace('\n', "\r\n"),
        "\r\nhello".repeat(2_001)
    );
    let out = mail_in_ok(&db, &mail("lgp1@example.org", "lines", "", &lines));
    assert!(out.contains("2000 lines"), "{out}");
    assert!(sheet(c, &id, p)["lines"].as_array().unwrap().is_empty());
    let commands = format!(
        "SIGNON {id} {p} {secret}\r\nORDERS\r\n{}\r\n{}",
        orders_of(p).replace('\n', "\r\n"),
        "LIST\r\n".repeat(100)
    );
    let out = mail_in_ok(&db, &mail("lgp1@example.org", "commands", "", &commands));
    assert!(out.contains("100 commands"), "{out}");
    assert!(sheet(c, &id, p)["lines"].as_array().unwrap().is_empty());
}

/// An SMTP relay (aiosmtpd) with an auto-responder behind it that answers every mail the
/// judge sends, at once, without any of the standard headers of automatic mail (no
/// Auto-Submitted, Precedence, X-Autoreply or List-*): `away@` without In-Reply-To,
/// `holiday@` as a reply (In-Reply-To the judge's mail).
const RESPONDER: &str = r#"
import email, smtplib, threading, time, itertools
from email.message import EmailMessage
from aiosmtpd.handlers import Mailbox

count = itertools.count()

class Responder(Mailbox):
    def __init__(self, maildir, judge_port):
        super().__init__(maildir)
        self.judge_port = int(judge_port)

    @classmethod
    def from_cli(cls, parser, *args):
        return cls(*args)

    def handle_message(self, message):
        super().handle_message(message)
        to = message['To']
        threading.Thread(target=self.answer, args=(to, message['Message-ID'], message['Subject'])).start()

    def answer(self, to, mid, subject):
        r = EmailMessage()
        r['From'] = to
        r['To'] = 'judge@club.example'
        r['Subject'] = 'Re: ' + (subject or '')
        r['Message-ID'] = '<auto%d-%s>' % (next(count), to)
        if to.startswith('holiday') and mid:
            r['In-Reply-To'] = mid
            r['References'] = mid
        r.set_content('I am away until Monday and will read your mail then.\nThank you for your message.\n')
        for _ in range(20):
            try:
                with smtplib.SMTP('127.0.0.1', self.judge_port, timeout=30) as s:
                    s.send_message(r)
                return
            except Exception:
                time.sleep(0.2)
"#;

/// Issue 31, 5: an auto-responder that does not say it is one, behind the judge's relay,
/// answers every mail of the judge at once: the judge answers it a few times at most, and
/// no loop forms (over 8 seconds, then nothing more).
#[test]
fn an_auto_responder_without_the_standard_headers_does_not_loop_with_the_judge() {
    let Some(python) = mail_python() else {
        return;
    };
    let dir = scratch("mailonce", "loop");
    std::fs::write(dir.join("responder.py"), RESPONDER).unwrap();
    let (relay_port, smtp_port) = (free_port(), free_port());
    let maildir = dir.join("maildir");
    let mut relay = Command::new(&python)
        .args([
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            &format!("127.0.0.1:{relay_port}"),
            "-c",
            "responder.Responder",
        ])
        .arg(&maildir)
        .arg(smtp_port.to_string())
        .env("PYTHONPATH", &dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the responder");
    let db = format!("sqlite:{}", dir.join("loop.db").display());
    let smtp = format!("127.0.0.1:{smtp_port}");
    common::server::wait_for(30, "the responder's relay", || {
        std::net::TcpStream::connect(("127.0.0.1", relay_port)).is_ok()
    });
    let _server = common::relay::judge_server(
        &db,
        relay_port,
        &["--smtp", &smtp, "--mail-retry-ms", "200"],
    );
    // Each responder's owner writes to the judge once (a command, without signing on).
    for who in ["away@example.net", "holiday@example.net"] {
        let mut s = Smtp::connect(smtp_port);
        assert_eq!(s.command("EHLO mail.example.net").0, 250);
        let (code, text) = s.send(
            who,
            &format!("From: {who}\r\nTo: judge@club.example\r\nSubject: hello\r\nMessage-ID: <first-{who}>\r\n\r\nLIST\r\n").into_bytes(),
        );
        assert_eq!(code, 250, "{text}");
        s.command("QUIT");
    }
    let to = |who: &str| {
        delivered(&maildir)
            .iter()
            .filter(|m| m.contains(&format!("To: {who}")))
            .count()
    };
    common::server::wait_for(30, "the first answers", || {
        to("away@example.net") >= 1 && to("holiday@example.net") >= 1
    });
    std::thread::sleep(Duration::from_secs(8));
    let (away, holiday) = (to("away@example.net"), to("holiday@example.net"));
    eprintln!("the judge answered away@ {away} times, holiday@ {holiday} times in 8 s");
    std::thread::sleep(Duration::from_secs(3));
    let _ = relay.kill();
    let _ = relay.wait();
    assert!(
        away <= 4 && holiday <= 1,
        "the judge answered the auto-responders {away} and {holiday} times in 8 s"
    );
    assert_eq!(
        (to("away@example.net"), to("holiday@example.net")),
        (away, holiday),
        "the loop goes on"
    );
}
