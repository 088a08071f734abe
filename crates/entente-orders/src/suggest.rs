//! "Did you mean ...": the map's names nearest to a name it does not know.
//!
//! A name is near when it is a small number of edits away (Levenshtein distance), when the
//! unknown name is a misspelt beginning of it (`Adriatic` for `Adriatic Sea`), or when its
//! letters appear in it in order from the same first letter (`Yrk` for `Yorkshire`). Only the
//! nearest few are offered, and none when nothing is near (`Xyz`).

use entente_map::{normalize_name, Map};

/// The most names offered.
const MAX_SUGGESTIONS: usize = 3;

/// Edit distance between two strings, in characters.
pub(crate) fn levenshtein(a: &[char], b: &[char]) -> usize {
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

/// Is `q` a subsequence of `c` starting at the same letter?
fn abbreviates(q: &[char], c: &[char]) -> bool {
    if q.first() != c.first() {
        return false;
    }
    let mut rest = c.iter();
    q.iter().all(|x| rest.any(|y| y == x))
}

/// How far the known name `c` is from the unknown `q` (smaller is nearer).
fn distance(q: &[char], c: &[char]) -> usize {
    let mut d = levenshtein(q, c);
    if c.len() > q.len() {
        // A (misspelt) beginning of the name; one more than the same text in full.
        d = d.min(levenshtein(q, &c[..q.len()]) + 1);
    }
    if q.len() >= 3 && abbreviates(q, c) {
        d = d.min(1);
    }
    d
}

/// The names nearest to `unknown`, as the map writes them: provinces as `Adriatic Sea (adr)`;
/// with `powers`, power names too (a nationality may stand where a province does).
pub(crate) fn nearest_names(map: &Map, unknown: &str, powers: bool) -> Vec<String> {
    let q: Vec<char> = normalize_name(unknown).chars().collect();
    if q.is_empty() {
        return Vec::new();
    }
    let limit = (q.len() / 3).max(1);
    // (distance, display name), the best per place.
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
