//! The fuzz harness of the parsers' stable fuzz targets (`tests/fuzz.rs` of entente-map,
//! entente-orders and entente-scenario include this file by path), run by `cargo test` on
//! stable Rust: each target first replays its corpus (the repository's real inputs and the
//! inputs kept under `fuzz-corpus/`), then mutates corpus entries for a bounded time with
//! proptest (so a failure is shrunk to fewest mutations) and checks each input for
//!
//! - no panic (the target's properties are asserted by its check function),
//! - bounded time: each input within a bound proportionate to its length,
//! - bounded memory: the bytes the check allocates at its peak, within a bound proportionate
//!   to the input's length (a counting allocator, per thread).
//!
//! `ENTENTE_FUZZ_SECS` sets the seconds each target mutates (default [`DEFAULT_SECS`]);
//! `PROPTEST_RNG_SEED` fixes the random seed. The coverage-guided targets under `fuzz/`
//! (`cargo fuzz`, nightly) check the same properties.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Seconds each target mutates its corpus under `cargo test` unless `ENTENTE_FUZZ_SECS` says.
pub const DEFAULT_SECS: f64 = 6.0;

/// The seconds to mutate for.
pub fn fuzz_secs() -> f64 {
    std::env::var("ENTENTE_FUZZ_SECS")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_SECS)
}

