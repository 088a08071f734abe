//! A member's record at the club: games played, results, reliability.

use crate::result::{GameResult, MemberId, SeatOutcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Phases a member was due to order in, and those whose deadline passed without their
/// orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reliability {
    pub phases_played: u32,
    pub missed_phases: u32,
}

impl Reliability {
    /// Missed phases per phase played (`None` before any phase).
    pub fn missed_per_phase(&self) -> Option<f64> {
        (self.phases_played > 0)
            .then(|| f64::from(self.missed_phases) / f64::from(self.phases_played))
    }
}

/// What a member's profile shows of their games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub member: MemberId,
    /// Every game the member played a part of, to its end or replaced before it.
    pub games_played: u32,
    pub solos: u32,
    pub draws: u32,
    /// On the board at the end, outside the draw.
    pub survivals: u32,
    /// On the board when another power won alone.
    pub defeats: u32,
    pub eliminations: u32,
    /// Replaced before the end.
    pub replaced: u32,
    pub reliability: Reliability,
}

/// Every member's profile record from the results. A member holding several powers of a
/// game counts the game once and each power's result.
pub fn profiles(results: &[GameResult]) -> BTreeMap<MemberId, Profile> {
    let mut out: BTreeMap<MemberId, Profile> = BTreeMap::new();
    for r in results {
        for m in r.all_members() {
            entry(&mut out, m).games_played += 1;
        }
        for seat in &r.seats {
            for stint in &seat.earlier {
                let p = entry(&mut out, stint.member);
                p.replaced += 1;
                p.reliability.phases_played += stint.phases_played;
                p.reliability.missed_phases += stint.missed_phases;
            }
            let Some(m) = seat.member else { continue };
            let p = entry(&mut out, m);
            p.reliability.phases_played += seat.phases_played;
            p.reliability.missed_phases += seat.missed_phases;
            match r.seat_outcome(seat) {
                SeatOutcome::Solo => p.solos += 1,
                SeatOutcome::Draw { .. } => p.draws += 1,
                SeatOutcome::Survived => p.survivals += 1,
                SeatOutcome::Defeated => p.defeats += 1,
                SeatOutcome::Eliminated { .. } => p.eliminations += 1,
            }
        }
    }
    out
}

fn entry(out: &mut BTreeMap<MemberId, Profile>, member: MemberId) -> &mut Profile {
    out.entry(member).or_insert_with(|| Profile {
        member,
        games_played: 0,
        solos: 0,
        draws: 0,
        survivals: 0,
        defeats: 0,
        eliminations: 0,
        replaced: 0,
        reliability: Reliability::default(),
    })
}
