//! Issue 19: Escalation by mail. A signed-on power places its units (`PLACE A Par`, and the
//! Czech, French and Russian words) in its turn and nominates its home centres (`HOME Par,
//! Bre, Spa`), through the same service as the web: out of turn, or for a power it did not
//! sign on as, refused with the reason; the nomination answered to its writer only. Through
//! `entente mail-in` on every database the tests run on, and through the server's own SMTP
//! listener on loopback.

mod common;
use common::relay::{free_port, mail_in, smtp_send};
use common::scratch;
use common::server::{full_game, wait_for, Client, Server};
use serde_json::{json, Value};

fn mail(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: judge@club.example\r\nSubject: escalation\r\nMessage-ID: <{id}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

fn game(c: &Client, id: &str) -> Value {
    c.read(&format!("/api/v1/games/{id}"))
}

/// The players in turn order: (power, client, mail password).
fn seated(
    server: &Server,
    prefix: &str,
    db_tag: &str,
) -> (String, Client, Vec<(String, Client, String)>) {
    let (id, gm, players) = full_game(
        server,
        &format!("{prefix}{db_tag}"),
        "3",
        json!({
            "variant": "escalation",
            "escalation_units": 1,
            "deadlines": {"kind": "manual"},
        }),
    );
    let order: Vec<String> = game(&gm, &id)["escalation"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let turn = order
        .into_iter()
        .map(|p| {
            let c = players
                .iter()
                .find(|(ps, _)| ps.contains(&p))
                .unwrap()
                .1
                .clone();
            let secret = c.ok(&format!("/api/v1/games/{id}/mail-secret"), json!({}))["secret"]
                .as_str()
                .unwrap()
                .to_string();
            (p, c, secret)
        })
        .collect();
    (id, gm, turn)
}

#[test]
fn units_are_placed_and_home_centres_nominated_by_mail_in_every_language() {
    let dir = scratch("escalation_mail", "mail-in");
    for (i, db) in common::server::databases(&dir, "escmail")
        .into_iter()
        .enumerate()
    {
        let server = Server::start(&db);
        by_mail(&server, &db, &format!("d{i}"));
    }
}

fn by_mail(server: &Server, db: &str, tag: &str) {
    let (id, gm, turn) = seated(server, "em", tag);
    let signon = |i: usize| format!("SIGNON {id} {} {}\r\n", turn[i].0, turn[i].2);
    let from = |i: usize| format!("em{tag}p{i}@example.org");
    let mut n = 0;
    let mut send = |i: usize, body: String| {
        n += 1;
        mail_in(db, &mail(&from(i), &format!("{id}-{n}"), &body))
    };

    // Out of turn: refused with the reason; nothing placed.
    let out = send(1, format!("{}PLACE A Mun\r\n", signon(1)));
    assert!(
        out.contains(&format!(
            "it is {}'s turn to place, not {}'s",
            turn[0].0, turn[1].0
        )),
        "{out}"
    );
    // An empty PLACE says what it needs.
    let out = send(0, format!("{}PLACE\r\n", signon(0)));
    assert!(
        out.contains("PLACE needs the unit to place: PLACE A Par"),
        "{out}"
    );
    // In turn: placed; the answer tells who is next.
    let out = send(0, format!("{}PLACE A Par\r\n", signon(0)));
    assert!(
        out.contains(&format!(
            "{} places A par; next to place: {}.",
            turn[0].0, turn[1].0
        )),
        "{out}"
    );
    // An occupied space, then the Czech word.
    let out = send(1, format!("{}PLACE A Par\r\nUMÍSTIT A Mun\r\n", signon(1)));
    assert!(out.contains("Paris is occupied"), "{out}");
    assert!(
        out.contains(&format!(
            "{} places A mun; next to place: {}.",
            turn[1].0, turn[2].0
        )),
        "{out}"
    );
    // The last unit, in Russian: Spring begins.
    let out = send(2, format!("{}ПОСТАВИТЬ A War\r\n", signon(2)));
    assert!(
        out.contains(&format!(
            "{} places A war: every unit is placed, Spring's orders are due.",
            turn[2].0
        )),
        "{out}"
    );
    let g = game(&gm, &id);
    assert!(g["escalation"].get("to_place").is_none(), "{g}");
    assert_eq!(g["position"]["units"][&turn[0].0], json!(["A par"]), "{g}");

    // Spring and Fall 1901: everyone ready, every unit holds.
    for _ in 0..2 {
        for (_, c, _) in &turn {
            c.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    wait_for(10, "Winter 1901", || game(&gm, &id)["phase"] == "W1901A");

    // Nominations: not for a power the writer did not sign on as; secret; in French too.
    let out = send(0, format!("{}HOME Par, Bre, Spa\r\n", signon(0)));
    assert!(
        out.contains(&format!(
            "{} nominates par, bre, spa as its home centres (secret until every nomination is in",
            turn[0].0
        )),
        "{out}"
    );
    let out = send(0, format!("{}HOME Par, Bre\r\n", signon(0)));
    assert!(out.contains("nominate 3 home centres, not 2"), "{out}");
    let out = send(1, format!("{}ORIGINE Mun, Ber, Kie\r\n", signon(1)));
    assert!(
        out.contains(&format!("{} nominates mun, ber, kie", turn[1].0)),
        "{out}"
    );
    // The first nomination is not told to the second player.
    assert!(!out.contains("par, bre, spa"), "{out}");
    let seen = game(&turn[1].1, &id)["escalation"]["nominations"].clone();
    assert_eq!(seen.as_array().unwrap().len(), 1, "{seen}");
    let out = send(2, format!("{}РОДИНА War, Mos, Sev\r\n", signon(2)));
    assert!(
        out.contains(&format!(
            "{} nominates war, mos, sev as its home centres: every nomination is in, the homes are given.",
            turn[2].0
        )),
        "{out}"
    );
    let g = game(&turn[1].1, &id);
    assert_eq!(
        g["escalation"]["nominations"].as_array().unwrap().len(),
        3,
        "{g}"
    );
}

#[test]
fn a_placement_mailed_to_the_smtp_listener_on_loopback_is_carried_out() {
    let dir = scratch("escalation_mail", "smtp");
    let db = format!("sqlite:{}", dir.join("smtp.db").display());
    let port = free_port();
    let smtp = format!("127.0.0.1:{port}");
    let server = Server::start_with(&db, &["--smtp", &smtp]);
    let (id, gm, turn) = seated(&server, "es", "s");
    let body = format!("SIGNON {id} {} {}\r\nPLACE F Bre\r\n", turn[0].0, turn[0].2);
    let raw = mail("esp0@example.org", &format!("{id}-smtp"), &body);
    assert_eq!(smtp_send(port, "esp0@example.org", &raw), 250);
    wait_for(20, "the fleet placed by mail", || {
        game(&gm, &id)["position"]["units"][&turn[0].0] == json!(["F bre"])
    });
    assert_eq!(game(&gm, &id)["escalation"]["to_place"], turn[1].0.as_str());
}
