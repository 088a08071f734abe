//! A whole 7-player game through the server's HTTP API, past the first adjustments, on
//! every database the tests run on (issue 12, "Done when"): resubmitted sheets, press,
//! a GM extension, ready flags, SSE, a missed deadline ending in civil disorder, a
//! replacement player, builds, history, the board, and a draw vote. And a rollback.

mod common;
use common::scratch;
use common::server::*;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read};
use std::time::{Duration, Instant};

type Players = Vec<(Vec<String>, Client)>;

/// The client of the player of `power`.
fn of<'a>(players: &'a Players, power: &str) -> &'a Client {
    &players
        .iter()
        .find(|(ps, _)| ps.iter().any(|p| p == power))
        .unwrap_or_else(|| panic!("nobody plays {power}"))
        .1
}

/// The units of `power` in the game's position, sorted: `["A par", "F bre"]`.
fn units(game: &Value, power: &str) -> Vec<String> {
    let mut u: Vec<String> = game["position"]["units"][power]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    u.sort();
    u
}

/// The centres `power` owns, sorted.
fn centres(game: &Value, power: &str) -> Vec<String> {
    let mut c: Vec<String> = game["position"]["centres"][power]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    c.sort();
    c
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The entry for `power` in the game's `powers`.
fn power_entry<'a>(game: &'a Value, power: &str) -> &'a Value {
    game["powers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["power"] == power)
        .unwrap_or_else(|| panic!("no {power} in {game}"))
}

/// Submits a sheet and checks every line was understood.
fn submit(c: &Client, id: &str, power: &str, orders: &str) -> Value {
    let sheet = c.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": power, "orders": orders}),
    );
    for line in sheet["lines"].as_array().unwrap() {
        assert!(
            line.get("error").is_none() && line.get("problem").is_none(),
            "{power}: {line}"
        );
        assert!(line["order"].is_string(), "{power}: {line}");
    }
    sheet
}

fn wait_phase(c: &Client, id: &str, phase: &str, secs: u64) {
    wait_for(secs, &format!("phase {phase}"), || phase_of(c, id) == phase);
}

/// An open live-update stream of a game (`GET /events`), read line by line.
struct Events {
    reader: Box<dyn BufRead + Send>,
}

impl Events {
    fn open(c: &Client, id: &str) -> Events {
        let agent = ureq::AgentBuilder::new()
            .timeout_read(Duration::from_secs(30))
            .build();
        let r = agent
            .get(&format!("{}/api/v1/games/{id}/events", c.base))
            .set(
                "Authorization",
                &format!("Bearer {}", c.token.as_deref().unwrap()),
            )
            .call()
            .expect("open the event stream");
        assert_eq!(r.status(), 200);
        assert!(
            r.content_type().starts_with("text/event-stream"),
            "{}",
            r.content_type()
        );
        let reader: Box<dyn Read + Send> = r.into_reader();
        Events {
            reader: Box::new(BufReader::new(reader)),
        }
    }

    /// The data of the next event of `kind` (others are skipped), within 30 s.
    fn next(&mut self, kind: &str) -> Value {
        let end = Instant::now() + Duration::from_secs(30);
        let (mut event, mut data) = (String::new(), String::new());
        while Instant::now() < end {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("read the stream");
            assert!(n > 0, "the event stream ended");
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if event == kind {
                    return serde_json::from_str(&data).unwrap();
                }
                event.clear();
                data.clear();
            } else if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim_start());
            }
        }
        panic!("no {kind} event within 30 s");
    }
}

const SPRING_1901: [(&str, &str); 7] = [
    (
        "England",
        "F London - North Sea\nF Edinburgh - Norwegian Sea\nA Liverpool - Yorkshire",
    ),
    ("France", "A PAR-BUR\nA MAR-SPA\nF BRE-MAO"),
    ("Germany", "A BER-KIE\nA MUN-RUH\nF KIE-DEN"),
    ("Italy", "A ROM-APU\nA VEN H\nF NAP-ION"),
    ("Austria", "A VIE-GAL\nA BUD-SER\nF TRI-ALB"),
    ("Russia", "A MOS-UKR\nA WAR-GAL\nF SEV-BLA\nF STP/SC-BOT"),
    ("Turkey", "A CON-BUL\nA SMY-CON\nF ANK-BLA"),
];

