//! Makes the renderer doc's pictures (`docs/img/render-*.png`):
//! `cargo run -p entente-render --example doc_images -- docs/img`.

use entente_render::{marks, svg_to_png, RenderOptions, Renderer};
use entente_scenario::{execute_case, parse_scenarios};

const GAME: &str = "
case doc Head-to-head, disband, convoy chain
units:
  Germany: A Ruhr, A Kiel
  France: A Munich, A Burgundy
  England: A London, F North Sea, F Skagerrak
orders:
Germany:
  A Ruhr - Munich
  A Kiel Supports A Ruhr - Munich
France:
  A Munich - Ruhr
  A Burgundy - Ruhr
England:
  A London - Sweden
  F North Sea Convoys A London - Sweden
  F Skagerrak Convoys A London - Sweden
phase: Spring 1901 retreat
orders:
France:
  A Munich Disband
";

/// The picture cropped to the box x, y, w, h (in SVG units).
fn crop(svg: &str, (x, y, w, h): (f32, f32, f32, f32)) -> String {
    let start = svg.find("<svg ").expect("an svg");
    let end = start + svg[start..].find('>').expect("a tag");
    let tag = &svg[start..end];
    let mut out = String::from(tag);
    for (name, value) in [
        ("width", format!("{w}")),
        ("height", format!("{h}")),
        ("viewBox", format!("{x} {y} {w} {h}")),
    ] {
        let key = format!(" {name}=\"");
        let i = out.find(&key).expect("attribute") + key.len();
        let j = i + out[i..].find('"').expect("quote");
        out.replace_range(i..j, &value);
    }
    format!("{}{}{}", &svg[..start], out, &svg[end..])
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "docs/img".into());
    let cases = parse_scenarios(GAME)?;
    let (map, runs) = execute_case(&cases[0])?;
    let r = Renderer::new(&map, RenderOptions::default());
    let shot = |i: usize, title: &str| {
        let (orders, dislodged) = marks(&runs[i].outcome, &runs[i].before);
        r.render(&runs[i].before, Some(&orders), &dislodged, title)
    };
    let movement = shot(0, "Spring 1901 movement");
    let retreat = shot(1, "Spring 1901 retreats");
    let write = |name: &str, svg: &str, scale: f32| -> Result<(), Box<dyn std::error::Error>> {
        let path = format!("{dir}/render-{name}.png");
        std::fs::write(&path, svg_to_png(svg, scale)?)?;
        println!("{path}");
        Ok(())
    };
    write(
        "head-to-head",
        &crop(&movement, (420.0, 500.0, 220.0, 160.0)),
        2.5,
    )?;
    write(
        "disband",
        &crop(&retreat, (440.0, 520.0, 200.0, 140.0)),
        2.5,
    )?;
    write(
        "convoy",
        &crop(&movement, (280.0, 360.0, 360.0, 200.0)),
        2.0,
    )?;
    let cs = Renderer::new(
        &map,
        RenderOptions {
            lang: Some("cs".into()),
            results: true,
            ..Default::default()
        },
    );
    let (orders, dislodged) = marks(&runs[0].outcome, &runs[0].before);
    let svg = cs.render(
        &runs[0].before,
        Some(&orders),
        &dislodged,
        "Spring 1901 movement",
    );
    write("czech", &svg, 1.0)?;
    let anc = entente_map::builtin_variant("ancmed").ok_or("no Ancient Mediterranean")?;
    let ru = Renderer::new(
        &anc,
        RenderOptions {
            lang: Some("ru".into()),
            ..Default::default()
        },
    );
    let pos = entente_judge::Position::start(&anc);
    write(
        "ancmed-ru",
        &ru.render(&pos, None, &[], "Spring 1 AD movement"),
        1.0,
    )?;
    Ok(())
}
