//! Members' admission, roles and removal, leagues and seasons: the state machine and the
//! audit log.

use entente_club::{
    Aggregate, Application, AuditAction, AuditEntry, Club, ClubError, ClubSettings, GameCreation,
    LeagueRules, MemberId, MemberSettings, MemberState, PressKind, ScoringSystem,
};

const ADMIN: MemberId = MemberId(1);

fn app(name: &str) -> Application {
    Application {
        name: name.into(),
        country: Some("CZ".into()),
        languages: vec!["cs".into(), "en".into()],
        message: "I played at the valka.cz club".into(),
        notify_email: false,
    }
}

fn club(open: bool) -> Club {
    Club::found(
        ClubSettings {
            open_signup: open,
            ..ClubSettings::default()
        },
        ADMIN,
        app("Founder"),
        10,
    )
    .unwrap()
}

fn actions(c: &Club) -> Vec<(MemberId, AuditAction)> {
    c.log.iter().map(|e| (e.actor, e.action.clone())).collect()
}

fn gunboat() -> LeagueRules {
    LeagueRules {
        variant: "standard".into(),
        press: PressKind::Gunboat,
        deadlines: "48 hours".into(),
        games_per_member: 2,
        scoring: ScoringSystem::CDiplo,
        aggregate: Aggregate::Sum,
    }
}

#[test]
fn an_application_waits_for_an_administrator_who_approves_it() {
    let mut c = club(false);
    let m = MemberId(2);
    assert_eq!(c.apply(m, app("Alice"), 20), Ok(MemberState::Applied));
    assert_eq!(c.applications().len(), 1);
    assert_eq!(c.players().len(), 1, "only the founder plays yet");
    c.approve(ADMIN, m, 30).unwrap();
    assert_eq!(c.member(m).unwrap().state, MemberState::Active);
    assert!(c.applications().is_empty());
    let names: Vec<&str> = c.players().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Alice", "Founder"]);
    assert_eq!(
        c.log,
        [
            AuditEntry {
                seq: 1,
                at_ms: 10,
                actor: ADMIN,
                action: AuditAction::Founded
            },
            AuditEntry {
                seq: 2,
                at_ms: 20,
                actor: m,
                action: AuditAction::Applied { member: m }
            },
            AuditEntry {
                seq: 3,
                at_ms: 30,
                actor: ADMIN,
                action: AuditAction::Approved { member: m }
            },
        ]
    );
}

#[test]
fn open_sign_up_makes_a_member_at_once() {
    let mut c = club(true);
    assert_eq!(
        c.apply(MemberId(2), app("Bob"), 20),
        Ok(MemberState::Active)
    );
    assert_eq!(
        actions(&c)[1],
        (
            MemberId(2),
            AuditAction::SignedUp {
                member: MemberId(2)
            }
        )
    );
    // Nothing to approve.
    assert!(matches!(
        c.approve(ADMIN, MemberId(2), 30),
        Err(ClubError::WrongState {
            state: MemberState::Active,
            ..
        })
    ));
}

#[test]
fn the_setting_is_an_administrators_act() {
    let mut c = club(false);
    c.apply(MemberId(2), app("Bob"), 20).unwrap();
    c.approve(ADMIN, MemberId(2), 21).unwrap();
    assert_eq!(
        c.set_open_signup(MemberId(2), true, 30),
        Err(ClubError::NotAdmin(MemberId(2)))
    );
    c.set_open_signup(ADMIN, true, 40).unwrap();
    assert!(c.settings.open_signup);
    assert_eq!(
        actions(&c).last().unwrap(),
        &(ADMIN, AuditAction::OpenSignupSet { open: true })
    );
}

#[test]
fn a_rejected_applicant_may_apply_again_a_member_may_not() {
    let mut c = club(false);
    let m = MemberId(2);
    c.apply(m, app("Carol"), 20).unwrap();
    assert_eq!(
        c.apply(m, app("Carol"), 21),
        Err(ClubError::AlreadyMember(m))
    );
    c.reject(ADMIN, m, "not a player", 30).unwrap();
    assert_eq!(c.member(m).unwrap().state, MemberState::Rejected);
    assert_eq!(c.apply(m, app("Carol"), 40), Ok(MemberState::Applied));
    assert_eq!(
        actions(&c)[2],
        (
            ADMIN,
            AuditAction::Rejected {
                member: m,
                reason: "not a player".into()
            }
        )
    );
    assert_eq!(
        c.apply(ADMIN, app("Again"), 50),
        Err(ClubError::AlreadyMember(ADMIN))
    );
}

