//! Games for fewer than seven players (1982 rules, "Náhradní pravidla pro méně hráčů";
//! 2000 rules, the same list): which powers each player takes, which stay neutral, the
//! optional first years, and the 2-player First World War game.

use crate::error::{Error, Result};
use crate::game::SideVictory;
use entente_judge::Edition;
use entente_map::{LocSet, Map, PowerId};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A rulebook setup, named by the number of players (3 has two options).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Setup {
    #[serde(rename = "7")]
    Seven,
    /// Italy neutral; the first year may be 1870.
    #[serde(rename = "6")]
    Six,
    /// Italy and Germany neutral; the first year may be 1801 (the Napoleonic wars).
    #[serde(rename = "5")]
    Five,
    /// England; Austria/France; Germany/Turkey; Italy/Russia.
    #[serde(rename = "4")]
    Four,
    /// Option 1: Russia; England/France/Germany; Austria/Italy/Turkey.
    #[serde(rename = "3a")]
    ThreeA,
    /// Option 2: England/Germany/Austria; Russia/Italy; France/Turkey.
    #[serde(rename = "3b")]
    ThreeB,
    /// The First World War: England/France/Russia against Austria/Germany/Turkey, Italy
    /// neutral and impassable until a coin toss gives it to one side in Spring 1915.
    #[serde(rename = "2")]
    Two,
}

/// The year the First World War game starts, and the year Italy joins a side.
pub const WORLD_WAR_YEAR: i32 = 1914;
/// Italy's land provinces, closed in the First World War game until Italy joins.
const ITALIAN_PROVINCES: [&str; 6] = ["pie", "ven", "tus", "rom", "apu", "nap"];
/// The First World War game's victory: 24 (units on the board in 1982, centres in 2000).
const WORLD_WAR_VICTORY: u32 = 24;

impl Setup {
    pub const ALL: [Setup; 7] = [
        Setup::Seven,
        Setup::Six,
        Setup::Five,
        Setup::Four,
        Setup::ThreeA,
        Setup::ThreeB,
        Setup::Two,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Setup::Seven => "7",
            Setup::Six => "6",
            Setup::Five => "5",
            Setup::Four => "4",
            Setup::ThreeA => "3a",
            Setup::ThreeB => "3b",
            Setup::Two => "2",
        }
    }

    /// The powers of each seat, by name (standard map), in the rulebook's order.
    fn seat_names(self) -> &'static [&'static [&'static str]] {
        match self {
            Setup::Seven => &[],
            Setup::Six => &[
                &["Austria"],
                &["England"],
                &["France"],
                &["Germany"],
                &["Russia"],
                &["Turkey"],
            ],
            Setup::Five => &[
                &["Austria"],
                &["England"],
                &["France"],
                &["Russia"],
                &["Turkey"],
            ],
            Setup::Four => &[
                &["England"],
                &["Austria", "France"],
                &["Germany", "Turkey"],
                &["Italy", "Russia"],
            ],
            Setup::ThreeA => &[
                &["Russia"],
                &["England", "France", "Germany"],
                &["Austria", "Italy", "Turkey"],
            ],
            Setup::ThreeB => &[
                &["England", "Germany", "Austria"],
                &["Russia", "Italy"],
                &["France", "Turkey"],
            ],
            Setup::Two => &[
                &["England", "France", "Russia"],
                &["Austria", "Germany", "Turkey"],
            ],
        }
    }

    fn neutral_names(self) -> &'static [&'static str] {
        match self {
            Setup::Six | Setup::Two => &["Italy"],
            Setup::Five => &["Italy", "Germany"],
            _ => &[],
        }
    }

    /// Each player's seat: the powers one player takes. The 7-player setup seats every
    /// power of any variant alone; the others need the standard map's powers.
    pub fn seats(self, map: &Map) -> Result<Vec<Vec<PowerId>>> {
        if self == Setup::Seven {
            return Ok(map.power_ids().map(|p| vec![p]).collect());
        }
        self.seat_names()
            .iter()
            .map(|seat| seat.iter().map(|n| power(map, n)).collect())
            .collect()
    }

    /// Powers no player takes.
    pub fn neutral(self, map: &Map) -> Result<Vec<PowerId>> {
        self.neutral_names().iter().map(|n| power(map, n)).collect()
    }

    pub fn players(self) -> usize {
        match self {
            Setup::Seven => 7,
            Setup::Six => 6,
            Setup::Five => 5,
            Setup::Four => 4,
            Setup::ThreeA | Setup::ThreeB => 3,
            Setup::Two => 2,
        }
    }

    /// The first year the rules fix (the First World War game) or offer as an option.
    pub fn period_year(self) -> Option<i32> {
        match self {
            Setup::Six => Some(1870),
            Setup::Five => Some(1801),
            Setup::Two => Some(WORLD_WAR_YEAR),
            _ => None,
        }
    }

    /// Must the game start in [`Setup::period_year`]?
    pub fn fixes_year(self) -> bool {
        self == Setup::Two
    }

    /// Provinces closed at the start.
    pub fn impassable(self, map: &Map) -> Result<LocSet> {
        let mut set = LocSet::EMPTY;
        if self == Setup::Two {
            for abbr in ITALIAN_PROVINCES {
                let p = map.lookup_province(abbr).ok_or_else(|| {
                    Error::invalid(format!("the 2-player game needs the province '{abbr}'"))
                })?;
                set.insert(p.0);
            }
        }
        Ok(set)
    }

    /// The side victory of the First World War game: 24 units (1971, 1982) or 24 centres
    /// (2000 and later: "the player who first controls 24 supply centres").
    pub fn side_victory(self, edition: Edition) -> Option<SideVictory> {
        (self == Setup::Two).then_some(SideVictory {
            count: WORLD_WAR_VICTORY,
            by_units: matches!(edition, Edition::E1971 | Edition::E1982),
        })
    }

    /// The neutral power that a coin toss gives to one side (the First World War's Italy).
    pub fn coin_toss_power(self, map: &Map) -> Result<Option<PowerId>> {
        if self == Setup::Two {
            Ok(Some(power(map, "Italy")?))
        } else {
            Ok(None)
        }
    }
}

fn power(map: &Map, name: &str) -> Result<PowerId> {
    map.lookup_power(name).ok_or_else(|| {
        Error::invalid(format!(
            "this setup needs the standard powers; variant '{}' has no {name}",
            map.name
        ))
    })
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Setup {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Setup::ALL
            .into_iter()
            .find(|x| x.code() == t)
            .ok_or_else(|| {
                Error::unknown(format!(
                    "unknown setup '{s}' (expected 7, 6, 5, 4, 3a, 3b or 2)"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_power_is_seated_or_neutral_exactly_once() {
        let map = Map::standard();
        for s in Setup::ALL {
            let mut all: Vec<PowerId> = s.seats(&map).unwrap().concat();
            assert_eq!(s.seats(&map).unwrap().len(), s.players(), "{s}");
            all.extend(s.neutral(&map).unwrap());
            all.sort();
            assert_eq!(all, map.power_ids().collect::<Vec<_>>(), "setup {s}");
        }
    }

    #[test]
    fn codes_round_trip() {
        for s in Setup::ALL {
            assert_eq!(s.code().parse::<Setup>(), Ok(s));
        }
        assert!("8".parse::<Setup>().is_err());
    }
}