fn after_spring_1901(g: &Value) {
    let expect = [
        ("England", vec!["F nth", "F nwg", "A yor"]),
        ("France", vec!["A bur", "A spa", "F mao"]),
        ("Germany", vec!["A kie", "A ruh", "F den"]),
        ("Italy", vec!["A apu", "A ven", "F ion"]),
        // Galicia and the Black Sea stand off.
        ("Austria", vec!["A vie", "A ser", "F alb"]),
        ("Russia", vec!["A ukr", "A war", "F sev", "F bot"]),
        ("Turkey", vec!["A bul", "A con", "F ank"]),
    ];
    for (p, u) in expect {
        assert_eq!(units(g, p), sorted(&u), "{p} after Spring 1901");
    }
}

fn rfc3339_in(d: Duration) -> String {
    let t = jiff::Timestamp::now() + jiff::SignedDuration::try_from(d).unwrap();
    t.to_string()
}

fn deadline_of(g: &Value) -> jiff::Timestamp {
    g["deadline"]
        .as_str()
        .unwrap_or_else(|| panic!("no deadline in {g}"))
        .parse()
        .unwrap()
}

#[test]
fn a_seven_player_game_is_played_through_the_api_past_the_first_adjustments_to_a_draw() {
    let dir = scratch("server_game", "full");
    for db in databases(&dir, "full") {
        let server = Server::start(&db);
        play_full_game(&server);
    }
}

