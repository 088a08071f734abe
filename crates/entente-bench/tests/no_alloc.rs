//! No allocation in the hot paths once warm: `Judge::movement_into` on the opening and on
//! positions of random games, and every step of the random-game driver (legal orders, the
//! random choice, retreats, adjustments), with and without convoy orders. Counted per
//! thread by a counting allocator.

use entente_bench::alloc::{thread_allocations, Counting};
use entente_bench::suite::{record_movement_phases, OPENING};
use entente_bench::RandomGames;
use entente_game::PhaseKind;
use entente_judge::{Judge, MovementResult, Position, Rulebook};
use entente_map::Map;
use entente_orders::{parse_order, Order};

#[global_allocator]
static A: Counting = Counting;

fn allocations_of(f: impl FnOnce()) -> u64 {
    let before = thread_allocations();
    f();
    thread_allocations() - before
}

fn has_convoy(orders: &[(entente_map::PowerId, Order)]) -> bool {
    orders
        .iter()
        .any(|(_, o)| matches!(o, Order::Convoy { .. }))
}

#[test]
fn opening_adjudication_allocates_nothing_once_warm() {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let pos = Position::start(&map);
    let orders: Vec<_> = OPENING
        .iter()
        .map(|(p, o)| (map.lookup_power(p).unwrap(), parse_order(&map, o).unwrap()))
        .collect();
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    judge.movement_into(&map, &rules, &pos, &orders, &mut res);
    let n = allocations_of(|| {
        for _ in 0..1000 {
            judge.movement_into(&map, &rules, &pos, &orders, &mut res);
        }
    });
    assert_eq!(n, 0, "allocations in 1000 opening adjudications");
}

#[test]
fn movement_into_allocates_nothing_on_random_positions_without_convoys() {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let phases = record_movement_phases(&map, 10);
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    for (pos, o) in &phases {
        judge.movement_into(&map, &rules, pos, o, &mut res);
    }
    let mut checked = 0;
    for (pos, o) in phases.iter().filter(|(_, o)| !has_convoy(o)) {
        let n = allocations_of(|| judge.movement_into(&map, &rules, pos, o, &mut res));
        assert_eq!(n, 0, "movement_into allocated");
        checked += 1;
    }
    assert!(checked > 100, "{checked} phases checked");
}

#[test]
fn movement_into_allocates_nothing_even_with_convoys() {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let phases = record_movement_phases(&map, 10);
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    for (pos, o) in &phases {
        judge.movement_into(&map, &rules, pos, o, &mut res);
    }
    let n = allocations_of(|| {
        for (pos, o) in &phases {
            judge.movement_into(&map, &rules, pos, o, &mut res);
        }
    });
    assert_eq!(n, 0, "allocations over {} movement phases", phases.len());
}

#[test]
fn random_game_driver_allocates_nothing_once_warm() {
    let map = Map::standard();
    let mut g = RandomGames::new(&map, Rulebook::default_game(), 1950);
    // Warm-up: the buffers grow to what these games need.
    for seed in 1..=5 {
        g.play(seed);
    }
    let mut steps = [0usize; 3];
    for seed in 1..=5 {
        g.reset(seed);
        while !g.is_over() {
            let kind = g.phase().kind;
            assert_eq!(
                allocations_of(|| g.choose()),
                0,
                "choosing orders allocated"
            );
            let convoy = has_convoy(g.orders());
            let n = allocations_of(|| g.apply());
            if kind != PhaseKind::Movement || !convoy {
                assert_eq!(n, 0, "adjudicating a {kind:?} phase allocated");
            }
            steps[kind as usize] += 1;
        }
    }
    assert!(steps.iter().all(|&n| n > 0), "{steps:?}");
}
