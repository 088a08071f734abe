//! The club's notices (issue 17) through the server's mail outbox and a real SMTP relay on
//! loopback: the administrators' answer to an application, a season's game starting and
//! each new phase of it reach by e-mail the members who chose e-mail, in their language,
//! and nobody else; every member who keeps notices on the page reads them there.

mod common;
use common::club::gunboat_league;
use common::relay::{delivered, free_port, judge_server, mail_python, Relay};
use common::scratch;
use common::server::*;
use serde_json::{json, Value};

fn mails_to(maildir: &std::path::Path, who: &str) -> Vec<entente_mail::Incoming> {
    delivered(maildir)
        .iter()
        .filter(|m| m.contains(&format!("To: {who}@example.org")))
        .map(|m| entente_mail::read_message(m.as_bytes()).unwrap())
        .collect()
}

fn kinds(notices: &Value) -> Vec<String> {
    notices
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .map(|n| n["notice"]["kind"].as_str().unwrap().to_string())
        .collect()
}

fn run(python: &std::path::Path, database: &str, dir: &std::path::Path, n: usize) {
    let port = free_port();
    let maildir = dir.join(format!("maildir{n}"));
    let _relay = Relay::start(python, port, &maildir);
    let server = judge_server(database, port, &[]);
    let admin = server.account("boss");
    let (st, _) = admin.patch("/api/v1/club", json!({"name": "Valka club"}));
    assert_eq!(st, 200);
    // Ann and Cat want mail, Ben does not.
    let ann = server.account("ann");
    let ben = server.account("ben");
    let cat = server.account("cat");
    ann.ok("/api/v1/club/apply", json!({"notify_email": true}));
    ben.ok("/api/v1/club/apply", json!({}));
    cat.ok("/api/v1/club/apply", json!({"notify_email": true}));
    let id = |c: &Client| c.read("/api/v1/me")["id"].as_i64().unwrap();
    for (c, act) in [
        (&ann, json!({"act": "approve"})),
        (&ben, json!({"act": "approve"})),
        (&cat, json!({"act": "reject", "reason": "the club is full"})),
    ] {
        admin.ok(&format!("/api/v1/club/members/{}/act", id(c)), act);
    }
    wait_for(30, "the answers", || delivered(&maildir).len() >= 2);
    let to_ann = mails_to(&maildir, "ann");
    assert_eq!(to_ann.len(), 1, "{to_ann:?}");
    assert!(
        to_ann[0]
            .text
            .contains("Your application to Valka club was approved"),
        "{}",
        to_ann[0].text
    );
    assert!(
        to_ann[0].subject.starts_with("Valka club: "),
        "{}",
        to_ann[0].subject
    );
    let to_cat = mails_to(&maildir, "cat");
    assert_eq!(to_cat.len(), 1);
    assert!(
        to_cat[0].text.contains("was refused. the club is full"),
        "{}",
        to_cat[0].text
    );
    // Ann reads Czech from now on.
    let (st, b) = ann.patch(
        "/api/v1/club/me",
        json!({"settings": {"language": "cs", "notify_email": true, "notify_web": true}}),
    );
    assert_eq!(st, 200, "{b}");

    // A season's game of two players: it starts, then has a new phase.
    gunboat_league(&admin, "duel", "s1", "draw-size");
    let game = admin.ok(
        "/api/v1/games",
        json!({"title": "Duel one", "setup": "2", "press": "none", "deadlines": {"kind": "manual"}}),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    admin.ok(
        "/api/v1/club/leagues/duel/seasons/s1/games",
        json!({"game": game}),
    );
    for c in [&ann, &ben] {
        c.ok(
            &format!("/api/v1/games/{game}/join"),
            json!({"role": "player"}),
        );
    }
    wait_for(30, "the start", || mails_to(&maildir, "ann").len() >= 2);
    let phase = || {
        admin.read(&format!("/api/v1/games/{game}"))["phase"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let first = phase();
    admin.ok(
        &format!("/api/v1/games/{game}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    wait_for(30, "the new phase", || mails_to(&maildir, "ann").len() >= 3);
    let second = phase();
    assert_ne!(first, second);
    // In Czech now; the maildir keeps no order: found by their words.
    let texts: Vec<String> = mails_to(&maildir, "ann")
        .into_iter()
        .map(|m| m.text)
        .collect();
    for want in [
        format!("Vaše hra „Duel one“ začala ({first}). duel/s1"),
        format!("Vaše hra „Duel one“ má novou fázi: {second}."),
    ] {
        assert!(
            texts.iter().any(|t| t.contains(&want)),
            "{want}: {texts:#?}"
        );
    }
    // Ann stops the mail: the next phase reaches her page only.
    let (st, _) = ann.patch(
        "/api/v1/club/me",
        json!({"settings": {"language": "cs", "notify_email": false, "notify_web": true}}),
    );
    assert_eq!(st, 200);
    admin.ok(
        &format!("/api/v1/games/{game}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert_eq!(mails_to(&maildir, "ann").len(), 3);
    // Ben chose no mail: none came; the admin got none either (the founder's settings).
    assert!(mails_to(&maildir, "ben").is_empty());
    assert!(mails_to(&maildir, "boss").is_empty());
    assert_eq!(delivered(&maildir).len(), 4, "{:#?}", delivered(&maildir));
    // On the page: every notice of Ben's; Ann's too, the last one in Czech.
    let ben_notices = ben.read("/api/v1/club/notices");
    assert_eq!(
        kinds(&ben_notices),
        ["approved", "game-started", "new-phase", "new-phase"],
        "{ben_notices}"
    );
    let ann_notices = ann.read("/api/v1/club/notices");
    assert_eq!(kinds(&ann_notices).len(), 4, "{ann_notices}");
    assert!(
        ann_notices[0]["text"]
            .as_str()
            .unwrap()
            .contains("má novou fázi"),
        "{ann_notices}"
    );
    // Ben turns the page's notices off: the next phase adds none.
    let (st, _) = ben.patch(
        "/api/v1/club/me",
        json!({"settings": {"notify_web": false}}),
    );
    assert_eq!(st, 200);
    admin.ok(
        &format!("/api/v1/games/{game}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    assert_eq!(kinds(&ben.read("/api/v1/club/notices")).len(), 4);
    assert_eq!(kinds(&ann.read("/api/v1/club/notices")).len(), 5);
}

#[test]
fn members_who_chose_mail_get_the_clubs_notices_by_mail_and_the_others_on_the_page() {
    let Some(python) = mail_python() else {
        return;
    };
    let dir = scratch("club_mail", "notices");
    for (n, db) in databases(&dir, "club_mail").iter().enumerate() {
        run(&python, db, &dir, n);
    }
}
