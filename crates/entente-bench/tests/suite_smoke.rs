//! The benchmark suite runs (tiny budgets) and its report has every figure: keeps
//! `entente-bench` from rotting without spending test time on real measurements.

use entente_bench::suite::{format_report, run, Options};

#[test]
fn suite_runs_and_reports_every_figure() {
    let r = run(&Options::smoke(), None);
    for path in [
        "/opening/entente_us",
        "/opening/entente_with_parsing_us",
        "/games/phases_per_s",
        "/games/via_entente_game/phases_per_s",
        "/replay/entente_us_per_phase",
        "/legal/s1901_us",
        "/legal/random_positions_us",
    ] {
        let v = r.pointer(path).and_then(|v| v.as_f64());
        assert!(v.is_some_and(|v| v > 0.0), "{path}: {v:?}");
    }
    assert_eq!(r["opening"]["failed"], 4, "the opening's four bounces");
    assert_eq!(r["legal"]["s1901_orders"], 238);
    #[cfg(feature = "peers")]
    assert!(r
        .pointer("/peers/diplomacy-rs/opening_us")
        .and_then(|v| v.as_f64())
        .is_some());
    let text = format_report(&r);
    assert!(text.contains("S1901 opening"), "{text}");
}
