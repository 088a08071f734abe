//! "Did you mean ...": the map's names nearest to a name it does not know.
//!
//! A name is near when it is a small number of edits away (Levenshtein distance), when the
//! unknown name is a misspelt beginning of it (`Adriatic` for `Adriatic Sea`), or when its
//! letters appear in it in order from the same first letter (`Yrk` for `Yorkshire`). Only the
//! nearest few are offered, and none when nothing is near (`Xyz`).

use entente_map::{normalize_name, Map};
use std::cell::Cell;

/// The most names offered.
const MAX_SUGGESTIONS: usize = 3;

thread_local! {
    /// How many more unknown names of this thread get their nearest names (`None`: all).
    static BUDGET: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `f` with "did you mean" looked for at most `n` times on this thread: the unknown
/// names after the `n`th are said unknown without the search for the nearest (which compares
/// every name of the map). A server reading a sheet of thousands of unreadable lines bounds
/// its work so; whatever `f` does, the earlier budget is back afterwards.
pub fn with_suggestion_limit<R>(n: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.with(|b| b.set(self.0));
        }
    }
    let _restore = Restore(BUDGET.with(|b| b.replace(Some(n))));
    f()
}

/// Whether an unknown name gets its nearest names now (taking one from the budget).
pub(crate) fn may_suggest() -> bool {
    BUDGET.with(|b| match b.get() {
        None => true,
        Some(0) => false,
        Some(n) => {
            b.set(Some(n - 1));
            true
        }
    })
}

/// Edit distance between two strings, in characters (the plain table, which
/// [`levenshtein_within`] must agree with).
#[cfg(test)]
fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// [`levenshtein`] when it is at most `bound`, else `None`, stopping as soon as every
/// path through the table costs more than `bound` (most of a map's names are far from an
/// unknown one, and are given up after a few rows). `rows` is scratch space reused across
/// calls.
pub(crate) fn levenshtein_within(
    a: &[char],
    b: &[char],
    bound: usize,
    rows: &mut (Vec<usize>, Vec<usize>),
) -> Option<usize> {
    if a.len().abs_diff(b.len()) > bound {
        return None;
    }
    let (prev, cur) = rows;
    prev.clear();
    prev.extend(0..=b.len());
    cur.clear();
    cur.resize(b.len() + 1, 0);
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            cur[j + 1] = d;
            row_min = row_min.min(d);
        }
        if row_min > bound {
            return None;
        }
        std::mem::swap(prev, cur);
    }
    let d = prev[b.len()];
    (d <= bound).then_some(d)
}

/// Is `q` a subsequence of `c` starting at the same letter?
fn abbreviates(q: &[char], c: &[char]) -> bool {
    if q.first() != c.first() {
        return false;
    }
    let mut rest = c.iter();
    q.iter().all(|x| rest.any(|y| y == x))
}

/// How far the known name `c` is from the unknown `q` (smaller is nearer), when it is at
/// most `limit`: the edit distance; for a (misspelt) beginning of the name, one more than
/// the same text in full; 1 for an abbreviation of three letters or more.
fn distance_within(
    q: &[char],
    c: &[char],
    limit: usize,
    rows: &mut (Vec<usize>, Vec<usize>),
) -> Option<usize> {
    if q.len() >= 3 && abbreviates(q, c) {
        // 0 only for the name itself (an edit distance of 0); a beginning costs 1 or more.
        let d = usize::from(q != c);
        return (d <= limit).then_some(d);
    }
    let full = levenshtein_within(q, c, limit, rows);
    if full.is_some_and(|d| d <= 1) || c.len() <= q.len() || limit == 0 {
        return full;
    }
    // A beginning only helps when it is nearer than the full name.
    let bound = full.map_or(limit, |d| d - 1).min(limit) - 1;
    match levenshtein_within(q, &c[..q.len()], bound, rows) {
        Some(d) => Some(d + 1),
        None => full,
    }
}

/// A place a name was found for: a province, or a power.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    Province(entente_map::ProvinceId),
    Power(entente_map::PowerId),
}

