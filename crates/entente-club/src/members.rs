//! The club's members: applications and their approval (or open sign-up), roles, removal of
//! access, a member's own settings, leagues and seasons; every administrator's act logged.
//!
//! A member's state:
//!
//! ```text
//!             approve
//!   Applied ──────────► Active ◄──────┐
//!      │                  │           │ restore access
//!      │ reject           │ remove    │
//!      ▼                  ▼ access    │
//!   Rejected           Removed ───────┘
//! ```
//!
//! With open sign-up an application makes the member active at once. A rejected applicant
//! may apply again.

use crate::league::{League, LeagueRules, LeagueSeason, Standings};
use crate::result::MemberId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MemberState {
    /// Waiting for an administrator.
    Applied,
    Active,
    Rejected,
    /// Access removed by an administrator.
    Removed,
}

/// The club's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubSettings {
    /// Applicants become members at once, without an administrator's approval.
    pub open_signup: bool,
    /// Who may create games on the club's server.
    #[serde(default)]
    pub game_creation: GameCreation,
}

/// Who may create a game (and so be its game master).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameCreation {
    /// Every account but a member whose access was removed (the server before the club).
    #[default]
    Anyone,
    /// The club's active members.
    Members,
    /// The game masters the administrators appointed, and the administrators.
    GameMasters,
}

impl GameCreation {
    pub const ALL: [GameCreation; 3] = [
        GameCreation::Anyone,
        GameCreation::Members,
        GameCreation::GameMasters,
    ];

    /// Its name in the API and the log: `anyone`, `members`, `game-masters`.
    pub fn id(self) -> &'static str {
        match self {
            GameCreation::Anyone => "anyone",
            GameCreation::Members => "members",
            GameCreation::GameMasters => "game-masters",
        }
    }
}

/// What an applicant fills in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Application {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// Languages the member plays in (BCP 47 tags: `cs`, `en`).
    #[serde(default)]
    pub languages: Vec<String>,
    /// A word to the administrators.
    #[serde(default)]
    pub message: String,
    /// Wants the administrators' answer (and later notices) by e-mail: the member's first
    /// [`MemberSettings::notify_email`].
    #[serde(default)]
    pub notify_email: bool,
}

fn yes() -> bool {
    true
}

/// What a member sets for themself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberSettings {
    /// The language of the pages and mails (a BCP 47 tag), the club's when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The time zone deadlines are shown in (IANA name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Notices by e-mail: the administrators' answer to the application, a game of theirs
    /// starting, each new phase of it (`phase_mail` before).
    #[serde(default, alias = "phase_mail")]
    pub notify_email: bool,
    /// Notices on the club's page (the same events).
    #[serde(default = "yes")]
    pub notify_web: bool,
    /// Leave the country off the public profile.
    #[serde(default)]
    pub hide_country: bool,
}

