//! Press: the diplomatic messages of a game, relayed by the game master. The French club's
//! house rules: "Tout mail diplomatique doit passer par le maître de jeu qui transmettra
//! ensuite au pays concerné" — every message passes through the game master, who forwards it
//! to the powers it is for and keeps it from everyone else. A Gunboat game has none.

use crate::session::Session;
use entente_game::{Error, ErrorKind, Result};
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
    /// 1, 2, 3, ... in the order the game master received the messages, over the whole game.
    pub seq: usize,
    /// The phase that was current when the message was sent.
    pub phase: Phase,
    pub from: PowerId,
    pub to: Recipients,
    pub text: String,
    /// When the game master received it, as the front end's clock said (`None`: no clock,
    /// or a record from before messages were timed).
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

impl Session {
    /// Every message of the game, in the order received (the game master's view).
    pub fn press(&self) -> &[Message] {
        &self.press
    }

    /// Receives a message from `from` and keeps it for its recipients. Refused in a Gunboat
    /// game, once the game is over, and between powers no player plays.
    pub fn send_press(&mut self, from: PowerId, to: Recipients, text: &str) -> Result<&Message> {
        if self.options.gunboat {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "this is a Gunboat game: no press",
            ));
        }
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        if self.options.public_press_only && to != Recipients::All {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "this game has public press only: write to all",
            ));
        }
        if self.options.press_in_movement_only
            && self.game.phase().kind != entente_judge::PhaseKind::Movement
        {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "no press during retreats and adjustments in this game",
            ));
        }
        let text = text.trim_end();
        if text.trim().is_empty() {
            return Err(Error::invalid("the message is empty"));
        }
        self.check_correspondent(from)?;
        let to = match to {
            Recipients::All => Recipients::All,
            Recipients::Powers(mut ps) => {
                ps.sort();
                ps.dedup();
                if ps.is_empty() {
                    return Err(Error::invalid("the message is for nobody"));
                }
                if ps.contains(&from) {
                    return Err(Error::invalid(format!(
                        "{} cannot write to itself",
                        self.map().power(from).name
                    )));
                }
                for &p in &ps {
                    self.check_correspondent(p)?;
                }
                Recipients::Powers(ps)
            }
        };
        self.press.push(Message {
            seq: self.press.len() + 1,
            phase: self.game.phase(),
            from,
            to,
            text: text.to_string(),
            at: self.clock.map(|now| now()),
        });
        Ok(self.press.last().expect("just pushed"))
    }

    /// The messages `power` may read, oldest first. Other powers' private messages are never
    /// among them.
    pub fn inbox(&self, power: PowerId) -> impl Iterator<Item = &Message> {
        self.press.iter().filter(move |m| m.readable_by(power))
    }

    /// The sender as `reader` is told it: in an anonymous game only the sender itself knows
    /// who wrote (`None`: shown as "Anonymous").
    pub fn sender_seen_by(&self, m: &Message, reader: PowerId) -> Option<PowerId> {
        (!self.options.anonymous || m.from == reader).then_some(m.from)
    }

    /// A power that can send or receive press: one that some player plays (not a neutral
    /// power, nor one out of a smaller game).
    fn check_correspondent(&self, power: PowerId) -> Result<()> {
        if self.player_of(power).is_none() {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("no player plays {}", self.map().power(power).name),
            ));
        }
        Ok(())
    }
}
