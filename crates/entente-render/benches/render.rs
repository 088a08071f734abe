//! SVG rendering of the Spring 1901 sample phase (the budget: under 5 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use entente_map::Map;
use entente_render::{Layout, RenderOptions, Renderer};
use entente_scenario::{execute_case, parse_scenarios, PhaseResult};

fn bench(c: &mut Criterion) {
    let text = include_str!("../../../examples/spring-1901.scn");
    let cases = parse_scenarios(text).unwrap();
    let (map, runs) = execute_case(&cases[0]).unwrap();
    let run = &runs[0];
    let PhaseResult::Movement(m) = &run.outcome else {
        unreachable!()
    };
    let orders: Vec<_> = m
        .orders
        .iter()
        .map(|r| (r.power, r.order, r.outcome))
        .collect();
    let r = Renderer::new(&map, RenderOptions::default());
    c.bench_function("svg spring 1901 movement", |b| {
        b.iter(|| {
            r.render(
                &run.before,
                Some(&orders),
                &m.dislodged,
                "Spring 1901 movement",
            )
        })
    });
    c.bench_function("layout standard (parse geometry)", |b| {
        b.iter(|| Layout::for_map(&map))
    });
    let tiny = Map::standard();
    c.bench_function("schematic layout of the standard map", |b| {
        b.iter(|| Layout::schematic(&tiny))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
