//! The club's routes (issue 17), each asked by five readers: the club's administrator, a
//! member, an applicant, an account that is not a member, and nobody signed in. Each must
//! get the status written in the table, refusals with a message; the applications, the log
//! and the applicants' names stay the administrators'. Every `/api/v1/club` route of the
//! OpenAPI document must have a row here (the game routes are `server_secrecy`'s).

mod common;
use common::club::{gunboat_league, join_club};
use common::scratch;
use common::server::*;
use serde_json::{json, Value};

const LABELS: [&str; 5] = [
    "the administrator",
    "a member",
    "an applicant",
    "an outsider",
    "nobody",
];

struct Row {
    method: &'static str,
    /// The path as the OpenAPI document writes it.
    template: &'static str,
    body: Value,
    status: [u16; 5],
}

fn call(c: &Client, method: &str, path: &str, body: &Value) -> (u16, Value) {
    match method {
        "GET" => c.get(path),
        "POST" => c.post(path, body.clone()),
        "PATCH" => c.patch(path, body.clone()),
        _ => unreachable!("{method}"),
    }
}

fn run(database: &str) {
    let server = Server::start(database);
    let admin = server.account("boss");
    let member = server.account("mia");
    let applicant = server.account("zed");
    let outsider = server.account("out");
    let nobody = server.client();
    member.ok("/api/v1/club/apply", json!({"name": "Mia"}));
    applicant.ok("/api/v1/club/apply", json!({"name": "Zed the applicant"}));
    let mia = member.read("/api/v1/me")["id"].as_i64().unwrap();
    let zed = applicant.read("/api/v1/me")["id"].as_i64().unwrap();
    admin.ok(
        &format!("/api/v1/club/members/{mia}/act"),
        json!({"act": "approve"}),
    );
    let game = admin.ok("/api/v1/games", json!({"title": "t", "press": "none"}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    gunboat_league(&admin, "gb", "s1", "draw-size");
    let readers = [&admin, &member, &applicant, &outsider, &nobody];
    let all = [200; 5];
    let admins = [200, 403, 403, 403, 401];
    let league = json!({"id": "l2", "name": "L", "rules": {"variant": "standard", "press": "full",
        "deadlines": "", "games_per_member": 1, "scoring": "c-diplo", "aggregate": {"kind": "sum"}}});
    let rows = vec![
        Row {
            method: "GET",
            template: "/api/v1/club",
            body: json!(null),
            status: all,
        },
        Row {
            method: "PATCH",
            template: "/api/v1/club",
            body: json!({"logo_text": "KE"}),
            status: admins,
        },
        Row {
            method: "PATCH",
            template: "/api/v1/club/me",
            body: json!({"country": "CZ"}),
            status: [200, 200, 409, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/club/members",
            body: json!(null),
            status: all,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/members/{id}",
            body: json!(null),
            status: [200, 404, 200, 404, 404],
        },
        Row {
            method: "POST",
            template: "/api/v1/club/members/{id}/act",
            body: json!({"act": "appoint-admin"}),
            status: [409, 403, 403, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/club/applications",
            body: json!(null),
            status: admins,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/log",
            body: json!(null),
            status: admins,
        },
        // Each reader's own notices (game_creation_and_notices reads them further).
        Row {
            method: "GET",
            template: "/api/v1/club/notices",
            body: json!(null),
            status: [200, 200, 200, 403, 401],
        },
        Row {
            method: "GET",
            template: "/api/v1/club/fame",
            body: json!(null),
            status: all,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/ratings",
            body: json!(null),
            status: all,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/archive",
            body: json!(null),
            status: all,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/games",
            body: json!(null),
            status: all,
        },
        // No finished game of this id: nothing to download (club_season.rs downloads one).
        Row {
            method: "GET",
            template: "/api/v1/club/archive/{id}/{what}",
            body: json!(null),
            status: [404; 5],
        },
        Row {
            method: "GET",
            template: "/api/v1/club/leagues",
            body: json!(null),
            status: all,
        },
        Row {
            method: "POST",
            template: "/api/v1/club/leagues",
            body: league,
            status: admins,
        },
        Row {
            method: "POST",
            template: "/api/v1/club/leagues/{league}/seasons",
            body: json!({"id": "s2", "name": "2"}),
            status: admins,
        },
        Row {
            method: "GET",
            template: "/api/v1/club/leagues/{league}/seasons/{season}",
            body: json!(null),
            status: all,
        },
        Row {
            method: "POST",
            template: "/api/v1/club/leagues/{league}/seasons/{season}/games",
            body: json!({"game": game}),
            status: [204, 403, 403, 403, 401],
        },
        Row {
            method: "POST",
            template: "/api/v1/club/leagues/{league}/seasons/{season}/close",
            body: json!(null),
            status: admins,
        },
        Row {
            method: "POST",
            template: "/api/v1/club/recompute",
            body: json!(null),
            status: admins,
        },
        // Last: the outsider becomes an applicant.
        Row {
            method: "POST",
            template: "/api/v1/club/apply",
            body: json!({}),
            status: [409, 409, 409, 200, 401],
        },
    ];

    let doc = nobody.read("/api/openapi.json");
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/v1/club") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let m = method.to_uppercase();
            assert!(
                rows.iter().any(|r| r.method == m && r.template == path),
                "{m} {path} is in the API but has no row in the club's secrecy table"
            );
        }
    }

    let mut failures = Vec::new();
    for row in &rows {
        let path = row
            .template
            .replace("{id}", &zed.to_string())
            .replace("{league}", "gb")
            .replace("{season}", "s1")
            .replace("{what}", "record");
        for (i, c) in readers.iter().enumerate() {
            let (st, body) = call(c, row.method, &path, &row.body);
            if st != row.status[i] {
                failures.push(format!(
                    "{} {path} by {}: {st} (not {}) {body}",
                    row.method, LABELS[i], row.status[i]
                ));
            }
            if st >= 400 && body["message"].as_str().is_none_or(|m| m.is_empty()) {
                failures.push(format!(
                    "{} {path} by {}: {st} without a message: {body}",
                    row.method, LABELS[i]
                ));
            }
            if row.template == "/api/v1/club/members" {
                let text = body.to_string();
                let sees = text.contains("Zed the applicant");
                if sees != (i == 0) {
                    failures.push(format!(
                        "{path} by {}: the applicant shown: {sees}",
                        LABELS[i]
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The running games: the forming game, for anyone.
    let running = nobody.read("/api/v1/club/games");
    let listed = running.as_array().unwrap();
    assert!(
        listed
            .iter()
            .any(|g| g["id"] == game.as_str() && g["status"] == "forming"),
        "{running}"
    );
    // The applicant's message and the log stay with the administrators: the refusals
    // above carried no part of them.
    let log = admin.read("/api/v1/club/log");
    assert!(log.as_array().unwrap().len() >= 8, "{log}");
    let me: Value = outsider.read("/api/v1/club");
    assert_eq!(me["me"]["state"], "applied", "{me}");
}

#[test]
fn each_reader_gets_what_they_may_of_every_club_route() {
    let dir = scratch("club_secrecy", "routes");
    for db in databases(&dir, "club_secrecy") {
        run(&db);
    }
}

/// Creating a game under each of the club's rules, and each reader's own notices: the
/// administrator, a game master, a member, another member, an applicant, a member whose
/// access was removed, an account that is not a member, and nobody signed in.
fn game_creation_and_notices(database: &str) {
    let server = Server::start(database);
    let admin = server.account("boss");
    let names = ["gma", "mia", "max", "zed", "rem", "out"];
    let c: Vec<Client> = names.iter().map(|n| server.account(n)).collect();
    let (gm, member, other, applicant, removed, outsider) =
        (&c[0], &c[1], &c[2], &c[3], &c[4], &c[5]);
    let nobody = server.client();
    let id = |c: &Client| c.read("/api/v1/me")["id"].as_i64().unwrap();
    for m in [gm, member, other, removed] {
        join_club(&admin, m);
    }
    applicant.ok("/api/v1/club/apply", json!({}));
    admin.ok(
        &format!("/api/v1/club/members/{}/act", id(gm)),
        json!({"act": "appoint-game-master"}),
    );
    admin.ok(
        &format!("/api/v1/club/members/{}/act", id(removed)),
        json!({"act": "remove-access", "reason": "left"}),
    );
    let readers: [(&str, &Client); 8] = [
        ("the administrator", &admin),
        ("a game master", gm),
        ("a member", member),
        ("another member", other),
        ("an applicant", applicant),
        ("a removed member", removed),
        ("an outsider", outsider),
        ("nobody", &nobody),
    ];
    let mut failures = Vec::new();
    // Who may create a game, under each rule; the rule is the administrators' to set.
    let rules: [(&str, [u16; 8]); 3] = [
        ("anyone", [201, 201, 201, 201, 201, 403, 201, 401]),
        ("members", [201, 201, 201, 201, 403, 403, 403, 401]),
        ("game-masters", [201, 201, 403, 403, 403, 403, 403, 401]),
    ];
    for (rule, want) in rules {
        for (who, r) in &readers[1..] {
            let (st, _) = r.patch("/api/v1/club", json!({"game_creation": rule}));
            let expected = if *who == "nobody" { 401 } else { 403 };
            if st != expected {
                failures.push(format!("{who} set game_creation {rule}: {st}"));
            }
        }
        let set = admin.read("/api/v1/club");
        assert_eq!(
            set["game_creation"], "anyone",
            "nobody else changed it: {set}"
        );
        let (st, b) = admin.patch("/api/v1/club", json!({"game_creation": rule}));
        assert_eq!(st, 200, "{b}");
        assert_eq!(b["game_creation"], rule, "{b}");
        for ((who, r), want) in readers.iter().zip(want) {
            let (st, body) = r.post(
                "/api/v1/games",
                json!({"title": format!("{rule} by {who}")}),
            );
            if st != want {
                failures.push(format!(
                    "{rule}: {who} creates a game: {st} (not {want}) {body}"
                ));
            }
            if st == 403 {
                let msg = body["message"].as_str().unwrap_or_default();
                let clear = match rule {
                    _ if *who == "a removed member" => msg.contains("removed your access"),
                    "members" => msg.contains("only the club's members may create games"),
                    _ => msg.contains("only the club's game masters and administrators"),
                };
                if !clear {
                    failures.push(format!(
                        "{rule}: {who} refused without a clear message: {body}"
                    ));
                }
            }
        }
        // Back to the default before the next rule, as the administrator.
        let (st, _) = admin.patch("/api/v1/club", json!({"game_creation": "anyone"}));
        assert_eq!(st, 200);
    }
    // The log says who set which rule.
    let log = admin.read("/api/v1/club/log");
    let set: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"]["act"] == "game-creation-set")
        .map(|e| e["action"]["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        set,
        ["members", "anyone", "game-masters", "anyone"],
        "{log}"
    );
    // Notices: each member reads their own (the approval), nobody else's.
    let notices: [u16; 8] = [200, 200, 200, 200, 200, 200, 403, 401];
    for ((who, r), want) in readers.iter().zip(notices) {
        let (st, body) = r.get("/api/v1/club/notices");
        if st != want {
            failures.push(format!(
                "{who}: GET /api/v1/club/notices: {st} (not {want}) {body}"
            ));
            continue;
        }
        if st >= 400 && body["message"].as_str().is_none_or(|m| m.is_empty()) {
            failures.push(format!("{who}: notices refused without a message: {body}"));
        }
        if st == 200 {
            let approved = body
                .as_array()
                .unwrap()
                .iter()
                .filter(|n| n["notice"]["kind"] == "approved")
                .count();
            let want = usize::from(matches!(
                *who,
                "a game master" | "a member" | "another member" | "a removed member"
            ));
            if approved != want {
                failures.push(format!("{who} reads {approved} approvals: {body}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn game_creation_follows_the_clubs_rule_and_notices_stay_their_members() {
    let dir = scratch("club_secrecy", "creation");
    for db in databases(&dir, "club_secrecy_creation") {
        game_creation_and_notices(&db);
    }
}