fn play_full_game(server: &Server) {
    let (id, gm, players) = full_game(
        server,
        "fg",
        "7",
        json!({
            "deadlines": {"kind": "manual"},
            "missed_orders": "civil-disorder",
            "missed_limit": 1,
            "press": "full",
        }),
    );
    let game = |c: &Client| c.read(&format!("/api/v1/games/{id}"));
    let g = game(&gm);
    assert_eq!(g["status"], "active");
    assert_eq!(g["phase"], "S1901M");
    assert!(g["options"]["end_when_ready"].as_bool().unwrap());
    assert!(
        g.get("deadline").is_none(),
        "manual games have no deadline: {g}"
    );
    assert_eq!(players.len(), 7);

    // --- Spring 1901 -------------------------------------------------------------------
    // England sends a sheet, then another: the last counts.
    let england = of(&players, "England");
    submit(england, &id, "England", "F LON-ENG\nF EDI-NTH\nA LVP-EDI");
    for (power, orders) in SPRING_1901 {
        submit(of(&players, power), &id, power, orders);
    }
    let sheet = england.read(&format!("/api/v1/games/{id}/orders?power=England"));
    let read_back: Vec<&str> = sheet["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        read_back,
        [
            "F London - North Sea",
            "F Edinburgh - Norwegian Sea",
            "A Liverpool - Yorkshire"
        ]
    );
    // Another player cannot read England's sheet.
    let (st, _) = of(&players, "France").get(&format!("/api/v1/games/{id}/orders?power=England"));
    assert_eq!(st, 403);

    // Press: France writes privately to Germany, England to everyone.
    let france = of(&players, "France");
    let germany = of(&players, "Germany");
    let russia = of(&players, "Russia");
    france.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": "France", "to": ["Germany"], "text": "Burgundy is mine; Belgium yours?"}),
    );
    england.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": "England", "to": ["all"], "text": "England wants peace with all."}),
    );
    // Nobody writes in another's name.
    let (st, _) = russia.post(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": "France", "to": ["all"], "text": "forged"}),
    );
    assert_eq!(st, 403);
    let texts = |c: &Client| -> Vec<String> {
        c.read(&format!("/api/v1/games/{id}/press"))
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect()
    };
    let private = "Burgundy is mine; Belgium yours?".to_string();
    let public = "England wants peace with all.".to_string();
    assert_eq!(texts(&gm), [private.clone(), public.clone()]);
    assert_eq!(texts(france), [private.clone(), public.clone()]);
    assert_eq!(texts(germany), [private.clone(), public.clone()]);
    assert_eq!(texts(russia), vec![public.clone()]);
    assert_eq!(texts(england), vec![public.clone()]);
    let to_germany = &germany.read(&format!("/api/v1/games/{id}/press"))[0];
    assert_eq!(to_germany["from"], "France");
    assert_eq!(to_germany["to"], json!(["Germany"]));

    // The game master extends: the deadline moves, the log says so, and the live stream
    // tells of it.
    let mut events = Events::open(russia, &id);
    let before = jiff::Timestamp::now();
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "extend", "minutes": 60}),
    );
    let first = deadline_of(&game(england));
    assert!(
        first >= before + jiff::SignedDuration::from_mins(59)
            && first <= jiff::Timestamp::now() + jiff::SignedDuration::from_mins(61),
        "{first}"
    );
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "extend", "minutes": 30}),
    );
    let second = deadline_of(&game(russia));
    assert_eq!(second, first + jiff::SignedDuration::from_mins(30));
    let log = russia.read(&format!("/api/v1/games/{id}/log"));
    let deadlines: Vec<jiff::Timestamp> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["act"]["act"] == "deadline")
        .map(|e| e["act"]["due"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(deadlines, [first, second], "{log}");
    for d in [first, second] {
        let e = events.next("deadline");
        assert_eq!(
            e["deadline"].as_str().map(|t| t.parse().unwrap()),
            Some(d),
            "{e}"
        );
    }

    // Ready flags: six ready powers do not end the phase; the seventh does, long before
    // the deadline. The stream tells of the new phase.
    for (power, _) in &SPRING_1901[..6] {
        of(&players, power).ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    }
    let g = game(&gm);
    assert!(power_entry(&g, "England")["ready"].as_bool().unwrap());
    assert!(!power_entry(&g, "Turkey")["ready"].as_bool().unwrap());
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(phase_of(&gm, &id), "S1901M", "six of seven ready");
    of(&players, "Turkey").ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    let phase = events.next("phase");
    assert_eq!(phase["phase"], "F1901M", "{phase}");
    wait_phase(&gm, &id, "F1901M", 10);
    let g = game(germany);
    after_spring_1901(&g);
    // The last of England's sheets counted: no fleet in the Channel.
    assert!(!units(&g, "England").contains(&"F eng".to_string()));
    // The manual schedule set no deadline for the new phase.
    assert!(g.get("deadline").is_none(), "{g}");
    assert_eq!(g["history_len"], 1);

    // --- Fall 1901: Italy misses the deadline -------------------------------------------
    let fall = [
        ("England", "F NTH-NWY\nF NWG H\nA YOR H"),
        ("France", "A BUR-BEL\nA SPA H\nF MAO-POR"),
        ("Germany", "A KIE-HOL\nA RUH H\nF DEN H"),
        ("Austria", "A VIE H\nA SER H\nF ALB-GRE"),
        ("Russia", "A UKR-RUM\nA WAR H\nF SEV H\nF BOT-SWE"),
        ("Turkey", "A BUL H\nA CON H\nF ANK H"),
    ];
    for (power, orders) in fall {
        submit(of(&players, power), &id, power, orders);
    }
    // Ready flags are per phase: Spring's do not carry over.
    let g = game(&gm);
    assert!(!power_entry(&g, "England")["ready"].as_bool().unwrap());
    assert_eq!(power_entry(&g, "Italy")["orders_in"], false);
    let at = rfc3339_in(Duration::from_millis(1500));
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "deadline", "at": at}),
    );
    assert_eq!(
        deadline_of(&game(of(&players, "Italy"))),
        at.parse::<jiff::Timestamp>().unwrap()
    );
    // The deadline passes; the scheduler adjudicates without the game master.
    wait_phase(&gm, &id, "W1901A", 15);
    let g = game(&gm);
    let italy = power_entry(&g, "Italy");
    assert_eq!(italy["civil_disorder"], true, "{italy}");
    for p in [
        "England", "France", "Germany", "Austria", "Russia", "Turkey",
    ] {
        assert_eq!(power_entry(&g, p)["civil_disorder"], false, "{p}");
    }
    // Italy's units held.
    assert_eq!(units(&g, "Italy"), sorted(&["A apu", "A ven", "F ion"]));
    assert_eq!(units(&g, "England"), sorted(&["F nwy", "F nwg", "A yor"]));
    assert_eq!(units(&g, "France"), sorted(&["A bel", "A spa", "F por"]));
    assert_eq!(
        centres(&g, "France"),
        sorted(&["bel", "bre", "mar", "par", "por", "spa"])
    );
    assert_eq!(
        centres(&g, "Russia"),
        sorted(&["mos", "rum", "sev", "stp", "swe", "war"])
    );
    assert_eq!(centres(&g, "Italy"), sorted(&["nap", "rom", "ven"]));
    let log = gm.read(&format!("/api/v1/games/{id}/log"));
    let acts: Vec<&Value> = log.as_array().unwrap().iter().map(|e| &e["act"]).collect();
    assert!(
        acts.iter()
            .any(|a| a["act"] == "civil-disorder" && a["power"] == "Italy" && a["on"] == true),
        "{log}"
    );
    assert!(
        acts.iter()
            .any(|a| a["act"] == "adjudicated" && a["forced"] == false),
        "{log}"
    );

    // --- Winter 1901: Turkey's player is replaced ---------------------------------------
    let old_turkey = of(&players, "Turkey").clone();
    let new_turkey = server.account("fgturk2");
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "replace", "power": "Turkey", "player": "fgturk2"}),
    );
    let g = game(&new_turkey);
    assert_eq!(g["my_role"], "player");
    assert_eq!(g["my_powers"], json!(["Turkey"]));
    let g = game(&old_turkey);
    assert_ne!(g["my_role"], "player");
    assert_eq!(g["my_powers"], json!([]));
    let (st, body) = old_turkey.post(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": "Turkey", "orders": "Build A SMY"}),
    );
    assert_eq!(st, 403, "{body}");
    let (st, _) = old_turkey.post(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    assert_eq!(st, 403);
    assert_eq!(
        gm.read(&format!("/api/v1/games/{id}"))["powers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["power"] == "Turkey")
            .unwrap()["player"],
        "fgturk2"
    );
    let builds = [
        ("England", "Build F LON"),
        ("France", "Build A PAR\nBuild A MAR"),
        ("Germany", "Build A BER\nBuild F KIE"),
        ("Austria", "Build A BUD\nBuild F TRI"),
        ("Russia", "Build A MOS\nBuild F STP/NC"),
    ];
    for (power, orders) in builds {
        submit(of(&players, power), &id, power, orders);
    }
    submit(&new_turkey, &id, "Turkey", "Build A SMY");
    // Those with adjustments to make are ready: the phase ends (Italy, with none to make
    // and in civil disorder, is not waited for).
    for (power, _) in builds {
        of(&players, power).ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    }
    new_turkey.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    wait_phase(&gm, &id, "S1902M", 10);
    let g = game(&new_turkey);
    assert_eq!(
        units(&g, "England"),
        sorted(&["F lon", "F nwy", "F nwg", "A yor"])
    );
    assert_eq!(
        units(&g, "Russia"),
        sorted(&["A mos", "F stp/nc", "A rum", "A war", "F sev", "F swe"])
    );
    assert_eq!(
        units(&g, "Turkey"),
        sorted(&["A bul", "A con", "F ank", "A smy"])
    );
    assert_eq!(units(&g, "Italy"), sorted(&["A apu", "A ven", "F ion"]));

    // --- History, board --------------------------------------------------------------------
    let history = england.read(&format!("/api/v1/games/{id}/history"));
    let phases: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["phase"].as_str().unwrap())
        .collect();
    assert_eq!(phases, ["S1901M", "F1901M", "W1901A"]);
    let spring = england.read(&format!("/api/v1/games/{id}/history/0"));
    assert_eq!(spring["index"], 0);
    let jf = spring["judge_form"].as_str().unwrap();
    for needle in [
        "England",
        "North Sea",
        "Norwegian Sea",
        "Yorkshire",
        "Galicia",
    ] {
        assert!(jf.contains(needle), "{needle} not in the judge form:\n{jf}");
    }
    assert!(
        !jf.contains("English Channel"),
        "a replaced sheet in the results:\n{jf}"
    );
    let winter = russia.read(&format!("/api/v1/games/{id}/history/2"));
    let jf = winter["judge_form"].as_str().unwrap();
    assert!(
        jf.contains("Moscow") && jf.contains("St. Petersburg"),
        "{jf}"
    );
    let (st, _) = england.get(&format!("/api/v1/games/{id}/history/3"));
    assert_eq!(st, 404);
    for path in ["board.svg", "board.svg?phase=0"] {
        let (st, svg) = russia.get_text(&format!("/api/v1/games/{id}/{path}"));
        assert_eq!(st, 200, "{path}");
        assert!(
            svg.contains("<svg") && svg.trim_end().ends_with("</svg>"),
            "{path}"
        );
    }

    // --- Spring 1902: Italy's seat gets a new player, back in play ---------------------
    let new_italy = server.account("fgital2");
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "replace", "power": "Italy", "player": "fgital2"}),
    );
    let g = game(&gm);
    assert_eq!(power_entry(&g, "Italy")["civil_disorder"], false, "{g}");
    assert_eq!(power_entry(&g, "Italy")["player"], "fgital2");
    let old_italy = of(&players, "Italy");
    let (st, _) = old_italy.post(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": "Italy", "orders": "F ION-TUN"}),
    );
    assert_eq!(st, 403);
    let sheet = submit(&new_italy, &id, "Italy", "F ION-TUN\nA APU H\nA VEN H");
    assert_eq!(sheet["warnings"], json!([]), "{sheet}");
    let spring = [
        ("England", "F LON-NTH\nF NWY H\nF NWG H\nA YOR H"),
        ("France", "A PAR-PIC\nA MAR H\nA BEL H\nA SPA H\nF POR H"),
        ("Germany", "A BER H\nF KIE H\nA HOL H\nA RUH H\nF DEN H"),
        ("Austria", "A BUD H\nF TRI H\nA VIE H\nA SER H\nF GRE H"),
        (
            "Russia",
            "A MOS H\nF STP/NC H\nA RUM H\nA WAR H\nF SEV H\nF SWE H",
        ),
    ];
    for (power, orders) in spring {
        submit(of(&players, power), &id, power, orders);
    }
    submit(
        &new_turkey,
        &id,
        "Turkey",
        "A BUL H\nA CON H\nF ANK H\nA SMY H",
    );
    let mut voters: Vec<&Client> = spring.iter().map(|(p, _)| of(&players, p)).collect();
    voters.extend([&new_turkey, &new_italy]);
    for c in &voters {
        c.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    }
    wait_phase(&gm, &id, "F1902M", 10);
    let g = game(&new_italy);
    assert_eq!(units(&g, "Italy"), sorted(&["A apu", "A ven", "F tun"]));
    assert_eq!(
        units(&g, "England"),
        sorted(&["F nth", "F nwy", "F nwg", "A yor"])
    );

    // --- Fall 1902: a draw ----------------------------------------------------------------
    assert_eq!(voters.len(), 7);
    for c in &voters[..6] {
        let r = c.ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
        assert_eq!(r["ended"], false);
    }
    let g = game(&gm);
    assert_eq!(g["status"], "active", "six of seven votes end nothing");
    assert!(g.get("result").is_none(), "{g}");
    // The replaced players have no vote.
    for old in [&old_turkey, old_italy] {
        let (st, _) = old.post(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
        assert_eq!(st, 403);
    }
    let r = voters[6].ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
    assert_eq!(r["ended"], true);
    let g = game(england);
    assert_eq!(g["status"], "finished");
    let result = g["result"].as_str().unwrap();
    assert!(result.to_lowercase().contains("draw"), "{result}");
    // Over: no more orders.
    let (st, _) = england.post(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": "England", "orders": "F LON H"}),
    );
    assert!((400..500).contains(&st), "{st}");
    // The private press is everyone's once the game is over.
    assert_eq!(texts(russia), [private, public]);
}

