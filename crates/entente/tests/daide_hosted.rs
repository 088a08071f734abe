//! Issue 16, item 2: bots in the game master's games. A game keeps seats for bots; bots that
//! connect over DAIDE join the oldest game with a bot seat free (or a game opened for them
//! when none waits), people take the other seats on the web, and one game is played by both,
//! each through their own front end. Run on SQLite and on PostgreSQL, as the player, another
//! player, the game master, a stranger and a bot.

mod common;
use common::scratch;
use common::server::*;
use entente_daide::client::Client as Bot;
use entente_daide::Board;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

fn daide_addr(s: &Server) -> String {
    s.first_line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("daide://"))
        .unwrap_or_else(|| panic!("no DAIDE address in {:?}", s.first_line))
        .to_string()
}

fn bot(addr: &str) -> Bot {
    let board = Board::new(Arc::new(entente_map::Map::standard())).unwrap();
    Bot::connect(addr, board, Duration::from_secs(20)).expect("connect to the DAIDE server")
}

/// The units of `power` a NOW lists, each as its DAIDE text (`( AUS AMY BUD )`).
fn units_of(now: &str, power: &str) -> Vec<String> {
    let mut out = Vec::new();
    for ty in ["AMY", "FLT"] {
        let pat = format!("( {power} {ty} ");
        let mut from = 0;
        while let Some(i) = now[from..].find(&pat) {
            let start = from + i;
            let mut depth = 0;
            let mut end = start;
            for (j, c) in now[start..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = start + j + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            out.push(now[start..end].to_string());
            from = end;
        }
    }
    out
}

/// A server whose bots' games end after `last_year` and have no deadlines, and `n` holding
/// bots playing to the end.
type Holders = Vec<std::thread::JoinHandle<(String, Vec<String>)>>;
fn holders_to_the_end(db: &str, last_year: &str, n: usize) -> (Server, String, Holders) {
    let s = Server::start_with(
        db,
        &[
            "--daide",
            "127.0.0.1:0",
            "--daide-move-secs",
            "0",
            "--daide-last-year",
            last_year,
        ],
    );
    let addr = daide_addr(&s);
    let bots = (0..n)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || holding_bot(addr, format!("Holder{i}"), "SPR #1950"))
        })
        .collect();
    (s, addr, bots)
}

/// A bot that joins and waits for its HLO: the bot, its power, its HLO.
fn joined_bot(addr: &str, name: &str) -> (Bot, String, String) {
    let mut b = bot(addr);
    b.send(&format!("NME ( '{name}' ) ( '1.0' )")).unwrap();
    let (yes, _) = b.until("YES ( NME").unwrap();
    assert!(yes.contains(name));
    b.until("MAP ( 'standard' )").unwrap();
    b.send("YES ( MAP ( 'standard' ) )").unwrap();
    let (hlo, _) = b.until("HLO").unwrap();
    let power = hlo[6..9].to_string();
    (b, power, hlo)
}

/// A bot that holds (and disbands what is dislodged), until the NOW of `last` or the end;
/// returns its power and every message it got.
fn holding_bot(addr: String, name: String, last: &'static str) -> (String, Vec<String>) {
    let (b, power, hlo) = joined_bot(&addr, &name);
    let log = hold(b, &power, last, vec![hlo]);
    (power, log)
}

/// Plays `power` holding, from the next message on.
fn hold(mut b: Bot, power: &str, last: &str, mut log: Vec<String>) -> Vec<String> {
    loop {
        let Some(m) = b.recv().unwrap() else {
            return log;
        };
        log.push(m.clone());
        if m.starts_with("NOW") {
            if m.starts_with(&format!("NOW ( {last} )")) {
                return log;
            }
            let retreat = m.starts_with("NOW ( SUM") || m.starts_with("NOW ( AUT");
            let orders: Vec<String> = units_of(&m, power)
                .into_iter()
                .filter_map(|u| match (retreat, u.find(" MRT ")) {
                    (true, Some(i)) => Some(format!("( {} ) DSB", &u[..i])),
                    (false, None) => Some(format!("( {u} HLD )")),
                    _ => None,
                })
                .map(|o| {
                    if o.starts_with("( (") {
                        o
                    } else {
                        format!("( {o} )")
                    }
                })
                .collect();
            if !orders.is_empty() && !m.starts_with("NOW ( WIN") {
                b.send(&format!("SUB {}", orders.join(" "))).unwrap();
            }
        }
    }
}

fn game_with_bot_seats(gm: &Client, bot_seats: u32) -> String {
    let g = gm.ok(
        "/api/v1/games",
        json!({"title": "People and bots", "bot_seats": bot_seats, "press": "none",
               "deadlines": {"kind": "manual"}}),
    );
    g["id"].as_str().unwrap().to_string()
}