#[test]
fn only_active_administrators_approve_reject_remove_appoint() {
    let mut c = club(false);
    c.apply(MemberId(2), app("Dan"), 20).unwrap();
    c.apply(MemberId(3), app("Eve"), 20).unwrap();
    let log = c.log.len();
    for actor in [MemberId(2), MemberId(99)] {
        assert_eq!(
            c.approve(actor, MemberId(3), 30),
            Err(ClubError::NotAdmin(actor))
        );
        assert_eq!(
            c.reject(actor, MemberId(3), "", 30),
            Err(ClubError::NotAdmin(actor))
        );
        assert_eq!(
            c.remove_access(actor, ADMIN, "", 30),
            Err(ClubError::NotAdmin(actor))
        );
        assert_eq!(
            c.appoint_game_master(actor, MemberId(2), 30),
            Err(ClubError::NotAdmin(actor))
        );
        assert_eq!(
            c.create_league(actor, "gunboat", "Gunboat", gunboat(), 30),
            Err(ClubError::NotAdmin(actor))
        );
    }
    assert_eq!(c.log.len(), log, "refused acts are not logged");
}

#[test]
fn removing_access_and_restoring_it() {
    let mut c = club(true);
    let m = MemberId(2);
    c.apply(m, app("Fay"), 20).unwrap();
    c.appoint_game_master(ADMIN, m, 25).unwrap();
    assert!(c.member(m).unwrap().may_run_games());
    c.remove_access(ADMIN, m, "abandoned three games", 30)
        .unwrap();
    let fay = c.member(m).unwrap();
    assert_eq!(fay.state, MemberState::Removed);
    assert!(!fay.may_run_games(), "a removed game master runs no game");
    assert!(c.players().iter().all(|p| p.id != m));
    // Removed members cannot change their settings; an application is refused.
    assert!(matches!(
        c.set_settings(m, MemberSettings::default()),
        Err(ClubError::WrongState { .. })
    ));
    assert_eq!(c.apply(m, app("Fay"), 35), Err(ClubError::AlreadyMember(m)));
    assert!(matches!(
        c.remove_access(ADMIN, m, "twice", 36),
        Err(ClubError::WrongState {
            state: MemberState::Removed,
            ..
        })
    ));
    c.restore_access(ADMIN, m, 40).unwrap();
    assert_eq!(c.member(m).unwrap().state, MemberState::Active);
    assert_eq!(
        actions(&c)[2..],
        [
            (ADMIN, AuditAction::GameMasterAppointed { member: m }),
            (
                ADMIN,
                AuditAction::AccessRemoved {
                    member: m,
                    reason: "abandoned three games".into()
                }
            ),
            (ADMIN, AuditAction::AccessRestored { member: m }),
        ]
    );
}

#[test]
fn the_last_administrator_keeps_access() {
    let mut c = club(true);
    assert_eq!(
        c.remove_access(ADMIN, ADMIN, "", 20),
        Err(ClubError::LastAdmin(ADMIN))
    );
    c.apply(MemberId(2), app("Gus"), 20).unwrap();
    c.appoint_admin(ADMIN, MemberId(2), 30).unwrap();
    c.remove_access(MemberId(2), ADMIN, "stepped down", 40)
        .unwrap();
    assert_eq!(
        c.remove_access(MemberId(2), MemberId(2), "", 50),
        Err(ClubError::LastAdmin(MemberId(2)))
    );
    // The removed administrator can do nothing.
    assert_eq!(
        c.approve(ADMIN, MemberId(2), 60),
        Err(ClubError::NotAdmin(ADMIN))
    );
}

#[test]
fn game_masters_are_appointed_and_dismissed_once() {
    let mut c = club(false);
    let m = MemberId(2);
    c.apply(m, app("Hal"), 20).unwrap();
    assert!(matches!(
        c.appoint_game_master(ADMIN, m, 25),
        Err(ClubError::WrongState {
            state: MemberState::Applied,
            ..
        })
    ));
    c.approve(ADMIN, m, 30).unwrap();
    c.appoint_game_master(ADMIN, m, 40).unwrap();
    assert_eq!(
        c.appoint_game_master(ADMIN, m, 41),
        Err(ClubError::AlreadyGameMaster(m))
    );
    c.dismiss_game_master(ADMIN, m, 50).unwrap();
    assert_eq!(
        c.dismiss_game_master(ADMIN, m, 51),
        Err(ClubError::NotGameMaster(m))
    );
    assert_eq!(
        c.appoint_game_master(ADMIN, MemberId(9), 60),
        Err(ClubError::UnknownMember(MemberId(9)))
    );
}

