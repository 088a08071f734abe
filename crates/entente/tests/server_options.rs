//! A game's options as the server applies them: the default weekly deadline, assignment by
//! preference lists, uploaded variants, press rules, reveal, and options it refuses.

mod common;
use common::scratch;
use common::server::*;
use serde_json::json;

#[test]
fn the_default_deadline_is_friday_midnight_in_prague() {
    let dir = scratch("server_options", "friday");
    let server = Server::start(&databases(&dir, "friday")[0]);
    let (id, gm, _) = full_game(&server, "fri", "2", json!({}));
    let g = gm.read(&format!("/api/v1/games/{id}"));
    assert_eq!(g["time_zone"], "Europe/Prague");
    let due: jiff::Timestamp = g["deadline"].as_str().unwrap().parse().unwrap();
    let local = due.to_zoned(jiff::tz::TimeZone::get("Europe/Prague").unwrap());
    // 24:00 on Friday is 00:00 at the start of Saturday.
    assert_eq!(local.weekday(), jiff::civil::Weekday::Saturday, "{local}");
    assert_eq!((local.hour(), local.minute()), (0, 0), "{local}");
    let now = jiff::Timestamp::now();
    assert!(due > now && due.duration_since(now).as_secs() <= 7 * 24 * 3600);
}

#[test]
fn powers_go_by_the_players_preference_lists() {
    let dir = scratch("server_options", "prefs");
    let server = Server::start(&databases(&dir, "prefs")[0]);
    let gm = server.account("prefgm");
    let id = gm.ok(
        "/api/v1/games",
        json!({"title": "prefs", "setup": "3a", "assignment": "preferences", "seed": 7}),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Setup 3a: Russia; England/France/Germany; Austria/Italy/Turkey. Every first choice
    // differs, so each player gets it.
    let wants = [
        (
            "prefa",
            "Russia, England/France/Germany, Austria/Italy/Turkey",
        ),
        (
            "prefb",
            "England/France/Germany, Russia, Austria/Italy/Turkey",
        ),
        (
            "prefc",
            "Austria/Italy/Turkey, Russia, England/France/Germany",
        ),
    ];
    let mut clients = Vec::new();
    for (name, list) in wants {
        let c = server.account(name);
        // A preference game needs the list.
        let (st, body) = c.post(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
        assert_eq!(st, 422, "{body}");
        c.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player", "preferences": list}),
        );
        clients.push(c);
    }
    let powers = |c: &Client| c.read(&format!("/api/v1/games/{id}"))["my_powers"].clone();
    assert_eq!(powers(&clients[0]), json!(["Russia"]));
    assert_eq!(powers(&clients[1]), json!(["England", "France", "Germany"]));
    assert_eq!(powers(&clients[2]), json!(["Austria", "Italy", "Turkey"]));
    // A list naming no seat is refused with the reason.
    let gm2 = gm.ok(
        "/api/v1/games",
        json!({"title": "prefs2", "setup": "3a", "assignment": "preferences"}),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    let c = server.sign_in("prefa");
    let (st, body) = c.post(
        &format!("/api/v1/games/{gm2}/join"),
        json!({"role": "player", "preferences": "Atlantis"}),
    );
    assert_eq!(st, 422, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("Atlantis"),
        "{body}"
    );
}

#[test]
fn an_uploaded_variant_file_is_played_and_a_broken_one_names_its_line() {
    let dir = scratch("server_options", "variant");
    let server = Server::start(&databases(&dir, "variant")[0]);
    let gm = server.account("vargm");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../entente-map/variants/pure.toml"
    ))
    .unwrap();
    let (st, body) = gm.post(
        "/api/v1/games",
        json!({"title": "club map", "variant": "our-pure", "variant_file": text}),
    );
    assert_eq!(st, 201, "{body}");
    let id = body["id"].as_str().unwrap();
    let g = gm.read(&format!("/api/v1/games/{id}"));
    assert_eq!(g["variant"], "our-pure");
    assert_eq!(g["seats"], 7);
    let broken = text.replacen('[', "[[", 1);
    let (st, body) = gm.post(
        "/api/v1/games",
        json!({"title": "broken", "variant": "x", "variant_file": broken}),
    );
    assert_eq!(st, 422, "{body}");
    assert!(body["message"].as_str().unwrap().contains("line"), "{body}");
    // A built-in name that is not one: the known ones are listed.
    let (st, body) = gm.post(
        "/api/v1/games",
        json!({"title": "t", "variant": "atlantis"}),
    );
    assert_eq!(st, 422);
    assert!(
        body["message"].as_str().unwrap().contains("standard"),
        "{body}"
    );
    // Not a path on the server's disk.
    let (st, _) = gm.post(
        "/api/v1/games",
        json!({"title": "t", "variant": "/etc/passwd.toml"}),
    );
    assert_eq!(st, 422);
}

#[test]
fn bad_options_are_refused_with_what_to_write() {
    let dir = scratch("server_options", "bad");
    let server = Server::start(&databases(&dir, "bad")[0]);
    let gm = server.account("badgm");
    for (body, word) in [
        (json!({"title": ""}), "title"),
        (json!({"title": "t", "setup": "8"}), "8"),
        (json!({"title": "t", "rules": "1999"}), "1999"),
        (json!({"title": "t", "press": "loud"}), "loud"),
        (
            json!({"title": "t", "deadlines": {"kind": "weekly", "weekday": "Freitag"}}),
            "Freitag",
        ),
        (
            json!({"title": "t", "deadlines": {"kind": "every", "movement_minutes": 0}}),
            "minute",
        ),
        (json!({"title": "t", "colour": "red"}), "colour"),
    ] {
        let (st, answer) = gm.post("/api/v1/games", body.clone());
        assert!(st == 422 || st == 400, "{body} -> {st} {answer}");
        assert!(
            answer["message"].as_str().unwrap_or("").contains(word),
            "{body} -> {answer}"
        );
    }
}

#[test]
fn public_press_only_and_no_press_in_retreats_are_kept() {
    let dir = scratch("server_options", "press");
    let server = Server::start(&databases(&dir, "press")[0]);
    let (id, _, players) = full_game(&server, "pub", "7", json!({"press": "public"}));
    let (powers, c) = &players[0];
    let other = &players[1].0[0];
    let (st, body) = c.post(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": powers[0], "to": [other], "text": "psst"}),
    );
    assert_eq!(st, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("public"),
        "{body}"
    );
    c.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": powers[0], "to": ["all"], "text": "hello all"}),
    );
    let inbox = players[1].1.read(&format!("/api/v1/games/{id}/press"));
    assert_eq!(inbox[0]["text"], "hello all");
    assert_eq!(inbox[0]["from"], json!(powers[0]));
}

#[test]
fn who_plays_whom_is_shown_from_the_start_when_the_game_says_so() {
    let dir = scratch("server_options", "reveal");
    let server = Server::start(&databases(&dir, "reveal")[0]);
    let (id, _, players) = full_game(&server, "rev", "2", json!({"reveal": "start"}));
    let g = players[0].1.read(&format!("/api/v1/games/{id}"));
    for p in g["powers"].as_array().unwrap() {
        assert!(p["player"].as_str().unwrap().starts_with("revp"), "{p}");
    }
    let (id, _, players) = full_game(&server, "nev", "2", json!({"reveal": "never"}));
    let g = players[0].1.read(&format!("/api/v1/games/{id}"));
    let named = g["powers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.get("player").is_some())
        .count();
    // Only the reader's own seat (the two-player game gives each player several powers).
    assert_eq!(named, players[0].0.len(), "{g}");
}
