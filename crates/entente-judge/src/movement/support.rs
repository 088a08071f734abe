//! Support orders: when a support is cut (DATC 5.B.2), and the rulebooks' paradox rules
//! (DATC 4.A.2).

use super::env::Resolve;
use super::path::path;
use super::validate::chain_to_land;
use super::{Kind, Scratch, NONE};
use crate::rules::ParadoxRule;
use entente_map::ProvinceId;

/// Why a support failed, as the rule that failed it saw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SupportFail {
    /// The support names an order that was not given.
    Void,
    /// Cut by the attack from this province.
    Cut(u16),
    /// The supporter is dislodged by the attack from this province (the supported move's
    /// target, which cannot cut it, DATC 6.D.15).
    Dislodged(u16),
}

/// A support holds unless an attack of another power with a working path comes from anywhere
/// but the space the support is directed at, or the supporter is dislodged.
pub(crate) fn adjudicate<R: Resolve>(env: &R, s: &mut Scratch, c: u16) -> bool {
    decide(env, s, c).is_ok()
}

/// As [`adjudicate`], saying why a support fails.
pub(crate) fn decide<R: Resolve>(env: &R, s: &mut Scratch, c: u16) -> Result<(), SupportFail> {
    if !s.matched[c as usize] {
        return Err(SupportFail::Void);
    }
    let into = match s.kind[c as usize] {
        Kind::SupportMove { dest, .. } => Some(dest),
        _ => None,
    };
    let me = s.power(c);
    let mut a = s.attackers_head[c as usize];
    while a != NONE {
        let next = s.attackers_next[a as usize];
        if s.power(a) != me && !spared_by_paradox_rule(env, s, c, a) {
            if into == Some(a) {
                // An attack from the supported move's target cannot cut the support, but
                // it can still dislodge the supporter (DATC 6.D.15, 6.D.17); "from" is the
                // army's starting space even when it comes by convoy (DATC 4.A.4).
                if env.resolve(s, a) {
                    return Err(SupportFail::Dislodged(a));
                }
            } else if path(env, s, a) {
                return Err(SupportFail::Cut(a));
            }
        }
        a = next;
    }
    Ok(())
}

/// Does the rulebook's paradox rule keep the convoyed army at `a` from cutting the support
/// at `c` (DATC 4.A.2)? The rule takes precedence over the dislodge rule (6.F.17): such an
/// attack neither cuts the support nor, by dislodging the supporter, ends it.
fn spared_by_paradox_rule<R: Resolve>(env: &R, s: &mut Scratch, c: u16, a: u16) -> bool {
    if !s.convoyed[a as usize] {
        return false;
    }
    match (env.rules().paradox_rule, s.kind[c as usize]) {
        (ParadoxRule::None, _) => false,
        // "... supporting a fleet which is attacking one of the convoy fleets."
        (ParadoxRule::R1971, Kind::SupportMove { dest, .. }) => convoys_army(s, dest, a),
        // "... supporting an action in a body of water; and that body of water contains a
        // convoying fleet": a fleet whose convoy order matches an army's convoyed move.
        (ParadoxRule::R1982, Kind::SupportMove { dest: w, .. })
        | (ParadoxRule::R1982, Kind::SupportHold { target: w }) => {
            env.map().is_sea(ProvinceId(w))
                && s.matched[w as usize]
                && matches!(s.kind[w as usize], Kind::Convoy { .. })
        }
        // "... supporting an attack against one of the fleets necessary for the army to
        // convoy": a fleet of the army's convoy without which no route of it remains.
        (ParadoxRule::R2000, Kind::SupportMove { dest, .. }) => {
            let f = dest;
            convoys_army(s, f, a) && {
                let to = s.move_dest(a).unwrap_or(NONE);
                !chain_to_land(env.map(), s, a, to, |s, x| x != f && convoys_army(s, x, a))
            }
        }
        _ => false,
    }
}

/// Is the fleet at `f` ordered to convoy the army at `a` (a matched convoy order)?
fn convoys_army(s: &Scratch, f: u16, a: u16) -> bool {
    let mut c = s.convoys_head[a as usize];
    while c != NONE {
        if c == f {
            return true;
        }
        c = s.convoys_next[c as usize];
    }
    false
}
