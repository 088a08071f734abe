//! Fuzzing the readers of saved games (issue 31, item 4): the Python `diplomacy` package's
//! saved games (`pydip::parse_saved_games`, `pydip::import_with_rules`, the replay's
//! `read_recorded_games`) and entente's own record (`record::from_json`), fed mutations of
//! the small corpus in `tests/corpus/` (saved by the package and by entente: both maps, a
//! custom start, a game played to `COMPLETED`, a native record).
//!
//! Property: whatever the text, each reader answers (a game or a typed error) without
//! panicking, within a time and a peak of memory far above what the corpus needs.
//!
//! Mutations are structural (a JSON node replaced by a token a reader gives meaning to,
//! removed, repeated, swapped) and byte-level (bytes changed, cut, inserted). The cases are
//! seeded by proptest (deterministic in CI); the run stops drawing new work after
//! `BUDGET` so that it stays under about 20 s in a debug build on a busy machine.

use entente_game::Result;
use entente_map::Variant;
use entente_record::{pydip, record, replay};
use proptest::prelude::*;
use proptest::test_runner::{TestRng, TestRunner};
use serde_json::Value;
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts the bytes allocated now and the peak since the last reset (this test binary
/// runs one test, so no other thread allocates beside it).
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = NOW.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                    + (new_size - layout.size());
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Cases drawn; each reads one mutated text with every reader.
const CASES: u32 = 3000;
/// Once the run has taken this long, the remaining cases do nothing (the bound on the
/// test's time in a debug build).
const BUDGET: Duration = Duration::from_secs(12);
/// The most one case may take: a text of the corpus's size reads in milliseconds.
const CASE_LIMIT: Duration = Duration::from_secs(5);
/// The most memory one case may hold at once beyond what was held before it.
const MEMORY_LIMIT: usize = 64 << 20;

/// Tokens a reader gives meaning to: phases, units, orders, maps, rule flags, numbers.
const TOKENS: &[&str] = &[
    "COMPLETED",
    "FORMING",
    "S1901M",
    "F1901M",
    "F1901R",
    "W1901A",
    "S0001M",
    "S9999M",
    "S2147483647M",
    "W-5A",
    "A PAR",
    "*F STP/SC",
    "*A MUN",
    "F STP/XC",
    "A XYZ",
    "F BUL/EC",
    "WAIVE",
    "A PAR H",
    "A PAR - BUR",
    "A PAR - BUR VIA",
    "F BRE S A PAR - PIC",
    "F GRE S F CON - BUL/EC",
    "F NTH C A LON - NWY",
    "A PAR R BUR",
    "A PAR D",
    "A PAR B",
    "F STP/NC B",
    "standard",
    "ancmed",
    "modern",
    "NO_PRESS",
    "ENTENTE_RULES=2000",
    "ENTENTE_RULES=1971+no-such-option",
    "ENTENTE_END_YEAR=1901",
    "ENTENTE_END_YEAR=-2147483648",
    "ENTENTE_END_YEAR=x",
    "DIFFERENT_ADJUDICATION",
    "FRANCE",
    "RUSSIA",
    "GLOBAL",
    "entente-game/2",
    "",
];

#[derive(Clone, Debug)]
enum Mutation {
    /// The `n`th node (in document order, wrapping) replaced by a token, a number or an
    /// empty container.
    Replace(usize, Replacement),
    /// The `n`th node removed from its object or array.
    Remove(usize),
    /// An element of the `n`th array (if it is one) repeated `times` times.
    Repeat(usize, usize, u8),
    /// Two elements of the `n`th array swapped.
    Swap(usize, usize, usize),
    /// Bytes of the text: one changed, a run cut out, bytes put in.
    Byte(usize, u8),
    Cut(usize, usize),
    Insert(usize, Vec<u8>),
}

#[derive(Clone, Debug)]
enum Replacement {
    Token(usize),
    Number(i64),
    Float(f64),
    Null,
    EmptyList,
    EmptyObject,
    ListOfToken(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let replacement = prop_oneof![
        4 => (0..TOKENS.len()).prop_map(Replacement::Token),
        1 => any::<i64>().prop_map(Replacement::Number),
        1 => any::<f64>().prop_map(Replacement::Float),
        1 => Just(Replacement::Null),
        1 => Just(Replacement::EmptyList),
        1 => Just(Replacement::EmptyObject),
        1 => (0..TOKENS.len()).prop_map(Replacement::ListOfToken),
    ];
    prop_oneof![
        6 => (any::<usize>(), replacement).prop_map(|(n, r)| Mutation::Replace(n, r)),
        2 => any::<usize>().prop_map(Mutation::Remove),
        1 => (any::<usize>(), any::<usize>(), 1..6u8).prop_map(|(n, i, t)| Mutation::Repeat(n, i, t)),
        1 => (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(|(n, i, j)| Mutation::Swap(n, i, j)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Byte(i, b)),
        1 => (any::<usize>(), 1..64usize).prop_map(|(i, n)| Mutation::Cut(i, n)),
        1 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..16)).prop_map(|(i, b)| Mutation::Insert(i, b)),
    ]
}

/// A seed for a longer run: the clock's nanoseconds, spread over the 32 bytes.
fn rand_seed() -> [u8; 32] {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    eprintln!("fuzz seed {n}");
    let mut seed = [0u8; 32];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = (n >> ((i % 16) * 8)) as u8 ^ (i as u8).wrapping_mul(151);
    }
    seed
}