#[test]
fn bots_and_people_play_one_game_of_the_server() {
    let dir = scratch("daide_hosted", "people");
    for db in databases(&dir, "daide_people") {
        let s = Server::start_with(&db, &["--daide", "127.0.0.1:0", "--daide-move-secs", "0"]);
        let addr = daide_addr(&s);
        let gm = s.account("gm");
        let id = game_with_bot_seats(&gm, 5);
        // A game may not keep more seats for bots than it has, nor give bots seats by
        // preference lists they cannot send.
        let (st, b) = gm.post("/api/v1/games", json!({"title": "x", "bot_seats": 8}));
        assert_eq!(st, 422, "{b}");
        let (st, b) = gm.post(
            "/api/v1/games",
            json!({"title": "x", "bot_seats": 2, "assignment": "preferences"}),
        );
        assert_eq!(st, 422, "{b}");

        let ann = s.account("ann");
        let bob = s.account("bob");
        let cy = s.account("cy");
        ann.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
        bob.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
        // The other five seats are the bots'.
        let (st, b) = cy.post(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
        assert_eq!(st, 409, "a person in a bot's seat: {b}");

        let bots: Vec<_> = (0..5)
            .map(|i| {
                let addr = addr.clone();
                std::thread::spawn(move || holding_bot(addr, format!("Holder{i}"), "FAL #1901"))
            })
            .collect();
        wait_for(60, "the game to start", || {
            gm.read(&format!("/api/v1/games/{id}"))["status"] == "active"
        });
        let game = ann.read(&format!("/api/v1/games/{id}"));
        let ann_power = game["my_powers"][0].as_str().unwrap().to_string();
        let bob_power = bob.read(&format!("/api/v1/games/{id}"))["my_powers"][0]
            .as_str()
            .unwrap()
            .to_string();
        // Ann orders one unit to hold, Bob sends nothing; both say they are ready.
        let unit = game["position"]["units"][&ann_power][0]
            .as_str()
            .unwrap()
            .to_string();
        ann.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": ann_power, "orders": format!("{unit} H")}),
        );
        ann.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        bob.ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
        wait_for(60, "Spring 1901 to be adjudicated", || {
            gm.read(&format!("/api/v1/games/{id}/history"))
                .as_array()
                .is_some_and(|h| !h.is_empty())
        });
        // Fall 1901: the people are ready again, the bots hold again.
        wait_for(30, "Fall 1901", || {
            ann.read(&format!("/api/v1/games/{id}"))["phase"]
                .as_str()
                .is_some_and(|p| p.starts_with("F1901"))
        });
        let logs: Vec<(String, Vec<String>)> =
            bots.into_iter().map(|t| t.join().unwrap()).collect();
        let bot_powers: Vec<&str> = logs.iter().map(|(p, _)| p.as_str()).collect();
        let daide = |name: &str| name[..3].to_ascii_uppercase();
        assert!(!bot_powers.contains(&daide(&ann_power).as_str()));
        assert!(!bot_powers.contains(&daide(&bob_power).as_str()));
        for (power, log) in &logs {
            // Every bot saw Ann's order in the results, with its result.
            let ann_ord = format!("ORD ( SPR #1901 ) ( ( {} ", daide(&ann_power));
            assert!(
                log.iter()
                    .any(|m| m.starts_with(&ann_ord) && m.ends_with("HLD ) ( SUC )")),
                "{power} never saw Ann's order: {log:?}"
            );
            // And its own.
            let own = format!("ORD ( SPR #1901 ) ( ( {power} ");
            assert!(log.iter().any(|m| m.starts_with(&own)), "{power}: {log:?}");
        }
        // The people see the bots' orders in the judge form, once adjudicated.
        let judge = ann.read(&format!("/api/v1/games/{id}/history/0"))["judge_form"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(judge.to_lowercase().contains("hold"), "{judge}");
        // A bot's sheet is its own: another player may not read it, the game master may.
        let bot_power = [
            "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
        ]
        .into_iter()
        .find(|p| *p != ann_power && *p != bob_power)
        .unwrap();
        let (st, _) = ann.get(&format!("/api/v1/games/{id}/orders?power={bot_power}"));
        assert_eq!(st, 403, "Ann read {bot_power}'s sheet");
        let (st, b) = gm.get(&format!("/api/v1/games/{id}/sheets?power={bot_power}"));
        assert_eq!(st, 200, "{b}");
        assert!(
            b.to_string().contains(" H"),
            "the bot's sheets as the game master sees them: {b}"
        );
        let (st, _) = s
            .client()
            .get(&format!("/api/v1/games/{id}/orders?power={bot_power}"));
        assert!(
            st == 401 || st == 403,
            "a stranger read a bot's sheet: {st}"
        );
        // Nobody signs in as a bot.
        let (st, _) = s.client().post(
            "/api/v1/tokens",
            json!({"name": "bot:house", "password": "!"}),
        );
        assert_eq!(st, 401);
    }
}

#[test]
fn bots_get_a_game_of_their_own_when_none_is_waiting_and_play_it_to_its_end() {
    let dir = scratch("daide_hosted", "own");
    for db in databases(&dir, "daide_own") {
        let (s, addr, bots) = holders_to_the_end(&db, "1901", 7);
        let logs: Vec<(String, Vec<String>)> =
            bots.into_iter().map(|t| t.join().unwrap()).collect();
        let mut powers: Vec<&str> = logs.iter().map(|(p, _)| p.as_str()).collect();
        powers.sort();
        assert_eq!(powers, ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"]);
        for (p, log) in &logs {
            assert!(
                log.iter().any(|m| m.starts_with("SMR ( FAL #1901 )")),
                "{p}: {log:?}"
            );
            assert_eq!(log.last().map(String::as_str), Some("OFF"), "{p}");
        }
        // The game is the server's: listed, finished, its history kept for everyone.
        let reader = s.account("reader");
        let games = reader.read("/api/v1/games");
        let g: &Value = games
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["title"] == "Bots over DAIDE")
            .unwrap_or_else(|| panic!("no bots' game listed: {games}"));
        assert_eq!(g["status"], "finished", "{g}");
        let id = g["id"].as_str().unwrap();
        // A stranger follows it as an observer, as any game.
        let (st, _) = reader.get(&format!("/api/v1/games/{id}/history"));
        assert_eq!(st, 403);
        reader.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "observer"}),
        );
        let (st, h) = reader.get(&format!("/api/v1/games/{id}/history"));
        assert_eq!(st, 200, "{h}");
        assert_eq!(h.as_array().map(Vec::len), Some(2), "S1901 and F1901: {h}");
        // An eighth bot finds no game waiting: a new one is opened for it.
        let mut late = bot(&addr);
        late.send("NME ( 'Late' ) ( '1.0' )").unwrap();
        late.until("YES ( NME").unwrap();
        wait_for(30, "a second bots' game", || {
            reader
                .read("/api/v1/games")
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| g["title"] == "Bots over DAIDE")
                .count()
                == 2
        });
    }
}

