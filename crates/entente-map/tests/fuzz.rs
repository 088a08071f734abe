//! Fuzzing the variant loader (issue 31): a variant file's text, the built-in variants' and
//! the kept corpus (`fuzz-corpus/variant/`) mutated, never panics, names the line of what is
//! wrong, and loads in bounded time and memory; a map that loads answers every question.
//! The harness is `tests/fuzzing/mod.rs`; `ENTENTE_FUZZ_SECS` lengthens the run.

mod fuzz_checks;
mod fuzzing;

use entente_map::{Map, Variant, BUILTIN_VARIANTS, MAX_DISTANCE, MAX_LOCATIONS};
use fuzzing::{fuzz, read_dir_seeds, Seed, Target};
use std::time::Duration;

/// The words of the variant format the mutations insert.
const DICTIONARY: &[&str] = &[
    "[variant]\n",
    "[[power]]\n",
    "[[province]]\n",
    "[[strait]]\n",
    "name = \"X\"\n",
    "abbr = \"x\"\n",
    "kind = \"land\"\n",
    "kind = \"sea\"\n",
    "kind = \"coast\"\n",
    "centre = true\n",
    "convoys = true\n",
    "army = [\"par\"]\n",
    "fleet = [\"eng\"]\n",
    "coasts = { nc = [\"bar\"], sc = [\"bot\"] }\n",
    "coasts.nc = [\"nwg\"]\n",
    "home_centres = [\"par\"]\n",
    "start_units = [\"A par\", \"F bre\"]\n",
    "names.fr = [\"Paris\"]\n",
    "aliases = [\"Lyo\"]\n",
    "letter = \"Z\"\n",
    "colour = \"#123456\"\n",
    "victory_centres = 18\n",
    "start_year = 1901\n",
    "year_style = \"ad\"\n",
    "setup = \"2\"\n",
    "rule = \"escalation\"\n",
    "builds = \"any_home\"\n",
    "between = [\"bla\", \"aeg\"]\n",
    "owner_of = \"con\"\n",
    "\"",
    "'",
    "[",
    "]",
    "{",
    "}",
    ",",
    "=",
    "/",
    "/nc",
    "\n",
    "#",
    "\\u0000",
    "\\",
    "\"\"\"",
    "0",
    "-1",
    "4294967296",
    "2147483647",
    "1e400",
    "é",
    "\u{301}",
];

fn seeds() -> Vec<Seed> {
    let mut seeds: Vec<Seed> = BUILTIN_VARIANTS
        .iter()
        .map(|v| Seed::new(format!("built-in {}", v.name), v.toml))
        .collect();
    seeds.push(Seed::new("chain of 40", fuzz_checks::chain_variant(40, 8)));
    seeds.push(Seed::new(
        "chain of 512",
        fuzz_checks::chain_variant(MAX_LOCATIONS, 64),
    ));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-corpus/variant");
    seeds.extend(read_dir_seeds(std::path::Path::new(dir), None));
    seeds
}

#[test]
fn fuzz_variant_loader() {
    fuzz(Target {
        name: "variant loader",
        seeds: seeds(),
        dictionary: DICTIONARY.iter().map(|w| w.as_bytes().to_vec()).collect(),
        max_len: 256 << 10,
        // Imperial (52 KB) loads in a few tens of milliseconds in a debug build.
        time_bound: |len| Duration::from_secs(5) + Duration::from_micros(50 * len as u64),
        memory_bound: |len| (64 << 20) + 400 * len,
        check: |bytes| {
            fuzz_checks::check_variant(&String::from_utf8_lossy(bytes));
        },
    });
}

/// The format's limits: the most locations and the most powers load, and the map answers
/// everywhere (its distances included); one location more is refused naming the line.
#[test]
fn variant_at_its_limits_loads_and_one_more_location_names_the_line() {
    let text = fuzz_checks::chain_variant(MAX_LOCATIONS, 64);
    let map = fuzz_checks::check_variant(&text).expect("the largest variant loads");
    assert_eq!(map.num_locs(), MAX_LOCATIONS);
    assert_eq!(map.powers().len(), 64);
    let v = Variant::from_text("chain", &text).unwrap();
    assert_eq!(v.map.num_locs(), MAX_LOCATIONS);

    let e = Map::from_toml(&fuzz_checks::chain_variant(MAX_LOCATIONS + 1, 1)).unwrap_err();
    assert!(e.message.contains("at most 512"), "{e}");
    assert!(e.line.is_some(), "{e}");
}

// Found by fuzzing (each input is kept in `fuzz-corpus/variant/`).

/// A chain of 512 provinces: the distance from one end to the other is over 255 moves. The
/// breadth-first search marked a province seen by its distance not being `u8::MAX`, so a
/// province 255 moves away was never seen and the search went round forever, its queue
/// growing until memory ran out (`Map::distances`, which civil disorder reads).
#[test]
fn distances_on_a_chain_of_512_provinces_end() {
    let map = Map::from_toml(&fuzz_checks::chain_variant(MAX_LOCATIONS, 1)).unwrap();
    let p = |i: usize| map.lookup_province(&format!("p{i}")).unwrap();
    let d = map.distances();
    assert_eq!(d.any(p(0), p(253)), 253);
    assert_eq!(d.any(p(0), p(254)), MAX_DISTANCE);
    assert_eq!(d.any(p(0), p(511)), MAX_DISTANCE);
    assert_eq!(d.any(p(511), p(300)), 211);
    assert_eq!(d.fleet(p(0), p(1)), u8::MAX, "no fleet moves on land");
}

