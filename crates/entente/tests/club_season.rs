//! The club through the server's API (issue 17), on every database the tests run on:
//! members apply and are approved, leagues with a season each (one per scoring system) play
//! short gunboat games to their end, and the standings match values computed by hand; the
//! season closed keeps its table; the ratings and tables rebuilt from the stored results
//! equal those kept; and who may see and do what (administrator, member, applicant,
//! stranger).

mod common;
use common::club::{gunboat_league, join_club};
use common::scratch;
use common::server::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Who plays which power in a game: the power's name, the player's index.
type Seats = BTreeMap<String, usize>;

const PLAYERS: [&str; 7] = ["ann", "ben", "cat", "dan", "eva", "fay", "gus"];

/// Creates a gunboat game as `gm`, has the seven join, and returns its id and who plays
/// which power.
fn gunboat_game(gm: &Client, players: &[Client], title: &str) -> (String, BTreeMap<String, usize>) {
    gunboat_game_with(gm, players, title, json!({}))
}

/// [`gunboat_game`] with more options (`rated`).
fn gunboat_game_with(
    gm: &Client,
    players: &[Client],
    title: &str,
    more: Value,
) -> (String, BTreeMap<String, usize>) {
    let mut options =
        json!({"title": title, "press": "none", "deadlines": {"kind": "manual"}, "end_year": 1901});
    for (k, v) in more.as_object().unwrap() {
        options[k] = v.clone();
    }
    let id = gm.ok("/api/v1/games", options)["id"]
        .as_str()
        .unwrap()
        .to_string();
    for p in players {
        p.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
    }
    let mut powers = BTreeMap::new();
    for (i, p) in players.iter().enumerate() {
        let g = p.read(&format!("/api/v1/games/{id}"));
        let mine = g["my_powers"].as_array().unwrap();
        assert_eq!(mine.len(), 1, "{g}");
        powers.insert(mine[0].as_str().unwrap().to_string(), i);
    }
    (id, powers)
}