#[test]
fn a_bot_that_leaves_holds_nothing_up_and_comes_back_with_its_passcode() {
    let dir = scratch("daide_hosted", "leaver");
    for db in databases(&dir, "daide_leaver") {
        let (s, addr, bots) = holders_to_the_end(&db, "1903", 6);
        // The seventh takes its seat and goes away at once.
        let (leaver, power, hlo) = joined_bot(&addr, "Leaver");
        let passcode = hlo
            .split("( #")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .unwrap()
            .to_string();
        drop(leaver);
        // Without it, the game goes on (there is no deadline: it is not waited for).
        let watcher = s.account("watcher");
        wait_for(60, "the game to go on without the bot that left", || {
            watcher
                .read("/api/v1/games")
                .as_array()
                .unwrap()
                .iter()
                .any(|g| {
                    g["title"] == "Bots over DAIDE"
                        && g["phase"].as_str().is_some_and(|p| p != "S1901M")
                })
        });
        // A stranger with a wrong passcode is refused; the bot comes back with its own.
        let mut stranger = bot(&addr);
        stranger
            .send(&format!(
                "IAM ( {power} ) ( #{} )",
                passcode.parse::<i32>().unwrap() % 8191 + 1
            ))
            .unwrap();
        let (rej, _) = stranger.until("REJ").unwrap();
        assert!(rej.starts_with("REJ ( IAM"), "{rej}");
        let mut back = bot(&addr);
        back.send(&format!("IAM ( {power} ) ( #{passcode} )"))
            .unwrap();
        let (yes, _) = back.until("YES").unwrap();
        assert!(yes.starts_with("YES ( IAM"), "{yes}");
        back.send("NOW").unwrap();
        let log = hold(back, &power, "SPR #1950", Vec::new());
        assert!(log.iter().any(|m| m.starts_with("SMR")), "{log:?}");
        assert_eq!(log.last().map(String::as_str), Some("OFF"));
        for t in bots {
            let (p, log) = t.join().unwrap();
            assert_eq!(log.last().map(String::as_str), Some("OFF"), "{p}");
        }
    }
}

