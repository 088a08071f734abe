//! Fuzzing the order parser and the reading of order sheets (issue 31). The corpus: every
//! DATC order line, the 1982 rulebook's order table, the order lines of every `cases/**/*.scn`
//! and the inputs kept in `fuzz-corpus/order/`; mutated, each input is read on the standard
//! map, Ancient Mediterranean, Imperial (the biggest built-in map) and a map at the format's
//! limits (512 locations, 64 powers), by the fast path, the general parser and `parse_order`
//! (the properties of `tests/fuzz_checks`), within a time and a memory bound proportionate to
//! its length. The harness is entente-map's `tests/fuzzing/mod.rs`; `ENTENTE_FUZZ_SECS`
//! lengthens the run.

mod fuzz_checks;
#[path = "../../entente-map/tests/fuzzing/mod.rs"]
mod fuzzing;
#[path = "../../entente-map/tests/fuzz_checks/mod.rs"]
mod map_checks;

use entente_map::{builtin_variant, Map, MAX_LOCATIONS};
use fuzzing::{fuzz, read_dir_seeds, repo_root, Seed, Target};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The maps every input is read on.
fn maps() -> &'static [Map] {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        let mut maps: Vec<Map> = ["standard", "ancmed", "imperial"]
            .iter()
            .map(|n| builtin_variant(n).expect("built in"))
            .collect();
        let largest = Map::from_toml(&map_checks::chain_variant(MAX_LOCATIONS, 64))
            .expect("the largest variant loads");
        maps.push(largest);
        maps
    })
}

/// Keywords in every language, punctuation the tokenizer knows, and text it must survive.
const WORDS: &[&str] = &[
    "A",
    "F",
    "Army",
    "Fleet",
    "armée",
    "flotte",
    "armáda",
    "flotila",
    "А",
    "Ф",
    "армия",
    "флот",
    "H",
    "Hold",
    "drží",
    "tient",
    "стоит",
    "держит позицию",
    "S",
    "Supports",
    "P",
    "podporuje",
    "soutient",
    "П",
    "поддерживает",
    "C",
    "Convoys",
    "K",
    "konvojuje",
    "convoie",
    "К",
    "конвоирует",
    "R",
    "Retreat",
    "retreats to",
    "ústup",
    "retraite",
    "отступает",
    "D",
    "Disband",
    "rozpustit",
    "dissoudre",
    "B",
    "Build",
    "stavba",
    "construit",
    "строит",
    "Remove",
    "Odstranit",
    "retire",
    "убрать",
    "Waive",
    "vzdát se",
    "renonce",
    "отказ",
    "via",
    "via convoy",
    "by convoy",
    "par convoi",
    "přes konvoj",
    "через конвой",
    "convoyed",
    "to",
    "moves",
    "do",
    "vers",
    "в",
    "на",
    "-",
    "->",
    "–",
    "—",
    "→",
    ">",
    "--",
    "(",
    ")",
    "[",
    "]",
    "/",
    ".",
    ",",
    ";",
    ":",
    "'",
    "`",
    "_",
    "nc",
    "sc",
    "ec",
    "wc",
    "north coast",
    "côte sud",
    "jižní pobřeží",
    "северный берег",
    "(nc)",
    "/sc",
    "(S)",
    "(H)",
    "(C)",
    "Russian",
    "English",
    "Russia",
    "Angleterre",
    "ruská",
    "русский",
    "Autriche-Hongrie",
    " ",
    "\t",
    "\u{301}",
    "é",
    "ß",
    "İ",
    "ﬁ",
    "🙂",
    "\u{200b}",
    "\u{feff}",
    "0",
    "1901",
    "=>",
    "#",
];

fn dictionary() -> Vec<Vec<u8>> {
    let mut words: Vec<String> = WORDS.iter().map(|w| w.to_string()).collect();
    for m in &maps()[..3] {
        for p in m.provinces() {
            words.push(p.name.clone());
            words.push(p.abbr.clone());
        }
        for (name, _) in m.power_names() {
            words.push(name.to_string());
        }
    }
    words.sort();
    words.dedup();
    words.into_iter().map(String::into_bytes).collect()
}

