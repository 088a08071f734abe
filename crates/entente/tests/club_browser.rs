//! The club's season in headless Chromium (issue 17, "Done when"): the players apply from
//! the club's page and are approved from the administrators' page, a gunboat league and its
//! season are created there, two games are played to their end (through the API, by
//! scripted players: a draw declared by the game master, a short game where every unit
//! holds), entered in the season from the page, and the standings (draw-size scoring,
//! computed here by hand), the hall of fame, the ratings and the archive are checked in
//! English and in Czech; then the season is closed. On SQLite and PostgreSQL.

mod common;
use common::club::join_club;
use common::server::*;
use common::{browser, scratch};
use serde_json::json;
use std::collections::BTreeMap;

const PLAYERS: [&str; 7] = ["bann", "bben", "bcat", "bdan", "beva", "bfay", "bgus"];

#[test]
fn a_club_season_in_the_browser_in_two_languages() {
    if !browser::available() {
        return;
    }
    let dir = scratch("club_browser", "season");
    for db in databases(&dir, "club_browser") {
        let s = Server::start(&db);
        let admin = s.account("bboss");
        let players: Vec<Client> = PLAYERS.iter().map(|n| s.account(n)).collect();
        let out = browser::run(
            "club_season.mjs",
            &json!({"base": s.base, "step": "admit", "admin": "bboss", "players": PLAYERS}),
        );
        assert_eq!(out["ok"], true, "{out}");
        // Two games: A drawn by England, France and Russia at the start; B a short game of
        // 1901, every unit holding, won by Russia's four units alone (a draw of one).
        let mut score: BTreeMap<&str, f64> = PLAYERS.iter().map(|n| (*n, 0.0)).collect();
        let mut games = Vec::new();
        for game in ['A', 'B'] {
            let id = admin.ok(
                "/api/v1/games",
                json!({"title": format!("Gunboat {game}"), "press": "none",
                       "deadlines": {"kind": "manual"}, "end_year": 1901}),
            )["id"]
                .as_str()
                .unwrap()
                .to_string();
            for p in &players {
                p.ok(
                    &format!("/api/v1/games/{id}/join"),
                    json!({"role": "player"}),
                );
            }
            if game == 'A' {
                admin.ok(
                    &format!("/api/v1/games/{id}/gm"),
                    json!({"act": "draw", "powers": ["England", "France", "Russia"]}),
                );
            } else {
                for _ in 0..6 {
                    if admin.read(&format!("/api/v1/games/{id}"))["status"] == "finished" {
                        break;
                    }
                    admin.ok(
                        &format!("/api/v1/games/{id}/gm"),
                        json!({"act": "adjudicate", "force": true}),
                    );
                }
            }
            assert_eq!(
                admin.read(&format!("/api/v1/games/{id}"))["status"],
                "finished"
            );
            for (p, name) in players.iter().zip(PLAYERS) {
                let g = p.read(&format!("/api/v1/games/{id}"));
                let power = g["my_powers"][0].as_str().unwrap().to_string();
                // Draw-size scoring: a draw's powers share 100 equally.
                let points = match (game, power.as_str()) {
                    ('A', "England" | "France" | "Russia") => 100.0 / 3.0,
                    ('B', "Russia") => 100.0,
                    _ => 0.0,
                };
                *score.get_mut(name).unwrap() += points;
            }
            games.push(id);
        }
        let expected: BTreeMap<&str, String> =
            score.iter().map(|(n, s)| (*n, format!("{s:.2}"))).collect();
        let out = browser::run(
            "club_season.mjs",
            &json!({"base": s.base, "step": "season", "admin": "bboss", "players": PLAYERS,
                    "games": games, "expected": expected}),
        );
        assert_eq!(out["ok"], true, "{out}");
        // The season closed from the page kept its table.
        let season = admin.read("/api/v1/club/leagues/gunboat/seasons/s1");
        assert_eq!(season["closed"], true, "{season}");
        assert_eq!(season["standings"]["rows"].as_array().unwrap().len(), 7);
    }
}

#[test]
fn the_clubs_rules_on_the_pages_game_masters_leagues_and_the_log() {
    if !browser::available() {
        return;
    }
    let dir = scratch("club_browser", "rules");
    for db in databases(&dir, "club_browser_rules") {
        let s = Server::start(&db);
        let admin = s.account("rboss");
        let (member, gm) = (s.account("rmia"), s.account("rgm"));
        join_club(&admin, &member);
        let gm_id = join_club(&admin, &gm);
        admin.ok(
            &format!("/api/v1/club/members/{gm_id}/act"),
            json!({"act": "appoint-game-master"}),
        );
        let out = browser::run(
            "club_rules.mjs",
            &json!({"base": s.base, "admin": "rboss", "member": "rmia", "gm": "rgm"}),
        );
        assert_eq!(out["ok"], true, "{out}");
        assert_eq!(admin.read("/api/v1/club")["game_creation"], "game-masters");
        let leagues = admin.read("/api/v1/club/leagues");
        assert_eq!(
            leagues[0]["rules"],
            json!({"variant": "ancmed", "press": "public-only", "deadlines": "48 hours a phase",
                   "games_per_member": 3, "scoring": "c-diplo", "aggregate": {"kind": "best", "games": 2}}),
            "{leagues}"
        );
        let game = out["game"].as_str().unwrap();
        let g = gm.read(&format!("/api/v1/games/{game}"));
        assert_eq!(g["options"]["rated"], false, "{g}");
        // The member made no game.
        let games = admin.read("/api/v1/games");
        assert_eq!(games.as_array().unwrap().len(), 1, "{games}");
    }
}
