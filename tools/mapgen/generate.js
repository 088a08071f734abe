// Builds the SVG geometry of a map from Natural Earth (public domain) and the seeds in
// <variant>.js: node generate.js [standard|ancmed]  ->  crates/entente-render/geometry/<variant>.json
//
// 1. Natural Earth 1:50m admin-0 countries (npm world-atlas), simplified with
//    topojson-simplify (shared borders stay shared), clipped to a lon/lat box and projected
//    with a conformal conic fitted to the seed file's points.
// 2. Land: each "zone" (a group of countries) is split among the seeds inside it by Voronoi
//    cells (d3-delaunay); the rest of the land among the remaining land seeds. Land holding no
//    seed (Ireland, Corsica, Switzerland...) is impassable.
// 3. Sea: the water is split among the sea seeds the same way.
// 4. Each province is the union of its cells (polygon-clipping), written as one SVG path, with
//    a unit anchor, a label anchor, a supply-centre point and coast anchors for split coasts.
// 5. The province borders found are compared with the variant's adjacency and reported.
//
// Optional parts of a seed file (the Ancient Mediterranean uses them): `offboard` seeds claim
// land (drawn grey) and water (drawn as off-board water) for no province; `junctions` are
// points where several provinces meet, all of them adjacent to each other (a strait that
// armies cross where fleets pass, four seas meeting at a point; a dashed line marks where
// armies cross water); `water` gives straits and inland seas to land provinces (drawn as water
// over them); `rivers` are drawn as lines; `legend` places the legend box.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import * as topojson from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import { geoConicConformal } from "d3-geo";
import { Delaunay } from "d3-delaunay";
import pc from "polygon-clipping";
import { parse as parseToml } from "smol-toml";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const variantName = process.argv[2] || "standard";
const cfg = (await import(`./${variantName}.js`)).default;
const variantFile = path.join(root, "crates/entente-map/variants", `${cfg.variant}.toml`);
const outFile = path.join(root, "crates/entente-render/geometry", `${cfg.variant}.json`);

// ---------------------------------------------------------------------------------------------
// Natural Earth: simplify, clip, project
const topo = JSON.parse(
  fs.readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8"),
);
const simplified = simplify(presimplify(topo), cfg.minWeight ?? 0.002);
const countries = simplified.objects.countries.geometries;

const [bx0, by0, bx1, by1] = cfg.lonLatBox ?? [-50, 15, 80, 80];
const lonLatBox = [[[[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1], [bx0, by0]]]];
const W = cfg.width;
const fitFeature = { type: "MultiPoint", coordinates: cfg.projection.fit };
const projection = geoConicConformal()
  .parallels(cfg.projection.parallels)
  .rotate(cfg.projection.rotate)
  .fitWidth(W, fitFeature);
const [[, y0], [, y1]] = [
  [0, Math.min(...cfg.projection.fit.map((p) => projection(p)[1]))],
  [0, Math.max(...cfg.projection.fit.map((p) => projection(p)[1]))],
];
projection.translate([projection.translate()[0], projection.translate()[1] - y0]);
const H = Math.round(y1 - y0);
const view = [[[[0, 0], [W, 0], [W, H], [0, H], [0, 0]]]];