/// The order lines of the repository: the DATC's, the 1982 table's and those of every case
/// file (the text before `=>` of each line in an `orders:` section).
fn order_lines() -> Vec<Seed> {
    let mut seeds = Vec::new();
    for (file, text) in [
        ("datc_orders.txt", include_str!("data/datc_orders.txt")),
        (
            "rules-1982-appendix-2.txt",
            include_str!("data/rules-1982-appendix-2.txt"),
        ),
    ] {
        for (i, l) in text.lines().enumerate() {
            let l = l.trim();
            if !l.is_empty() && !l.starts_with('#') {
                seeds.push(Seed::new(format!("{file}:{}", i + 1), l));
            }
        }
    }
    let cases = read_dir_seeds(
        &repo_root(env!("CARGO_MANIFEST_DIR")).join("cases"),
        Some("scn"),
    );
    for f in &cases {
        let text = String::from_utf8_lossy(&f.bytes);
        let mut in_orders = false;
        for (i, l) in text.lines().enumerate() {
            let l = l.split('#').next().unwrap_or("").trim();
            let lower = l.to_lowercase();
            if lower == "orders:" {
                in_orders = true;
                continue;
            }
            const OTHER: [&str; 9] = [
                "expect", "phase:", "case ", "units:", "centres:", "centers:", "variant:",
                "rules:", "option:",
            ];
            if OTHER.iter().any(|k| lower.starts_with(k)) {
                in_orders = false;
                continue;
            }
            if !in_orders || l.is_empty() {
                continue;
            }
            let order = match l.split_once(':') {
                Some((head, rest)) if head.chars().all(|c| c.is_alphabetic() || c == ' ') => rest,
                _ => l,
            };
            let order = order.split("=>").next().unwrap_or("").trim();
            if !order.is_empty() {
                seeds.push(Seed::new(format!("{}:{}", f.name, i + 1), order));
            }
        }
    }
    seeds.extend(read_dir_seeds(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-corpus/order")),
        None,
    ));
    seeds
}

/// The most time reading one line may take, on all four maps, in a debug build on a loaded
/// machine: far above what it takes (tens of microseconds for an order), far below what a
/// parser that explodes on some input would.
fn line_time_bound(len: usize) -> Duration {
    Duration::from_secs(2) + Duration::from_millis(4 * len as u64)
}

fn check_line(text: &str) {
    for m in maps() {
        fuzz_checks::check_order(m, text);
    }
}

#[test]
fn fuzz_order_parser() {
    fuzz(Target {
        name: "order parser",
        seeds: order_lines(),
        dictionary: dictionary(),
        max_len: 1024,
        time_bound: line_time_bound,
        memory_bound: |len| (16 << 20) + 16_384 * len,
        check: |bytes| check_line(&String::from_utf8_lossy(bytes)),
    });
}

/// A sheet: each line read as `entente_host::read_sheet` cuts them, within the time bound
/// of its own length (so a sheet's reading is bounded line by line, suggestions included).
fn check_sheet(text: &str) {
    // The standard map and the biggest built-in one.
    let maps = [&maps()[0], &maps()[2]];
    for line in fuzz_checks::sheet_lines(text) {
        let start = Instant::now();
        for m in maps {
            fuzz_checks::check_order(m, line);
        }
        let took = start.elapsed();
        let bound = line_time_bound(line.len());
        assert!(
            took <= bound,
            "a line of {} bytes took {took:?} (bound {bound:?}): {line:?}",
            line.len()
        );
    }
}

#[test]
fn fuzz_sheet() {
    let lines = order_lines();
    let mut seeds: Vec<Seed> = lines
        .chunks(17)
        .step_by(5)
        .enumerate()
        .map(|(i, chunk)| {
            let mut text = String::from("England:\n");
            for s in chunk {
                text.push_str(&String::from_utf8_lossy(&s.bytes));
                text.push_str(if i % 2 == 0 {
                    "\n"
                } else {
                    "  # a comment\r\n"
                });
            }
            Seed::new(format!("sheet {i}"), text)
        })
        .collect();
    seeds.extend(read_dir_seeds(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-corpus/sheet")),
        None,
    ));
    fuzz(Target {
        name: "sheet",
        seeds,
        dictionary: dictionary(),
        max_len: 16 << 10,
        time_bound: |len| Duration::from_secs(5) + Duration::from_millis(4 * len as u64),
        memory_bound: |len| (16 << 20) + 16_384 * len,
        check: |bytes| check_sheet(&String::from_utf8_lossy(bytes)),
    });
}
