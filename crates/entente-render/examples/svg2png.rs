//! Converts an SVG file to PNG with the same renderer the crate uses:
//! `cargo run -p entente-render --example svg2png -- in.svg out.png [scale]`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: svg2png IN.svg OUT.png [scale]");
        std::process::exit(2);
    }
    let svg = std::fs::read_to_string(&args[1]).expect("read svg");
    let scale: f32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let png = entente_render::svg_to_png(&svg, scale).expect("render");
    std::fs::write(&args[2], png).expect("write png");
}