/// The names nearest to `unknown`, as the map writes them: provinces as `Adriatic Sea (adr)`;
/// with `powers`, power names too (a nationality may stand where a province does).
///
/// Every name of the map is compared, so this runs once per unreadable line: without
/// allocating per name, and giving a name up as soon as it cannot be near enough (a 64 KiB
/// sheet of unknown names was 1 s of this in a release build, see `docs/server.md`).
pub(crate) fn nearest_names(map: &Map, unknown: &str, powers: bool) -> Vec<String> {
    let q: Vec<char> = normalize_name(unknown).chars().collect();
    if q.is_empty() {
        return Vec::new();
    }
    let limit = (q.len() / 3).max(1);
    let mut rows = (Vec::new(), Vec::new());
    let mut c: Vec<char> = Vec::new();
    // The nearest distance so far, and every place with a name at that distance.
    let mut best = limit;
    let mut found: Vec<Found> = Vec::new();
    let mut offer = |c: &[char], place: Found, rows: &mut (Vec<usize>, Vec<usize>)| {
        let Some(d) = distance_within(&q, c, best, rows) else {
            return;
        };
        if d < best {
            best = d;
            found.clear();
        }
        if !found.contains(&place) {
            found.push(place);
        }
    };
    for (name, p) in map.province_names() {
        c.clear();
        c.extend(name.chars());
        offer(&c, Found::Province(p), &mut rows);
    }
    if powers {
        for (name, p) in map.power_names() {
            c.clear();
            c.extend(name.chars());
            offer(&c, Found::Power(p), &mut rows);
        }
    }
    let mut out: Vec<String> = found
        .into_iter()
        .map(|f| match f {
            Found::Province(p) => {
                let prov = map.province(p);
                format!("{} ({})", prov.name, prov.abbr)
            }
            Found::Power(p) => map.power(p).name.clone(),
        })
        .collect();
    out.sort();
    out.dedup();
    out.truncate(MAX_SUGGESTIONS);
    out
}

