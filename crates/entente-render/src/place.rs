//! Collision-aware placement of what is fixed on a map: province labels, coast labels and the
//! spot a dislodged unit is drawn at. Done once per renderer (map and language), so every
//! picture of a game, and the history page's shared base map, has the same labels.
//!
//! A label keeps clear of every unit anchor (the icon drawn there), every supply-centre mark,
//! every other label, the legend, and every arrowhead an order could draw: arrows run from a
//! unit's anchor (or a dislodged unit's spot) to a neighbouring location's anchor, so the set
//! of possible heads is finite and known before any order is given.

use crate::layout::{neighbours, Layout, Point, Shape};
use entente_map::{Loc, Map};

/// An axis-aligned box: x0, y0, x1, y1.
pub type Rect = (f32, f32, f32, f32);

/// Half the width and the height above and below a unit's anchor its icon takes.
pub const UNIT_BOX: Rect = (-11.0, -15.0, 11.0, 9.0);
/// How far an arrow stops short of the anchor it goes to, and its head's length and half
/// width.
pub const ARROW_GAP: f32 = 11.0;
pub const HEAD_LEN: f32 = 9.0;
pub const HEAD_HALF: f32 = 5.0;
/// Sideways shifts of move arrows (a plain move; one of two opposite moves).
pub const SHIFT: f32 = 2.5;
pub const PAIR_SHIFT: f32 = 5.5;

/// A placed label: its lines, the centre of the block, the font size.
#[derive(Clone, Debug)]
pub struct Label {
    pub lines: Vec<String>,
    pub at: Point,
    pub size: f32,
}

impl Label {
    pub fn rect(&self) -> Rect {
        label_rect(&self.lines, self.at, self.size)
    }
}

/// Where the fixed things go.
#[derive(Clone, Debug)]
pub struct Placement {
    /// Per province.
    pub labels: Vec<Label>,
    /// Per location: the coast's short label ("nc"), for split coasts.
    pub coast_labels: Vec<Option<Label>>,
    /// Per location: where a unit dislodged from there is drawn.
    pub dislodged: Vec<Point>,
    /// Per province: its outline as rings of points.
    pub rings: Vec<Vec<Vec<Point>>>,
    /// The boxes of every label placed (provinces and coasts).
    pub label_rects: Vec<Rect>,
}

impl Placement {
    /// Does this arrowhead cover a label?
    pub fn covers_label(&self, head: &[Point; 3]) -> bool {
        self.label_rects.iter().any(|r| poly_hits_rect(head, *r))
    }
}

/// Estimated advance of a character, in ems (DejaVu Sans, the font the PNGs use; browsers
/// fall back to similar widths).
fn char_em(c: char) -> f32 {
    match c {
        ' ' => 0.32,
        'i' | 'l' | 'j' | '.' | ',' | '\'' | '|' | 'ı' | 'í' | 'ì' | 'î' | 'ï' => 0.28,
        'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '-' => 0.4,
        'm' | 'w' | 'M' | 'W' | 'ж' | 'ш' | 'щ' | 'ю' | 'ы' | 'м' | 'Ж' | 'Ш' | 'Щ' | 'Ю' | 'Ы'
        | 'М' => 0.9,
        c if c.is_uppercase() => 0.72,
        _ => 0.62,
    }
}

/// The estimated width of a line of text, in pixels.
pub fn text_width(s: &str, size: f32) -> f32 {
    s.chars().map(char_em).sum::<f32>() * size
}

/// Line height as a multiple of the font size.
pub const LINE: f32 = 1.1;
/// The white halo around label text (half its stroke width), in pixels.
pub const HALO: f32 = 0.6;