/// The corpus, read once.
fn corpus() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/corpus")
        .map(|e| e.expect("corpus entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("corpus file"))
        })
        .collect()
}

/// JSON pointers to every node of `v`, in document order.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                pointers(x, p, out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                out.push(p.clone());
                pointers(x, p, out);
            }
        }
        _ => {}
    }
}

fn replacement(r: &Replacement) -> Value {
    match *r {
        Replacement::Token(i) => Value::from(TOKENS[i]),
        Replacement::Number(n) => Value::from(n),
        Replacement::Float(f) => serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number),
        Replacement::Null => Value::Null,
        Replacement::EmptyList => Value::Array(Vec::new()),
        Replacement::EmptyObject => Value::Object(Default::default()),
        Replacement::ListOfToken(i) => Value::Array(vec![Value::from(TOKENS[i])]),
    }
}

/// Applies one structural mutation to `doc` (a no-op where it does not apply).
fn mutate_json(doc: &mut Value, m: &Mutation) {
    let mut all = Vec::new();
    pointers(doc, String::new(), &mut all);
    if all.is_empty() {
        return;
    }
    let pick = |n: usize| all[n % all.len()].clone();
    match m {
        Mutation::Replace(n, r) => {
            if let Some(node) = doc.pointer_mut(&pick(*n)) {
                *node = replacement(r);
            }
        }
        Mutation::Remove(n) => {
            let p = pick(*n);
            let (parent, key) = p.rsplit_once('/').expect("a pointer below the root");
            match doc.pointer_mut(parent) {
                Some(Value::Array(a)) => {
                    if let Ok(i) = key.parse::<usize>() {
                        if i < a.len() {
                            a.remove(i);
                        }
                    }
                }
                Some(Value::Object(o)) => {
                    o.remove(&key.replace("~1", "/").replace("~0", "~"));
                }
                _ => {}
            }
        }
        Mutation::Repeat(n, i, times) => {
            if let Some(Value::Array(a)) = doc.pointer_mut(&pick(*n)) {
                if !a.is_empty() {
                    let x = a[i % a.len()].clone();
                    for _ in 0..*times {
                        a.insert(i % a.len(), x.clone());
                    }
                }
            }
        }
        Mutation::Swap(n, i, j) => {
            if let Some(Value::Array(a)) = doc.pointer_mut(&pick(*n)) {
                if !a.is_empty() {
                    let len = a.len();
                    a.swap(i % len, j % len);
                }
            }
        }
        _ => {}
    }
}

