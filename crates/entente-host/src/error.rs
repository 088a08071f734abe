//! Why a player's or the game master's request at the table is refused: the decisions of
//! [`crate::table`], [`crate::votes`] and [`crate::escalation`] that are not the game's own
//! (which come as [`entente_game::Error`], in [`TableError::Game`]).

use entente_game::ErrorKind;

/// A refusal of the table's rules. Each case is its own variant so that a front end can
/// answer it in its own words (and status code); the English text is the server's.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TableError {
    /// The voter holds no power: an observer, a player replaced, someone not in the game.
    #[error("only a player votes on a draw or a concession")]
    OnlyPlayersVote,
    /// Only a player holding powers marks ready.
    #[error("only a player can be ready")]
    OnlyPlayersReady,
    /// Escalation's placement has no phase to be ready for.
    #[error("the units are being placed, one at a time: there is no phase to be ready for")]
    ReadyInPlacement,
    /// A draw that names its powers, in a game whose draws include every survivor.
    #[error("in this game a draw includes every survivor: vote without naming powers")]
    DrawIncludesEverySurvivor,
    /// A concession to a power with no unit left.
    #[error("{power} is out of the game: a game is conceded to a survivor")]
    ConcedeToSurvivor { power: String },
    /// A power name the map does not know.
    #[error("unknown power '{name}'")]
    UnknownPower { name: String },
    /// The new player of a seat already holds one.
    #[error("{player} already plays in this game")]
    AlreadyPlays { player: String },
    /// A seat to replace that nobody holds.
    #[error("no player plays {power}")]
    NobodyPlays { power: String },
    /// Escalation's setup is the number of players.
    #[error(
        "setup '{setup}': {variant} is played by 2 to {most} players, each one power; the setup is their number"
    )]
    EscalationSetup {
        setup: String,
        variant: String,
        most: usize,
    },
    /// Units to place asked of a variant not played under Escalation.
    #[error("escalation_units: {variant} is not played under the escalation rule")]
    UnitsWithoutEscalation { variant: String },
    /// Bots cannot play Escalation.
    #[error(
        "bot_seats: DAIDE cannot describe Escalation's placement nor its nominations of home centres, so bots cannot play it (docs/daide.md)"
    )]
    EscalationBots,
    /// Escalation's powers go by lot.
    #[error(
        "assignment: in Escalation each player is given one power (a colour) by lot; the board starts empty, so there is nothing to prefer"
    )]
    EscalationPreferences,
    /// Units to place out of range for the number of players.
    #[error("escalation_units: between 1 and {most} units each for {players} players")]
    EscalationUnits { most: usize, players: usize },
    /// The game's own refusal (the game is over, a draw of one power...).
    #[error(transparent)]
    Game(#[from] entente_game::Error),
}

impl TableError {
    /// The kind of refusal, as the game's errors have it: a front end maps it to its answer
    /// (the server: 403 for [`ErrorKind::NotYourPower`], 409 for [`ErrorKind::NotThisPhase`]
    /// and [`ErrorKind::Conflict`], 422 for [`ErrorKind::Invalid`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            TableError::OnlyPlayersVote | TableError::OnlyPlayersReady => ErrorKind::NotYourPower,
            TableError::ReadyInPlacement => ErrorKind::NotThisPhase,
            TableError::AlreadyPlays { .. } | TableError::NobodyPlays { .. } => ErrorKind::Conflict,
            TableError::UnknownPower { .. } => ErrorKind::UnknownName,
            TableError::DrawIncludesEverySurvivor
            | TableError::ConcedeToSurvivor { .. }
            | TableError::EscalationSetup { .. }
            | TableError::UnitsWithoutEscalation { .. }
            | TableError::EscalationBots
            | TableError::EscalationPreferences
            | TableError::EscalationUnits { .. } => ErrorKind::Invalid,
            TableError::Game(e) => e.kind,
        }
    }
}