// ---------------------------------------------------------------------------------------------
// Memory: the live and peak bytes allocated by this thread.

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now)
            }
        });
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f`, returning how long it took and the most bytes it had allocated at once.
pub fn measure(f: impl FnOnce()) -> (Duration, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let start = Instant::now();
    f();
    let took = start.elapsed();
    let peak = PEAK.with(Cell::get) - base;
    (took, peak.max(0) as usize)
}

// ---------------------------------------------------------------------------------------------
// Corpus

/// One input of a corpus, with where it came from.
#[derive(Clone, Debug)]
pub struct Seed {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Seed {
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Seed {
        Seed {
            name: name.into(),
            bytes: bytes.into(),
        }
    }
}

/// The repository's root (this file is `crates/<crate>/tests/...`; `CARGO_MANIFEST_DIR` is
/// the crate's directory).
pub fn repo_root(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir).join("../..")
}

/// Every file under `dir` (recursively, sorted), as seeds named by their path.
pub fn read_dir_seeds(dir: &Path, ext: Option<&str>) -> Vec<Seed> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|p| ext.is_none_or(|x| p.extension().is_some_and(|e| e == x)))
        .map(|p| Seed {
            name: p.display().to_string(),
            bytes: std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Mutations

/// One change to an input; positions are fractions of the input's length at that point.
#[derive(Clone, Debug)]
pub enum Mutation {
    SetByte(Index, u8),
    FlipBit(Index, u8),
    /// A word of the target's dictionary.
    InsertWord(Index, Index),
    InsertBytes(Index, Vec<u8>),
    Delete(Index, u16),
    /// Copies a stretch elsewhere, several times.
    Repeat(Index, u16, Index, u8),
    /// A stretch of another corpus entry.
    Splice(Index, Index, Index, u16),
    /// Lines: swapped, dropped, repeated.
    SwapLines(Index, Index),
    DeleteLine(Index),
    RepeatLine(Index, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let i = any::<Index>;
    prop_oneof![
        (i(), any::<u8>()).prop_map(|(a, b)| Mutation::SetByte(a, b)),
        (i(), 0u8..8).prop_map(|(a, b)| Mutation::FlipBit(a, b)),
        (i(), i()).prop_map(|(a, b)| Mutation::InsertWord(a, b)),
        (i(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(a, b)| Mutation::InsertBytes(a, b)),
        (i(), 1u16..64).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (i(), 1u16..64, i(), 1u8..16).prop_map(|(a, n, b, k)| Mutation::Repeat(a, n, b, k)),
        (i(), i(), i(), 1u16..256).prop_map(|(a, s, b, n)| Mutation::Splice(a, s, b, n)),
        (i(), i()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        i().prop_map(Mutation::DeleteLine),
        (i(), 1u8..32).prop_map(|(a, k)| Mutation::RepeatLine(a, k)),
    ]
}

/// `at` as a position in `0..=len`.
fn pos(at: &Index, len: usize) -> usize {
    at.index(len + 1)
}

/// Byte ranges of the lines of `b` (each with its `\n`).
fn line_ranges(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < b.len() {
        out.push((start, b.len()));
    }
    out
}

fn apply(input: &mut Vec<u8>, m: &Mutation, seeds: &[Seed], dictionary: &[Vec<u8>]) {
    let len = input.len();
    match m {
        Mutation::SetByte(at, b) => {
            if len > 0 {
                input[at.index(len)] = *b;
            }
        }
        Mutation::FlipBit(at, bit) => {
            if len > 0 {
                input[at.index(len)] ^= 1 << bit;
            }
        }
        Mutation::InsertWord(at, w) => {
            if !dictionary.is_empty() {
                let word = &dictionary[w.index(dictionary.len())];
                let p = pos(at, len);
                input.splice(p..p, word.iter().copied());
            }
        }
        Mutation::InsertBytes(at, bytes) => {
            let p = pos(at, len);
            input.splice(p..p, bytes.iter().copied());
        }
        Mutation::Delete(at, n) => {
            let p = pos(at, len);
            let end = (p + *n as usize).min(len);
            input.drain(p..end);
        }
        Mutation::Repeat(at, n, to, k) => {
            let p = pos(at, len);
            let end = (p + *n as usize).min(len);
            let piece: Vec<u8> = input[p..end].to_vec();
            let q = pos(to, len);
            for _ in 0..*k {
                input.splice(q..q, piece.iter().copied());
            }
        }
        Mutation::Splice(at, s, from, n) => {
            if !seeds.is_empty() {
                let other = &seeds[s.index(seeds.len())].bytes;
                let a = pos(from, other.len());
                let b = (a + *n as usize).min(other.len());
                let p = pos(at, len);
                input.splice(p..p, other[a..b].iter().copied());
            }
        }
        Mutation::SwapLines(a, b) => {
            let lines = line_ranges(input);
            if lines.len() >= 2 {
                let (x, y) = (a.index(lines.len()), b.index(lines.len()));
                let (x, y) = (x.min(y), x.max(y));
                if x != y {
                    let (lx, ly) = (lines[x], lines[y]);
                    let mut out = Vec::with_capacity(len);
                    out.extend_from_slice(&input[..lx.0]);
                    out.extend_from_slice(&input[ly.0..ly.1]);
                    out.extend_from_slice(&input[lx.1..ly.0]);
                    out.extend_from_slice(&input[lx.0..lx.1]);
                    out.extend_from_slice(&input[ly.1..]);
                    *input = out;
                }
            }
        }
        Mutation::DeleteLine(a) => {
            let lines = line_ranges(input);
            if !lines.is_empty() {
                let (s, e) = lines[a.index(lines.len())];
                input.drain(s..e);
            }
        }
        Mutation::RepeatLine(a, k) => {
            let lines = line_ranges(input);
            if !lines.is_empty() {
                let (s, e) = lines[a.index(lines.len())];
                let mut piece = input[s..e].to_vec();
                if piece.last() != Some(&b'\n') {
                    piece.insert(0, b'\n');
                }
                for _ in 0..*k {
                    input.splice(e..e, piece.iter().copied());
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Targets

/// A fuzz target: what it checks and within which bounds.
pub struct Target<'a> {
    pub name: &'a str,
    /// The corpus: replayed first, then mutated.
    pub seeds: Vec<Seed>,
    /// Words the mutations insert (keywords, names, the format's punctuation).
    pub dictionary: Vec<Vec<u8>>,
    /// Mutated inputs are cut to this many bytes.
    pub max_len: usize,
    /// The most time the check may take on an input of this many bytes.
    pub time_bound: fn(usize) -> Duration,
    /// The most bytes the check may have allocated at once on an input of this many bytes.
    pub memory_bound: fn(usize) -> usize,
    /// The properties; panics when one does not hold.
    pub check: fn(&[u8]),
}

thread_local! {
    /// Whether a panic on this thread is one the harness catches and reports itself.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Panics on this thread are no longer printed by the panic hook (the harness reports the
/// one that fails, once); other threads' (other tests') are, as before. The hook is
/// process-wide, so it is wrapped once, never replaced back and forth.
fn quiet_panics_on_this_thread() {
    static WRAPPED: std::sync::Once = std::sync::Once::new();
    WRAPPED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.try_with(Cell::get).unwrap_or(false) {
                previous(info);
            }
        }));
    });
    QUIET.with(|q| q.set(true));
}

/// Checks one input within the target's bounds: `Err` with what went wrong.
fn run_one(t: &Target<'_>, input: &[u8]) -> Result<(), String> {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        measure(|| (t.check)(input))
    }));
    let (took, peak) = match result {
        Ok(x) => x,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            return Err(format!("panicked: {msg}"));
        }
    };
    let (tb, mb) = ((t.time_bound)(input.len()), (t.memory_bound)(input.len()));
    if took > tb {
        return Err(format!(
            "took {took:?} on {} bytes (bound {tb:?})",
            input.len()
        ));
    }
    if peak > mb {
        return Err(format!(
            "allocated {peak} bytes at once on {} bytes (bound {mb})",
            input.len()
        ));
    }
    Ok(())
}

fn show(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    if text.len() > 2000 {
        let cut = text.char_indices().nth(2000).map_or(text.len(), |(i, _)| i);
        format!("{:?}... ({} bytes)", &text[..cut], input.len())
    } else {
        format!("{text:?}")
    }
}

/// Replays the corpus, then mutates it for [`fuzz_secs`] seconds; panics with the (shrunk)
/// failing input if a property or bound fails.
pub fn fuzz(mut t: Target<'_>) {
    assert!(!t.seeds.is_empty(), "{}: empty corpus", t.name);
    // The same input twice is replayed once.
    let mut seen = std::collections::HashSet::new();
    t.seeds.retain(|s| seen.insert(s.bytes.clone()));
    // The panics the checks catch are reported below, once.
    let quiet = std::env::var_os("ENTENTE_FUZZ_VERBOSE").is_none();
    let mut failures = Vec::new();
    for s in &t.seeds {
        if let Err(e) = run_one(&t, &s.bytes) {
            failures.push(format!("{}: {e}", s.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{}: corpus inputs fail:\n{}",
        t.name,
        failures.join("\n")
    );
    let secs = fuzz_secs();
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let strategy = (any::<Index>(), prop::collection::vec(mutation(), 1..12));
    let runs = Cell::new(0u64);
    if quiet {
        quiet_panics_on_this_thread();
    }
    let mut outcome = Ok(());
    while Instant::now() < deadline {
        let mut runner = TestRunner::new(Config {
            cases: 8,
            failure_persistence: None,
            max_shrink_iters: 2000,
            ..Config::default()
        });
        let r = runner.run(&strategy, |(seed, muts)| {
            let mut input = t.seeds[seed.index(t.seeds.len())].bytes.clone();
            for m in &muts {
                apply(&mut input, m, &t.seeds, &t.dictionary);
                input.truncate(t.max_len);
            }
            runs.set(runs.get() + 1);
            run_one(&t, &input)
                .map_err(|e| TestCaseError::fail(format!("{e}\ninput: {}", show(&input))))
        });
        if let Err(e) = r {
            outcome = Err(e);
            break;
        }
    }
    QUIET.with(|q| q.set(false));
    match outcome {
        Ok(()) => eprintln!(
            "fuzz {}: {} corpus inputs, {} mutated inputs in {secs} s: no failure",
            t.name,
            t.seeds.len(),
            runs.get()
        ),
        Err(TestError::Fail(why, (seed, muts))) => panic!(
            "fuzz {}: {why}\n(corpus entry {}, mutations {muts:?})",
            t.name,
            t.seeds[seed.index(t.seeds.len())].name
        ),
        Err(e) => panic!("fuzz {}: {e}", t.name),
    }
}
