//! The SVG itself: provinces, centres, labels, order arrows, units, dislodged units, legend.

use crate::layout::{is_sea, Layout, Point, Shape};
use entente_judge::{Dislodged, Outcome, Position, Unit};
use entente_map::{Loc, Map, PowerId, ProvinceId, UnitType};
use entente_orders::{format_order, Order};
use std::fmt::Write;

const SEA: &str = "#b9d5ea";
const SEA_SCHEMATIC: &str = "#d6e8f5";
const LAND: &str = "#efe7d3";
const IMPASSABLE: &str = "#cbc6ba";
const OFFBOARD: &str = "#dde5ea";
const RIVER: &str = "#5b95c4";
const INK: &str = "#262626";
const FAIL: &str = "#d11f1f";
const UNIT_R: f32 = 8.5;

/// Rendering choices.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Label provinces with their names in this language (`cs`, `fr`, `ru`, `en`) instead of
    /// abbreviations.
    pub lang: Option<String>,
    /// Leave out the legend (centre counts, date).
    pub no_legend: bool,
}

/// Draws positions of one map. Building it parses the map's geometry once; [`Renderer::render`]
/// is then cheap (the geometry is copied into the output as it is).
pub struct Renderer<'m> {
    map: &'m Map,
    layout: Layout,
    opts: RenderOptions,
}