function geomPolys(g) {
  if (!g) return [];
  if (g.type === "Polygon") return [g.coordinates];
  if (g.type === "MultiPolygon") return g.coordinates;
  return [];
}
// Long straight edges (the lon/lat box's) are bent by the projection: densify first.
function densify(ring) {
  const out = [ring[0]];
  for (let i = 1; i < ring.length; i++) {
    const [a, b] = [ring[i - 1], ring[i]];
    const n = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / 0.5);
    for (let k = 1; k <= n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}
function projectMulti(mp) {
  return mp.map((poly) => poly.map((ring) => densify(ring).map((p) => projection(p))));
}
// Rings that cross the antimeridian jump by 360 degrees: make them continuous for planar use.
function unwrap(ring) {
  let shift = 0;
  return ring.map((p, i) => {
    if (i > 0) {
      const d = p[0] + shift - (ring[i - 1][0] + shiftPrev);
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    shiftPrev = shift;
    return [p[0] + shift, p[1]];
  });
}
let shiftPrev = 0;
function toView(geometry) {
  const polys = geomPolys(geometry).map((poly) => poly.map((r) => {
    shiftPrev = 0;
    return unwrap(r);
  }));
  if (!polys.length) return [];
  const clipped = pc.intersection(polys, lonLatBox);
  if (!clipped.length) return [];
  return pc.intersection(projectMulti(clipped), view);
}
const byId = new Map();
for (const g of countries) if (g.id) byId.set(g.id, g);
function countriesView(ids) {
  const gs = ids.map((id) => byId.get(id)).filter(Boolean);
  if (!gs.length) return [];
  return toView(topojson.merge(simplified, gs));
}

const land = toView(topojson.merge(simplified, countries));
if (process.env.MAPGEN_DEBUG) {
  const d = land.map((poly) => poly.map((r) => "M" + r.map((q) => q.join(" ")).join("L") + "Z").join("")).join("");
  fs.writeFileSync(process.env.MAPGEN_DEBUG, `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#9cf"/><path d="${d}" fill="#eda" stroke="#000" stroke-width="0.5" fill-rule="evenodd"/></svg>`);
}

// ---------------------------------------------------------------------------------------------
// Planar helpers
function inRing(pt, ring) {
  let inside = false;
  const [x, y] = pt;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
function inPoly(pt, poly) {
  if (!inRing(pt, poly[0])) return false;
  for (let k = 1; k < poly.length; k++) if (inRing(pt, poly[k])) return false;
  return true;
}
const inMulti = (pt, mp) => mp.some((poly) => inPoly(pt, poly));
function ringArea(r) {
  let a = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) a += (r[j][0] + r[i][0]) * (r[j][1] - r[i][1]);
  return Math.abs(a / 2);
}
const polyArea = (p) => ringArea(p[0]) - p.slice(1).reduce((s, r) => s + ringArea(r), 0);
function segDist(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
function segments(mp) {
  const out = [];
  for (const poly of mp) for (const ring of poly) for (let i = 1; i < ring.length; i++) out.push([ring[i - 1], ring[i]]);
  return out;
}
function borderDist(p, segs) {
  let d = Infinity;
  for (const [a, b] of segs) {
    const e = segDist(p, a, b);
    if (e < d) d = e;
  }
  return d;
}
function bbox(mp) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const poly of mp) for (const [x, y] of poly[0]) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}
// A point strictly inside a polygon (near the middle of its first edge that has one).
function interiorPoint(poly) {
  const r = poly[0];
  for (let i = 1; i < r.length; i++) {
    const [a, b] = [r[i - 1], r[i]];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 1e-6) continue;
    const n = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    for (const eps of [1e-3, 1e-2, 0.1]) {
      for (const s of [1, -1]) {
        const q = [(a[0] + b[0]) / 2 + s * eps * n[0], (a[1] + b[1]) / 2 + s * eps * n[1]];
        if (inPoly(q, poly)) return q;
      }
    }
  }
  return r[0];
}
const unionAll = (list) => (list.length ? pc.union(...list) : []);

