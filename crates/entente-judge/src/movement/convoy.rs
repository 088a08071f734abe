//! Convoy orders and convoy paths (DATC 5.B.3, 5.B.4, 4.A.1); the path search itself is
//! [`super::path`], which the move and support rules use too.

use super::env::Resolve;
use super::path::path;
use super::{move_order, Scratch, NONE};

/// A convoy succeeds while its fleet is not dislodged; an unmatched convoy does nothing.
pub(crate) fn adjudicate<R: Resolve>(env: &R, s: &mut Scratch, c: u16) -> bool {
    if !s.matched[c as usize] {
        return false;
    }
    let mut a = s.attackers_head[c as usize];
    while a != NONE {
        // The attack is adjudicated, not resolved: this keeps every convoy paradox a single
        // clean cycle of convoy and support, so the Szykman rule finds it (DATC 5.D,
        // Pandin's paradox 6.F.16).
        if move_order::adjudicate(env, s, a) {
            return false;
        }
        a = s.attackers_next[a as usize];
    }
    true
}

/// 1971 (DATC 4.A.3 as the DATC reads it): the convoy route of an army to an adjacent
/// province is used only when the unit there moves the opposite way *and the convoy is not
/// disrupted*. After a first resolution, every such army whose convoy failed is put on the
/// land route (its convoy orders become void); true if any was.
pub(crate) fn land_if_disrupted<R: Resolve>(env: &R, s: &mut Scratch) -> bool {
    let mut changed = false;
    for p in 0..s.unit.len() as u16 {
        let Some(dest) = s.move_dest(p) else { continue };
        if !s.convoyed[p as usize]
            || !env
                .map()
                .army_adjacent(entente_map::ProvinceId(p), entente_map::ProvinceId(dest))
            || path(env, s, p)
        {
            continue;
        }
        s.convoyed[p as usize] = false;
        let mut c = s.convoys_head[p as usize];
        while c != NONE {
            s.matched[c as usize] = false;
            c = s.convoys_next[c as usize];
        }
        s.convoys_head[p as usize] = NONE;
        changed = true;
    }
    changed
}
