//! The table: the players of a hosted game as a store keeps them between requests (who
//! holds which powers, who marked ready, their votes, their missed phases in a row), and
//! the game master's decisions that rest on them: when a phase ends (every power ready,
//! or the deadline), who missed it, civil disorder after missed phases, what the scheduler
//! does with a game whose time has come, a seat's new player, and taking back an
//! adjudication. The server loads the table and the [`Session`], calls one of these
//! methods, and stores both.

use crate::error::TableError;
use crate::schedule::Schedule;
use crate::session::Session;
use crate::votes::{DrawRule, EndVote};
use entente_club::MemberId;
use entente_judge::Phase;
use entente_map::PowerId;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// A member of the game who holds powers, or held them and was replaced.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatHolder {
    pub member: MemberId,
    /// The powers of the seat (empty before the game starts).
    pub powers: Vec<PowerId>,
    /// Held the seat earlier; another player holds it now. A replaced player counts for
    /// nothing at the table (not ready, no vote) but their stint for the club's result.
    pub replaced: bool,
    /// The phase they marked ready in (ready counts in that phase only).
    pub ready: Option<Phase>,
    /// Their vote on the game's end.
    pub vote: Option<EndVote>,
    /// Phases in a row in which they missed the deadline.
    pub missed: u32,
}

impl SeatHolder {
    /// A player holding these powers: not ready, no vote, nothing missed.
    pub fn new(member: MemberId, powers: Vec<PowerId>) -> SeatHolder {
        SeatHolder {
            member,
            powers,
            replaced: false,
            ready: None,
            vote: None,
            missed: 0,
        }
    }

    /// Holds `power` now.
    pub fn holds(&self, power: PowerId) -> bool {
        !self.replaced && self.powers.contains(&power)
    }

    /// A player of the game now: holds a seat with powers.
    pub fn plays(&self) -> bool {
        !self.replaced && !self.powers.is_empty()
    }
}

/// Who holds `power` now.
pub fn holder_of(seats: &[SeatHolder], power: PowerId) -> Option<&SeatHolder> {
    seats.iter().find(|s| s.holds(power))
}

/// What happens to a power whose orders are missing at the deadline.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum MissedRule {
    /// Its units hold (the house rules: unreadable or missing orders hold).
    #[default]
    Hold,
    /// Its player's powers go into civil disorder when the player has missed `after`
    /// phases in a row.
    CivilDisorder { after: u32 },
    /// The game waits for the game master, who adjudicates (or acts) by hand.
    GameMaster,
}

/// The game's rules of the table, as its creator set them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TableRules {
    /// A phase ends as soon as every power with something to decide is marked ready.
    pub end_when_ready: bool,
    pub missed_orders: MissedRule,
    pub draws: DrawRule,
    /// The deadlines of the phases to come.
    pub schedule: Schedule,
}

/// What the scheduler does with a game whose time may have come ([`Session::when_due`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Due {
    /// Over or paused: nothing to adjudicate, nothing to look at again.
    Idle,
    /// Neither the deadline nor everyone ready: look again at the deadline
    /// ([`Session::due_at`]).
    NotYet,
    /// The deadline passed with these powers missing and the game master decides
    /// ([`MissedRule::GameMaster`]): the game waits, the game master is told.
    GameMaster { missing: Vec<PowerId> },
    /// Adjudicate now; `force` when before the deadline (everyone was ready).
    Adjudicate { force: bool },
}

/// One power that had orders due in an adjudicated phase: who held it, whether it missed
/// the phase. The club counts its members' reliability from these.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PhaseNote {
    pub phase: Phase,
    pub power: PowerId,
    /// Who held it (`None`: nobody).
    pub holder: Option<MemberId>,
    pub missed: bool,
}

/// What [`Session::adjudicate_table`] did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Adjudication {
    /// The phases adjudicated.
    pub phases: usize,
    /// The phase the players had orders due in, power by power, as it was adjudicated.
    pub noted: Vec<PhaseNote>,
    /// The powers put in civil disorder for missed phases before it was adjudicated.
    pub civil_disorder: Vec<PowerId>,
}

impl Session {
    /// Whether every power with orders due this phase is held by a player marked ready in
    /// it (a phase nobody has orders in is never "all ready").
    pub fn all_ready(&self, seats: &[SeatHolder]) -> bool {
        let phase = self.game.phase();
        let awaited = self.game.powers_to_order();
        !awaited.is_empty()
            && awaited
                .iter()
                .all(|&p| seats.iter().any(|s| s.holds(p) && s.ready == Some(phase)))
    }

