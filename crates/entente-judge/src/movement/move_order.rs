//! Move orders: attack, hold, defend and prevent strengths (DATC 5.B.1, 5.B.5–5.B.8).

use super::env::Resolve;
use super::path::path;
use super::{Kind, Scratch, NONE};

/// A head-to-head battle: the units at `p` and its destination move into each other's
/// province, neither by convoy (a convoyed swap passes the other unit).
#[inline]
pub(crate) fn head_to_head(s: &Scratch, p: u16) -> Option<u16> {
    let d = s.move_dest(p)?;
    if s.move_dest(d) == Some(p) && !s.convoyed[p as usize] && !s.convoyed[d as usize] {
        Some(d)
    } else {
        None
    }
}

/// Successful supports of the order at `p`, optionally not counting supporters of `power`.
fn support_count<R: Resolve>(
    env: &R,
    s: &mut Scratch,
    p: u16,
    exclude_power: Option<entente_map::PowerId>,
) -> u32 {
    let mut n = 0;
    let mut c = s.supports_head[p as usize];
    while c != NONE {
        if exclude_power != Some(s.power(c)) && env.resolve(s, c) {
            n += 1;
        }
        c = s.supports_next[c as usize];
    }
    n
}

/// Why a move failed, as the rule that failed it saw it; the numbers are provinces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum MoveFail {
    /// A convoyed move without an unbroken convoy.
    NoPath,
    /// The unit at the destination, of the mover's own power, stays.
    OwnUnit(u16),
    /// The unit at the destination held its ground.
    Held(u16),
    /// Lost or drew the head-to-head battle with the unit at the destination.
    HeadToHead(u16),
    /// Another move into the destination was at least as strong.
    Standoff(u16),
}

fn attack_strength<R: Resolve>(env: &R, s: &mut Scratch, p: u16) -> Result<u32, MoveFail> {
    if !path(env, s, p) {
        return Err(MoveFail::NoPath);
    }
    let d = match s.move_dest(p) {
        Some(d) => d,
        None => return Err(MoveFail::NoPath),
    };
    let defender = match s.unit[d as usize] {
        None => return Ok(1 + support_count(env, s, p, None)),
        Some(u) => u,
    };
    let h2h = head_to_head(s, p).is_some();
    if !h2h && s.move_dest(d).is_some() && env.resolve(s, d) {
        // The defender leaves: nothing to dislodge.
        return Ok(1 + support_count(env, s, p, None));
    }
    if defender.power == s.power(p) {
        // No unit may dislodge one of its own power (DATC 6.D.10).
        return Err(MoveFail::OwnUnit(d));
    }
    // Support from the defender's own power does not help dislodge it (DATC 6.D.12).
    Ok(1 + support_count(env, s, p, Some(defender.power)))
}

fn hold_strength<R: Resolve>(env: &R, s: &mut Scratch, d: u16) -> u32 {
    if s.unit[d as usize].is_none() {
        return 0;
    }
    if s.move_dest(d).is_some() {
        return if env.resolve(s, d) { 0 } else { 1 };
    }
    1 + support_count(env, s, d, None)
}

fn prevent_strength<R: Resolve>(env: &R, s: &mut Scratch, q: u16) -> u32 {
    if !path(env, s, q) {
        return 0;
    }
    if let Some(opp) = head_to_head(s, q) {
        if env.resolve(s, opp) {
            // A unit that loses its head-to-head battle has no effect on the other side's origin.
            return 0;
        }
    }
    1 + support_count(env, s, q, None)
}

pub(crate) fn adjudicate<R: Resolve>(env: &R, s: &mut Scratch, p: u16) -> bool {
    decide(env, s, p).is_ok()
}

/// As [`adjudicate`], saying why a move fails.
pub(crate) fn decide<R: Resolve>(env: &R, s: &mut Scratch, p: u16) -> Result<(), MoveFail> {
    let d = match s.kind[p as usize] {
        Kind::Move { dest, .. } => dest,
        _ => return Err(MoveFail::NoPath),
    };
    let attack = attack_strength(env, s, p)?;
    match head_to_head(s, p) {
        Some(opp) => {
            if attack <= 1 + support_count(env, s, opp, None) {
                return Err(MoveFail::HeadToHead(opp));
            }
        }
        None => {
            if attack <= hold_strength(env, s, d) {
                return Err(MoveFail::Held(d));
            }
        }
    }
    let mut q = s.attackers_head[d as usize];
    while q != NONE {
        if q != p && attack <= prevent_strength(env, s, q) {
            return Err(MoveFail::Standoff(q));
        }
        q = s.attackers_next[q as usize];
    }
    Ok(())
}