/// Plays the game to its end as a short game of 1901: every unit holds (nobody sends
/// orders; the game master adjudicates), so the centres stay the home centres and Russia,
/// with four units, leads alone.
fn play_short(gm: &Client, id: &str) {
    for _ in 0..6 {
        let g = gm.read(&format!("/api/v1/games/{id}"));
        if g["status"] == "finished" {
            return;
        }
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
    }
    let g = gm.read(&format!("/api/v1/games/{id}"));
    assert_eq!(g["status"], "finished", "{g}");
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

/// Per power, the points of the two games each league plays, computed by hand.
/// Game A: a draw of England, France and Russia at the start (Russia 4 centres, the others
/// 3). Game B: the short game, a draw of Russia alone, the same centres.
fn expected(system: &str, game: char, power: &str) -> f64 {
    let russia = power == "Russia";
    let in_a = matches!(power, "England" | "France" | "Russia");
    match (system, game) {
        ("draw-size", 'A') => {
            if in_a {
                100.0 / 3.0
            } else {
                0.0
            }
        }
        ("draw-size", _) => {
            if russia {
                100.0
            } else {
                0.0
            }
        }
        // 6 × 3² + 4² = 70: every power on the board scores, in the draw or not.
        ("sum-of-squares", _) => {
            if russia {
                1600.0 / 70.0
            } else {
                900.0 / 70.0
            }
        }
        // 1 for playing + centres + Russia's 38 for first; the six tied second share
        // 14 + 7.
        ("c-diplo", _) => {
            if russia {
                1.0 + 4.0 + 38.0
            } else {
                1.0 + 3.0 + 21.0 / 6.0
            }
        }
        _ => unreachable!(),
    }
}

/// The ratings after the first game, computed by hand with Weng and Lin's Bradley-Terry
/// update (their Algorithm 1, the `skillratings` defaults: μ = 25, σ = 25/3, β = 25/6,
/// γ = σ/c). Every member starts equal: against each opponent c = √(2σ² + 2β²), the
/// expected score p = 1/2, and the score s is 1 for a better rank, 1/2 for the same rank,
/// 0 for a worse one. England, France and Russia share the draw (rank 1), the four others
/// rank 2 together. So μ' = μ + (σ²/c) Σ (s − p): 25 + 4 × ½ × σ²/c for the three, and
/// 25 − 3 × ½ × σ²/c for the four; and σ' = σ √(1 − Σ (σ/c)(σ²/c²) p(1 − p)), six
/// opponents of ¼ each.
fn first_game_ratings(stranger: &Client, ids: &[i64], powers: &BTreeMap<String, usize>) {
    let sigma: f64 = 25.0 / 3.0;
    let beta: f64 = 25.0 / 6.0;
    let c = (2.0 * sigma * sigma + 2.0 * beta * beta).sqrt();
    let step = sigma * sigma / c;
    let winner = 25.0 + 4.0 * 0.5 * step;
    let loser = 25.0 - 3.0 * 0.5 * step;
    let new_sigma = sigma * (1.0 - 6.0 * 0.25 * (sigma / c).powi(3)).sqrt();
    // 35.54 and 17.09, σ 6.56.
    assert!((winner - 35.541).abs() < 1e-3 && (loser - 17.094).abs() < 1e-3);
    let table = ratings_of(&stranger.read("/api/v1/club/ratings"));
    assert_eq!(table.len(), 7);
    for (power, &i) in powers {
        let row = table.iter().find(|r| r.0 == ids[i]).unwrap();
        let want = if matches!(power.as_str(), "England" | "France" | "Russia") {
            winner
        } else {
            loser
        };
        assert!(
            (row.1 - want).abs() < 1e-6,
            "{power}: μ {} not {want}",
            row.1
        );
        assert!(
            (row.2 - new_sigma).abs() < 1e-6,
            "{power}: σ {} not {new_sigma}",
            row.2
        );
        assert_eq!(row.3, 1);
    }
}

/// Finished games of full press in the archive: anyone downloads their record and their
/// saved game in the `diplomacy` package's format, with the public press only unless the
/// game opens its private press at the end; the game's players get the whole record.
fn downloads(admin: &Client, players: &[Client], stranger: &Client) {
    for open in [false, true] {
        download(admin, players, stranger, open);
    }
}

/// One game of [`downloads`]; `open`: its private press is open to everyone at the end.
fn download(admin: &Client, players: &[Client], stranger: &Client, open: bool) {
    let id = admin.ok(
        "/api/v1/games",
        json!({"title": "full press", "deadlines": {"kind": "manual"}, "open_press_at_end": open}),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    for p in players {
        p.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
    }
    let mine = |c: &Client| {
        c.read(&format!("/api/v1/games/{id}"))["my_powers"][0]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (a, b) = (mine(&players[0]), mine(&players[1]));
    players[0].ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": a, "to": [b], "text": "ZQX private word"}),
    );
    players[0].ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": a, "to": ["all"], "text": "ZQX public word"}),
    );
    admin.ok(&format!("/api/v1/games/{id}/gm"), json!({"act": "draw"}));
    for what in ["record", "saved-game"] {
        let (st, text) = stranger.get_text(&format!("/api/v1/club/archive/{id}/{what}"));
        assert_eq!(st, 200, "{what}: {text}");
        assert!(text.contains("ZQX public word"), "{what}: {text}");
        assert_eq!(text.contains("ZQX private word"), open, "{what}: {text}");
    }
    let saved: Value = serde_json::from_str(
        &stranger
            .get_text(&format!("/api/v1/club/archive/{id}/saved-game"))
            .1,
    )
    .unwrap();
    assert_eq!(saved["id"], id.as_str(), "{saved}");
    let whole = players[1].get_text(&format!("/api/v1/games/{id}/record")).1;
    assert!(whole.contains("ZQX private word"), "{whole}");
    let (st, _) = stranger.get_text(&format!("/api/v1/club/archive/{id}/pdf"));
    assert_eq!(st, 404);
}

/// Spoils the derived data in the server's database: the ratings' cache emptied, every
/// score of the kept season tables set to zero.
fn spoil(database: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Row;
        let db = entente_service::Db::open(database).await.unwrap();
        sqlx::query("UPDATE club_ratings SET ratings = $1")
            .bind(r#"{"members": {}}"#)
            .execute(&db.pool)
            .await
            .unwrap();
        let rows = sqlx::query("SELECT league_id, season_id, standings FROM club_season_tables")
            .fetch_all(&db.pool)
            .await
            .unwrap();
        assert_eq!(rows.len(), 1);
        for r in rows {
            let (league, season, text): (String, String, String) =
                (r.get(0), r.get(1), r.get(2));
            let mut t: Value = serde_json::from_str(&text).unwrap();
            for row in t["rows"].as_array_mut().unwrap() {
                row["score"] = json!(0.0);
            }
            sqlx::query(
                "UPDATE club_season_tables SET standings = $1 WHERE league_id = $2 AND season_id = $3",
            )
            .bind(t.to_string())
            .bind(league)
            .bind(season)
            .execute(&db.pool)
            .await
            .unwrap();
        }
        db.pool.close().await;
        db.writer.close().await;
    });
}

