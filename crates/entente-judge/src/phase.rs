//! Dated phases: the season, the year and what is decided (movement, retreats, adjustments).

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Season {
    Spring,
    Fall,
    Winter,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

/// A dated phase: "Spring 1901 movement", "Fall 1901 retreats", "Winter 1901 adjustments".
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Phase {
    pub year: i32,
    pub season: Season,
    pub kind: PhaseKind,
}

impl Phase {
    pub fn new(season: Season, year: i32, kind: PhaseKind) -> Phase {
        Phase { year, season, kind }
    }

    /// Short code as the Python `diplomacy` package writes it: S1901M, F1901R, W1901A.
    pub fn code(&self) -> String {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        format!("{s}{}{k}", self.year)
    }

    /// Reads `S1901M` or `Spring 1901 movement`.
    pub fn parse(text: &str) -> Option<Phase> {
        let t = text.trim();
        let words: Vec<String> = t.split_whitespace().map(|w| w.to_lowercase()).collect();
        if words.len() == 3 {
            let season = match words[0].as_str() {
                "spring" => Season::Spring,
                "fall" | "autumn" => Season::Fall,
                "winter" => Season::Winter,
                _ => return None,
            };
            let year = words[1].trim_end_matches("ad").trim().parse().ok()?;
            let kind = match words[2].as_str() {
                "movement" | "moves" => PhaseKind::Movement,
                "retreat" | "retreats" => PhaseKind::Retreat,
                "adjustment" | "adjustments" | "builds" => PhaseKind::Adjustment,
                _ => return None,
            };
            return Some(Phase::new(season, year, kind));
        }
        let b = t.as_bytes();
        if b.len() < 3 {
            return None;
        }
        let season = match b[0].to_ascii_uppercase() {
            b'S' => Season::Spring,
            b'F' => Season::Fall,
            b'W' => Season::Winter,
            _ => return None,
        };
        let kind = match b[b.len() - 1].to_ascii_uppercase() {
            b'M' => PhaseKind::Movement,
            b'R' => PhaseKind::Retreat,
            b'A' => PhaseKind::Adjustment,
            _ => return None,
        };
        let year = t.get(1..t.len() - 1)?.parse().ok()?;
        Some(Phase::new(season, year, kind))
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let k = match self.kind {
            PhaseKind::Movement => "movement",
            PhaseKind::Retreat => "retreats",
            PhaseKind::Adjustment => "adjustments",
        };
        write!(f, "{s} {} {k}", self.year)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn codes_round_trip() {
        for p in [
            Phase::new(Season::Spring, 1901, PhaseKind::Movement),
            Phase::new(Season::Fall, 1, PhaseKind::Retreat),
            Phase::new(Season::Winter, 1914, PhaseKind::Adjustment),
        ] {
            assert_eq!(Phase::parse(&p.code()), Some(p));
            assert_eq!(Phase::parse(&p.to_string()), Some(p));
        }
        assert_eq!(Phase::parse("X"), None);
    }
}
