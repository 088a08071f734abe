//! The game master's acts beyond receiving sheets and press: deadlines, pausing, replacing a
//! player, adjudicating when due or by force. Each is logged as an [`Event`].

use crate::deadline::Deadline;
use crate::events::Event;
use crate::session::{PhaseContext, Session};
use entente_game::{Error, ErrorKind, Result};
use entente_map::PowerId;

impl Session {
    /// Sets (or, with `None`, clears) the current phase's deadline; extending is setting a
    /// later one.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) -> Result<()> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        let at = deadline.as_ref().map(|d| d.at);
        self.deadline = deadline;
        self.log(Event::Deadline { due: at });
        Ok(())
    }

    /// Stops the game: no adjudication unless forced.
    pub fn pause(&mut self) -> Result<()> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        if self.paused {
            return Err(Error::new(
                ErrorKind::Conflict,
                "the game is already paused",
            ));
        }
        self.paused = true;
        self.log(Event::Paused);
        Ok(())
    }

    pub fn resume(&mut self) -> Result<()> {
        if !self.paused {
            return Err(Error::new(ErrorKind::Conflict, "the game is not paused"));
        }
        self.paused = false;
        self.log(Event::Resumed);
        Ok(())
    }

    /// A new player takes the seat of `power` (and of the powers played with it); the seat's
    /// powers come back from civil disorder.
    pub fn replace_player(&mut self, power: PowerId, name: &str) -> Result<()> {
        let name = name.trim();
        if name.is_empty() {
            return Err(Error::invalid("the new player needs a name"));
        }
        if self.players.iter().any(|p| p.name == name) {
            return Err(Error::new(
                ErrorKind::Conflict,
                format!("{name} already plays in this game"),
            ));
        }
        let Some(i) = self.players.iter().position(|p| p.powers.contains(&power)) else {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("no player plays {}", self.map().power(power).name),
            ));
        };
        let old = std::mem::replace(&mut self.players[i].name, name.to_string());
        for p in self.players[i].powers.clone() {
            self.game.set_civil_disorder(p, false);
        }
        self.log(Event::PlayerReplaced {
            old,
            new: name.to_string(),
        });
        Ok(())
    }

    /// Adjudicates when it is due: every awaited sheet is in, or the deadline has passed
    /// (`now`). Otherwise refused unless `force`; a paused game only by force.
    pub fn adjudicate_when_due(&mut self, now: jiff::Timestamp, force: bool) -> Result<usize> {
        if self.game.is_over() {
            return Err(Error::game_over());
        }
        self.check_placement_over()?;
        let missing = self.status().missing;
        let passed = self.deadline.as_ref().is_some_and(|d| d.has_passed(now));
        if !force {
            if self.paused {
                return Err(Error::new(
                    ErrorKind::NotThisPhase,
                    "the game is paused (resume it, or force the adjudication)",
                ));
            }
            if !missing.is_empty() && !passed {
                let names: Vec<&str> = missing
                    .iter()
                    .map(|&p| self.map().power(p).name.as_str())
                    .collect();
                return Err(Error::new(
                    ErrorKind::NotThisPhase,
                    format!(
                        "orders missing from {}; wait for them or the deadline, or force the adjudication",
                        names.join(", ")
                    ),
                ));
            }
        }
        let forced = self.paused || (!missing.is_empty() && !passed);
        self.adjudicate_logged(forced)
    }

    /// Takes back the last adjudication: the game returns to the phase the game master (or
    /// the deadline) last adjudicated, with the position it had then and the sheets that
    /// were sent for it, now open again. Phases adjudicated with it for lack of decisions
    /// are taken back too; press and the log are kept. Refused before any adjudication.
    pub fn rollback(&mut self) -> Result<()> {
        let now = self.game.phase();
        let Some(phase) = self.events.iter().rev().find_map(|e| match e.event {
            Event::Adjudicated { .. } if e.phase < now => Some(e.phase),
            _ => None,
        }) else {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "nothing has been adjudicated yet",
            ));
        };
        let history = self.game.history();
        let Some(i) = history.iter().rposition(|h| h.phase == phase) else {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                format!("{} is not in the game's history", phase.code()),
            ));
        };
        let mut history = history.to_vec();
        let position = history[i].before.clone();
        history.truncate(i);
        self.game.restore(phase, position, history);
        self.game.set_end(None);
        let sheets = self.sheets.drain(i..).next().unwrap_or_default();
        let context = self.contexts.drain(i..).next();
        self.pending.clear();
        for (p, line) in sheets {
            self.pending.entry(p).or_default().push(line);
        }
        if let Some(c) = context {
            self.set_context(&c);
        }
        self.deadline = None;
        self.log(Event::RolledBack { to: phase.code() });
        Ok(())
    }

    /// Sets who is in civil disorder or neutral and which provinces are closed, as a
    /// recorded phase says (importing another program's record).
    pub fn set_context(&mut self, c: &PhaseContext) {
        let ids: Vec<PowerId> = self.map().power_ids().collect();
        for p in ids {
            self.game
                .set_civil_disorder(p, c.civil_disorder.contains(&p));
            self.game.set_neutral(p, c.neutral.contains(&p));
        }
        self.game.set_impassable(c.impassable);
    }
}