/// The bots' games as the games list has them: (status, players joined).
fn bots_games(reader: &Client) -> Vec<(String, u64)> {
    reader
        .read("/api/v1/games")
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["title"] == "Bots over DAIDE")
        .map(|g| {
            (
                g["status"].as_str().unwrap_or("").to_string(),
                g["joined"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn bots_that_name_themselves_and_leave_give_their_seats_back() {
    // Issue 31: ten connections that sent NME and went kept their seats, and seven honest
    // bots then waited for the five-minute deadline every phase. The server's deadlines here
    // are its default five minutes: a phase held up by a seat nobody plays would take that
    // long (and the bots' reads give up after 20 s).
    let dir = scratch("daide_hosted", "ghosts");
    for db in databases(&dir, "daide_ghosts") {
        let s = Server::start_with(
            &db,
            &["--daide", "127.0.0.1:0", "--daide-last-year", "1901"],
        );
        let addr = daide_addr(&s);
        let reader = s.account("reader");
        for i in 0..10 {
            let mut ghost = bot(&addr);
            ghost
                .send(&format!("NME ( 'Ghost{i}' ) ( '1.0' )"))
                .unwrap();
            ghost.until("YES ( NME").unwrap();
            drop(ghost);
        }
        // Their seats are given back: no game of theirs started, none keeps one of them.
        let t0 = std::time::Instant::now();
        let given_back = || {
            bots_games(&reader)
                .iter()
                .all(|(status, joined)| status == "forming" && *joined == 0)
        };
        while !given_back() && t0.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let games = bots_games(&reader);
        // Seven honest bots play a game to its end, none waiting for a deadline.
        let t0 = std::time::Instant::now();
        let honest: Vec<_> = (0..7)
            .map(|i| {
                let addr = addr.clone();
                std::thread::spawn(move || holding_bot(addr, format!("Honest{i}"), "SPR #1950"))
            })
            .collect();
        for t in honest {
            let (p, log) = t.join().expect("an honest bot played to the end");
            assert!(log.iter().any(|m| m.starts_with("SMR")), "{p}: {log:?}");
            assert_eq!(log.last().map(String::as_str), Some("OFF"), "{p}");
        }
        assert!(
            t0.elapsed() < Duration::from_secs(120),
            "the game took {:?}",
            t0.elapsed()
        );
        assert!(
            games
                .iter()
                .all(|(status, joined)| status == "forming" && *joined == 0),
            "seats kept by bots that left: {games:?}"
        );

        // A bot whose NME makes up a game and which goes at once: its power is in civil
        // disorder, and the six others are not held up by it.
        let six: Vec<_> = (0..6)
            .map(|i| {
                let addr = addr.clone();
                std::thread::spawn(move || holding_bot(addr, format!("Stays{i}"), "SPR #1950"))
            })
            .collect();
        wait_for(30, "six bots in a new game", || {
            bots_games(&reader)
                .iter()
                .any(|(status, joined)| status == "forming" && *joined == 6)
        });
        let mut ghost = bot(&addr);
        ghost.send("NME ( 'Completes' ) ( '1.0' )").unwrap();
        drop(ghost);
        let t0 = std::time::Instant::now();
        for t in six {
            let (p, log) = t.join().expect("a bot played to the end");
            assert_eq!(log.last().map(String::as_str), Some("OFF"), "{p}: {log:?}");
        }
        assert!(t0.elapsed() < Duration::from_secs(120));
    }
}

#[test]
fn the_daide_connection_caps_are_set_by_the_serve_flags() {
    // A club that runs many bots from one machine raises the cap per address
    // (`--daide-max-per-address`); here it is lowered to 2: the third line from 127.0.0.1 is
    // told OFF and closed, and once one of the two goes another is served again. The server
    // is on SQLite only: the caps are the DAIDE listener's, not the database's.
    let dir = scratch("daide_hosted", "caps");
    let db = format!("sqlite:{}", dir.join("daide_caps.db").display());
    let s = Server::start_with(
        &db,
        &["--daide", "127.0.0.1:0", "--daide-max-per-address", "2"],
    );
    let addr = daide_addr(&s);
    let first = bot(&addr);
    let mut second = bot(&addr);
    second.send("NME ( 'Second' ) ( '1.0' )").unwrap();
    second.until("YES ( NME").unwrap();
    let mut third = bot(&addr);
    let (off, _) = third.until("OFF").expect("the third line is told OFF");
    assert_eq!(off, "OFF");
    assert!(
        matches!(third.recv(), Ok(None) | Err(_)),
        "the third line is closed after OFF"
    );
    drop(first);
    // The server notices the first line went; poll until a new one is served.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let mut again = bot(&addr);
        again.send("NME ( 'Again' ) ( '1.0' )").unwrap();
        match again.until("YES ( NME") {
            Ok(_) => break,
            Err(e) if std::time::Instant::now() < deadline => {
                let _ = e;
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(e) => panic!("no line served again after one went: {e}"),
        }
    }
}
