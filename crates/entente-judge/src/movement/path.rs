//! Convoy paths (DATC 4.A.1, 5.B.4): does a convoyed army reach its destination through the
//! fleets whose convoys succeed.

use super::env::Resolve;
use super::{validate, Scratch, NONE};
use entente_map::LocSet;

/// Does the unit at `p` reach its destination (always, unless it goes by convoy)?
pub(crate) fn path<R: Resolve>(env: &R, s: &mut Scratch, p: u16) -> bool {
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
        if env.resolve(s, c) {
            ok.insert(c);
        } else {
            all_ok = false;
        }
        c = s.convoys_next[c as usize];
    }
    let is_ok = |c: u16| ok.contains(c);
    if env.rules().any_route_disruption_fails && !all_ok {
        // 1971: one failed fleet of the convoy disrupts it, whatever other routes remain.
        return false;
    }
    validate::chain_to_land(env.map(), s, p, dest, |_, c| is_ok(c))
}
