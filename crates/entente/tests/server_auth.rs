//! Accounts and sessions: the browser's cookie (HttpOnly, SameSite=Strict) with its CSRF
//! token, signing out, the sign-in limit, passwords never shown, and malformed requests
//! answered with a JSON error (never a 500).

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};
use std::time::Duration;

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .build()
}

/// A request with the given headers and a raw body: status, headers of interest, body.
fn raw(
    base: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, Vec<String>, String) {
    let mut r = agent().request(method, &format!("{base}{path}"));
    for (k, v) in headers {
        r = r.set(k, v);
    }
    let res = match body {
        Some(b) => r.send_string(b),
        None => r.call(),
    };
    let resp = match res {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("{method} {path}: {e}"),
    };
    let status = resp.status();
    let cookies = resp
        .all("set-cookie")
        .into_iter()
        .map(str::to_string)
        .collect();
    (status, cookies, resp.into_string().unwrap_or_default())
}

/// A request written on a socket: the status and the body of the answer (which may come
/// before the whole request is written).
fn tcp_request(base: &str, head: &str, body: &[u8]) -> (u16, String) {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = s.write_all(head.as_bytes());
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"));
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    (status, body.to_string())
}

/// A malformed request: method, path, headers, body, and the status it must get.
type Case<'a> = (
    &'a str,
    String,
    Vec<(&'a str, &'a str)>,
    Option<String>,
    u16,
);

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| panic!("not JSON: {text}"))
}

/// An error answer: 4xx, in the API's error form.
fn assert_error(what: &str, status: u16, text: &str, expected: u16) {
    assert_eq!(status, expected, "{what}: {text}");
    let v: Value = serde_json::from_str(text)
        .unwrap_or_else(|_| panic!("{what}: the error is not JSON: {status} {text:?}"));
    assert!(
        v["error"].is_string() && !v["message"].as_str().unwrap_or("").is_empty(),
        "{what}: {text}"
    );
}

/// Signs in with a cookie: the cookie header to send back and the CSRF token.
fn cookie_session(base: &str, name: &str) -> (String, String) {
    let (st, cookies, text) = raw(
        base,
        "POST",
        "/api/v1/session",
        &[("Content-Type", "application/json")],
        Some(&json!({"name": name, "password": password(name)}).to_string()),
    );
    assert_eq!(st, 200, "{text}");
    let cookie = cookies
        .iter()
        .find(|c| c.starts_with("entente_session="))
        .unwrap_or_else(|| panic!("no session cookie: {cookies:?}"));
    let pair = cookie.split(';').next().unwrap().to_string();
    let csrf = json_of(&text)["csrf_token"].as_str().unwrap().to_string();
    (pair, csrf)
}