/// `; did you mean A, B or C?`, or nothing.
pub(crate) fn did_you_mean(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [init @ .., last] => format!("; did you mean {} or {last}?", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lev(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        levenshtein(&a, &b)
    }

    #[test]
    fn edit_distance_counts_characters() {
        assert_eq!(lev("", ""), 0);
        assert_eq!(lev("abc", ""), 3);
        assert_eq!(lev("kitten", "sitting"), 3);
        assert_eq!(lev("paříž", "paris"), 3);
    }

    /// The search as first written (every name compared in full, then the nearest kept):
    /// what the fast search must answer.
    fn nearest_names_reference(map: &Map, unknown: &str, powers: bool) -> Vec<String> {
        fn distance(q: &[char], c: &[char]) -> usize {
            let mut d = levenshtein(q, c);
            if c.len() > q.len() {
                d = d.min(levenshtein(q, &c[..q.len()]) + 1);
            }
            if q.len() >= 3 && abbreviates(q, c) {
                d = d.min(1);
            }
            d
        }
        let q: Vec<char> = normalize_name(unknown).chars().collect();
        if q.is_empty() {
            return Vec::new();
        }
        let limit = (q.len() / 3).max(1);
        let mut found: Vec<(usize, String)> = Vec::new();
        let mut offer = |d: usize, name: String| {
            if d > limit {
                return;
            }
            match found.iter_mut().find(|(_, n)| *n == name) {
                Some(slot) => slot.0 = slot.0.min(d),
                None => found.push((d, name)),
            }
        };
        for (name, p) in map.province_names() {
            let c: Vec<char> = name.chars().collect();
            let prov = map.province(p);
            offer(distance(&q, &c), format!("{} ({})", prov.name, prov.abbr));
        }
        if powers {
            for (name, p) in map.power_names() {
                let c: Vec<char> = name.chars().collect();
                offer(distance(&q, &c), map.power(p).name.clone());
            }
        }
        let Some(best) = found.iter().map(|x| x.0).min() else {
            return Vec::new();
        };
        let mut out: Vec<String> = found
            .into_iter()
            .filter(|x| x.0 == best)
            .map(|x| x.1)
            .collect();
        out.sort();
        out.truncate(MAX_SUGGESTIONS);
        out
    }

    fn standard() -> &'static Map {
        static MAP: std::sync::OnceLock<Map> = std::sync::OnceLock::new();
        MAP.get_or_init(|| entente_map::load_variant("standard").unwrap())
    }

    #[test]
    fn nearest_names_as_before_on_known_misspellings() {
        let map = standard();
        for q in [
            "Xq",
            "Xyz",
            "Yrk",
            "Adriatic",
            "Pari",
            "Parsi",
            "Bur",
            "Burgundyyy",
            "Stp",
            "Lvp",
            "Engl",
            "Frnce",
            "Mos",
            "St Petersbrg",
            "Norh Sea",
            "a",
            "Ska",
            "Tyrolia",
            "Viena",
        ] {
            for powers in [false, true] {
                assert_eq!(
                    nearest_names(map, q, powers),
                    nearest_names_reference(map, q, powers),
                    "{q} (powers: {powers})"
                );
            }
        }
        assert_eq!(nearest_names(map, "Yrk", false), ["Yorkshire (yor)"]);
    }

    proptest::proptest! {
        #[test]
        fn bounded_edit_distance_agrees(a in "[a-dé]{0,9}", b in "[a-dé]{0,9}", bound in 0usize..6) {
            let a: Vec<char> = a.chars().collect();
            let b: Vec<char> = b.chars().collect();
            let d = levenshtein(&a, &b);
            let mut rows = (Vec::new(), Vec::new());
            proptest::prop_assert_eq!(levenshtein_within(&a, &b, bound, &mut rows), (d <= bound).then_some(d));
        }

        #[test]
        fn nearest_names_agree_with_the_reference(q in "[a-z ]{1,14}", powers: bool) {
            let map = standard();
            proptest::prop_assert_eq!(nearest_names(map, &q, powers), nearest_names_reference(map, &q, powers));
        }

        #[test]
        fn nearest_names_agree_on_altered_map_names(i in 0usize..400, edit in 0usize..4, at in 0usize..12, powers: bool) {
            let map = standard();
            let names: Vec<&str> = map.province_names().map(|(n, _)| n).chain(map.power_names().map(|(n, _)| n)).collect();
            let mut q: Vec<char> = names[i % names.len()].chars().collect();
            let at = at.min(q.len().saturating_sub(1));
            match edit {
                0 if !q.is_empty() => { q.remove(at); }
                1 => q.insert(at, 'x'),
                2 if !q.is_empty() => q[at] = 'z',
                _ => q.truncate(at + 1),
            }
            let q: String = q.into_iter().collect();
            proptest::prop_assert_eq!(nearest_names(map, &q, powers), nearest_names_reference(map, &q, powers));
        }
    }

    #[test]
    fn suggestions_stop_at_the_limit_and_come_back_after() {
        let map = standard();
        let said = |t: &str| crate::parse_order(map, t).unwrap_err().to_string();
        let lines = ["A Yrk - Bur", "A Yrk - Bur", "A Yrk - Bur"];
        let within = with_suggestion_limit(2, || lines.map(said));
        assert!(
            within[0].contains("did you mean Yorkshire"),
            "{}",
            within[0]
        );
        assert!(
            within[1].contains("did you mean Yorkshire"),
            "{}",
            within[1]
        );
        assert_eq!(within[2], "at position 3: unknown province 'Yrk'");
        assert!(said("A Yrk - Bur").contains("did you mean"));
    }

    #[test]
    fn did_you_mean_lists_with_or() {
        assert_eq!(did_you_mean(&[]), "");
        assert_eq!(did_you_mean(&["A".into()]), "; did you mean A?");
        assert_eq!(
            did_you_mean(&["A".into(), "B".into(), "C".into()]),
            "; did you mean A, B or C?"
        );
    }
}
