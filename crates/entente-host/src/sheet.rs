//! An order sheet: what one power sent for a phase, one order a line, each read as far as
//! it can be. Unreadable lines are kept with their reason and count as Hold (the French
//! club's house rules: "void or badly written orders count as Hold").

use entente_game::{Error, Result};
use entente_map::Map;
use entente_orders::{format_order, parse_order, Order};
use serde::{Deserialize, Serialize};

/// One line of a sheet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SheetLine {
    /// The line as the player wrote it (trimmed).
    pub text: String,
    pub reading: Reading,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reading {
    /// Understood as this order; `canonical` is its canonical text.
    Order { order: Order, canonical: String },
    /// Not an order; the reason.
    Unreadable(String),
}

impl SheetLine {
    pub fn order(&self) -> Option<Order> {
        match &self.reading {
            Reading::Order { order, .. } => Some(*order),
            Reading::Unreadable(_) => None,
        }
    }
}

/// Reads a sheet: blank lines and `#` comments are skipped, as is a first line naming the
/// power (`England:`), so a sheet can be pasted as written.
pub fn read_sheet(map: &Map, text: &str) -> Vec<SheetLine> {
    let mut out = Vec::new();
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(head) = line.strip_suffix(':') {
            if map.lookup_power(head.trim()).is_some() {
                continue;
            }
        }
        out.push(read_line(map, line));
    }
    out
}

/// Reads one order.
pub fn read_line(map: &Map, text: &str) -> SheetLine {
    let reading = match parse_order(map, text) {
        Ok(order) => Reading::Order {
            order,
            canonical: format_order(map, &order),
        },
        Err(e) => Reading::Unreadable(e.to_string()),
    };
    SheetLine {
        text: text.trim().to_string(),
        reading,
    }
}

/// A sheet line as stored in the game record: the text, and either the canonical order or
/// why it could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StoredLine {
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<String>,
}

impl StoredLine {
    pub fn from_line(l: &SheetLine) -> StoredLine {
        match &l.reading {
            Reading::Order { canonical, .. } => StoredLine {
                text: l.text.clone(),
                order: Some(canonical.clone()),
                unreadable: None,
            },
            Reading::Unreadable(why) => StoredLine {
                text: l.text.clone(),
                order: None,
                unreadable: Some(why.clone()),
            },
        }
    }

    /// Back to a sheet line; the order is read from its canonical text, so a change in what
    /// the parser accepts never changes a recorded game.
    pub fn to_line(&self, map: &Map) -> Result<SheetLine> {
        let reading = match (&self.order, &self.unreadable) {
            (Some(c), _) => {
                let order = parse_order(map, c)
                    .map_err(|e| Error::unreadable(format!("order '{c}': {e}")))?;
                Reading::Order {
                    order,
                    canonical: c.clone(),
                }
            }
            (None, Some(why)) => Reading::Unreadable(why.clone()),
            (None, None) => Reading::Unreadable("no order".into()),
        };
        Ok(SheetLine {
            text: self.text.clone(),
            reading,
        })
    }
}
