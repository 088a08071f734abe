//! Support orders: when a support is cut (DATC 5.B.2).

use super::convoy::path;
use super::resolver::{resolve, Env};
use super::{Kind, Scratch, NONE};

/// A support holds unless an attack of another power with a working path comes from anywhere
/// but the space the support is directed at, or the supporter is dislodged.
pub(crate) fn adjudicate(env: &Env, s: &mut Scratch, c: u16) -> bool {
    if !s.matched[c as usize] {
        return false;
    }
    let into = match s.kind[c as usize] {
        Kind::SupportMove { dest, .. } => Some(dest as u16),
        _ => None,
    };
    let me = s.power(c);
    let mut a = s.attackers_head[c as usize];
    while a != NONE {
        let next = s.attackers_next[a as usize];
        if s.power(a) != me {
            if into == Some(a) {
                // An attack from the supported move's target cannot cut the support, but
                // it can still dislodge the supporter (DATC 6.D.15, 6.D.17); "from" is the
                // army's starting space even when it comes by convoy (DATC 4.A.4).
                if resolve(env, s, a) {
                    return false;
                }
            } else if path(env, s, a) {
                return false;
            }
        }
        a = next;
    }
    true
}
