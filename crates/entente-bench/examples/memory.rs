//! (c) in a small process of its own: peak heap and peak RSS of 100 random games.
//! `cargo run --release -p entente-bench --example memory [games]`
#[global_allocator]
static A: entente_bench::alloc::Counting = entente_bench::alloc::Counting;

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    println!("{}", entente_bench::suite::memory_run(games));
}
