//! Secrecy is the product: every route of the API, asked by each of six readers (the
//! power's player, another player, the game master, an observer, a stranger signed in but
//! not in the game, nobody signed in), answers with the status that reader must get and
//! never shows a power's pending orders, private press, who plays whom or the seed to
//! anyone who may not see them. The table must name every route of the OpenAPI document,
//! so a new route without a secrecy row fails this test.

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};
use std::io::Read;
use std::time::Duration;

/// A line of England's pending sheet no one else may read.
const ORDER_SECRET: &str = "ZQXORDER march on the Channel";
/// A private message from England to Germany.
const PRESS_SECRET: &str = "ZQXPRESS meet me in Holland";
/// The game's seed (it would let a player recompute the lots).
const SEED: u64 = 918_273_645;

/// The six readers, in the order of a row's statuses.
const OWNER: usize = 0;
const OTHER: usize = 1;
const GM: usize = 2;
const OBSERVER: usize = 3;
const STRANGER: usize = 4;
const ANON: usize = 5;
const LABELS: [&str; 6] = [
    "England's player",
    "another player (France)",
    "the game master",
    "an observer",
    "a stranger",
    "no session",
];

struct Who {
    client: Client,
    /// The account's name (none for no session).
    name: Option<String>,
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .build()
}

/// One request: the status and the body as text.
fn call(c: &Client, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut r = agent().request(method, &format!("{}{path}", c.base));
    if let Some(t) = &c.token {
        r = r.set("Authorization", &format!("Bearer {t}"));
    }
    let res = match body {
        Some(b) => r.send_json(b.clone()),
        None => r.call(),
    };
    match res {
        Ok(r) => (r.status(), r.into_string().unwrap_or_default()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
        Err(e) => panic!("{method} {path}: {e}"),
    }
}

/// Reads a server-sent event stream for `secs` seconds: the status and what arrived.
fn stream(c: &Client, path: &str, secs: f64) -> (u16, String) {
    let mut r = agent()
        .get(&format!("{}{path}", c.base))
        .timeout(Duration::from_secs_f64(secs));
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

/// The events of a stream's text: (kind, data).
fn events(text: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut kind = String::from("message");
        let mut data = String::new();
        for line in block.lines() {
            if let Some(k) = line.strip_prefix("event:") {
                kind = k.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim());
            }
        }
        if !data.is_empty() {
            out.push((kind, serde_json::from_str(&data).unwrap_or(Value::Null)));
        }
    }
    out
}

/// A route asked by the six readers.
struct Row {
    method: &'static str,
    /// The path as the OpenAPI document writes it (`{id}`, `{n}`).
    template: &'static str,
    /// Added to the path (`?power=England`).
    query: &'static str,
    /// The body each reader sends (by index).
    body: fn(usize) -> Option<Value>,
    /// The status each reader must get.
    status: [u16; 6],
}

fn none(_: usize) -> Option<Value> {
    None
}

/// The secrets reader `i` must not see anywhere.
fn secrets_for(i: usize, players: &[String], me: Option<&str>) -> Vec<String> {
    if i == GM {
        return Vec::new();
    }
    let mut out = vec![SEED.to_string()];
    if i != OWNER {
        out.push(ORDER_SECRET.to_string());
        out.push(PRESS_SECRET.to_string());
        // Also the understood form of the unreadable line, if it were echoed.
        out.push("ZQXORDER".to_string());
        out.push("ZQXPRESS".to_string());
    }
    for p in players {
        if Some(p.as_str()) != me {
            out.push(p.clone());
        }
    }
    out
}

#[test]
fn every_route_shows_each_reader_only_what_they_may_see() {
    let dir = scratch("server_secrecy", "routes");
    for db in databases(&dir, "secrecy_routes") {
        every_route(&db);
    }
}