/// Applies one byte-level mutation to `text` (kept valid UTF-8: the readers take `&str`).
fn mutate_bytes(text: &str, m: &Mutation) -> String {
    let mut b = text.as_bytes().to_vec();
    if b.is_empty() {
        return String::new();
    }
    match m {
        Mutation::Byte(i, x) => {
            let i = i % b.len();
            b[i] = *x;
        }
        Mutation::Cut(i, n) => {
            let i = i % b.len();
            let end = (i + n).min(b.len());
            b.drain(i..end);
        }
        Mutation::Insert(i, xs) => {
            let i = i % (b.len() + 1);
            b.splice(i..i, xs.iter().copied());
        }
        _ => {}
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Every reader of a saved game or record, on one text. Errors are answers; only a panic
/// (which fails the test) or an unbounded run is not.
fn read_with_every_reader(text: &str) {
    let _ = replay::read_recorded_games(text);
    let _ = record::from_json(text);
    if let Ok(games) = pydip::parse_saved_games(text) {
        for g in games.iter().take(4) {
            // Built-in maps only: a saved game's map name is never read as a file here.
            let Some(variant) = Variant::builtin(&g.map) else {
                continue;
            };
            let _: Result<_> = pydip::import_with_rules(variant.clone(), g, pydip::package_rules());
            let _ = pydip::import(variant, g).map(|(s, _)| pydip::export(&s, &g.id));
        }
    }
}

#[test]
fn saved_game_readers_never_panic_and_stay_bounded() {
    let corpus = corpus();
    assert!(corpus.len() >= 5, "tests/corpus holds the seed files");
    // Each file as it is reads back without a panic, and the package's are games.
    for (name, text) in &corpus {
        read_with_every_reader(text);
        if name.starts_with("package_") || name.starts_with("entente_short") {
            let games = pydip::parse_saved_games(text).expect(name);
            let variant = Variant::builtin(&games[0].map).expect(name);
            let (_, differs) = pydip::import(variant, &games[0]).expect(name);
            assert_eq!(differs, None, "{name} replays as saved");
        }
    }
    // `ENTENTE_FUZZ_SECS=600` runs longer, in rounds of `CASES` drawn anew (outside
    // CI); by default one round, seeded and the same every time.
    let longer = std::env::var("ENTENTE_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let budget = longer.map_or(BUDGET, Duration::from_secs);
    let config = ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let strategy = (0..corpus.len(), proptest::collection::vec(mutation(), 1..6));
    let started = Instant::now();
    let read = AtomicUsize::new(0);
    loop {
        let rng = if longer.is_some() {
            TestRng::from_seed(config.rng_algorithm, &rand_seed())
        } else {
            TestRng::deterministic_rng(config.rng_algorithm)
        };
        let mut runner = TestRunner::new_with_rng(config.clone(), rng);
        let outcome = runner.run(&strategy, |(file, mutations)| {
            if started.elapsed() > budget {
                return Ok(());
            }
            let (name, text) = &corpus[file];
            let mut doc: Value = serde_json::from_str(text).expect("corpus JSON");
            let mut bytes = Vec::new();
            for m in &mutations {
                match m {
                    Mutation::Byte(..) | Mutation::Cut(..) | Mutation::Insert(..) => bytes.push(m),
                    _ => mutate_json(&mut doc, m),
                }
            }
            let mut text = serde_json::to_string(&doc).expect("JSON");
            for m in bytes {
                text = mutate_bytes(&text, m);
            }
            let before = NOW.load(Ordering::Relaxed);
            PEAK.store(before, Ordering::Relaxed);
            let t = Instant::now();
            read_with_every_reader(&text);
            read.fetch_add(1, Ordering::Relaxed);
            let took = t.elapsed();
            let held = PEAK.load(Ordering::Relaxed).saturating_sub(before);
            prop_assert!(
                took < CASE_LIMIT,
                "{name} with {mutations:?}: {took:?} (limit {CASE_LIMIT:?})"
            );
            prop_assert!(
                held < MEMORY_LIMIT,
                "{name} with {mutations:?}: {held} bytes at once (limit {MEMORY_LIMIT})"
            );
            Ok(())
        });
        if let Err(e) = outcome {
            panic!("{e}");
        }
        if longer.is_none() || started.elapsed() > budget {
            break;
        }
    }
    eprintln!(
        "{} mutated texts read in {:.1?}",
        read.load(Ordering::Relaxed),
        started.elapsed()
    );
}