impl<'m> Renderer<'m> {
    /// Uses the map's committed geometry, or the schematic layout for a variant without one.
    pub fn new(map: &'m Map, opts: RenderOptions) -> Renderer<'m> {
        Renderer::with_layout(map, Layout::for_map(map), opts)
    }

    pub fn with_layout(map: &'m Map, layout: Layout, opts: RenderOptions) -> Renderer<'m> {
        Renderer { map, layout, opts }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
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
        let mut s = String::with_capacity(self.layout_size_hint());
        let l = &self.layout;
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" data-variant="{v}">"#,
            w = l.width,
            h = l.height,
            v = esc(&self.map.name)
        );
        let _ = write!(s, "<title>{}</title>", esc(title));
        s.push_str(concat!(
            "<style>",
            ".pr{stroke:#6d6458;stroke-width:.6;stroke-linejoin:round}",
            ".lb{font-size:9.5px;fill:#3a3328;text-anchor:middle;stroke:#fff;stroke-width:2.2px;stroke-opacity:.75;paint-order:stroke}",
            ".ls{font-style:italic;fill:#2d5f86}",
            ".cl{font-size:7px;fill:#2d5f86;text-anchor:middle}",
            ".ut{font-size:9.5px;font-weight:bold;text-anchor:middle}",
            "</style>"
        ));
        let sea_bg = if l.geographic { SEA } else { "#f7f4ee" };
        let _ = write!(s, r#"<rect width="100%" height="100%" fill="{sea_bg}"/>"#);
        if !l.offboard.is_empty() {
            let _ = write!(
                s,
                r#"<path id="offboard" fill="{OFFBOARD}" d="{}"/>"#,
                l.offboard
            );
        }
        self.provinces(&mut s, pos);
        self.centres(&mut s, pos);
        self.labels(&mut s);
        let mut marks = String::new();
        s.push_str(r#"<g id="orders">"#);
        if let Some(list) = orders {
            for (i, (power, order, outcome)) in list.iter().enumerate() {
                self.order(
                    &mut s, &mut marks, pos, dislodged, i, *power, order, outcome,
                );
            }
        }
        s.push_str("</g>");
        self.units(&mut s, pos, dislodged);
        s.push_str(r#"<g id="marks">"#);
        s.push_str(&marks);
        s.push_str("</g>");
        if !self.opts.no_legend {
            self.legend(&mut s, pos, title);
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
            + 16 * 1024
    }

    fn provinces(&self, s: &mut String, pos: &Position) {
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
            let fill = match pos.owner(p).filter(|_| prov.centre) {
                Some(owner) => tint(&self.map.power(owner).colour, 0.42),
                None if sea => {
                    if l.geographic {
                        SEA.to_string()
                    } else {
                        SEA_SCHEMATIC.to_string()
                    }
                }
                None => LAND.to_string(),
            };
            let class = if sea { "pr sea" } else { "pr land" };
            match &l.provinces[p.index()].shape {
                Shape::Path(d) => {
                    let _ = write!(
                        s,
                        r#"<path id="p-{a}" class="{class}" data-province="{a}" fill="{fill}" fill-rule="evenodd" d="{d}"/>"#,
                        a = prov.abbr
                    );
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
        // Water inside a land space (a strait, an inland sea) is drawn as water.
        for p in self.map.province_ids() {
            if let Some(w) = &l.provinces[p.index()].water {
                let _ = write!(
                    s,
                    r#"<path class="pr water" data-province="{}" fill="{SEA}" d="{w}"/>"#,
                    self.map.province(p).abbr
                );
            }
        }
        s.push_str("</g>");
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

    fn centres(&self, s: &mut String, pos: &Position) {
        s.push_str(r#"<g id="centres">"#);
        for p in self.map.province_ids() {
            let Some((x, y)) = self.layout.provinces[p.index()].centre_mark else {
                continue;
            };
            let (fill, owner) = match pos.owner(p) {
                Some(o) => (
                    self.map.power(o).colour.clone(),
                    esc(&self.map.power(o).name).into_owned(),
                ),
                None => ("#ffffff".to_string(), String::new()),
            };
            let _ = write!(
                s,
                r##"<g class="sc" data-centre="{a}" data-owner="{owner}"><circle cx="{x:.1}" cy="{y:.1}" r="4.6" fill="#fff" stroke="{INK}" stroke-width="1"/><circle cx="{x:.1}" cy="{y:.1}" r="2.6" fill="{fill}" stroke="{INK}" stroke-width=".6"/></g>"##,
                a = self.map.province(p).abbr
            );
        }
        s.push_str("</g>");
    }

    fn labels(&self, s: &mut String) {
        s.push_str(r#"<g id="labels">"#);
        for p in self.map.province_ids() {
            let prov = self.map.province(p);
            let text = match self.opts.lang.as_deref() {
                Some("en") => prov.name.clone(),
                Some(lang) => self.map.province_name_in(p, lang).to_string(),
                None => abbr_label(&prov.abbr),
            };
            let (x, y) = self.layout.provinces[p.index()].label;
            let class = if is_sea(self.map, p) { "lb ls" } else { "lb" };
            let size = if self.opts.lang.is_some() {
                r#" style="font-size:7.5px""#
            } else {
                ""
            };
            let _ = write!(
                s,
                r#"<text class="{class}" x="{x:.1}" y="{:.1}"{size}>{}</text>"#,
                y + 3.5,
                esc(&text)
            );
        }
        for (l, at) in self.layout.coast_label.iter().enumerate() {
            if let (Some((x, y)), Some(c)) = (at, self.map.coast_of(Loc(l as u8))) {
                let _ = write!(
                    s,
                    r#"<text class="cl" x="{x:.1}" y="{:.1}">{}</text>"#,
                    y + 2.5,
                    esc(c)
                );
            }
        }
        s.push_str("</g>");
    }

    /// Where the unit in province `p` is drawn (at its coast if it stands on one).
    fn unit_point(&self, pos: &Position, loc: Loc) -> Point {
        let p = self.map.province_of(loc);
        match pos.unit_at(p) {
            Some(u) => self.layout.unit_at[u.loc.index()],
            None => self.layout.unit_at[loc.index()],
        }
    }

    fn dislodged_point(&self, d: &Dislodged) -> Point {
        let (x, y) = self.layout.unit_at[d.unit.loc.index()];
        (x + 13.0, y + 11.0)
    }

    #[allow(clippy::too_many_arguments)]
    fn order(
        &self,
        s: &mut String,
        marks: &mut String,
        pos: &Position,
        dislodged: &[(ProvinceId, Dislodged)],
        index: usize,
        power: PowerId,
        order: &Order,
        outcome: &Outcome,
    ) {
        let map = self.map;
        let colour = &map.power(power).colour;
        let (result, extra) = match outcome {
            Outcome::Succeeded => ("succeeded", ""),
            Outcome::Failed(_) => ("failed", r#" opacity=".55""#),
            Outcome::Illegal(_) => ("illegal", r#" opacity=".45""#),
        };
        let reason = match outcome {
            Outcome::Succeeded => "",
            Outcome::Failed(f) => f.describe(),
            Outcome::Illegal(i) => i.describe(),
        };
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
        let _ = write!(
            s,
            r#"<g class="order {kind}" data-index="{index}" data-order="{}" data-power="{}" data-outcome="{result}" data-reason="{reason}"{extra}>"#,
            esc(&written),
            esc(&map.power(power).name)
        );
        let failed = !outcome.succeeded();
        let dislodged_at = |p: ProvinceId| dislodged.iter().find(|(q, _)| *q == p).map(|(_, d)| d);
        match *order {
            Order::Hold(u) => {
                let (x, y) = self.unit_point(pos, u.loc);
                let _ = write!(
                    s,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="13" fill="none" stroke="{INK}" stroke-width="4"/><circle cx="{x:.1}" cy="{y:.1}" r="13" fill="none" stroke="{colour}" stroke-width="2.4"/>"#
                );
            }
            Order::Move { unit, to, .. } => {
                let a = self.unit_point(pos, unit.loc);
                let b = self.layout.unit_at[to.index()];
                let (a, b) = side_shift(a, b, 2.5);
                let dashed = matches!(outcome, Outcome::Illegal(_));
                arrow(s, a, b, colour, dashed);
                if failed {
                    let m = lerp(shorten(a, b, 10.0, 12.0), 0.72);
                    cross(marks, m);
                }
            }
            Order::Retreat { unit, to } => {
                let p = map.province_of(unit.loc);
                let a = match dislodged_at(p).or(pos.dislodged_at(p).as_ref()) {
                    Some(d) => self.dislodged_point(d),
                    None => self.unit_point(pos, unit.loc),
                };
                let b = self.layout.unit_at[to.index()];
                arrow(s, a, b, colour, true);
                if failed {
                    cross(marks, lerp(shorten(a, b, 9.0, 12.0), 0.72));
                }
            }
            Order::SupportHold { unit, target } => {
                let a = self.unit_point(pos, unit.loc);
                let t = self.unit_point(pos, target.loc);
                let (a2, t2) = shorten(a, t, 9.0, 15.0);
                let _ = write!(
                    s,
                    r#"<path d="M{:.1} {:.1}L{:.1} {:.1}" fill="none" stroke="{INK}" stroke-width="3.6" stroke-dasharray="5 3"/><path d="M{:.1} {:.1}L{:.1} {:.1}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="5 3"/><circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="4 2"/>"#,
                    a2.0, a2.1, t2.0, t2.1, a2.0, a2.1, t2.0, t2.1, t.0, t.1
                );
                if failed {
                    cross(marks, lerp((a2, t2), 0.5));
                }
            }
            Order::SupportMove { unit, target, to } => {
                let a = self.unit_point(pos, unit.loc);
                let from = self.unit_point(pos, target.loc);
                let dest = self.layout.unit_at[to.index()];
                let (f2, d2) = side_shift(from, dest, 2.5);
                let goal = lerp(shorten(f2, d2, 10.0, 12.0), 0.62);
                let (a2, _) = shorten(a, goal, 9.0, 0.0);
                let ctrl = bend(a2, goal, 0.18);
                let _ = write!(
                    s,
                    r#"<path d="M{:.1} {:.1}Q{:.1} {:.1} {:.1} {:.1}" fill="none" stroke="{INK}" stroke-width="3.6" stroke-dasharray="5 3"/><path d="M{:.1} {:.1}Q{:.1} {:.1} {:.1} {:.1}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="5 3"/><circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}" stroke="{INK}" stroke-width="1"/>"#,
                    a2.0,
                    a2.1,
                    ctrl.0,
                    ctrl.1,
                    goal.0,
                    goal.1,
                    a2.0,
                    a2.1,
                    ctrl.0,
                    ctrl.1,
                    goal.0,
                    goal.1,
                    goal.0,
                    goal.1
                );
                // The supported move itself, faint, when nobody ordered it (a void support).
                if failed {
                    cross(marks, bezier_mid(a2, ctrl, goal));
                }
            }
            Order::Convoy { unit, target, to } => {
                let f = self.unit_point(pos, unit.loc);
                let a = self.unit_point(pos, target.loc);
                let d = self.layout.unit_at[to.index()];
                let (a2, f1) = shorten(a, f, 10.0, 11.0);
                let (f2, d2) = shorten(f, d, 11.0, 12.0);
                let path = format!(
                    "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
                    a2.0, a2.1, f1.0, f1.1, f2.0, f2.1, d2.0, d2.1
                );
                let _ = write!(
                    s,
                    r#"<path d="{path}" fill="none" stroke="{INK}" stroke-width="3.8" stroke-linecap="round" stroke-dasharray="0.1 5"/><path d="{path}" fill="none" stroke="{colour}" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="0.1 5"/><circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="1.6" stroke-dasharray="1 3"/>"#,
                    f.0, f.1
                );
                if failed {
                    cross(marks, f);
                }
            }
            Order::Disband(u) => {
                let p = map.province_of(u.loc);
                let at = match dislodged_at(p).or(pos.dislodged_at(p).as_ref()) {
                    Some(d) => self.dislodged_point(d),
                    None => self.unit_point(pos, u.loc),
                };
                cross_in(s, at, colour);
            }
            Order::Remove(u) => {
                let at = self.unit_point(pos, u.loc);
                let _ = write!(
                    s,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="14" fill="none" stroke="{colour}" stroke-width="2.4"/>"#,
                    at.0, at.1
                );
                cross_in(s, at, colour);
            }
            Order::Build { ty, loc } => {
                let at = self.layout.unit_at[loc.index()];
                let _ = write!(
                    s,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="15" fill="#ffffff" fill-opacity=".55" stroke="{colour}" stroke-width="2.4" stroke-dasharray="4 2"/>"##,
                    at.0, at.1
                );
                let ty = ty.unwrap_or(UnitType::Army);
                if !failed {
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
                if failed {
                    cross(marks, at);
                }
            }
            Order::Waive => {}
        }
        s.push_str("</g>");
    }

    fn units(&self, s: &mut String, pos: &Position, dislodged: &[(ProvinceId, Dislodged)]) {
        s.push_str(r#"<g id="units">"#);
        for (p, u) in pos.units() {
            // A unit dislodged this phase is drawn beside its province instead.
            if dislodged.iter().any(|(q, d)| *q == p && d.unit == u) {
                continue;
            }
            let at = self.layout.unit_at[u.loc.index()];
            self.unit(s, u, at, "unit", "");
        }
        s.push_str("</g>");
        s.push_str(r#"<g id="dislodged">"#);
        for (_, d) in dislodged {
            let at = self.dislodged_point(d);
            let colour = &self.map.power(d.unit.power).colour;
            // Retreat options: thin dotted spokes to each space the unit may retreat to.
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
                    r#"<path class="retreat-option" data-to="{}" d="M{:.1} {:.1}L{:.1} {:.1}" stroke="{colour}" stroke-width="1.6" stroke-dasharray="2 3" fill="none"/><circle cx="{:.1}" cy="{:.1}" r="3" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
                    self.map.loc_abbr(Loc(l)),
                    a2.0,
                    a2.1,
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
            self.unit(s, d.unit, at, "unit dislodged", &extra);
        }
        s.push_str("</g>");
    }

    fn unit(&self, s: &mut String, u: Unit, at: Point, class: &str, extra: &str) {
        let power = self.map.power(u.power);
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

    fn legend(&self, s: &mut String, pos: &Position, title: &str) {
        let (x, y) = self.layout.legend_at;
        let map = self.map;
        let h = crate::layout::legend_height(map);
        let w = 200.0;
        let _ = write!(
            s,
            r##"<g id="legend" transform="translate({x:.1} {y:.1})"><rect width="{w}" height="{h}" rx="6" fill="#fffdf7" fill-opacity=".92" stroke="#6d6458"/><text x="10" y="20" font-size="13" font-weight="bold" fill="{INK}">{}</text>"##,
            esc(title)
        );
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="36" font-size="8.5" fill="#6d6458" text-anchor="end">centres  units</text>"##,
            w - 10.0
        );
        for (i, pid) in map.power_ids().enumerate() {
            let p = map.power(pid);
            let name = match self.opts.lang.as_deref() {
                Some(lang) if lang != "en" => p
                    .names
                    .iter()
                    .find(|(l, _)| l == lang)
                    .and_then(|(_, n)| n.first())
                    .unwrap_or(&p.name)
                    .clone(),
                _ => p.name.clone(),
            };
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
                pos.unit_count(pid),
                c = pos.centre_count(map, pid),
            );
        }
        s.push_str("</g>");
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
    let text = text_colour(colour);
    match ty {
        UnitType::Army => {
            let _ = write!(
                s,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{UNIT_R}" fill="{colour}" stroke="{INK}" stroke-width="1.3"/><text class="ut" x="{x:.1}" y="{:.1}" fill="{text}">A</text>"#,
                y + 3.4
            );
        }
        UnitType::Fleet => {
            // A hull with a sail: hull below the anchor, sail above.
            let _ = write!(
                s,
                r#"<path d="M{:.1} {:.1}h21l-4.5 6.5h-12z" fill="{colour}" stroke="{INK}" stroke-width="1.3" stroke-linejoin="round"/><path d="M{:.1} {:.1}v-13.5l8 11.5z" fill="{colour}" stroke="{INK}" stroke-width="1.1" stroke-linejoin="round"/>"#,
                x - 10.5,
                y + 1.0,
                x - 1.5,
                y - 0.5
            );
        }
    }
}

fn arrow(s: &mut String, a: Point, b: Point, colour: &str, dashed: bool) {
    let (a, b) = shorten(a, b, 10.0, 11.0);
    let (dx, dy) = unit_vec(a, b);
    let head = 9.0;
    let base = (b.0 - dx * head, b.1 - dy * head);
    let (nx, ny) = (-dy * 5.0, dx * 5.0);
    let dash = if dashed {
        r#" stroke-dasharray="6 3""#
    } else {
        ""
    };
    let _ = write!(
        s,
        r#"<path d="M{:.1} {:.1}L{:.1} {:.1}" stroke="{INK}" stroke-width="5" fill="none"{dash}/><path d="M{:.1} {:.1}L{:.1} {:.1}" stroke="{colour}" stroke-width="3" fill="none"{dash}/><path d="M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}z" fill="{colour}" stroke="{INK}" stroke-width="1.2" stroke-linejoin="round"/>"#,
        a.0,
        a.1,
        base.0,
        base.1,
        a.0,
        a.1,
        base.0,
        base.1,
        b.0,
        b.1,
        base.0 + nx,
        base.1 + ny,
        base.0 - nx,
        base.1 - ny
    );
}

/// A red cross: the order did not succeed.
fn cross(s: &mut String, (x, y): Point) {
    let d = 5.0;
    let _ = write!(
        s,
        r##"<path class="fail" d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="#fff" stroke-width="5.5" stroke-linecap="round"/><path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="{FAIL}" stroke-width="3" stroke-linecap="round"/>"##,
        x - d,
        y - d,
        x + d,
        y + d,
        x - d,
        y + d,
        x + d,
        y - d,
        x - d,
        y - d,
        x + d,
        y + d,
        x - d,
        y + d,
        x + d,
        y - d
    );
}

/// A cross over a unit in the power's colour (removal, disband).
fn cross_in(s: &mut String, (x, y): Point, colour: &str) {
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
        r#"<path d="{path}" stroke="{INK}" stroke-width="5.5" stroke-linecap="round"/><path d="{path}" stroke="{colour}" stroke-width="3" stroke-linecap="round"/>"#
    );
}

fn unit_vec(a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (dx / len, dy / len)
}

/// Pulls both ends of a segment in (so arrows start and end outside the unit icons).
fn shorten(a: Point, b: Point, at_a: f32, at_b: f32) -> (Point, Point) {
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

/// Moves a segment sideways (to its right): two units swapping places get two arrows.
fn side_shift(a: Point, b: Point, by: f32) -> (Point, Point) {
    let (dx, dy) = unit_vec(a, b);
    let (nx, ny) = (-dy * by, dx * by);
    ((a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny))
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
