//! The browser harness works: headless Chromium, driven by Playwright, renders a page and
//! the script reads it back.

mod common;
use common::browser;
use serde_json::json;

#[test]
fn browser_harness_renders_a_page() {
    if !browser::available() {
        return;
    }
    let out = browser::run(
        "smoke.mjs",
        &json!({"url": "data:text/html,<title>t</title><p>entente harness</p>", "expect": "entente harness"}),
    );
    assert_eq!(out["ok"], true, "{out}");
    assert!(browser::artifacts().join("smoke.png").exists());
}
