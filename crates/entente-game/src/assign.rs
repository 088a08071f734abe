//! Who plays which seat: by lot (the original rules, the only chance in the game), or by
//! preference lists as in appendix 1 of the 1982 rules ("Volba velmocí").
//!
//! A seat is one power, or the group of powers one player takes in a smaller game. The lot
//! is a trait so that a seeded generator decides in play and a test can say who won.

use crate::error::{Error, Result};
use entente_map::{Map, PowerId};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Decides a contested seat among the players who want it.
pub trait Lot {
    /// One of `candidates` (player indices, more than one) gets `seat`.
    fn draw(&mut self, seat: usize, candidates: &[usize]) -> usize;
}

/// A lot from a seeded generator: the same seed, the same draws.
pub struct SeededLot(ChaCha8Rng);

impl SeededLot {
    pub fn new(seed: u64) -> SeededLot {
        SeededLot(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl Lot for SeededLot {
    fn draw(&mut self, _seat: usize, candidates: &[usize]) -> usize {
        candidates[self.0.random_range(0..candidates.len())]
    }
}

/// Every seat to a player at random: `result[player]` is the player's seat.
pub fn assign_random(players: usize, seed: u64) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seats: Vec<usize> = (0..players).collect();
    // Fisher–Yates, written out so that the draw sequence is ours and stays reproducible.
    for i in (1..players).rev() {
        let j = rng.random_range(0..=i);
        seats.swap(i, j);
    }
    seats
}

/// Appendix 1: `prefs[player]` ranks every seat, most wanted first. Round k looks at each
/// unseated player's k-th choice: a seat still free that only one of them names goes to
/// that player; a seat several name goes to one of them by lot; the others wait for their
/// next choice. Returns `result[player]` = seat.
pub fn assign_by_preferences(prefs: &[Vec<usize>], lot: &mut dyn Lot) -> Result<Vec<usize>> {
    let n = prefs.len();
    for (i, list) in prefs.iter().enumerate() {
        let mut seen = vec![false; n];
        if list.len() != n {
            return Err(Error::invalid(format!(
                "player {} ranks {} seats; every one of the {n} must be ranked",
                i + 1,
                list.len()
            )));
        }
        for &s in list {
            if s >= n || std::mem::replace(&mut seen[s], true) {
                return Err(Error::invalid(format!(
                    "player {} ranks a seat twice",
                    i + 1
                )));
            }
        }
    }
    let mut seat_of: Vec<Option<usize>> = vec![None; n];
    let mut taken = vec![false; n];
    for round in 0..n {
        // Candidates per seat, in player order.
        let mut wanted: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (player, list) in prefs.iter().enumerate() {
            if seat_of[player].is_none() && !taken[list[round]] {
                wanted[list[round]].push(player);
            }
        }
        for (seat, candidates) in wanted.iter().enumerate() {
            let winner = match candidates.len() {
                0 => continue,
                1 => candidates[0],
                _ => {
                    let w = lot.draw(seat, candidates);
                    if !candidates.contains(&w) {
                        return Err(Error::invalid(format!(
                            "the lot for seat {seat} chose a player who did not ask"
                        )));
                    }
                    w
                }
            };
            seat_of[winner] = Some(seat);
            taken[seat] = true;
        }
    }
    // Every player ends seated: a seat left free was named by each unseated player in some
    // round in which it was free, and then someone took it.
    seat_of
        .into_iter()
        .map(|s| s.ok_or_else(|| Error::invalid("a player was left without a seat")))
        .collect()
}

/// Reads preference lists, one player a line: `Ann: A E F R G T I` or
/// `Bob: England, Austria/France, Germany/Turkey, Italy/Russia`. A seat is named by any of
/// its powers (name, adjective or letter); `#` starts a comment. Returns the players' names
/// and their rankings as seat indices.
pub fn parse_preferences(
    map: &Map,
    seats: &[Vec<PowerId>],
    text: &str,
) -> Result<(Vec<String>, Vec<Vec<usize>>)> {
    let mut names = Vec::new();
    let mut prefs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (name, list) = line.split_once(':').ok_or_else(|| {
            Error::invalid(format!(
                "line {}: write 'Player: first choice, second, ...'",
                i + 1
            ))
        })?;
        let ranking = parse_preference_list(map, seats, list)
            .map_err(|e| Error::invalid(format!("line {}: {}", i + 1, e.message)))?;
        names.push(name.trim().to_string());
        prefs.push(ranking);
    }
    if names.len() != seats.len() {
        return Err(Error::invalid(format!(
            "{} players' lists for {} seats",
            names.len(),
            seats.len()
        )));
    }
    Ok((names, prefs))
}

/// One player's list, `England, Austria/France, ...` or `E A G`: the seats by preference.
pub fn parse_preference_list(map: &Map, seats: &[Vec<PowerId>], list: &str) -> Result<Vec<usize>> {
    let items: Vec<&str> = if list.contains(',') || list.contains(';') {
        list.split([',', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    } else {
        list.split_whitespace().collect()
    };
    items
        .into_iter()
        .map(|item| seat_named(map, seats, item))
        .collect()
}

fn seat_named(map: &Map, seats: &[Vec<PowerId>], item: &str) -> Result<usize> {
    let mut seat = None;
    for part in item.split('/') {
        let p = map
            .lookup_power(part.trim())
            .ok_or_else(|| Error::unknown(format!("unknown power '{}'", part.trim())))?;
        let s = seats
            .iter()
            .position(|seat| seat.contains(&p))
            .ok_or_else(|| {
                Error::invalid(format!("{} is not played in this setup", map.power(p).name))
            })?;
        if seat.is_some_and(|prev| prev != s) {
            return Err(Error::invalid(format!(
                "'{item}' names powers of two seats"
            )));
        }
        seat = Some(s);
    }
    seat.ok_or_else(|| Error::invalid("empty choice"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_assignment_is_a_reproducible_permutation() {
        let a = assign_random(7, 42);
        assert_eq!(a, assign_random(7, 42));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..7).collect::<Vec<_>>());
        assert!((0..20).any(|s| assign_random(7, s) != a));
    }

    #[test]
    fn uncontested_first_choices_need_no_lot() {
        struct NoLot;
        impl Lot for NoLot {
            fn draw(&mut self, _: usize, _: &[usize]) -> usize {
                panic!("no lot expected")
            }
        }
        let prefs = vec![vec![1, 0, 2], vec![0, 1, 2], vec![2, 1, 0]];
        assert_eq!(
            assign_by_preferences(&prefs, &mut NoLot).unwrap(),
            vec![1, 0, 2]
        );
    }

    #[test]
    fn incomplete_lists_are_refused() {
        let prefs = vec![vec![0, 1], vec![0]];
        assert!(assign_by_preferences(&prefs, &mut SeededLot::new(1)).is_err());
    }
}
