//! An order sheet: what one power sent for a phase, one order a line, each read as far as
//! it can be. Unreadable lines are kept with their reason; in a movement phase they count as
//! Hold (the French club's house rules: "void or badly written orders count as Hold"), in
//! the other phases they are ignored.

use compact_str::CompactString;
use entente_game::{Error, Result};
use entente_judge::PhaseKind;
use entente_map::Map;
use entente_orders::{format_order, parse_order, Order};
use serde::{Deserialize, Serialize};

/// One line of a sheet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SheetLine {
    /// The line as the player wrote it (trimmed). A `CompactString`: an order's line (up
    /// to 24 bytes) is kept inline, so a phase's sheets cost no allocation per order.
    pub text: CompactString,
    pub reading: Reading,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reading {
    /// Understood as this order; `canonical` is its canonical text.
    Order {
        order: Order,
        canonical: CompactString,
    },
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

    /// An order a front end has already read (a bot's, given as tokens): the line is its
    /// canonical text, nothing is parsed again.
    pub fn of_order(map: &Map, order: Order) -> SheetLine {
        let canonical: CompactString = format_order(map, &order).into();
        SheetLine {
            text: canonical.clone(),
            reading: Reading::Order { order, canonical },
        }
    }

    /// [`read_sheet_for`]: a sheet for a phase of this kind (in an adjustment phase a bare
    /// unit, `F Edi`, is a build). Reachable as `entente_host::SheetLine::read_sheet_for`.
    pub fn read_sheet_for(map: &Map, kind: PhaseKind, text: &str) -> Vec<SheetLine> {
        read_sheet_for(map, kind, text)
    }

    /// [`read_line_for`]: one order of a phase of this kind.
    pub fn read_line_for(map: &Map, kind: PhaseKind, text: &str) -> SheetLine {
        read_line_for(map, kind, text)
    }
}

/// Reads a sheet: blank lines and `#` comments are skipped, as is a first line naming the
/// power (`England:`), so a sheet can be pasted as written; a byte-order mark (Windows
/// Notepad) is ignored. Orders are read as in a movement phase: see [`read_sheet_for`].
pub fn read_sheet(map: &Map, text: &str) -> Vec<SheetLine> {
    read_sheet_for(map, PhaseKind::Movement, text)
}

/// Reads a sheet for a phase of this kind, as [`read_sheet`]. In an adjustment phase a bare
/// unit (`F Edi`, `A Par`: the rulebook's way of writing builds) is a build.
pub fn read_sheet_for(map: &Map, kind: PhaseKind, text: &str) -> Vec<SheetLine> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
        out.push(read_line_for(map, kind, line));
    }
    out
}

/// Reads one order of a phase of this kind (see [`read_sheet_for`]).
pub fn read_line_for(map: &Map, kind: PhaseKind, text: &str) -> SheetLine {
    let line = read_line(map, text);
    if kind != PhaseKind::Adjustment || line.order().is_some() {
        return line;
    }
    // "F Edi": a unit with its type and nothing after it is a build.
    match parse_order(map, &format!("Build {}", line.text)) {
        Ok(order @ Order::Build { ty: Some(_), .. }) => SheetLine {
            reading: Reading::Order {
                order,
                canonical: format_order(map, &order).into(),
            },
            ..line
        },
        _ => line,
    }
}

/// Reads one order.
pub fn read_line(map: &Map, text: &str) -> SheetLine {
    let reading = match parse_order(map, text) {
        Ok(order) => Reading::Order {
            order,
            canonical: format_order(map, &order).into(),
        },
        Err(e) => Reading::Unreadable(e.to_string()),
    };
    SheetLine {
        text: text.trim().into(),
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
                text: l.text.to_string(),
                order: Some(canonical.to_string()),
                unreadable: None,
            },
            Reading::Unreadable(why) => StoredLine {
                text: l.text.to_string(),
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
                    canonical: c.into(),
                }
            }
            (None, Some(why)) => Reading::Unreadable(why.clone()),
            (None, None) => Reading::Unreadable("no order".into()),
        };
        Ok(SheetLine {
            text: self.text.as_str().into(),
            reading,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entente_judge::PhaseKind;

    fn map() -> Map {
        Map::standard()
    }

    fn canonical(lines: &[SheetLine]) -> Vec<String> {
        lines
            .iter()
            .map(|l| match &l.reading {
                Reading::Order { canonical, .. } => canonical.to_string(),
                Reading::Unreadable(why) => format!("unreadable: {why}"),
            })
            .collect()
    }

    #[test]
    fn a_bare_unit_on_an_adjustment_sheet_is_a_build() {
        let m = map();
        let lines = read_sheet_for(&m, PhaseKind::Adjustment, "England:\nF Edi\nA Lvp\n");
        assert_eq!(canonical(&lines), ["Build F edi", "Build A lvp"]);
        assert_eq!(lines[0].text, "F Edi");
        // Orders written in full are read as ever.
        let lines = read_sheet_for(
            &m,
            PhaseKind::Adjustment,
            "Build A Par\nRemove F Bre\nWaive\n",
        );
        assert_eq!(canonical(&lines), ["Build A par", "Remove F bre", "Waive"]);
    }

    #[test]
    fn a_bare_unit_outside_adjustments_is_still_unreadable() {
        let m = map();
        for kind in [PhaseKind::Movement, PhaseKind::Retreat] {
            let lines = read_sheet_for(&m, kind, "F Edi\n");
            assert!(
                matches!(lines[0].reading, Reading::Unreadable(_)),
                "{kind:?}"
            );
        }
        assert_eq!(
            read_sheet(&m, "F Edi\n"),
            read_sheet_for(&m, PhaseKind::Movement, "F Edi\n")
        );
    }

    #[test]
    fn an_order_already_read_is_the_line_its_canonical_text_reads_as() {
        let m = map();
        for text in [
            "A Par - Bur",
            "F Bre S A Par - Pic",
            "Build F stp/sc",
            "Waive",
        ] {
            let read = read_line_for(&m, PhaseKind::Adjustment, text);
            let order = read.order().expect(text);
            let line = SheetLine::of_order(&m, order);
            assert_eq!(line.order(), Some(order), "{text}");
            assert_eq!(canonical(std::slice::from_ref(&line)), canonical(&[read]));
            assert_eq!(line.text, format_order(&m, &order));
            assert_eq!(read_line(&m, &line.text).order(), Some(order), "{text}");
        }
    }

    #[test]
    fn a_bare_province_without_its_unit_type_is_not_a_build() {
        let lines = read_sheet_for(&map(), PhaseKind::Adjustment, "Edi\n");
        assert!(matches!(lines[0].reading, Reading::Unreadable(_)));
    }

    #[test]
    fn a_byte_order_mark_does_not_spoil_the_first_order() {
        let m = map();
        let lines = read_sheet(&m, "\u{feff}A Par - Bur\nA Mar - Spa\n");
        assert_eq!(canonical(&lines), ["A par - bur", "A mar - spa"]);
        assert_eq!(lines[0].text, "A Par - Bur");
        let lines = read_sheet(&m, "\u{feff}France:\r\nA Par - Bur\r\n");
        assert_eq!(canonical(&lines), ["A par - bur"]);
        let lines = read_sheet_for(&m, PhaseKind::Adjustment, "\u{feff}F Bre\n");
        assert_eq!(canonical(&lines), ["Build F bre"]);
    }
}
