//! Escalation's table (docs/escalation.md): how many players a game is for, what its options
//! must be, and which power (colour) each player is given.

use crate::error::TableError;
use crate::session::Player;
use entente_map::{Map, PowerId};

/// The number of players an Escalation game of `setup` is for: its setup is their number,
/// 2 to the map's powers (`3a`, `3b` read as 3).
pub fn escalation_players(map: &Map, setup: &str) -> Result<usize, TableError> {
    let code = setup.trim().trim_end_matches(['a', 'b', 'A', 'B']);
    let most = map.powers().len();
    match code.parse::<usize>() {
        Ok(n) if (2..=most).contains(&n) => Ok(n),
        _ => Err(TableError::EscalationSetup {
            setup: setup.to_string(),
            variant: map.name.clone(),
            most,
        }),
    }
}

/// What a game of `players` players must be to be played under Escalation: no bot seats, no
/// assignment by preferences, and units to place (if not the rulebook's number) between 1
/// and the provinces each player can have. On a map not played under Escalation only the
/// units to place are refused.
pub fn check_escalation_options(
    map: &Map,
    players: usize,
    bot_seats: u32,
    by_preferences: bool,
    units: Option<u32>,
) -> Result<(), TableError> {
    if !map.is_escalation() {
        if units.is_some() {
            return Err(TableError::UnitsWithoutEscalation {
                variant: map.name.clone(),
            });
        }
        return Ok(());
    }
    if bot_seats > 0 {
        return Err(TableError::EscalationBots);
    }
    if by_preferences {
        return Err(TableError::EscalationPreferences);
    }
    if let Some(n) = units {
        let most = map.num_provinces() / players;
        if n == 0 || n as usize > most {
            return Err(TableError::EscalationUnits { most, players });
        }
    }
    Ok(())
}

/// Escalation's seats: each player (in the order given, which is the turn order) is given
/// one power by lot of `seed`.
pub fn escalation_seating(map: &Map, names: Vec<String>, seed: u64) -> Vec<Player> {
    let powers: Vec<PowerId> = map.power_ids().collect();
    let lot = entente_game::assign::assign_random(powers.len(), seed);
    names
        .into_iter()
        .zip(lot)
        .map(|(name, i)| Player {
            name,
            powers: vec![powers[i]],
        })
        .collect()
}
