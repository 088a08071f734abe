//! Helpers of the club's tests (issue 17, docs/club.md).

use super::server::Client;
use serde_json::json;

/// `c` applies to the club and the administrator approves: its account id.
pub fn join_club(admin: &Client, c: &Client) -> i64 {
    c.ok("/api/v1/club/apply", json!({}));
    let id = c.read("/api/v1/me")["id"].as_i64().unwrap();
    admin.ok(
        &format!("/api/v1/club/members/{id}/act"),
        json!({"act": "approve"}),
    );
    id
}

/// A gunboat league `league` of the standard map, one game per member, scored by
/// `scoring`, with one season `season`.
pub fn gunboat_league(admin: &Client, league: &str, season: &str, scoring: &str) {
    admin.ok(
        "/api/v1/club/leagues",
        json!({"id": league, "name": format!("League {league}"), "rules": {"variant": "standard",
            "press": "gunboat", "deadlines": "", "games_per_member": 1, "scoring": scoring,
            "aggregate": {"kind": "sum"}}}),
    );
    admin.ok(
        &format!("/api/v1/club/leagues/{league}/seasons"),
        json!({"id": season, "name": season}),
    );
}