pub fn label_rect(lines: &[String], (x, y): Point, size: f32) -> Rect {
    let w = lines
        .iter()
        .map(|l| text_width(l, size))
        .fold(0.0f32, f32::max);
    let n = lines.len().max(1);
    // From the first line's accents (Ř, É: about 0.95 em over the baseline) to the last
    // line's descenders (0.26 em under it).
    let top = baseline(y, n, 0, size) - 0.95 * size;
    let bottom = baseline(y, n, n - 1, size) + 0.26 * size;
    (
        x - w / 2.0 - HALO,
        top - HALO,
        x + w / 2.0 + HALO,
        bottom + HALO,
    )
}

/// The baseline of line `i` of a label block centred at `y`.
pub fn baseline(y: f32, lines: usize, i: usize, size: f32) -> f32 {
    let h = size * (LINE * (lines as f32 - 1.0) + 1.05);
    // The cap height sits about 0.76 em above the baseline, the descent 0.24 em below.
    y - h / 2.0 + size * 0.8 + size * LINE * i as f32
}

pub fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn overlap_area(a: Rect, b: Rect) -> f32 {
    let w = (a.2.min(b.2) - a.0.max(b.0)).max(0.0);
    let h = (a.3.min(b.3) - a.1.max(b.1)).max(0.0);
    w * h
}

/// The arrowheads labels keep clear of, bucketed on a grid by the corner of their bounding
/// box, so that a label spot tests only the heads near it: Imperial's boards have some
/// 5,000 possible heads, and testing each at every spot of every label made drawing the
/// board take 7 s (optimised). [`HeadGrid::hits`] counts what a scan of all of them would.
struct HeadGrid {
    polys: Vec<[Point; 3]>,
    bounds: Vec<Rect>,
    origin: Point,
    cols: usize,
    rows: usize,
    /// Per cell (row-major): the heads whose bounding box starts in it.
    cells: Vec<Vec<u32>>,
    /// The widest and tallest bounding box: how far before a query a head may start.
    reach: Point,
}

impl HeadGrid {
    const CELL: f32 = 32.0;