// ---------------------------------------------------------------------------------------------
// Seeds
const variant = parseToml(fs.readFileSync(variantFile, "utf8"));
const kinds = Object.fromEntries(variant.province.map((p) => [p.abbr, p.kind]));
const seeds = [];
for (const [abbr, list] of Object.entries(cfg.provinces)) {
  if (!kinds[abbr]) throw new Error(`seed file names '${abbr}', which the variant does not have`);
  for (const [name, lat, lon] of list) {
    seeds.push({ abbr, name, sea: kinds[abbr] === "sea", p: projection([lon, lat]) });
  }
}
for (const p of variant.province) {
  if (!cfg.provinces[p.abbr]?.length) throw new Error(`province '${p.abbr}' has no seed`);
}
// Off the board: land and water that belong to no province.
const OFF = "_offboard";
const OFF_WATER = "_offboard_water";
for (const [name, lat, lon] of cfg.offboard?.land ?? []) seeds.push({ abbr: OFF, name, sea: false, p: projection([lon, lat]) });
for (const [name, lat, lon] of cfg.offboard?.water ?? []) seeds.push({ abbr: OFF_WATER, name, sea: true, p: projection([lon, lat]) });
const landSeeds = seeds.filter((s) => !s.sea);
const seaSeeds = seeds.filter((s) => s.sea);
// Junctions: one seed per province on a small circle around the point, in the bearing given
// (degrees clockwise from north), so that the Voronoi cells of those provinces meet there.
// A point on a coast (`coast: true`) is moved onto the nearest coastline first.
const junctionSeeds = [];
const junctions = (cfg.junctions ?? []).map((j) => ({ ...j, p: projection([j.at[1], j.at[0]]) }));
// (filled in once the land is known; see below)
// Coastal towns can fall just outside the simplified coast: move them onto the nearest land.
const landSegs = segments(land);
for (const s of landSeeds) {
  if (inMulti(s.p, land)) continue;
  let best = null;
  for (const [a, b] of landSegs) {
    const d = segDist(s.p, a, b);
    if (!best || d < best.d) best = { d, a, b };
  }
  const { a, b } = best;
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((s.p[0] - a[0]) * dx + (s.p[1] - a[1]) * dy) / l2));
  const foot = [a[0] + t * dx, a[1] + t * dy];
  const len = Math.sqrt(l2);
  const cands = [1, -1].flatMap((k) => [0.5, 1.5, 3].map((e) => [foot[0] - (k * e * dy) / len, foot[1] + (k * e * dx) / len]));
  const inside = cands.find((q) => inMulti(q, land));
  if (best.d > 25 || !inside) console.warn(`warning: land seed ${s.abbr} ${s.name} is ${best.d.toFixed(1)}px at sea`);
  if (inside) s.p = inside;
}
for (const s of seaSeeds) if (inMulti(s.p, land)) console.warn(`warning: sea seed ${s.abbr} ${s.name} is on land`);
// The open sea (the largest body of water): coastal junctions sit on its shore, not on a lagoon's.
const openSea = pc.difference(view, land).reduce((m, poly) => (!m || polyArea(poly) > polyArea(m) ? poly : m), null);
const openSeaSegs = openSea ? segments([openSea]) : [];
for (const j of junctions) {
  if (j.coast) {
    let best = null;
    for (const [a, b] of openSeaSegs) {
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const l2 = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((j.p[0] - a[0]) * dx + (j.p[1] - a[1]) * dy) / l2));
      const foot = [a[0] + t * dx, a[1] + t * dy];
      const d = Math.hypot(foot[0] - j.p[0], foot[1] - j.p[1]);
      if (!best || d < best.d) best = { d, foot };
    }
    j.p = best.foot;
  }
  const r = j.r ?? 4;
  for (const [abbr, bearing] of Object.entries(j.seeds)) {
    if (!kinds[abbr]) throw new Error(`junction ${j.name} names '${abbr}', which the variant does not have`);
    const b = (bearing * Math.PI) / 180;
    const s = { abbr, name: `${j.name} (junction)`, sea: kinds[abbr] === "sea", junction: true, p: [j.p[0] + r * Math.sin(b), j.p[1] - r * Math.cos(b)] };
    junctionSeeds.push(s);
    (s.sea ? seaSeeds : landSeeds).push(s);
  }
}

