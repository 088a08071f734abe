//! Press secrecy found by a check from outside (issue 31), on every database the tests run
//! on: an observer who joins a finished game reads what the club's archive shows and no
//! private letter (unless the game opens its press at the end); a message for nobody is
//! refused, not sent to all; and the numbers a reader sees count no letter he was not sent.

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};
use std::time::Duration;

const SECRET: &str = "Meet me in Galicia, tell nobody";
const PUBLIC: &str = "Peace to all the powers of Europe";

/// A browser's cookie session, signed in through the sign-in form (the game's page is read
/// with a cookie, not an API token).
struct Browser {
    base: String,
    agent: ureq::Agent,
    cookie: String,
}

impl Browser {
    fn answer(r: Result<ureq::Response, ureq::Error>) -> (u16, String, String) {
        let r = match r {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("HTTP request failed: {e}"),
        };
        let cookies = r
            .all("set-cookie")
            .iter()
            .map(|c| c.split(';').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
            .join("; ");
        (r.status(), cookies, r.into_string().unwrap_or_default())
    }

    /// Nobody signed in.
    fn anonymous(base: &str) -> Browser {
        Browser {
            base: base.to_string(),
            agent: ureq::AgentBuilder::new()
                .redirects(0)
                .timeout(Duration::from_secs(60))
                .build(),
            cookie: String::new(),
        }
    }

    fn sign_in(base: &str, name: &str) -> Browser {
        let mut b = Browser::anonymous(base);
        let (_, cookies, page) = Browser::answer(b.agent.get(&format!("{base}/signin")).call());
        // The form's CSRF token (the form cookie and the hidden field).
        let csrf = page
            .find("name=\"_csrf\" value=\"")
            .map(|at| page[at + 20..at + 52].to_string())
            .expect("the sign-in form's CSRF field");
        let pw = password(name);
        let r = b
            .agent
            .post(&format!("{base}/signin"))
            .set("Cookie", &cookies)
            .send_form(&[
                ("name", name),
                ("password", &pw),
                ("next", "/games"),
                ("_csrf", &csrf),
            ]);
        let (st, cookies, body) = Browser::answer(r);
        assert_eq!(st, 303, "sign in {name}: {body}");
        assert!(cookies.contains("entente_session=ent_"), "{cookies}");
        b.cookie = cookies;
        b
    }

    fn page(&self, path: &str) -> (u16, String) {
        let mut r = self.agent.get(&format!("{}{path}", self.base));
        if !self.cookie.is_empty() {
            r = r.set("Cookie", &self.cookie);
        }
        let (st, _, body) = Browser::answer(r.call());
        (st, body)
    }
}

/// A reader of a game: who, through the API and through the pages.
struct Reader {
    label: &'static str,
    api: Client,
    web: Browser,
}

/// A 3-player game (setup 3a) of `prefix`, with `options`: its id, the game master, and the
/// players as (their first power, client).
fn game(server: &Server, prefix: &str, options: Value) -> (String, Client, Vec<(String, Client)>) {
    let mut o = json!({"deadlines": {"kind": "manual"}});
    for (k, v) in options.as_object().unwrap() {
        o[k] = v.clone();
    }
    let (id, gm, players) = full_game(server, prefix, "3a", o);
    let players = players
        .into_iter()
        .map(|(powers, c)| (powers[0].clone(), c))
        .collect();
    (id, gm, players)
}

fn texts(press: &Value) -> Vec<String> {
    press
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {press}"))
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// Plays the reproduction of item 1 on a game with or without `open_press_at_end`: a private
/// letter and a public one, an observer who joins before the end and one who joins after;
/// then every route that shows press or the record, for every reader.
fn late_observer_case(server: &Server, prefix: &str, open_at_end: bool) {
    let (id, gm, players) = game(server, prefix, json!({"open_press_at_end": open_at_end}));
    let (from, sender) = &players[0];
    let (to, recipient) = &players[1];
    let (_, other) = &players[2];
    let early = server.account(&format!("{prefix}early"));
    early.ok(
        &format!("/api/v1/games/{id}/join"),
        json!({"role": "observer"}),
    );
    sender.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": from, "to": [to], "text": SECRET}),
    );
    recipient.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": to, "to": ["all"], "text": PUBLIC}),
    );
    // The default draw ends the game.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "draw", "powers": []}),
    );
    assert_eq!(
        gm.read(&format!("/api/v1/games/{id}"))["status"],
        "finished"
    );
    let late = server.account(&format!("{prefix}late"));
    late.ok(
        &format!("/api/v1/games/{id}/join"),
        json!({"role": "observer"}),
    );
    assert_eq!(
        late.read(&format!("/api/v1/games/{id}"))["my_role"],
        "observer"
    );
    let stranger = server.account(&format!("{prefix}stranger"));

    let web = |name: &str| Browser::sign_in(&server.base, name);
    let readers = [
        ("the sender", sender.clone(), web(&format!("{prefix}p1"))),
        (
            "the recipient",
            recipient.clone(),
            web(&format!("{prefix}p2")),
        ),
        ("another player", other.clone(), web(&format!("{prefix}p3"))),
        ("the game master", gm.clone(), web(&format!("{prefix}gm"))),
        (
            "an observer joined before the end",
            early.clone(),
            web(&format!("{prefix}early")),
        ),
        (
            "an observer joined after the end",
            late.clone(),
            web(&format!("{prefix}late")),
        ),
        (
            "a stranger",
            stranger.clone(),
            web(&format!("{prefix}stranger")),
        ),
        ("nobody", server.client(), Browser::anonymous(&server.base)),
    ]
    .map(|(label, api, web)| Reader { label, api, web });
    let mut failures = Vec::new();
    for r in &readers {
        let member = !matches!(r.label, "a stranger" | "nobody");
        // The late observer reads the private letter only in a game that opens its press.
        let reads_secret = member && (r.label != "an observer joined after the end" || open_at_end);
        // The API's press.
        let (st, press) = r.api.get(&format!("/api/v1/games/{id}/press"));
        if member {
            assert_eq!(st, 200, "{}: {press}", r.label);
            let t = texts(&press);
            if t.contains(&SECRET.to_string()) != reads_secret {
                failures.push(format!("{}: GET press: {press}", r.label));
            }
            assert!(t.contains(&PUBLIC.to_string()), "{}: {press}", r.label);
            // Numbered among the reader's messages.
            let seqs: Vec<u64> = press
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["seq"].as_u64().unwrap())
                .collect();
            assert_eq!(
                seqs,
                (1..=seqs.len() as u64).collect::<Vec<_>>(),
                "{}",
                r.label
            );
        } else {
            assert!(st == 401 || st == 403, "{}: {st} {press}", r.label);
            assert!(!press.to_string().contains(SECRET), "{}", r.label);
        }
        // The game's record.
        let (st, record) = r.api.get_text(&format!("/api/v1/games/{id}/record"));
        if member {
            assert_eq!(st, 200, "{}: {record}", r.label);
            if record.contains(SECRET) != reads_secret {
                failures.push(format!("{}: GET record: {record}", r.label));
            }
            assert!(record.contains(PUBLIC), "{}: {record}", r.label);
            let v: Value = serde_json::from_str(&record).unwrap();
            let seqs: Vec<u64> = v["press"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["seq"].as_u64().unwrap())
                .collect();
            assert_eq!(
                seqs,
                (1..=seqs.len() as u64).collect::<Vec<_>>(),
                "{}: the record's press is numbered without gaps: {record}",
                r.label
            );
        } else {
            assert!(st == 401 || st == 403, "{}: {st} {record}", r.label);
            assert!(!record.contains(SECRET), "{}", r.label);
        }
        // The game's page.
        let (st, page) = r.web.page(&format!("/games/{id}"));
        assert_eq!(st, 200, "{}: {page}", r.label);
        if page.contains(SECRET) != reads_secret {
            failures.push(format!("{}: the game's page: {page}", r.label));
        }
        if member {
            assert!(page.contains(PUBLIC), "{}: {page}", r.label);
        }
        // The club's archive: the record and the Python package's saved game.
        for what in ["record", "saved-game"] {
            let (st, text) = r.api.get_text(&format!("/api/v1/club/archive/{id}/{what}"));
            assert_eq!(st, 200, "{}: archive {what}: {text}", r.label);
            assert!(text.contains(PUBLIC), "{}: archive {what}: {text}", r.label);
            if text.contains(SECRET) != open_at_end {
                failures.push(format!("{}: the archive's {what}: {text}", r.label));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Item 1: with `open_press_at_end` off, an account that joins a finished game as an
/// observer read every private letter (press, record, game page). Now it reads what the
/// archive shows; the game's players, game master and the observers who followed it still
/// read all of it once the game is over; a stranger and nobody nothing of it.
#[test]
fn an_observer_who_joins_a_finished_game_reads_no_private_letter() {
    let dir = scratch("press_secrecy", "late");
    for db in databases(&dir, "press_late") {
        let server = Server::start(&db);
        late_observer_case(&server, "lo", false);
        // With `open_press_at_end` the late observer reads it, as the archive gives it.
        late_observer_case(&server, "op", true);
    }
}

/// Item 2: `POST …/press {"to": []}` was stored as `["all"]` and read by every player.
/// Now it is refused (400, with the reason) and nobody gets anything.
#[test]
fn a_message_to_an_empty_list_is_refused_not_sent_to_all() {
    let dir = scratch("press_secrecy", "empty");
    for db in databases(&dir, "press_empty") {
        let server = Server::start(&db);
        let (id, gm, players) = game(&server, "em", json!({}));
        let (from, sender) = &players[0];
        let (st, b) = sender.post(
            &format!("/api/v1/games/{id}/press"),
            json!({"from": from, "to": [], "text": "for whom?"}),
        );
        assert_eq!(st, 400, "{b}");
        assert!(
            b["message"].as_str().unwrap().contains("no recipient"),
            "{b}"
        );
        for c in std::iter::once(&gm).chain(players.iter().map(|(_, c)| c)) {
            let press = c.read(&format!("/api/v1/games/{id}/press"));
            assert_eq!(press, json!([]), "{press}");
        }
    }
}

/// Item 3: press numbers were per game, so a co-player counted the private letters he did
/// not get. Now each reader's messages are numbered 1, 2, 3, ... among his own, and the
/// live update of a message carries its id, which is the same for every reader and no count.
#[test]
fn press_numbers_count_no_letter_the_reader_did_not_get() {
    let dir = scratch("press_secrecy", "numbers");
    for db in databases(&dir, "press_numbers") {
        let server = Server::start(&db);
        let (id, gm, players) = game(&server, "nu", json!({}));
        let (a, alice) = &players[0];
        let (b, bob) = &players[1];
        let (c, carol) = &players[2];
        let watcher = server.account("nuobs");
        watcher.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "observer"}),
        );
        for i in 0..3 {
            alice.ok(
                &format!("/api/v1/games/{id}/press"),
                json!({"from": a, "to": [b], "text": format!("private {i}")}),
            );
        }
        let public = carol.ok(
            &format!("/api/v1/games/{id}/press"),
            json!({"from": c, "to": ["all"], "text": PUBLIC}),
        );
        // The sender reads the number of the message among her own: her first.
        assert_eq!(public["seq"], 1, "{public}");
        let seqs = |cl: &Client| -> Vec<(u64, String)> {
            cl.read(&format!("/api/v1/games/{id}/press"))
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m["seq"].as_u64().unwrap(),
                        m["id"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        };
        let carol_sees = seqs(carol);
        let watcher_sees = seqs(&watcher);
        assert_eq!(carol_sees.len(), 1);
        assert_eq!(carol_sees[0].0, 1, "Carol counts the letters of others");
        assert_eq!(watcher_sees, carol_sees, "the observer");
        let bob_sees = seqs(bob);
        assert_eq!(
            bob_sees.iter().map(|s| s.0).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        // One id for every reader of the message; ids differ; none is a small count.
        assert_eq!(bob_sees[3].1, carol_sees[0].1);
        assert_eq!(seqs(&gm)[3].1, carol_sees[0].1);
        let mut ids: Vec<&String> = bob_sees.iter().map(|s| &s.1).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 4);
        assert!(ids.iter().all(|i| i.len() >= 16), "{ids:?}");
        // The page numbers the messages the same way.
        let page = Browser::sign_in(&server.base, "nup3")
            .page(&format!("/games/{id}"))
            .1;
        assert!(page.contains("data-seq=\"1\""), "{page}");
        for n in 2..=4 {
            assert!(
                !page.contains(&format!("data-seq=\"{n}\"")),
                "Carol's page numbers a message {n}: {page}"
            );
        }
        // The live update of the public message carries its id, not a count.
        let (st, stream) = stream_text(carol, &format!("/api/v1/games/{id}/events?after=0"));
        assert_eq!(st, 200, "{stream}");
        let press_events: Vec<Value> = stream
            .split("\n\n")
            .filter(|b| b.lines().any(|l| l == "event: press"))
            .filter_map(|b| {
                b.lines()
                    .find_map(|l| l.strip_prefix("data:"))
                    .and_then(|d| serde_json::from_str(d.trim()).ok())
            })
            .collect();
        assert_eq!(press_events.len(), 1, "{stream}");
        assert_eq!(press_events[0], json!({"id": carol_sees[0].1}), "{stream}");
    }
}

/// A stream of server-sent events read for a second and a half.
fn stream_text(c: &Client, path: &str) -> (u16, String) {
    use std::io::Read;
    let mut r = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs_f64(1.5))
        .build()
        .get(&format!("{}{path}", c.base));
    if let Some(t) = &c.token {
        r = r.set("Authorization", &format!("Bearer {t}"));
    }
    match r.call() {
        Ok(r) => {
            let status = r.status();
            let mut reader = r.into_reader();
            let mut out = Vec::new();
            let mut buf = [0u8; 4096];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => out.extend_from_slice(&buf[..n]),
                }
            }
            (status, String::from_utf8_lossy(&out).into_owned())
        }
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
        Err(e) => panic!("GET {path}: {e}"),
    }
}