/// A page as a browser reading `lang` gets it.
fn page(server: &Server, path: &str, lang: &str) -> String {
    let r = ureq::get(&format!("{}{path}", server.base))
        .set("Accept-Language", lang)
        .call()
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    assert_eq!(r.status(), 200, "{path}");
    r.into_string().unwrap()
}

/// The club's pages show the season's standings, the ratings, the hall of fame and the
/// archive, in English and in Czech.
fn pages(server: &Server, seats: &BTreeMap<&str, Vec<(char, Seats)>>, ids: &[i64]) {
    for (lang, words) in [
        (
            "en",
            [
                "Klub Entente",
                "Hall of fame",
                "Eternal battlefield",
                "Archive",
                "closed",
            ],
        ),
        (
            "cs",
            [
                "Klub Entente",
                "Síň slávy",
                "Věčné bojiště",
                "Archiv",
                "uzavřena",
            ],
        ),
    ] {
        let home = page(server, "/club", lang);
        assert!(
            home.contains("<h1>Rules</h1>") && home.contains("<em>nice</em>"),
            "{home}"
        );
        assert!(home.contains(words[0]), "{lang}: {home}");
        let fame = page(server, "/club/fame", lang);
        assert!(fame.contains(words[1]), "{lang}: {fame}");
        assert!(fame.contains("Russia"), "{lang}: {fame}");
        let ratings = page(server, "/club/ratings", lang);
        assert!(ratings.contains(words[2]), "{lang}: {ratings}");
        for name in PLAYERS {
            assert!(
                ratings.contains(&format!(">{name}</a>")),
                "{lang}: {name} {ratings}"
            );
        }
        let running = page(server, "/club/games", lang);
        let title = if lang == "cs" {
            "Probíhající hry"
        } else {
            "Running games"
        };
        assert!(running.contains(title), "{lang}: {running}");
        let archive = page(server, "/club/archive", lang);
        assert!(archive.contains(words[3]), "{lang}: {archive}");
        assert_eq!(archive.matches("/games/g").count(), 6, "{lang}: {archive}");
        // The closed season's table: each member's score as computed by hand, to two
        // decimals.
        let season = page(server, "/club/leagues/draw-size/2026", lang);
        assert!(season.contains(words[4]), "{lang}: {season}");
        let mut want: BTreeMap<i64, f64> = BTreeMap::new();
        for (game, powers) in &seats["draw-size"] {
            for (power, &i) in powers {
                *want.entry(ids[i]).or_default() += expected("draw-size", *game, power);
            }
        }
        for (member, score) in want {
            let cell = format!("<td class=\"score\">{score:.2}</td>");
            assert!(
                season.contains(&cell),
                "{lang}: member {member} {cell}: {season}"
            );
        }
    }
}

fn status(c: &Client, method: &str, path: &str, body: Value) -> (u16, Value) {
    match method {
        "GET" => c.get(path),
        "POST" => c.post(path, body),
        "PATCH" => c.patch(path, body),
        _ => unreachable!(),
    }
}