#[test]
fn a_member_sets_their_own_settings_and_profile_unlogged() {
    let mut c = club(true);
    let m = MemberId(2);
    c.apply(m, app("Ida"), 20).unwrap();
    let log = c.log.len();
    let settings = MemberSettings {
        language: Some("cs".into()),
        time_zone: Some("Europe/Prague".into()),
        notify_email: true,
        notify_web: false,
        hide_country: true,
    };
    c.set_settings(m, settings.clone()).unwrap();
    c.set_profile(m, Some("SK".into()), vec!["sk".into()])
        .unwrap();
    let ida = c.member(m).unwrap();
    assert_eq!(ida.settings, settings);
    assert_eq!(ida.country.as_deref(), Some("SK"));
    assert_eq!(ida.languages, ["sk"]);
    assert_eq!(c.log.len(), log);
}

#[test]
fn an_application_needs_a_name() {
    let mut c = club(false);
    assert_eq!(c.apply(MemberId(2), app("  "), 20), Err(ClubError::NoName));
    assert!(c.member(MemberId(2)).is_err());
}

#[test]
fn leagues_and_seasons_created_and_a_season_closed_with_its_table() {
    let mut c = club(false);
    c.create_league(ADMIN, "gunboat", "Gunboat league", gunboat(), 20)
        .unwrap();
    assert_eq!(
        c.create_league(ADMIN, "gunboat", "Again", gunboat(), 21),
        Err(ClubError::DuplicateLeague("gunboat".into()))
    );
    c.create_season(ADMIN, "gunboat", "2013-14", "13/14", 30)
        .unwrap();
    assert_eq!(
        c.create_season(ADMIN, "gunboat", "2013-14", "13/14", 31),
        Err(ClubError::DuplicateSeason {
            league: "gunboat".into(),
            season: "2013-14".into()
        })
    );
    assert_eq!(
        c.create_season(ADMIN, "press", "2013-14", "13/14", 31),
        Err(ClubError::UnknownLeague("press".into()))
    );
    // A later change of the league's rules leaves the season's as they were.
    c.leagues.get_mut("gunboat").unwrap().rules.games_per_member = 5;
    let season = c.leagues["gunboat"].season("2013-14").unwrap().clone();
    assert_eq!(season.rules.games_per_member, 2);
    let table = entente_club::standings("gunboat", &season, &[]).unwrap();
    c.close_season(ADMIN, table.clone(), 40).unwrap();
    assert_eq!(
        c.leagues["gunboat"].season("2013-14").unwrap().table,
        Some(table.clone())
    );
    assert_eq!(
        c.close_season(ADMIN, table, 41),
        Err(ClubError::SeasonClosed {
            league: "gunboat".into(),
            season: "2013-14".into()
        })
    );
    assert_eq!(
        actions(&c)[1..],
        [
            (
                ADMIN,
                AuditAction::LeagueCreated {
                    league: "gunboat".into()
                }
            ),
            (
                ADMIN,
                AuditAction::SeasonCreated {
                    league: "gunboat".into(),
                    season: "2013-14".into()
                }
            ),
            (
                ADMIN,
                AuditAction::SeasonClosed {
                    league: "gunboat".into(),
                    season: "2013-14".into()
                }
            ),
        ]
    );
}

#[test]
fn the_club_and_its_log_round_trip_through_json() {
    let mut c = club(false);
    c.apply(MemberId(2), app("Jan"), 20).unwrap();
    c.approve(ADMIN, MemberId(2), 30).unwrap();
    c.create_league(ADMIN, "gunboat", "Gunboat league", gunboat(), 40)
        .unwrap();
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Club>(&json).unwrap(), c);
    // The log's acts are tagged, as a store or an audit page reads them.
    let entry = serde_json::to_value(&c.log[2]).unwrap();
    assert_eq!(
        entry,
        serde_json::json!({"seq": 3, "at_ms": 30, "actor": 1,
            "action": {"act": "approved", "member": 2}})
    );
}

