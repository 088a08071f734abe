//! The game page keeps what people type (issue 31), in real headless Chromium against the
//! real `entente serve` on loopback (`tests/browser/web_drafts.mjs`): a player of three
//! powers sends all three sheets at once (with and without JavaScript), a letter being
//! written survives the live update to a new phase, drafts survive a reload and are
//! forgotten once sent, and a letter over the server's 16 KiB of UTF-8 is caught by the form
//! and, forced, shown again with its text and the reason. On SQLite and PostgreSQL.

mod common;
use common::browser;
use common::scratch;
use common::server::{full_game, Client, Server};
use serde_json::{json, Value};

/// One browser at a time: each script drives Chromium, heavy on the two cores.
static BROWSERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_browser_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    BROWSERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The databases a test runs on: SQLite, and PostgreSQL when one is configured.
fn databases(test: &str) -> Vec<String> {
    common::server::databases(&scratch("web_drafts", test), &format!("webdrafts_{test}"))
}

/// A game of three (setup 3a: Russia; England/France/Germany; Austria/Italy/Turkey) with
/// manual deadlines on `db`; the server, the game, its game master and the player of
/// Austria/Italy/Turkey (name, powers).
fn three_player_game(db: &str, prefix: &str) -> (Server, String, Client, String, Vec<String>) {
    let s = Server::start(db);
    let (id, gm, players) = full_game(&s, prefix, "3a", json!({"deadlines": {"kind": "manual"}}));
    let (i, (powers, _)) = players
        .iter()
        .enumerate()
        .find(|(_, (p, _))| p.contains(&"Italy".to_string()))
        .expect("a player of Italy");
    assert_eq!(powers.len(), 3, "{powers:?}");
    let name = format!("{prefix}p{}", i + 1);
    let powers = powers.clone();
    (s, id, gm, name, powers)
}

fn script(s: &Server, case: &str, id: &str, gm: &Client, player: &str, powers: &[String]) -> Value {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/img/web-multi-sheet-phone.png");
    let out = browser::run(
        "web_drafts.mjs",
        &json!({
            "base": s.base, "case": case, "game": id, "player": player, "powers": powers,
            "gmToken": gm.token,
            "docs": (case == "multi-power" && s.database.starts_with("sqlite:")).then(|| docs.display().to_string()),
        }),
    );
    assert_eq!(out["ok"], true, "{out}");
    out
}

#[test]
fn a_player_of_three_powers_sends_every_sheet_with_one_send() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    for db in databases("multi") {
        let (s, id, gm, player, powers) = three_player_game(&db, "mp");
        script(&s, "multi-power", &id, &gm, &player, &powers);
        // The game adjudicates with every power's orders: none of the three holds.
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
        let phase = gm.read(&format!("/api/v1/games/{id}/history/0"));
        let judge = phase["judge_form"].as_str().unwrap();
        for (power, moved_to) in [
            ("Austria", ["Galicia", "Serbia", "Albania"]),
            ("Italy", ["Piedmont", "Apulia", "Ionian Sea"]),
            ("Turkey", ["Bulgaria", "Armenia", "Black Sea"]),
        ] {
            for place in moved_to {
                assert!(
                    judge.contains(place),
                    "{db}: {power}'s order to {place} was adjudicated:\n{judge}"
                );
            }
        }
    }
}

#[test]
fn a_letter_being_written_survives_the_live_update_to_a_new_phase() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    for db in databases("letter") {
        let (s, id, gm, player, powers) = three_player_game(&db, "lt");
        let out = script(&s, "live-letter", &id, &gm, &player, &powers);
        assert_eq!(out["phase"], "F1901M", "{db}: {out}");
    }
}

#[test]
fn a_reload_keeps_the_drafts_of_sheets_and_letters_until_they_are_sent() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    for db in databases("reload") {
        let (s, id, gm, player, powers) = three_player_game(&db, "rl");
        script(&s, "reload", &id, &gm, &player, &powers);
    }
}

#[test]
fn nine_thousand_cyrillic_characters_are_caught_by_the_form_and_kept_when_refused() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    for db in databases("cyrillic") {
        let (s, id, gm, player, powers) = three_player_game(&db, "cy");
        script(&s, "cyrillic", &id, &gm, &player, &powers);
        // Nothing of it was sent.
        let press = gm.read(&format!("/api/v1/games/{id}/press"));
        assert_eq!(press.as_array().map_or(0, Vec::len), 0, "{db}: {press}");
    }
}
