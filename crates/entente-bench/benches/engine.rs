//! Criterion benchmarks of the hot paths (`cargo bench -p entente-bench`). The comparison
//! with the peers, in one run with ratios, is `entente-bench` / `scripts/bench.sh`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use entente_bench::suite::OPENING;
use entente_bench::RandomGames;
use entente_judge::{Judge, MovementResult, Position, Rulebook};
use entente_legal::{Legal, LegalOrders};
use entente_map::Map;
use entente_orders::parse_order;

fn engine(c: &mut Criterion) {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let start = Position::start(&map);
    let orders: Vec<_> = OPENING
        .iter()
        .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(&map, o).unwrap()))
        .collect();
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    c.bench_function("opening adjudication", |b| {
        b.iter(|| {
            judge.movement_into(
                &map,
                &rules,
                black_box(&start),
                black_box(&orders),
                &mut res,
            )
        })
    });
    c.bench_function("opening adjudication with parsing", |b| {
        let mut parsed = Vec::with_capacity(OPENING.len());
        b.iter(|| {
            parsed.clear();
            for (p, o) in black_box(&OPENING) {
                parsed.push((map.lookup_power(p).unwrap(), parse_order(&map, o).unwrap()));
            }
            judge.movement_into(&map, &rules, &start, &parsed, &mut res)
        })
    });
    let mut legal = Legal::new(&map);
    let mut buf = LegalOrders::new();
    c.bench_function("legal orders S1901", |b| {
        b.iter(|| legal.movement(black_box(&start), &mut buf))
    });
    let mut games = RandomGames::new(&map, rules, 1950);
    let mut seed = 0;
    c.bench_function("random game 1901-1950", |b| {
        b.iter(|| {
            seed += 1;
            games.play(seed)
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
