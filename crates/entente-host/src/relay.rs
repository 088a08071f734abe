//! The press the game master relays: a letter sent by a power to some or all of the others,
//! each reader's inbox, and who a reader is told sent it (the press rules of
//! [`crate::GameOptions`]). The letters themselves are [`crate::press`]'s.

use crate::press::{Message, Recipients};
use crate::session::Session;
use entente_game::{Error, ErrorKind, Result};
use entente_map::PowerId;

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
        // Strictly later than the message before: a message's time tells it from the others
        // of the game (a front end names it by its time, not by a count of the game's press).
        let last = self.press.iter().rev().find_map(|m| m.at);
        let at = self.clock.map(|now| match (now(), last) {
            (t, Some(l)) if t <= l => l + jiff::SignedDuration::from_nanos(1),
            (t, _) => t,
        });
        self.press.push(Message {
            seq: self.press.len() + 1,
            phase: self.game.phase(),
            from,
            to,
            text: text.to_string(),
            at,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Assignment, GameOptions, Player, SessionConfig};
    use entente_game::Setup;

    fn session() -> Session {
        let variant = entente_map::Variant::builtin("standard").unwrap();
        let players = Setup::Seven
            .seats(&variant.map)
            .unwrap()
            .into_iter()
            .enumerate()
            .map(|(i, powers)| Player {
                name: format!("P{}", i + 1),
                powers,
            })
            .collect();
        Session::new(SessionConfig {
            variant,
            rules: entente_judge::Rulebook::default_game(),
            setup: Setup::Seven,
            players,
            first_year: None,
            options: GameOptions::default(),
            seed: 1,
            assignment: Assignment::Given,
        })
        .unwrap()
    }

    #[test]
    fn an_empty_recipient_list_is_an_error_not_all() {
        let mut s = session();
        let england = s.map().lookup_power("England").unwrap();
        let err = s
            .send_press(england, Recipients::Powers(Vec::new()), "to whom?")
            .unwrap_err();
        assert_eq!(err.kind, ErrorKind::Invalid, "{err}");
        assert!(err.message.contains("nobody"), "{err}");
        assert!(s.press().is_empty());
    }

    #[test]
    fn messages_are_timed_strictly_one_after_another() {
        let mut s = session();
        let fixed: fn() -> jiff::Timestamp =
            || jiff::Timestamp::from_second(1_800_000_000).unwrap();
        s.set_clock(fixed);
        let england = s.map().lookup_power("England").unwrap();
        for i in 0..3 {
            s.send_press(england, Recipients::All, &format!("m{i}"))
                .unwrap();
        }
        let at: Vec<_> = s.press().iter().map(|m| m.at.unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    }
}
