//! The SVG itself: provinces, centres, labels, order arrows, units, dislodged units, failure
//! marks, legend, and (optionally) the list of orders and results beside the map.
//!
//! A picture is made of two kinds of parts: the base map (outlines, water, rivers, labels),
//! the same in every phase, and a phase's layers (centre owners, orders, units, marks,
//! legend). [`Renderer::render`] draws one phase over the base; the history page
//! ([`Renderer::history_html`]) draws the base once and every phase as a layer over it.

use crate::i18n::{translate_title, word, MarkKind, Word};
use crate::layout::{is_sea, Layout, Point, Shape};
use crate::place::{
    aims, baseline, head_into, place, shorten, unit_vec, Placement, PAIR_SHIFT, SHIFT,
};
use entente_judge::{Dislodged, Failure, Outcome, Position, Unit};
use entente_map::{Loc, Map, PowerId, ProvinceId, UnitType};
use entente_orders::{format_order, Order};
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

pub(crate) const SEA: &str = "#b9d5ea";
const SEA_SCHEMATIC: &str = "#d6e8f5";
pub(crate) const LAND: &str = "#efe7d3";
const IMPASSABLE: &str = "#cbc6ba";
const OFFBOARD: &str = "#dde5ea";
const RIVER: &str = "#5b95c4";
pub(crate) const INK: &str = "#262626";
const FAIL: &str = "#d11f1f";
/// Width of the results panel beside the map.
pub const PANEL_W: f32 = 300.0;
const LEGEND_W: f32 = 200.0;

/// Rendering choices.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Label provinces with their names in this language (`cs`, `fr`, `ru`, `en`) instead of
    /// abbreviations; the legend, captions and the history page's buttons are in it too.
    pub lang: Option<String>,
    /// Leave out the legend (centre counts, date, marks).
    pub no_legend: bool,
    /// Draw the list of orders and their results in a panel beside the map (a picture with
    /// orders only; the history page lists them beside the map whatever this says).
    pub results: bool,
}

/// Draws positions of one map. Building it parses the map's geometry and places the labels
/// once; [`Renderer::render`] is then cheap.
pub struct Renderer<'m> {
    pub(crate) map: &'m Map,
    pub(crate) layout: Layout,
    pub(crate) opts: RenderOptions,
    pub(crate) place: Arc<Placement>,
}

/// Placements already made, by map, language and legend (see [`Renderer::new`]).
static PLACEMENTS: OnceLock<Mutex<HashMap<String, Arc<Placement>>>> = OnceLock::new();
/// At most this many placements are kept (a server with many variant files).
const PLACEMENTS_KEPT: usize = 64;

/// A phase's orders and dislodged units, as the renderer takes them.
pub(crate) struct PhaseMarks<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) orders: Option<&'a [(PowerId, Order, Outcome)]>,
    pub(crate) dislodged: &'a [(ProvinceId, Dislodged)],
    /// Leave out the `data-` attributes (the history page: its list says it all).
    pub(crate) lean: bool,
    /// Home centres to mark, each with its power (Escalation's nominated homes).
    pub(crate) homes: &'a [(ProvinceId, PowerId)],
}

/// Which mark a failed or illegal order gets.
pub fn mark_kind(outcome: &Outcome) -> Option<MarkKind> {
    Some(match outcome {
        Outcome::Succeeded => return None,
        Outcome::Illegal(_) => MarkKind::Illegal,
        Outcome::Failed(f) => match f {
            Failure::Bounced(_) => MarkKind::Bounce,
            Failure::Cut { .. } => MarkKind::Cut,
            Failure::Void(_) => MarkKind::Void,
            Failure::NoConvoy { .. } | Failure::Disrupted => MarkKind::NoConvoy,
            Failure::Dislodged { .. } => MarkKind::Dislodged,
            Failure::Paradox
            | Failure::ConflictingOrders
            | Failure::RetreatCollision
            | Failure::TooMany => MarkKind::Other,
        },
    })
}

