//! Item 4 of issue 31, on every database the tests run on: 2-, 5- and 6-player games ended
//! by the default draw (every survivor) never reached the club (the draw named the neutral
//! power, the result check refused it with a warning in the log). A game of every setup
//! size, 2 to 7 players, ended by the default draw, now reaches the archive, the hall of
//! fame, the ratings and its league season.

mod common;
use common::club::{gunboat_league, join_club};
use common::scratch;
use common::server::*;
use serde_json::{json, Value};

/// The setups: 2 (Italy neutral until the coin toss), 3 (option 1), 4, 5 (Germany and
/// Italy neutral), 6 (Italy neutral), 7.
const SETUPS: [(&str, usize); 6] = [("2", 2), ("3a", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7)];

#[test]
fn a_game_of_every_setup_ended_by_the_default_draw_reaches_the_club() {
    let dir = scratch("club_default_draw", "setups");
    for db in databases(&dir, "club_default_draw") {
        let server = Server::start(&db);
        // The first account founds the club: its administrator, the game master here.
        let admin = server.account("dd_admin");
        let players: Vec<Client> = (1..=7)
            .map(|i| server.account(&format!("dd_p{i}")))
            .collect();
        let ids: Vec<i64> = players.iter().map(|p| join_club(&admin, p)).collect();
        gunboat_league(&admin, "setups", "2026", "draw-size");
        let mut games = Vec::new();
        for (setup, n) in SETUPS {
            let id = admin.ok(
                "/api/v1/games",
                json!({"title": format!("setup {setup}"), "setup": setup, "press": "none",
                    "deadlines": {"kind": "manual"}}),
            )["id"]
                .as_str()
                .unwrap()
                .to_string();
            for p in &players[..n] {
                p.ok(
                    &format!("/api/v1/games/{id}/join"),
                    json!({"role": "player"}),
                );
            }
            admin.ok(
                "/api/v1/club/leagues/setups/seasons/2026/games",
                json!({"game": id}),
            );
            // The default draw: every survivor.
            admin.ok(
                &format!("/api/v1/games/{id}/gm"),
                json!({"act": "draw", "powers": []}),
            );
            let g = admin.read(&format!("/api/v1/games/{id}"));
            assert_eq!(g["status"], "finished", "setup {setup}: {g}");
            assert!(g.get("club_problem").is_none(), "setup {setup}: {g}");
            games.push((setup, n, id));
        }
        let stranger = server.client();
        // The archive: every game, a draw of the players' powers (no neutral power).
        let archive = stranger.read("/api/v1/club/archive");
        for (setup, n, id) in &games {
            let row = archive
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["game"] == id.as_str())
                .unwrap_or_else(|| {
                    panic!("setup {setup}: game {id} not in the archive: {archive}")
                });
            assert_eq!(row["outcome"], "draw", "setup {setup}: {row}");
            let winners = row["winners"].as_array().unwrap();
            let neutral: &[&str] = match *setup {
                "2" | "6" => &["Italy"],
                "5" => &["Germany", "Italy"],
                _ => &[],
            };
            assert!(
                winners
                    .iter()
                    .all(|w| !neutral.contains(&w.as_str().unwrap())),
                "setup {setup}: {row}"
            );
            assert_eq!(
                winners.len(),
                7 - neutral.len(),
                "setup {setup} ({n}): {row}"
            );
        }
        // The hall of fame counts every share of the six draws: 6 + 3×7 + 5 + 6 = 38.
        let fame = stranger.read("/api/v1/club/fame");
        let draws = fame["fame"]["overall"]["draws"].as_array().unwrap();
        assert_eq!(draws.len(), 6 + 7 + 7 + 7 + 5 + 6, "{fame}");
        // The ratings: every player, with the games they played (7 played them all).
        let ratings = stranger.read("/api/v1/club/ratings");
        for (i, member) in ids.iter().enumerate() {
            let played = SETUPS.iter().filter(|(_, n)| i < *n).count() as u64;
            let row = ratings
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["member"] == *member)
                .unwrap_or_else(|| panic!("member {member} not rated: {ratings}"));
            assert_eq!(row["games"], played, "member {member}: {ratings}");
        }
        // The league season: the six games, in its standings.
        let season = stranger.read("/api/v1/club/leagues/setups/seasons/2026");
        let listed: Vec<&Value> = season["games"].as_array().unwrap().iter().collect();
        assert_eq!(listed.len(), 6, "{season}");
        let rows = season["standings"]["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 7, "{season}");
        for (i, member) in ids.iter().enumerate() {
            let played = SETUPS.iter().filter(|(_, n)| i < *n).count() as u64;
            let row = rows
                .iter()
                .find(|r| r["member"] == *member)
                .unwrap_or_else(|| panic!("member {member} not in the season: {season}"));
            assert_eq!(row["games"], played, "member {member}: {season}");
        }
    }
}
