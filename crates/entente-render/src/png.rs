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

/// Renders an SVG document to PNG bytes; `scale` 1.0 keeps the SVG's size in pixels.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let opt = resvg::usvg::Options {
        fontdb: fontdb(),
        ..Default::default()
    };
    let tree =
        resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError(format!("svg: {e}")))?;
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