    fn new(polys: Vec<[Point; 3]>) -> HeadGrid {
        let bounds: Vec<Rect> = polys
            .iter()
            .map(|h| {
                h.iter().fold(
                    (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
                    |(x0, y0, x1, y1), &(x, y)| (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                )
            })
            .collect();
        let (mut ox, mut oy, mut ex, mut ey) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
        let mut reach = (0.0f32, 0.0f32);
        for b in &bounds {
            ox = ox.min(b.0);
            oy = oy.min(b.1);
            ex = ex.max(b.0);
            ey = ey.max(b.1);
            reach = (reach.0.max(b.2 - b.0), reach.1.max(b.3 - b.1));
        }
        let cols = ((ex - ox) / Self::CELL) as usize + 1;
        let rows = ((ey - oy) / Self::CELL) as usize + 1;
        let mut cells = vec![Vec::new(); cols * rows];
        let mut g = HeadGrid {
            polys: Vec::new(),
            bounds: Vec::new(),
            origin: (ox, oy),
            cols,
            rows,
            cells: Vec::new(),
            reach,
        };
        for (i, b) in bounds.iter().enumerate() {
            let (c, r) = (g.col(b.0), g.row(b.1));
            cells[r * cols + c].push(i as u32);
        }
        g.polys = polys;
        g.bounds = bounds;
        g.cells = cells;
        g
    }

    fn col(&self, x: f32) -> usize {
        (((x - self.origin.0) / Self::CELL).max(0.0) as usize).min(self.cols - 1)
    }

    fn row(&self, y: f32) -> usize {
        (((y - self.origin.1) / Self::CELL).max(0.0) as usize).min(self.rows - 1)
    }

    /// How many heads touch `r`.
    fn hits(&self, r: Rect) -> usize {
        if self.polys.is_empty() {
            return 0;
        }
        let (c0, c1) = (self.col(r.0 - self.reach.0), self.col(r.2));
        let (r0, r1) = (self.row(r.1 - self.reach.1), self.row(r.3));
        let mut n = 0;
        for row in r0..=r1 {
            for cell in &self.cells[row * self.cols + c0..=row * self.cols + c1] {
                for &i in cell {
                    let i = i as usize;
                    if overlaps(self.bounds[i], r) && poly_hits_rect(&self.polys[i], r) {
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

/// Does the triangle (or any convex polygon) touch the box? Separating axes.
pub fn poly_hits_rect(poly: &[Point], r: Rect) -> bool {
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in poly {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if !overlaps((x0, y0, x1, y1), r) {
        return false;
    }
    let corners = [(r.0, r.1), (r.2, r.1), (r.2, r.3), (r.0, r.3)];
    for i in 0..poly.len() {
        let a = poly[i];
        let b = poly[(i + 1) % poly.len()];
        let n = (a.1 - b.1, b.0 - a.0);
        let proj = |p: Point| p.0 * n.0 + p.1 * n.1;
        let (pmin, pmax) = poly.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &p| {
            (lo.min(proj(p)), hi.max(proj(p)))
        });
        let (rmin, rmax) = corners.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &p| {
            (lo.min(proj(p)), hi.max(proj(p)))
        });
        if rmax <= pmin || rmin >= pmax {
            return false;
        }
    }
    true
}

/// The head of an arrow from `a` to `b` shifted `shift` to its right: tip and the two base
/// corners. None when the arrow is too short to have one where it is drawn.
pub fn arrow_head(a: Point, b: Point, shift: f32) -> [Point; 3] {
    arrow_head_gap(a, b, shift, ARROW_GAP)
}

/// [`arrow_head`] stopping `gap` short of `b`.
pub fn arrow_head_gap(a: Point, b: Point, shift: f32, gap: f32) -> [Point; 3] {
    let (dx, dy) = unit_vec(a, b);
    let (nx, ny) = (-dy * shift, dx * shift);
    let (a, b) = ((a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny));
    let (_, tip) = shorten(a, b, 10.0, gap);
    let base = (tip.0 - dx * HEAD_LEN, tip.1 - dy * HEAD_LEN);
    let (px, py) = (-dy * HEAD_HALF, dx * HEAD_HALF);
    [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)]
}

/// The head of an arrow from `a` into the province `dest` (its rings) towards its anchor
/// `b`: the usual head when its tip is in the province and it covers nothing `covers` says
/// it would; else the first of a few heads nearer or farther from the anchor, or less
/// shifted, that does; else the first whose tip is in the province. Returns the head and the
/// sideways shift it was drawn with.
pub fn head_into(
    a: Point,
    b: Point,
    shift: f32,
    dest: &[Vec<Point>],
    covers: impl Fn(&[Point; 3]) -> bool,
) -> ([Point; 3], f32) {
    let shifts: &[f32] = if shift == 0.0 {
        &[0.0]
    } else {
        &[shift, shift * 0.5, 0.0]
    };
    let mut first_inside = None;
    for &sh in shifts {
        for gap in [ARROW_GAP, 14.0, 8.0, 17.0, 5.0, 20.0, 2.0, 24.0, 28.0, 0.0] {
            // As the SVG writes it: to a tenth of a pixel.
            let h = arrow_head_gap(a, b, sh, gap).map(|(x, y)| (tenth(x), tenth(y)));
            if !inside(dest, h[0]) {
                continue;
            }
            if !covers(&h) {
                return (h, sh);
            }
            first_inside.get_or_insert((h, sh));
        }
    }
    first_inside.unwrap_or((arrow_head_gap(a, b, 0.0, 0.0), 0.0))
}

fn tenth(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

pub fn unit_vec(a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (dx / len, dy / len)
}

/// Pulls both ends of a segment in (so arrows start and end outside the unit icons).
pub fn shorten(a: Point, b: Point, at_a: f32, at_b: f32) -> (Point, Point) {
    let (dx, dy) = unit_vec(a, b);
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len < at_a + at_b + 4.0 {
        return (a, b);
    }
    (
        (a.0 + dx * at_a, a.1 + dy * at_a),
        (b.0 - dx * at_b, b.1 - dy * at_b),
    )
}

/// A province's outline as rings of points (map geometry), or a polygon around its node.
pub fn rings(shape: &Shape) -> Vec<Vec<Point>> {
    match shape {
        Shape::Path(d) => path_rings(d),
        Shape::Node { centre, radius } => vec![(0..24)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 24.0;
                (centre.0 + radius * a.cos(), centre.1 + radius * a.sin())
            })
            .collect()],
    }
}

/// The rings of SVG path data made of absolute M, L and Z commands (what `tools/mapgen`
/// writes); other commands end the ring they are in.
pub fn path_rings(d: &str) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    for part in d.split('M') {
        let ring: Vec<Point> = part
            .split(['L', 'Z', 'z'])
            .filter_map(|p| {
                let mut it = p.split([' ', ',']).filter(|s| !s.is_empty());
                let x = it.next()?.parse::<f32>().ok()?;
                let y = it.next()?.parse::<f32>().ok()?;
                Some((x, y))
            })
            .collect();
        if ring.len() >= 3 {
            out.push(ring);
        }
    }
    out
}

/// Even-odd point in rings (the renderer fills with `fill-rule="evenodd"`).
pub fn inside(rings: &[Vec<Point>], (x, y): Point) -> bool {
    let mut n = false;
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            if (a.1 > y) != (b.1 > y) && x < (b.0 - a.0) * (y - a.1) / (b.1 - a.1) + a.0 {
                n = !n;
            }
        }
    }
    n
}

/// The point of the rings' outline nearest to `p`, and its distance.
pub fn nearest_on_rings(rings: &[Vec<Point>], p: Point) -> (Point, f32) {
    let mut best = (p, f32::MAX);
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len2 = (dx * dx + dy * dy).max(1e-6);
            let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
            let q = (a.0 + t * dx, a.1 + t * dy);
            let d = dist(p, q);
            if d < best.1 {
                best = (q, d);
            }
        }
    }
    best
}

