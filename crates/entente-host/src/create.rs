//! Creating a game: the setup for the number of players, who plays which power (named,
//! by lot, or by the preference lists of the 1982 rules' appendix 1), the first year and the
//! options. What `entente game new` does, and what a server's "new game" form will.

use crate::session::{Assignment, GameOptions, Player, Session, SessionConfig};
use entente_game::assign::{assign_by_preferences, assign_random, parse_preferences, SeededLot};
use entente_game::{Error, ErrorKind, Result, Setup};
use entente_judge::Rulebook;
use entente_map::{Map, PowerId, Variant};

/// Who plays.
#[derive(Clone, Debug)]
pub enum PlayersSpec {
    /// Each player with the powers they play: "Ann:England,Bob:Austria/France".
    Given(Vec<Player>),
    /// Names only; seats by lot.
    Random(Vec<String>),
    /// Preference lists (`Ann: E F G ...`, one player a line), seats by appendix 1.
    Preferences(String),
}

/// Everything a new game is made of.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub variant: Variant,
    pub rules: Rulebook,
    pub setup: Setup,
    pub players: PlayersSpec,
    /// Seeds every lot (assignment, coin toss).
    pub seed: u64,
    pub first_year: Option<i32>,
    /// Start in the setup's historical year (6 players: 1870, 5: 1801).
    pub period: bool,
    pub options: GameOptions,
}

impl GameSpec {
    /// The new game, in Spring of its first year.
    pub fn create(self) -> Result<Session> {
        let map = self.variant.map.clone();
        // A variant that names its setup (the Great War: "2") is played with it unless
        // another than the default (7) is asked for.
        let setup = match (self.setup, map.setup.as_deref()) {
            (Setup::Seven, Some(code)) => code.parse()?,
            (setup, _) => setup,
        };
        let seats = setup.seats(&map)?;
        let seat_name = |i: usize| names(&map, &seats[i]).join("/");
        let (players, assignment) = match self.players {
            PlayersSpec::Given(players) => (players, Assignment::Given),
            PlayersSpec::Random(names) => {
                check_names(&names)?;
                if names.len() != seats.len() {
                    return Err(Error::invalid(format!(
                        "{} is for {} players, {} named",
                        setup_words(&map, setup),
                        seats.len(),
                        names.len()
                    )));
                }
                let seat_of = assign_random(names.len(), self.seed);
                let players = seated(names, &seat_of, &seats);
                (players, Assignment::Random { seed: self.seed })
            }
            PlayersSpec::Preferences(text) => {
                let (names, prefs) = parse_preferences(&map, &seats, &text)?;
                check_names(&names)?;
                let seat_of = assign_by_preferences(&prefs, &mut SeededLot::new(self.seed))?;
                let rankings = names
                    .iter()
                    .zip(&prefs)
                    .map(|(n, r)| (n.clone(), r.iter().map(|&s| seat_name(s)).collect()))
                    .collect();
                let players = seated(names, &seat_of, &seats);
                (
                    players,
                    Assignment::Preferences {
                        seed: self.seed,
                        rankings,
                    },
                )
            }
        };
        let names_given: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        check_names(&names_given)?;
        let first_year =
            match (self.first_year, self.period) {
                (Some(y), _) => Some(y),
                (None, true) => Some(setup.period_year().ok_or_else(|| {
                    Error::invalid(format!("setup {setup} has no historical year"))
                })?),
                (None, false) => None,
            };
        Session::new(SessionConfig {
            variant: self.variant,
            rules: self.rules,
            setup,
            players,
            first_year,
            options: self.options,
            seed: self.seed,
            assignment,
        })
    }
}

/// Each named player with the powers of the seat the lot gave them.
fn seated(names: Vec<String>, seat_of: &[usize], seats: &[Vec<PowerId>]) -> Vec<Player> {
    names
        .into_iter()
        .zip(seat_of)
        .map(|(name, &s)| Player {
            name,
            powers: seats[s].clone(),
        })
        .collect()
}

/// "setup 4" for the standard map's setups; "a 2-power game" for a variant's own.
fn setup_words(map: &Map, setup: Setup) -> String {
    if setup == Setup::Seven && map.powers().len() != 7 {
        format!("this {}-power game", map.powers().len())
    } else {
        format!("setup {setup}")
    }
}

/// Player names must be given and differ.
fn check_names(names: &[String]) -> Result<()> {
    for (i, n) in names.iter().enumerate() {
        if n.trim().is_empty() {
            return Err(Error::invalid("a player's name is empty"));
        }
        if names[..i].iter().any(|m| m.trim() == n.trim()) {
            return Err(Error::new(
                ErrorKind::Conflict,
                format!("two players are named '{}'", n.trim()),
            ));
        }
    }
    Ok(())
}

fn names(map: &Map, ps: &[PowerId]) -> Vec<String> {
    ps.iter().map(|&p| map.power(p).name.clone()).collect()
}

/// "Ann:England,Bob:Austria/France".
pub fn parse_players(map: &Map, spec: &str) -> Result<Vec<Player>> {
    spec.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|item| {
            let (name, powers) = item.split_once(':').ok_or_else(|| {
                Error::invalid(format!("'{item}': write Name:Power or Name:Power/Power"))
            })?;
            Ok(Player {
                name: name.trim().to_string(),
                powers: powers
                    .split('/')
                    .map(|p| {
                        map.lookup_power(p.trim())
                            .ok_or_else(|| Error::unknown(format!("unknown power '{}'", p.trim())))
                    })
                    .collect::<Result<_>>()?,
            })
        })
        .collect()
}