#[test]
fn the_game_master_rolls_back_an_adjudication_and_the_sheets_are_pending_again() {
    let dir = scratch("server_game", "rollback");
    for db in databases(&dir, "rollback") {
        let server = Server::start(&db);
        let (id, gm, players) =
            full_game(&server, "rb", "7", json!({"deadlines": {"kind": "manual"}}));
        let game = |c: &Client| c.read(&format!("/api/v1/games/{id}"));
        let start = game(&gm);
        for (power, orders) in SPRING_1901 {
            submit(of(&players, power), &id, power, orders);
        }
        // Every power ready: the phase ends at once.
        for (power, _) in SPRING_1901 {
            of(&players, power).ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        }
        wait_phase(&gm, &id, "F1901M", 10);
        after_spring_1901(&game(&gm));

        let done = gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "rollback"}),
        );
        assert_eq!(done["phase"], "S1901M", "{done}");
        let g = game(&gm);
        assert_eq!(g["phase"], "S1901M");
        assert_eq!(g["history_len"], 0);
        assert_eq!(g["position"], start["position"]);
        for (power, _) in SPRING_1901 {
            assert_eq!(power_entry(&g, power)["orders_in"], true, "{power}");
            // The phase is open again: nobody is ready in it yet.
            assert_eq!(power_entry(&g, power)["ready"], false, "{power}");
        }
        // One power ready again does not end the reopened phase.
        of(&players, "England").ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(phase_of(&gm, &id), "S1901M");
        let sheet = of(&players, "Russia").read(&format!("/api/v1/games/{id}/orders?power=Russia"));
        assert_eq!(sheet["phase"], "S1901M");
        assert_eq!(sheet["lines"].as_array().unwrap().len(), 4, "{sheet}");
        let log = of(&players, "Italy").read(&format!("/api/v1/games/{id}/log"));
        assert!(
            log.as_array()
                .unwrap()
                .iter()
                .any(|e| e["act"]["act"] == "rolled-back" && e["act"]["to"] == "S1901M"),
            "{log}"
        );
        // Russia changes its mind: the new sheet counts when the phase is played again.
        submit(
            of(&players, "Russia"),
            &id,
            "Russia",
            "A MOS-UKR\nA WAR H\nF SEV-RUM\nF STP/SC-BOT",
        );
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate"}),
        );
        let g = game(&gm);
        assert_eq!(g["phase"], "F1901M");
        assert_eq!(g["history_len"], 1);
        assert_eq!(
            units(&g, "Russia"),
            sorted(&["A ukr", "A war", "F rum", "F bot"])
        );
        // Without Russia in the Black Sea, Turkey's fleet gets there; Austria takes Galicia.
        assert_eq!(units(&g, "Turkey"), sorted(&["A bul", "A con", "F bla"]));
        assert_eq!(units(&g, "Austria"), sorted(&["A gal", "A ser", "F alb"]));
    }
}

