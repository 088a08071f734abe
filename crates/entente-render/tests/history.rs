//! Issue 14, item 6: the history page shares one base map, opens at the latest phase, follows
//! `#N`, zooms and pans, fits a phone, and a 1901–1930 game's page is at most 3 MB.
//! (`crates/entente/tests/render_browser.rs` opens it in Chromium and times it.)

mod common {
    pub mod games;
}

use common::games::random_game;
use entente_map::Map;
use entente_render::{RenderOptions, Renderer, Step};
use std::sync::Arc;

fn page(map: &Arc<Map>, lang: Option<&str>, seed: u64, end: i32) -> (String, usize) {
    let played = random_game(map, seed, end);
    let last = &played.last().expect("phases").caption;
    assert!(last.contains(&end.to_string()), "the game ends in {last}");
    let r = Renderer::new(
        map,
        RenderOptions {
            lang: lang.map(str::to_string),
            ..Default::default()
        },
    );
    let steps: Vec<Step> = played
        .iter()
        .map(|p| Step {
            caption: p.caption.clone(),
            pos: &p.before,
            orders: Some(&p.orders),
            dislodged: &p.dislodged,
        })
        .collect();
    (r.history_html("A random game", &steps), steps.len())
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn item6_a_30_year_history_shares_one_base_map_and_stays_under_3_mb() {
    let map = Arc::new(Map::standard());
    let (html, n) = page(&map, None, 7, 1930);
    assert!(n >= 60, "{n} phases");
    eprintln!("1901-1930: {n} phases, {} bytes", html.len());
    assert!(html.len() <= 3 << 20, "{} bytes", html.len());
    // One SVG map, each province outline once; a layer pair and a caption per phase.
    assert_eq!(count(&html, "<svg xmlns="), 1);
    assert_eq!(count(&html, r#"<path id="d-"#), map.num_provinces());
    assert_eq!(count(&html, r#"<section class="frame""#), n);
    let start = html
        .find(r#"<script type="text/x-entente-layers" id="layers">"#)
        .unwrap();
    let text = &html[start..];
    let text = &text[text.find('>').unwrap() + 1..text.find("</script>").unwrap()];
    let layers: Vec<&str> = text.split(entente_render::LAYER_SEP).collect();
    assert_eq!(layers.len(), 3 * n);
    for phase in layers.chunks(3) {
        assert!(!phase[0].contains("<path id=") && phase[1].contains(r#"<g class="unit">"#));
        assert!(phase[2].starts_with(r#"<section class="frame""#));
    }
    assert_eq!(count(&html, r#"<g id="labels">"#), 1);
    // Every phase lists its orders with their results.
    assert!(count(&html, "<li>") > n);
    // It opens at the latest phase unless `#N` says otherwise, and follows `#N` as it
    // changes; it zooms and pans; it fits a phone's width.
    assert!(html.contains("show(isNaN(h)?n-1:h-1)"));
    assert!(html.contains("addEventListener('hashchange'"));
    assert!(html.contains(r#"id="zin""#) && html.contains(r#"id="fit""#));
    assert!(html.contains("addEventListener('wheel'") && html.contains("'pointermove'"));
    assert!(html.contains(r#"name="viewport""#) && html.contains("flex-wrap:wrap"));
}

#[test]
fn item8_the_history_page_speaks_the_chosen_language() {
    let map = Arc::new(Map::standard());
    for (lang, prev, results, spring) in [
        ("cs", "◀ předchozí", "Rozkazy a výsledky", "Jaro 1901"),
        (
            "fr",
            "◀ précédente",
            "Ordres et résultats",
            "Printemps 1901",
        ),
        ("ru", "◀ назад", "Приказы и результаты", "Весна 1901"),
    ] {
        let (html, _) = page(&map, Some(lang), 3, 1901);
        assert!(html.contains(&format!(r#"<html lang="{lang}">"#)), "{lang}");
        assert!(html.contains(prev), "{lang}: {prev}");
        assert!(html.contains(results), "{lang}: {results}");
        assert!(
            html.contains(&format!(r#"data-caption="{spring}"#)),
            "{lang}: {spring}"
        );
        assert!(!html.contains("Spring 1901"), "{lang}: an English caption");
        assert!(!html.contains(">centres  units<"), "{lang}: English legend");
    }
}
