//! Where does the hot path allocate once warm? Prints a short backtrace (entente frames only)
//! of each distinct allocation site in `Judge::movement_into` over random-game positions, and
//! in the whole random-game loop. `cargo run --release -p entente-bench --example alloc_sites`
use entente_bench::alloc::{self, Counting};
use entente_bench::suite::record_movement_phases;
use entente_bench::RandomGames;
use entente_judge::{Judge, MovementResult, Rulebook};
use entente_map::Map;
use std::alloc::Layout;
use std::cell::RefCell;
use std::collections::BTreeMap;

#[global_allocator]
static A: Counting = Counting;

thread_local! {
    static SITES: RefCell<BTreeMap<String, u64>> = const { RefCell::new(BTreeMap::new()) };
}

fn hook(_: &Layout) {
    let bt = std::backtrace::Backtrace::force_capture().to_string();
    let frames: Vec<&str> = bt
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.starts_with("at ")
                && l.contains("crates/entente")
                && !l.contains("entente-bench/src/alloc.rs")
                && !l.contains("examples/alloc_sites.rs")
        })
        .take(4)
        .collect();
    let key = frames.join(" <- ");
    SITES.with(|s| *s.borrow_mut().entry(key).or_default() += 1);
}

fn report(what: &str) {
    SITES.with(|s| {
        let s = s.borrow();
        println!("{what}: {} allocation site(s)", s.len());
        for (k, n) in s.iter() {
            println!("  {n:>6} × {k}");
        }
    });
    SITES.with(|s| s.borrow_mut().clear());
}

fn main() {
    let map = Map::standard();
    let rules = Rulebook::default_game();
    let rec = record_movement_phases(&map, 20);
    let mut judge = Judge::new();
    let mut res = MovementResult::default();
    for (pos, o) in &rec {
        judge.movement_into(&map, &rules, pos, o, &mut res);
    }
    let before = alloc::thread_allocations();
    let mut phases_allocating = 0;
    for (pos, o) in &rec {
        let b = alloc::thread_allocations();
        judge.movement_into(&map, &rules, pos, o, &mut res);
        phases_allocating += (alloc::thread_allocations() > b) as usize;
    }
    println!(
        "Judge::movement_into, {} random-game movement phases after warm-up: {} allocations, in {} phases",
        rec.len(),
        alloc::thread_allocations() - before,
        phases_allocating
    );
    alloc::set_thread_hook(Some(hook));
    for (pos, o) in &rec {
        judge.movement_into(&map, &rules, pos, o, &mut res);
    }
    alloc::set_thread_hook(None);
    report("movement_into");

    let mut games = RandomGames::new(&map, rules, 1950);
    for seed in 1..=20 {
        games.play(seed);
    }
    let before = alloc::thread_allocations();
    let mut phases = 0;
    for seed in 1..=20 {
        phases += games.play(seed).phases;
    }
    println!(
        "random-game loop, 20 games ({phases} phases) replayed after warm-up: {} allocations",
        alloc::thread_allocations() - before
    );
    alloc::set_thread_hook(Some(hook));
    for seed in 1..=20 {
        games.play(seed);
    }
    alloc::set_thread_hook(None);
    report("random games");
}
