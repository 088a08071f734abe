//! Pictures of a Diplomacy board: a position, and optionally a phase's orders with their
//! outcomes, as SVG ([`Renderer::render`]), PNG ([`svg_to_png`]) or a whole history as one HTML
//! page ([`history_html`]).
//!
//! The standard map and the Ancient Mediterranean are drawn from committed geometry
//! (`geometry/standard.json`, `geometry/ancmed.json`, generated from Natural Earth by
//! `tools/mapgen`), picked by the variant's name. A variant without geometry is drawn as a
//! schematic:
//! provinces laid out from the adjacency graph by a deterministic force-directed layout
//! ([`Layout::schematic`]), so a user's variant is never blank.
//!
//! ```
//! use entente_judge::Position;
//! use entente_map::Map;
//! use entente_render::{RenderOptions, Renderer};
//!
//! let map = Map::standard();
//! let svg = Renderer::new(&map, RenderOptions::default())
//!     .render(&Position::start(&map), None, &[], "Spring 1901");
//! assert!(svg.contains(r#"id="p-par""#));
//! ```

mod error;
mod html;
pub mod i18n;
mod layout;
mod marks;
pub mod place;
mod png;
mod svg;

pub use error::RenderError;
pub use html::{history_html, Frame, Step, LAYER_SEP};
pub use i18n::{translate_title, MarkKind};
pub use layout::{
    CoastGeometry, Geometry, Layout, Point, ProvinceGeometry, ProvinceLayout, Shape,
    ANCMED_GEOMETRY, GEOMETRIES, STANDARD_GEOMETRY,
};
pub use marks::marks;
pub use png::{svg_to_png, svg_to_png_rgba, PNG_MAX_PIXELS, PNG_MAX_SIDE};
pub use svg::{mark_kind, RenderOptions, Renderer, PANEL_W};

use entente_judge::{Dislodged, Outcome, Position};
use entente_map::{Map, PowerId, ProvinceId};
use entente_orders::Order;

/// An order with its outcome, as the renderer draws it.
pub type ResolvedOrder = (PowerId, Order, Outcome);
/// A dislodged unit by the province it was dislodged from.
pub type DislodgedUnit = (ProvinceId, Dislodged);

/// One-shot rendering (builds the layout each call; keep a [`Renderer`] to draw many).
pub fn render_svg(
    map: &Map,
    pos: &Position,
    orders: Option<&[(PowerId, Order, Outcome)]>,
    dislodged: &[(ProvinceId, Dislodged)],
    title: &str,
) -> String {
    Renderer::new(map, RenderOptions::default()).render(pos, orders, dislodged, title)
}
