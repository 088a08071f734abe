//! `entente serve` starts with nothing set up, answers its API and describes it.

mod common;
use common::scratch;
use common::server::*;
use serde_json::json;

#[test]
fn serve_starts_on_a_new_sqlite_file_and_publishes_its_openapi_document() {
    let dir = scratch("server_smoke", "openapi");
    for db in databases(&dir, "openapi") {
        let server = Server::start(&db);
        let c = server.client();
        let doc = c.read("/api/openapi.json");
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
        let paths = doc["paths"].as_object().unwrap();
        for p in [
            "/api/v1/games",
            "/api/v1/games/{id}/orders",
            "/api/v1/games/{id}/press",
            "/api/v1/games/{id}/gm",
            "/api/v1/games/{id}/events",
        ] {
            assert!(
                paths.contains_key(p),
                "{p} missing from the OpenAPI document"
            );
        }
        let (st, body) = c.get("/api/v1/nothing-here");
        assert_eq!(st, 404);
        assert_eq!(body["error"], "not-found");
        // A stranger may list the games, but not create one.
        assert_eq!(c.read("/api/v1/games"), json!([]));
        let (st, body) = c.post("/api/v1/games", json!({"title": "x"}));
        assert_eq!(st, 401, "{body}");
    }
}

#[test]
fn a_two_player_game_starts_when_its_seats_are_full_and_each_player_learns_only_their_powers() {
    let dir = scratch("server_smoke", "two");
    for db in databases(&dir, "two") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(&server, "two", "2", json!({}));
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["status"], "active");
        let (st, svg) = gm.get_text(&format!("/api/v1/games/{id}/board.svg"));
        assert_eq!(st, 200);
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{}",
            &svg[..80]
        );
        let (st, png) = gm.get_text(&format!("/api/v1/games/{id}/board.png"));
        assert_eq!(st, 200);
        assert!(png.as_bytes().starts_with(b"\x89PNG") || png.contains("PNG"));
        // The two-player game is the First World War: it starts in 1914.
        assert_eq!(g["phase"], "S1914M");
        assert_eq!(players.len(), 2);
        for (powers, c) in &players {
            assert!(!powers.is_empty());
            let g = c.read(&format!("/api/v1/games/{id}"));
            for p in g["powers"].as_array().unwrap() {
                let mine = powers.contains(&p["power"].as_str().unwrap().to_string());
                // Reveal at the end (the default): only one's own player is named.
                assert_eq!(p.get("player").is_some(), mine, "{p}");
            }
        }
    }
}