/// A control character in a comment: the TOML parser's error has no words, and the loader
/// said only "line 2: ".
#[test]
fn nul_in_a_comment_names_the_line_and_the_character() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fuzz-corpus/variant/nul-in-a-comment.toml"
    ))
    .unwrap();
    let e = Map::from_toml(&text).unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("U+0000"), "{e}");
    assert!(e.message.contains("column 2"), "{e}");
}

/// 65 powers: refused without a line; the line of the 65th is named now.
#[test]
fn a_65th_power_is_refused_at_its_line() {
    let text = fuzz_checks::chain_variant(100, 65);
    let e = Map::from_toml(&text).unwrap_err();
    assert!(e.message.contains("64"), "{e}");
    let line_of_65th = text
        .lines()
        .position(|l| l == "name = \"Power64\"")
        .map(|i| i + 1);
    assert_eq!(e.line, line_of_65th, "{e}");
}

/// Many warnings (localized names that several provinces share: each is dropped with a
/// warning naming its line): the line of each warning was counted from the start of the
/// text again, so a file of the server's 1 MiB with tens of thousands of warnings took
/// minutes. Lines are now looked up in an index of the text's line starts.
#[test]
fn many_warnings_are_named_in_linear_time() {
    // Every province's French names are the other provinces' abbreviations.
    let names: Vec<String> = (0..200).map(|i| format!("\"p{i}\"")).collect();
    let names = format!("names.fr = [{}]\n", names.join(", "));
    let mut text = fuzz_checks::chain_variant(200, 1);
    text = text.replace("kind = \"land\"\n", &format!("kind = \"land\"\n{names}"));
    assert!(text.len() > 300_000, "{} bytes", text.len());
    let start = std::time::Instant::now();
    let (_, warnings) = Map::from_toml_with_warnings(&text).unwrap();
    let took = start.elapsed();
    assert_eq!(warnings.len(), 200 * 199);
    assert!(
        took < Duration::from_secs(30),
        "{} warnings took {took:?}",
        warnings.len()
    );
}

// Limits: every input bounded before it costs anything (docs/variant-format.md).

/// A text over the limit is refused before the TOML parser reads it, naming the line where
/// it goes over (before: 16 MiB of comments were parsed, then "missing field `variant`").
#[test]
fn a_variant_text_over_the_size_limit_is_refused_at_the_line_it_goes_over() {
    let limit = entente_map::VARIANT_FILE_LIMIT as usize;
    let line = "# a comment of sixty-four bytes to fill the text up to a limit.\n";
    assert_eq!(line.len(), 64);
    let text = line.repeat(limit / 64 + 1);
    let e = Map::from_toml(&text).unwrap_err();
    assert_eq!(e.line, Some(limit / 64 + 1), "{e}");
    assert!(e.message.contains("16 MiB"), "{e}");
    let e = Variant::from_text("big", &text).unwrap_err();
    assert!(e.message.contains("16 MiB"), "{e}");
    // The limit inside a character: the line is still named, no panic.
    let text = "€".repeat(limit / 3 + 1);
    assert!(!text.is_char_boundary(limit));
    let e = Map::from_toml(&text).unwrap_err();
    assert_eq!(e.line, Some(1), "{e}");
}

/// More straits than the limit: refused at the line of the first one too many.
#[test]
fn more_straits_than_the_limit_are_refused_at_the_line_of_the_first_too_many() {
    let limit = entente_map::MAX_STRAITS;
    // Imperial's one strait (the last entry of its file), then as many more.
    let mut text = entente_map::find_builtin_variant("imperial")
        .unwrap()
        .toml
        .to_string();
    let strait = text[text.find("\n[[strait]]").unwrap()..]
        .trim_end()
        .to_string();
    for _ in 0..limit {
        text.push_str(&strait);
        text.push('\n');
    }
    let e = Map::from_toml(&text).unwrap_err();
    assert!(e.message.contains(&format!("at most {limit}")), "{e}");
    let nth = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("between"))
        .nth(limit)
        .map(|(i, _)| i + 1);
    assert_eq!(e.line, nth, "{e}");
}

/// A file without provinces or without powers: the error named no line; now the last one,
/// where they would go (every error of the loader names a line).
#[test]
fn a_variant_without_provinces_or_powers_names_its_last_line() {
    let e = Map::from_toml("[variant]\nname = \"X\"\nstart_year = 1\nvictory_centres = 1\n")
        .unwrap_err();
    assert!(e.message.contains("no [[province]]"), "{e}");
    assert_eq!(e.line, Some(4), "{e}");
    let chain = fuzz_checks::chain_variant(3, 1);
    let start = chain.find("\n[[power]]").unwrap();
    let end = chain.find("\n[[province]]").unwrap();
    let text = format!("{}{}", &chain[..start], &chain[end..]);
    let e = Map::from_toml(&text).unwrap_err();
    assert!(e.message.contains("no [[power]]"), "{e}");
    assert_eq!(e.line, Some(text.lines().count()), "{e}");
}
