//! Every order line of DATC v3.0 section 6 parses, to the order listed in the canonical file.

mod common;
use common::map;
use entente_orders::{format_order, parse_order};

const ORDERS: &str = include_str!("data/datc_orders.txt");
const CANONICAL: &str = include_str!("data/datc_orders_canonical.txt");

fn lines(s: &str) -> Vec<&str> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn every_datc_order_parses() {
    let m = map();
    let orders = lines(ORDERS);
    let canonical = lines(CANONICAL);
    assert!(orders.len() > 700, "only {} orders extracted", orders.len());
    assert_eq!(orders.len(), canonical.len());
    let mut failures = Vec::new();
    for (text, want) in orders.iter().zip(&canonical) {
        match parse_order(m, text) {
            Ok(o) => {
                let got = format_order(m, &o);
                if got != *want {
                    failures.push(format!("{text:?}: read as {got:?}, expected {want:?}"));
                }
                if parse_order(m, &got) != Ok(o) {
                    failures.push(format!("{text:?}: {got:?} does not read back"));
                }
            }
            Err(e) => failures.push(format!("{text:?}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn datc_spellings_are_covered() {
    // The extraction found the forms the DATC uses; make sure they are all there.
    let all = ORDERS;
    for form in [
        "Supports",
        "Convoys",
        "Hold",
        "via Convoy",
        "Build",
        "Remove",
        "(nc)",
        "(sc)",
        "(ec)",
        "Gulf of Lyon",
        "St Petersburg",
    ] {
        assert!(all.contains(form), "{form}");
    }
}
