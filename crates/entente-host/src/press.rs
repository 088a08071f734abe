//! Press: the diplomatic messages of a game, relayed by the game master. The French club's
//! house rules: "Tout mail diplomatique doit passer par le maître de jeu qui transmettra
//! ensuite au pays concerné" — every message passes through the game master, who forwards it
//! to the powers it is for and keeps it from everyone else. A Gunboat game has none.

use entente_judge::Phase;
use entente_map::PowerId;

/// Whom a message is for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Recipients {
    /// Every power: a public announcement.
    All,
    /// These powers only, in power order.
    Powers(Vec<PowerId>),
}

/// One message as the game master received it. The record keeps the true sender even in an
/// anonymous game; what a reader is shown is [`Session::sender_seen_by`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Message {
    /// 1, 2, 3, ... in the order the game master received the messages, over the whole game:
    /// the game master's number (a reader is told the number of the message among those he
    /// may read, never this one: it counts the letters he did not get).
    pub seq: usize,
    /// The phase that was current when the message was sent.
    pub phase: Phase,
    pub from: PowerId,
    pub to: Recipients,
    pub text: String,
    /// When the game master received it, as the front end's clock said, strictly later than
    /// the message before it (`None`: no clock, or a record from before messages were timed).
    pub at: Option<jiff::Timestamp>,
}

impl Message {
    /// Whether `power` may read the message: it sent it, or it is for that power or for all.
    pub fn readable_by(&self, power: PowerId) -> bool {
        self.from == power
            || match &self.to {
                Recipients::All => true,
                Recipients::Powers(ps) => ps.contains(&power),
            }
    }
}