impl<'m> Renderer<'m> {
    /// Uses the map's committed geometry, or the schematic layout for a variant without one.
    /// The labels' placement is made once per map (its name and provinces), language and
    /// legend, and kept for the next renderer.
    pub fn new(map: &'m Map, opts: RenderOptions) -> Renderer<'m> {
        let layout = Layout::for_map(map);
        let mut key = format!(
            "{}|{}|{:?}|{}|",
            map.name, layout.geographic, opts.lang, opts.no_legend
        );
        for p in map.provinces() {
            key.push_str(&p.abbr);
            key.push(',');
        }
        let cache = PLACEMENTS.get_or_init(|| Mutex::new(HashMap::new()));
        let kept = cache.lock().ok().and_then(|c| c.get(&key).cloned());
        if let Some(place) = kept {
            return Renderer {
                map,
                layout,
                opts,
                place,
            };
        }
        let r = Renderer::with_layout(map, layout, opts);
        if let Ok(mut c) = cache.lock() {
            if c.len() >= PLACEMENTS_KEPT {
                c.clear();
            }
            c.insert(key, r.place.clone());
        }
        r
    }

    /// Draws with the given layout (a geometry file's); places the labels anew.
    pub fn with_layout(map: &'m Map, layout: Layout, opts: RenderOptions) -> Renderer<'m> {
        let texts: Vec<String> = map
            .province_ids()
            .map(|p| {
                let prov = map.province(p);
                match opts.lang.as_deref() {
                    Some("en") => prov.name.clone(),
                    Some(lang) => map.province_name_in(p, lang).to_string(),
                    None => abbr_label(&prov.abbr),
                }
            })
            .collect();
        let size = if opts.lang.is_some() { 8.5 } else { 9.5 };
        let (lx, ly) = layout.legend_at;
        let legend = if opts.no_legend {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            (
                lx,
                ly - 7.0 * 15.0,
                lx + LEGEND_W,
                ly + crate::layout::legend_height(map),
            )
        };
        let place = Arc::new(place(map, &layout, &texts, size, legend));
        Renderer {
            map,
            layout,
            opts,
            place,
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(crate) fn lang(&self) -> &str {
        self.opts.lang.as_deref().unwrap_or("en")
    }

    /// The title in the renderer's language.
    pub fn title(&self, title: &str) -> String {
        translate_title(title, self.lang())
    }

    /// Where a unit dislodged from `loc` is drawn.
    pub fn dislodged_spot(&self, loc: Loc) -> Point {
        self.place.dislodged[loc.index()]
    }

    /// The placed label of a province: its lines, centre and font size.
    pub fn label(&self, p: ProvinceId) -> (&[String], Point, f32) {
        let l = &self.place.labels[p.index()];
        (&l.lines, l.at, l.size)
    }

    /// One picture: the position, and optionally a phase's orders with their outcomes drawn
    /// on it. `dislodged` units are drawn beside their province with their retreat options
    /// (pass the movement result's dislodged units, or the retreat phase's `pos.dislodged()`).
    pub fn render(
        &self,
        pos: &Position,
        orders: Option<&[(PowerId, Order, Outcome)]>,
        dislodged: &[(ProvinceId, Dislodged)],
        title: &str,
    ) -> String {
        self.render_with_homes(pos, orders, dislodged, title, &[])
    }

    /// [`Renderer::render`], with home centres marked: a ring of its power's colour around
    /// each centre of `homes` (Escalation's nominated homes, once they are known).
    pub fn render_with_homes(
        &self,
        pos: &Position,
        orders: Option<&[(PowerId, Order, Outcome)]>,
        dislodged: &[(ProvinceId, Dislodged)],
        title: &str,
        homes: &[(ProvinceId, PowerId)],
    ) -> String {
        let title = self.title(title);
        let mut s = String::with_capacity(self.layout_size_hint());
        let l = &self.layout;
        let panel = self.opts.results && orders.is_some();
        let w = if panel { l.width + PANEL_W } else { l.width };
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" data-variant="{v}" data-lang="{lang}">"#,
            h = l.height,
            v = esc(&self.map.name),
            lang = self.lang()
        );
        let _ = write!(s, "<title>{}</title>", esc(&title));
        s.push_str(STYLE);
        s.push_str("</style>");
        self.defs(&mut s, false);
        self.background(&mut s);
        self.provinces(&mut s, Some(pos));
        self.overlays(&mut s);
        self.labels(&mut s);
        let m = PhaseMarks {
            pos,
            orders,
            dislodged,
            lean: false,
            homes,
        };
        self.phase_top(&mut s, &m, &title);
        if panel {
            self.panel(&mut s, &m, l.width);
        }
        s.push_str("</svg>\n");
        s
    }

    fn layout_size_hint(&self) -> usize {
        let paths: usize = self
            .layout
            .provinces
            .iter()
            .map(|p| {
                let water = p.water.as_ref().map_or(0, |w| w.len() + 60);
                water
                    + match &p.shape {
                        Shape::Path(d) => d.len() + 80,
                        Shape::Node { .. } => 160,
                    }
            })
            .sum();
        paths
            + self.layout.impassable.len()
            + self.layout.lakes.len()
            + self.layout.offboard.len()
            + self.layout.rivers.len()
            + self.layout.crossings.len()
            + 24 * 1024
    }

    /// Marks, unit icons and the centre mark as reusable pieces; on the history page the
    /// province outlines too (`shapes`).
    pub(crate) fn defs(&self, s: &mut String, shapes: bool) {
        s.push_str("<defs>");
        s.push_str(MARK_DEFS);
        let _ = write!(
            s,
            r##"<g id="ua"><circle r="8.5" stroke="{INK}" stroke-width="1.3"/><text class="ut" y="3.4" fill="{INK}">A</text></g><g id="uaw"><circle r="8.5" stroke="{INK}" stroke-width="1.3"/><text class="ut" y="3.4" fill="#fff">A</text></g><g id="uf"><path d="M-10.5 1h21l-4.5 6.5h-12z" stroke="{INK}" stroke-width="1.3" stroke-linejoin="round"/><path d="M-1.5 -.5v-13.5l8 11.5z" stroke="{INK}" stroke-width="1.1" stroke-linejoin="round"/></g><g id="sc"><circle r="4.6" fill="#fff" stroke="{INK}"/><circle r="2.6" stroke="{INK}" stroke-width=".6"/></g>"##
        );
        if shapes {
            for p in self.map.province_ids() {
                if let Shape::Path(d) = &self.layout.provinces[p.index()].shape {
                    let _ = write!(
                        s,
                        r#"<path id="d-{}" fill-rule="evenodd" d="{d}"/>"#,
                        self.map.province(p).abbr
                    );
                }
            }
        }
        s.push_str("</defs>");
    }

    pub(crate) fn background(&self, s: &mut String) {
        let l = &self.layout;
        let sea_bg = if l.geographic { SEA } else { "#f7f4ee" };
        let _ = write!(
            s,
            r#"<rect width="{}" height="{}" fill="{sea_bg}"/>"#,
            l.width, l.height
        );
        if !l.offboard.is_empty() {
            let _ = write!(
                s,
                r#"<path id="offboard" fill="{OFFBOARD}" d="{}"/>"#,
                l.offboard
            );
        }
    }

    /// The fill of a province: its owner's tint for an owned centre.
    fn fill(&self, pos: Option<&Position>, p: ProvinceId) -> String {
        let prov = self.map.province(p);
        match pos.and_then(|pos| pos.owner(p)).filter(|_| prov.centre) {
            Some(owner) => tint(&self.map.power(owner).colour, 0.42),
            None if is_sea(self.map, p) => {
                if self.layout.geographic {
                    SEA.to_string()
                } else {
                    SEA_SCHEMATIC.to_string()
                }
            }
            None => LAND.to_string(),
        }
    }

    /// Every province, filled for `pos` (or unowned, for the history page's base, which then
    /// refers to the outlines in its `<defs>`).
    pub(crate) fn provinces(&self, s: &mut String, pos: Option<&Position>) {
        let l = &self.layout;
        if !l.geographic {
            s.push_str(r#"<g id="borders">"#);
            for &(a, b, army) in &l.edges {
                let (pa, pb) = (l.unit_at[a.index()], l.unit_at[b.index()]);
                let style = if army {
                    r##"stroke="#8a8276" stroke-width="2""##
                } else {
                    r##"stroke="#6fa3c9" stroke-width="2" stroke-dasharray="6 4""##
                };
                let _ = write!(
                    s,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style}/>"#,
                    pa.0, pa.1, pb.0, pb.1
                );
            }
            s.push_str("</g>");
        }
        s.push_str(r#"<g id="provinces">"#);
        for p in self.map.province_ids() {
            let prov = self.map.province(p);
            let sea = is_sea(self.map, p);
            let fill = self.fill(pos, p);
            let class = if sea { "pr sea" } else { "pr land" };
            match &l.provinces[p.index()].shape {
                Shape::Path(d) => {
                    if pos.is_some() {
                        let _ = write!(
                            s,
                            r#"<path id="p-{a}" class="{class}" data-province="{a}" fill="{fill}" fill-rule="evenodd" d="{d}"/>"#,
                            a = prov.abbr
                        );
                    } else {
                        let _ = write!(
                            s,
                            r##"<use id="p-{a}" class="{class}" data-province="{a}" fill="{fill}" href="#d-{a}"/>"##,
                            a = prov.abbr
                        );
                    }
                }
                Shape::Node { centre, radius } => {
                    let (x, y, r) = (centre.0, centre.1, *radius);
                    if sea {
                        let _ = write!(
                            s,
                            r#"<rect id="p-{a}" class="{class}" data-province="{a}" fill="{fill}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="9" stroke-width="1.2"/>"#,
                            x - r * 1.15,
                            y - r * 0.9,
                            r * 2.3,
                            r * 1.8,
                            a = prov.abbr
                        );
                    } else {
                        let _ = write!(
                            s,
                            r#"<circle id="p-{a}" class="{class}" data-province="{a}" fill="{fill}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" stroke-width="1.2"/>"#,
                            a = prov.abbr
                        );
                    }
                }
            }
        }
        s.push_str("</g>");
    }

    /// The history page's layer of owned centres over the unowned base.
    pub(crate) fn owned_fills(&self, s: &mut String, pos: &Position) {
        for p in self.map.province_ids() {
            if !self.map.province(p).centre || pos.owner(p).is_none() {
                continue;
            }
            let fill = self.fill(Some(pos), p);
            let abbr = &self.map.province(p).abbr;
            match &self.layout.provinces[p.index()].shape {
                Shape::Path(_) => {
                    let _ = write!(s, r##"<use class="pr" fill="{fill}" href="#d-{abbr}"/>"##);
                }
                Shape::Node { centre, radius } => {
                    let _ = write!(
                        s,
                        r#"<circle class="pr" fill="{fill}" cx="{:.1}" cy="{:.1}" r="{radius:.1}" stroke-width="1.2"/>"#,
                        centre.0, centre.1
                    );
                }
            }
        }
    }

    /// Water in land spaces, impassable land, lakes, rivers, straits.
    pub(crate) fn overlays(&self, s: &mut String) {
        let l = &self.layout;
        for p in self.map.province_ids() {
            if let Some(w) = &l.provinces[p.index()].water {
                let _ = write!(
                    s,
                    r#"<path class="pr water" data-province="{}" fill="{SEA}" d="{w}"/>"#,
                    self.map.province(p).abbr
                );
            }
        }
        if !l.impassable.is_empty() {
            let _ = write!(
                s,
                r#"<path id="impassable" class="pr" fill="{IMPASSABLE}" d="{}"/>"#,
                l.impassable
            );
        }
        if !l.lakes.is_empty() {
            let _ = write!(
                s,
                r#"<path id="lakes" class="pr" fill="{SEA}" d="{}"/>"#,
                l.lakes
            );
        }
        if !l.rivers.is_empty() {
            let _ = write!(
                s,
                r#"<path id="rivers" fill="none" stroke="{RIVER}" stroke-width="1.8" stroke-linejoin="round" stroke-linecap="round" d="{}"/>"#,
                l.rivers
            );
        }
        if !l.crossings.is_empty() {
            let _ = write!(
                s,
                r##"<path id="crossings" fill="none" stroke="#6d6458" stroke-width="2.4" stroke-dasharray="2.4 1.6" d="{}"/>"##,
                l.crossings
            );
        }
    }

    fn centres(&self, s: &mut String, pos: &Position, lean: bool) {
        s.push_str(r#"<g class="centres">"#);
        for p in self.map.province_ids() {
            let Some((x, y)) = self.layout.provinces[p.index()].centre_mark else {
                continue;
            };
            let (fill, owner) = match pos.owner(p) {
                Some(o) => (
                    self.map.power(o).colour.as_str(),
                    esc(&self.map.power(o).name).into_owned(),
                ),
                None => ("#fff", String::new()),
            };
            if lean {
                let _ = write!(
                    s,
                    r##"<use href="#sc" x="{x:.1}" y="{y:.1}" fill="{fill}"/>"##
                );
            } else {
                let _ = write!(
                    s,
                    r##"<use class="sc" data-centre="{a}" data-owner="{owner}" href="#sc" x="{x:.1}" y="{y:.1}" fill="{fill}"/>"##,
                    a = self.map.province(p).abbr
                );
            }
        }
        s.push_str("</g>");
    }

    /// Rings of their powers' colours around home centres.
    fn homes(&self, s: &mut String, homes: &[(ProvinceId, PowerId)]) {
        if homes.is_empty() {
            return;
        }
        s.push_str(r#"<g class="homes">"#);
        for &(p, power) in homes {
            let Some((x, y)) = self.layout.provinces[p.index()].centre_mark else {
                continue;
            };
            let _ = write!(
                s,
                r#"<circle class="home" data-home="{a}" data-power="{n}" cx="{x:.1}" cy="{y:.1}" r="7" fill="none" stroke="{c}" stroke-width="2.2"><title>{n}</title></circle>"#,
                a = self.map.province(p).abbr,
                n = esc(&self.map.power(power).name),
                c = self.map.power(power).colour,
            );
        }
        s.push_str("</g>");
    }

    pub(crate) fn labels(&self, s: &mut String) {
        s.push_str(r#"<g id="labels">"#);
        for p in self.map.province_ids() {
            let l = &self.place.labels[p.index()];
            let class = if is_sea(self.map, p) { "lb ls" } else { "lb" };
            let abbr = &self.map.province(p).abbr;
            let (x, y) = l.at;
            let size = if (l.size - 9.5).abs() > 0.01 {
                format!(r#" style="font-size:{:.2}px""#, l.size)
            } else {
                String::new()
            };
            if l.lines.len() == 1 {
                let _ = write!(
                    s,
                    r#"<text id="l-{abbr}" class="{class}" x="{x:.1}" y="{:.1}"{size}>{}</text>"#,
                    baseline(y, 1, 0, l.size),
                    esc(&l.lines[0])
                );
            } else {
                let _ = write!(s, r#"<text id="l-{abbr}" class="{class}"{size}>"#);
                for (i, line) in l.lines.iter().enumerate() {
                    let _ = write!(
                        s,
                        r#"<tspan x="{x:.1}" y="{:.1}">{}</tspan>"#,
                        baseline(y, l.lines.len(), i, l.size),
                        esc(line)
                    );
                }
                s.push_str("</text>");
            }
        }
        for (i, c) in self.place.coast_labels.iter().enumerate() {
            if let Some(c) = c {
                let (x, y) = c.at;
                let _ = write!(
                    s,
                    r#"<text id="l-{}" class="cl" x="{x:.1}" y="{:.1}">{}</text>"#,
                    self.map.loc_abbr(Loc(i as u16)).replace('/', "-"),
                    baseline(y, 1, 0, c.size),
                    esc(&c.lines[0])
                );
            }
        }
        s.push_str("</g>");
    }

    /// A phase's top layer: centres, orders, units, dislodged units, marks, legend.
    pub(crate) fn phase_top(&self, s: &mut String, m: &PhaseMarks, title: &str) {
        self.centres(s, m.pos, m.lean);
        self.homes(s, m.homes);
        let mut marks = String::new();
        s.push_str(r#"<g class="orders">"#);
        if let Some(list) = m.orders {
            let pairs = opposite_moves(self.map, list);
            // Failed orders under the ones that succeeded: in a head-to-head battle the
            // winner's arrow is drawn whole over the loser's.
            for pass in [false, true] {
                for (i, (power, order, outcome)) in list.iter().enumerate() {
                    if outcome.succeeded() == pass {
                        self.order(s, &mut marks, m, i, *power, order, outcome, pairs[i]);
                    }
                }
            }
        }
        s.push_str("</g>");
        self.units(s, m.pos, m.dislodged, m.lean);
        s.push_str(r#"<g class="marks">"#);
        s.push_str(&marks);
        s.push_str("</g>");
        if !self.opts.no_legend {
            self.legend(s, m, title);
        }
    }

    /// Where the unit in province `p` is drawn (at its coast if it stands on one).
    fn unit_point(&self, pos: &Position, loc: Loc) -> Point {
        let p = self.map.province_of(loc);
        match pos.unit_at(p) {
            Some(u) => self.layout.unit_at[u.loc.index()],
            None => self.layout.unit_at[loc.index()],
        }
    }

    /// The head of an arrow from `a` to the location `to` (at `b`): in the province, clear
    /// of the labels where it can be.
    fn head(&self, a: Point, b: Point, shift: f32, to: Loc) -> ([Point; 3], f32) {
        let dest = &self.place.rings[self.map.province_of(to).index()];
        head_into(a, b, shift, dest, |h| self.place.covers_label(h))
    }

    /// Where an arrow from `a` to the location `to` aims: its unit spot, or for a large
    /// province (not a coast: a coast's spot is where the fleet goes) a point just over the
    /// border, the first whose arrowhead covers no label.
    fn aim(&self, a: Point, to: Loc) -> Point {
        let b = self.layout.unit_at[to.index()];
        if self.map.coast_of(to).is_some() {
            return b;
        }
        let rings = &self.place.rings[self.map.province_of(to).index()];
        let aims = aims(rings, a, b);
        aims.iter()
            .copied()
            .find(|&p| {
                let (head, _) = head_into(a, p, 0.0, rings, |h| self.place.covers_label(h));
                !self.place.covers_label(&head)
            })
            .unwrap_or(b)
    }

    fn dislodged_point(&self, d: &Dislodged) -> Point {
        self.place.dislodged[d.unit.loc.index()]
    }

    /// The fleets convoying the army in `from` to `to`, in chain order from the army.
    fn convoy_chain(&self, m: &PhaseMarks, from: ProvinceId, to: Loc) -> Vec<Point> {
        let map = self.map;
        let Some(list) = m.orders else {
            return Vec::new();
        };
        let to_p = map.province_of(to);
        let mut fleets: Vec<Point> = list
            .iter()
            .filter_map(|(_, o, _)| match *o {
                Order::Convoy {
                    unit,
                    target,
                    to: t,
                } if map.province_of(target.loc) == from && map.province_of(t) == to_p => {
                    Some(self.unit_point(m.pos, unit.loc))
                }
                _ => None,
            })
            .collect();
        // Greedy nearest-neighbour from the army: the chain as players read it.
        let mut chain = Vec::with_capacity(fleets.len());
        let mut at = self.unit_point(m.pos, Loc(from.0));
        while !fleets.is_empty() {
            let (k, _) = fleets
                .iter()
                .enumerate()
                .min_by(|(_, a), (_, b)| d2(at, **a).total_cmp(&d2(at, **b)))
                .expect("not empty");
            at = fleets.swap_remove(k);
            chain.push(at);
        }
        chain
    }

    #[allow(clippy::too_many_arguments)]
    fn order(
        &self,
        s: &mut String,
        marks: &mut String,
        m: &PhaseMarks,
        index: usize,
        power: PowerId,
        order: &Order,
        outcome: &Outcome,
        paired: bool,
    ) {
        let map = self.map;
        let pos = m.pos;
        let colour = &map.power(power).colour;
        let (result, extra) = match outcome {
            Outcome::Succeeded => ("succeeded", ""),
            Outcome::Failed(_) => ("failed", r#" opacity=".7""#),
            Outcome::Illegal(_) => ("illegal", r#" opacity=".5""#),
        };
        let reason = match outcome {
            Outcome::Succeeded => "",
            Outcome::Failed(f) => f.describe(),
            Outcome::Illegal(i) => i.describe(),
        };
        let kind_mark = mark_kind(outcome);
        let written = format_order(map, order);
        // In a retreat phase a plain move is the dislodged unit's retreat.
        let retreating = |l: Loc| pos.dislodged_at(map.province_of(l)).is_some();
        let order = &match *order {
            Order::Move { unit, to, .. } if retreating(unit.loc) => Order::Retreat { unit, to },
            o => o,
        };
        let kind = match order {
            Order::Hold(_) => "hold",
            Order::Move { .. } => "move",
            Order::SupportHold { .. } => "support-hold",
            Order::SupportMove { .. } => "support-move",
            Order::Convoy { .. } => "convoy",
            Order::Retreat { .. } => "retreat",
            Order::Disband(_) => "disband",
            Order::Build { .. } => "build",
            Order::Remove(_) => "remove",
            Order::Waive => "waive",
        };
        if m.lean {
            let _ = write!(s, r#"<g class="order {kind}"{extra}>"#);
        } else {
            let _ = write!(
                s,
                r#"<g class="order {kind}" data-index="{index}" data-order="{}" data-power="{}" data-outcome="{result}" data-reason="{reason}"{extra}>"#,
                esc(&written),
                esc(&map.power(power).name)
            );
        }
        let lean = m.lean;
        let mut mark = |at: Point| {
            if let Some(k) = kind_mark {
                mark_at(marks, k, at, (!lean).then_some((index, reason)));
            }
        };
        let dislodged_at =
            |p: ProvinceId| m.dislodged.iter().find(|(q, _)| *q == p).map(|(_, d)| d);
        match *order {
            Order::Hold(u) => {
                let (x, y) = self.unit_point(pos, u.loc);
                let _ = write!(
                    s,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="13" fill="none" stroke="{INK}" stroke-width="4"/><circle cx="{x:.1}" cy="{y:.1}" r="13" fill="none" stroke="{colour}" stroke-width="2.4"/>"#
                );
                mark((x + 10.0, y + 10.0));
            }
            Order::Move { unit, to, .. } => {
                let a = self.unit_point(pos, unit.loc);
                let b = self.aim(a, to);
                let chain = self.convoy_chain(m, map.province_of(unit.loc), to);
                let dashed = matches!(outcome, Outcome::Illegal(_));
                let to_abbr = if lean {
                    ""
                } else {
                    map.province(map.province_of(to)).abbr.as_str()
                };
                if !chain.is_empty() {
                    // By convoy: one path from the army through its fleets.
                    let mut pts = vec![a];
                    pts.extend(&chain);
                    pts.push(b);
                    let n = pts.len();
                    let (head, _) = self.head(pts[n - 2], pts[n - 1], 0.0, to);
                    polyline_arrow(s, &pts, head, colour, dashed, to_abbr);
                    if outcome.succeeded() {
                    } else {
                        let k = pts.len() - 2;
                        mark(lerp(shorten(pts[k], pts[k + 1], 10.0, 12.0), 0.6));
                    }
                } else {
                    let shift = if paired { PAIR_SHIFT } else { SHIFT };
                    let head = self.head(a, b, shift, to);
                    arrow(s, a, b, head, colour, dashed, to_abbr);
                    if !outcome.succeeded() {
                        let (a2, b2) = side(a, b, shift);
                        // On the loser of two opposite moves, near its own start: the
                        // winner's arrow runs the other way beside it.
                        let t = if paired { 0.3 } else { 0.72 };
                        mark(lerp(shorten(a2, b2, 10.0, 12.0), t));
                    }
                }
            }
            Order::Retreat { unit, to } => {
                let p = map.province_of(unit.loc);
                let a = match dislodged_at(p).or(pos.dislodged_at(p).as_ref()) {
                    Some(d) => self.dislodged_point(d),
                    None => self.unit_point(pos, unit.loc),
                };
                let b = self.aim(a, to);
                let to_abbr = if lean {
                    ""
                } else {
                    map.province(map.province_of(to)).abbr.as_str()
                };
                let head = self.head(a, b, 0.0, to);
                arrow(s, a, b, head, colour, true, to_abbr);
                if !outcome.succeeded() {
                    mark(lerp(shorten(a, b, 9.0, 12.0), 0.72));
                }
            }
            Order::SupportHold { unit, target } => {
                let a = self.unit_point(pos, unit.loc);
                let t = self.unit_point(pos, target.loc);
                let (a2, t2) = shorten(a, t, 9.0, 15.0);
                let d = format!("M{:.1} {:.1}L{:.1} {:.1}", a2.0, a2.1, t2.0, t2.1);
                let _ = write!(
                    s,
                    r#"<path class="sk" d="{d}"/><path class="sc2" stroke="{colour}" d="{d}"/><circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="4 2"/>"#,
                    t.0, t.1
                );
                mark(lerp((a2, t2), 0.5));
            }
            Order::SupportMove { unit, target, to } => {
                let a = self.unit_point(pos, unit.loc);
                let from = self.unit_point(pos, target.loc);
                let dest = self.aim(from, to);
                let (f2, d2) = side(from, dest, SHIFT);
                let goal = lerp(shorten(f2, d2, 10.0, 12.0), 0.62);
                let (a2, _) = shorten(a, goal, 9.0, 0.0);
                let ctrl = bend(a2, goal, 0.18);
                let d = format!(
                    "M{:.1} {:.1}Q{:.1} {:.1} {:.1} {:.1}",
                    a2.0, a2.1, ctrl.0, ctrl.1, goal.0, goal.1
                );
                let _ = write!(
                    s,
                    r#"<path class="sk" d="{d}"/><path class="sc2" stroke="{colour}" d="{d}"/><circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}" stroke="{INK}" stroke-width="1"/>"#,
                    goal.0, goal.1
                );
                mark(bezier_mid(a2, ctrl, goal));
            }
            Order::Convoy { unit, .. } => {
                // The chain itself is drawn with the army's move; the fleet gets a ring.
                let f = self.unit_point(pos, unit.loc);
                let _ = write!(
                    s,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{INK}" stroke-width="3.4" stroke-dasharray="1 3"/><circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="1 3"/>"#,
                    f.0, f.1, f.0, f.1
                );
                mark((f.0 + 10.0, f.1 + 10.0));
            }
            Order::Disband(u) => {
                let p = map.province_of(u.loc);
                let at = match dislodged_at(p).or(pos.dislodged_at(p).as_ref()) {
                    Some(d) => self.dislodged_point(d),
                    None => self.unit_point(pos, u.loc),
                };
                // Over the unit (and its halo): drawn with the marks, after the units.
                cross_in(marks, at, colour, index, "disband");
            }
            Order::Remove(u) => {
                let at = self.unit_point(pos, u.loc);
                let _ = write!(
                    s,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{INK}" stroke-width="4"/><circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="2.4"/>"#,
                    at.0, at.1, at.0, at.1
                );
                cross_in(marks, at, colour, index, "remove");
            }
            Order::Build { ty, loc } => {
                let at = self.layout.unit_at[loc.index()];
                let _ = write!(
                    s,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="15" fill="#ffffff" fill-opacity=".55" stroke="{INK}" stroke-width="4" stroke-dasharray="4 2"/><circle cx="{:.1}" cy="{:.1}" r="15" fill="none" stroke="{colour}" stroke-width="2.4" stroke-dasharray="4 2"/>"##,
                    at.0, at.1, at.0, at.1
                );
                let ty = ty.unwrap_or(UnitType::Army);
                if outcome.succeeded() {
                    s.push_str(r#"<g opacity=".85">"#);
                    unit_icon(s, at, ty, colour);
                    s.push_str("</g>");
                }
                let _ = write!(
                    s,
                    r##"<text x="{:.1}" y="{:.1}" font-size="13" font-weight="bold" fill="{INK}" stroke="#fff" stroke-width="2" paint-order="stroke" text-anchor="middle">+</text>"##,
                    at.0 + 13.0,
                    at.1 - 8.0
                );
                mark(at);
            }
            Order::Waive => {}
        }
        s.push_str("</g>");
    }

    fn units(
        &self,
        s: &mut String,
        pos: &Position,
        dislodged: &[(ProvinceId, Dislodged)],
        lean: bool,
    ) {
        s.push_str(r#"<g class="units">"#);
        for (p, u) in pos.units() {
            // A unit dislodged this phase is drawn beside its province instead.
            if dislodged.iter().any(|(q, d)| *q == p && d.unit == u) {
                continue;
            }
            let at = self.layout.unit_at[u.loc.index()];
            self.unit(s, u, at, "unit", "", lean);
        }
        s.push_str("</g>");
        s.push_str(r#"<g class="dislodged">"#);
        for (_, d) in dislodged {
            let at = self.dislodged_point(d);
            let colour = &self.map.power(d.unit.power).colour;
            // Retreat options: thin dotted spokes to each space the unit may retreat to, with a
            // dark casing so that a pale power's are seen too.
            let opts: Vec<String> = d
                .retreats
                .iter()
                .map(|l| self.map.loc_abbr(Loc(l)))
                .collect();
            for l in d.retreats.iter() {
                let b = self.layout.unit_at[l as usize];
                let (a2, b2) = shorten(at, b, 10.0, 6.0);
                let _ = write!(
                    s,
                    r#"<path class="retreat-option" data-to="{}" d="M{:.1} {:.1}L{:.1} {:.1}" stroke="{INK}" stroke-width="3" stroke-dasharray="2 3" fill="none"/><path d="M{:.1} {:.1}L{:.1} {:.1}" stroke="{colour}" stroke-width="1.6" stroke-dasharray="2 3" fill="none"/><circle cx="{:.1}" cy="{:.1}" r="3" fill="none" stroke="{INK}" stroke-width="3"/><circle cx="{:.1}" cy="{:.1}" r="3" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
                    self.map.loc_abbr(Loc(l)),
                    a2.0,
                    a2.1,
                    b2.0,
                    b2.1,
                    a2.0,
                    a2.1,
                    b2.0,
                    b2.1,
                    b2.0,
                    b2.1,
                    b2.0,
                    b2.1
                );
            }
            let _ = write!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="12.5" fill="#fff" fill-opacity=".6" stroke="{FAIL}" stroke-width="1.6" stroke-dasharray="3 2"/>"##,
                at.0, at.1
            );
            let extra = format!(r#" data-retreats="{}""#, opts.join(" "));
            self.unit(s, d.unit, at, "unit dislodged", &extra, lean);
        }
        s.push_str("</g>");
    }

    #[allow(clippy::too_many_arguments)]
    fn unit(&self, s: &mut String, u: Unit, at: Point, class: &str, extra: &str, lean: bool) {
        let power = self.map.power(u.power);
        if lean {
            let _ = write!(s, r#"<g class="{class}">"#);
            unit_icon(s, at, u.ty, &power.colour);
            s.push_str("</g>");
            return;
        }
        let _ = write!(
            s,
            r#"<g class="{class}" data-power="{}" data-type="{}" data-loc="{}"{extra}>"#,
            esc(&power.name),
            u.ty.letter(),
            self.map.loc_abbr(u.loc)
        );
        unit_icon(s, at, u.ty, &power.colour);
        s.push_str("</g>");
    }

    fn power_name(&self, pid: PowerId) -> String {
        let p = self.map.power(pid);
        match self.opts.lang.as_deref() {
            Some(lang) if lang != "en" => p
                .names
                .iter()
                .find(|(l, _)| l == lang)
                .and_then(|(_, n)| n.first())
                .unwrap_or(&p.name)
                .clone(),
            _ => p.name.clone(),
        }
    }

    /// The marks this phase's orders get, in legend order.
    fn kinds(&self, m: &PhaseMarks) -> Vec<MarkKind> {
        let mut kinds: Vec<MarkKind> = m
            .orders
            .unwrap_or(&[])
            .iter()
            .filter_map(|(_, _, o)| mark_kind(o))
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    }

    fn legend(&self, s: &mut String, m: &PhaseMarks, title: &str) {
        let (x, y) = self.layout.legend_at;
        let map = self.map;
        let lang = self.lang();
        let kinds = self.kinds(m);
        let extra_rows = kinds.len() + usize::from(!m.dislodged.is_empty());
        let extra = 15.0 * extra_rows as f32;
        let h = crate::layout::legend_height(map) + extra + if extra_rows > 0 { 6.0 } else { 0.0 };
        // The box grows upwards: its bottom stays where the layout put it.
        let top = y - (h - crate::layout::legend_height(map));
        let w = LEGEND_W;
        let _ = write!(
            s,
            r##"<g class="legend" transform="translate({x:.1} {top:.1})"><rect width="{w}" height="{h}" rx="6" fill="#fffdf7" fill-opacity=".92" stroke="#6d6458"/><text x="10" y="20" font-size="13" font-weight="bold" fill="{INK}">{}</text>"##,
            esc(title)
        );
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="36" font-size="8.5" fill="#6d6458" text-anchor="end" xml:space="preserve">{}</text>"##,
            w - 10.0,
            word(Word::CentresUnits, lang)
        );
        for (i, pid) in map.power_ids().enumerate() {
            let p = map.power(pid);
            let name = self.power_name(pid);
            let ry = 44.0 + 19.0 * i as f32;
            let _ = write!(
                s,
                r#"<g class="legend-power" data-power="{}" data-centres="{c}"><rect x="10" y="{:.1}" width="14" height="12" rx="2" fill="{}" stroke="{INK}" stroke-width=".8"/><text x="30" y="{:.1}" font-size="11" fill="{INK}">{}</text><text x="{:.1}" y="{:.1}" font-size="11" font-weight="bold" fill="{INK}" text-anchor="end">{c}</text><text x="{:.1}" y="{:.1}" font-size="11" fill="{INK}" text-anchor="end">{}</text></g>"#,
                esc(&p.name),
                ry - 1.0,
                p.colour,
                ry + 9.5,
                esc(&name),
                w - 48.0,
                ry + 9.5,
                w - 12.0,
                ry + 9.5,
                pos_units(m.pos, pid),
                c = m.pos.centre_count(map, pid),
            );
        }
        let mut ry = crate::layout::legend_height(map) + 4.0;
        for k in kinds {
            let _ = write!(
                s,
                r##"<g class="legend-mark" data-mark="{id}"><use href="#m-{id}" x="17" y="{:.1}"/><text x="30" y="{:.1}" font-size="10" fill="{INK}">{}</text></g>"##,
                ry + 6.0,
                ry + 9.5,
                esc(k.explain(lang)),
                id = k.id()
            );
            ry += 15.0;
        }
        if !m.dislodged.is_empty() {
            let _ = write!(
                s,
                r##"<g class="legend-mark" data-mark="dislodged-unit"><circle cx="17" cy="{:.1}" r="6.5" fill="#fff" stroke="{FAIL}" stroke-width="1.4" stroke-dasharray="3 2"/><text x="30" y="{:.1}" font-size="10" fill="{INK}">{}</text></g>"##,
                ry + 6.0,
                ry + 9.5,
                esc(word(Word::DislodgedUnit, lang))
            );
        }
        s.push_str("</g>");
    }

    /// The list of orders and results, as lines: (power colour, text, mark).
    pub(crate) fn results(
        &self,
        m: &PhaseMarks,
    ) -> Vec<(PowerId, String, Option<MarkKind>, String)> {
        let mut out = Vec::new();
        let Some(list) = m.orders else {
            return out;
        };
        let mut idx: Vec<usize> = (0..list.len()).collect();
        idx.sort_by_key(|&i| list[i].0);
        for i in idx {
            let (power, order, outcome) = &list[i];
            let reason = match outcome {
                Outcome::Succeeded => word(Word::Succeeded, self.lang()).to_string(),
                o => mark_kind(o)
                    .map(|k| k.explain(self.lang()).to_string())
                    .unwrap_or_default(),
            };
            out.push((
                *power,
                format_order(self.map, order),
                mark_kind(outcome),
                reason,
            ));
        }
        out
    }

    /// The results panel to the right of the map.
    fn panel(&self, s: &mut String, m: &PhaseMarks, x: f32) {
        let lang = self.lang();
        let h = self.layout.height;
        let lines = self.results(m);
        let avail = h - 50.0;
        let step = (avail / lines.len().max(1) as f32).clamp(7.0, 15.0);
        let font = (step * 0.75).min(10.5);
        let _ = write!(
            s,
            r##"<g class="results" transform="translate({x:.1} 0)"><rect width="{PANEL_W}" height="{h}" fill="#fffdf7" stroke="#6d6458"/><text x="12" y="24" font-size="13" font-weight="bold" fill="{INK}">{}</text>"##,
            esc(word(Word::Results, lang))
        );
        if lines.is_empty() {
            let _ = write!(
                s,
                r##"<text x="12" y="44" font-size="10.5" fill="#6d6458">{}</text>"##,
                esc(word(Word::NoOrders, lang))
            );
        }
        for (i, (power, text, kind, reason)) in lines.iter().enumerate() {
            let y = 40.0 + step * i as f32;
            let colour = &self.map.power(*power).colour;
            let _ = write!(
                s,
                r#"<g class="result"><rect x="10" y="{:.1}" width="8" height="{:.1}" fill="{colour}" stroke="{INK}" stroke-width=".6"/>"#,
                y,
                step * 0.7
            );
            if let Some(k) = kind {
                let sc = (step / 15.0).min(1.0) * 0.75;
                let _ = write!(
                    s,
                    r##"<use href="#m-{}" transform="translate(30 {:.1}) scale({sc:.2})"/>"##,
                    k.id(),
                    y + step * 0.35
                );
            }
            let _ = write!(
                s,
                r##"<text x="42" y="{:.1}" font-size="{font:.1}" fill="{INK}">{}<tspan fill="#6d6458">&#160;— {}</tspan></text></g>"##,
                y + step * 0.62,
                esc(text),
                esc(reason)
            );
        }
        s.push_str("</g>");
    }
}

fn pos_units(pos: &Position, pid: PowerId) -> usize {
    pos.unit_count(pid)
}

/// For each order, whether it is one of two moves between the same two provinces in opposite
/// directions (a head-to-head battle, or a swap).
fn opposite_moves(map: &Map, list: &[(PowerId, Order, Outcome)]) -> Vec<bool> {
    let moves: Vec<Option<(ProvinceId, ProvinceId)>> = list
        .iter()
        .map(|(_, o, _)| match *o {
            Order::Move { unit, to, .. } => Some((map.province_of(unit.loc), map.province_of(to))),
            _ => None,
        })
        .collect();
    moves
        .iter()
        .map(|m| match m {
            Some((a, b)) => moves.contains(&Some((*b, *a))),
            None => false,
        })
        .collect()
}

pub(crate) const STYLE: &str = concat!(
    "<style>",
    ".pr{stroke:#6d6458;stroke-width:.6;stroke-linejoin:round}",
    ".lb{font-size:9.5px;fill:#3a3328;text-anchor:middle;stroke:#fff;stroke-width:2.4px;stroke-opacity:.8;paint-order:stroke}",
    ".ls{font-style:italic;fill:#2d5f86}",
    ".cl{font-size:7px;fill:#2d5f86;text-anchor:middle;stroke:#fff;stroke-width:2px;stroke-opacity:.8;paint-order:stroke}",
    ".ut{font-size:9.5px;font-weight:bold;text-anchor:middle}",
    ".ak{stroke:#262626;stroke-width:5;fill:none}",
    ".ac{stroke-width:3;fill:none}",
    ".ah{stroke:#262626;stroke-width:1.2;stroke-linejoin:round}",
    ".sk{stroke:#262626;stroke-width:3.6;stroke-dasharray:5 3;fill:none}",
    ".sc2{stroke-width:2;stroke-dasharray:5 3;fill:none}",
);

/// The failure marks, one per [`MarkKind`], centred on the origin.
const MARK_DEFS: &str = concat!(
    // bounce: a no-entry sign
    r##"<g id="m-bounce"><circle r="6.5" fill="#d11f1f" stroke="#fff" stroke-width="1.5"/><rect x="-4" y="-1.3" width="8" height="2.6" fill="#fff"/></g>"##,
    // cut: two slashes across the support
    r##"<g id="m-cut"><path d="M-6 4L-1 -5M1 5L6 -4" stroke="#fff" stroke-width="5" stroke-linecap="round"/><path d="M-6 4L-1 -5M1 5L6 -4" stroke="#d11f1f" stroke-width="2.6" stroke-linecap="round"/></g>"##,
    // void: an empty set
    r##"<g id="m-void"><circle r="5.5" fill="#fff" stroke="#d11f1f" stroke-width="2.2"/><path d="M-5 5L5 -5" stroke="#d11f1f" stroke-width="2.2"/></g>"##,
    // no convoy: a struck-out wave
    r##"<g id="m-noconvoy"><rect x="-7.5" y="-5.5" width="15" height="11" rx="3" fill="#fff" stroke="#d11f1f" stroke-width="1.4"/><path d="M-5.5 1q1.4-3 2.75 0t2.75 0t2.75 0t2.75 0" fill="none" stroke="#2d5f86" stroke-width="1.6"/><path d="M-4 4.5L4 -4.5" stroke="#d11f1f" stroke-width="1.8"/></g>"##,
    // dislodged: a cross
    r##"<g id="m-dislodged"><path d="M-5 -5L5 5M-5 5L5 -5" stroke="#fff" stroke-width="5.5" stroke-linecap="round"/><path d="M-5 -5L5 5M-5 5L5 -5" stroke="#d11f1f" stroke-width="3" stroke-linecap="round"/></g>"##,
    // other: a warning triangle
    r##"<g id="m-other"><path d="M0 -7L7.5 6H-7.5z" fill="#d11f1f" stroke="#fff" stroke-width="1.2" stroke-linejoin="round"/><path d="M0 -2.5V1.8M0 3.6V4" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></g>"##,
    // illegal: a grey disc with a cross
    r##"<g id="m-illegal"><circle r="6.5" fill="#555" stroke="#fff" stroke-width="1.2"/><path d="M-3 -3L3 3M-3 3L3 -3" stroke="#fff" stroke-width="2" stroke-linecap="round"/></g>"##,
);

fn mark_at(s: &mut String, k: MarkKind, (x, y): Point, data: Option<(usize, &str)>) {
    let id = k.id();
    match data {
        Some((index, reason)) => {
            let _ = write!(
                s,
                r##"<use class="fail" data-mark="{id}" data-index="{index}" data-reason="{reason}" href="#m-{id}" x="{x:.1}" y="{y:.1}"/>"##,
            );
        }
        None => {
            let _ = write!(
                s,
                r##"<use class="fail" href="#m-{id}" x="{x:.1}" y="{y:.1}"/>"##
            );
        }
    }
}

/// "stp" -> "StP"-like display: first letter capital.
fn abbr_label(abbr: &str) -> String {
    let mut c = abbr.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn unit_icon(s: &mut String, (x, y): Point, ty: UnitType, colour: &str) {
    let id = match ty {
        UnitType::Army if text_colour(colour) == INK => "ua",
        UnitType::Army => "uaw",
        UnitType::Fleet => "uf",
    };
    let _ = write!(
        s,
        r##"<use href="#{id}" x="{x:.1}" y="{y:.1}" fill="{colour}"/>"##
    );
}

/// An arrow from `a` to `b` shifted `shift` to its right, ending in `head`; the head is
/// marked with the province it points into.
#[allow(clippy::too_many_arguments)]
fn arrow(
    s: &mut String,
    a: Point,
    b: Point,
    (head, shift): ([Point; 3], f32),
    colour: &str,
    dashed: bool,
    to: &str,
) {
    let (a, b) = side(a, b, shift);
    let (a, _) = shorten(a, b, 10.0, 11.0);
    let base = ((head[1].0 + head[2].0) / 2.0, (head[1].1 + head[2].1) / 2.0);
    let d = format!("M{:.1} {:.1}L{:.1} {:.1}", a.0, a.1, base.0, base.1);
    head_path(s, &d, &head, colour, dashed, to);
}

fn head_path(s: &mut String, d: &str, head: &[Point; 3], colour: &str, dashed: bool, to: &str) {
    let to = if to.is_empty() {
        String::new()
    } else {
        format!(r#" data-to="{to}""#)
    };
    let dash = if dashed {
        r#" stroke-dasharray="6 3""#
    } else {
        ""
    };
    let _ = write!(
        s,
        r#"<path class="ak" d="{d}"{dash}/><path class="ac" stroke="{colour}" d="{d}"{dash}/><path class="ah"{to} fill="{colour}" d="M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}z"/>"#,
        head[0].0, head[0].1, head[1].0, head[1].1, head[2].0, head[2].1
    );
}

/// An arrow along a polyline (an army's path through its convoying fleets).
fn polyline_arrow(
    s: &mut String,
    pts: &[Point],
    head: [Point; 3],
    colour: &str,
    dashed: bool,
    to: &str,
) {
    let n = pts.len();
    let base = ((head[1].0 + head[2].0) / 2.0, (head[1].1 + head[2].1) / 2.0);
    let (start, _) = shorten(pts[0], pts[1], 10.0, 0.0);
    let mut d = format!("M{:.1} {:.1}", start.0, start.1);
    // Round the corners at the fleets a little.
    for w in pts.windows(3).take(n - 2) {
        let (p, q, r) = (w[0], w[1], w[2]);
        let u1 = unit_vec(q, p);
        let u2 = unit_vec(q, r);
        let c1 = (q.0 + u1.0 * 8.0, q.1 + u1.1 * 8.0);
        let c2 = (q.0 + u2.0 * 8.0, q.1 + u2.1 * 8.0);
        let _ = write!(
            d,
            "L{:.1} {:.1}Q{:.1} {:.1} {:.1} {:.1}",
            c1.0, c1.1, q.0, q.1, c2.0, c2.1
        );
    }
    let _ = write!(d, "L{:.1} {:.1}", base.0, base.1);
    head_path(s, &d, &head, colour, dashed, to);
}

/// A cross over a unit in the power's colour (removal, disband), over everything else.
fn cross_in(s: &mut String, (x, y): Point, colour: &str, index: usize, what: &str) {
    let d = 9.0;
    let path = format!(
        "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
        x - d,
        y - d,
        x + d,
        y + d,
        x - d,
        y + d,
        x + d,
        y - d
    );
    let _ = write!(
        s,
        r#"<g class="{what}-mark" data-index="{index}"><path d="{path}" stroke="{INK}" stroke-width="5.5" stroke-linecap="round"/><path d="{path}" stroke="{colour}" stroke-width="3" stroke-linecap="round"/></g>"#
    );
}

/// Moves a segment sideways (to its right): two units swapping places get two arrows.
fn side(a: Point, b: Point, by: f32) -> (Point, Point) {
    let (dx, dy) = unit_vec(a, b);
    let (nx, ny) = (-dy * by, dx * by);
    ((a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny))
}

fn d2(a: Point, b: Point) -> f32 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

fn lerp((a, b): (Point, Point), t: f32) -> Point {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

fn bend(a: Point, b: Point, k: f32) -> Point {
    let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (m.0 - dy * k, m.1 + dx * k)
}

fn bezier_mid(a: Point, c: Point, b: Point) -> Point {
    (
        0.25 * a.0 + 0.5 * c.0 + 0.25 * b.0,
        0.25 * a.1 + 0.5 * c.1 + 0.25 * b.1,
    )
}

fn parse_hex(c: &str) -> Option<(u8, u8, u8)> {
    let h = c.strip_prefix('#')?;
    let v = match h.len() {
        6 => u32::from_str_radix(h, 16).ok()?,
        3 => {
            let v = u32::from_str_radix(h, 16).ok()?;
            let (r, g, b) = ((v >> 8) & 15, (v >> 4) & 15, v & 15);
            (r * 17) << 16 | (g * 17) << 8 | (b * 17)
        }
        _ => return None,
    };
    Some(((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

/// The colour mixed with white (`amount` 0 = the colour, 1 = white).
fn tint(c: &str, amount: f32) -> String {
    match parse_hex(c) {
        Some((r, g, b)) => {
            let m = |v: u8| (v as f32 + (255.0 - v as f32) * amount).round() as u8;
            format!("#{:02x}{:02x}{:02x}", m(r), m(g), m(b))
        }
        None => c.to_string(),
    }
}

fn text_colour(c: &str) -> &'static str {
    match parse_hex(c) {
        Some((r, g, b)) if 0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32 > 150.0 => INK,
        Some(_) => "#ffffff",
        None => INK,
    }
}

/// XML text and attribute escaping.
pub(crate) fn esc(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"', '\'']) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut o = String::with_capacity(s.len() + 8);
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    std::borrow::Cow::Owned(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn colours() {
        assert_eq!(tint("#000000", 0.5), "#808080");
        assert_eq!(tint("#fff", 0.0), "#ffffff");
        assert_eq!(text_colour("#e8e8e8"), INK);
        assert_eq!(text_colour("#2e4fa3"), "#ffffff");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(abbr_label("stp"), "Stp");
    }
}
