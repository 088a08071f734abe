//! Quick timing of the order parser on the 22 orders of a Spring 1901 opening:
//! `cargo run --release -p entente-orders --example parse_timing`.
use entente_map::Map;
use entente_orders::{parse_order, parse_order_general};
use std::hint::black_box;
use std::time::Instant;

const OPENING: [&str; 22] = [
    "A Vie - Tri",
    "A Bud - Gal",
    "F Tri - Alb",
    "A Lvp - Yor",
    "F Lon - Nth",
    "F Edi - Nwg",
    "A Par - Bur",
    "A Mar - Spa",
    "F Bre - Pic",
    "A Ber - Kie",
    "A Mun - Ruh",
    "F Kie - Den",
    "A Ven - Pie",
    "A Rom - Ven",
    "F Nap - Ion",
    "A Mos - Ukr",
    "A War - Gal",
    "F StP/sc - Bot",
    "F Sev - Bla",
    "A Con - Bul",
    "A Smy - Con",
    "F Ank - Bla",
];

/// Microseconds per parse of all of `orders`: the best of 20 rounds of `n / 20` (the machine
/// may be busy).
fn time(orders: &[&str], n: u32, parse: impl Fn(&str) -> bool) -> f64 {
    for o in orders {
        assert!(parse(o), "{o}");
    }
    let rounds = 20;
    let per_round = (n / rounds).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..per_round {
            for o in orders {
                black_box(parse(black_box(o)));
            }
        }
        best = best.min(t.elapsed().as_secs_f64() / f64::from(per_round) * 1e6);
    }
    best
}

fn main() {
    let map = Map::standard();
    let others = [
        "F Nth C A Lon - Bel",
        "A Bel S F Nth",
        "A Mun S A Ber - Kie",
        "F Spa/sc - Wes",
        "A Lon - Bel via convoy",
        "Build A Par",
        "Remove F Tri",
        "Waive",
        "A Mun R Boh",
        "A Mun D",
        "F StP(nc) H",
    ];
    // `entente bench`'s opening-with-parsing figure also looks each order's power up by name.
    let powers = [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ];
    let lookups = time(&OPENING, 200_000, |o| {
        map.lookup_power(powers[o.len() % powers.len()]).is_some()
    });
    println!("Map::lookup_power, 22 times: {lookups:.3} µs");
    for (name, orders) in [
        ("opening (22 orders)", &OPENING[..]),
        ("other shapes (11 orders)", &others[..]),
    ] {
        let fast = time(orders, 200_000, |o| parse_order(&map, o).is_ok());
        if std::env::args().any(|a| a == "--fast-only") {
            println!("{name}: parse_order {fast:.3} µs");
            continue;
        }
        let general = time(orders, 5_000, |o| parse_order_general(&map, o).is_ok());
        println!(
            "{name}: parse_order {fast:.3} µs ({:.0} ns/order), general parser {general:.3} µs ({:.0} ns/order)",
            fast * 1e3 / orders.len() as f64,
            general * 1e3 / orders.len() as f64,
        );
    }
}
