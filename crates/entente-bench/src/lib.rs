//! Benchmarks of entente against its peers, and the random-game driver they use.
//!
//! - [`driver`]: random games on the judge directly, every buffer reused (the fast path);
//! - [`suite`]: the measurements of the `entente-bench` binary (opening, random games,
//!   memory, legal orders), with the Rust peer on identical work; `scripts/bench.sh` adds the
//!   Python package;
//! - [`alloc`]: a counting global allocator for the memory figures and the no-allocation
//!   tests.
//!
//! See `docs/bench.md` for how to run it and what was last measured.

pub mod alloc;
pub mod driver;
#[cfg(feature = "peers")]
pub mod peer;
pub mod suite;

pub use driver::{GameSummary, RandomGames};