fn ratings_of(v: &Value) -> Vec<(i64, f64, f64, u64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["member"].as_i64().unwrap(),
                r["mu"].as_f64().unwrap(),
                r["sigma"].as_f64().unwrap(),
                r["games"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn season_scores(v: &Value) -> Vec<(i64, f64, u64)> {
    v["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["member"].as_i64().unwrap(),
                r["score"].as_f64().unwrap(),
                r["place"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn run(database: &str) {
    let server = Server::start(database);
    let stranger = server.client();
    // The first account founds the club.
    let admin = server.account("boss");
    let club = admin.read("/api/v1/club");
    assert_eq!(club["me"]["admin"], true, "{club}");
    assert_eq!(club["me"]["state"], "active", "{club}");

    // Members apply and are approved; one applicant waits; one is rejected.
    let players: Vec<Client> = PLAYERS.iter().map(|n| server.account(n)).collect();
    let mut ids = Vec::new();
    for (p, name) in players.iter().zip(PLAYERS) {
        let a = p.ok(
            "/api/v1/club/apply",
            json!({"country": "CZ", "languages": ["cs", "en"], "message": "hello"}),
        );
        assert_eq!(a["state"], "applied");
        ids.push(p.read("/api/v1/me")["id"].as_i64().unwrap());
        let _ = name;
    }
    let applicant = server.account("zed");
    applicant.ok("/api/v1/club/apply", json!({}));
    let zed = applicant.read("/api/v1/me")["id"].as_i64().unwrap();
    let rejected = server.account("yan");
    rejected.ok("/api/v1/club/apply", json!({}));
    let yan = rejected.read("/api/v1/me")["id"].as_i64().unwrap();
    let apps = admin.read("/api/v1/club/applications");
    assert_eq!(apps.as_array().unwrap().len(), 9, "{apps}");
    for id in &ids {
        let m = admin.ok(
            &format!("/api/v1/club/members/{id}/act"),
            json!({"act": "approve"}),
        );
        assert_eq!(m["state"], "active");
    }
    admin.ok(
        &format!("/api/v1/club/members/{yan}/act"),
        json!({"act": "reject", "reason": "no"}),
    );
    admin.ok(
        &format!("/api/v1/club/members/{}/act", ids[0]),
        json!({"act": "appoint-game-master"}),
    );
    let member = &players[0];

    // Who sees and does what.
    let admin_only = [
        ("GET", "/api/v1/club/log".to_string(), json!(null)),
        ("GET", "/api/v1/club/applications".to_string(), json!(null)),
        (
            "POST",
            format!("/api/v1/club/members/{zed}/act"),
            json!({"act": "approve"}),
        ),
        ("POST", "/api/v1/club/recompute".to_string(), json!(null)),
        (
            "POST",
            "/api/v1/club/leagues".to_string(),
            json!({"id": "x", "name": "x", "rules": {"variant": "standard", "press": "gunboat", "deadlines": "", "games_per_member": 1, "scoring": "draw-size", "aggregate": {"kind": "sum"}}}),
        ),
        (
            "PATCH",
            "/api/v1/club".to_string(),
            json!({"name": "Hijacked"}),
        ),
    ];
    for (method, path, body) in &admin_only {
        let (st, b) = status(&stranger, method, path, body.clone());
        assert_eq!(st, 401, "stranger {method} {path}: {b}");
        assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()), "{b}");
        for (who, c) in [("member", member), ("applicant", &applicant)] {
            let (st, b) = status(c, method, path, body.clone());
            assert_eq!(st, 403, "{who} {method} {path}: {b}");
            assert!(
                b["message"].as_str().unwrap().contains("administrators"),
                "{b}"
            );
        }
    }
    for (who, c) in [("stranger", &stranger), ("member", member)] {
        let list = c.read("/api/v1/club/members");
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.len(), 8, "{who}: {list}");
        assert!(
            !names.contains(&"zed") && !names.contains(&"yan"),
            "{who}: {list}"
        );
        let (st, _) = c.get(&format!("/api/v1/club/members/{zed}"));
        assert_eq!(st, 404, "{who} reads an applicant's profile");
    }
    let all = admin.read("/api/v1/club/members");
    assert_eq!(all.as_array().unwrap().len(), 10, "{all}");
    assert_eq!(
        applicant.read(&format!("/api/v1/club/members/{zed}"))["state"],
        "applied"
    );
    assert_eq!(applicant.read("/api/v1/club")["me"]["state"], "applied");
    assert_eq!(stranger.read("/api/v1/club")["me"], Value::Null);
    let (st, _) = stranger.post("/api/v1/club/apply", json!({}));
    assert_eq!(st, 401);
    let (st, b) = member.post("/api/v1/club/apply", json!({}));
    assert_eq!(st, 409, "{b}");
    // A member's own settings.
    let me = member.patch(
        "/api/v1/club/me",
        json!({"settings": {"language": "cs", "time_zone": "Europe/Prague", "phase_mail": true, "hide_country": true}}),
    );
    assert_eq!(me.0, 200, "{}", me.1);
    // The language and time zone are the account's too.
    let account = member.read("/api/v1/me");
    assert_eq!(account["language"], "cs", "{account}");
    assert_eq!(account["time_zone"], "Europe/Prague", "{account}");
    let (st, b) = member.patch("/api/v1/club/me", json!({"settings": {"language": "xx"}}));
    assert_eq!(st, 422, "{b}");
    let profile = stranger.read(&format!("/api/v1/club/members/{}", ids[0]));
    assert_eq!(profile["country"], Value::Null, "hidden country: {profile}");
    assert_eq!(profile["game_master"], true);
    let (st, _) = applicant.patch("/api/v1/club/me", json!({"country": "FR"}));
    assert_eq!(st, 409);
    // The club's pages, edited by an administrator.
    let c = admin.patch(
        "/api/v1/club",
        json!({"name": "Klub Entente", "logo_text": "KE", "rules_md": "# Rules\n\nBe *nice*."}),
    );
    assert_eq!(c.0, 200, "{}", c.1);
    assert_eq!(stranger.read("/api/v1/club")["name"], "Klub Entente");

    // Three leagues, one per scoring system, each with a season of two gunboat games.
    let systems = ["draw-size", "sum-of-squares", "c-diplo"];
    let mut seats: BTreeMap<&str, Vec<(char, Seats)>> = BTreeMap::new();
    for system in systems {
        admin.ok(
            "/api/v1/club/leagues",
            json!({"id": system, "name": format!("Gunboat ({system})"), "rules": {
                "variant": "standard", "press": "gunboat", "deadlines": "manual",
                "games_per_member": 2, "scoring": system, "aggregate": {"kind": "sum"}}}),
        );
        admin.ok(
            &format!("/api/v1/club/leagues/{system}/seasons"),
            json!({"id": "2026", "name": "26"}),
        );
        for game in ['A', 'B'] {
            let (id, powers) = gunboat_game(&admin, &players, &format!("{system} {game}"));
            let (st, b) = member.post(
                &format!("/api/v1/club/leagues/{system}/seasons/2026/games"),
                json!({"game": id}),
            );
            assert_eq!(st, 403, "{b}");
            admin.ok(
                &format!("/api/v1/club/leagues/{system}/seasons/2026/games"),
                json!({"game": id}),
            );
            if system == "draw-size" && game == 'A' {
                // Running: its phase for anyone, who plays whom for no one (revealed at
                // the end).
                let running = stranger.read("/api/v1/club/games");
                let g = running
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|g| g["id"] == id.as_str())
                    .unwrap_or_else(|| panic!("{id} not running: {running}"));
                assert_eq!(g["status"], "active", "{g}");
                assert_eq!(g["phase"], "S1901M", "{g}");
                let seats = g["players"].as_array().unwrap();
                assert_eq!(seats.len(), 7, "{g}");
                assert!(seats.iter().all(|p| p["player"].is_null()), "{g}");
            }
            if game == 'A' {
                admin.ok(
                    &format!("/api/v1/games/{id}/gm"),
                    json!({"act": "draw", "powers": ["England", "France", "Russia"]}),
                );
            } else {
                play_short(&admin, &id);
            }
            if system == "draw-size" && game == 'A' {
                first_game_ratings(&stranger, &ids, &powers);
            }
            seats.entry(system).or_default().push((game, powers));
        }
    }

    // The archive and the hall of fame show the six games.
    let archive = stranger.read("/api/v1/club/archive");
    let rows = archive.as_array().unwrap();
    assert_eq!(rows.len(), 6, "{archive}");
    assert!(rows.iter().all(|r| r["outcome"] == "draw"), "{archive}");
    let shorts: Vec<&Value> = rows
        .iter()
        .filter(|r| r["winners"] == json!(["Russia"]))
        .collect();
    assert_eq!(shorts.len(), 3, "{archive}");
    assert!(shorts.iter().all(|r| r["end_year"] == 1901), "{archive}");
    let fame = stranger.read("/api/v1/club/fame");
    assert_eq!(
        fame["fame"]["overall"]["solos"].as_array().unwrap().len(),
        0
    );
    // Three 3-way draws and three 1-way draws: twelve shares, the 1-way first.
    let draws = fame["fame"]["overall"]["draws"].as_array().unwrap();
    assert_eq!(draws.len(), 12, "{fame}");
    assert_eq!(draws[0]["outcome"], json!({"kind": "draw", "size": 1}));
    assert_eq!(draws[0]["power"], "Russia");
    assert_eq!(
        fame["fame"]["by_variant"]["standard"]["draws"]
            .as_array()
            .unwrap()
            .len(),
        12
    );

    // Standings, computed by hand.
    for system in systems {
        let mut want: BTreeMap<i64, f64> = BTreeMap::new();
        for (game, powers) in &seats[system] {
            for (power, &i) in powers {
                *want.entry(ids[i]).or_default() += expected(system, *game, power);
            }
        }
        let season = stranger.read(&format!("/api/v1/club/leagues/{system}/seasons/2026"));
        assert_eq!(season["closed"], false);
        assert_eq!(season["games"].as_array().unwrap().len(), 2);
        let rows = season_scores(&season);
        assert_eq!(rows.len(), 7, "{season}");
        for (member, score, _) in &rows {
            assert!(
                close(*score, want[member]),
                "{system}: member {member} scores {score}, not {}",
                want[member]
            );
        }
        for w in rows.windows(2) {
            assert!(w[0].1 >= w[1].1 - 1e-9, "{system}: not ordered: {season}");
        }
        let complete = season["standings"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["complete"] == true && r["games"] == 2);
        assert!(complete, "{season}");
    }

    // The ratings: every member played six rated games; the table is ordered.
    let ratings = stranger.read("/api/v1/club/ratings");
    let table = ratings_of(&ratings);
    assert_eq!(table.len(), 7, "{ratings}");
    assert!(table.iter().all(|r| r.3 == 6), "{ratings}");
    let conservative: Vec<f64> = ratings
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["conservative"].as_f64().unwrap())
        .collect();
    assert!(conservative.windows(2).all(|w| w[0] >= w[1]), "{ratings}");
    // A member's profile: six games, six draws or survivals, reliability counted.
    let p = stranger.read(&format!("/api/v1/club/members/{}", ids[1]));
    assert_eq!(p["record"]["games_played"], 6, "{p}");
    assert!(p["rating"]["mu"].is_f64(), "{p}");

    // The first season closes and keeps its table.
    let (st, b) = member.post(
        "/api/v1/club/leagues/draw-size/seasons/2026/close",
        json!(null),
    );
    assert_eq!(st, 403, "{b}");
    let before = stranger.read("/api/v1/club/leagues/draw-size/seasons/2026");
    let closed = admin.ok(
        "/api/v1/club/leagues/draw-size/seasons/2026/close",
        json!(null),
    );
    assert_eq!(closed["closed"], true);
    assert_eq!(season_scores(&closed), season_scores(&before));
    let (st, _) = admin.post(
        "/api/v1/club/leagues/draw-size/seasons/2026/close",
        json!(null),
    );
    assert_eq!(st, 409, "closed twice");

    // Ratings and tables rebuilt from the stored results equal those kept.
    let kept_ratings = table.clone();
    let kept_season = stranger.read("/api/v1/club/leagues/draw-size/seasons/2026");
    // Spoil what is derived, in the database itself: the ratings' cache emptied, the kept
    // table's scores set to zero. The pages show the spoiled values until the rebuild.
    spoil(&server.database);
    assert_eq!(stranger.read("/api/v1/club/ratings"), json!([]));
    let spoiled = stranger.read("/api/v1/club/leagues/draw-size/seasons/2026");
    assert!(
        season_scores(&spoiled).iter().all(|r| r.1 == 0.0),
        "{spoiled}"
    );
    let out = admin.ok("/api/v1/club/recompute", json!(null));
    assert_eq!(out, json!({"results": 6, "rated": 7, "tables": 1}));
    let rebuilt = ratings_of(&stranger.read("/api/v1/club/ratings"));
    assert_eq!(rebuilt.len(), kept_ratings.len());
    for (a, b) in rebuilt.iter().zip(&kept_ratings) {
        assert_eq!((a.0, a.3), (b.0, b.3));
        assert!(
            (a.1 - b.1).abs() < 1e-9 && (a.2 - b.2).abs() < 1e-9,
            "{a:?} {b:?}"
        );
    }
    let rebuilt_season = stranger.read("/api/v1/club/leagues/draw-size/seasons/2026");
    for (a, b) in season_scores(&rebuilt_season)
        .iter()
        .zip(season_scores(&kept_season))
    {
        assert_eq!((a.0, a.2), (b.0, b.2));
        assert!((a.1 - b.1).abs() < 1e-9);
    }

    // The pages, in two languages.
    pages(&server, &seats, &ids);

    // A member whose access is removed plays no more; restored, they do.
    let gus = ids[6];
    admin.ok(
        &format!("/api/v1/club/members/{gus}/act"),
        json!({"act": "remove-access", "reason": "left"}),
    );
    let (st, b) = players[6].post("/api/v1/games", json!({"title": "mine"}));
    assert_eq!(st, 403, "{b}");
    admin.ok(
        &format!("/api/v1/club/members/{gus}/act"),
        json!({"act": "restore-access"}),
    );
    let (st, b) = players[6].post("/api/v1/games", json!({"title": "mine"}));
    assert_eq!(st, 201, "{b}");
    // The last administrator keeps their access.
    let boss = admin.read("/api/v1/me")["id"].as_i64().unwrap();
    let (st, _) = admin.post(
        &format!("/api/v1/club/members/{boss}/act"),
        json!({"act": "remove-access", "reason": "x"}),
    );
    assert_eq!(st, 409);

    // Everything was logged, in order.
    let log = admin.read("/api/v1/club/log");
    let acts: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"]["act"].as_str().unwrap())
        .collect();
    let count = |a: &str| acts.iter().filter(|x| **x == a).count();
    assert_eq!(acts[0], "founded");
    assert_eq!(count("applied"), 9);
    assert_eq!(count("approved"), 7);
    assert_eq!(count("rejected"), 1);
    assert_eq!(count("game-master-appointed"), 1);
    assert_eq!(count("pages-edited"), 1);
    assert_eq!(count("league-created"), 3);
    assert_eq!(count("season-created"), 3);
    assert_eq!(count("game-attached"), 6);
    assert_eq!(count("season-closed"), 1);
    assert_eq!(count("recomputed"), 1);
    assert_eq!(count("access-removed"), 1);
    assert_eq!(count("access-restored"), 1);
    downloads(&admin, &players, &stranger);

    let seqs: Vec<u64> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>());
}

