//! The players' votes on how the game ends: a draw shared by every survivor, a draw among
//! some survivors (where the game allows naming them), or a concession to one survivor.
//! Each player (a [`SeatHolder`]) has one vote; it ends the game when every player holding
//! a survivor has cast the same one. A vote is about the position the player saw: every
//! vote is cleared when a phase is adjudicated or rolled back ([`Session::adjudicate_table`],
//! [`Session::rollback_table`]).

use crate::error::TableError;
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
