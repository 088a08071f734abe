//! Where the two judges disagree: the first recorded random-game phases in which entente and
//! the `diplomacy` crate move different units, order by order with both outcomes.
//! `cargo run --release -p entente-bench --example peer_debug`
use entente_bench::peer;
use entente_bench::suite::record_movement_phases;
use entente_judge::{Judge, MovementResult, Rulebook};
use entente_map::Map;
use entente_orders::{format_order, Order};
fn main() {
    let map = Map::standard();
    let rec = record_movement_phases(&map, 3);
    let mut j = Judge::new();
    let mut res = MovementResult::default();
    let mut shown = 0;
    for (pos, orders) in &rec {
        j.movement_into(&map, &Rulebook::default_game(), pos, orders, &mut res);
        let dip: Vec<_> = orders
            .iter()
            .filter_map(|(p, o)| peer::main_order(&map, pos, *p, o))
            .collect();
        let theirs = peer::moved(dip.clone());
        let mut ours: Vec<String> = res
            .orders
            .iter()
            .filter(|r| matches!(r.order, Order::Move { .. }) && r.outcome.succeeded())
            .filter_map(|r| r.order.unit())
            .map(|u| map.province(map.province_of(u.loc)).abbr.clone())
            .collect();
        ours.sort();
        if ours == theirs {
            continue;
        }
        shown += 1;
        if shown > 4 {
            break;
        }
        println!("=== ours {:?}\n    theirs {:?}", ours, theirs);
        let sub = diplomacy::judge::Submission::with_inferred_state(
            diplomacy::geo::standard_map(),
            dip.clone(),
        );
        let out = sub.adjudicate(diplomacy::judge::Rulebook::default());
        for ((_, o), r) in orders.iter().zip(&res.orders) {
            let d = peer::main_order(&map, pos, orders[0].0, o).unwrap();
            let theirs = out
                .all_orders_with_outcomes()
                .find(|(x, _)| x.region == d.region)
                .map(|(x, r)| format!("{x} => {r:?}"));
            println!(
                "{:30} {:?}   | {:?}",
                format_order(&map, o),
                r.outcome,
                theirs
            );
        }
    }
}
