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

/// The rulebook's own rule on convoy disruption paradoxes (DATC 4.A.2): a support that a
/// convoyed army's attack does not cut. It is a rule of the game, applied whether or not
/// the position is a paradox; what it leaves open goes to the [`ParadoxBackup`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum ParadoxRule {
    /// No rulebook rule: every paradox goes to the backup (the DATC preference).
    #[default]
    #[serde(rename = "none")]
    None,
    /// 1971: "If a convoyed army attacks a fleet which is supporting a fleet which is
    /// attacking one of the convoy fleets, that support is not cut."
    #[serde(rename = "1971")]
    R1971,
    /// 1982: "If a convoyed army attacks a fleet which is supporting an action in a body of
    /// water; and that body of water contains a convoying fleet, that support is not cut."
    #[serde(rename = "1982")]
    R1982,
    /// 2000/2023: "A convoyed Army does not cut the support of a unit supporting an attack
    /// against one of the fleets necessary for the army to convoy."
    #[serde(rename = "2000")]
    R2000,
}

/// What settles a paradox the rulebook's rule leaves open (DATC 4.A.2, 5.B.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum ParadoxBackup {
    /// Szykman: the convoying fleets in the paradox hold, so their convoys fail.
    #[default]
    Szykman,
    /// "All Hold": every move in the paradox fails (the convoyed armies' included).
    AllHold,
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
    /// The rulebook's paradox rule. Records written before it existed were adjudicated
    /// with the Szykman rule alone, so an absent field reads as `None`.
    #[serde(default)]
    pub paradox_rule: ParadoxRule,
    #[serde(default)]
    pub paradox_backup: ParadoxBackup,
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
                paradox_rule: ParadoxRule::R1971,
                paradox_backup: ParadoxBackup::Szykman,
            },
            // 1982 XII.6 asks for intent "as shown by the totality of the orders"; the
            // own-fleet/"via convoy" reading is the mechanical form of that intent.
            Edition::E1982 | Edition::E2000 => Rulebook {
                edition,
                any_route_disruption_fails: false,
                adjacent_convoy: AdjacentConvoy::ViaOrOwnFleet,
                retreat_to_convoy_origin: false,
                removal_distance: RemovalDistance::HomeCentres,
                // The 1982 rule leaves no paradox open (DATC 4.A.2); the backup is there
                // only for what no rulebook foresaw.
                paradox_rule: if matches!(edition, Edition::E1982) {
                    ParadoxRule::R1982
                } else {
                    ParadoxRule::R2000
                },
                paradox_backup: ParadoxBackup::Szykman,
            },
            Edition::E2023 => Rulebook {
                edition,
                any_route_disruption_fails: false,
                adjacent_convoy: AdjacentConvoy::ViaOrOwnFleet,
                retreat_to_convoy_origin: true,
                removal_distance: RemovalDistance::OwnedCentres,
                // The DATC's preference: the Szykman rule alone.
                paradox_rule: ParadoxRule::None,
                paradox_backup: ParadoxBackup::Szykman,
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
            "paradox-rule-none" => self.paradox_rule = ParadoxRule::None,
            "paradox-rule-1971" => self.paradox_rule = ParadoxRule::R1971,
            "paradox-rule-1982" => self.paradox_rule = ParadoxRule::R1982,
            "paradox-rule-2000" => self.paradox_rule = ParadoxRule::R2000,
            "paradox-backup-szykman" => self.paradox_backup = ParadoxBackup::Szykman,
            "paradox-backup-all-hold" => self.paradox_backup = ParadoxBackup::AllHold,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_sets_its_rulebook_paradox_rule() {
        let rule = |e| Rulebook::edition(e).paradox_rule;
        assert_eq!(rule(Edition::E1971), ParadoxRule::R1971);
        assert_eq!(rule(Edition::E1982), ParadoxRule::R1982);
        assert_eq!(rule(Edition::E2000), ParadoxRule::R2000);
        assert_eq!(rule(Edition::E2023), ParadoxRule::None);
        for e in [
            Edition::E1971,
            Edition::E1982,
            Edition::E2000,
            Edition::E2023,
        ] {
            assert_eq!(Rulebook::edition(e).paradox_backup, ParadoxBackup::Szykman);
        }
    }

    #[test]
    fn paradox_options_set_the_rule_and_the_backup() {
        let mut r = Rulebook::datc();
        for (name, want) in [
            ("paradox-rule-1971", ParadoxRule::R1971),
            ("paradox-rule-1982", ParadoxRule::R1982),
            ("paradox-rule-2000", ParadoxRule::R2000),
            ("paradox-rule-none", ParadoxRule::None),
        ] {
            assert!(r.set_option(name));
            assert_eq!(r.paradox_rule, want);
        }
        assert!(r.set_option("paradox-backup-all-hold"));
        assert_eq!(r.paradox_backup, ParadoxBackup::AllHold);
        assert!(r.set_option("paradox-backup-szykman"));
        assert_eq!(r.paradox_backup, ParadoxBackup::Szykman);
        assert!(!r.set_option("paradox-rule-1976"));
    }
}
