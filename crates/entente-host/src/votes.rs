//! The players' votes on how the game ends: a draw shared by every survivor, a draw among
//! some survivors (where the game allows naming them), or a concession to one survivor.
//! Each player (a [`SeatHolder`]) has one vote; it ends the game when every player holding
//! a survivor has cast the same one. A vote is about the position the player saw: every
//! vote is cleared when a phase is adjudicated or rolled back ([`Session::adjudicate_table`],
//! [`Session::rollback_table`]).

use crate::error::TableError;
use crate::session::Session;
use crate::table::SeatHolder;
use entente_club::MemberId;
use entente_map::{Map, PowerId};
use serde::{Deserialize, Serialize};

/// Who may share a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// Every power with units (a draw includes all survivors).
    #[default]
    AllSurvivors,
    /// The players may propose a draw among named survivors.
    Named,
}

/// A player's vote on the game's end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EndVote {
    /// A draw shared by every survivor.
    Draw,
    /// A draw shared by these powers only (in power order, each once).
    DrawAmong(Vec<PowerId>),
    /// Every other power concedes the game to this one.
    Concede(PowerId),
}

impl EndVote {
    /// A draw vote as a front end receives it, the powers it names by name (none: every
    /// survivor). Naming powers is refused unless the game's draws are [`DrawRule::Named`]
    /// (before the names are read).
    pub fn draw_of_names<S: AsRef<str>>(
        map: &Map,
        names: &[S],
        draws: DrawRule,
    ) -> Result<EndVote, TableError> {
        if names.is_empty() {
            return Ok(EndVote::Draw);
        }
        if draws == DrawRule::AllSurvivors {
            return Err(TableError::DrawIncludesEverySurvivor);
        }
        let powers = names
            .iter()
            .map(|n| lookup(map, n.as_ref()))
            .collect::<Result<_, _>>()?;
        Ok(EndVote::DrawAmong(powers))
    }

    /// A concession vote as a front end receives it: to the power of this name.
    pub fn concession_to_name(map: &Map, name: &str) -> Result<EndVote, TableError> {
        lookup(map, name).map(EndVote::Concede)
    }

    /// The vote as the server's store keeps it: `all`, `Austria,France` (a named draw) or
    /// `concede:France`.
    pub fn stored(&self, map: &Map) -> String {
        match self {
            EndVote::Draw => "all".to_string(),
            EndVote::DrawAmong(ps) => ps
                .iter()
                .map(|&p| map.power(p).name.as_str())
                .collect::<Vec<_>>()
                .join(","),
            EndVote::Concede(p) => format!("concede:{}", map.power(*p).name),
        }
    }

    /// A vote read back from [`EndVote::stored`]'s text. A named draw keeps the powers it
    /// can read; a concession to a power the map does not know is no vote (`None`).
    pub fn from_stored(map: &Map, text: &str) -> Option<EndVote> {
        if let Some(winner) = text.strip_prefix("concede:") {
            return map.lookup_power(winner).map(EndVote::Concede);
        }
        if text == "all" {
            return Some(EndVote::Draw);
        }
        Some(EndVote::DrawAmong(
            text.split(',')
                .filter_map(|n| map.lookup_power(n))
                .collect(),
        ))
    }
}

fn lookup(map: &Map, name: &str) -> Result<PowerId, TableError> {
    map.lookup_power(name)
        .ok_or_else(|| TableError::UnknownPower {
            name: name.to_string(),
        })
}

impl Session {
    /// A vote as it counts: a named draw of every survivor (or of none) is the draw of all
    /// survivors, its powers otherwise in power order, each once; a named draw is refused
    /// unless the game's draws are [`DrawRule::Named`]; a concession must go to a survivor.
    /// (A named draw of a power out of the game, or of one power, is taken: the game refuses
    /// it when the vote is unanimous.)
    pub fn check_vote(&self, vote: EndVote, draws: DrawRule) -> Result<EndVote, TableError> {
        match vote {
            EndVote::Draw => Ok(EndVote::Draw),
            EndVote::DrawAmong(ps) if ps.is_empty() => Ok(EndVote::Draw),
            EndVote::DrawAmong(_) if draws == DrawRule::AllSurvivors => {
                Err(TableError::DrawIncludesEverySurvivor)
            }
            EndVote::DrawAmong(mut ps) => {
                ps.sort();
                ps.dedup();
                let mut survivors = self.game.survivors();
                survivors.sort();
                Ok(if ps == survivors {
                    EndVote::Draw
                } else {
                    EndVote::DrawAmong(ps)
                })
            }
            EndVote::Concede(p) => {
                if !self.game.survivors().contains(&p) {
                    return Err(TableError::ConcedeToSurvivor {
                        power: self.map().power(p).name.clone(),
                    });
                }
                Ok(EndVote::Concede(p))
            }
        }
    }

    /// The vote every player holding a survivor has cast, if they all cast the same one.
    /// Players whose powers are all out of the game, and players replaced, do not count;
    /// with nobody to count there is no agreement.
    pub fn agreed_vote(&self, seats: &[SeatHolder]) -> Option<EndVote> {
        let survivors = self.game.survivors();
        let mut voters = seats
            .iter()
            .filter(|s| !s.replaced && s.powers.iter().any(|p| survivors.contains(p)));
        let first = voters.next()?.vote.clone()?;
        voters
            .all(|s| s.vote.as_ref() == Some(&first))
            .then_some(first)
    }

    /// Ends the game as the vote says.
    pub fn end_by_vote(&mut self, vote: &EndVote) -> entente_game::Result<()> {
        match vote {
            EndVote::Draw => self.declare_draw(),
            EndVote::DrawAmong(ps) => self.declare_draw_among(ps),
            EndVote::Concede(p) => self.concede(*p),
        }
    }

    /// `voter` votes (`Some`) or withdraws their vote (`None`); returns whether the game
    /// ended (the vote made it unanimous, [`Session::agreed_vote`]). Only a player holding
    /// powers votes, and not once the game is over. When the unanimous vote cannot end the
    /// game (a named draw of fewer than two survivors) the error comes back and the voter's
    /// earlier vote stands.
    pub fn cast_vote(
        &mut self,
        seats: &mut [SeatHolder],
        voter: MemberId,
        vote: Option<EndVote>,
        draws: DrawRule,
    ) -> Result<bool, TableError> {
        let i = seats
            .iter()
            .position(|s| s.member == voter && s.plays())
            .ok_or(TableError::OnlyPlayersVote)?;
        if self.game.is_over() {
            return Err(entente_game::Error::game_over().into());
        }
        let vote = vote.map(|v| self.check_vote(v, draws)).transpose()?;
        let before = std::mem::replace(&mut seats[i].vote, vote);
        let Some(agreed) = self.agreed_vote(seats) else {
            return Ok(false);
        };
        if let Err(e) = self.end_by_vote(&agreed) {
            seats[i].vote = before;
            return Err(e.into());
        }
        Ok(true)
    }
}