// Borders: a line of (lat, lon) points between two land provinces, its ends at named nodes
// or given directly. Along it, every `step` px, a pair of seeds is put `eps` px either side, one
// for each province, so the Voronoi border between the two follows the line. Which province
// is on which side comes from their towns (a weighted vote; a contradiction is an error).
const borderSeeds = [];
const borderLines = {};
{
  const step = 2;
  const eps = 0.6;
  const nodes = cfg.nodes ?? {};
  const own = (abbr) => landSeeds.filter((s) => s.abbr === abbr && !s.junction);
  for (const [pair, list] of Object.entries(cfg.borders ?? {})) {
    const [a, b] = pair.split("|");
    for (const x of [a, b]) if (!kinds[x] || kinds[x] === "sea") throw new Error(`border ${pair}: '${x}' is not a land province of the variant`);
    const ll = list.map((q) => {
      if (typeof q !== "string") return q;
      if (!nodes[q]) throw new Error(`border ${pair}: no node '${q}'`);
      if (!q.split("-").includes(a) || !q.split("-").includes(b)) throw new Error(`border ${pair}: node '${q}' does not name both provinces`);
      return nodes[q];
    });
    const line = ll.map(([lat, lon]) => projection([lon, lat]));
    // A free end (not a node) stops at a coast or a frontier: carry it on 15px past its last
    // point, so the seeds reach the coast or frontier however the coastline was simplified.
    const extend = (from, to) => {
      const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
      return [to[0] + ((to[0] - from[0]) * 15) / len, to[1] + ((to[1] - from[1]) * 15) / len];
    };
    if (typeof list[0] !== "string") line.unshift(extend(line[1], line[0]));
    if (typeof list[list.length - 1] !== "string") line.push(extend(line[line.length - 2], line[line.length - 1]));
    borderLines[[a, b].sort().join("|")] = line;
    // Which side: the sign of the cross product at the nearest point of the line, weighted.
    const side = (p) => {
      let best = null;
      for (let i = 1; i < line.length; i++) {
        const [u, v] = [line[i - 1], line[i]];
        const d = segDist(p, u, v);
        if (!best || d < best.d) best = { d, c: (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0]) };
      }
      return Math.sign(best.c) / (best.d + 5);
    };
    const va = own(a).reduce((t, s) => t + side(s.p), 0);
    const vb = own(b).reduce((t, s) => t + side(s.p), 0);
    if (Math.sign(va) === Math.sign(vb) || !va || !vb) throw new Error(`border ${pair}: the towns of ${a} and ${b} lie on the same side of it`);
    // In SVG coordinates (y down) a positive cross product is the right-hand side.
    const [right, left] = va > 0 ? [a, b] : [b, a];
    for (let i = 1; i < line.length; i++) {
      const [u, v] = [line[i - 1], line[i]];
      const len = Math.hypot(v[0] - u[0], v[1] - u[1]);
      if (len < 1e-9) continue;
      const n = [-(v[1] - u[1]) / len, (v[0] - u[0]) / len]; // to the right-hand side
      const k = Math.max(1, Math.round(len / step));
      for (let j = i === 1 ? 0 : 1; j <= k; j++) {
        const m = [u[0] + ((v[0] - u[0]) * j) / k, u[1] + ((v[1] - u[1]) * j) / k];
        borderSeeds.push({ abbr: right, other: left, border: pair, sea: false, p: [m[0] + eps * n[0], m[1] + eps * n[1]] });
        borderSeeds.push({ abbr: left, other: right, border: pair, sea: false, p: [m[0] - eps * n[0], m[1] - eps * n[1]] });
      }
    }
  }
}
// The border seeds that take part in splitting an area: those of borders whose two provinces
// both have towns there, lying in the area or just off it (within 4px: past a coast). One
// deeper outside (in Switzerland) would claim land across the empty country beyond.
function borderSeedsFor(list, area) {
  const here = new Set(list.filter((s) => !s.junction).map((s) => s.abbr));
  const segs = segments(area);
  const near = (p) => segs.some(([a, b]) => Math.abs(a[0] - p[0]) < 60 && Math.abs(a[1] - p[1]) < 60 && segDist(p, a, b) < 4);
  return borderSeeds.filter((s) => here.has(s.abbr) && here.has(s.other) && (inMulti(s.p, area) || near(s.p)));
}

// Components of the land, and which are impassable islands.
const impPoints = (cfg.impassable?.islands ?? []).map(([, lat, lon]) => projection([lon, lat]));
const components = land.map((poly) => ({
  poly,
  seeds: landSeeds.filter((s) => inPoly(s.p, poly)),
  impassable: impPoints.some((q) => inPoly(q, poly)),
}));
const impassableCountries = countriesView(cfg.impassable?.countries ?? []);
const seeded = components.filter((c) => c.seeds.length && !c.impassable).map((c) => c.poly);

// Voronoi of a set of seeds, united per province and intersected with an area.
function cellsIn(area, list, out) {
  if (!area.length || !list.length) return;
  const dl = Delaunay.from(list.map((s) => s.p));
  const vor = dl.voronoi([-1, -1, W + 1, H + 1]);
  const per = new Map();
  list.forEach((s, i) => {
    let cell = vor.cellPolygon(i);
    if (!cell) return;
    // On a binary grid (1/256 px): polygon-clipping's sweep is robust with exact coordinates.
    cell = cell.map(([x, y]) => [Math.round(x * 256) / 256, Math.round(y * 256) / 256]);
    cell = cell.filter((q, k) => k === 0 || q[0] !== cell[k - 1][0] || q[1] !== cell[k - 1][1]);
    if (cell.length < 4) return;
    if (!per.has(s.abbr)) per.set(s.abbr, []);
    per.get(s.abbr).push([cell]);
  });
  for (const [abbr, cells] of per) {
    const piece = pc.intersection(unionAll(cells), area);
    if (!piece.length) continue;
    if (!out.has(abbr)) out.set(abbr, []);
    out.get(abbr).push(piece);
  }
}