#[test]
fn a_power_goes_into_civil_disorder_only_after_missing_the_limit_of_deadlines_in_a_row() {
    let dir = scratch("server_game", "missed");
    for db in databases(&dir, "missed") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "md",
            "7",
            json!({
                "deadlines": {"kind": "manual"},
                "missed_orders": "civil-disorder",
                "missed_limit": 2,
            }),
        );
        let game = |c: &Client| c.read(&format!("/api/v1/games/{id}"));
        let start = game(&gm);
        // Spring 1901: Italy sends nothing, the deadline passes.
        for (power, orders) in SPRING_1901.iter().filter(|(p, _)| *p != "Italy") {
            submit(of(&players, power), &id, power, orders);
        }
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "deadline", "at": rfc3339_in(Duration::from_millis(1200))}),
        );
        wait_phase(&gm, &id, "F1901M", 15);
        let g = game(&gm);
        // Italy's units held; one missed deadline of two allowed.
        assert_eq!(units(&g, "Italy"), units(&start, "Italy"));
        assert_eq!(power_entry(&g, "Italy")["civil_disorder"], false);
        assert_eq!(units(&g, "France"), sorted(&["A bur", "A spa", "F mao"]));
        // Fall 1901: Italy misses again, and goes into civil disorder.
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "deadline", "at": rfc3339_in(Duration::from_millis(1200))}),
        );
        wait_phase(&gm, &id, "W1901A", 15);
        let g = game(&gm);
        assert_eq!(power_entry(&g, "Italy")["civil_disorder"], true, "{g}");
        // The others missed one deadline only.
        for (p, _) in SPRING_1901.iter().filter(|(p, _)| *p != "Italy") {
            assert_eq!(power_entry(&g, p)["civil_disorder"], false, "{p}");
        }
    }
}

