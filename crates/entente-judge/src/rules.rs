//! Rule editions as one policy value: the resolver asks the [`Rulebook`], never the edition.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Edition {
    #[serde(rename = "1971")]
    E1971,
    #[serde(rename = "1982")]
    E1982,
    #[serde(rename = "2000")]
    E2000,
    #[serde(rename = "2023")]
    E2023,
}

/// When may an army that could go by land use a convoy instead (DATC 4.A.3)?
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AdjacentConvoy {
    /// 2000/2023 rulebooks, DATC preference: the convoy route is used when the order says
    /// "via convoy" or a fleet of the army's own power is ordered to convoy it; no fallback
    /// to the land route.
    ViaOrOwnFleet,
    /// 1971 (as the DATC reads it): only when the unit at the destination moves to the
    /// army's province (a swap), and a convoy is ordered.
    OnlyForSwap,
    /// As `ViaOrOwnFleet`, but only while fleets are ordered to convoy the army along a
    /// complete route; otherwise it goes by land (the Python `diplomacy` package).
    ViaOrOwnFleetIfRoute,
}

/// Where civil-disorder removal distances are measured to (DATC 4.D.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum RemovalDistance {
    /// 1971/1982/2000: nearest home centre; fleets by sea, armies over land and sea.
    HomeCentres,
    /// 2023: nearest owned centre; both unit types over land and sea.
    OwnedCentres,
}

/// Every difference between editions and DATC options, gathered in one value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Rulebook {
    pub edition: Edition,
    /// 1971: a convoy fails if any fleet on any of its possible routes is dislodged (DATC 4.A.1).
    pub any_route_disruption_fails: bool,
    pub adjacent_convoy: AdjacentConvoy,
    /// 2023: a unit dislodged by a convoyed army may retreat to the army's origin (DATC 4.A.5).
    pub retreat_to_convoy_origin: bool,
    pub removal_distance: RemovalDistance,
}

impl Rulebook {
    pub const fn edition(edition: Edition) -> Rulebook {
        match edition {
            Edition::E1971 => Rulebook {
                edition,
                any_route_disruption_fails: true,
                adjacent_convoy: AdjacentConvoy::OnlyForSwap,
                retreat_to_convoy_origin: false,
                removal_distance: RemovalDistance::HomeCentres,
            },
            // 1982 XII.6 asks for intent "as shown by the totality of the orders"; the
            // own-fleet/"via convoy" reading is the mechanical form of that intent.
            Edition::E1982 | Edition::E2000 => Rulebook {
                edition,
                any_route_disruption_fails: false,
                adjacent_convoy: AdjacentConvoy::ViaOrOwnFleet,
                retreat_to_convoy_origin: false,
                removal_distance: RemovalDistance::HomeCentres,
            },
            Edition::E2023 => Rulebook {
                edition,
                any_route_disruption_fails: false,
                adjacent_convoy: AdjacentConvoy::ViaOrOwnFleet,
                retreat_to_convoy_origin: true,
                removal_distance: RemovalDistance::OwnedCentres,
            },
        }
    }

    /// The DATC's preferred options (the 2023 rules with the Szykman paradox rule).
    pub const fn datc() -> Rulebook {
        Rulebook::edition(Edition::E2023)
    }

    /// The default for games: the 2000 rulebook, the seeds' main edition.
    pub const fn default_game() -> Rulebook {
        Rulebook::edition(Edition::E2000)
    }

    /// Applies a named option (`docs/rule-options.md`); returns false for an unknown name.
    pub fn set_option(&mut self, name: &str) -> bool {
        match name {
            "any-route-disruption" => self.any_route_disruption_fails = true,
            "all-routes-disruption" => self.any_route_disruption_fails = false,
            "adjacent-convoy-swap-only" => self.adjacent_convoy = AdjacentConvoy::OnlyForSwap,
            "adjacent-convoy-via-or-own-fleet" => {
                self.adjacent_convoy = AdjacentConvoy::ViaOrOwnFleet
            }
            "adjacent-convoy-if-route" => {
                self.adjacent_convoy = AdjacentConvoy::ViaOrOwnFleetIfRoute
            }
            "retreat-to-convoy-origin" => self.retreat_to_convoy_origin = true,
            "no-retreat-to-convoy-origin" => self.retreat_to_convoy_origin = false,
            "removal-distance-home" => self.removal_distance = RemovalDistance::HomeCentres,
            "removal-distance-owned" => self.removal_distance = RemovalDistance::OwnedCentres,
            _ => return false,
        }
        true
    }
}

impl Default for Rulebook {
    fn default() -> Self {
        Rulebook::default_game()
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::E1971 => "1971",
            Edition::E1982 => "1982",
            Edition::E2000 => "2000",
            Edition::E2023 => "2023",
        })
    }
}

/// A rule edition name that is not one of ours.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown rule edition '{0}' (expected 1971, 1982, 2000 or 2023)")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1971" => Ok(Edition::E1971),
            "1982" => Ok(Edition::E1982),
            "2000" => Ok(Edition::E2000),
            "2023" | "datc" => Ok(Edition::E2023),
            other => Err(UnknownEdition(other.to_string())),
        }
    }
}
