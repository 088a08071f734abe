//! Quick timing of one opening adjudication (the full benchmark suite is in entente-bench).
use entente_judge::{Judge, MovementResult, Position, Rulebook};
use entente_map::Map;
use entente_orders::parse_order;
use std::time::Instant;

fn main() {
    let map = Map::standard();
    let pos = Position::start(&map);
    let text = [
        ("Austria", "A Vie - Tri"),
        ("Austria", "A Bud - Gal"),
        ("Austria", "F Tri - Alb"),
        ("England", "A Lvp - Yor"),
        ("England", "F Lon - Nth"),
        ("England", "F Edi - Nwg"),
        ("France", "A Par - Bur"),
        ("France", "A Mar - Spa"),
        ("France", "F Bre - Pic"),
        ("Germany", "A Ber - Kie"),
        ("Germany", "A Mun - Ruh"),
        ("Germany", "F Kie - Den"),
        ("Italy", "A Ven - Pie"),
        ("Italy", "A Rom - Ven"),
        ("Italy", "F Nap - Ion"),
        ("Russia", "A Mos - Ukr"),
        ("Russia", "A War - Gal"),
        ("Russia", "F StP - Bot"),
        ("Russia", "F Sev - Bla"),
        ("Turkey", "A Con - Bul"),
        ("Turkey", "A Smy - Con"),
        ("Turkey", "F Ank - Bla"),
    ];
    let orders: Vec<_> = text
        .iter()
        .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(&map, o).unwrap()))
        .collect();
    let rules = Rulebook::default_game();
    let mut judge = Judge::new();
    let mut out = MovementResult::default();
    let n = 200_000;
    for _ in 0..1000 {
        judge.movement_into(&map, &rules, &pos, &orders, &mut out);
    }
    let t = Instant::now();
    for _ in 0..n {
        judge.movement_into(&map, &rules, &pos, &orders, &mut out);
    }
    let per = t.elapsed().as_secs_f64() / n as f64 * 1e6;
    println!("opening adjudication: {per:.3} µs");
    let t = Instant::now();
    let m = 20_000;
    for _ in 0..m {
        let orders: Vec<_> = text
            .iter()
            .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(&map, o).unwrap()))
            .collect();
        judge.movement_into(&map, &rules, &pos, &orders, &mut out);
    }
    println!(
        "with parsing: {:.3} µs",
        t.elapsed().as_secs_f64() / m as f64 * 1e6
    );
}