/// A player who marks ready without sending orders has decided (every unit holds): that is
/// not a missed deadline, and does not count toward civil disorder.
#[test]
fn a_player_marked_ready_without_orders_has_not_missed_the_deadline() {
    let dir = scratch("server_game", "readyempty");
    for db in databases(&dir, "readyempty") {
        let server = Server::start(&db);
        let (id, gm, players) = full_game(
            &server,
            "re",
            "7",
            json!({
                "deadlines": {"kind": "manual"},
                "missed_orders": "civil-disorder",
                "missed_limit": 1,
            }),
        );
        let start = gm.read(&format!("/api/v1/games/{id}"));
        for (power, orders) in SPRING_1901.iter().filter(|(p, _)| *p != "Italy") {
            submit(of(&players, power), &id, power, orders);
        }
        of(&players, "Italy").ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "deadline", "at": rfc3339_in(Duration::from_millis(1200))}),
        );
        wait_phase(&gm, &id, "F1901M", 15);
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(units(&g, "Italy"), units(&start, "Italy"), "Italy held");
        assert_eq!(
            power_entry(&g, "Italy")["civil_disorder"],
            false,
            "ready without orders is not a missed deadline: {g}"
        );
    }
}

/// A draw vote is about the position the player saw: an adjudication clears every vote,
/// so votes cast in an earlier phase do not make a draw with a vote cast later.
#[test]
fn draw_votes_are_cleared_when_a_phase_is_adjudicated() {
    let dir = scratch("server_game", "drawclear");
    for db in databases(&dir, "drawclear") {
        let server = Server::start(&db);
        let (id, gm, players) =
            full_game(&server, "dc", "7", json!({"deadlines": {"kind": "manual"}}));
        for (_, c) in &players[..6] {
            let r = c.ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
            assert_eq!(r["ended"], false, "{r}");
        }
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "deadline", "at": rfc3339_in(Duration::from_millis(1200))}),
        );
        wait_phase(&gm, &id, "F1901M", 15);
        let r = players[6]
            .1
            .ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
        assert_eq!(
            r["ended"], false,
            "six votes of Spring 1901 counted in Fall: {r}"
        );
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["phase"], "F1901M", "{g}");
        assert_ne!(g["status"], "finished", "{g}");
        // Voted again in this phase, unanimously: the draw is made.
        for (_, c) in &players[..6] {
            c.ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
        }
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["status"], "finished", "{g}");
    }
}

