//! The mail gateway (issue 15) on the real server's database: mails read by
//! `entente mail-in` as a mail server delivers them, carried out through the same service
//! as the API, answered line by line; a forged sender with a wrong password changes
//! nothing; a Message-ID is executed once; automatic mail is not answered. Issue 31's
//! exactly-once, limits and loops: tests/mail_exactly_once.rs.

mod common;
use common::relay::{delivered, free_port, judge_server, mail_in, mail_python, smtp_send, Relay};
use common::scratch;
use common::server::{full_game, Client, Server};
use serde_json::{json, Value};

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

const CZECH: &[(&str, &str)] = &[
    (
        "Austria",
        "A Vídeň - Halič\nA Budapešť - Srbsko\nF Terst - Albánie",
    ),
    (
        "England",
        "F Londýn - Severní moře\nF Edi - Nwg\nA Lvp - Yorkshire",
    ),
    (
        "France",
        "A Paříž - Burgundsko\nA Mar S A Paříž - Burgundsko\nF Bre - Mao",
    ),
    (
        "Germany",
        "A Berlín - Kiel\nA Mnichov - Porúří\nF Kiel - Den",
    ),
    ("Italy", "A Benátky - Piemont\nA Řím - Apu\nF Nap - Ion"),
    (
        "Russia",
        "A Moskva - Ukrajina\nA Varšava - Halič\nF Sev - Černé moře\nF Stp/sc - Bot",
    ),
    (
        "Turkey",
        "A Cařihrad - Bulharsko\nA Smy - Arménie\nF Ank - Černé moře",
    ),
];

fn of(table: &[(&str, &'static str)], power: &str) -> &'static str {
    table.iter().find(|(p, _)| *p == power).unwrap().1
}

/// Windows-1250 for the Czech letters of the sheets above.
fn cp1250(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            'á' => 0xE1,
            'č' => 0xE8,
            'ď' => 0xEF,
            'é' => 0xE9,
            'ě' => 0xEC,
            'í' => 0xED,
            'ň' => 0xF2,
            'ó' => 0xF3,
            'ř' => 0xF8,
            'š' => 0x9A,
            'ť' => 0x9D,
            'ú' => 0xFA,
            'ů' => 0xF9,
            'ý' => 0xFD,
            'ž' => 0x9E,
            'Á' => 0xC1,
            'Č' => 0xC8,
            'É' => 0xC9,
            'Ě' => 0xCC,
            'Í' => 0xCD,
            'Ň' => 0xD2,
            'Ú' => 0xDA,
            'Ů' => 0xD9,
            'Ý' => 0xDD,
            'Ř' => 0xD8,
            'Š' => 0x8A,
            'Ž' => 0x8E,
            c if c.is_ascii() => c as u8,
            c => panic!("no cp1250 byte for {c}"),
        })
        .collect()
}

fn mail(from: &str, id: &str, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: judge@club.example\r\nSubject: orders\r\nMessage-ID: <{id}@example.org>\r\n{headers}\r\n{body}"
    )
    .into_bytes()
}

fn sheet(c: &Client, id: &str, power: &str) -> Value {
    c.read(&format!("/api/v1/games/{id}/orders?power={power}"))
}

#[test]
fn orders_press_and_votes_by_mail_through_the_same_service_as_the_web() {
    let dir = scratch("mail", "gateway");
    for db in common::server::databases(&dir, "mailgw") {
        mail_game(&db);
    }
}

