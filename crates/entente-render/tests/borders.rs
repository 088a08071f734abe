//! Issue 14, item 5: interior land borders are the project's own border lines (kept as data in
//! `tools/mapgen/standard.js` and `tools/mapgen/ancmed.js`), not the straight edges of Voronoi
//! cells. These tests read the committed geometry, so they fail if it is regenerated without
//! the border lines.

use entente_map::{Map, ProvinceKind};
use entente_render::place::path_rings;
use entente_render::Geometry;
use std::collections::{BTreeMap, HashSet};

type Key = (i32, i32);

/// The vertices of a path, to 0.1 px (as the geometry file writes them).
fn path_vertices(d: &str) -> HashSet<Key> {
    path_rings(d)
        .into_iter()
        .flatten()
        .map(|(x, y)| ((x * 10.0).round() as i32, (y * 10.0).round() as i32))
        .collect()
}

/// The vertices of a province's outline.
fn vertices(g: &Geometry, abbr: &str) -> HashSet<Key> {
    path_vertices(&g.provinces[abbr].d)
}

fn is_land(kind: ProvinceKind) -> bool {
    !matches!(kind, ProvinceKind::Sea)
}

#[test]
fn item5_ukraine_is_enclosed_and_does_not_run_to_the_map_edge() {
    let g = Geometry::standard();
    let right = |abbr: &str| {
        path_rings(&g.provinces[abbr].d)
            .into_iter()
            .flatten()
            .map(|p| p.0)
            .fold(f32::MIN, f32::max)
    };
    // On the 1901 board Ukraine lies between Warsaw, Moscow, Sevastopol, Rumania and Galicia;
    // Moscow and Sevastopol (and St Petersburg) run on to the east edge.
    assert!(
        right("ukr") < g.width - 150.0,
        "Ukraine reaches x = {} of {}",
        right("ukr"),
        g.width
    );
    for abbr in ["mos", "sev", "stp"] {
        assert!(
            right(abbr) > g.width - 2.0,
            "{abbr} stops short of the east edge"
        );
    }
}

/// Where land borders follow a country border of Natural Earth (the generator's zones), no
/// line is drawn: these pairs.
/// Denmark and Sweden meet in the Sound (water drawn as Denmark's). Albania and Serbia have a
/// line through Montenegro and Kosovo, and Albania's own frontier beyond it.
const COUNTRY_BORDERS: &[&str] = &[
    "alb|gre", "alb|ser", "bel|bur", "bel|hol", "bel|pic", "bel|ruh", "bur|mun", "bur|ruh",
    "den|kie", "den|swe", "fin|nwy", "fin|stp", "fin|swe", "gas|spa", "hol|kie", "hol|ruh",
    "mar|pie", "mar|spa", "naf|tun", "nwy|stp", "nwy|swe", "por|spa",
];

fn seg_dist(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

#[test]
fn item5_land_borders_follow_their_drawn_lines() {
    check_land_borders(&Geometry::standard(), &Map::standard(), 60, COUNTRY_BORDERS);
}

/// Ancient Mediterranean land spaces that border with no line: those that meet only at a
/// junction point (the straits armies cross: Messina, Bonifacio, Gibraltar; Alexandria and Sinai
/// at Pelusium). Baleares meets Tarraco and Saguntum only where its sea meets their coasts.
const ANCMED_NO_LINE: &[&str] = &["ale|sin", "cor|sad", "mau|sag", "nea|sic"];

#[test]
fn item5_ancmed_land_borders_follow_their_drawn_lines() {
    let g = Geometry::builtin("ancmed").expect("the ancmed geometry is built in");
    let map = entente_map::builtin_variant("ancmed").expect("the ancmed variant is built in");
    check_land_borders(&g, &map, 100, ANCMED_NO_LINE);
    // The junction pairs really have no line, and they share no border to draw one along.
    for pair in ANCMED_NO_LINE {
        assert!(!g.borders.contains_key(*pair), "{pair} has a line");
        let (a, b) = pair.split_once('|').unwrap();
        let common = vertices(&g, a).intersection(&vertices(&g, b)).count();
        assert!(common < 3, "{pair} share {common} vertices");
    }
}

/// Every vertex two land provinces share (and no third one does) lies within `TOLERANCE` of
/// their line; a pair with no line shares no border unless it is listed in `no_line`. Vertices
/// on a land province's own water (the Sea of Marmara, the Balearic Sea) are coast, not border.
fn check_land_borders(g: &Geometry, map: &Map, min_lines: usize, no_line: &[&str]) {
    assert!(
        g.borders.len() >= min_lines,
        "only {} border lines in the geometry",
        g.borders.len()
    );
    let land: Vec<&str> = map
        .provinces()
        .iter()
        .filter(|p| is_land(p.kind))
        .map(|p| p.abbr.as_str())
        .collect();
    let verts: BTreeMap<&str, HashSet<Key>> = land.iter().map(|a| (*a, vertices(g, a))).collect();
    let water: HashSet<Key> = land
        .iter()
        .filter_map(|a| g.provinces[*a].water.as_deref())
        .flat_map(path_vertices)
        .collect();
    let mut faults = Vec::new();
    for (i, a) in land.iter().enumerate() {
        for b in &land[i + 1..] {
            let shared: Vec<(f32, f32)> = verts[a]
                .intersection(&verts[b])
                .filter(|k| !water.contains(k))
                .map(|&(x, y)| (x as f32 / 10.0, y as f32 / 10.0))
                .collect();
            let pair = format!("{}|{}", a.min(b), a.max(b));
            // Where the line meets a third province (a node, a frontier), the ends are shared.
            let shared: Vec<(f32, f32)> = shared
                .into_iter()
                .filter(|&(x, y)| {
                    let k = ((x * 10.0).round() as i32, (y * 10.0).round() as i32);
                    !verts
                        .iter()
                        .any(|(c, v)| c != a && c != b && v.contains(&k))
                })
                .collect();
            let Some(line) = g.borders.get(&pair) else {
                // A border with no line: only the listed ones (country borders, junctions).
                if shared.len() >= 3 && !no_line.contains(&pair.as_str()) {
                    faults.push(format!(
                        "{pair}: a border with no line ({} vertices)",
                        shared.len()
                    ));
                }
                continue;
            };
            if shared.len() < 3 {
                faults.push(format!(
                    "{pair}: the line is drawn but the provinces do not meet"
                ));
                continue;
            }
            // Every vertex of the common border lies on the line.
            let far = shared
                .iter()
                .map(|&p| {
                    line.windows(2)
                        .map(|w| seg_dist(p, w[0], w[1]))
                        .fold(f32::MAX, f32::min)
                })
                .fold(0.0f32, f32::max);
            if far > TOLERANCE && !no_line.contains(&pair.as_str()) {
                faults.push(format!(
                    "{pair}: the border strays {far:.1}px from its line"
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// How far (px) a drawn border may stray from its line: the generator's seed spacing.
const TOLERANCE: f32 = 3.0;