#[test]
fn a_cookie_session_is_http_only_same_site_strict_and_needs_its_csrf_token_to_change_anything() {
    let dir = scratch("server_auth", "cookie");
    for db in databases(&dir, "auth_cookie") {
        let server = Server::start(&db);
        let base = server.base.clone();
        server.account("cookies");
        let (st, cookies, text) = raw(
            &base,
            "POST",
            "/api/v1/session",
            &[("Content-Type", "application/json")],
            Some(&json!({"name": "cookies", "password": password("cookies")}).to_string()),
        );
        assert_eq!(st, 200, "{text}");
        let cookie = cookies
            .iter()
            .find(|c| c.starts_with("entente_session="))
            .unwrap();
        let attrs: Vec<String> = cookie
            .split(';')
            .map(|a| a.trim().to_ascii_lowercase())
            .collect();
        assert!(attrs.contains(&"httponly".into()), "{cookie}");
        assert!(attrs.contains(&"samesite=strict".into()), "{cookie}");
        assert!(attrs.contains(&"path=/".into()), "{cookie}");
        let body = json_of(&text);
        let csrf = body["csrf_token"].as_str().unwrap();
        assert!(csrf.len() >= 16, "{body}");
        // The session token is in the cookie only, never in the body.
        let token = cookie.split(';').next().unwrap().split_once('=').unwrap().1;
        assert!(!text.contains(token), "{text}");
        let pair = cookie.split(';').next().unwrap();

        // Reading needs no CSRF token.
        let (st, _, text) = raw(&base, "GET", "/api/v1/me", &[("Cookie", pair)], None);
        assert_eq!(st, 200, "{text}");
        assert_eq!(json_of(&text)["name"], "cookies");

        let game = json!({"title": "by cookie", "setup": "2"}).to_string();
        let json_ct = ("Content-Type", "application/json");
        // Without the token, or with a wrong one: refused, and nothing is made.
        let (st, _, text) = raw(
            &base,
            "POST",
            "/api/v1/games",
            &[("Cookie", pair), json_ct],
            Some(&game),
        );
        assert_error("POST without CSRF", st, &text, 403);
        let (st, _, text) = raw(
            &base,
            "POST",
            "/api/v1/games",
            &[
                ("Cookie", pair),
                json_ct,
                ("X-CSRF-Token", "0123456789abcdef"),
            ],
            Some(&game),
        );
        assert_error("POST with a wrong CSRF", st, &text, 403);
        // Another session's token does not do either.
        let (_, other_csrf) = cookie_session(&base, "cookies");
        let (st, _, text) = raw(
            &base,
            "POST",
            "/api/v1/games",
            &[("Cookie", pair), json_ct, ("X-CSRF-Token", &other_csrf)],
            Some(&game),
        );
        assert_error("POST with another session's CSRF", st, &text, 403);
        let (_, _, text) = raw(&base, "GET", "/api/v1/games", &[], None);
        assert_eq!(json_of(&text), json!([]), "a refused POST made a game");
        // Signing out is a change too.
        let (st, _, text) = raw(
            &base,
            "DELETE",
            "/api/v1/session",
            &[("Cookie", pair)],
            None,
        );
        assert_error("DELETE session without CSRF", st, &text, 403);

        let (st, _, text) = raw(
            &base,
            "POST",
            "/api/v1/games",
            &[("Cookie", pair), json_ct, ("X-CSRF-Token", csrf)],
            Some(&game),
        );
        assert_eq!(st, 201, "{text}");

        // Signing out ends the session: the cookie is cleared and the token no longer works.
        let (st, cookies, text) = raw(
            &base,
            "DELETE",
            "/api/v1/session",
            &[("Cookie", pair), ("X-CSRF-Token", csrf)],
            None,
        );
        assert_eq!(st, 204, "{text}");
        assert!(
            cookies
                .iter()
                .any(|c| c.starts_with("entente_session=;") && c.contains("Max-Age=0")),
            "{cookies:?}"
        );
        let (st, _, text) = raw(&base, "GET", "/api/v1/me", &[("Cookie", pair)], None);
        assert_error("GET me after signing out", st, &text, 401);
        let (st, _, text) = raw(
            &base,
            "POST",
            "/api/v1/games",
            &[("Cookie", pair), json_ct, ("X-CSRF-Token", csrf)],
            Some(&game),
        );
        assert_error("POST after signing out", st, &text, 401);
    }
}

#[test]
fn an_api_token_needs_no_csrf_token_and_signing_out_ends_it() {
    let dir = scratch("server_auth", "token");
    for db in databases(&dir, "auth_token") {
        let server = Server::start(&db);
        let c = server.account("tokens");
        let other = server.sign_in("tokens");
        c.ok("/api/v1/games", json!({"title": "by token", "setup": "2"}));
        let (st, body) = c.delete("/api/v1/session");
        assert_eq!(st, 204, "{body}");
        let (st, body) = c.get("/api/v1/me");
        assert_eq!(st, 401, "{body}");
        let (st, body) = c.post("/api/v1/games", json!({"title": "x"}));
        assert_eq!(st, 401, "{body}");
        // Another token of the same account still works.
        assert_eq!(other.read("/api/v1/me")["name"], "tokens");
        // A made-up token is refused, not taken for nobody.
        let mut forged = server.client();
        forged.token = Some("ent_0000".into());
        let (st, body) = forged.get("/api/v1/games");
        assert_eq!(st, 401, "{body}");
    }
}

