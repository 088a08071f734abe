//! The club's routes (issue 17), each asked by five readers: the club's administrator, a
//! member, an applicant, an account that is not a member, and nobody signed in. Each must
//! get the status written in the table, refusals with a message; the applications, the log
//! and the applicants' names stay the administrators'. Every `/api/v1/club` route of the
//! OpenAPI document must have a row here (the game routes are `server_secrecy`'s).

mod common;
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
    admin.ok(
        "/api/v1/club/leagues",
        json!({"id": "gb", "name": "Gunboat", "rules": {"variant": "standard", "press": "gunboat",
            "deadlines": "", "games_per_member": 1, "scoring": "draw-size", "aggregate": {"kind": "sum"}}}),
    );
    admin.ok(
        "/api/v1/club/leagues/gb/seasons",
        json!({"id": "s1", "name": "1"}),
    );
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