const pieces = new Map();
const keptZones = [];
for (const zone of cfg.zones ?? []) {
  const zv = pc.difference(countriesView(zone.countries), impassableCountries.length ? impassableCountries : []);
  const kept = [];
  for (const poly of zv) {
    const q = interiorPoint(poly);
    const comp = components.find((c) => inPoly(q, c.poly));
    if (!comp || comp.impassable) continue;
    // A piece of the zone on land that holds seeds of this zone (an exclave, a peninsula cut
    // off by an estuary) stays in the zone; one on land held by others only (Ceuta) does not.
    const zoneSeedHere = comp.seeds.some((s) => inMulti(s.p, zv));
    if (zoneSeedHere || (zone.islands && !comp.seeds.length)) kept.push(poly);
  }
  keptZones.push(...kept);
  const inZone = landSeeds.filter((s) => inMulti(s.p, kept));
  cellsIn(kept, [...inZone, ...borderSeedsFor(inZone, kept)], pieces);
}
let rest = pc.union(...seeded.map((p) => [p]));
if (keptZones.length) rest = pc.difference(rest, keptZones);
if (impassableCountries.length) rest = pc.difference(rest, impassableCountries);
// Junction seeds take part wherever they are (one may lie just off the coast).
const inRest = landSeeds.filter((s) => s.junction || inMulti(s.p, rest));
cellsIn(rest, [...inRest, ...borderSeedsFor(inRest, rest)], pieces);

const sea = pc.difference(view, land);
const seaUsed = sea.filter((poly) => seaSeeds.some((s) => inPoly(s.p, poly)));
const lakes = sea.filter((poly) => !seaSeeds.some((s) => inPoly(s.p, poly)));
const waterSeeds = Object.entries(cfg.water || {}).flatMap(([abbr, list]) =>
  list.map(([name, lat, lon]) => ({ abbr, name, sea: false, water: true, p: projection([lon, lat]) })),
);
for (const s of waterSeeds) if (!inMulti(s.p, seaUsed)) console.warn(`warning: water seed ${s.abbr} ${s.name} is not at sea`);
// Water given to a land province (a strait, the Sea of Marmara) is kept apart too: it is
// drawn as water over the province.
const seaPieces = new Map();
cellsIn(seaUsed, [...seaSeeds, ...waterSeeds], seaPieces);
const waterOf = new Map();
for (const [abbr, list] of seaPieces) {
  if (!pieces.has(abbr)) pieces.set(abbr, []);
  pieces.get(abbr).push(...list);
  if (abbr !== OFF_WATER && kinds[abbr] !== "sea") waterOf.set(abbr, unionAll(list));
}

const offboardWater = unionAll(pieces.get(OFF_WATER) ?? []);
const shapes = new Map();
for (const p of variant.province) {
  const list = pieces.get(p.abbr) || [];
  const mp = list.length > 1 ? pc.union(...list) : list[0] || [];
  if (!mp.length) throw new Error(`province '${p.abbr}' got no area: check its seeds`);
  shapes.set(p.abbr, mp);
}
// Slivers: a small piece of a land province holding none of its towns, touching other land
// (a cell of a border seed reaching past the end of its line), goes to the province it shares
// the most border with.
for (const p of variant.province) {
  if (p.kind === "sea") continue;
  const mp = shapes.get(p.abbr);
  if (mp.length < 2) continue;
  const own = landSeeds.filter((s) => s.abbr === p.abbr);
  const keep = [];
  for (const poly of mp) {
    if (polyArea(poly) >= 40 || own.some((s) => inPoly(s.p, poly))) {
      keep.push(poly);
      continue;
    }
    const by = new Map();
    for (let k = 1; k < poly[0].length; k++) {
      const [a, b] = [poly[0][k - 1], poly[0][k]];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 1e-9) continue;
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const n = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
      for (const sgn of [1, -1]) {
        const q = [m[0] + sgn * 0.5 * n[0], m[1] + sgn * 0.5 * n[1]];
        if (inPoly(q, poly)) continue;
        const who = variant.province.find((o) => o.abbr !== p.abbr && o.kind !== "sea" && inMulti(q, shapes.get(o.abbr)));
        if (who) by.set(who.abbr, (by.get(who.abbr) || 0) + len);
      }
    }
    const best = [...by.entries()].sort((x, y) => y[1] - x[1])[0];
    if (!best) {
      keep.push(poly);
      continue;
    }
    console.log(`sliver of ${p.abbr} (${polyArea(poly).toFixed(1)}px²) given to ${best[0]}`);
    shapes.set(best[0], pc.union(shapes.get(best[0]), [poly]));
  }
  shapes.set(p.abbr, keep);
}
// Every town lies in its own province (a border line drawn on the wrong side of one would
// leave it a pocket of its own).
for (const s of landSeeds) {
  if (s.junction || s.abbr === OFF) continue;
  const mp = shapes.get(s.abbr);
  if (mp && !inMulti(s.p, mp)) console.warn(`warning: ${s.name} lies outside ${s.abbr}`);
}
const provinceLand = unionAll(variant.province.filter((p) => p.kind !== "sea").map((p) => shapes.get(p.abbr)));
const impassable = pc.difference(land, provinceLand);

