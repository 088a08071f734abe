//! Issue 14, item 4: nothing covers a label. Every phase of the rulebooks' cases and sample
//! games and of 20 random games (standard map and Ancient Mediterranean) is drawn with
//! abbreviations and in English, Czech, French and Russian, and the test fails on
//! - a label (province or coast) overlapping another label,
//! - a label overlapping a unit (standing or dislodged) or an arrowhead,
//! - an arrowhead whose tip is not in the province it points to,
//! - a unit drawn outside its province.
//!
//! Label boxes are measured, not estimated: resvg lays the text out with the system's fonts
//! (DejaVu Sans, what the PNGs use) and gives each label's extent.

mod common {
    pub mod games;
}

use common::games::random_game;
use entente_map::Map;
use entente_render::place::{inside, overlaps, path_rings, poly_hits_rect, Rect, UNIT_BOX};
use entente_render::{marks, Layout, RenderOptions, Renderer, Shape};
use entente_scenario::{execute_case, parse_scenarios};
use resvg::usvg;
use std::collections::BTreeMap;
use std::sync::Arc;

type Point = (f32, f32);

const LANGS: [Option<&str>; 5] = [None, Some("en"), Some("cs"), Some("fr"), Some("ru")];

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    Some(&tag[i..i + tag[i..].find('"')?])
}

fn tag_at(svg: &str, from: usize) -> &str {
    &svg[from..from + svg[from..].find('>').expect("tag closes") + 1]
}

