//! The properties the order parser's fuzz targets check, shared by the stable targets
//! (`tests/fuzz.rs`, under `cargo test`) and the coverage-guided ones (`fuzz/`, libFuzzer).
//! Every function panics on a broken property; none may panic, abort or run away otherwise.
#![allow(dead_code)]

use entente_map::Map;
use entente_orders::{format_order, parse_order, parse_order_fast, parse_order_general};

/// One line read as an order on `map`, by the fast path, the general parser and
/// `parse_order`: the fast path answers only as the general parser would, `parse_order` is
/// one of them, an order's canonical text reads back to it, and an error points inside the
/// text (counted from 1, one past its end when cut short) with its reason in English.
pub fn check_order(map: &Map, text: &str) {
    let general = parse_order_general(map, text);
    if let Some(o) = parse_order_fast(map, text) {
        assert_eq!(
            general,
            Ok(o),
            "{text:?}: the fast path read {:?}",
            format_order(map, &o)
        );
    }
    assert_eq!(parse_order(map, text), general, "{text:?}");
    match general {
        Ok(o) => {
            let canon = format_order(map, &o);
            assert_eq!(
                parse_order(map, &canon),
                Ok(o),
                "{text:?} read as {canon:?}, which does not read back"
            );
        }
        Err(e) => {
            let n = text.chars().count();
            assert!(
                (1..=n + 1).contains(&e.position),
                "{text:?}: position {} outside 1..={}: {e}",
                e.position,
                n + 1
            );
            assert!(!e.message.is_empty(), "{text:?}: empty message");
            assert_eq!(e.message, e.reason.english(), "{text:?}");
        }
    }
}

/// The lines of a sheet that are read as orders, as `entente_host::read_sheet` cuts them: a
/// byte-order mark dropped, `#` comments and surrounding space cut, blank lines skipped.
pub fn sheet_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .map(|raw| raw.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
}
