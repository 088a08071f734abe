//! Draws a variant file's start position (its geometry if it has one, else the schematic):
//! `cargo run -p entente-render --example variant_svg -- VARIANT.toml OUT.svg [--schematic]`.

use entente_judge::Position;
use entente_map::Map;
use entente_render::{Layout, RenderOptions, Renderer};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: variant_svg VARIANT.toml OUT.svg [--schematic]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).expect("read variant");
    let map = Map::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    let layout = if args.iter().any(|a| a == "--schematic") {
        Layout::schematic(&map)
    } else {
        Layout::for_map(&map)
    };
    let r = Renderer::with_layout(&map, layout, RenderOptions::default());
    let title = format!("{} {}", map.name, map.start_year);
    std::fs::write(
        &args[2],
        r.render(&Position::start(&map), None, &[], &title),
    )
    .expect("write");
}