    /// Whether the phase ends now for readiness: the game ends phases when all are ready,
    /// it is not paused, and all are ready.
    pub fn ends_when_ready(&self, seats: &[SeatHolder], rules: &TableRules) -> bool {
        rules.end_when_ready && !self.paused && self.all_ready(seats)
    }

    /// Whether every player still in the game is ready: [`Session::all_ready`], and besides
    /// each player holding a power with units or centres left is marked ready in this
    /// phase, orders due or not. At such a table a player with nothing to order may hold
    /// the phase up (DAIDE's `NOT (GOF)`: a bot still negotiating while another retreats);
    /// a player out of the game, or replaced, may not.
    pub fn everyone_ready(&self, seats: &[SeatHolder]) -> bool {
        let phase = self.game.phase();
        let map = self.map();
        let pos = self.game.position();
        let in_the_game = |p: PowerId| pos.unit_count(p) > 0 || pos.centre_count(map, p) > 0;
        self.all_ready(seats)
            && seats
                .iter()
                .filter(|s| !s.replaced && s.powers.iter().any(|&p| in_the_game(p)))
                .all(|s| s.ready == Some(phase))
    }

    /// Marks `member`'s powers ready in the current phase (or not); returns whether the
    /// phase ends now ([`Session::ends_when_ready`]: the store makes the game due at once).
    /// Only a player holding powers marks ready; not in a game over, nor during
    /// Escalation's placement.
    pub fn set_ready(
        &self,
        seats: &mut [SeatHolder],
        member: MemberId,
        ready: bool,
        rules: &TableRules,
    ) -> Result<bool, TableError> {
        let i = seats
            .iter()
            .position(|s| s.member == member && s.plays())
            .ok_or(TableError::OnlyPlayersReady)?;
        if self.game.is_over() {
            return Err(entente_game::Error::game_over().into());
        }
        if self.game.in_placement() {
            return Err(TableError::ReadyInPlacement);
        }
        seats[i].ready = ready.then(|| self.game.phase());
        Ok(self.ends_when_ready(seats, rules))
    }

    /// The powers that miss this phase's deadline: orders due, no sheet, and their player
    /// did not mark ready either (ready without orders is a decision: every unit holds, no
    /// build). In power order.
    pub fn missed_by(&self, seats: &[SeatHolder]) -> Vec<PowerId> {
        let phase = self.game.phase();
        self.game
            .powers_to_order()
            .into_iter()
            .filter(|&p| !self.pending.contains_key(&p))
            .filter(|&p| !seats.iter().any(|s| s.holds(p) && s.ready == Some(phase)))
            .collect()
    }

    /// What the scheduler does at `now` with this game, which it was told is due.
    pub fn when_due(&self, seats: &[SeatHolder], rules: &TableRules, now: Timestamp) -> Due {
        self.due(seats, rules, now, |s| s.all_ready(seats))
    }

    /// [`Session::when_due`] at a table where every player still in the game says when the
    /// phase ends ([`Session::everyone_ready`]), not only the players with orders due: a
    /// game of DAIDE bots. The deadline, the game master's rule and the rest are the same.
    pub fn when_due_everyone(
        &self,
        seats: &[SeatHolder],
        rules: &TableRules,
        now: Timestamp,
    ) -> Due {
        self.due(seats, rules, now, |s| s.everyone_ready(seats))
    }

    /// The scheduler's decision, the players' readiness read by `all_ready`.
    fn due(
        &self,
        seats: &[SeatHolder],
        rules: &TableRules,
        now: Timestamp,
        all_ready: impl Fn(&Session) -> bool,
    ) -> Due {
        if self.game.is_over() || self.paused {
            return Due::Idle;
        }
        let passed = self.deadline.as_ref().is_some_and(|d| d.has_passed(now));
        let ready = rules.end_when_ready && all_ready(self);
        if !passed && !ready {
            return Due::NotYet;
        }
        if passed && !ready && rules.missed_orders == MissedRule::GameMaster {
            let missing = self.missed_by(seats);
            if !missing.is_empty() {
                return Due::GameMaster { missing };
            }
        }
        Due::Adjudicate { force: !passed }
    }

    /// When the scheduler looks at the game next: its deadline, unless the game is over,
    /// paused, or in Escalation's placement (nothing is adjudicated until it is over).
    pub fn due_at(&self) -> Option<Timestamp> {
        if self.game.is_over() || self.paused || self.game.in_placement() {
            return None;
        }
        self.deadline.as_ref().map(|d| d.at)
    }

