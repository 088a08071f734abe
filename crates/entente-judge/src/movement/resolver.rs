//! Kruijswijk's guess algorithm (DATC 5.F): `resolve` guesses an order's result when it meets
//! a cycle, tries the other guess, and applies the backup rule when both or neither hold.
//! Guesses live on a small stack (`Scratch::deps`); the state is never cloned.

use super::env::{Env, Resolve};
use super::{convoy, move_order, support, Kind, Scratch};
use crate::rules::{ParadoxBackup, Rulebook};
use entente_map::Map;

const UNRESOLVED: u8 = 0;
const GUESSING: u8 = 1;
const RESOLVED: u8 = 2;

impl Resolve for Env<'_> {
    #[inline]
    fn resolve(&self, s: &mut Scratch, nr: u16) -> bool {
        resolve(self, s, nr)
    }

    #[inline]
    fn map(&self) -> &Map {
        self.map
    }

    #[inline]
    fn rules(&self) -> &Rulebook {
        self.rules
    }
}

/// Success of the order of the unit in province `nr`.
pub(crate) fn resolve(env: &Env, s: &mut Scratch, nr: u16) -> bool {
    let i = nr as usize;
    match s.state[i] {
        RESOLVED => return s.result[i],
        GUESSING => {
            if !s.deps.contains(&nr) {
                s.deps.push(nr);
            }
            return s.result[i];
        }
        _ => {}
    }
    let old_len = s.deps.len();
    s.result[i] = false;
    s.state[i] = GUESSING;
    let first = adjudicate(env, s, nr);
    if s.deps.len() == old_len {
        // Decided without leaning on any guess.
        if s.state[i] != RESOLVED {
            s.result[i] = first;
            s.state[i] = RESOLVED;
        }
        return s.result[i];
    }
    if s.deps[old_len] != nr {
        // Part of a cycle that started further up: report the guess-based result upward.
        s.deps.push(nr);
        s.result[i] = first;
        return first;
    }
    // This order starts the cycle: try the opposite guess.
    unresolve_from(s, old_len);
    s.result[i] = true;
    s.state[i] = GUESSING;
    let second = adjudicate(env, s, nr);
    if first == second {
        // One consistent resolution whatever the guess.
        unresolve_from(s, old_len);
        s.result[i] = first;
        s.state[i] = RESOLVED;
        return first;
    }
    // No or two resolutions: a circular movement or a convoy paradox.
    backup_rule(env, s, old_len);
    resolve(env, s, nr)
}

fn unresolve_from(s: &mut Scratch, from: usize) {
    for k in from..s.deps.len() {
        let d = s.deps[k] as usize;
        s.state[d] = UNRESOLVED;
    }
    s.deps.truncate(from);
}

/// DATC 5.B.9: a cycle with a convoy is a paradox, settled by the backup rule; otherwise it
/// is circular movement and every move in it succeeds. Szykman: the convoys in the paradox
/// fail (their fleets hold). All Hold: every move in the paradox fails: the moves of the
/// cycle, the armies its convoys carry and the attacks on its convoying fleets; the fleets,
/// no longer attacked, stay and their convoys stand.
fn backup_rule(env: &Env, s: &mut Scratch, from: usize) {
    let paradox = s.deps[from..]
        .iter()
        .any(|&d| matches!(s.kind[d as usize], Kind::Convoy { .. }));
    let all_hold = paradox && env.rules.paradox_backup == ParadoxBackup::AllHold;
    for k in from..s.deps.len() {
        let d = s.deps[k] as usize;
        match (paradox, s.kind[d]) {
            (true, Kind::Convoy { .. }) if !all_hold => fail_by_paradox(s, d),
            (true, Kind::Move { .. }) if all_hold => fail_by_paradox(s, d),
            (false, Kind::Move { .. }) => {
                s.result[d] = true;
                s.state[d] = RESOLVED;
            }
            _ => s.state[d] = UNRESOLVED,
        }
    }
    if all_hold {
        for k in from..s.deps.len() {
            let d = s.deps[k] as usize;
            if let Kind::Convoy { from: army, .. } = s.kind[d] {
                s.result[d] = true;
                s.state[d] = RESOLVED;
                fail_by_paradox(s, army as usize);
                let mut a = s.attackers_head[d];
                while a != super::NONE {
                    fail_by_paradox(s, a as usize);
                    a = s.attackers_next[a as usize];
                }
            }
        }
    }
    s.deps.truncate(from);
}

fn fail_by_paradox(s: &mut Scratch, d: usize) {
    s.result[d] = false;
    s.state[d] = RESOLVED;
    s.paradox_held[d] = true;
}

fn adjudicate(env: &Env, s: &mut Scratch, nr: u16) -> bool {
    match s.kind[nr as usize] {
        Kind::Move { .. } => move_order::adjudicate(env, s, nr),
        Kind::SupportHold { .. } | Kind::SupportMove { .. } => support::adjudicate(env, s, nr),
        Kind::Convoy { .. } => convoy::adjudicate(env, s, nr),
        Kind::Hold => true,
    }
}