/// A concession is a vote like a draw: it ends the game only when every survivor's player
/// votes to concede to the same power, and then that power has won. A mixed vote ends
/// nothing; a concession names a power that is still in the game.
#[test]
fn a_unanimous_concession_ends_the_game_as_a_victory_of_that_power() {
    let dir = scratch("server_game", "concede");
    for db in databases(&dir, "concede") {
        let server = Server::start(&db);
        let (id, gm, players) =
            full_game(&server, "cc", "7", json!({"deadlines": {"kind": "manual"}}));
        let path = format!("/api/v1/games/{id}/concede");
        let (st, b) = players[0]
            .1
            .post(&path, json!({"vote": true, "to": "Atlantis"}));
        assert_eq!(st, 422, "{b}");
        assert!(b["message"].as_str().unwrap().contains("Atlantis"), "{b}");
        let (st, b) = players[0].1.post(&path, json!({"vote": true}));
        assert_eq!(st, 422, "a concession names its power: {b}");
        let (st, _) = gm.post(&path, json!({"vote": true, "to": "France"}));
        assert_eq!(st, 403, "the game master has no vote");
        for (_, c) in &players[..5] {
            let r = c.ok(&path, json!({"vote": true, "to": "France"}));
            assert_eq!(r["ended"], false, "{r}");
        }
        // One draw vote among the concessions: not unanimous.
        let r = players[5]
            .1
            .ok(&format!("/api/v1/games/{id}/draw"), json!({"vote": true}));
        assert_eq!(r["ended"], false, "{r}");
        let r = players[6]
            .1
            .ok(&path, json!({"vote": true, "to": "France"}));
        assert_eq!(r["ended"], false, "a draw vote and six concessions: {r}");
        assert_eq!(gm.read(&format!("/api/v1/games/{id}"))["status"], "active");
        // The draw voter changes their vote: unanimous.
        let r = players[5]
            .1
            .ok(&path, json!({"vote": true, "to": "france"}));
        assert_eq!(r["ended"], true, "{r}");
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["status"], "finished", "{g}");
        let result = g["result"].as_str().unwrap();
        assert!(
            result.contains("France") && result.to_lowercase().contains("conceded"),
            "{result}"
        );
    }
}

/// Naming every survivor in a draw vote is the same vote as naming none, so the players
/// of a game with named draws who tick every power and those who name none agree.
#[test]
fn a_draw_naming_every_survivor_is_the_draw_of_all_survivors() {
    let dir = scratch("server_game", "namedall");
    for db in databases(&dir, "namedall") {
        let server = Server::start(&db);
        let (id, _gm, players) = full_game(
            &server,
            "na",
            "7",
            json!({"deadlines": {"kind": "manual"}, "draws": "named"}),
        );
        let all = [
            "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
        ];
        for (i, (_, c)) in players.iter().enumerate() {
            let body = if i % 2 == 0 {
                json!({"vote": true, "powers": all})
            } else {
                json!({"vote": true})
            };
            let r = c.ok(&format!("/api/v1/games/{id}/draw"), body);
            assert_eq!(r["ended"], i == 6, "vote {i}: {r}");
        }
    }
}

/// The judge form of a phase in the language asked for: the same results in Czech, French
/// or Russian words and names; an unknown language is refused.
#[test]
fn the_judge_form_is_given_in_the_language_asked_for() {
    let dir = scratch("server_game", "judgelang");
    let db = format!("sqlite:{}", dir.join("judgelang.db").display());
    let server = Server::start(&db);
    let (id, gm, _players) =
        full_game(&server, "jl", "7", json!({"deadlines": {"kind": "manual"}}));
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    wait_phase(&gm, &id, "F1901M", 15);
    let en = gm.read(&format!("/api/v1/games/{id}/history/0"));
    assert!(
        en["judge_form"]
            .as_str()
            .unwrap()
            .starts_with("Spring 1901 movement"),
        "{en}"
    );
    let cs = gm.read(&format!("/api/v1/games/{id}/history/0?lang=cs"));
    let judge = cs["judge_form"].as_str().unwrap();
    assert!(judge.starts_with("Jaro 1901, pohyb"), "{judge}");
    assert!(
        judge.contains("Rakousko: A Vídeň drží. (*bez rozkazu*)"),
        "{judge}"
    );
    assert_eq!(cs["title"], "Jaro 1901, pohyb");
    assert_eq!(
        cs["record"], en["record"],
        "the record is the same in every language"
    );
    let ru = gm.read(&format!("/api/v1/games/{id}/history/0?lang=ru-RU"));
    assert!(
        ru["judge_form"]
            .as_str()
            .unwrap()
            .contains("Расположение юнитов:"),
        "{ru}"
    );
    let (st, b) = gm.get(&format!("/api/v1/games/{id}/history/0?lang=de"));
    assert_eq!(st, 422, "{b}");
}