    /// The next phase's deadline, from the game's schedule (none when the game is over;
    /// left unset when neither the schedule nor the game has one).
    pub fn schedule_next(
        &mut self,
        schedule: &Schedule,
        now: Timestamp,
    ) -> entente_game::Result<()> {
        if self.game.is_over() {
            return Ok(());
        }
        let d = schedule.deadline(self.game.phase().kind, now)?;
        if d.is_some() || self.deadline.is_some() {
            self.set_deadline(d)?;
        }
        Ok(())
    }

    /// Adjudicates as the game master or the scheduler does ([`Session::adjudicate_when_due`]
    /// with `force`), the table's rules first: each player with orders due this phase
    /// missed it ([`Session::missed_by`], any of their powers) or not, and their missed
    /// phases in a row are counted anew (a player with nothing due keeps their count);
    /// under [`MissedRule::CivilDisorder`] a player who has missed `after` phases in a row
    /// has their powers put in civil disorder before the adjudication. Then every vote is
    /// cleared (a vote is about the position the player saw) and the next phase's deadline
    /// set from the schedule.
    ///
    /// Refused (when not due and not forced), nothing changes. (Powers in civil disorder
    /// give no orders, so one put there may make the phase due.)
    pub fn adjudicate_table(
        &mut self,
        seats: &mut [SeatHolder],
        rules: &TableRules,
        now: Timestamp,
        force: bool,
    ) -> Result<Adjudication, TableError> {
        let missing = self.missed_by(seats);
        let awaited = self.game.powers_to_order();
        let phase = self.game.phase();
        let noted: Vec<PhaseNote> = awaited
            .iter()
            .map(|&power| PhaseNote {
                phase,
                power,
                holder: holder_of(seats, power).map(|s| s.member),
                missed: missing.contains(&power),
            })
            .collect();
        let mut counts = Vec::new();
        let mut disorder: Vec<PowerId> = Vec::new();
        for (i, s) in seats.iter().enumerate() {
            if s.replaced || !s.powers.iter().any(|p| awaited.contains(p)) {
                continue;
            }
            let missed = s.powers.iter().any(|p| missing.contains(p));
            let count = if missed {
                s.missed.saturating_add(1)
            } else {
                0
            };
            counts.push((i, count));
            if let MissedRule::CivilDisorder { after } = rules.missed_orders {
                if missed && count >= after {
                    for &p in &s.powers {
                        if !disorder.contains(&p) {
                            disorder.push(p);
                        }
                    }
                }
            }
        }
        let logged = self.events.len();
        let mut put = Vec::new();
        let mut adjudicated = Ok(0);
        for &p in &disorder {
            if self.game.in_civil_disorder(p) {
                continue;
            }
            if let Err(e) = self.set_civil_disorder(p, true) {
                adjudicated = Err(e);
                break;
            }
            put.push(p);
        }
        if adjudicated.is_ok() {
            adjudicated = self.adjudicate_when_due(now, force);
        }
        let phases = match adjudicated {
            Ok(n) => n,
            Err(e) => {
                // Refused: as if nothing had been asked.
                for &p in &put {
                    self.game.set_civil_disorder(p, false);
                }
                self.events.truncate(logged);
                return Err(e.into());
            }
        };
        for (i, count) in counts {
            seats[i].missed = count;
        }
        if phases > 0 {
            for s in seats.iter_mut() {
                s.vote = None;
            }
        }
        self.schedule_next(&rules.schedule, now)?;
        Ok(Adjudication {
            phases,
            noted,
            civil_disorder: put,
        })
    }

    /// Takes back the last adjudication ([`Session::rollback`]) and sets the reopened
    /// phase's deadline from the schedule. Every player's readiness and vote is cleared:
    /// readiness marked in the phase before it was adjudicated would end it as soon as
    /// anyone marks ready again, and the position the votes were about has changed.
    pub fn rollback_table(
        &mut self,
        seats: &mut [SeatHolder],
        rules: &TableRules,
        now: Timestamp,
    ) -> Result<(), TableError> {
        self.rollback()?;
        self.schedule_next(&rules.schedule, now)?;
        for s in seats.iter_mut() {
            s.ready = None;
            s.vote = None;
        }
        Ok(())
    }