fn points(d: &str) -> Vec<Point> {
    d.split(['M', 'L', 'z', 'Z'])
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let mut it = p.split_whitespace().map(|v| v.parse::<f32>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

/// The measured box of every label of a renderer's pictures, by label id (`l-par`,
/// `l-stp-nc`), from the labels of one picture.
fn measured_labels(svg: &str) -> BTreeMap<String, Rect> {
    let mut opt = usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    opt.fontdb_mut().set_sans_serif_family("DejaVu Sans");
    let tree = usvg::Tree::from_str(svg, &opt).expect("the SVG parses");
    let mut out = BTreeMap::new();
    for (i, _) in svg.match_indices("<text id=\"l-") {
        let id = attr(tag_at(svg, i), "id").unwrap().to_string();
        let node = tree
            .node_by_id(&id)
            .unwrap_or_else(|| panic!("label {id} not laid out (no fonts?)"));
        let b = node.abs_bounding_box();
        assert!(
            b.width() > 1.0,
            "label {id} has no extent: are fonts installed?"
        );
        // The white halo (stroke) around the glyphs is not counted: it may touch.
        out.insert(id, (b.left(), b.top(), b.right(), b.bottom()));
    }
    out
}

struct Board {
    rings: BTreeMap<String, Vec<Vec<Point>>>,
}

impl Board {
    fn new(map: Arc<Map>) -> Board {
        let layout = Layout::for_map(&map);
        assert!(layout.geographic);
        let rings = map
            .provinces()
            .iter()
            .zip(&layout.provinces)
            .map(|(p, l)| match &l.shape {
                Shape::Path(d) => (p.abbr.clone(), path_rings(d)),
                Shape::Node { .. } => unreachable!(),
            })
            .collect();
        Board { rings }
    }
    fn province_of_loc(&self, loc: &str) -> String {
        loc.split('/').next().unwrap().to_string()
    }
}

/// What is wrong with one picture, as lines.
fn faults(board: &Board, labels: &BTreeMap<String, Rect>, svg: &str, what: &str) -> Vec<String> {
    let mut out = Vec::new();
    let shrink = |r: Rect| (r.0 + 0.3, r.1 + 0.3, r.2 - 0.3, r.3 - 0.3);
    // Units, standing and dislodged.
    for (i, _) in svg.match_indices("<g class=\"unit") {
        let g = tag_at(svg, i);
        if !(g.starts_with("<g class=\"unit\" ") || g.starts_with("<g class=\"unit dislodged\" ")) {
            continue;
        }
        let loc = attr(g, "data-loc").unwrap();
        let u = tag_at(svg, i + g.len());
        let at: Point = (
            attr(u, "x").unwrap().parse().unwrap(),
            attr(u, "y").unwrap().parse().unwrap(),
        );
        let prov = board.province_of_loc(loc);
        if !inside(&board.rings[&prov], at) {
            out.push(format!("{what}: unit in {loc} drawn outside it at {at:?}"));
        }
        let b = (
            at.0 + UNIT_BOX.0,
            at.1 + UNIT_BOX.1,
            at.0 + UNIT_BOX.2,
            at.1 + UNIT_BOX.3,
        );
        for (id, r) in labels {
            if overlaps(shrink(*r), b) {
                out.push(format!("{what}: label {id} under the unit in {loc}"));
            }
        }
    }
    // Arrowheads.
    for (i, _) in svg.match_indices("class=\"ah\"") {
        let start = svg[..i].rfind('<').unwrap();
        let t = tag_at(svg, start);
        let to = attr(t, "data-to").unwrap();
        let head = points(attr(t, "d").unwrap());
        if !inside(&board.rings[to], head[0]) {
            out.push(format!(
                "{what}: arrowhead to {to} ends outside it at {:?}",
                head[0]
            ));
        }
        let order = svg[..i]
            .rfind("<g class=\"order")
            .and_then(|g| attr(tag_at(svg, g), "data-order"))
            .unwrap_or("?");
        for (id, r) in labels {
            if poly_hits_rect(&head, shrink(*r)) {
                out.push(format!("{what}: arrowhead of {order} on label {id}"));
            }
        }
    }
    out
}

fn label_faults(labels: &BTreeMap<String, Rect>, what: &str) -> Vec<String> {
    let mut out = Vec::new();
    let v: Vec<_> = labels.iter().collect();
    for (i, (a, ra)) in v.iter().enumerate() {
        for (b, rb) in &v[i + 1..] {
            let shrink = |r: &Rect| (r.0 + 0.3, r.1 + 0.3, r.2 - 0.3, r.3 - 0.3);
            if overlaps(shrink(ra), shrink(rb)) {
                out.push(format!("{what}: labels {a} and {b} overlap"));
            }
        }
    }
    out
}

struct Phase {
    before: entente_judge::Position,
    orders: Vec<entente_render::ResolvedOrder>,
    dislodged: Vec<entente_render::DislodgedUnit>,
}

fn scenario_phases(file: &str, variant: &str) -> Vec<Phase> {
    let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("rulebook file");
    let cases = parse_scenarios(&text).expect("parses");
    let mut out = Vec::new();
    for case in &cases {
        let Ok((map, runs)) = execute_case(case) else {
            continue;
        };
        if map.name != variant {
            continue;
        }
        for run in runs {
            let (orders, dislodged) = marks(&run.outcome, &run.before);
            out.push(Phase {
                before: run.before,
                orders,
                dislodged,
            });
        }
    }
    out
}

fn check_map(map: Arc<Map>, phases: &[Phase]) {
    let board = Board::new(map.clone());
    let _ = &board;
    let mut all = Vec::new();
    for lang in LANGS {
        let r = Renderer::new(
            &map,
            RenderOptions {
                lang: lang.map(str::to_string),
                ..Default::default()
            },
        );
        let what = format!("{} {}", map.name, lang.unwrap_or("abbr"));
        let start = entente_judge::Position::start(&map);
        let labels = measured_labels(&r.render(&start, None, &[], "Spring 1901"));
        assert!(labels.len() >= map.num_provinces());
        all.extend(label_faults(&labels, &what));
        for (i, ph) in phases.iter().enumerate() {
            let svg = r.render(&ph.before, Some(&ph.orders), &ph.dislodged, "t");
            all.extend(faults(&board, &labels, &svg, &format!("{what} phase {i}")));
        }
    }
    all.sort();
    all.dedup();
    // Report each fault once, without the phase, and how often it happened.
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for f in &all {
        let key = match f.find(" phase ") {
            Some(i) => {
                let rest = &f[i + 7..];
                format!("{}{}", &f[..i], &rest[rest.find(':').unwrap_or(0)..])
            }
            None => f.clone(),
        };
        *counts.entry(key).or_default() += 1;
    }
    let lines: Vec<String> = counts.iter().map(|(k, n)| format!("{k} (×{n})")).collect();
    assert!(
        lines.is_empty(),
        "{} faults:\n{}",
        lines.len(),
        lines.join("\n")
    );
}

#[test]
fn item4_standard_map_no_label_covered_every_arrow_and_unit_in_place() {
    let map = Arc::new(Map::standard());
    let mut phases = Vec::new();
    for f in [
        "cases/rulebooks/rules-2000-cs.scn",
        "cases/rulebooks/rules-1982-cs.scn",
        "cases/rulebooks/rules-1971-fr.scn",
        "cases/rulebooks/rules-2000-ru.scn",
    ] {
        phases.extend(scenario_phases(f, &map.name));
    }
    assert!(phases.len() > 50, "{} rulebook phases", phases.len());
    for seed in 0..14 {
        for p in random_game(&map, seed, 1910) {
            phases.push(Phase {
                before: p.before,
                orders: p.orders,
                dislodged: p.dislodged,
            });
        }
    }
    check_map(map, &phases);
}

#[test]
fn item4_ancmed_no_label_covered_every_arrow_and_unit_in_place() {
    let map = Arc::new(entente_map::builtin_variant("ancmed").unwrap());
    let mut phases = scenario_phases("cases/variants/ancmed.scn", &map.name);
    for seed in 100..106 {
        for p in random_game(&map, seed, 10) {
            phases.push(Phase {
                before: p.before,
                orders: p.orders,
                dislodged: p.dislodged,
            });
        }
    }
    check_map(map, &phases);
}