#[test]
fn a_game_is_entered_only_in_an_open_season_and_only_by_an_administrator() {
    let mut c = club(false);
    let m = MemberId(2);
    c.apply(m, app("Alice"), 20).unwrap();
    c.approve(ADMIN, m, 21).unwrap();
    c.create_league(ADMIN, "gb", "Gunboat", gunboat(), 30)
        .unwrap();
    c.create_season(ADMIN, "gb", "s1", "1", 31).unwrap();
    let attach = |season: &str| AuditAction::GameAttached {
        game: "g1".into(),
        league: "gb".into(),
        season: season.into(),
    };
    let logged = c.log.len();
    assert_eq!(
        c.log_admin_act(m, attach("s1"), 40),
        Err(ClubError::NotAdmin(m))
    );
    assert_eq!(
        c.log_admin_act(ADMIN, attach("s9"), 40),
        Err(ClubError::UnknownSeason {
            league: "gb".into(),
            season: "s9".into()
        })
    );
    assert_eq!(c.log.len(), logged, "a refused act logs nothing");
    c.log_admin_act(ADMIN, attach("s1"), 41).unwrap();
    assert_eq!(c.log.last().unwrap().action, attach("s1"));
    let table = entente_club::standings("gb", c.leagues["gb"].season("s1").unwrap(), &[]).unwrap();
    c.close_season(ADMIN, table.clone(), 50).unwrap();
    assert_eq!(
        c.log_admin_act(ADMIN, attach("s1"), 51),
        Err(ClubError::SeasonClosed {
            league: "gb".into(),
            season: "s1".into()
        })
    );
    // A rebuilt table replaces the kept one, without a log entry of its own.
    let logged = c.log.len();
    c.replace_table(table.clone()).unwrap();
    assert_eq!(
        c.leagues["gb"].season("s1").unwrap().table.as_ref(),
        Some(&table)
    );
    assert_eq!(c.log.len(), logged);
    c.log_admin_act(ADMIN, AuditAction::Recomputed, 60).unwrap();
    assert_eq!(c.log.last().unwrap().action, AuditAction::Recomputed);
}

#[test]
fn who_may_create_games_follows_the_clubs_rule() {
    let mut c = club(false);
    let (gm, member, applicant, removed, stranger) = (
        MemberId(2),
        MemberId(3),
        MemberId(4),
        MemberId(5),
        MemberId(6),
    );
    for (id, name) in [
        (gm, "Gm"),
        (member, "Mem"),
        (applicant, "App"),
        (removed, "Rem"),
    ] {
        c.apply(id, app(name), 20).unwrap();
    }
    for id in [gm, member, removed] {
        c.approve(ADMIN, id, 21).unwrap();
    }
    c.appoint_game_master(ADMIN, gm, 22).unwrap();
    c.remove_access(ADMIN, removed, "cheating", 23).unwrap();
    let may = |c: &Club| {
        [ADMIN, gm, member, applicant, removed, stranger].map(|id| c.may_create_games(id).is_ok())
    };
    // Anyone (the default): every account but a removed member.
    assert_eq!(c.settings.game_creation, GameCreation::Anyone);
    assert_eq!(may(&c), [true, true, true, true, false, true]);
    c.set_game_creation(ADMIN, GameCreation::Members, 24)
        .unwrap();
    assert_eq!(may(&c), [true, true, true, false, false, false]);
    c.set_game_creation(ADMIN, GameCreation::GameMasters, 25)
        .unwrap();
    assert_eq!(may(&c), [true, true, false, false, false, false]);
    let why = c.may_create_games(member).unwrap_err().to_string();
    assert!(why.contains("game masters and administrators"), "{why}");
    // A dismissed game master may not any more; only an administrator sets the rule, logged.
    c.dismiss_game_master(ADMIN, gm, 26).unwrap();
    assert!(c.may_create_games(gm).is_err());
    assert_eq!(
        c.set_game_creation(member, GameCreation::Anyone, 27),
        Err(ClubError::NotAdmin(member))
    );
    let logged: Vec<_> = actions(&c)
        .into_iter()
        .filter(|(_, a)| matches!(a, AuditAction::GameCreationSet { .. }))
        .collect();
    assert_eq!(
        logged,
        vec![
            (
                ADMIN,
                AuditAction::GameCreationSet {
                    rule: GameCreation::Members
                }
            ),
            (
                ADMIN,
                AuditAction::GameCreationSet {
                    rule: GameCreation::GameMasters
                }
            ),
        ]
    );
}

#[test]
fn an_applicants_choice_of_mail_becomes_their_setting() {
    let mut c = club(false);
    let mut a = app("Mailer");
    a.notify_email = true;
    c.apply(MemberId(2), a, 20).unwrap();
    let s = &c.member(MemberId(2)).unwrap().settings;
    assert!(s.notify_email && s.notify_web);
    // The settings of before (`phase_mail`) still read.
    let old: MemberSettings = serde_json::from_str(r#"{"phase_mail": true}"#).unwrap();
    assert!(old.notify_email && old.notify_web);
}