    /// `member` (named `name`) takes the seat of `power` ([`Session::replace_player`]): the
    /// seat's player is replaced (no longer ready, no vote), any earlier place of the new
    /// player at the table is given up, and the new player holds the seat's powers, not
    /// ready, no vote, nothing missed, last at the table.
    pub fn replace_holder(
        &mut self,
        seats: &mut Vec<SeatHolder>,
        power: PowerId,
        member: MemberId,
        name: &str,
    ) -> Result<(), TableError> {
        if seats.iter().any(|s| s.member == member && !s.replaced) {
            return Err(TableError::AlreadyPlays {
                player: name.to_string(),
            });
        }
        let old =
            seats
                .iter()
                .position(|s| s.holds(power))
                .ok_or_else(|| TableError::NobodyPlays {
                    power: self.map().power(power).name.clone(),
                })?;
        self.replace_player(power, name)?;
        let seat = &mut seats[old];
        seat.replaced = true;
        seat.ready = None;
        seat.vote = None;
        let powers = seat.powers.clone();
        seats.retain(|s| s.member != member);
        seats.push(SeatHolder::new(member, powers));
        Ok(())
    }
}

/// The draw and concession votes of the table's players ([`EndVote`]).
impl Session {
    /// A vote as it counts: a named draw of every survivor (or of none) is the draw of all
    /// survivors, its powers otherwise in power order, each once; a named draw is refused
    /// unless the game's draws are [`DrawRule::Named`]; a concession must go to a survivor.
    /// (A named draw of a power out of the game, or of one power, is taken: the game refuses
    /// it when the vote is unanimous.)
    pub fn check_vote(&self, vote: EndVote, draws: DrawRule) -> Result<EndVote, TableError> {
        match vote {
            EndVote::Draw => Ok(EndVote::Draw),
            EndVote::DrawAmong(ps) if ps.is_empty() => Ok(EndVote::Draw),
            EndVote::DrawAmong(_) if draws == DrawRule::AllSurvivors => {
                Err(TableError::DrawIncludesEverySurvivor)
            }
            EndVote::DrawAmong(mut ps) => {
                ps.sort();
                ps.dedup();
                let mut survivors = self.game.survivors();
                survivors.sort();
                Ok(if ps == survivors {
                    EndVote::Draw
                } else {
                    EndVote::DrawAmong(ps)
                })
            }
            EndVote::Concede(p) => {
                if !self.game.survivors().contains(&p) {
                    return Err(TableError::ConcedeToSurvivor {
                        power: self.map().power(p).name.clone(),
                    });
                }
                Ok(EndVote::Concede(p))
            }
        }
    }

    /// The vote every player holding a survivor has cast, if they all cast the same one.
    /// Players whose powers are all out of the game, and players replaced, do not count;
    /// with nobody to count there is no agreement.
    pub fn agreed_vote(&self, seats: &[SeatHolder]) -> Option<EndVote> {
        let survivors = self.game.survivors();
        let mut voters = seats
            .iter()
            .filter(|s| !s.replaced && s.powers.iter().any(|p| survivors.contains(p)));
        let first = voters.next()?.vote.clone()?;
        voters
            .all(|s| s.vote.as_ref() == Some(&first))
            .then_some(first)
    }

    /// Ends the game as the vote says.
    pub fn end_by_vote(&mut self, vote: &EndVote) -> entente_game::Result<()> {
        match vote {
            EndVote::Draw => self.declare_draw(),
            EndVote::DrawAmong(ps) => self.declare_draw_among(ps),
            EndVote::Concede(p) => self.concede(*p),
        }
    }

    /// `voter` votes (`Some`) or withdraws their vote (`None`); returns whether the game
    /// ended (the vote made it unanimous, [`Session::agreed_vote`]). Only a player holding
    /// powers votes, and not once the game is over. When the unanimous vote cannot end the
    /// game (a named draw of fewer than two survivors) the error comes back and the voter's
    /// earlier vote stands.
    pub fn cast_vote(
        &mut self,
        seats: &mut [SeatHolder],
        voter: MemberId,
        vote: Option<EndVote>,
        draws: DrawRule,
    ) -> Result<bool, TableError> {
        let i = seats
            .iter()
            .position(|s| s.member == voter && s.plays())
            .ok_or(TableError::OnlyPlayersVote)?;
        if self.game.is_over() {
            return Err(entente_game::Error::game_over().into());
        }
        let vote = vote.map(|v| self.check_vote(v, draws)).transpose()?;
        let before = std::mem::replace(&mut seats[i].vote, vote);
        let Some(agreed) = self.agreed_vote(seats) else {
            return Ok(false);
        };
        if let Err(e) = self.end_by_vote(&agreed) {
            seats[i].vote = before;
            return Err(e.into());
        }
        Ok(true)
    }
}
