//! Issue 14, items 1–3: what players read of a phase's outcome. Head-to-head battles (the
//! winner's arrow whole and on top, the failure mark on the loser's), disbands drawn over the
//! unit, one mark per failure reason (explained in the legend) and a list of results beside
//! the map.

use entente_map::Map;
use entente_render::{marks, RenderOptions, Renderer};
use entente_scenario::{execute_case, parse_scenarios, PhaseRun};

type Point = (f32, f32);

fn run_file(text: &str) -> (Map, Vec<PhaseRun>) {
    let cases = parse_scenarios(text).expect("scenario parses");
    execute_case(&cases[0]).expect("scenario runs")
}

fn render(map: &Map, run: &PhaseRun, opts: RenderOptions) -> String {
    let (orders, dislodged) = marks(&run.outcome, &run.before);
    Renderer::new(map, opts).render(&run.before, Some(&orders), &dislodged, "Spring 1901")
}

/// The element starting at `from` up to its closing `>`.
fn tag_at(svg: &str, from: usize) -> &str {
    &svg[from..from + svg[from..].find('>').expect("tag closes") + 1]
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    Some(&tag[i..i + tag[i..].find('"')?])
}

/// The `<g class="order ...">` group of the order with this text: its offset and body.
fn order_group<'a>(svg: &'a str, order: &str) -> (usize, &'a str) {
    let key = format!(r#"data-order="{order}""#);
    let at = svg.find(&key).unwrap_or_else(|| panic!("no order {order}"));
    let start = svg[..at].rfind("<g ").unwrap();
    let end = start + svg[start..].find("</g>").unwrap();
    (start, &svg[start..end])
}

/// The points of path data made of M and L commands.
fn points(d: &str) -> Vec<Point> {
    d.split(['M', 'L', 'z', 'Z'])
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let mut it = p.split_whitespace().map(|v| v.parse::<f32>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

/// The shaft (first and last point of the `ac` path) and the head tip of a move's arrow.
fn arrow_of(group: &str) -> ((Point, Point), Point) {
    let shaft = group
        .find(r#"class="ac""#)
        .map(|i| tag_at(group, i))
        .and_then(|t| attr(t, "d"))
        .map(points)
        .expect("an arrow shaft");
    let head = group
        .find(r#"class="ah""#)
        .map(|i| tag_at(group, i))
        .and_then(|t| attr(t, "d"))
        .map(points)
        .expect("an arrow head");
    ((shaft[0], shaft[shaft.len() - 1]), head[0])
}

fn seg_dist(p: Point, (a, b): (Point, Point)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((a.0 + t * dx - p.0).powi(2) + (a.1 + t * dy - p.1).powi(2)).sqrt()
}

/// The failure marks: (data-index, data-mark, point).
fn fail_marks(svg: &str) -> Vec<(usize, String, Point)> {
    svg.match_indices(r#"<use class="fail""#)
        .map(|(i, _)| {
            let t = tag_at(svg, i);
            let f = |n| attr(t, n).unwrap().parse::<f32>().unwrap();
            (
                attr(t, "data-index").unwrap().parse().unwrap(),
                attr(t, "data-mark").unwrap().to_string(),
                (f("x"), f("y")),
            )
        })
        .collect()
}

const HEAD_TO_HEAD: &str = "
case h2h A supported attack beats the move the other way
units:
  Germany: A Ruhr, A Kiel
  France: A Munich
orders:
Germany:
  A Ruhr - Munich
  A Kiel Supports A Ruhr - Munich
France:
  A Munich - Ruhr
phase: Spring 1901 retreat
orders:
France:
  A Munich Disband
";

#[test]
fn item1_head_to_head_winner_whole_and_on_top_mark_on_the_loser() {
    let (map, runs) = run_file(HEAD_TO_HEAD);
    let svg = render(&map, &runs[0], RenderOptions::default());
    let (win_at, win) = order_group(&svg, "A ruh - mun");
    let (lose_at, lose) = order_group(&svg, "A mun - ruh");
    assert!(win.contains(r#"data-outcome="succeeded""#), "{win}");
    assert!(lose.contains(r#"data-outcome="failed""#), "{lose}");
    // The winner is drawn after (over) the loser.
    assert!(
        win_at > lose_at,
        "the winning arrow is drawn first, under the loser"
    );
    let (win_shaft, win_tip) = arrow_of(win);
    let (lose_shaft, _) = arrow_of(lose);
    // The winner's arrow runs the whole way: its tip stops just short of Munich's unit spot.
    let layout = Renderer::new(&map, RenderOptions::default())
        .layout()
        .clone();
    let mun = layout.unit_at[map.lookup_province("mun").unwrap().index()];
    let ruh = layout.unit_at[map.lookup_province("ruh").unwrap().index()];
    let full = ((mun.0 - ruh.0).powi(2) + (mun.1 - ruh.1).powi(2)).sqrt();
    let tip_to_mun = ((win_tip.0 - mun.0).powi(2) + (win_tip.1 - mun.1).powi(2)).sqrt();
    assert!(tip_to_mun < 14.0, "winner's tip {tip_to_mun} from Munich");
    assert!(
        seg_dist(ruh, win_shaft) < 14.0 && full > 30.0,
        "winner's shaft starts at Ruhr"
    );
    // Exactly one failure mark, the loser's, on the loser's own arrow.
    let marks = fail_marks(&svg);
    let lose_index: usize = attr(tag_at(lose, 0), "data-index")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(marks.len(), 1, "{marks:?}");
    let (index, kind, p) = &marks[0];
    assert_eq!(*index, lose_index);
    assert_eq!(kind, "bounce");
    assert!(
        seg_dist(*p, lose_shaft) + 2.0 < seg_dist(*p, win_shaft),
        "the mark {p:?} is nearer the winner's arrow than the loser's"
    );
    // The two arrows are apart: neither shaft runs on top of the other.
    let mid = |(a, b): (Point, Point)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    assert!(seg_dist(mid(win_shaft), lose_shaft) >= 8.0);
}

#[test]
fn item2_disband_mark_is_drawn_over_the_dislodged_unit() {
    let (map, runs) = run_file(HEAD_TO_HEAD);
    let r = Renderer::new(&map, RenderOptions::default());
    let (orders, dislodged) = marks(&runs[1].outcome, &runs[1].before);
    let svg = r.render(
        &runs[1].before,
        Some(&orders),
        &dislodged,
        "Spring 1901 retreat",
    );
    let unit = svg
        .find(r#"<g class="unit dislodged" data-power="France""#)
        .expect("the dislodged unit");
    let cross = svg
        .find(r#"<g class="disband-mark""#)
        .expect("a disband mark");
    assert!(cross > unit, "the disband cross is drawn under the unit");
    // The cross is centred on the unit.
    let mun = map.lookup_province("mun").unwrap();
    let at = r.dislodged_spot(entente_map::Loc(mun.0));
    let path = attr(
        tag_at(&svg, cross + svg[cross..].find("<path").unwrap()),
        "d",
    )
    .unwrap();
    let p = points(path);
    let centre = ((p[0].0 + p[1].0) / 2.0, (p[0].1 + p[1].1) / 2.0);
    assert!((centre.0 - at.0).abs() < 0.2 && (centre.1 - at.1).abs() < 0.2);
    // And the retreat phase's removals too.
    assert_eq!(svg.matches(r#"<g class="disband-mark""#).count(), 1);
}

const REASONS: &str = "
case reasons One of each failure
units:
  Austria: A Vienna
  Russia: A Warsaw, A Sevastopol
  Germany: A Berlin, A Munich
  France: A Burgundy
  Italy: A Venice, A Rome
  England: A London, F North Sea
  Turkey: A Armenia, F Black Sea
orders:
Austria:
  A Vienna - Galicia
Russia:
  A Warsaw - Galicia
  A Sevastopol Hold
Germany:
  A Berlin - Silesia
  A Munich Supports A Berlin - Silesia
France:
  A Burgundy - Munich
Italy:
  A Venice Supports A Rome - Tuscany
  A Rome Hold
England:
  A London - Belgium
  F North Sea Hold
Turkey:
  A Armenia - Sevastopol
  F Black Sea Supports A Armenia - Sevastopol
";

#[test]
fn item3_each_failure_reason_has_its_own_mark_explained_in_the_legend() {
    let (map, runs) = run_file(REASONS);
    let svg = render(&map, &runs[0], RenderOptions::default());
    let marks = fail_marks(&svg);
    let kind_of = |order: &str| -> String {
        let (_, g) = order_group(&svg, order);
        let i: usize = attr(tag_at(g, 0), "data-index").unwrap().parse().unwrap();
        let found: Vec<_> = marks.iter().filter(|m| m.0 == i).collect();
        assert_eq!(found.len(), 1, "{order}: {found:?}");
        found[0].1.clone()
    };
    assert_eq!(kind_of("A vie - gal"), "bounce");
    assert_eq!(kind_of("A war - gal"), "bounce");
    assert_eq!(kind_of("A mun S A ber - sil"), "cut");
    assert_eq!(kind_of("A ven S A rom - tus"), "void");
    assert_eq!(kind_of("A lon - bel"), "noconvoy");
    assert_eq!(kind_of("A sev H"), "dislodged");
    assert_eq!(marks.len(), 7, "{marks:?}");
    // Each mark is a shape of its own, and the legend explains each one used.
    let kinds = ["bounce", "cut", "void", "noconvoy", "dislodged"];
    let mut shapes = Vec::new();
    for k in kinds {
        let def = format!(r#"<g id="m-{k}">"#);
        let at = svg.find(&def).unwrap_or_else(|| panic!("no mark {k}"));
        shapes.push(&svg[at + def.len()..at + svg[at..].find("</g>").unwrap()]);
        assert!(
            svg.contains(&format!(r#"<g class="legend-mark" data-mark="{k}">"#)),
            "legend lacks {k}"
        );
    }
    for (i, a) in shapes.iter().enumerate() {
        for b in &shapes[i + 1..] {
            assert_ne!(a, b, "two reasons share a mark");
        }
    }
    assert!(svg.contains(">support cut</text>") && svg.contains(">no convoy</text>"));
    // In Czech, the legend explains them in Czech.
    let cs = render(
        &map,
        &runs[0],
        RenderOptions {
            lang: Some("cs".into()),
            ..Default::default()
        },
    );
    assert!(cs.contains(">podpora přerušena</text>") && cs.contains(">bez konvoje</text>"));
}

#[test]
fn item3_results_are_listed_beside_the_map() {
    let (map, runs) = run_file(REASONS);
    let plain = render(&map, &runs[0], RenderOptions::default());
    assert!(!plain.contains(r#"<g class="results""#));
    let svg = render(
        &map,
        &runs[0],
        RenderOptions {
            results: true,
            ..Default::default()
        },
    );
    let at = svg.find(r#"<g class="results""#).expect("a results panel");
    let panel = &svg[at..];
    assert_eq!(panel.matches(r#"<g class="result">"#).count(), 12);
    for (order, why) in [
        ("A lon - bel", "no convoy"),
        ("A mun S A ber - sil", "support cut"),
        ("A ber - sil", "succeeded"),
    ] {
        assert!(
            panel.contains(&format!(
                "{order}<tspan fill=\"#6d6458\">&#160;— {why}</tspan>"
            )),
            "{order}: {why}"
        );
    }
    // The panel is beside the map, not over it.
    let layout = Renderer::new(&map, RenderOptions::default())
        .layout()
        .clone();
    let width: f32 = attr(tag_at(&svg, 0), "width").unwrap().parse().unwrap();
    assert_eq!(width, layout.width + entente_render::PANEL_W);
    assert!(tag_at(panel, 0).contains(&format!("translate({:.1} 0)", layout.width)));
}

/// Item 7: an arrow into a large province lands just over its border, not at a unit spot
/// across the board (Ancient Mediterranean `A Bay - Sah`).
#[test]
fn item7_arrow_into_a_large_province_lands_near_its_border() {
    let (map, runs) = run_file(
        "case sah
variant: ancmed
units:
  Egypt: A Bayuda
orders:
Egypt:
  A Bayuda - Sahara
",
    );
    let svg = render(&map, &runs[0], RenderOptions::default());
    let (_, g) = order_group(&svg, "A bay - sah");
    let (_, tip) = arrow_of(g);
    let layout = Renderer::new(&map, RenderOptions::default())
        .layout()
        .clone();
    let bay = layout.unit_at[map.lookup_province("bay").unwrap().index()];
    let sah = layout.unit_at[map.lookup_province("sah").unwrap().index()];
    let d = |a: Point, b: Point| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    assert!(
        d(bay, tip) < 0.3 * d(bay, sah),
        "the arrow runs {} of {} px towards the Sahara's unit spot",
        d(bay, tip),
        d(bay, sah)
    );
    let rings = entente_render::place::path_rings(
        match &layout.provinces[map.lookup_province("sah").unwrap().index()].shape {
            entente_render::Shape::Path(d) => d,
            _ => unreachable!(),
        },
    );
    assert!(entente_render::place::inside(&rings, tip));
}

/// Item 7: a convoy is one path from the army through its fleets, one head; the fleets draw
/// no arrows of their own.
#[test]
fn item7_convoy_chain_is_one_path_through_the_fleets() {
    let (map, runs) = run_file(
        "case c
units:
  England: A London, F North Sea, F Skagerrak
orders:
England:
  A London - Sweden
  F North Sea Convoys A London - Sweden
  F Skagerrak Convoys A London - Sweden
",
    );
    let svg = render(&map, &runs[0], RenderOptions::default());
    let (_, army) = order_group(&svg, "A lon - swe");
    assert_eq!(army.matches(r#"class="ah""#).count(), 1);
    let layout = Renderer::new(&map, RenderOptions::default())
        .layout()
        .clone();
    let d = attr(tag_at(army, army.find(r#"class="ac""#).unwrap()), "d").unwrap();
    for f in ["nth", "ska"] {
        let at = layout.unit_at[map.lookup_province(f).unwrap().index()];
        // The path bends at each fleet (a quadratic corner with the fleet as control point).
        assert!(
            d.contains(&format!("Q{:.1} {:.1}", at.0, at.1)),
            "the path {d} does not pass {f}"
        );
    }
    for f in ["F nth C A lon - swe", "F ska C A lon - swe"] {
        let (_, g) = order_group(&svg, f);
        assert!(
            !g.contains(r#"class="ah""#) && !g.contains("<path"),
            "{f}: {g}"
        );
    }
}

/// Item 7: a pale power's retreat options and builds have a dark casing under their colour.
#[test]
fn item7_pale_colours_have_a_dark_casing() {
    let (map, runs) = run_file(REASONS);
    let svg = render(&map, &runs[0], RenderOptions::default());
    let russia = &map
        .power(
            map.power_ids()
                .find(|&p| map.power(p).name == "Russia")
                .unwrap(),
        )
        .colour;
    let at = svg
        .find(r#"<path class="retreat-option""#)
        .expect("retreat options");
    let casing = tag_at(&svg, at);
    assert_eq!(attr(casing, "stroke"), Some("#262626"));
    let next = tag_at(&svg, at + casing.len());
    assert_eq!(attr(next, "stroke"), Some(russia.as_str()));
}