/// Issue 31 replaced the lock-out after five failures (which anyone could use to keep the
/// owner out for a quarter of an hour) by a wait that doubles with each failure: these are
/// its rules as seen from the outside (server_accounts.rs tests the attacks).
#[test]
fn sign_in_failures_make_the_name_wait_whatever_its_case_and_on_both_doors() {
    let dir = scratch("server_auth", "limit");
    for db in databases(&dir, "auth_limit") {
        let server = Server::start(&db);
        server.account("limited");
        server.account("neighbour");
        let c = server.client();
        // Five failures, by name whatever its case and on both doors: three at once, then
        // each after the wait it was told (1 s, then 2 s).
        let mut failures = 0;
        let mut i = 0;
        while failures < 5 {
            i += 1;
            assert!(i < 50, "five failures took {i} attempts");
            let (path, name) = if i % 2 == 0 {
                ("/api/v1/session", "limited")
            } else {
                ("/api/v1/tokens", "LIMITED")
            };
            let (st, body) = c.post(path, json!({"name": name, "password": "wrong password"}));
            assert!(body["message"].is_string());
            match st {
                401 => failures += 1,
                429 => {
                    assert!(failures >= 3, "refused after {failures} failures: {body}");
                    std::thread::sleep(std::time::Duration::from_millis(500));
                }
                _ => panic!("failure {i}: {st} {body}"),
            }
        }
        // Now a wait of 4 s: the right password waits too (else the wait would tell it).
        for path in ["/api/v1/session", "/api/v1/tokens"] {
            let (st, body) = c.post(path, json!({"name": "limited", "password": "wrong"}));
            assert_eq!(st, 429, "{body}");
            let (st, body) = c.post(
                path,
                json!({"name": "limited", "password": password("limited")}),
            );
            assert_eq!(st, 429, "the right password after 5 failures: {body}");
            assert_eq!(body["error"], "too-many-requests");
            let m = body["message"].as_str().unwrap();
            assert!(m.contains("try again in "), "{m}");
        }
        // Another account is not affected.
        server.sign_in("neighbour");
        // After the wait, the right password signs in and clears the failures.
        wait_for(30, "the wait after 5 failures", || {
            c.post(
                "/api/v1/session",
                json!({"name": "limited", "password": password("limited")}),
            )
            .0 == 200
        });
        for _ in 0..3 {
            let (st, body) = c.post(
                "/api/v1/session",
                json!({"name": "Limited", "password": "wrong password"}),
            );
            assert_eq!(st, 401, "failures cleared by the success: {body}");
        }
    }
}

#[test]
fn no_answer_shows_a_password_or_its_hash() {
    let dir = scratch("server_auth", "hash");
    for db in databases(&dir, "auth_hash") {
        let server = Server::start(&db);
        let gm = server.account("hashgm");
        let id = gm.ok(
            "/api/v1/games",
            json!({"title": "hash", "setup": "2", "deadlines": {"kind": "manual"}}),
        )["id"]
            .as_str()
            .unwrap()
            .to_string();
        let p = server.account("hashp1");
        p.ok(&format!("/api/v1/games/{id}/join"), json!({}));
        let q = server.account("hashp2");
        q.ok(&format!("/api/v1/games/{id}/join"), json!({}));
        let mut seen = String::new();
        for c in [&gm, &p, &q] {
            for route in [
                "/api/v1/me".to_string(),
                "/api/v1/games".to_string(),
                format!("/api/v1/games/{id}"),
                format!("/api/v1/games/{id}/log"),
                format!("/api/v1/games/{id}/record"),
            ] {
                seen.push_str(&c.get_text(&route).1);
            }
        }
        let c = server.client();
        let (_, body) = c.post(
            "/api/v1/accounts",
            json!({"name": "hashp3", "email": "h@example.org", "password": "password-hashp3"}),
        );
        seen.push_str(&body.to_string());
        let (_, body) = c.post(
            "/api/v1/session",
            json!({"name": "hashp3", "password": "password-hashp3"}),
        );
        seen.push_str(&body.to_string());
        for s in [
            "$argon2",
            "password-hash",
            "password_hash",
            "password-hashp",
            "password-of-hashp",
        ] {
            assert!(!seen.contains(s), "{s} shows: {seen}");
        }
        // The e-mail address is nobody else's business either.
        assert!(!seen.contains("hashp1@example.org"), "{seen}");
    }
}

