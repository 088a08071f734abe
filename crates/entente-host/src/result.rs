//! The game's result for the club (docs/club.md): every seat with its centres, when it was
//! eliminated, who held it and how reliably, and the outcome, built from the finished
//! [`Session`], its table and what the store noted while it was played.

use crate::session::Session;
use crate::table::{PhaseNote, SeatHolder};
use entente_club::{GameResult, LeagueRef, MemberId, Outcome, Seat, Stint};
use entente_judge::{Phase, PhaseKind};
use entente_map::PowerId;
use std::collections::{BTreeMap, BTreeSet};

/// A sheet as the store kept it: its phase, its power, who sent it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SentSheet {
    pub phase: Phase,
    pub power: PowerId,
    pub member: MemberId,
}

/// What the club's result takes besides the game and its table.
#[derive(Clone, Debug)]
pub struct ResultFacts {
    /// The server's game id.
    pub game: String,
    /// The variant as the game was created with it.
    pub variant: String,
    pub finished_at_ms: i64,
    /// The game counts for the all-time rating (a league's game always does).
    pub rated: bool,
    pub league: Option<LeagueRef>,
    /// Every phase noted at an adjudication ([`crate::Adjudication::noted`]), also of
    /// phases rolled back since (they do not count).
    pub noted: Vec<PhaseNote>,
    /// Every sheet sent: counts a game's reliability when it was adjudicated before the
    /// phases were noted (no note at all).
    pub sent: Vec<SentSheet>,
}

impl Session {
    /// The club's result of the game, once it is over (`None` before). The club checks it
    /// ([`GameResult::check`]) before keeping it.
    ///
    /// A seat for every power but the neutral ones no player plays. Its member is the
    /// player holding it at the end (`seats` not replaced); the players replaced before are
    /// its earlier stints, in the table's order. The phases played and missed are the
    /// noted phases of the game's history the power had orders due in while each held it
    /// (the missed ones no more than those played). Without any note, those of a game
    /// played before the phases were noted: the movement phases the power had units in,
    /// missed those without a sheet for the power; an earlier player's, the phases they
    /// sent any sheet in. An eliminated power's year is that of the last phase it had a
    /// unit or centre before; the end's year that of the last phase played. A draw is
    /// shared by powers with a seat only.
    pub fn club_result(&self, seats: &[SeatHolder], facts: ResultFacts) -> Option<GameResult> {
        let game = self.game();
        let end = game.end()?;
        let map = self.map();
        let history = game.history();
        let played: BTreeSet<Phase> = history.iter().map(|r| r.phase).collect();
        let noted: Vec<&PhaseNote> = facts
            .noted
            .iter()
            .filter(|n| played.contains(&n.phase))
            .collect();
        let sent: BTreeSet<(Phase, PowerId)> =
            facts.sent.iter().map(|s| (s.phase, s.power)).collect();
        let mut sent_by: BTreeMap<MemberId, BTreeSet<Phase>> = BTreeMap::new();
        for s in &facts.sent {
            sent_by.entry(s.member).or_default().insert(s.phase);
        }
        let end_year = history.last().map_or(game.phase().year, |r| r.phase.year);
        let pos = game.position();
        let mut result_seats = Vec::new();
        for p in map.power_ids() {
            if self.player_of(p).is_none() && game.is_neutral(p) {
                continue;
            }
            let holder = seats.iter().find(|s| s.holds(p)).map(|s| s.member);
            let centres = pos.centre_count(map, p) as u32;
            let eliminated_in = (centres == 0 && pos.unit_count(p) == 0).then(|| {
                history
                    .iter()
                    .rev()
                    .find(|r| r.before.unit_count(p) > 0 || r.before.centre_count(map, p) > 0)
                    .map_or(game.phase().year, |r| r.phase.year)
            });
            let earlier_players = seats
                .iter()
                .filter(|s| s.replaced && s.powers.contains(&p))
                .map(|s| s.member);
            let (played, missed, earlier) = if noted.is_empty() {
                let due: Vec<Phase> = history
                    .iter()
                    .filter(|r| r.phase.kind == PhaseKind::Movement && r.before.unit_count(p) > 0)
                    .map(|r| r.phase)
                    .collect();
                let missed = due.iter().filter(|&&ph| !sent.contains(&(ph, p))).count() as u32;
                let earlier = earlier_players
                    .map(|member| Stint {
                        member,
                        phases_played: sent_by.get(&member).map_or(0, |s| s.len() as u32),
                        missed_phases: 0,
                    })
                    .collect();
                (due.len() as u32, missed, earlier)
            } else {
                let count = |member: Option<MemberId>| {
                    noted
                        .iter()
                        .filter(|n| n.power == p && n.holder == member)
                        .fold((0u32, 0u32), |(n, m), f| (n + 1, m + u32::from(f.missed)))
                };
                let (played, missed) = count(holder);
                let earlier = earlier_players
                    .map(|member| {
                        let (played, missed) = count(Some(member));
                        Stint {
                            member,
                            phases_played: played,
                            missed_phases: missed,
                        }
                    })
                    .collect();
                (played, missed, earlier)
            };
            result_seats.push(Seat {
                power: map.power(p).name.clone(),
                member: holder,
                centres,
                eliminated_in,
                phases_played: played,
                missed_phases: missed.min(played),
                earlier,
            });
        }
        let mut outcome = Outcome::from_end(end, |p| map.power(p).name.clone());
        if let Outcome::Draw { powers } = &mut outcome {
            // A power no player holds (a setup's neutral power) has no seat and no share: a
            // record from before draws left the neutral powers out names them.
            powers.retain(|p| result_seats.iter().any(|s| s.power == *p));
        }
        Some(GameResult {
            game: facts.game,
            variant: facts.variant,
            finished_at_ms: facts.finished_at_ms,
            end_year,
            // A league's games are always rated.
            rated: facts.rated || facts.league.is_some(),
            league: facts.league,
            seats: result_seats,
            outcome,
        })
    }
}