fn mail_game(db: &str) {
    let server = Server::start(db);
    let (id, gm, players) = full_game(&server, "ml", "7", json!({"deadlines": {"kind": "manual"}}));
    let (powers_a, a) = &players[0];
    let (powers_b, b) = &players[1];
    let (pa, pb) = (powers_a[0].as_str(), powers_b[0].as_str());
    let secret = a.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
        .as_str()
        .unwrap()
        .to_string();

    // 1. A plain mail: sign on, a sheet with a typo, a letter, ready.
    let body = format!(
        "SIGNON {id} {pa} {secret}\r\nORDERS\r\n{}\r\nA Xyzzy - Bur\r\nPRESS TO {pb}\r\nShall we talk?\r\nENDPRESS\r\nREADY\r\n",
        of(ORDERS, pa).replace('\n', "\r\n")
    );
    let out = mail_in(db, &mail("mlp1@example.org", "m1", "", &body));
    assert!(out.contains(&format!("signed on as {pa}")), "{out}");
    assert!(
        out.contains("NOT UNDERSTOOD: at position 3: unknown province 'Xyzzy'"),
        "{out}"
    );
    assert!(out.contains(&format!("letter sent to {pb}")), "{out}");
    assert!(out.contains("ready."), "{out}");
    let s = sheet(a, &id, pa);
    assert_eq!(
        s["lines"].as_array().unwrap().len(),
        of(ORDERS, pa).lines().count() + 1,
        "{s}"
    );
    let g = a.read(&format!("/api/v1/games/{id}"));
    let me = g["powers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["power"] == pa)
        .unwrap();
    assert_eq!(me["ready"], true, "{g}");
    // The letter reached its recipient only.
    let press = b.read(&format!("/api/v1/games/{id}/press"));
    assert!(press.to_string().contains("Shall we talk?"), "{press}");
    let third = &players[2].1;
    assert!(!third
        .read(&format!("/api/v1/games/{id}/press"))
        .to_string()
        .contains("Shall we talk?"));

    // 2. The same Message-ID again: not executed twice.
    let out = mail_in(
        db,
        &mail("mlp1@example.org", "m1", "", "SIGNON x y z\r\nREADY NO\r\n"),
    );
    assert!(out.contains("not executed again"), "{out}");
    let g = a.read(&format!("/api/v1/games/{id}"));
    let me = g["powers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["power"] == pa)
        .unwrap();
    assert_eq!(me["ready"], true, "a repeated mail changed the game: {g}");

    // 3. A forged From with a wrong password: nothing changes, nothing is learnt.
    let before = sheet(a, &id, pa);
    let out = mail_in(
        db,
        &mail(
            "mlp1@example.org",
            "m2",
            "",
            &format!("SIGNON {id} {pa} 0123456789abcdef01234567\r\nORDERS\r\nA Par H\r\n"),
        ),
    );
    assert!(out.contains("SIGNON refused"), "{out}");
    assert!(
        out.contains("Nothing after it in this mail was carried out"),
        "{out}"
    );
    assert!(!out.contains("orders for"), "{out}");
    assert_eq!(sheet(a, &id, pa), before, "a forged mail changed the sheet");
    // The answer to a wrong game, a wrong power or a wrong password is the same.
    let wrong_game = mail_in(
        db,
        &mail(
            "x@example.org",
            "m3",
            "",
            &format!("SIGNON nogame {pa} {secret}\r\n"),
        ),
    );
    let wrong_power = mail_in(
        db,
        &mail(
            "x@example.org",
            "m4",
            "",
            &format!("SIGNON {id} {pb} {secret}\r\n"),
        ),
    );
    let answer = |o: &str| o.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(answer(&wrong_game), answer(&wrong_power));
    assert!(answer(&wrong_power).contains("SIGNON refused"));

    // 4. A Czech sheet in Windows-1250, quoted-printable, by the second player, in reply to
    //    an earlier mail that it quotes.
    let secret_b = b.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
        .as_str()
        .unwrap()
        .to_string();
    let mut raw = mail(
        "mlp2@example.cz",
        "m5",
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=windows-1250\r\nContent-Transfer-Encoding: 8bit\r\n",
        "",
    );
    raw.extend(cp1250(&format!(
        "PŘIHLÁSIT {id} {pb} {secret_b}\r\nROZKAZY\r\n{}\r\n\r\nDne 27. 11. 2026 v 10:00 judge napsal(a):\r\n> A Par H\r\n",
        of(CZECH, pb).replace('\n', "\r\n")
    )));
    let out = mail_in(db, &raw);
    assert!(out.contains(&format!("signed on as {pb}")), "{out}");
    assert!(!out.contains("NOT UNDERSTOOD"), "{out}");
    let s = sheet(b, &id, pb);
    let lines = s["lines"].as_array().unwrap();
    assert_eq!(lines.len(), of(CZECH, pb).lines().count(), "{s}");
    assert!(lines.iter().all(|l| l["error"].is_null()), "{s}");

    // 5. An HTML-only mail.
    let html = format!("<html><body><p>SIGNON {id} {pb} {secret_b}</p><p>READY</p></body></html>");
    let out = mail_in(
        db,
        &mail(
            "mlp2@example.cz",
            "m6",
            "Content-Type: text/html; charset=utf-8\r\n",
            &html,
        ),
    );
    assert!(out.contains("ready."), "{out}");

    // 6. Automatic mail is not answered (no mail loop with an auto-responder).
    let out = mail_in(
        db,
        &mail(
            "mlp1@example.org",
            "m7",
            "Auto-Submitted: auto-replied\r\n",
            "I am on holiday.",
        ),
    );
    assert!(out.starts_with("not answered: automatic mail"), "{out}");
    let out = mail_in(
        db,
        &mail("MAILER-DAEMON@example.org", "m8", "", "Undelivered"),
    );
    assert!(out.starts_with("not answered"), "{out}");

    // 7. A sender that floods the judge with mails that ask nothing (an auto-responder that
    //    does not say it is one) is answered three times in an hour, then no more: no mail
    //    loop. Mails without a Message-ID count too, and one sent twice is carried out
    //    once. Past 30 unsigned mails in an hour a mail is refused for now (exit 75,
    //    EX_TEMPFAIL: the mail server tries again later), never dropped in silence.
    let flood = |i: usize| {
        format!("From: loop@example.net\r\nSubject: re: re: re\r\n\r\nThanks for your mail {i}\r\n")
            .into_bytes()
    };
    let out = mail_in(db, &flood(0));
    assert!(out.starts_with("answered"), "{out}");
    let out = mail_in(db, &flood(0));
    assert!(out.contains("not executed again"), "{out}");
    for i in 1..30 {
        let out = mail_in(db, &flood(i));
        if i < 3 {
            assert!(out.starts_with("answered"), "mail {i}: {out}");
        } else {
            assert!(
                out.starts_with("not answered") && out.contains("no command"),
                "mail {i}: {out}"
            );
        }
    }
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_entente"))
        .args(["mail-in", "--database", db])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            std::io::Write::write_all(&mut c.stdin.take().unwrap(), &flood(30))?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(refused.status.code(), Some(75), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("more than 30 unsigned mails"),
        "{refused:?}"
    );

    // 8. A draw vote by mail counts with the others' votes from the API.
    for (i, (powers, c)) in players.iter().enumerate().skip(1) {
        let _ = (i, powers);
        c.ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
    }
    let out = mail_in(
        db,
        &mail(
            "mlp1@example.org",
            "m9",
            "",
            &format!("SIGNON {id} {pa} {secret}\r\nDRAW\r\n"),
        ),
    );
    assert!(
        out.contains("draw vote counted") && out.contains("The game is over"),
        "{out}"
    );
    assert_eq!(
        gm.read(&format!("/api/v1/games/{id}"))["status"],
        "finished"
    );
}

/// The answers are sent through a real relay; while the relay is down they wait in the
/// database and are tried again, and once it is up each arrives exactly once, marked as
/// sent by a program (so that no auto-responder answers it back).
#[test]
fn answers_wait_for_a_relay_that_is_down_and_arrive_once_it_is_up() {
    let Some(python) = mail_python() else {
        return;
    };
    let dir = scratch("mail", "relay");
    let port = free_port();
    let db = format!("sqlite:{}", dir.join("relay.db").display());
    let server = judge_server(&db, port, &["--mail-retry-ms", "200"]);
    let (id, _gm, players) =
        full_game(&server, "rl", "7", json!({"deadlines": {"kind": "manual"}}));
    let mut senders = Vec::new();
    for (i, (powers, c)) in players.iter().take(3).enumerate() {
        let secret = c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
            .as_str()
            .unwrap()
            .to_string();
        let from = format!("player{i}@example.org");
        let out = mail_in(
            &db,
            &mail(
                &from,
                &format!("r{i}"),
                "",
                &format!("SIGNON {id} {} {secret}\r\nREADY\r\n", powers[0]),
            ),
        );
        assert!(out.contains("answered"), "{out}");
        senders.push(from);
    }
    // The relay is down: the server tries, fails, and keeps the mail.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let maildir = dir.join("maildir");
    assert!(delivered(&maildir).is_empty());
    let _relay = Relay::start(&python, port, &maildir);
    common::server::wait_for(30, "the three answers delivered", || {
        delivered(&maildir).len() >= 3
    });
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let mails = delivered(&maildir);
    assert_eq!(mails.len(), 3, "each answer exactly once: {mails:#?}");
    for (i, to) in senders.iter().enumerate() {
        let m = mails
            .iter()
            .find(|m| m.contains(&format!("To: {to}")))
            .unwrap_or_else(|| panic!("no answer to {to}: {mails:#?}"));
        assert!(m.contains("From: judge@club.example"), "{m}");
        assert!(m.contains("Auto-Submitted: auto-replied"), "{m}");
        assert!(
            m.contains(&format!("In-Reply-To: <r{i}@example.org>")),
            "{m}"
        );
        assert!(m.contains("signed on as") && m.contains("ready."), "{m}");
    }
}

/// The players who play by mail get a reminder before the deadline when their orders are
/// missing, and the results of each adjudication in judge form, in their language, with
/// the board attached as a PNG; the players of the web pages get no mail.
#[test]
fn mail_players_get_reminders_and_results_with_the_board_attached() {
    let Some(python) = mail_python() else {
        return;
    };
    let dir = scratch("mail", "results");
    let port = free_port();
    let maildir = dir.join("maildir");
    let _relay = Relay::start(&python, port, &maildir);
    let db = format!("sqlite:{}", dir.join("results.db").display());
    let server = judge_server(&db, port, &["--mail-remind-hours", "24,1"]);
    let (id, gm, players) = full_game(&server, "rs", "7", json!({"deadlines": {"kind": "manual"}}));
    // Two players play by mail; the second reads Czech.
    for (_, c) in &players[..2] {
        c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}));
    }
    let (st, _) = players[1].1.patch("/api/v1/me", json!({"language": "cs"}));
    assert_eq!(st, 200);
    let (p0, p1) = (players[0].0[0].clone(), players[1].0[0].clone());
    players[0].1.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": p0, "orders": of(ORDERS, &p0)}),
    );
    // The deadline in 30 minutes: within the last hour, the reminder goes to the second
    // player only (the first has sent orders), once.
    let at = (jiff::Timestamp::now() + jiff::SignedDuration::from_mins(30)).to_string();
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "deadline", "at": at}),
    );
    common::server::wait_for(20, "the reminder", || !delivered(&maildir).is_empty());
    std::thread::sleep(std::time::Duration::from_millis(800));
    let mails = delivered(&maildir);
    assert_eq!(mails.len(), 1, "one reminder: {mails:#?}");
    assert!(mails[0].contains("To: rsp2@example.org"), "{}", mails[0]);
    // In the player's language (Czech).
    let reminder = entente_mail::read_message(mails[0].as_bytes()).unwrap();
    assert!(
        reminder
            .text
            .contains(&format!("Od {p1} zatím nepřišly rozkazy")),
        "{}",
        reminder.text
    );
    // The results of Spring 1901, to the two mail players, each in their language, with
    // the board.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    common::server::wait_for(30, "the results", || delivered(&maildir).len() >= 3);
    std::thread::sleep(std::time::Duration::from_millis(800));
    let mails = delivered(&maildir);
    assert_eq!(mails.len(), 3, "{mails:#?}");
    let to = |who: &str| {
        mails
            .iter()
            .find(|m| m.contains(&format!("To: {who}")) && m.contains("image/png"))
            .unwrap_or_else(|| panic!("no results to {who}: {mails:#?}"))
            .clone()
    };
    let en = to("rsp1@example.org");
    assert!(
        en.contains("Spring 1901 movement") && en.contains("board.png"),
        "{en}"
    );
    let cs = entente_mail::read_message(to("rsp2@example.org").as_bytes()).unwrap();
    assert!(cs.text.starts_with("Jaro 1901, pohyb"), "{}", cs.text);
    assert!(cs.text.contains("Rozmístění jednotek:"), "{}", cs.text);
    assert!(cs.subject.contains("Jaro 1901, pohyb"), "{}", cs.subject);
    assert!(
        cs.automatic.is_some(),
        "the judge's mail says a program sent it"
    );
    for m in &mails {
        assert!(
            !m.contains("rsp3@") && !m.contains("rsp7@"),
            "a web player got mail: {m}"
        );
    }
}

