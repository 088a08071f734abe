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

/// Renders an SVG document to PNG bytes; `scale` 1.0 keeps the SVG's size in pixels. A scale
/// that is not a positive number, or that would make the picture wider or taller than
/// [`PNG_MAX_SIDE`] or larger than [`PNG_MAX_PIXELS`], is refused before anything is
/// allocated.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
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
    pixmap
        .encode_png()
        .map_err(|e| RenderError(format!("png: {e}")))
}