/// Where an arrow from `a` into a province may aim, best first: the unit spot `b`, unless
/// the province is large and `b` far beyond the border the arrow crosses (the Sahara from
/// Bayuda); then points just inside the border nearest to `a`, going towards `b`, and `b`
/// last.
pub fn aims(rings: &[Vec<Point>], a: Point, b: Point) -> Vec<Point> {
    let (q, to_edge) = nearest_on_rings(rings, a);
    if dist(a, b) <= 2.0 * to_edge + 90.0 {
        return vec![b];
    }
    let u = unit_vec(q, b);
    let mut out: Vec<Point> = [32.0f32, 44.0, 56.0, 70.0, 90.0]
        .iter()
        .filter(|&&step| step < dist(q, b))
        .map(|&step| (q.0 + u.0 * step, q.1 + u.1 * step))
        .filter(|&p| inside(rings, p))
        .collect();
    out.push(b);
    out
}

fn area(rings: &[Vec<Point>]) -> f32 {
    rings
        .iter()
        .map(|r| {
            let mut s = 0.0;
            for i in 0..r.len() {
                let (a, b) = (r[i], r[(i + 1) % r.len()]);
                s += a.0 * b.1 - b.0 * a.1;
            }
            (s / 2.0).abs()
        })
        .sum()
}

fn offset_rect(r: Rect, (x, y): Point) -> Rect {
    (r.0 + x, r.1 + y, r.2 + x, r.3 + y)
}

/// Splits a name in two lines at the space nearest its middle.
fn two_lines(text: &str) -> Option<Vec<String>> {
    let mid = text.chars().count() / 2;
    let (i, _) = text
        .char_indices()
        .filter(|(_, c)| *c == ' ' || *c == '-')
        .min_by_key(|(i, _)| (text[..*i].chars().count() as i64 - mid as i64).abs())?;
    let c = text[i..].chars().next()?;
    let (a, b) = if c == '-' {
        (&text[..i + 1], &text[i + 1..])
    } else {
        (&text[..i], &text[i + 1..])
    };
    Some(vec![a.to_string(), b.to_string()])
}