impl Default for MemberSettings {
    fn default() -> Self {
        MemberSettings {
            language: None,
            time_zone: None,
            notify_email: false,
            notify_web: true,
            hide_country: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub id: MemberId,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    pub state: MemberState,
    #[serde(default)]
    pub admin: bool,
    #[serde(default)]
    pub game_master: bool,
    #[serde(default)]
    pub settings: MemberSettings,
    pub joined_at_ms: i64,
}

impl Member {
    pub fn is_active(&self) -> bool {
        self.state == MemberState::Active
    }
    /// May run games: an active member appointed game master.
    pub fn may_run_games(&self) -> bool {
        self.is_active() && self.game_master
    }
    pub fn is_active_admin(&self) -> bool {
        self.is_active() && self.admin
    }
}

/// One act in the club's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "kebab-case")]
pub enum AuditAction {
    Founded,
    Applied {
        member: MemberId,
    },
    SignedUp {
        member: MemberId,
    },
    Approved {
        member: MemberId,
    },
    Rejected {
        member: MemberId,
        reason: String,
    },
    AccessRemoved {
        member: MemberId,
        reason: String,
    },
    AccessRestored {
        member: MemberId,
    },
    GameMasterAppointed {
        member: MemberId,
    },
    GameMasterDismissed {
        member: MemberId,
    },
    AdminAppointed {
        member: MemberId,
    },
    OpenSignupSet {
        open: bool,
    },
    /// Who may create games.
    GameCreationSet {
        rule: GameCreation,
    },
    LeagueCreated {
        league: String,
    },
    SeasonCreated {
        league: String,
        season: String,
    },
    SeasonClosed {
        league: String,
        season: String,
    },
    /// The club's name, logo text or rules page changed.
    PagesEdited,
    /// A game was entered in a season.
    GameAttached {
        game: String,
        league: String,
        season: String,
    },
    /// The ratings and the kept season tables were rebuilt from the stored results.
    Recomputed,
}

/// An act as logged: its number (from 1), when, and who did it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    pub seq: u64,
    pub at_ms: i64,
    pub actor: MemberId,
    pub action: AuditAction,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClubError {
    #[error("{0} is not a member")]
    UnknownMember(MemberId),
    #[error("{0} is not an active administrator")]
    NotAdmin(MemberId),
    #[error("{0} has already applied or is a member")]
    AlreadyMember(MemberId),
    #[error("{member} is {state:?}: cannot {act}")]
    WrongState {
        member: MemberId,
        state: MemberState,
        act: &'static str,
    },
    #[error("{0} is already a game master")]
    AlreadyGameMaster(MemberId),
    #[error("{0} is not a game master")]
    NotGameMaster(MemberId),
    #[error("{0} is already an administrator")]
    AlreadyAdmin(MemberId),
    #[error("{0} is the last active administrator")]
    LastAdmin(MemberId),
    #[error("a member needs a name")]
    NoName,
    #[error("{0}")]
    MayNotCreateGames(&'static str),
    #[error("there is already a league {0}")]
    DuplicateLeague(String),
    #[error("there is no league {0}")]
    UnknownLeague(String),
    #[error("league {league} already has a season {season}")]
    DuplicateSeason { league: String, season: String },
    #[error("league {league} has no season {season}")]
    UnknownSeason { league: String, season: String },
    #[error("season {season} of league {league} is closed")]
    SeasonClosed { league: String, season: String },
    #[error("the table given is for {got_league}/{got_season}, not {league}/{season}")]
    WrongTable {
        league: String,
        season: String,
        got_league: String,
        got_season: String,
    },
}

/// The club: its settings, members, leagues and log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Club {
    pub settings: ClubSettings,
    pub members: BTreeMap<MemberId, Member>,
    pub leagues: BTreeMap<String, League>,
    pub log: Vec<AuditEntry>,
}

impl Club {
    /// A club founded by `founder`, its first member and administrator.
    pub fn found(
        settings: ClubSettings,
        founder: MemberId,
        application: Application,
        at_ms: i64,
    ) -> Result<Club, ClubError> {
        let mut club = Club {
            settings,
            members: BTreeMap::new(),
            leagues: BTreeMap::new(),
            log: Vec::new(),
        };
        let mut member = new_member(founder, application, MemberState::Active, at_ms)?;
        member.admin = true;
        club.members.insert(founder, member);
        club.record(at_ms, founder, AuditAction::Founded);
        Ok(club)
    }

    pub fn member(&self, id: MemberId) -> Result<&Member, ClubError> {
        self.members.get(&id).ok_or(ClubError::UnknownMember(id))
    }

    /// The list of players: the active members, by name.
    pub fn players(&self) -> Vec<&Member> {
        let mut v: Vec<&Member> = self.members.values().filter(|m| m.is_active()).collect();
        v.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        v
    }

    /// The applications waiting for an administrator, oldest first.
    pub fn applications(&self) -> Vec<&Member> {
        let mut v: Vec<&Member> = self
            .members
            .values()
            .filter(|m| m.state == MemberState::Applied)
            .collect();
        v.sort_by_key(|m| (m.joined_at_ms, m.id));
        v
    }

    /// An application to join: waiting for approval, or active at once with open sign-up.
    /// The applicant's own act, logged as theirs.
    pub fn apply(
        &mut self,
        id: MemberId,
        application: Application,
        at_ms: i64,
    ) -> Result<MemberState, ClubError> {
        if let Some(m) = self.members.get(&id) {
            if m.state != MemberState::Rejected {
                return Err(ClubError::AlreadyMember(id));
            }
        }
        let (state, action) = if self.settings.open_signup {
            (MemberState::Active, AuditAction::SignedUp { member: id })
        } else {
            (MemberState::Applied, AuditAction::Applied { member: id })
        };
        self.members
            .insert(id, new_member(id, application, state, at_ms)?);
        self.record(at_ms, id, action);
        Ok(state)
    }

    pub fn approve(&mut self, admin: MemberId, id: MemberId, at_ms: i64) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        self.transition(id, MemberState::Applied, MemberState::Active, "approve")?;
        self.record(at_ms, admin, AuditAction::Approved { member: id });
        Ok(())
    }

    pub fn reject(
        &mut self,
        admin: MemberId,
        id: MemberId,
        reason: &str,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        self.transition(id, MemberState::Applied, MemberState::Rejected, "reject")?;
        self.record(
            at_ms,
            admin,
            AuditAction::Rejected {
                member: id,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// Removes a member's access. The last active administrator keeps theirs.
    pub fn remove_access(
        &mut self,
        admin: MemberId,
        id: MemberId,
        reason: &str,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let target = self.member(id)?;
        if target.is_active_admin()
            && self
                .members
                .values()
                .filter(|m| m.is_active_admin())
                .count()
                == 1
        {
            return Err(ClubError::LastAdmin(id));
        }
        self.transition(
            id,
            MemberState::Active,
            MemberState::Removed,
            "remove access",
        )?;
        self.record(
            at_ms,
            admin,
            AuditAction::AccessRemoved {
                member: id,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    pub fn restore_access(
        &mut self,
        admin: MemberId,
        id: MemberId,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        self.transition(
            id,
            MemberState::Removed,
            MemberState::Active,
            "restore access",
        )?;
        self.record(at_ms, admin, AuditAction::AccessRestored { member: id });
        Ok(())
    }

    pub fn appoint_game_master(
        &mut self,
        admin: MemberId,
        id: MemberId,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let m = self.active_mut(id, "be appointed game master")?;
        if m.game_master {
            return Err(ClubError::AlreadyGameMaster(id));
        }
        m.game_master = true;
        self.record(
            at_ms,
            admin,
            AuditAction::GameMasterAppointed { member: id },
        );
        Ok(())
    }

    pub fn dismiss_game_master(
        &mut self,
        admin: MemberId,
        id: MemberId,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let m = self
            .members
            .get_mut(&id)
            .ok_or(ClubError::UnknownMember(id))?;
        if !m.game_master {
            return Err(ClubError::NotGameMaster(id));
        }
        m.game_master = false;
        self.record(
            at_ms,
            admin,
            AuditAction::GameMasterDismissed { member: id },
        );
        Ok(())
    }

    pub fn appoint_admin(
        &mut self,
        admin: MemberId,
        id: MemberId,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let m = self.active_mut(id, "be appointed administrator")?;
        if m.admin {
            return Err(ClubError::AlreadyAdmin(id));
        }
        m.admin = true;
        self.record(at_ms, admin, AuditAction::AdminAppointed { member: id });
        Ok(())
    }

    pub fn set_open_signup(
        &mut self,
        admin: MemberId,
        open: bool,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        self.settings.open_signup = open;
        self.record(at_ms, admin, AuditAction::OpenSignupSet { open });
        Ok(())
    }

    pub fn set_game_creation(
        &mut self,
        admin: MemberId,
        rule: GameCreation,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        self.settings.game_creation = rule;
        self.record(at_ms, admin, AuditAction::GameCreationSet { rule });
        Ok(())
    }

    /// Whether account `id` may create a game under the club's [`GameCreation`] rule: a
    /// member whose access was removed never; with `members` only an active member; with
    /// `game-masters` only an active game master or administrator.
    pub fn may_create_games(&self, id: MemberId) -> Result<(), ClubError> {
        let m = self.members.get(&id);
        if m.is_some_and(|m| m.state == MemberState::Removed) {
            return Err(ClubError::MayNotCreateGames(
                "the club's administrators removed your access: you cannot create games",
            ));
        }
        match self.settings.game_creation {
            GameCreation::Anyone => Ok(()),
            GameCreation::Members => match m {
                Some(m) if m.is_active() => Ok(()),
                _ => Err(ClubError::MayNotCreateGames(
                    "only the club's members may create games: apply to the club first",
                )),
            },
            GameCreation::GameMasters => match m {
                Some(m) if m.is_active() && (m.game_master || m.admin) => Ok(()),
                _ => Err(ClubError::MayNotCreateGames(
                    "only the club's game masters and administrators may create games",
                )),
            },
        }
    }

    /// A member changes their own settings (not logged: not an administrator's act).
    pub fn set_settings(
        &mut self,
        id: MemberId,
        settings: MemberSettings,
    ) -> Result<(), ClubError> {
        self.active_mut(id, "change settings")?.settings = settings;
        Ok(())
    }

    /// A member changes their own public profile (not logged).
    pub fn set_profile(
        &mut self,
        id: MemberId,
        country: Option<String>,
        languages: Vec<String>,
    ) -> Result<(), ClubError> {
        let m = self.active_mut(id, "change the profile")?;
        m.country = country;
        m.languages = languages;
        Ok(())
    }

    pub fn create_league(
        &mut self,
        admin: MemberId,
        id: &str,
        name: &str,
        rules: LeagueRules,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        if self.leagues.contains_key(id) {
            return Err(ClubError::DuplicateLeague(id.to_string()));
        }
        self.leagues.insert(
            id.to_string(),
            League {
                id: id.to_string(),
                name: name.to_string(),
                rules,
                seasons: Vec::new(),
            },
        );
        self.record(
            at_ms,
            admin,
            AuditAction::LeagueCreated {
                league: id.to_string(),
            },
        );
        Ok(())
    }

    /// A new season of a league, under the league's current rules.
    pub fn create_season(
        &mut self,
        admin: MemberId,
        league: &str,
        id: &str,
        name: &str,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let l = self
            .leagues
            .get_mut(league)
            .ok_or_else(|| ClubError::UnknownLeague(league.to_string()))?;
        if l.season(id).is_some() {
            return Err(ClubError::DuplicateSeason {
                league: league.to_string(),
                season: id.to_string(),
            });
        }
        l.seasons.push(LeagueSeason {
            id: id.to_string(),
            name: name.to_string(),
            rules: l.rules.clone(),
            table: None,
        });
        self.record(
            at_ms,
            admin,
            AuditAction::SeasonCreated {
                league: league.to_string(),
                season: id.to_string(),
            },
        );
        Ok(())
    }

    /// Closes a season, keeping its final table (computed by [`crate::standings`]).
    pub fn close_season(
        &mut self,
        admin: MemberId,
        table: Standings,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        let (league, season) = (table.league.clone(), table.season.clone());
        let s = self
            .leagues
            .get_mut(&league)
            .ok_or_else(|| ClubError::UnknownLeague(league.clone()))?
            .seasons
            .iter_mut()
            .find(|s| s.id == season)
            .ok_or_else(|| ClubError::UnknownSeason {
                league: league.clone(),
                season: season.clone(),
            })?;
        if s.table.is_some() {
            return Err(ClubError::SeasonClosed { league, season });
        }
        s.table = Some(table);
        self.record(at_ms, admin, AuditAction::SeasonClosed { league, season });
        Ok(())
    }

    /// An administrator's act the club's record keeps nothing of but the log: the club's
    /// pages edited, a game entered in a season (checked open), the ratings rebuilt.
    pub fn log_admin_act(
        &mut self,
        admin: MemberId,
        action: AuditAction,
        at_ms: i64,
    ) -> Result<(), ClubError> {
        self.check_admin(admin)?;
        if let AuditAction::GameAttached { league, season, .. } = &action {
            let s = self
                .leagues
                .get(league)
                .ok_or_else(|| ClubError::UnknownLeague(league.clone()))?
                .season(season)
                .ok_or_else(|| ClubError::UnknownSeason {
                    league: league.clone(),
                    season: season.clone(),
                })?;
            if s.table.is_some() {
                return Err(ClubError::SeasonClosed {
                    league: league.clone(),
                    season: season.clone(),
                });
            }
        }
        self.record(at_ms, admin, action);
        Ok(())
    }

    /// Puts back a season's kept table, rebuilt from the stored results (the log says
    /// [`AuditAction::Recomputed`] once for all).
    pub fn replace_table(&mut self, table: Standings) -> Result<(), ClubError> {
        let (league, season) = (table.league.clone(), table.season.clone());
        let s = self
            .leagues
            .get_mut(&league)
            .ok_or_else(|| ClubError::UnknownLeague(league.clone()))?
            .seasons
            .iter_mut()
            .find(|s| s.id == season)
            .ok_or(ClubError::UnknownSeason { league, season })?;
        s.table = Some(table);
        Ok(())
    }

    fn check_admin(&self, admin: MemberId) -> Result<(), ClubError> {
        match self.members.get(&admin) {
            Some(m) if m.is_active_admin() => Ok(()),
            _ => Err(ClubError::NotAdmin(admin)),
        }
    }

    fn active_mut(&mut self, id: MemberId, act: &'static str) -> Result<&mut Member, ClubError> {
        let m = self
            .members
            .get_mut(&id)
            .ok_or(ClubError::UnknownMember(id))?;
        if !m.is_active() {
            return Err(ClubError::WrongState {
                member: id,
                state: m.state,
                act,
            });
        }
        Ok(m)
    }

    fn transition(
        &mut self,
        id: MemberId,
        from: MemberState,
        to: MemberState,
        act: &'static str,
    ) -> Result<(), ClubError> {
        let m = self
            .members
            .get_mut(&id)
            .ok_or(ClubError::UnknownMember(id))?;
        if m.state != from {
            return Err(ClubError::WrongState {
                member: id,
                state: m.state,
                act,
            });
        }
        m.state = to;
        Ok(())
    }

    fn record(&mut self, at_ms: i64, actor: MemberId, action: AuditAction) {
        let seq = self.log.len() as u64 + 1;
        self.log.push(AuditEntry {
            seq,
            at_ms,
            actor,
            action,
        });
    }
}

fn new_member(
    id: MemberId,
    a: Application,
    state: MemberState,
    at_ms: i64,
) -> Result<Member, ClubError> {
    if a.name.trim().is_empty() {
        return Err(ClubError::NoName);
    }
    Ok(Member {
        id,
        name: a.name,
        country: a.country,
        languages: a.languages,
        state,
        admin: false,
        game_master: false,
        settings: MemberSettings {
            notify_email: a.notify_email,
            ..MemberSettings::default()
        },
        joined_at_ms: at_ms,
    })
}