#[test]
fn malformed_requests_get_a_json_error_never_a_500() {
    let dir = scratch("server_auth", "malformed");
    for db in databases(&dir, "auth_malformed") {
        let server = Server::start(&db);
        let base = server.base.clone();
        let (id, gm, players) = full_game(
            &server,
            "bad",
            "2",
            json!({"deadlines": {"kind": "manual"}}),
        );
        let token = gm.token.clone().unwrap();
        let bearer = format!("Bearer {token}");
        let player_bearer = format!("Bearer {}", players[0].1.token.clone().unwrap());
        let power = players[0].0[0].clone();
        let json_ct = ("Content-Type", "application/json");
        let huge_sheet = "A Par H\n".repeat(10_000);
        let huge_body = "x".repeat(3 * 1024 * 1024);
        let cases: Vec<Case> = vec![
            // Not JSON, the wrong type, missing or unknown fields.
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some("{not json".into()), 400),
            ("POST", "/api/v1/accounts".into(), vec![], Some(r#"{"name":"a"}"#.into()), 400),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"{"name":"abc"}"#.into()), 422),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"{"name":1,"email":2,"password":3}"#.into()), 422),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"[]"#.into()), 422),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"{"name":"a b","email":"x@y","password":"long enough password"}"#.into()), 422),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"{"name":"shorty","email":"x@y","password":"short"}"#.into()), 422),
            ("POST", "/api/v1/accounts".into(), vec![json_ct], Some(r#"{"name":"mailless","email":"nomail","password":"long enough password"}"#.into()), 422),
            ("POST", "/api/v1/session".into(), vec![json_ct], Some("".into()), 400),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","bogus":1}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":""}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","setup":"99"}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","setup":"banana"}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","variant":"nowhere"}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","variant":"mine","variant_file":"this is no variant"}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","rules":"1066"}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","rule_options":["no-such-option"]}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","deadlines":{"kind":"weekly","time_zone":"Mars/Olympus"}}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","deadlines":{"kind":"every","movement_minutes":0}}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","deadlines":{"kind":"weekly","weekday":"someday","time":"25:61"}}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","end_year":2000000000}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","missed_orders":"civil-disorder","missed_limit":0}"#.into()), 422),
            ("POST", "/api/v1/games".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"title":"t","press":"loud"}"#.into()), 422),
            // Orders: an oversized sheet, a missing field, an unknown power.
            ("POST", format!("/api/v1/games/{id}/orders"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"power": power, "orders": huge_sheet}).to_string()), 413),
            ("POST", format!("/api/v1/games/{id}/orders"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"power": power}).to_string()), 422),
            ("POST", format!("/api/v1/games/{id}/orders"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"power": "Atlantis", "orders": "A Par H"}).to_string()), 422),
            ("GET", format!("/api/v1/games/{id}/orders"), vec![("Authorization", &player_bearer)], None, 400),
            ("POST", format!("/api/v1/games/{id}/press"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"from": power, "to": ["all"], "text": "y".repeat(20_000)}).to_string()), 413),
            ("POST", format!("/api/v1/games/{id}/press"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"from": power, "to": "all", "text": "hi"}).to_string()), 422),
            ("POST", format!("/api/v1/games/{id}/press"), vec![json_ct, ("Authorization", &player_bearer)], Some(json!({"from": power, "to": ["Atlantis"], "text": "hi"}).to_string()), 422),
            ("POST", format!("/api/v1/games/{id}/ready"), vec![json_ct, ("Authorization", &player_bearer)], Some(r#"{"ready":"yes"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/draw"), vec![json_ct, ("Authorization", &player_bearer)], Some(r#"{}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/join"), vec![json_ct, ("Authorization", &player_bearer)], Some(r#"{"role":"king"}"#.into()), 409),
            // The game master's acts.
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"abdicate"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"extend"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"extend","minutes":-5}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"deadline","at":"next tuesday-ish"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"deadline","at":"2030-01-01 12:00","time_zone":"Nowhere/Land"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"replace","power":"Atlantis","player":"badp1"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"replace","power":"England","player":"nobody-at-all"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"concede","to":"Atlantis"}"#.into()), 422),
            ("POST", format!("/api/v1/games/{id}/gm"), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"act":"rollback"}"#.into()), 409),
            // Paths and queries that do not parse.
            ("GET", format!("/api/v1/games/{id}/history/abc"), vec![("Authorization", &bearer)], None, 400),
            ("GET", format!("/api/v1/games/{id}/history/99999999999999999999999"), vec![("Authorization", &bearer)], None, 400),
            ("GET", format!("/api/v1/games/{id}/history/7"), vec![("Authorization", &bearer)], None, 404),
            ("GET", format!("/api/v1/games/{id}/board.svg?phase=x"), vec![("Authorization", &bearer)], None, 400),
            ("GET", format!("/api/v1/games/{id}/board.svg?phase=12"), vec![("Authorization", &bearer)], None, 404),
            ("GET", format!("/api/v1/games/{id}/events?after=soon"), vec![("Authorization", &bearer)], None, 400),
            ("GET", "/api/v1/games/nosuchgame".into(), vec![("Authorization", &bearer)], None, 404),
            ("GET", "/api/v1/games/nosuchgame/press".into(), vec![("Authorization", &bearer)], None, 404),
            ("POST", "/api/v1/games/nosuchgame/orders".into(), vec![json_ct, ("Authorization", &bearer)], Some(r#"{"power":"England","orders":"A Par H"}"#.into()), 404),
            // A malformed Authorization header.
            ("GET", "/api/v1/me".into(), vec![("Authorization", "Basic Zm9vOmJhcg==")], None, 401),
            ("GET", "/api/v1/me".into(), vec![("Authorization", "Bearer ")], None, 401),
            ("GET", "/api/v1/me".into(), vec![("Cookie", "entente_session=; other=1")], None, 401),
            // A method a route does not have.
            ("PUT", "/api/v1/games".into(), vec![json_ct], Some("{}".into()), 405),
        ];
        let mut failures = Vec::new();
        for (method, path, headers, body, expected) in &cases {
            let (st, _, text) = raw(&base, method, path, headers, body.as_deref());
            let what = format!(
                "{method} {path} {}",
                body.as_deref()
                    .unwrap_or("")
                    .chars()
                    .take(80)
                    .collect::<String>()
            );
            let ok = st == *expected
                && serde_json::from_str::<Value>(&text).is_ok_and(|v| {
                    v["error"].is_string() && !v["message"].as_str().unwrap_or("").is_empty()
                });
            if !ok {
                failures.push(format!(
                    "{what}: {st} (expected {expected}) {:?}",
                    text.chars().take(300).collect::<String>()
                ));
            }
        }
        // A body over the limit (sent by hand: the server answers before reading it all).
        let body = format!(r#"{{"title":"{huge_body}"}}"#);
        let (st, text) = tcp_request(
            &base,
            &format!(
                "POST /api/v1/games HTTP/1.1\r\nHost: x\r\nAuthorization: {bearer}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            ),
            body.as_bytes(),
        );
        assert_error("POST of 3 MiB", st, &text, 413);
        // The server is still up.
        assert_eq!(gm.read("/api/v1/me")["name"], "badgm");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
