//! Issue 19: Escalation through the game master's HTTP API, on every database the tests run
//! on. A game of three players is created and joined; the units are placed one at a time in
//! turn (out of turn, on an occupied space, where the unit cannot stand, by someone who does
//! not play the power: refused with a 4xx and a message); the last unit starts Spring 1901
//! with its deadline; after Fall 1901 the home centres are nominated, secretly until all are
//! in; Winter 1901's builds are made in them. And what creating such a game refuses.

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};

/// A page as the account `name` (made by [`Server::account`]) sees it in a browser: signed
/// in through the sign-in form, with its session cookie.
fn page_of(server: &Server, name: &str, path: &str) -> String {
    let agent = ureq::AgentBuilder::new().redirects(0).build();
    let pw = password(name);
    // The sign-in form's CSRF token, from its page: the form cookie and the hidden field.
    let form = agent
        .get(&format!("{}/signin", server.base))
        .call()
        .unwrap_or_else(|e| panic!("GET /signin: {e}"));
    let form_cookie = form
        .all("set-cookie")
        .iter()
        .map(|c| c.split(';').next().unwrap_or("").to_string())
        .collect::<Vec<_>>()
        .join("; ");
    let page = form.into_string().unwrap_or_default();
    let at = page
        .find("name=\"_csrf\" value=\"")
        .expect("the sign-in form's CSRF field")
        + 20;
    let csrf = page[at..at + 32].to_string();
    let r = match agent
        .post(&format!("{}/signin", server.base))
        .set("Cookie", &form_cookie)
        .send_form(&[
            ("name", name),
            ("password", &pw),
            ("next", "/games"),
            ("_csrf", &csrf),
        ]) {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("sign in {name}: {e}"),
    };
    let cookie = r
        .all("set-cookie")
        .iter()
        .map(|c| c.split(';').next().unwrap_or("").to_string())
        .filter(|c| c.starts_with("entente_session="))
        .collect::<Vec<_>>()
        .join("; ");
    assert!(!cookie.is_empty(), "signed in as {name}");
    agent
        .get(&format!("{}{path}", server.base))
        .set("Cookie", &cookie)
        .call()
        .unwrap_or_else(|e| panic!("GET {path}: {e}"))
        .into_string()
        .unwrap()
}

/// The game as `c` sees it.
fn game(c: &Client, id: &str) -> Value {
    c.read(&format!("/api/v1/games/{id}"))
}

/// A POST refused with `status`, whose message says `why`.
fn refused(c: &Client, path: &str, body: Value, status: u16, why: &str) {
    let (st, b) = c.post(path, body.clone());
    assert_eq!(st, status, "POST {path} {body} -> {st} {b}");
    let message = b["message"].as_str().unwrap_or_default();
    assert!(message.contains(why), "expected '{why}' in {b}");
}

/// The game's turn order: each power, its player's client and account name, in that order.
fn in_turn(
    gm: &Client,
    id: &str,
    players: &[(Vec<String>, Client)],
) -> Vec<(String, Client, String)> {
    let g = game(gm, id);
    g["escalation"]["order"]
        .as_array()
        .unwrap_or_else(|| panic!("no turn order in {g}"))
        .iter()
        .map(|p| {
            let p = p.as_str().unwrap().to_string();
            let c = players
                .iter()
                .find(|(ps, _)| ps.contains(&p))
                .unwrap_or_else(|| panic!("nobody plays {p}"))
                .1
                .clone();
            let name = g["powers"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["power"] == p.as_str())
                .and_then(|e| e["player"].as_str())
                .unwrap_or_else(|| panic!("the game master knows who plays {p}: {g}"))
                .to_string();
            (p, c, name)
        })
        .collect()
}

fn place(c: &Client, id: &str, power: &str, unit: &str) -> Value {
    c.ok(
        &format!("/api/v1/games/{id}/place"),
        json!({"power": power, "unit": unit}),
    )
}

fn nominate(c: &Client, id: &str, power: &str, homes: &[&str]) -> Value {
    c.ok(
        &format!("/api/v1/games/{id}/homes"),
        json!({"power": power, "homes": homes}),
    )
}