#[test]
fn a_season_of_gunboat_games_is_scored_rated_and_rebuilt_on_every_database() {
    let dir = scratch("club_season", "season");
    for db in databases(&dir, "club_season") {
        run(&db);
    }
}

/// Seven members of a new club on `database`, approved: the administrator, the members'
/// clients and their ids.
fn seven_members(server: &Server, prefix: &str) -> (Client, Vec<Client>, Vec<i64>) {
    let admin = server.account(&format!("{prefix}boss"));
    let players: Vec<Client> = PLAYERS
        .iter()
        .map(|n| server.account(&format!("{prefix}{n}")))
        .collect();
    let ids: Vec<i64> = players.iter().map(|p| join_club(&admin, p)).collect();
    (admin, players, ids)
}

/// A game created unrated stays out of the ratings, also when they are rebuilt; entered in
/// a league season it counts (a league's games are always rated).
fn unrated(database: &str) {
    let server = Server::start(database);
    let (admin, players, _) = seven_members(&server, "u");
    let stranger = server.client();
    let (id, _) = gunboat_game_with(&admin, &players, "unrated", json!({"rated": false}));
    assert_eq!(
        admin.read(&format!("/api/v1/games/{id}"))["options"]["rated"],
        false
    );
    admin.ok(&format!("/api/v1/games/{id}/gm"), json!({"act": "draw"}));
    assert_eq!(stranger.read("/api/v1/club/ratings"), json!([]));
    // In the archive all the same.
    let archive = stranger.read("/api/v1/club/archive");
    assert_eq!(archive.as_array().unwrap().len(), 1, "{archive}");
    let out = admin.ok("/api/v1/club/recompute", json!(null));
    assert_eq!(out, json!({"results": 1, "rated": 0, "tables": 0}));
    assert_eq!(stranger.read("/api/v1/club/ratings"), json!([]));
    // A rated game beside it counts; the unrated one still does not.
    let (rated, _) = gunboat_game(&admin, &players, "rated");
    admin.ok(&format!("/api/v1/games/{rated}/gm"), json!({"act": "draw"}));
    let table = ratings_of(&stranger.read("/api/v1/club/ratings"));
    assert_eq!(table.len(), 7);
    assert!(table.iter().all(|r| r.3 == 1), "{table:?}");
    // Entered in a season, the unrated game is a league game: rated.
    gunboat_league(&admin, "gb", "s1", "draw-size");
    admin.ok(
        "/api/v1/club/leagues/gb/seasons/s1/games",
        json!({"game": id}),
    );
    let table = ratings_of(&stranger.read("/api/v1/club/ratings"));
    assert!(table.iter().all(|r| r.3 == 2), "{table:?}");
    let out = admin.ok("/api/v1/club/recompute", json!(null));
    assert_eq!(out, json!({"results": 2, "rated": 7, "tables": 0}));
    let rebuilt = ratings_of(&stranger.read("/api/v1/club/ratings"));
    assert_eq!(rebuilt, table);
}

