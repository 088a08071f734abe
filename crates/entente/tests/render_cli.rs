//! `entente render` on game records (entente's own and the Python package's) and on the
//! rulebooks' sample games: every phase drawn as SVG and PNG, with every province, one order
//! element per order, and the units where the phase's position has them.

mod common;
use common::*;

use entente_map::Map;
use entente_scenario::{execute_case, parse_scenarios, PhaseResult};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The files a render printed, by extension.
fn written(stdout: &str, ext: &str) -> Vec<PathBuf> {
    stdout
        .lines()
        .filter(|l| l.ends_with(ext))
        .map(PathBuf::from)
        .collect()
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// A unit as the SVG marks it: power, type letter, location.
type UnitMark = (String, String, String);

/// The units drawn (standing, dislodged) with power, type and location.
fn drawn_units(svg: &str) -> (Vec<UnitMark>, Vec<UnitMark>) {
    let attr = |el: &str, name: &str| -> String {
        let key = format!("{name}=\"");
        let i = el.find(&key).unwrap() + key.len();
        el[i..i + el[i..].find('"').unwrap()].to_string()
    };
    let mut standing = Vec::new();
    let mut dislodged = Vec::new();
    for (tag, list) in [
        ("<g class=\"unit\" ", &mut standing),
        ("<g class=\"unit dislodged\" ", &mut dislodged),
    ] {
        for (i, _) in svg.match_indices(tag) {
            let el = &svg[i..i + svg[i..].find('>').unwrap()];
            list.push((
                attr(el, "data-power"),
                attr(el, "data-type"),
                attr(el, "data-loc"),
            ));
        }
        list.sort();
    }
    (standing, dislodged)
}

/// Every province of the map is drawn once, and the picture is a whole SVG document.
fn assert_provinces(map: &Map, svg: &str) {
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    for p in map.provinces() {
        assert_eq!(
            count(svg, &format!(r#"id="p-{}""#, p.abbr)),
            1,
            "province {} drawn once",
            p.abbr
        );
    }
}

/// A PNG file: the signature, and its width (from the IHDR chunk).
fn png_width(path: &Path) -> u32 {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..8], b"\x89PNG\r\n\x1a\n", "{} is a PNG", path.display());
    assert_eq!(&b[12..16], b"IHDR");
    u32::from_be_bytes([b[16], b[17], b[18], b[19]])
}

fn svg_width(svg: &str) -> f32 {
    let i = svg.find("width=\"").unwrap() + 7;
    svg[i..i + svg[i..].find('"').unwrap()].parse().unwrap()
}

// ---------------------------------------------------------------------------------------
// A game played with `entente game`

fn send(game: &Path, power: &str, sheet: &str) {
    let file = game.with_extension(format!("{power}.txt"));
    std::fs::write(&file, sheet).unwrap();
    ok(&["game", "orders", s(game), "--power", power, s(&file)]);
}

/// Spring and Fall 1901 with a dislodgement, the retreat, the Winter builds: five phases
/// in the record (the last one, Spring 1902, not yet played).
fn play(dir: &Path) -> PathBuf {
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    send(&game, "France", "A Par - Bur\nA Mar - Spa\nF Bre - Mao\n");
    send(&game, "Germany", "A Mun - Ruh\nA Ber - Mun\nF Kie - Den\n");
    send(&game, "Italy", "A Ven - Pie\nA Rom - Apu\nF Nap - Ion\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    send(&game, "France", "A Bur Hold\nA Spa - Por\nF Mao - Spa/sc\n");
    send(
        &game,
        "Germany",
        "A Ruh - Bur\nA Mun Supports A Ruh - Bur\nF Den Hold\n",
    );
    // An order the judge refuses: Italy's army cannot reach Tunis.
    send(&game, "Italy", "A Pie - Tun\nF Ion - Tun\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    send(&game, "France", "A Bur - Pic\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    send(&game, "France", "Build A Par\nBuild F Mar\n");
    send(&game, "Germany", "Build A Ber\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    game
}

/// The units of a recorded position: standing, and dislodged ones (`"A bur"` per power).
fn recorded_units(position: &Value) -> (Vec<UnitMark>, Vec<UnitMark>) {
    let mut standing = Vec::new();
    if let Some(m) = position["units"].as_object() {
        for (power, list) in m {
            for u in list.as_array().unwrap() {
                let (t, l) = u.as_str().unwrap().split_once(' ').unwrap();
                standing.push((power.clone(), t.to_string(), l.to_string()));
            }
        }
    }
    let mut dislodged = Vec::new();
    for d in position["dislodged"].as_array().into_iter().flatten() {
        let (t, l) = d["unit"].as_str().unwrap().split_once(' ').unwrap();
        dislodged.push((
            d["power"].as_str().unwrap().to_string(),
            t.to_string(),
            l.to_string(),
        ));
    }
    standing.sort();
    dislodged.sort();
    (standing, dislodged)
}

/// The record's results of a phase, by word (`succeeded`, `failed`, `illegal`).
fn recorded_results(entry: &Value) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for o in entry["orders"].as_array().into_iter().flatten() {
        if let Some(r) = o["result"].as_str() {
            if r != "ignored" {
                *m.entry(r.to_string()).or_insert(0) += 1;
            }
        }
    }
    m
}

/// Checks one phase's SVG against the record's entry for it (a played phase, or the current
/// one).
fn assert_phase(map: &Map, svg: &str, entry: &Value, played: bool) {
    assert_provinces(map, svg);
    let (standing, dislodged) = drawn_units(svg);
    let (want_standing, want_dislodged) = recorded_units(&entry["position"]);
    // Every unit of the position is drawn where the position has it: standing, or beside
    // its province when this phase dislodges it.
    let mut all = standing.clone();
    all.extend(dislodged.iter().cloned());
    all.sort();
    let mut want = want_standing.clone();
    want.extend(want_dislodged.iter().cloned());
    want.sort();
    assert_eq!(all, want, "units of {}", entry["phase"]);
    for d in &want_dislodged {
        assert!(dislodged.contains(d), "{d:?} drawn as dislodged");
    }
    // One order element per order the judge decided, with the record's outcomes.
    let results = recorded_results(entry);
    let orders: usize = results.values().sum();
    assert_eq!(
        count(svg, r#"<g class="order "#),
        orders,
        "{}",
        entry["phase"]
    );
    if played {
        assert!(orders > 0);
    }
    for (word, n) in &results {
        assert_eq!(
            count(svg, &format!(r#"data-outcome="{word}""#)),
            *n,
            "{word} in {}",
            entry["phase"]
        );
    }
    // The title names the phase.
    assert!(svg.contains("<title>"), "a title");
}

#[test]
fn every_phase_of_a_game_record_renders_to_svg_and_png() {
    let dir = scratch("render-cli", "record");
    let game = play(&dir);
    let r = record(&game);
    let mut entries: Vec<Value> = r["phases"].as_array().unwrap().clone();
    let codes: Vec<&str> = entries
        .iter()
        .map(|e| e["phase"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["S1901M", "F1901M", "F1901R", "W1901A"]);
    entries.push(r["current"].clone());
    let map = Map::standard();
    let out = dir.join("out");
    for (i, e) in entries.iter().enumerate() {
        let code = e["phase"].as_str().unwrap();
        let printed = ok(&[
            "render",
            s(&game),
            "--phase",
            code,
            "--png",
            "--scale",
            "0.5",
            "--out",
            s(&out),
        ]);
        let svgs = written(&printed, ".svg");
        let pngs = written(&printed, ".png");
        assert_eq!((svgs.len(), pngs.len()), (1, 1), "{printed}");
        assert!(
            svgs[0]
                .to_str()
                .unwrap()
                .contains(&format!("g-{:02}-", i + 1)),
            "{printed}"
        );
        let svg = std::fs::read_to_string(&svgs[0]).unwrap();
        assert_phase(&map, &svg, e, i < 4);
        assert_eq!(
            png_width(&pngs[0]),
            (svg_width(&svg) * 0.5).round() as u32,
            "PNG at half the SVG's size"
        );
    }
    // The phases' own pictures.
    let svg = |k: usize| {
        let printed = ok(&[
            "render",
            s(&game),
            "--phase",
            &k.to_string(),
            "--out",
            s(&out),
        ]);
        std::fs::read_to_string(&written(&printed, ".svg")[0]).unwrap()
    };
    let fall = svg(2);
    assert!(fall.contains("Fall 1901 movement"));
    // The French army in Burgundy is dislodged (drawn beside it, with its retreats), the
    // Italian army's move to Tunis is illegal.
    assert!(fall
        .contains(r#"<g class="unit dislodged" data-power="France" data-type="A" data-loc="bur""#));
    assert!(fall.contains(r#"class="retreat-option" data-to="pic""#));
    assert_eq!(count(&fall, r#"data-outcome="illegal""#), 1);
    let retreat = svg(3);
    assert_eq!(count(&retreat, r#"<g class="order retreat""#), 1);
    let winter = svg(4);
    assert_eq!(count(&winter, r#"<g class="order build""#), 3);
    // The phase may be named as well as numbered.
    let by_name = ok(&[
        "render",
        s(&game),
        "--phase",
        "Fall 1901 retreats",
        "--out",
        s(&out),
    ]);
    assert!(by_name.contains("g-03-fall-1901-retreats.svg"), "{by_name}");

    // Without --phase (or with --all): every phase, the current one last.
    let all = ok(&["render", s(&game), "--all", "--out", s(&dir.join("all"))]);
    assert_eq!(written(&all, ".svg").len(), 5, "{all}");
    let html = ok(&["render", s(&game), "--html", "--out", s(&dir.join("html"))]);
    let page = std::fs::read_to_string(&written(&html, ".html")[0]).unwrap();
    assert_eq!(count(&page, r#"<section class="frame""#), 5);
    assert!(page.contains("Winter 1901 adjustments"));

    // A phase the record does not have.
    let bad = entente(&["render", s(&game), "--phase", "F1905M", "--out", s(&out)]);
    assert_eq!(bad.status.code(), Some(2));
    let err = text(&bad.stderr);
    assert!(
        err.contains("no such phase") && err.contains("W1901A"),
        "{err}"
    );
    let bad = entente(&["render", s(&game), "--phase", "9", "--out", s(&out)]);
    assert!(text(&bad.stderr).contains("there are 5 phase(s)"));
}

#[test]
fn a_python_saved_game_renders_like_the_record_it_came_from() {
    let dir = scratch("render-cli", "python");
    let game = play(&dir);
    let py = dir.join("py.json");
    ok(&["game", "export", s(&game), "--python", s(&py)]);
    let native = ok(&["render", s(&game), "--out", s(&dir.join("native"))]);
    let python = ok(&[
        "render",
        s(&py),
        "--png",
        "--scale",
        "0.5",
        "--out",
        s(&dir.join("py")),
    ]);
    let (a, b) = (written(&native, ".svg"), written(&python, ".svg"));
    assert_eq!(a.len(), 5);
    assert_eq!(b.len(), 5);
    assert_eq!(written(&python, ".png").len(), 5);
    let r = record(&game);
    let mut entries: Vec<Value> = r["phases"].as_array().unwrap().clone();
    entries.push(r["current"].clone());
    let map = Map::standard();
    for ((x, y), e) in a.iter().zip(&b).zip(&entries) {
        let (x, y) = (
            std::fs::read_to_string(x).unwrap(),
            std::fs::read_to_string(y).unwrap(),
        );
        assert_phase(&map, &y, e, false);
        // The same units, orders and outcomes as the native record's pictures.
        assert_eq!(drawn_units(&x), drawn_units(&y));
        for word in ["succeeded", "failed", "illegal"] {
            let needle = format!(r#"data-outcome="{word}""#);
            assert_eq!(count(&x, &needle), count(&y, &needle), "{word}");
        }
        assert_eq!(
            count(&x, r#"<g class="order "#),
            count(&y, r#"<g class="order "#)
        );
    }
}

// ---------------------------------------------------------------------------------------
// The rulebooks' sample games

fn sample_game(file: &str) {
    let path = repo(file);
    let dir = scratch("render-cli", &file.replace('/', "-"));
    let printed = ok(&[
        "render",
        &path,
        "--case",
        "sample.game",
        "--png",
        "--scale",
        "0.5",
        "--out",
        s(&dir),
    ]);
    let svgs = written(&printed, ".svg");
    let pngs = written(&printed, ".png");
    // What the pictures must show: the case run by the library.
    let cases = parse_scenarios(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let case = cases.iter().find(|c| c.id == "sample.game").unwrap();
    let (map, runs) = execute_case(case).unwrap();
    assert!(runs.len() >= 5, "{} phases", runs.len());
    assert_eq!(svgs.len(), runs.len(), "{printed}");
    assert_eq!(pngs.len(), runs.len(), "{printed}");
    for ((svg_path, png_path), run) in svgs.iter().zip(&pngs).zip(&runs) {
        let svg = std::fs::read_to_string(svg_path).unwrap();
        assert_provinces(&map, &svg);
        let (orders, dislodged) = match &run.outcome {
            PhaseResult::Movement(r) => (r.orders.len(), r.dislodged.len()),
            PhaseResult::Retreat(r) => (r.orders.len(), run.before.dislodged().count()),
            PhaseResult::Adjustment(r) => (r.orders.len() + r.civil_disorder.len(), 0),
        };
        assert_eq!(
            count(&svg, r#"<g class="order "#),
            orders,
            "{}",
            svg_path.display()
        );
        // Every order written in the text is drawn with its power.
        for (p, o) in &run.orders {
            let el = format!(
                r#"data-order="{}" data-power="{}""#,
                entente_orders::format_order(&map, o),
                map.power(*p).name
            );
            assert!(svg.contains(&el), "{}: {el}", svg_path.display());
        }
        let (standing, shown_dislodged) = drawn_units(&svg);
        assert_eq!(shown_dislodged.len(), dislodged);
        // Standing units, and in a retreat phase the dislodged ones.
        let mut want: Vec<UnitMark> = run
            .before
            .units()
            .map(|(_, u)| u)
            .chain(run.before.dislodged().map(|(_, d)| d.unit))
            .map(|u| {
                (
                    map.power(u.power).name.clone(),
                    u.ty.letter().to_string(),
                    map.loc_abbr(u.loc),
                )
            })
            .collect();
        want.sort();
        let mut all = standing;
        all.extend(shown_dislodged);
        all.sort();
        assert_eq!(all, want, "{}", svg_path.display());
        // Owned centres in the legend.
        for pid in map.power_ids() {
            let el = format!(
                r#"data-power="{}" data-centres="{}""#,
                map.power(pid).name,
                run.before.centre_count(&map, pid)
            );
            assert!(svg.contains(&el), "{el}");
        }
        assert_eq!(png_width(png_path), (svg_width(&svg) * 0.5).round() as u32);
    }
    // The phase by its code, and the whole game on one page (with the position after it).
    let one = ok(&[
        "render",
        &path,
        "--case",
        "sample.game",
        "--phase",
        "F1901M",
        "--out",
        s(&dir.join("one")),
    ]);
    assert_eq!(written(&one, ".svg").len(), 1);
    assert!(one.contains("-02-fall-1901-movement.svg"), "{one}");
    let html = ok(&[
        "render",
        &path,
        "--case",
        "sample.game",
        "--html",
        "--out",
        s(&dir.join("html")),
    ]);
    let page = std::fs::read_to_string(&written(&html, ".html")[0]).unwrap();
    assert_eq!(count(&page, r#"<section class="frame""#), runs.len() + 1);
}

#[test]
fn every_phase_of_the_2000_rules_sample_game() {
    sample_game("cases/rulebooks/rules-2000-cs.scn");
}

#[test]
fn every_phase_of_the_1982_rules_sample_game() {
    sample_game("cases/rulebooks/rules-1982-cs.scn");
}

#[test]
fn an_ancient_mediterranean_game_is_drawn_on_its_own_map() {
    let dir = scratch("render-cli", "ancmed");
    let game = dir.join("a.json");
    ok(&[
        "game",
        "new",
        s(&game),
        "--variant",
        "ancmed",
        "--players",
        "Ann:Carthage,Ben:Egypt,Cat:Greece,Dan:Persia,Eva:Rome",
        "--seed",
        "1",
    ]);
    send(&game, "Carthage", "A car - mau\nA cir - num\nF tha - pun\n");
    send(&game, "Rome", "F nea - aus\nA rom - apu\nA rav - ven\n");
    send(&game, "Egypt", "F ale - gop\nA mem - cyr\nA thb - sin\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    let r = record(&game);
    let entries = [r["phases"][0].clone(), r["current"].clone()];
    let map = entente_map::builtin_variant("ancmed").unwrap();
    for (e, code) in entries.iter().zip(["S1M", "F1M"]) {
        let printed = ok(&[
            "render",
            s(&game),
            "--phase",
            code,
            "--png",
            "--scale",
            "0.5",
            "--out",
            s(&dir),
        ]);
        let svg = std::fs::read_to_string(&written(&printed, ".svg")[0]).unwrap();
        assert!(svg.contains(r#"data-variant="Ancient Mediterranean""#));
        // The map's geography, not the schematic: the Nile, the off-board Atlantic.
        assert!(svg.contains(r#"<path id="rivers""#) && svg.contains(r#"<path id="offboard""#));
        assert!(!svg.contains("<line "), "no schematic edges");
        assert_phase(&map, &svg, e, code == "S1M");
        png_width(&written(&printed, ".png")[0]);
    }
    let first = ok(&["render", s(&game), "--phase", "1", "--out", s(&dir)]);
    assert!(first.contains("a-01-spring-1-ad-movement.svg"), "{first}");
    let svg = std::fs::read_to_string(&written(&first, ".svg")[0]).unwrap();
    assert!(svg.contains("<title>Spring 1 AD movement</title>"));
    assert_eq!(count(&svg, r#"<g class="order move""#), 9);
}
