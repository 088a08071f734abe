//! A member's record at the club: games played, results, reliability.

use crate::members::{Member, MemberState};
use crate::ratings::{Rating, Ratings};
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
    out.entry(member).or_insert_with(|| empty(member))
}

fn empty(member: MemberId) -> Profile {
    Profile {
        member,
        games_played: 0,
        solos: 0,
        draws: 0,
        survivals: 0,
        defeats: 0,
        eliminations: 0,
        replaced: 0,
        reliability: Reliability::default(),
    }
}

/// A member's public profile: who they are, their record and their rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublicProfile {
    pub member: MemberId,
    pub name: String,
    /// `None` when unknown or hidden by the member.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    pub languages: Vec<String>,
    pub state: MemberState,
    pub game_master: bool,
    pub admin: bool,
    pub joined_at_ms: i64,
    pub record: Profile,
    /// Missed phases per phase played (`None` before any phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed_per_phase: Option<f64>,
    /// `None` before a first rated game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
}

impl PublicProfile {
    /// The profile of `member` from the club's record of them, the profiles of
    /// [`profiles`] and the ratings.
    pub fn new(
        member: &Member,
        records: &BTreeMap<MemberId, Profile>,
        ratings: &Ratings,
    ) -> PublicProfile {
        let record = records
            .get(&member.id)
            .cloned()
            .unwrap_or_else(|| empty(member.id));
        PublicProfile {
            member: member.id,
            name: member.name.clone(),
            country: member
                .country
                .clone()
                .filter(|_| !member.settings.hide_country),
            languages: member.languages.clone(),
            state: member.state,
            game_master: member.game_master,
            admin: member.admin,
            joined_at_ms: member.joined_at_ms,
            missed_per_phase: record.reliability.missed_per_phase(),
            record,
            rating: ratings.members.get(&member.id).copied(),
        }
    }
}