#[test]
fn an_unrated_game_stays_out_of_the_ratings_unless_a_league_plays_it() {
    let dir = scratch("club_season", "unrated");
    for db in databases(&dir, "club_unrated") {
        unrated(&db);
    }
}

/// Hold orders for a power's first unit: a sheet sent (the others hold as well).
fn first_unit_holds(power: &str) -> &'static str {
    match power {
        "Austria" => "A Vie H",
        "England" => "F Lon H",
        "France" => "A Par H",
        "Germany" => "A Ber H",
        "Italy" => "A Rom H",
        "Russia" => "A Mos H",
        "Turkey" => "A Con H",
        _ => unreachable!("{power}"),
    }
}

/// Reliability counted exactly, on a scripted game of two phases (Spring and Fall 1901, every
/// unit holding: no retreat, no adjustment). Counted by hand, per player:
///
/// | player | Spring 1901 | Fall 1901 | played | missed |
/// | --- | --- | --- | --- | --- |
/// | 0 | orders | nothing | 2 | 1 |
/// | 1 | ready, no orders (a decision: not missed) | orders | 2 | 0 |
/// | 2 | nothing | orders | 2 | 1 |
/// | 3 | nothing, then replaced by the eighth | — | 1 | 1 |
/// | 8th | — | orders | 1 | 0 |
/// | 4, 5, 6 | nothing | nothing | 2 | 2 |
fn reliability(database: &str) {
    let server = Server::start(database);
    let (admin, players, ids) = seven_members(&server, "r");
    let hal = server.account("rhal");
    let hal_id = join_club(&admin, &hal);
    let (id, seats) = gunboat_game(&admin, &players, "reliability");
    let power_of = |i: usize| seats.iter().find(|(_, &p)| p == i).unwrap().0.clone();
    let orders = |c: &Client, i: usize| {
        let p = power_of(i);
        c.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": p, "orders": first_unit_holds(&p)}),
        );
    };
    let adjudicate = || {
        admin.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
    };
    // Spring 1901.
    orders(&players[0], 0);
    players[1].ok(&format!("/api/v1/games/{id}/ready"), json!({"ready": true}));
    adjudicate();
    admin.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "replace", "power": power_of(3), "player": "rhal"}),
    );
    // Fall 1901.
    orders(&players[1], 1);
    orders(&players[2], 2);
    orders(&hal, 3);
    adjudicate();
    let g = admin.read(&format!("/api/v1/games/{id}"));
    assert_eq!(g["status"], "finished", "{g}");
    let want: [(i64, u64, u64); 8] = [
        (ids[0], 2, 1),
        (ids[1], 2, 0),
        (ids[2], 2, 1),
        (ids[3], 1, 1),
        (hal_id, 1, 0),
        (ids[4], 2, 2),
        (ids[5], 2, 2),
        (ids[6], 2, 2),
    ];
    let stranger = server.client();
    for (member, played, missed) in want {
        let p = stranger.read(&format!("/api/v1/club/members/{member}"));
        let r = &p["record"]["reliability"];
        assert_eq!(
            (r["phases_played"].as_u64(), r["missed_phases"].as_u64()),
            (Some(played), Some(missed)),
            "member {member}: {p}"
        );
        let per = p["missed_per_phase"].as_f64().unwrap();
        assert!(close(per, missed as f64 / played as f64), "{p}");
    }
}

#[test]
fn reliability_counts_each_phase_with_orders_due_and_those_missed() {
    let dir = scratch("club_season", "reliability");
    for db in databases(&dir, "club_reliability") {
        reliability(&db);
    }
}