fn every_route(db: &str) {
    let server = Server::start(db);
    let (id, gm, players) = full_game(
        &server,
        "sec",
        "7",
        json!({
            "deadlines": {"kind": "manual"},
            "end_when_ready": false,
            "reveal": "end",
            "seed": SEED,
        }),
    );
    // Account names: secp1..secp7 in the order of `players`.
    let name_of = |i: usize| format!("secp{}", i + 1);
    let index_of = |power: &str| {
        players
            .iter()
            .position(|(ps, _)| ps.iter().any(|p| p == power))
            .unwrap_or_else(|| panic!("nobody plays {power}"))
    };
    let (eng, fra, ger, tur) = (
        index_of("England"),
        index_of("France"),
        index_of("Germany"),
        index_of("Turkey"),
    );
    let observer = server.account("secobserver");
    observer.ok(
        &format!("/api/v1/games/{id}/join"),
        json!({"role": "observer"}),
    );
    let stranger = server.account("secstranger");
    let spare = server.account("secspare");

    // One phase is played, so that the history has something in it.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    // Turkey's player is replaced: neither the old player nor the new may be named.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "replace", "power": "Turkey", "player": "secspare"}),
    );
    let _ = spare;
    // The secrets: England's pending sheet and a private message to Germany; and some
    // public press from France and a sheet of France, which everyone in the game may know of.
    let eng_client = &players[eng].1;
    let fra_client = &players[fra].1;
    let sheet = eng_client.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": "England", "orders": format!("F Lon - Nth\nA Lvp - Yor\n{ORDER_SECRET}")}),
    );
    assert!(sheet.to_string().contains(ORDER_SECRET), "{sheet}");
    let secret_press = eng_client.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": "England", "to": ["Germany"], "text": PRESS_SECRET}),
    );
    // The message's id: the same for each of its readers (its `seq` is the sender's own count).
    let secret_id = secret_press["id"].as_str().unwrap().to_string();
    fra_client.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": "France", "to": ["all"], "text": "France greets all"}),
    );
    fra_client.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": "France", "orders": "A Par H"}),
    );
    // Germany receives the message; the sender is named (full press).
    let ger_press = players[ger].1.read(&format!("/api/v1/games/{id}/press"));
    let m = ger_press
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == PRESS_SECRET)
        .unwrap_or_else(|| panic!("Germany did not get England's message: {ger_press}"));
    assert_eq!(m["from"], "England");

    let mut player_names: Vec<String> = (0..players.len()).map(name_of).collect();
    player_names.push("secspare".into());
    let _ = tur;

    let who = [
        Who {
            client: eng_client.clone(),
            name: Some(name_of(eng)),
        },
        Who {
            client: fra_client.clone(),
            name: Some(name_of(fra)),
        },
        Who {
            client: gm.clone(),
            name: Some("secgm".into()),
        },
        Who {
            client: observer.clone(),
            name: Some("secobserver".into()),
        },
        Who {
            client: stranger.clone(),
            name: Some("secstranger".into()),
        },
        Who {
            client: server.client(),
            name: None,
        },
    ];

    let rows: Vec<Row> = vec![
        Row {
            method: "GET",
            template: "/api/openapi.json",
            query: "",
            body: none,
            status: [200; 6],
        },
        Row {
            method: "POST",
            template: "/api/v1/accounts",
            query: "",
            body: |i| {
                Some(
                    json!({"name": format!("fresh{i}"), "email": format!("fresh{i}@example.org"), "password": "a long password"}),
                )
            },
            status: [201; 6],
        },
        Row {
            method: "POST",
            template: "/api/v1/session",
            query: "",
            // Each reader signs in as a fresh account of their own (nobody: a wrong password).
            body: |i| {
                Some(
                    json!({"name": format!("fresh{i}"), "password": if i == ANON { "wrong password" } else { "a long password" }}),
                )
            },
            status: [200, 200, 200, 200, 200, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/tokens",
            query: "",
            body: |i| {
                Some(
                    json!({"name": format!("fresh{i}"), "password": if i == ANON { "wrong password" } else { "a long password" }}),
                )
            },
            status: [201, 201, 201, 201, 201, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/me",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 200, 401],
        },
        // Issue 31: one's own API tokens (never their secrets); another's token is not found.
        Row {
            method: "GET",
            template: "/api/v1/tokens",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 200, 401],
        },
        Row {
            method: "DELETE",
            template: "/api/v1/tokens/{id}",
            query: "",
            body: none,
            status: [404, 404, 404, 404, 404, 401],
        },
        Row {
            method: "PATCH",
            template: "/api/v1/me",
            query: "",
            // Each reader changes only their own account.
            body: |_| Some(json!({"time_zone": "Europe/Paris"})),
            status: [200, 200, 200, 200, 200, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games",
            query: "",
            body: none,
            status: [200; 6],
        },
        Row {
            method: "POST",
            template: "/api/v1/games",
            query: "",
            body: |i| Some(json!({"title": format!("another game {i}"), "setup": "2"})),
            status: [201, 201, 201, 201, 201, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}",
            query: "",
            body: none,
            status: [200; 6],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/join",
            query: "",
            // The seats are taken: nobody joins as a player (and nothing changes).
            body: |_| Some(json!({"role": "player"})),
            status: [409, 409, 409, 409, 409, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/orders",
            query: "",
            // Everyone tries to send England's sheet (the game master may).
            body: |_| {
                Some(
                    json!({"power": "England", "orders": format!("F Lon - Nth\nA Lvp - Yor\n{ORDER_SECRET}")}),
                )
            },
            status: [200, 403, 200, 403, 403, 401],
        },
        // Escalation's acts, in a game that is not one: refused to those who may act for
        // England (409: not now), forbidden to the others.
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/place",
            query: "",
            body: |_| Some(json!({"power": "England", "unit": "A Lon"})),
            status: [409, 403, 409, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/homes",
            query: "",
            body: |_| Some(json!({"power": "England", "homes": ["Lon", "Edi", "Lvp"]})),
            status: [409, 403, 409, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/orders",
            query: "?power=England",
            body: none,
            status: [200, 403, 200, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/orders",
            query: "?power=France",
            body: none,
            status: [403, 200, 200, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/sheets",
            query: "?power=England",
            body: none,
            status: [200, 403, 200, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/sheets",
            query: "?power=France",
            body: none,
            status: [403, 200, 200, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/ready",
            query: "",
            body: |_| Some(json!({"ready": false})),
            status: [204, 204, 403, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/press",
            query: "",
            // Everyone tries to write as England to Germany.
            body: |_| Some(json!({"from": "England", "to": ["Germany"], "text": PRESS_SECRET})),
            status: [201, 403, 403, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/press",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/draw",
            query: "",
            body: |_| Some(json!({"vote": false})),
            status: [200, 200, 403, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/mail-secret",
            query: "",
            body: none,
            status: [200, 200, 403, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/concede",
            query: "",
            body: |_| Some(json!({"vote": false})),
            status: [200, 200, 403, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/history",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/history/{n}",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/board.svg",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/board.svg",
            query: "?phase=0",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/board.png",
            query: "?phase=0",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/log",
            query: "",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/record",
            query: "",
            body: none,
            status: [403, 403, 200, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/gm",
            query: "",
            body: |_| Some(json!({"act": "extend", "minutes": 60})),
            status: [403, 403, 200, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/games/{id}/events",
            query: "?after=0",
            body: none,
            status: [200, 200, 200, 200, 403, 401],
        },
        // Last: these change who is in the game and who is signed in.
        Row {
            method: "POST",
            template: "/api/v1/games/{id}/leave",
            query: "",
            body: none,
            status: [409, 409, 409, 204, 404, 401],
        },
        Row {
            method: "DELETE",
            template: "/api/v1/session",
            query: "",
            body: none,
            status: [204, 204, 204, 204, 204, 401],
        },
    ];

    // Every route of the API has a row.
    let doc = server.client().read("/api/openapi.json");
    for (path, item) in doc["paths"].as_object().unwrap() {
        // The club's routes have their own readers and table: club_secrecy.rs.
        if path.starts_with("/api/v1/club") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let m = method.to_uppercase();
            if !["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&m.as_str()) {
                continue;
            }
            assert!(
                rows.iter().any(|r| r.method == m && r.template == path),
                "{m} {path} is in the API but has no row in the secrecy table"
            );
        }
    }

    let mut failures = Vec::new();
    let mut bodies: Vec<Vec<(String, String)>> = vec![Vec::new(); 6];
    for row in &rows {
        let path = format!(
            "{}{}",
            row.template.replace("{id}", &id).replace("{n}", "0"),
            row.query
        );
        for (i, w) in who.iter().enumerate() {
            let body = (row.body)(i);
            let (st, text) = if row.template.ends_with("/events") {
                stream(&w.client, &path, 1.5)
            } else {
                call(&w.client, row.method, &path, body.as_ref())
            };
            let what = format!("{} {path} by {}", row.method, LABELS[i]);
            if st != row.status[i] {
                failures.push(format!(
                    "{what}: status {st}, expected {}: {text}",
                    row.status[i]
                ));
            }
            assert_ne!(st, 500, "{what}: {text}");
            if st >= 400 {
                let v: Value = serde_json::from_str(&text)
                    .unwrap_or_else(|_| panic!("{what}: an error that is not JSON: {text}"));
                assert!(
                    v["error"].is_string() && v["message"].is_string(),
                    "{what}: {text}"
                );
            }
            for s in secrets_for(i, &player_names, w.name.as_deref()) {
                if text.contains(&s) {
                    failures.push(format!("{what} shows {s:?}: {text}"));
                }
            }
            bodies[i].push((format!("{} {path}", row.method), text));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));

    // The secrets are there for those who may see them (the test is not blind).
    let found = |i: usize, route: &str, s: &str| {
        bodies[i]
            .iter()
            .any(|(r, text)| r.as_str() == route && text.contains(s))
    };
    let orders = format!("GET /api/v1/games/{id}/orders?power=England");
    let press = format!("GET /api/v1/games/{id}/press");
    let game = format!("GET /api/v1/games/{id}");
    let record = format!("GET /api/v1/games/{id}/record");
    assert!(found(OWNER, &orders, ORDER_SECRET));
    assert!(found(GM, &orders, ORDER_SECRET));
    let sheets = format!("GET /api/v1/games/{id}/sheets?power=England");
    assert!(found(OWNER, &sheets, ORDER_SECRET));
    assert!(found(GM, &sheets, ORDER_SECRET));
    assert!(found(OWNER, &press, PRESS_SECRET));
    assert!(found(GM, &press, PRESS_SECRET));
    assert!(found(OTHER, &press, "France greets all"));
    assert!(found(OBSERVER, &press, "France greets all"));
    assert!(found(OWNER, &game, &name_of(eng)));
    assert!(found(GM, &game, &name_of(fra)));
    assert!(found(GM, &game, "secspare"));
    assert!(found(GM, &game, &SEED.to_string()));
    assert!(found(GM, &record, ORDER_SECRET));
    // A stranger sees the game in the lobby's terms: no position, no powers of their own.
    assert!(found(STRANGER, &game, r#""my_role":"none""#));
    assert!(!found(STRANGER, &game, r#""position""#));

    // The event streams: a player sees the orders and press events of their own powers only,
    // and learns only their own powers at the start.
    let events_route = format!("GET /api/v1/games/{id}/events?after=0");
    let stream_of = |i: usize| {
        events(
            &bodies[i]
                .iter()
                .find(|(r, _)| *r == events_route)
                .unwrap()
                .1,
        )
    };
    let own: [&[&str]; 4] = [&["England"], &["France"], &[], &[]];
    for i in [OWNER, OTHER, OBSERVER] {
        for (kind, data) in stream_of(i) {
            match kind.as_str() {
                "orders" => assert!(
                    own[i].contains(&data["power"].as_str().unwrap_or("")),
                    "{} got {kind} {data}",
                    LABELS[i]
                ),
                "started" => {
                    for p in data["powers"].as_array().unwrap() {
                        assert!(
                            own[i].contains(&p.as_str().unwrap()),
                            "{} got {kind} {data}",
                            LABELS[i]
                        );
                    }
                }
                "press" if i != OWNER => {
                    assert_ne!(
                        data["id"].as_str(),
                        Some(secret_id.as_str()),
                        "{} got {data}",
                        LABELS[i]
                    )
                }
                "deadline-passed" => panic!("{} got {kind} {data}", LABELS[i]),
                _ => {}
            }
        }
    }
    let gm_events = stream_of(GM);
    assert!(gm_events
        .iter()
        .any(|(k, d)| k == "orders" && d["power"] == "England"));
    assert!(stream_of(OWNER)
        .iter()
        .any(|(k, d)| k == "press" && d["id"].as_str() == Some(secret_id.as_str())));
}

/// A stream open while the secrets are sent: another player and an observer get no event
/// of England's orders or private press.
#[test]
fn a_live_stream_carries_no_other_powers_orders_or_private_press() {
    let dir = scratch("server_secrecy", "live");
    for db in databases(&dir, "secrecy_live") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "live",
            "7",
            json!({"deadlines": {"kind": "manual"}, "end_when_ready": false}),
        );
        let observer = server.account("liveobserver");
        observer.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "observer"}),
        );
        let by = |power: &str| {
            players
                .iter()
                .find(|(ps, _)| ps.iter().any(|p| p == power))
                .unwrap()
                .1
                .clone()
        };
        let (eng, fra) = (by("England"), by("France"));
        let path = format!("/api/v1/games/{id}/events");
        let readers: Vec<_> = [("France", fra.clone()), ("observer", observer), ("gm", gm)]
            .into_iter()
            .map(|(label, c)| {
                let path = path.clone();
                std::thread::spawn(move || (label, stream(&c, &path, 3.0)))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(800));
        eng.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "England", "orders": "F Lon - Nth"}),
        );
        eng.ok(
            &format!("/api/v1/games/{id}/press"),
            json!({"from": "England", "to": ["Germany"], "text": PRESS_SECRET}),
        );
        fra.ok(
            &format!("/api/v1/games/{id}/press"),
            json!({"from": "France", "to": ["all"], "text": "hello all"}),
        );
        for r in readers {
            let (label, (st, text)) = r.join().unwrap();
            assert_eq!(st, 200, "{label}: {text}");
            let evs = events(&text);
            let kinds: Vec<&str> = evs.iter().map(|(k, _)| k.as_str()).collect();
            // Everyone sees France's public message.
            assert_eq!(
                kinds.iter().filter(|k| **k == "press").count(),
                if label == "gm" { 2 } else { 1 },
                "{label}: {text}"
            );
            if label == "gm" {
                assert!(kinds.contains(&"orders"), "{label}: {text}");
            } else {
                assert!(!kinds.contains(&"orders"), "{label}: {text}");
            }
            assert!(!text.contains(PRESS_SECRET), "{label}: {text}");
        }
    }
}

/// Grey press: the recipients do not learn the sender; the sender and the game master do.
#[test]
fn grey_press_hides_the_sender_from_the_recipients() {
    let dir = scratch("server_secrecy", "grey");
    for db in databases(&dir, "secrecy_grey") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "grey",
            "7",
            json!({"deadlines": {"kind": "manual"}, "press": "grey"}),
        );
        let observer = server.account("greyobserver");
        observer.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "observer"}),
        );
        let by = |power: &str| {
            players
                .iter()
                .find(|(ps, _)| ps.iter().any(|p| p == power))
                .unwrap()
                .1
                .clone()
        };
        let eng = by("England");
        let press = format!("/api/v1/games/{id}/press");
        let sent = eng.ok(
            &press,
            json!({"from": "England", "to": ["Germany", "France"], "text": "grey private"}),
        );
        assert_eq!(sent["from"], "England", "{sent}");
        eng.ok(
            &press,
            json!({"from": "England", "to": ["all"], "text": "grey public"}),
        );
        for reader in ["Germany", "France", "Italy"] {
            let got = by(reader).read(&press);
            for m in got.as_array().unwrap() {
                assert!(m.get("from").is_none(), "{reader} learns the sender: {m}");
            }
            let texts: Vec<&str> = got
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["text"].as_str().unwrap())
                .collect();
            let expected: &[&str] = if reader == "Italy" {
                &["grey public"]
            } else {
                &["grey private", "grey public"]
            };
            assert_eq!(texts, expected, "{reader}");
        }
        let got = observer.read(&press);
        assert_eq!(got.as_array().unwrap().len(), 1, "{got}");
        assert!(got[0].get("from").is_none(), "{got}");
        for m in eng.read(&press).as_array().unwrap() {
            assert_eq!(m["from"], "England", "{m}");
        }
        for m in gm.read(&press).as_array().unwrap() {
            assert_eq!(m["from"], "England", "{m}");
        }
        // Nor does the live stream name the sender.
        for (_, c) in &players {
            let (st, text) = stream(c, &format!("/api/v1/games/{id}/events?after=0"), 1.0);
            assert_eq!(st, 200);
            for (kind, data) in events(&text) {
                if kind == "press" {
                    assert!(!data.to_string().contains("England"), "{data}");
                }
            }
        }
    }
}

/// Gunboat: no press at all.
#[test]
fn gunboat_refuses_press() {
    let dir = scratch("server_secrecy", "gunboat");
    for db in databases(&dir, "secrecy_gunboat") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "gunboat",
            "7",
            json!({"deadlines": {"kind": "manual"}, "press": "none"}),
        );
        let press = format!("/api/v1/games/{id}/press");
        for (powers, c) in &players {
            for to in [json!(["all"]), json!(["Germany"])] {
                let (st, body) =
                    c.post(&press, json!({"from": powers[0], "to": to, "text": "psst"}));
                assert!(
                    (400..500).contains(&st) && body["message"].is_string(),
                    "{st} {body}"
                );
            }
            assert_eq!(c.read(&press), json!([]));
        }
        assert_eq!(gm.read(&press), json!([]));
    }
}

/// With `reveal: never` not even the end of the game names the players to one another, and
/// with `reveal: end` it does.
#[test]
fn who_plays_whom_is_revealed_only_as_the_game_says() {
    let dir = scratch("server_secrecy", "reveal");
    for db in databases(&dir, "secrecy_reveal") {
        let server = Server::start(&db);
        for reveal in ["never", "end", "start"] {
            let prefix = format!("rv{reveal}");
            let (id, gm, players) = full_game(
                &server,
                &prefix,
                "7",
                json!({"deadlines": {"kind": "manual"}, "reveal": reveal, "seed": SEED}),
            );
            let names: Vec<String> = (1..=7).map(|i| format!("{prefix}p{i}")).collect();
            let check = |over: bool| {
                for (i, (_, c)) in players.iter().enumerate() {
                    let mut seen = String::new();
                    for route in ["", "/log", "/press", "/history"] {
                        seen.push_str(&c.get_text(&format!("/api/v1/games/{id}{route}")).1);
                    }
                    let (st, rec) = c.get_text(&format!("/api/v1/games/{id}/record"));
                    assert_eq!(st == 200, over, "record {reveal} over={over}: {st} {rec}");
                    seen.push_str(&rec);
                    seen.push_str(&c.get_text("/api/v1/games").1);
                    let others_named = names
                        .iter()
                        .enumerate()
                        .filter(|(j, n)| *j != i && seen.contains(n.as_str()))
                        .count();
                    let expected = match reveal {
                        "start" => true,
                        "end" => over,
                        _ => false,
                    };
                    if expected {
                        assert_eq!(others_named, 6, "reveal {reveal}, over {over}");
                    } else {
                        assert_eq!(others_named, 0, "reveal {reveal}, over {over}: {seen}");
                    }
                    if reveal == "never" {
                        assert!(
                            !seen.contains(&SEED.to_string()),
                            "reveal never: the seed shows: {seen}"
                        );
                    }
                }
            };
            check(false);
            gm.ok(&format!("/api/v1/games/{id}/gm"), json!({"act": "draw"}));
            check(true);
        }
    }
}

/// A player replaced while following the game's stream gets no more of their old power's
/// orders or private press.
#[test]
fn a_replaced_players_open_stream_gets_no_more_of_their_old_powers_events() {
    let dir = scratch("server_secrecy", "replaced");
    for db in databases(&dir, "secrecy_replaced") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "repl",
            "7",
            json!({"deadlines": {"kind": "manual"}, "end_when_ready": false}),
        );
        let by = |power: &str| {
            players
                .iter()
                .find(|(ps, _)| ps.iter().any(|p| p == power))
                .unwrap()
                .1
                .clone()
        };
        let (old, eng) = (by("Turkey"), by("England"));
        let new = server.account("replnew");
        let path = format!("/api/v1/games/{id}/events");
        let reader = std::thread::spawn(move || stream(&old, &path, 3.0));
        std::thread::sleep(Duration::from_millis(800));
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "replace", "power": "Turkey", "player": "replnew"}),
        );
        new.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Turkey", "orders": "A Con H"}),
        );
        eng.ok(
            &format!("/api/v1/games/{id}/press"),
            json!({"from": "England", "to": ["Turkey"], "text": PRESS_SECRET}),
        );
        let (st, text) = reader.join().unwrap();
        assert_eq!(st, 200, "{text}");
        let evs = events(&text);
        assert!(
            evs.iter().any(|(k, _)| k == "log"),
            "the stream saw nothing: {text}"
        );
        for (kind, data) in &evs {
            assert!(
                !["orders", "press", "started"].contains(&kind.as_str()),
                "the replaced player got {kind} {data}"
            );
        }
    }
}
