//! Issue 19: Imperial hosted by the server, on every database the tests run on: a game of
//! its thirteen powers created through the API, one seat per player, Turkey's fleet sailing
//! into the Black Sea and, Turkey owning Constantinople, on through the strait into the
//! Aegean (who else may not cross: `cases/variants/imperial.scn`); the board is served.

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};

fn units_of(g: &Value, power: &str) -> Vec<String> {
    g["position"]["units"][power]
        .as_array()
        .unwrap_or_else(|| panic!("no {power} in {g}"))
        .iter()
        .map(|u| u.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_imperial_game_through_the_api_crosses_the_straits_of_constantinople() {
    let dir = scratch("imperial_server", "strait");
    for db in databases(&dir, "imperial") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "imp",
            "7",
            json!({"variant": "imperial", "deadlines": {"kind": "manual"}}),
        );
        assert_eq!(players.len(), 13, "{db}: one seat per power");
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["variant"], "imperial", "{db}");
        assert_eq!(g["phase"], "S1861M", "{db}");
        let of = |power: &str| {
            &players
                .iter()
                .find(|(powers, _)| powers.iter().any(|p| p == power))
                .unwrap_or_else(|| panic!("{db}: nobody plays {power}"))
                .1
        };
        let (turkey, russia) = (of("Turkey"), of("Russia"));
        let sheet = turkey.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Turkey", "orders": "F Ang/nc - Bla"}),
        );
        assert!(sheet["lines"][0]["error"].is_null(), "{db}: {sheet}");
        // Another player cannot order Turkey's fleet.
        let (st, _) = russia.post(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Turkey", "orders": "F Ang/nc - Con"}),
        );
        assert_eq!(st, 403, "{db}");
        russia.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Russia", "orders": "F Sev - Rum"}),
        );
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
        wait_for(20, "Fall 1861", || phase_of(&gm, &id) == "F1861M");

        // Turkey owns Constantinople: its fleet crosses, while Russia's takes the Black Sea
        // it leaves.
        turkey.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Turkey", "orders": "F Bla - Aeg"}),
        );
        let sheet = russia.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "Russia", "orders": "F Rum - Bla\nF Stp/sc - Bot"}),
        );
        assert!(sheet["lines"][0]["error"].is_null(), "{db}: {sheet}");
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
        wait_for(20, "past Fall 1861", || phase_of(&gm, &id) != "F1861M");
        let g = gm.read(&format!("/api/v1/games/{id}"));
        let turkish = units_of(&g, "Turkey");
        assert!(
            turkish
                .iter()
                .any(|u| u.contains("aeg") || u.contains("Aegean")),
            "{db}: {turkish:?}"
        );
        let jf = gm.read(&format!("/api/v1/games/{id}/history/1"))["judge_form"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            jf.contains("Turkey: F Black Sea -> Aegean Sea."),
            "{db}: {jf}"
        );
        let (st, svg) = russia.get_text(&format!("/api/v1/games/{id}/board.svg"));
        assert_eq!(st, 200, "{db}");
        assert!(svg.contains("<svg") && svg.contains(">Aeg</text>"), "{db}");
    }
}