const BUILDS: &[(&str, &str)] = &[
    ("Austria", "Build A Bud"),
    ("Germany", "Build A Ber"),
    ("Turkey", "Build A Con"),
];

fn phase_now(c: &Client, id: &str) -> String {
    c.read(&format!("/api/v1/games/{id}"))["phase"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Issue 15's game: seven players sign on by mail through the SMTP listener; six play by
/// mail (one in Czech in Windows-1250, one HTML-only, one quoting the judge's earlier mail),
/// the seventh sends orders from the web API and reads them back by mail, in the same game; private press between two mail players through the judge;
/// reminders before the deadline; the results of each phase mailed with the board; past
/// the first adjustments.
#[test]
fn six_players_by_mail_and_one_on_the_web_play_past_the_first_adjustments() {
    let Some(python) = mail_python() else {
        return;
    };
    let dir = scratch("mail", "wholegame");
    let (relay_port, smtp_port) = (free_port(), free_port());
    let maildir = dir.join("maildir");
    let _relay = Relay::start(&python, relay_port, &maildir);
    let db = format!("sqlite:{}", dir.join("game.db").display());
    let smtp = format!("127.0.0.1:{smtp_port}");
    let server = judge_server(
        &db,
        relay_port,
        &["--smtp", &smtp, "--mail-remind-hours", "1"],
    );
    let (id, gm, players) = full_game(&server, "wg", "7", json!({"deadlines": {"kind": "manual"}}));
    let secrets: Vec<String> = players
        .iter()
        .map(|(_, c)| {
            c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    players[1].1.patch("/api/v1/me", json!({"language": "cs"}));
    let power = |i: usize| players[i].0[0].clone();
    let address = |i: usize| format!("wgp{}@example.org", i + 1);

    // Reminders: the deadline in 30 minutes, no orders in yet.
    let at = (jiff::Timestamp::now() + jiff::SignedDuration::from_mins(30)).to_string();
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "deadline", "at": at}),
    );
    common::server::wait_for(30, "seven reminders", || {
        delivered(&maildir)
            .iter()
            .filter_map(|m| entente_mail::read_message(m.as_bytes()).ok())
            .filter(|m| m.text.contains("<mail password>"))
            .count()
            >= 7
    });

    // Spring 1901 by mail, each its own way, and by the web for the seventh.
    let mut n = 0;
    let mut send = |i: usize, headers: &str, body: Vec<u8>| {
        n += 1;
        let mut raw = format!(
            "From: {}\r\nTo: judge@club.example\r\nSubject: {id}\r\nMessage-ID: <wg{n}@example.org>\r\n{headers}\r\n",
            address(i)
        )
        .into_bytes();
        raw.extend(body);
        assert_eq!(smtp_send(smtp_port, &address(i), &raw), 250);
    };
    let signon = |i: usize| format!("SIGNON {id} {} {}\r\n", power(i), secrets[i]);
    send(
        0,
        "",
        format!(
            "{}ORDERS\r\n{}\r\nPRESS TO {}\r\nA secret 5150 between us.\r\nENDPRESS\r\n",
            signon(0),
            of(ORDERS, &power(0)).replace('\n', "\r\n"),
            power(1)
        )
        .into_bytes(),
    );
    send(
        1,
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=windows-1250\r\nContent-Transfer-Encoding: 8bit\r\n",
        cp1250(&format!(
            "PŘIHLÁSIT {id} {} {}\r\nROZKAZY\r\n{}\r\nZPRÁVA PRO {}\r\nDohodnuto.\r\nKONEC ZPRÁVY\r\n",
            power(1),
            secrets[1],
            of(CZECH, &power(1)).replace('\n', "\r\n"),
            power(0)
        )),
    );
    send(
        2,
        "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n",
        format!(
            "<html><body><p>{}</p><p>{}</p></body></html>",
            signon(2).trim(),
            of(ORDERS, &power(2)).replace('\n', "<br>")
        )
        .into_bytes(),
    );
    send(
        3,
        "",
        format!(
            "{}{}\r\n\r\nOn Fri, 27 Nov 2026, judge wrote:\r\n> No orders from {} yet\r\n> A Xyz - Abc\r\n",
            signon(3),
            of(ORDERS, &power(3)).replace('\n', "\r\n"),
            power(3)
        )
        .into_bytes(),
    );
    for i in [4, 5] {
        send(
            i,
            "",
            format!(
                "{}{}\r\n",
                signon(i),
                of(ORDERS, &power(i)).replace('\n', "\r\n")
            )
            .into_bytes(),
        );
    }
    let web = &players[6].1;
    web.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": power(6), "orders": of(ORDERS, &power(6))}),
    );
    // The web player reads by mail the sheet sent from the web.
    send(6, "", format!("{}LIST\r\n", signon(6)).into_bytes());
    let first_order = sheet(web, &id, &power(6))["lines"][0]["order"]
        .as_str()
        .unwrap()
        .to_string();
    common::server::wait_for(20, "the web player's LIST by mail", || {
        delivered(&maildir)
            .iter()
            .filter(|m| m.contains(&format!("To: {}", address(6))))
            .filter_map(|m| entente_mail::read_message(m.as_bytes()).ok())
            .any(|m| m.text.contains(&first_order))
    });
    for (i, (_, c)) in players.iter().enumerate().take(6) {
        let s = sheet(c, &id, &power(i));
        let lines = s["lines"].as_array().unwrap();
        assert!(
            !lines.is_empty() && lines.iter().all(|l| l["error"].is_null()),
            "player {i} ({}): {s}",
            power(i)
        );
    }
    // The letters went through the judge to their recipients only.
    let press = |i: usize| {
        players[i]
            .1
            .read(&format!("/api/v1/games/{id}/press"))
            .to_string()
    };
    assert!(press(1).contains("A secret 5150 between us."));
    assert!(press(0).contains("Dohodnuto."));
    assert!(!press(2).contains("A secret 5150") && !press(6).contains("A secret 5150"));
    // And by mail to the recipient who plays by mail, only to them. The
    // letter is looked for in the decoded text of each mail, not in its raw
    // form: the loopback relay's `X-Peer` header names a port, and a port
    // such as 51508 once matched a bare "5150".
    let carries_secret = |m: &String| {
        entente_mail::read_message(m.as_bytes())
            .map(|r| r.text.contains("A secret 5150 between us."))
            .unwrap_or(false)
    };
    common::server::wait_for(20, "the letter by mail", || {
        delivered(&maildir)
            .iter()
            .any(|m| m.contains(&format!("To: {}", address(1))) && carries_secret(m))
    });
    let mails = delivered(&maildir);
    let with_secret: Vec<&String> = mails.iter().filter(|m| carries_secret(m)).collect();
    assert!(
        with_secret
            .iter()
            .all(|m| m.contains(&format!("To: {}", address(1)))
                || m.contains(&format!("To: {}", address(0)))),
        "the letter went to someone else: {with_secret:#?}"
    );

    // The phases: spring and fall by mail and web, then the builds of winter.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    common::server::wait_for(15, "fall 1901", || phase_now(&gm, &id) == "F1901M");
    for i in 0..6 {
        send(i, "", format!("{}ORDERS\r\n", signon(i)).into_bytes());
    }
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    common::server::wait_for(15, "winter 1901", || phase_now(&gm, &id) == "W1901A");
    for i in 0..7 {
        let Some((_, build)) = BUILDS.iter().find(|(p, _)| *p == power(i)) else {
            continue;
        };
        if i < 6 {
            send(i, "", format!("{}{build}\r\n", signon(i)).into_bytes());
        } else {
            web.ok(
                &format!("/api/v1/games/{id}/orders"),
                json!({"power": power(i), "orders": build}),
            );
        }
    }
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    common::server::wait_for(15, "spring 1902", || phase_now(&gm, &id) == "S1902M");
    let g = gm.read(&format!("/api/v1/games/{id}"));
    let units = g["position"].to_string();
    for (p, build) in BUILDS {
        let loc = build.rsplit(' ').next().unwrap().to_lowercase();
        assert!(
            units.contains(&format!("A {loc}")),
            "{p}'s build in {loc}: {units}"
        );
    }

    // Every player got the three results with the board.
    let counts = || {
        let mails = delivered(&maildir);
        (0..7)
            .map(|i| {
                mails
                    .iter()
                    .filter(|m| {
                        m.contains(&format!("To: {}", address(i))) && m.contains("board.png")
                    })
                    .count()
            })
            .collect::<Vec<_>>()
    };
    let waited = std::panic::catch_unwind(|| {
        common::server::wait_for(30, "the results of three phases", || {
            let mails = delivered(&maildir);
            (0..7).all(|i| {
                mails
                    .iter()
                    .filter(|m| {
                        m.contains(&format!("To: {}", address(i))) && m.contains("board.png")
                    })
                    .count()
                    >= 3
            })
        })
    });
    assert!(
        waited.is_ok(),
        "results with the board per player: {:?}",
        counts()
    );
    let mails = delivered(&maildir);
    let czech: Vec<String> = mails
        .iter()
        .filter(|m| m.contains(&format!("To: {}", address(1))) && m.contains("board.png"))
        .map(|m| entente_mail::read_message(m.as_bytes()).unwrap().text)
        .collect();
    assert!(czech.iter().any(|t| t.contains("Zima 1901")), "{czech:#?}");
    // The answers and the reminder to the Czech player are in Czech.
    let to_czech: Vec<entente_mail::Incoming> = mails
        .iter()
        .filter(|m| m.contains(&format!("To: {}", address(1))))
        .map(|m| entente_mail::read_message(m.as_bytes()).unwrap())
        .collect();
    assert!(
        to_czech
            .iter()
            .any(|m| m.text.contains("přihlášen(a) za mocnost")),
        "{to_czech:#?}"
    );
    assert!(
        to_czech.iter().any(|m| m.subject.contains("chybí rozkazy")),
        "{to_czech:#?}"
    );
}

/// A mail from someone not yet signed on is answered in the language of its commands (the
/// account's language is only known after SIGNON).
#[test]
fn a_mail_before_signon_is_answered_in_the_language_of_its_commands() {
    let dir = scratch("mail", "language");
    for db in common::server::databases(&dir, "maillang") {
        // The database is made by the server on its first start.
        drop(Server::start(&db));
        for (id, body, answer) in [
            (
                "cs1",
                "ROZKAZY\r\nA Paříž - Burgundsko\r\n",
                "nejdřív se přihlaste",
            ),
            ("fr1", "ORDRES\r\nA Par - Bur\r\n", "connectez-vous d'abord"),
            ("ru1", "ПРИКАЗЫ\r\nA Par - Bur\r\n", "сначала войдите"),
            ("en1", "ORDERS\r\nA Par - Bur\r\n", "sign on first"),
        ] {
            let out = mail_in(
                &db,
                &mail(
                    "stranger@example.org",
                    id,
                    "Content-Type: text/plain; charset=utf-8\r\n",
                    body,
                ),
            );
            assert!(out.contains(answer), "{id}: {out}");
        }
    }
}
