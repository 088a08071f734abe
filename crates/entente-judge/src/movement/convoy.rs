//! Convoy orders and convoy paths (DATC 5.B.3, 5.B.4, 4.A.1).

use super::resolver::{resolve, Env};
use super::{move_order, validate, Scratch, NONE};
use entente_map::LocSet;

/// A convoy succeeds while its fleet is not dislodged; an unmatched convoy does nothing.
pub(crate) fn adjudicate(env: &Env, s: &mut Scratch, c: u16) -> bool {
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

/// Does the unit at `p` reach its destination (always, unless it goes by convoy)?
pub(crate) fn path(env: &Env, s: &mut Scratch, p: u16) -> bool {
    if !s.convoyed[p as usize] {
        return true;
    }
    let dest = match s.move_dest(p) {
        Some(d) => d,
        None => return false,
    };
    // Resolve every matching convoy first: the search below must not recurse.
    // A set of unit provinces (any map's size: Imperial's ids pass 255).
    let mut ok = LocSet::EMPTY;
    let mut all_ok = true;
    let mut c = s.convoys_head[p as usize];
    while c != NONE {
        if resolve(env, s, c) {
            ok.insert(c);
        } else {
            all_ok = false;
        }
        c = s.convoys_next[c as usize];
    }
    let is_ok = |c: u16| ok.contains(c);
    if env.rules.any_route_disruption_fails && !all_ok {
        // 1971: one failed fleet of the convoy disrupts it, whatever other routes remain.
        return false;
    }
    validate::chain_to_land(env.map, s, p, dest, |_, c| is_ok(c))
}

/// 1971 (DATC 4.A.3 as the DATC reads it): the convoy route of an army to an adjacent
/// province is used only when the unit there moves the opposite way *and the convoy is not
/// disrupted*. After a first resolution, every such army whose convoy failed is put on the
/// land route (its convoy orders become void); true if any was.
pub(crate) fn land_if_disrupted(env: &Env, s: &mut Scratch) -> bool {
    let mut changed = false;
    for p in 0..s.unit.len() as u16 {
        let Some(dest) = s.move_dest(p) else { continue };
        if !s.convoyed[p as usize]
            || !env
                .map
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