/// Places labels (`texts` per province, at `size` pixels) and dislodged units on `layout`.
/// `legend` is the box the legend covers.
pub fn place(map: &Map, layout: &Layout, texts: &[String], size: f32, legend: Rect) -> Placement {
    let provs: Vec<Vec<Vec<Point>>> = layout.provinces.iter().map(|p| rings(&p.shape)).collect();
    let n_locs = map.num_locs();
    let prov_of = |l: usize| map.province_of(Loc(l as u16)).index();

    // What labels keep clear of.
    let mut boxes: Vec<Rect> = Vec::new();
    for l in 0..n_locs {
        boxes.push(offset_rect(UNIT_BOX, layout.unit_at[l]));
    }
    for p in &layout.provinces {
        if let Some((x, y)) = p.centre_mark {
            boxes.push((x - 5.2, y - 5.2, x + 5.2, y + 5.2));
        }
    }
    boxes.push(legend);
    let mut head_list: Vec<[Point; 3]> = Vec::new();
    for to in 0..n_locs {
        let b = layout.unit_at[to];
        let dest = &provs[prov_of(to)];
        for q in neighbours(map, map.province_of(Loc(to as u16))) {
            let prov = map.province(q);
            let mut from: Vec<usize> = vec![q.index()];
            from.extend(prov.coasts.iter().map(|c| c.index()));
            for f in from {
                let a = layout.unit_at[f];
                for shift in [SHIFT, PAIR_SHIFT] {
                    head_list.push(head_into(a, b, shift, dest, |_| false).0);
                }
            }
        }
    }

    let heads = HeadGrid::new(head_list);
    let clear = |r: Rect, placed: &[Rect]| -> f32 {
        let mut cost = 0.0;
        for &b in boxes.iter().chain(placed) {
            let a = overlap_area(r, b);
            if a > 0.0 {
                cost += 100.0 + a;
            }
        }
        cost += 100.0 * heads.hits(r) as f32;
        if r.0 < 0.0 || r.1 < 0.0 || r.2 > layout.width || r.3 > layout.height {
            cost += 1000.0;
        }
        cost
    };

    let spiral: Vec<Point> = std::iter::once((0.0, 0.0))
        .chain((1..=30).flat_map(|k| {
            let r = k as f32 * 3.0;
            let n = 8 + k * 2;
            (0..n).map(move |i| {
                let a = i as f32 * std::f32::consts::TAU / n as f32;
                (r * a.cos(), r * a.sin() * 0.8)
            })
        }))
        .collect();

    let mut placed: Vec<Rect> = Vec::new();
    // Coast labels first: small, and tied to their coast.
    let mut coast_labels: Vec<Option<Label>> = vec![None; n_locs];
    for (l, slot) in coast_labels.iter_mut().enumerate() {
        let (Some(at), Some(c)) = (layout.coast_label[l], map.coast_of(Loc(l as u16))) else {
            continue;
        };
        let lines = vec![c.to_string()];
        let size = 7.0;
        let best = best_spot(&spiral, at, |p| {
            clear(label_rect(&lines, p, size), &placed) + dist(p, at) * 0.01
        });
        placed.push(label_rect(&lines, best, size));
        *slot = Some(Label {
            lines,
            at: best,
            size,
        });
    }

    // Province labels, the smallest provinces first (they have the fewest places).
    let mut order: Vec<usize> = (0..provs.len()).collect();
    let areas: Vec<f32> = provs.iter().map(|r| area(r)).collect();
    order.sort_by(|&a, &b| areas[a].total_cmp(&areas[b]));
    let mut labels: Vec<Option<Label>> = vec![None; provs.len()];
    for p in order {
        let text = &texts[p];
        let home = layout.provinces[p].label;
        let mut options: Vec<(Vec<String>, f32)> = vec![(vec![text.clone()], size)];
        if let Some(two) = two_lines(text) {
            options.push((two, size));
        }
        options.push((vec![text.clone()], size * 0.88));
        if let Some(two) = two_lines(text) {
            options.push((two, size * 0.88));
        }
        let mut chosen: Option<(f32, Label)> = None;
        for (lines, sz) in options {
            // Inside the province if there is room; just outside it (in a tiny province
            // crowded by its unit) rather than under anything.
            let cost_at = |pt: Point| -> f32 {
                let (dx, dy) = (pt.0 - home.0, pt.1 - home.1);
                let out = if inside(&provs[p], pt) { 0.0 } else { 40.0 };
                out + clear(label_rect(&lines, pt, sz), &placed)
                    + (dx * dx + dy * dy).sqrt() * 0.001
            };
            let best = best_spot(&spiral, home, cost_at);
            let cost = cost_at(best);
            let better = chosen.as_ref().is_none_or(|(c, _)| cost < *c);
            if better {
                chosen = Some((
                    cost,
                    Label {
                        lines,
                        at: best,
                        size: sz,
                    },
                ));
            }
            if cost < 1.0 {
                break;
            }
        }
        let (_, label) = chosen.expect("at least one option");
        placed.push(label.rect());
        labels[p] = Some(label);
    }
    // Dislodged units: beside their anchor, inside the province, away from other anchors and
    // off the labels (placed first: a dislodged unit is rare, a label always there).
    let mut dislodged = Vec::with_capacity(n_locs);
    for l in 0..n_locs {
        let a = layout.unit_at[l];
        let rings = &provs[prov_of(l)];
        let candidates = [
            (13.0, 11.0),
            (-13.0, 11.0),
            (13.0, -11.0),
            (-13.0, -11.0),
            (0.0, 16.0),
            (16.0, 0.0),
            (-16.0, 0.0),
            (0.0, -16.0),
            (9.0, 8.0),
            (-9.0, 8.0),
            (9.0, -8.0),
            (-9.0, -8.0),
            (5.0, 5.0),
        ];
        let at = candidates
            .iter()
            .map(|&(dx, dy)| (a.0 + dx, a.1 + dy))
            .find(|&p| {
                inside(rings, p)
                    && !placed
                        .iter()
                        .any(|r| overlaps(*r, offset_rect(UNIT_BOX, p)))
                    && (0..n_locs)
                        .filter(|&m| m != l)
                        .all(|m| dist(layout.unit_at[m], p) >= 14.0)
            })
            .or_else(|| {
                candidates
                    .iter()
                    .map(|&(dx, dy)| (a.0 + dx, a.1 + dy))
                    .find(|&p| {
                        inside(rings, p)
                            && !placed
                                .iter()
                                .any(|r| overlaps(*r, offset_rect(UNIT_BOX, p)))
                    })
            })
            .or_else(|| {
                candidates
                    .iter()
                    .map(|&(dx, dy)| (a.0 + dx, a.1 + dy))
                    .find(|&p| inside(rings, p))
            })
            .unwrap_or((a.0 + 5.0, a.1 + 5.0));
        dislodged.push(at);
    }

    Placement {
        labels: labels.into_iter().map(|l| l.expect("placed")).collect(),
        coast_labels,
        dislodged,
        rings: provs,
        label_rects: placed,
    }
}

/// The spot of the spiral around `home` with the least cost (the first such, nearest home).
fn best_spot(spiral: &[Point], home: Point, cost: impl Fn(Point) -> f32) -> Point {
    let mut best = (f32::MAX, home);
    for &(dx, dy) in spiral {
        let p = (home.0 + dx, home.1 + dy);
        let c = cost(p);
        if c < best.0 {
            best = (c, p);
            if c < 0.5 {
                break;
            }
        }
    }
    best.1
}

fn dist(a: Point, b: Point) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}
