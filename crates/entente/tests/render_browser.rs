//! Issue 14, item 6, in a real browser: the history page of a 1901–1930 game (one shared base
//! map, a layer per phase) opens in headless Chromium within 300 ms, at its latest phase,
//! follows a changed `#N`, zooms and pans, and fits a 390-pixel phone
//! (`tests/browser/render_history.mjs`; screenshots in `target/browser-artifacts`).

mod common;
use common::browser;

#[path = "../../entente-render/tests/common/games.rs"]
#[allow(dead_code)]
mod games;

use entente_map::Map;
use entente_render::{RenderOptions, Renderer, Step};
use serde_json::json;
use std::sync::Arc;

#[test]
fn item6_history_page_of_a_30_year_game_opens_fast_at_the_latest_phase() {
    if !browser::available() {
        return;
    }
    let map = Arc::new(Map::standard());
    let played = games::random_game(&map, 7, 1930);
    assert!(played.last().unwrap().caption.contains("1930"));
    let r = Renderer::new(&map, RenderOptions::default());
    let steps: Vec<Step> = played
        .iter()
        .map(|p| Step {
            caption: p.caption.clone(),
            pos: &p.before,
            orders: Some(&p.orders),
            dislodged: &p.dislodged,
        })
        .collect();
    let html = r.history_html("A random game, 1901-1930", &steps);
    assert!(html.len() <= 3 << 20, "{} bytes", html.len());
    let dir = std::env::temp_dir().join(format!("entente-render-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("history.html");
    std::fs::write(&file, &html).unwrap();
    let out = browser::run(
        "render_history.mjs",
        &json!({"file": file.to_string_lossy(), "phases": steps.len(), "budget_ms": 300}),
    );
    eprintln!(
        "history page: {} phases, {} bytes, opened in {} ms (loads: {})",
        steps.len(),
        html.len(),
        out["open_ms"],
        out["times"]
    );
    assert_eq!(out["ok"], true, "{out}");
    assert!(browser::artifacts().join("render-history-390.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