// ---------------------------------------------------------------------------------------------
// Borders found vs. the variant's adjacency
const info = variant.province.map((p) => ({ abbr: p.abbr, mp: shapes.get(p.abbr), box: bbox(shapes.get(p.abbr)) }));
function whoIsAt(pt) {
  for (const i of info) {
    const [x0, y0, x1, y1] = i.box;
    if (pt[0] < x0 || pt[0] > x1 || pt[1] < y0 || pt[1] > y1) continue;
    if (inMulti(pt, i.mp)) return i.abbr;
  }
  return null;
}
const where = new Map();
const shared = new Map(); // "a|b" -> length; also (a, coast segments per neighbour) kept for coasts
const borderSegs = new Map(); // abbr -> neighbour -> [segments]
for (const i of info) {
  const segsBy = new Map();
  for (const poly of i.mp) for (const ring of poly) for (let k = 1; k < ring.length; k++) {
    const a = ring[k - 1];
    const b = ring[k];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 1e-9) continue;
    const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const n = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    for (const s of [1, -1]) {
      const q = [m[0] + s * 0.8 * n[0], m[1] + s * 0.8 * n[1]];
      const who = whoIsAt(q);
      if (who === i.abbr) continue;
      if (who) {
        const key = [i.abbr, who].sort().join("|");
        shared.set(key, (shared.get(key) || 0) + len / 2);
        if (!where.has(key)) where.set(key, m.map((v) => Math.round(v)));
        if (!segsBy.has(who)) segsBy.set(who, []);
        segsBy.get(who).push([a, b]);
      }
      break;
    }
  }
  borderSegs.set(i.abbr, segsBy);
}
const want = new Set();
for (const p of variant.province) {
  const ns = [...(p.army || []), ...(p.fleet || []), ...Object.values(p.coasts || {}).flat()];
  for (const n of ns) want.add([p.abbr, n.split("/")[0]].sort().join("|"));
}
const minShared = 2.5;
// Provinces of a junction that all reach its point (within its tolerance) are adjacent there.
const atJunction = new Set();
for (const j of junctions) {
  const tol = j.tolerance ?? 2.5;
  const names = Object.keys(j.seeds);
  const far = names.map((a) => [a, borderDist(j.p, segments(shapes.get(a)))]).filter(([, d]) => d > tol);
  if (far.length) console.log(`junction ${j.name}: ${far.map(([a, d]) => `${a} is ${d.toFixed(1)}px away`).join(", ")}`);
  else for (const a of names) for (const b of names) if (a < b) atJunction.add(`${a}|${b}`);
}
const meets = [...want].filter((k) => (shared.get(k) || 0) < minShared && atJunction.has(k)).sort();
const missing = [...want].filter((k) => (shared.get(k) || 0) < minShared && !atJunction.has(k)).sort();
const extra = [...shared.entries()].filter(([k, v]) => v >= minShared && !want.has(k)).map(([k, v]) => `${k} (${v.toFixed(1)}px at ${where.get(k)})`).sort();
console.log(`${variant.province.length} provinces, ${W}x${H}`);
console.log(`borders the variant has but the drawing lacks (${missing.length}): ${missing.join(" ")}`);
console.log(`borders drawn that the variant does not have (${extra.length}): ${extra.join(" ")}`);
if (junctions.length) console.log(`borders at a junction point (${meets.length}): ${meets.join(" ")}`);

