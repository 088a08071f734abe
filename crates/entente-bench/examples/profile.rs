//! Profiling loops: `cargo run --release -p entente-bench --example profile -- legal|judge|games|process [seconds]`
//! under `perf record -g` (docs/bench.md).
use entente_bench::suite::now;
use entente_bench::suite::record_movement_phases;
use entente_bench::RandomGames;
use entente_judge::{Judge, MovementResult, Rulebook};
use entente_legal::{Legal, LegalOrders};
use entente_map::Map;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_else(|| "games".into());
    let secs: f64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5.0);
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let rec = record_movement_phases(&map, 20);
    let t = now();
    let mut n = 0u64;
    match what.as_str() {
        "legal" => {
            let mut legal = Legal::new(&map);
            let mut buf = LegalOrders::new();
            let (mut orders, mut units, mut convoys) = (0usize, 0usize, 0usize);
            for (pos, _) in &rec {
                legal.movement(pos, &mut buf);
                orders += buf.len();
                units += buf.groups().len();
                convoys += buf
                    .orders()
                    .iter()
                    .filter(|o| matches!(o, entente_orders::Order::Convoy { .. }))
                    .count();
            }
            let k = rec.len() as f64;
            println!(
                "per position: {:.1} orders, {:.1} units, {:.1} convoy orders",
                orders as f64 / k,
                units as f64 / k,
                convoys as f64 / k
            );
            while (now() - t) < secs {
                for (pos, _) in &rec {
                    legal.movement(pos, &mut buf);
                    n += 1;
                }
            }
        }
        "judge" => {
            let mut judge = Judge::new();
            let mut res = MovementResult::default();
            while (now() - t) < secs {
                for (pos, o) in &rec {
                    judge.movement_into(&map, &rules, pos, o, &mut res);
                    n += 1;
                }
            }
        }
        "process" => {
            // Whole games through entente-game's Game::process (history kept): the
            // bench's "through Game::process", ten games at a time.
            let map = std::sync::Arc::new(map.clone());
            while (now() - t) < secs {
                n += entente_bench::suite::games_through_game(&map, 10).0;
            }
        }
        _ => {
            let mut g = RandomGames::new(&map, rules, 1950);
            let mut seed = 0;
            while (now() - t) < secs {
                seed += 1;
                n += g.play(seed).phases as u64;
            }
        }
    }
    let e = now() - t;
    println!(
        "{what}: {n} in {e:.2} s = {:.3} µs each",
        e / n as f64 * 1e6
    );
}