fn orders(c: &Client, id: &str, power: &str, text: &str) {
    let sheet = c.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": power, "orders": text}),
    );
    for line in sheet["lines"].as_array().unwrap() {
        assert!(line.get("error").is_none(), "{power}: {line}");
    }
}

fn ready(c: &Client, id: &str) {
    c.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
}

/// The units of `power` in the game's position, sorted.
fn units(g: &Value, power: &str) -> Vec<String> {
    let mut u: Vec<String> = g["position"]["units"][power]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    u.sort();
    u
}

/// The nominations `c` may see: (power, homes).
fn nominations_seen(c: &Client, id: &str) -> Vec<(String, Vec<String>)> {
    let g = game(c, id);
    g["escalation"]["nominations"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|n| {
                    (
                        n["power"].as_str().unwrap().to_string(),
                        n["homes"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|h| h.as_str().unwrap().to_string())
                            .collect(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The game's id, its GM, the players in turn order (power, client, account name), an
/// observer and a stranger.
type EscalationGame = (
    String,
    Client,
    Vec<(String, Client, String)>,
    Client,
    Client,
);

/// A three-player Escalation game with `units` units each, started; the GM, the players
/// in turn order, an observer and a stranger (signed in, not in the game).
fn escalation_game(server: &Server, prefix: &str, units: u32, deadlines: Value) -> EscalationGame {
    let (id, gm, players) = full_game(
        server,
        prefix,
        "3",
        json!({
            "variant": "escalation",
            "escalation_units": units,
            "deadlines": deadlines,
            "seed": 19,
        }),
    );
    let turn = in_turn(&gm, &id, &players);
    let observer = server.account(&format!("{prefix}obs"));
    observer.ok(
        &format!("/api/v1/games/{id}/join"),
        json!({"role": "observer"}),
    );
    let stranger = server.account(&format!("{prefix}stranger"));
    (id, gm, turn, observer, stranger)
}

#[test]
fn an_escalation_game_of_three_is_played_through_the_api_from_the_placement_past_the_winter_1901_builds(
) {
    let dir = scratch("escalation_server", "full");
    for db in databases(&dir, "escfull") {
        let server = Server::start(&db);
        play_escalation(&server);
    }
}

fn play_escalation(server: &Server) {
    let (id, gm, turn, observer, stranger) = escalation_game(
        server,
        "esc",
        2,
        json!({"kind": "every", "movement_minutes": 600, "retreat_minutes": 600, "adjustment_minutes": 600}),
    );
    let g = game(&gm, &id);
    assert_eq!(g["status"], "active", "{g}");
    assert_eq!(g["seats"], 3, "{g}");
    assert_eq!(g["phase"], "S1901M", "{g}");
    assert!(
        g.get("deadline").is_none(),
        "no deadline while placing: {g}"
    );
    let e = &g["escalation"];
    assert_eq!(e["units_each"], 2, "{g}");
    assert_eq!(e["order"].as_array().unwrap().len(), 3, "{g}");
    assert_eq!(e["to_place"], turn[0].0.as_str(), "{g}");
    // The powers no player took are neutral: nobody plays them, none has a unit.
    assert_eq!(g["powers"].as_array().unwrap().len(), 3, "{g}");
    let (first, second, third) = (&turn[0], &turn[1], &turn[2]);
    let path = format!("/api/v1/games/{id}/place");

    // Refused: out of turn, orders or readiness meanwhile, someone else's power.
    refused(
        &second.1,
        &path,
        json!({"power": second.0, "unit": "A Mun"}),
        409,
        &format!("it is {}'s turn to place, not {}'s", first.0, second.0),
    );
    refused(
        &first.1,
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": first.0, "orders": "A Par H"}),
        409,
        "the units are being placed",
    );
    refused(
        &first.1,
        &format!("/api/v1/games/{id}/ready"),
        json!({"ready": true}),
        409,
        "there is no phase to be ready for",
    );
    refused(
        &second.1,
        &path,
        json!({"power": first.0, "unit": "A Par"}),
        403,
        &format!("you do not play {}", first.0),
    );
    refused(
        &observer,
        &path,
        json!({"power": first.0, "unit": "A Par"}),
        403,
        "you do not play",
    );
    refused(
        &stranger,
        &path,
        json!({"power": first.0, "unit": "A Par"}),
        403,
        "you do not play",
    );
    refused(
        &first.1,
        &format!("/api/v1/games/{id}/homes"),
        json!({"power": first.0, "homes": ["Par", "Bre", "Mar"]}),
        409,
        "home centres are nominated once",
    );

    let after = place(&first.1, &id, &first.0, "A Par");
    assert_eq!(after["to_place"], second.0.as_str(), "{after}");
    assert_eq!(
        after["placed"],
        json!([{"power": first.0, "unit": "A par"}]),
        "{after}"
    );
    // Occupied; a space the unit cannot stand in; no unit type.
    refused(
        &second.1,
        &path,
        json!({"power": second.0, "unit": "A Par"}),
        422,
        "Paris is occupied",
    );
    refused(
        &second.1,
        &path,
        json!({"power": second.0, "unit": "A Nth"}),
        422,
        "an army cannot stand in North Sea",
    );
    refused(
        &second.1,
        &path,
        json!({"power": second.0, "unit": "F Stp"}),
        422,
        "name it (stp/nc, stp/sc)",
    );
    refused(
        &second.1,
        &path,
        json!({"power": second.0, "unit": "Mun"}),
        422,
        "an army (A) or a fleet (F)",
    );
    place(&second.1, &id, &second.0, "Place A Mun");
    place(&third.1, &id, &third.0, "F Stp/sc");
    place(&first.1, &id, &first.0, "F Bre");
    place(&second.1, &id, &second.0, "A Ruh");
    let g = game(&observer, &id);
    assert_eq!(
        g["escalation"]["placed"].as_array().unwrap().len(),
        5,
        "{g}"
    );
    assert!(g.get("deadline").is_none(), "{g}");
    // The stranger sees neither the board nor the units placed.
    let s = game(&stranger, &id);
    assert!(s.get("position").is_none(), "{s}");
    assert_eq!(s["escalation"]["placed"], json!([]), "{s}");
    let last = place(&third.1, &id, &third.0, "A War");
    assert!(last.get("to_place").is_none(), "{last}");
    refused(
        &first.1,
        &path,
        json!({"power": first.0, "unit": "A Bur"}),
        409,
        "no placement now",
    );

    // Spring 1901, with its deadline now.
    let g = game(&gm, &id);
    assert_eq!(g["phase"], "S1901M", "{g}");
    let deadline: jiff::Timestamp = g["deadline"]
        .as_str()
        .unwrap_or_else(|| panic!("Spring 1901 has its deadline once placed: {g}"))
        .parse()
        .unwrap();
    assert!(deadline > jiff::Timestamp::now() + jiff::SignedDuration::from_mins(590));
    assert_eq!(units(&g, &first.0), ["A par", "F bre"], "{g}");
    assert_eq!(
        g["position"]["centres"][&first.0],
        json!(["bre", "par"]),
        "a unit placed on a centre owns it: {g}"
    );
    // The placements are in the power's sheet log.
    let log = first
        .1
        .read(&format!("/api/v1/games/{id}/sheets?power={}", first.0));
    let texts: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["Place A par", "Place F bre"], "{log}");

    orders(&first.1, &id, &first.0, "A Par - Bur\nF Bre H");
    orders(&second.1, &id, &second.0, "A Ruh - Hol\nA Mun H");
    orders(&third.1, &id, &third.0, "F Stp/sc - Bot\nA War H");
    for (_, c, _) in &turn {
        ready(c, &id);
    }
    wait_for(10, "Fall 1901", || game(&gm, &id)["phase"] == "F1901M");
    // The judge form of Spring 1901 tells the placement first.
    let spring = observer.read(&format!("/api/v1/games/{id}/history/0"));
    let judge = spring["judge_form"].as_str().unwrap();
    assert!(judge.contains("Placement (Escalation)"), "{judge}");
    assert!(
        judge.find("Placement (Escalation)") < judge.find("Spring 1901"),
        "{judge}"
    );

    orders(&first.1, &id, &first.0, "A Bur - Bel");
    for (_, c, _) in &turn {
        ready(c, &id);
    }
    wait_for(10, "Winter 1901", || game(&gm, &id)["phase"] == "W1901A");
    let g = game(&gm, &id);
    assert!(g["escalation"]["nominating"].as_bool().unwrap(), "{g}");
    // No build before the homes are nominated.
    refused(
        &first.1,
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": first.0, "orders": "Build A Par"}),
        409,
        "home centres are nominated first",
    );
    let homes = format!("/api/v1/games/{id}/homes");
    refused(
        &first.1,
        &homes,
        json!({"power": first.0, "homes": ["Par", "Bre"]}),
        422,
        "nominate 3 home centres, not 2",
    );
    refused(
        &first.1,
        &homes,
        json!({"power": first.0, "homes": ["Par", "Bre", "Bur"]}),
        422,
        "Burgundy is not a supply centre",
    );
    refused(
        &second.1,
        &homes,
        json!({"power": first.0, "homes": ["Par", "Bre", "Spa"]}),
        403,
        "you do not play",
    );
    nominate(&first.1, &id, &first.0, &["Par", "Bre", "Spa"]);
    nominate(&second.1, &id, &second.0, &["Mun", "Hol", "Kie"]);
    let done = nominate(&third.1, &id, &third.0, &["Stp", "War", "Mos"]);
    assert!(done["nominated"].as_bool().unwrap(), "{done}");
    // France's counterpart builds in its nominated home; Belgium is no home of it.
    let g = game(&gm, &id);
    assert_eq!(g["phase"], "W1901A", "{g}");
    assert!(!g["escalation"]["nominating"].as_bool().unwrap(), "{g}");
    orders(&first.1, &id, &first.0, "Build A Par");
    ready(&first.1, &id);
    wait_for(10, "Spring 1902", || game(&gm, &id)["phase"] == "S1902M");
    let g = game(&observer, &id);
    assert_eq!(units(&g, &first.0), ["A bel", "A par", "F bre"], "{g}");
    // The judge forms tell the nominations between Fall 1901 and the Winter's builds.
    let history = observer.read(&format!("/api/v1/games/{id}/history"));
    let n = history.as_array().unwrap().len();
    let mut all = String::new();
    for i in 0..n {
        let p = observer.read(&format!("/api/v1/games/{id}/history/{i}"));
        all.push_str(p["judge_form"].as_str().unwrap());
        all.push('\n');
    }
    let at = |s: &str| all.find(s).unwrap_or_else(|| panic!("'{s}' in:\n{all}"));
    assert!(at("Fall 1901") < at("Home centres nominated (Escalation)"));
    assert!(
        at("Home centres nominated (Escalation)") < at(&format!("{}: Build A Paris.", first.0))
    );
    assert!(
        all.contains(&format!("{}: Paris, Brest, Spain.", first.0)),
        "{all}"
    );
    // The board marks the homes, now public.
    let (st, svg) = observer.get_text(&format!("/api/v1/games/{id}/board.svg"));
    assert_eq!(st, 200);
    assert!(
        svg.contains(&format!(r#"data-home="spa" data-power="{}""#, first.0)),
        "the homes are marked on the board"
    );
}

#[test]
fn nominations_stay_secret_from_other_players_observers_and_strangers_until_all_are_in() {
    let dir = scratch("escalation_server", "secret");
    let db = databases(&dir, "escsecret").remove(0);
    let server = Server::start(&db);
    let (id, gm, turn, observer, stranger) =
        escalation_game(&server, "sec", 1, json!({"kind": "manual"}));
    let (first, second, third) = (&turn[0], &turn[1], &turn[2]);
    place(&first.1, &id, &first.0, "A Par");
    place(&second.1, &id, &second.0, "A Mun");
    place(&third.1, &id, &third.0, "A War");
    for _ in 0..2 {
        for (_, c, _) in &turn {
            ready(c, &id);
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    wait_for(10, "Winter 1901", || game(&gm, &id)["phase"] == "W1901A");
    nominate(&first.1, &id, &first.0, &["Par", "Bre", "Spa"]);
    let mine = vec![(
        first.0.clone(),
        vec!["par".to_string(), "bre".to_string(), "spa".to_string()],
    )];
    // The player, and the game master, see it; nobody else, nor that it was made.
    assert_eq!(nominations_seen(&first.1, &id), mine, "the player");
    assert_eq!(nominations_seen(&gm, &id), mine, "the game master");
    assert_eq!(nominations_seen(&second.1, &id), [], "another player");
    assert_eq!(nominations_seen(&observer, &id), [], "an observer");
    assert_eq!(nominations_seen(&stranger, &id), [], "a stranger");
    assert_eq!(nominations_seen(&server.client(), &id), [], "signed out");
    for (who, c) in [("another player", &second.1), ("an observer", &observer)] {
        let g = game(c, &id);
        let text = g.to_string();
        assert!(
            !text.contains("\"spa\""),
            "{who} sees the nomination: {text}"
        );
        // Nor in the sheets, the judge form of Fall 1901 or the record.
        let (st, _) = c.get(&format!("/api/v1/games/{id}/sheets?power={}", first.0));
        assert_eq!(st, 403, "{who} reads the sheet log");
        let fall = c.read(&format!("/api/v1/games/{id}/history/1"));
        let judge = fall["judge_form"].as_str().unwrap();
        assert!(
            !judge.contains("Home centres nominated") && !judge.contains("Paris, Brest, Spain"),
            "{who}: {judge}"
        );
        let (st, _) = c.get(&format!("/api/v1/games/{id}/record"));
        assert_eq!(st, 403, "{who} reads the record");
    }
    // The web page does not show it to another player either.
    let page = page_of(&server, &second.2, &format!("/games/{id}"));
    assert!(
        page.contains(r#"name="home1""#),
        "the nomination form: {page}"
    );
    assert!(
        !page.contains("Paris, Brest, Spain"),
        "another player's page: {page}"
    );
    let page = page_of(&server, &first.2, &format!("/games/{id}"));
    assert!(
        page.contains("Paris, Brest, Spain"),
        "the player's own page shows the nomination: {page}"
    );
    // The last one in reveals all of them to every member.
    nominate(&second.1, &id, &second.0, &["Mun", "Ber", "Kie"]);
    assert_eq!(nominations_seen(&observer, &id), [], "two of three in");
    nominate(&third.1, &id, &third.0, &["War", "Mos", "Sev"]);
    let all = nominations_seen(&observer, &id);
    assert_eq!(all.len(), 3, "{all:?}");
    assert_eq!(nominations_seen(&second.1, &id).len(), 3);
    assert_eq!(nominations_seen(&stranger, &id), [], "a stranger, still");
}

#[test]
fn missing_nominations_fall_back_to_the_centres_owned_at_the_deadline() {
    let dir = scratch("escalation_server", "deadline");
    let db = databases(&dir, "escdeadline").remove(0);
    let server = Server::start(&db);
    let (id, gm, turn, _, _) = escalation_game(&server, "dl", 1, json!({"kind": "manual"}));
    place(&turn[0].1, &id, &turn[0].0, "A Par");
    place(&turn[1].1, &id, &turn[1].0, "A Mun");
    place(&turn[2].1, &id, &turn[2].0, "A War");
    for _ in 0..2 {
        for (_, c, _) in &turn {
            ready(c, &id);
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    wait_for(10, "Winter 1901", || game(&gm, &id)["phase"] == "W1901A");
    nominate(&turn[0].1, &id, &turn[0].0, &["Bre", "Mar", "Spa"]);
    // The deadline passes with two nominations missing: those two get the centres they own.
    let at = (jiff::Timestamp::now() + jiff::SignedDuration::from_secs(2)).to_string();
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "deadline", "at": at}),
    );
    wait_for(20, "the deadline's adjudication", || {
        game(&gm, &id)["phase"] == "S1902M"
    });
    let g = game(&gm, &id);
    assert_eq!(g["phase"], "S1902M", "{g}");
    let seen = nominations_seen(&turn[1].1, &id);
    assert!(
        seen.contains(&(turn[1].0.clone(), vec!["mun".to_string()])),
        "{seen:?}"
    );
    assert!(
        seen.contains(&(
            turn[0].0.clone(),
            vec!["bre".to_string(), "mar".to_string(), "spa".to_string()]
        )),
        "{seen:?}"
    );
}

#[test]
fn an_escalation_game_is_refused_with_bot_seats_preferences_or_a_wrong_number_of_players() {
    let dir = scratch("escalation_server", "refused");
    let db = databases(&dir, "escrefused").remove(0);
    let server = Server::start(&db);
    let gm = server.account("refgm");
    let new = |extra: Value| {
        let mut body = json!({"title": "Escalation", "variant": "escalation", "setup": "4"});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    refused(
        &gm,
        "/api/v1/games",
        new(json!({"bot_seats": 1})),
        422,
        "DAIDE cannot describe Escalation's placement",
    );
    refused(
        &gm,
        "/api/v1/games",
        new(json!({"assignment": "preferences"})),
        422,
        "one power (a colour) by lot",
    );
    refused(
        &gm,
        "/api/v1/games",
        new(json!({"setup": "1"})),
        422,
        "played by 2 to 7 players",
    );
    refused(
        &gm,
        "/api/v1/games",
        new(json!({"escalation_units": 0})),
        422,
        "escalation_units: between 1 and",
    );
    refused(
        &gm,
        "/api/v1/games",
        json!({"title": "Standard", "escalation_units": 3}),
        422,
        "not played under the escalation rule",
    );
    // Four players: four seats, the table's six units each.
    let id = gm.ok("/api/v1/games", new(json!({})))["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(game(&gm, &id)["seats"], 4);
    for i in 0..4 {
        server.account(&format!("ref{i}")).ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
    }
    let g = game(&gm, &id);
    assert_eq!(g["escalation"]["units_each"], 6, "{g}");
    let mut powers: Vec<&str> = g["escalation"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    powers.sort();
    powers.dedup();
    assert_eq!(powers.len(), 4, "four different powers: {g}");
}

#[test]
fn entente_serve_refuses_escalation_for_daide_bots_with_the_reason() {
    let dir = scratch("escalation_server", "daide");
    let db = format!("sqlite:{}", dir.join("daide.db").display());
    let (ok, text) = common::run_in(
        &[
            "serve",
            "--database",
            &db,
            "--listen",
            "127.0.0.1:0",
            "--daide",
            "127.0.0.1:0",
            "--daide-variant",
            "escalation",
        ],
        &dir,
    );
    assert!(!ok, "{text}");
    assert!(
        text.contains("DAIDE cannot describe Escalation's placement"),
        "{text}"
    );
}

#[test]
fn variant_check_escalation_says_the_homes_are_nominated_in_1901() {
    let dir = scratch("escalation_server", "check");
    let out = common::entente_in(&["variant", "check", "escalation"], &dir);
    assert!(
        out.contains("France (F, French, #4aa3df): home nominated after Fall 1901 (Escalation: three supply centres); start none"),
        "{out}"
    );
    assert!(!out.contains("home ;"), "{out}");
    assert!(out.contains("the homes nominated in 1901"), "{out}");
}

#[test]
fn units_are_placed_and_home_centres_nominated_on_the_game_page_in_a_browser() {
    if !common::browser::available() {
        return;
    }
    let dir = scratch("escalation_server", "browser");
    let db = format!("sqlite:{}", dir.join("browser.db").display());
    let server = Server::start(&db);
    let (id, gm, turn, _, _) = escalation_game(&server, "br", 1, json!({"kind": "manual"}));
    let players: Vec<Value> = turn
        .iter()
        .map(|(power, _, name)| json!({"name": name, "power": power}))
        .collect();
    let out = common::browser::run(
        "escalation.mjs",
        &json!({"base": server.base, "game": id, "step": "place", "players": players,
                "units": ["A par", "A mun", "A war"]}),
    );
    assert_eq!(out["placed"], 3, "{out}");
    assert_eq!(
        game(&gm, &id)["position"]["units"][&turn[0].0],
        json!(["A par"])
    );
    for _ in 0..2 {
        for (_, c, _) in &turn {
            ready(c, &id);
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    wait_for(10, "Winter 1901", || game(&gm, &id)["phase"] == "W1901A");
    let out = common::browser::run(
        "escalation.mjs",
        &json!({"base": server.base, "game": id, "step": "nominate", "players": players}),
    );
    assert_eq!(out["rings"], 9, "{out}");
    // Nobody had an adjustment to make: Winter 1901 is played at once.
    assert_eq!(game(&gm, &id)["phase"], "S1902M");
}