// ---------------------------------------------------------------------------------------------
// Anchors: best inside point by a score, found on a grid over the province's main piece.
// A land space that holds water (a strait, an inland sea) keeps its units and label on land,
// unless its land is only small islands (the Baleares).
function anchorShape(abbr) {
  const mp = shapes.get(abbr);
  if (!waterOf.has(abbr)) return mp;
  const dry = pc.difference(mp, waterOf.get(abbr));
  return dry.reduce((a, poly) => a + polyArea(poly), 0) > 600 ? dry : mp;
}
function mainPiece(abbr) {
  const mp = anchorShape(abbr);
  const own = landOrSeaSeeds(abbr);
  let best = null;
  for (const poly of mp) {
    const score = polyArea(poly) * (own.some((s) => inPoly(s.p, poly)) ? 4 : 1);
    if (!best || score > best.score) best = { poly, score };
  }
  return best.poly;
}
function landOrSeaSeeds(abbr) {
  return seeds.filter((s) => s.abbr === abbr && !s.junction);
}
// The legend box as the renderer draws it (crates/entente-render: 200 wide, 44 + 19 per power
// high, bottom left unless the seed file places it): no anchor goes under it.
const legendH = 44 + 19 * (variant.power?.length ?? 0);
const legendAt = cfg.legend ?? [12, H - 12 - legendH];
const underLegend = (p) => p[0] > legendAt[0] - 8 && p[0] < legendAt[0] + 208 && p[1] > legendAt[1] - 8 && p[1] < legendAt[1] + legendH + 8;
function gridSearch(poly, score, step = 3) {
  const [x0, y0, x1, y1] = bbox([poly]);
  const segs = segments([poly]);
  let best = null;
  for (let x = x0 + step / 2; x < x1; x += step) {
    for (let y = y0 + step / 2; y < y1; y += step) {
      const p = [x, y];
      if (!inPoly(p, poly) || underLegend(p)) continue;
      const s = score(p, borderDist(p, segs));
      if (!best || s > best.s) best = { p, s };
    }
  }
  if (!best) return interiorPoint(poly);
  return best.p;
}
const r1 = (v) => Math.round(v * 10) / 10;
const pt = (p) => [r1(p[0]), r1(p[1])];
function pathOf(mp) {
  let d = "";
  for (const poly of mp) for (const ring of poly) {
    const pts = ring.slice(0, -1).map((p) => pt(p));
    const dedup = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1][0] || p[1] !== pts[i - 1][1]);
    if (dedup.length < 3) continue;
    d += "M" + dedup.map((p) => `${p[0]} ${p[1]}`).join("L") + "Z";
  }
  return d;
}