/// The language and time zone are kept in the account, for every browser and the mail
/// gateway; a wrong one is refused with what is expected; an empty one unsets it.
#[test]
fn the_account_remembers_its_language_and_time_zone() {
    let dir = scratch("server_game", "prefs");
    for db in databases(&dir, "prefs") {
        let server = Server::start(&db);
        let ann = server.account("ann");
        let me = ann.read("/api/v1/me");
        assert_eq!(me["language"], Value::Null, "{me}");
        let (st, b) = ann.patch(
            "/api/v1/me",
            json!({"language": "cs", "time_zone": "Europe/Prague"}),
        );
        assert_eq!(st, 200, "{b}");
        let me = ann.read("/api/v1/me");
        assert_eq!(
            (me["language"].as_str(), me["time_zone"].as_str()),
            (Some("cs"), Some("Europe/Prague")),
            "{me}"
        );
        let (st, b) = ann.patch("/api/v1/me", json!({"language": "de"}));
        assert_eq!(st, 422, "{b}");
        assert!(b["message"].as_str().unwrap().contains("'de'"), "{b}");
        let (st, b) = ann.patch("/api/v1/me", json!({"time_zone": "Mars/Olympus"}));
        assert_eq!(st, 422, "{b}");
        // Only what is given changes; an empty value unsets.
        ann.patch("/api/v1/me", json!({"language": "ru"}));
        let me = ann.read("/api/v1/me");
        assert_eq!(
            (me["language"].as_str(), me["time_zone"].as_str()),
            (Some("ru"), Some("Europe/Prague")),
            "{me}"
        );
        ann.patch("/api/v1/me", json!({"time_zone": ""}));
        assert_eq!(ann.read("/api/v1/me")["time_zone"], Value::Null);
        // Another account is not touched.
        assert_eq!(
            server.account("bob").read("/api/v1/me")["language"],
            Value::Null
        );
        let (st, _) = server
            .client()
            .patch("/api/v1/me", json!({"language": "fr"}));
        assert_eq!(st, 401);
    }
}

/// Every sheet sent is kept and can be read back by its player, in the order sent, with
/// its phase, earlier phases too; the last of a phase is the one that counted.
#[test]
fn a_player_reads_back_every_sheet_sent_for_the_power_earlier_phases_too() {
    let dir = scratch("server_game", "sentsheets");
    for db in databases(&dir, "sentsheets") {
        let server = Server::start(&db);
        let (id, gm, players) =
            full_game(&server, "ss", "7", json!({"deadlines": {"kind": "manual"}}));
        let fr = of(&players, "France");
        submit(fr, &id, "France", "A Par H");
        submit(fr, &id, "France", "A Par - Pic");
        gm.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "France", "orders": "A Par - Bur\nA Mar - Spa\nF Bre - Mao"}),
        );
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
        wait_phase(&gm, &id, "F1901M", 15);
        submit(fr, &id, "France", "A Bur - Mun");
        let log = fr.read(&format!("/api/v1/games/{id}/sheets?power=France"));
        let got: Vec<(&str, &str, &str)> = log
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                (
                    x["phase"].as_str().unwrap(),
                    x["by"].as_str().unwrap(),
                    x["text"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("S1901M", "player", "A Par H"),
                ("S1901M", "player", "A Par - Pic"),
                (
                    "S1901M",
                    "game master",
                    "A Par - Bur\nA Mar - Spa\nF Bre - Mao"
                ),
                ("F1901M", "player", "A Bur - Mun"),
            ],
            "{log}"
        );
        // The last sheet of Spring counted.
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(units(&g, "France"), sorted(&["A bur", "A spa", "F mao"]));
        // Another player may not read them, nor may the game master's choice of words
        // name an account.
        let (st, _) =
            of(&players, "Germany").get(&format!("/api/v1/games/{id}/sheets?power=France"));
        assert_eq!(st, 403);
        assert!(!log.to_string().contains("ssp"), "an account named: {log}");
    }
}
