//! SVG to PNG through resvg, with the system's fonts.

use crate::error::RenderError;
use std::sync::{Arc, OnceLock};

fn fontdb() -> Arc<resvg::usvg::fontdb::Database> {
    static DB: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_system_fonts();
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// The widest and tallest picture [`svg_to_png`] makes, in pixels.
pub const PNG_MAX_SIDE: u32 = 16_384;
/// The most pixels a picture [`svg_to_png`] makes may have (64 megapixels: 256 MiB of RGBA).
pub const PNG_MAX_PIXELS: u64 = 64 << 20;

/// Renders an SVG document to PNG bytes with a palette of at most 256 colours (NeuQuant, via
/// `color_quant`): a board is flat colours and their anti-aliased edges, so the palette keeps
/// it looking the same at about a third of the size of full colour. `scale` 1.0 keeps the
/// SVG's size in pixels. A scale that is not a positive number, or that would make the
/// picture wider or taller than [`PNG_MAX_SIDE`] or larger than [`PNG_MAX_PIXELS`], is
/// refused before anything is allocated.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let pixmap = rasterize(svg, scale)?;
    palette_png(&pixmap)
}

/// [`svg_to_png`] in full colour (RGBA), as resvg draws it.
pub fn svg_to_png_rgba(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    rasterize(svg, scale)?
        .encode_png()
        .map_err(|e| RenderError(format!("png: {e}")))
}

/// The picture as an indexed PNG: at most 256 colours, found by NeuQuant.
fn palette_png(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    // Learn from every 10th pixel: quick, and every colour a board has is seen many times.
    let nq = color_quant::NeuQuant::new(10, 256, &rgba);
    let map = nq.color_map_rgba();
    let colours = map.len() / 4;
    let mut palette = Vec::with_capacity(colours * 3);
    let mut alpha = Vec::with_capacity(colours);
    for c in map.chunks_exact(4) {
        palette.extend_from_slice(&c[..3]);
        alpha.push(c[3]);
    }
    // Most pixels repeat their left neighbour's colour: remember the last lookup.
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    let mut last: Option<([u8; 4], u8)> = None;
    for px in rgba.chunks_exact(4) {
        let key = [px[0], px[1], px[2], px[3]];
        let i = match last {
            Some((k, i)) if k == key => i,
            _ => {
                let i = nq.index_of(px) as u8;
                last = Some((key, i));
                i
            }
        };
        indices.push(i);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(palette);
        if alpha.iter().any(|&a| a != 255) {
            enc.set_trns(alpha);
        }
        enc.set_compression(png::Compression::Best);
        enc.set_filter(png::FilterType::NoFilter);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError(format!("png: {e}")))?;
        w.write_image_data(&indices)
            .map_err(|e| RenderError(format!("png: {e}")))?;
    }
    Ok(out)
}

fn rasterize(svg: &str, scale: f32) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError(format!(
            "the scale must be a positive number, not {scale}"
        )));
    }
    let opt = resvg::usvg::Options {
        fontdb: fontdb(),
        ..Default::default()
    };
    let tree =
        resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError(format!("svg: {e}")))?;
    let (w, h) = (
        (f64::from(tree.size().width()) * f64::from(scale)).ceil(),
        (f64::from(tree.size().height()) * f64::from(scale)).ceil(),
    );
    let side = f64::from(PNG_MAX_SIDE);
    if w > side || h > side || w * h > PNG_MAX_PIXELS as f64 {
        return Err(RenderError(format!(
            "the picture would be {w} × {h} pixels; at most {PNG_MAX_SIDE} pixels a side and {} \
             megapixels",
            PNG_MAX_PIXELS >> 20
        )));
    }
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or("empty image")?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("image too large")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}