const out = {
  format: "entente-geometry/1",
  variant: cfg.variant,
  width: W,
  height: H,
  sources: [
    "Coastlines and borders: Natural Earth 1:50m admin-0 countries (public domain), via the npm package world-atlas 2.0.2",
    `Province regions: Voronoi cells of real places (tools/mapgen/${variantName}.js), generated by tools/mapgen/generate.js`,
    ...(cfg.borders ? [`Interior land borders: lines drawn after the classic 1901 board and the rivers, ranges and frontiers it follows (tools/mapgen/${variantName}.js)`] : []),
    ...(cfg.rivers ? [`Rivers: lines through real places on their course (tools/mapgen/${variantName}.js)`] : []),
  ],
  land: pathOf(land),
  impassable: pathOf(impassable),
  lakes: pathOf(lakes),
  provinces: {},
  coasts: {},
};
// Supply-centre marks sit at their cities; a mark that would touch another one (Tyre is 35 km
// from Sidon) moves to the nearest point of its province clear of the others.
const centreAt = new Map();
for (const p of variant.province) {
  if (!p.centre) continue;
  const city = landOrSeaSeeds(p.abbr)[0].p;
  const others = [...centreAt.values()];
  const clear = (q) => others.every((o) => Math.hypot(q[0] - o[0], q[1] - o[1]) >= 12);
  centreAt.set(p.abbr, clear(city) ? city : gridSearch(mainPiece(p.abbr), (q, d) => (clear(q) && d >= 5 ? 0 : -1000) - Math.hypot(q[0] - city[0], q[1] - city[1]), 1));
}
for (const p of variant.province) {
  const poly = mainPiece(p.abbr);
  const own = landOrSeaSeeds(p.abbr);
  const centre = p.centre ? centreAt.get(p.abbr) : null;
  if (centre && !inMulti(centre, shapes.get(p.abbr))) console.warn(`warning: centre of ${p.abbr} lies outside it`);
  const unit = gridSearch(poly, (q, d) => Math.min(d, 22) + (centre ? Math.min(Math.hypot(q[0] - centre[0], q[1] - centre[1]), 20) * 0.6 : 0) - (p.kind === "sea" ? 0.1 : 0.07) * Math.hypot(q[0] - own[0].p[0], q[1] - own[0].p[1]));
  // The label sits near the unit (about 20px away), clear of the border and the centre mark.
  const label = gridSearch(poly, (q, d) => {
    const du = Math.hypot(q[0] - unit[0], q[1] - unit[1]);
    const dc = centre ? Math.hypot(q[0] - centre[0], q[1] - centre[1]) : 99;
    return -Math.abs(du - 19) + Math.min(d, 9) + (dc < 10 ? -8 : 0) + (q[1] > unit[1] + 8 ? 2 : 0);
  }, 2);
  const entry = { d: pathOf(shapes.get(p.abbr)), unit: pt(unit), label: pt(label) };
  if (centre) entry.centre = pt(centre);
  if (waterOf.has(p.abbr)) entry.water = pathOf(waterOf.get(p.abbr));
  out.provinces[p.abbr] = entry;
  // Split coasts: the fleet stands inside the coast on the seas that only this coast reaches
  // (all its seas when it shares every one), away from the province's other coast anchors.
  const coastSeas = Object.fromEntries(
    Object.entries(p.coasts || {}).map(([c, list]) => [c, list.map((n) => n.split("/")[0]).filter((n) => kinds[n] === "sea")]),
  );
  const placed = [];
  for (const coast of Object.keys(coastSeas)) {
    const others = Object.entries(coastSeas).filter(([c]) => c !== coast).flatMap(([, l]) => l);
    const unique = coastSeas[coast].filter((s) => !others.includes(s));
    const seas = unique.length ? unique : coastSeas[coast];
    const segs = seas.flatMap((s) => borderSegs.get(p.abbr).get(s) || []);
    if (!segs.length) {
      console.warn(`warning: ${p.abbr}/${coast} touches none of its seas in the drawing`);
      continue;
    }
    const away = (q) => placed.reduce((m, a) => Math.min(m, Math.hypot(q[0] - a[0], q[1] - a[1])), 80);
    const cu = gridSearch(poly, (q, d) => (d < 6 ? -100 : 0) - borderDist(q, segs) - 0.3 * Math.max(0, 30 - Math.hypot(q[0] - unit[0], q[1] - unit[1])) + 0.5 * away(q), 2);
    placed.push(cu);
    const cl = gridSearch(poly, (q, d) => (d < 3 ? -100 : 0) - Math.abs(Math.hypot(q[0] - cu[0], q[1] - cu[1]) - 16) - 0.5 * borderDist(q, segs), 2);
    out.coasts[`${p.abbr}/${coast}`] = { unit: pt(cu), label: pt(cl) };
  }
}
if (offboardWater.length) out.offboard = pathOf(offboardWater);
if (cfg.rivers) {
  // Each river a polyline through real places on its course.
  out.rivers = Object.values(cfg.rivers)
    .map((list) => "M" + list.map(([, lat, lon]) => pt(projection([lon, lat])).join(" ")).join("L"))
    .join("");
}
// Where armies cross water at a junction (two land spaces with no common border), a short
// line across the strait.
const closest = (q, segs) => {
  let best = null;
  for (const [a, b] of segs) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const l2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / l2));
    const f = [a[0] + t * dx, a[1] + t * dy];
    const d = Math.hypot(f[0] - q[0], f[1] - q[1]);
    if (!best || d < best.d) best = { d, f };
  }
  return best.f;
};
let crossings = "";
for (const j of junctions) {
  const landNames = Object.keys(j.seeds).filter((a) => kinds[a] !== "sea");
  for (const a of landNames) for (const b of landNames) {
    if (a >= b || (shared.get(`${a}|${b}`) || 0) >= minShared) continue;
    const [pa, pb] = [closest(j.p, segments(shapes.get(a))), closest(j.p, segments(shapes.get(b)))];
    const len = Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
    if (len < 1) continue; // they touch: nothing to cross
    const m = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
    const half = Math.max(len / 2 + 4, 6);
    const u = [(pb[0] - pa[0]) / len, (pb[1] - pa[1]) / len];
    crossings += `M${pt([m[0] - u[0] * half, m[1] - u[1] * half]).join(" ")}L${pt([m[0] + u[0] * half, m[1] + u[1] * half]).join(" ")}`;
  }
}
if (crossings) out.crossings = crossings;
if (cfg.legend) out.legend = cfg.legend;
// The border lines themselves (what the provinces' common borders were drawn along).
if (Object.keys(borderLines).length) {
  out.borders = Object.fromEntries(Object.entries(borderLines).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, line]) => [k, line.map(pt)]));
}
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, JSON.stringify(out, null, 1) + "\n");
console.log(`wrote ${path.relative(root, outFile)} (${(fs.statSync(outFile).size / 1024).toFixed(0)} KiB)`);
