//! The web pages (issue 13) against the real `entente serve` on loopback: a whole phase
//! played in headless Chromium by three players in three languages (one on a phone), the
//! pages without JavaScript, and plain HTTP checks of what every page must do (its
//! language, its CSRF token, what it keeps secret).

mod common;
use common::browser;
use common::scratch;
use common::server::{full_game, Client, Server};
use serde_json::json;
use std::time::Duration;

/// The browser tests of this file, one at a time: each drives several Chromium pages and
/// measures the game page's load time, which other browsers on the two cores would skew.
static BROWSERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_browser_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    BROWSERS.lock().unwrap_or_else(|e| e.into_inner())
}

fn server(test: &str) -> (std::path::PathBuf, Server) {
    let dir = scratch("web", test);
    let db = format!("sqlite:{}", dir.join("web.db").display());
    let s = Server::start(&db);
    (dir, s)
}

/// A browser without a browser: a cookie session signed in through the sign-in form.
struct Browser {
    base: String,
    agent: ureq::Agent,
    cookie: String,
}

impl Browser {
    fn new(base: &str) -> Browser {
        Browser {
            base: base.to_string(),
            agent: ureq::AgentBuilder::new()
                .redirects(0)
                .timeout(Duration::from_secs(60))
                .build(),
            cookie: String::new(),
        }
    }

    fn answer(r: Result<ureq::Response, ureq::Error>) -> (u16, String, Option<String>, String) {
        let r = match r {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("HTTP request failed: {e}"),
        };
        let status = r.status();
        let location = r.header("location").map(str::to_string);
        let cookies = r
            .all("set-cookie")
            .iter()
            .map(|c| c.split(';').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
            .join("; ");
        (
            status,
            location.unwrap_or_default(),
            Some(cookies),
            r.into_string().unwrap_or_default(),
        )
    }

    fn get(&self, path: &str, lang: &str) -> (u16, String) {
        let mut r = self.agent.get(&format!("{}{path}", self.base));
        if !self.cookie.is_empty() {
            r = r.set("Cookie", &self.cookie);
        }
        if !lang.is_empty() {
            r = r.set("Accept-Language", lang);
        }
        let (st, _, _, body) = Browser::answer(r.call());
        (st, body)
    }

    /// Posts a form; the status and where it redirects (or the page it answers).
    fn post(&mut self, path: &str, form: &[(&str, &str)]) -> (u16, String) {
        let mut r = self.agent.post(&format!("{}{path}", self.base));
        if !self.cookie.is_empty() {
            r = r.set("Cookie", &self.cookie);
        }
        let (st, location, cookies, body) = Browser::answer(r.send_form(form));
        if let Some(c) = cookies.filter(|c| c.contains("entente_session=ent_")) {
            self.cookie = c;
        }
        (st, if location.is_empty() { body } else { location })
    }

    fn sign_in(base: &str, name: &str) -> Browser {
        let mut b = Browser::new(base);
        // The form's CSRF token, from its page: the form cookie and the hidden field.
        let (_, _, cookies, page) = Browser::answer(b.agent.get(&format!("{base}/signin")).call());
        let at = page
            .find("name=\"_csrf\" value=\"")
            .expect("the sign-in form's CSRF field")
            + 20;
        let csrf = page[at..at + 32].to_string();
        b.cookie = cookies.unwrap_or_default();
        let pw = common::server::password(name);
        let (st, to) = b.post(
            "/signin",
            &[
                ("name", name),
                ("password", &pw),
                ("next", "/games"),
                ("_csrf", &csrf),
            ],
        );
        assert_eq!(st, 303, "sign in {name}: {to}");
        assert!(b.cookie.starts_with("entente_session=ent_"), "{}", b.cookie);
        b
    }

    /// The CSRF token of the signed-in session, from a page's meta tag.
    fn csrf(&self) -> String {
        let (_, page) = self.get("/games", "");
        let at = page
            .find("name=\"csrf-token\" content=\"")
            .expect("a CSRF meta tag")
            + 27;
        page[at..at + 32].to_string()
    }
}

#[test]
fn pages_answer_in_the_readers_language() {
    let (_dir, s) = server("lang");
    let b = Browser::new(&s.base);
    for (accept, lang, word) in [
        ("cs-CZ,cs;q=0.9,en;q=0.5", "cs", "Hry"),
        ("fr-FR,fr;q=0.8", "fr", "Parties"),
        ("ru", "ru", "Игры"),
        ("de-DE", "en", "Games"),
        ("", "en", "Games"),
    ] {
        let (st, page) = b.get("/games", accept);
        assert_eq!(st, 200);
        assert!(
            page.contains(&format!("<html lang=\"{lang}\">")),
            "{accept}: {page}"
        );
        assert!(page.contains(word), "{accept}: {word}");
    }
    // The language chosen is remembered in a cookie and wins over the browser's.
    let mut b = Browser::new(&s.base);
    let (st, _) = b.post(
        "/settings",
        &[("lang", "ru"), ("tz", "Europe/Moscow"), ("back", "/games")],
    );
    assert_eq!(st, 303);
    let mut r = b.agent.post(&format!("{}/settings", s.base));
    r = r.set("Accept-Language", "cs");
    let (_, to, cookies, _) =
        Browser::answer(r.send_form(&[("lang", "ru"), ("back", "//evil.example/")]));
    assert_eq!(to, "/games", "a redirect stays on the site");
    let cookies = cookies.unwrap();
    assert!(cookies.contains("entente_lang=ru"), "{cookies}");
    b.cookie = "entente_lang=ru; entente_tz=Europe/Moscow".into();
    let (_, page) = b.get("/signin", "cs");
    assert!(
        page.contains("<html lang=\"ru\">") && page.contains("Войти"),
        "{page}"
    );
    // An unknown time zone is refused with a message, not a crash.
    let (st, page) = b.post("/settings", &[("tz", "Mars/Olympus")]);
    assert_eq!(st, 422, "{page}");
    assert!(page.contains("Mars/Olympus"));
    // Assets are in the binary.
    for path in ["/static/app.css", "/static/app.js"] {
        let (st, body) = b.get(path, "");
        assert_eq!(st, 200, "{path}");
        assert!(body.len() > 1000, "{path}");
    }
}

/// A refusal of the server (an act the reader may not do) is written in the reader's
/// language on the page, as the API's English words are in English.
#[test]
fn a_refused_act_is_explained_in_the_readers_language() {
    let (_dir, s) = server("refusal");
    let (id, _gm, _players) = full_game(&s, "rf", "2", json!({"deadlines": {"kind": "manual"}}));
    s.account("rfstranger");
    let mut b = Browser::sign_in(&s.base, "rfstranger");
    let csrf = b.csrf();
    for (lang, words) in [
        ("cs", "připraven může být jen hráč"),
        ("fr", "seul un joueur peut être prêt"),
        ("en", "only a player can be ready"),
    ] {
        b.cookie = format!(
            "{}; entente_lang={lang}",
            b.cookie.split("; entente_lang").next().unwrap()
        );
        let (st, page) = b.post(
            &format!("/games/{id}/ready"),
            &[("_csrf", csrf.as_str()), ("ready", "1")],
        );
        assert_eq!(st, 403, "{page}");
        assert!(page.contains(words), "{lang}: {page}");
    }
}

#[test]
fn forms_need_the_sessions_csrf_token() {
    let (_dir, s) = server("csrf");
    let (id, _gm, players) = full_game(&s, "cs", "2", json!({"deadlines": {"kind": "manual"}}));
    let (powers, _) = &players[0];
    let mut b = Browser::sign_in(&s.base, "csp1");
    let csrf = b.csrf();
    let path = format!("/games/{id}/orders");
    let (st, page) = b.post(&path, &[("power", &powers[0]), ("orders", "")]);
    assert_eq!(st, 403, "{page}");
    let (st, _) = b.post(
        &path,
        &[
            ("power", &powers[0]),
            ("orders", ""),
            ("_csrf", "0123456789abcdef0123456789abcdef"),
        ],
    );
    assert_eq!(st, 403);
    let (st, to) = b.post(
        &path,
        &[
            ("power", &powers[0]),
            ("orders", "A Par - Bur"),
            ("_csrf", &csrf),
        ],
    );
    assert_eq!(st, 303, "{to}");
    // Not signed in: the pages say to sign in.
    let mut nobody = Browser::new(&s.base);
    let (st, page) = nobody.post(&path, &[("power", &powers[0]), ("orders", "")]);
    assert_eq!(st, 401, "{page}");
    // Bad input is a 4xx page with a message, never a crash.
    let (st, page) = b.post(
        &path,
        &[("power", "Atlantis"), ("orders", ""), ("_csrf", &csrf)],
    );
    assert_eq!(st, 422, "{page}");
    assert!(page.contains("Atlantis"));
    let (st, _) = b.get(&format!("/games/{id}?phase=99"), "");
    assert_eq!(st, 404);
    let (st, _) = b.get(&format!("/games/{id}?phase=x"), "");
    assert_eq!(st, 400);
    let (st, _) = b.get("/games/gnothing", "");
    assert_eq!(st, 404);
}

#[test]
fn the_game_page_keeps_the_other_powers_secrets() {
    let (_dir, s) = server("secret");
    let (id, gm, players) = full_game(&s, "se", "3b", json!({"deadlines": {"kind": "manual"}}));
    let (p1_powers, p1) = &players[0];
    let (p2_powers, _) = &players[1];
    let (p3_powers, _) = &players[2];
    let secret_order = "F Lon - Nth";
    let sheet_power = if p1_powers.contains(&"England".to_string()) {
        "England"
    } else {
        p1_powers[0].as_str()
    };
    p1.ok(
        &format!("/api/v1/games/{id}/orders"),
        json!({"power": sheet_power, "orders": format!("{secret_order}\nZQXORDER nonsense")}),
    );
    p1.ok(
        &format!("/api/v1/games/{id}/press"),
        json!({"from": p1_powers[0], "to": [p2_powers[0]], "text": "ZQXPRESS private"}),
    );
    let p2 = Browser::sign_in(&s.base, "sep2");
    let p3 = Browser::sign_in(&s.base, "sep3");
    let (_, page2) = p2.get(&format!("/games/{id}"), "");
    assert!(page2.contains("ZQXPRESS private"), "the recipient reads it");
    for page in [
        p3.get(&format!("/games/{id}"), "").1,
        p3.get(&format!("/games/{id}/board.svg"), "").1,
        p3.get("/games", "").1,
        page2.clone(),
    ] {
        assert!(
            !page.contains("ZQXORDER"),
            "another player sees the orders: {page}"
        );
        if page != page2 {
            assert!(
                !page.contains("ZQXPRESS"),
                "another player reads private press"
            );
        }
    }
    // The order picker and the live check answer only for the reader's own powers.
    let (st, _) = p3.get(&format!("/games/{id}/legal?power={}", p1_powers[0]), "");
    assert_eq!(st, 403);
    let (st, legal) = p3.get(&format!("/games/{id}/legal?power={}", p3_powers[0]), "");
    assert_eq!(st, 200, "{legal}");
    let legal: serde_json::Value = serde_json::from_str(&legal).unwrap();
    assert!(!legal["groups"].as_array().unwrap().is_empty(), "{legal}");
    let mut p3 = p3;
    let csrf = p3.csrf();
    let (st, _) = p3.post(
        &format!("/games/{id}/check"),
        &[
            ("power", sheet_power),
            ("orders", "A Par - Bur"),
            ("_csrf", &csrf),
        ],
    );
    assert_eq!(st, 403, "checking another power's sheet");
    let (st, echo) = p3.post(
        &format!("/games/{id}/check"),
        &[
            ("power", &p3_powers[0]),
            ("orders", "A Xyz - Abc"),
            ("_csrf", &csrf),
        ],
    );
    assert_eq!(st, 200);
    assert!(echo.contains("Xyz"), "{echo}");
    // The check stores nothing: p3's sheet is still not in.
    let (_, page3) = p3.get(&format!("/games/{id}"), "");
    assert!(!page3.contains("Xyz"), "a checked sheet was stored");
    // The game master's page is the game master's.
    let (st, _) = p3.get(&format!("/games/{id}/gm"), "");
    assert_eq!(st, 403);
    let gm_b = Browser::sign_in(&s.base, "segm");
    let (st, page) = gm_b.get(&format!("/games/{id}/gm"), "");
    assert_eq!(st, 200);
    assert!(
        page.contains("ZQXPRESS private"),
        "the game master reads all the press"
    );
    // A stranger sees neither the board nor the game.
    s.account("sestranger");
    let stranger = Browser::sign_in(&s.base, "sestranger");
    let (st, page) = stranger.get(&format!("/games/{id}"), "");
    assert_eq!(st, 200);
    assert!(
        !page.contains("id=\"board\"") && !page.contains("ZQX"),
        "{page}"
    );
    let (st, _) = stranger.get(&format!("/games/{id}/board.svg"), "");
    assert_eq!(st, 403);
    let _ = gm;
}

#[test]
fn a_phase_played_in_browsers_in_three_languages() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    let (_dir, s) = server("e2e");
    let out = browser::run("web_game.mjs", &json!({"base": s.base, "prefix": "e2e"}));
    assert_eq!(out["ok"], true, "{out}");
    eprintln!("web_game: {out}");
    for shot in [
        "web-01-signed-up-cs",
        "web-05-orders-cs",
        "web-08-results-phone",
    ] {
        assert!(
            browser::artifacts().join(format!("{shot}.png")).exists(),
            "{shot}"
        );
    }
}

/// The same end-to-end phase on PostgreSQL: the pages are the same on both databases.
#[test]
fn a_phase_played_in_browsers_in_three_languages_on_postgresql() {
    if !browser::available() {
        return;
    }
    let Some(db) = common::server::fresh_postgres("webe2e") else {
        return;
    };
    let _one = one_browser_at_a_time();
    let s = Server::start(&db);
    let out = browser::run("web_game.mjs", &json!({"base": s.base, "prefix": "pge"}));
    assert_eq!(out["ok"], true, "{out}");
}

/// The language chosen on one browser is the account's, so a second browser signed in as
/// the same account speaks it; every player votes for a draw from the page and the last
/// vote ends the game. On SQLite and on PostgreSQL.
#[test]
fn the_account_keeps_its_language_and_a_game_is_drawn_from_the_page() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    let dir = scratch("web", "votes");
    for db in common::server::databases(&dir, "webvotes") {
        let s = Server::start(&db);
        let (id, gm, players) = full_game(&s, "dv", "3a", json!({"deadlines": {"kind": "manual"}}));
        let names: Vec<String> = (1..=players.len()).map(|i| format!("dvp{i}")).collect();
        let out = browser::run(
            "web_votes.mjs",
            &json!({"base": s.base, "game": id, "players": names}),
        );
        assert_eq!(out["ok"], true, "{out}");
        let me = s.sign_in("dvp1").read("/api/v1/me");
        assert_eq!(me["language"], "cs", "{me}");
        let g = gm.read(&format!("/api/v1/games/{id}"));
        assert_eq!(g["status"], "finished", "{g}");
        assert!(
            g["result"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains("draw"),
            "{g}"
        );
    }
}

#[test]
fn pages_work_without_javascript() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    let (_dir, s) = server("nojs");
    let (id, _gm, players) = full_game(&s, "nj", "2", json!({"deadlines": {"kind": "manual"}}));
    let powers: Vec<Vec<String>> = players.iter().map(|(p, _)| p.clone()).collect();
    let out = browser::run(
        "web_nojs.mjs",
        &json!({"base": s.base, "game": id, "player": "njp1", "gm": "njgm", "powers": powers[0]}),
    );
    assert_eq!(out["ok"], true, "{out}");
    let c: Client = s.sign_in("njp1");
    let g = c.read(&format!("/api/v1/games/{id}"));
    assert_eq!(
        g["history_len"], 1,
        "the game master's form adjudicated: {g}"
    );
}

#[test]
fn a_face_to_face_table_runs_its_clock_to_the_reveal() {
    if !browser::available() {
        return;
    }
    let _one = one_browser_at_a_time();
    let (_dir, s) = server("table");
    let (id, _gm, players) = full_game(
        &s,
        "tb",
        "2",
        json!({"deadlines": {"kind": "manual"}, "end_when_ready": false}),
    );
    let (other_powers, other) = &players[1];
    let out = browser::run(
        "web_table.mjs",
        &json!({
            "base": s.base, "game": id, "gm": "tbgm", "phone": "tbp1",
            "phonePowers": players[0].0,
            "other": {"powers": other_powers, "token": other.token},
        }),
    );
    assert_eq!(out["ok"], true, "{out}");
    let g = s.sign_in("tbp1").read(&format!("/api/v1/games/{id}"));
    assert!(g["history_len"].as_u64().unwrap() >= 1, "{g}");
    assert!(
        g["deadline"].is_string(),
        "the next clock set a deadline: {g}"
    );
}

#[test]
fn my_games_show_the_phase_the_deadline_in_my_time_zone_and_my_orders() {
    let (_dir, s) = server("mine");
    // The default deadlines: weekly, Friday 24:00 in Prague.
    let (id, _gm, players) = full_game(&s, "mg", "2", json!({}));
    let (powers, p1) = &players[0];
    let mut b = Browser::sign_in(&s.base, "mgp1");
    b.cookie
        .push_str("; entente_tz=Asia/Tokyo; entente_lang=cs");
    let g = p1.read(&format!("/api/v1/games/{id}"));
    let deadline: jiff::Timestamp = g["deadline"].as_str().unwrap().parse().unwrap();
    let tokyo = deadline.to_zoned(jiff::tz::TimeZone::get("Asia/Tokyo").unwrap());
    let day = ["po", "út", "st", "čt", "pá", "so", "ne"]
        [tokyo.weekday().to_monday_zero_offset() as usize];
    let want = format!(
        "{day} {} (Asia/Tokyo)",
        tokyo.strftime("%-d. %-m. %Y %H:%M")
    );
    let (st, page) = b.get("/games", "");
    assert_eq!(st, 200);
    let mine = &page[page.find("id=\"my-games\"").expect("my games")..];
    assert!(
        mine.contains("mg game") && mine.contains("Jaro 1914, pohyb"),
        "{mine}"
    );
    assert!(
        mine.contains(&want),
        "the deadline in my zone, {want}: {mine}"
    );
    assert!(mine.contains(">ne<"), "my orders are not in: {mine}");
    for p in powers {
        p1.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": p, "orders": ""}),
        );
    }
    let (_, page) = b.get("/games", "");
    let mine = &page[page.find("id=\"my-games\"").unwrap()..];
    assert!(mine.contains(">ano<"), "my orders are in: {mine}");
}

#[test]
fn the_game_masters_page_acts_with_plain_forms() {
    let (_dir, s) = server("gm");
    let (id, gm, players) = full_game(&s, "ga", "2", json!({"deadlines": {"kind": "manual"}}));
    let mut b = Browser::sign_in(&s.base, "gagm");
    let csrf = b.csrf();
    let path = format!("/games/{id}/gm");
    let game = || gm.read(&format!("/api/v1/games/{id}"));
    let act = |b: &mut Browser, form: &[(&str, &str)]| {
        let mut f = vec![("_csrf", csrf.as_str())];
        f.extend_from_slice(form);
        let (st, to) = b.post(&path, &f);
        assert_eq!(st, 303, "{form:?}: {to}");
        assert_eq!(to, path);
    };
    act(&mut b, &[("act", "extend"), ("minutes", "90")]);
    assert!(game()["deadline"].is_string(), "extended");
    act(&mut b, &[("act", "pause")]);
    assert_eq!(game()["paused"], true);
    act(&mut b, &[("act", "resume")]);
    assert_eq!(game()["paused"], false);
    let power = players[0].0[0].clone();
    act(
        &mut b,
        &[("act", "civil-disorder"), ("power", &power), ("on", "1")],
    );
    let g = game();
    let p = g["powers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["power"] == power.as_str())
        .unwrap();
    assert_eq!(p["civil_disorder"], true, "{g}");
    act(
        &mut b,
        &[("act", "civil-disorder"), ("power", &power), ("on", "0")],
    );
    act(
        &mut b,
        &[("act", "adjudicate"), ("force", "on"), ("confirm", "on")],
    );
    assert_eq!(game()["history_len"], 1);
    act(&mut b, &[("act", "rollback"), ("confirm", "on")]);
    assert_eq!(game()["history_len"], 0);
    s.account("gasub");
    act(
        &mut b,
        &[("act", "replace"), ("power", &power), ("player", "gasub")],
    );
    let sub = s.sign_in("gasub").read(&format!("/api/v1/games/{id}"));
    assert!(
        sub["my_powers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == power.as_str()),
        "{sub}"
    );
    act(
        &mut b,
        &[
            ("act", "deadline"),
            ("at", "2030-01-31 12:00"),
            ("time_zone", "Europe/Prague"),
        ],
    );
    assert_eq!(game()["deadline"], "2030-01-31T11:00:00Z");
    // A refused act is a page with the server's reason, not a crash.
    let (st, page) = b.post(
        &path,
        &[
            ("_csrf", &csrf),
            ("act", "replace"),
            ("power", "Atlantis"),
            ("player", "gasub"),
        ],
    );
    assert_eq!(st, 422, "{page}");
    let (st, page) = b.post(
        &path,
        &[("_csrf", &csrf), ("act", "extend"), ("minutes", "soon")],
    );
    assert_eq!(st, 422, "{page}");
    // The page lists who has sent orders, in the reader's language.
    let (st, page) = b.get(&path, "fr");
    assert_eq!(st, 200);
    assert!(page.contains("Qui a envoyé ses ordres"), "{page}");
    // A player is refused the game master's acts.
    let mut p1 = Browser::sign_in(&s.base, "gap1");
    let c1 = p1.csrf();
    let (st, _) = p1.post(&path, &[("_csrf", &c1), ("act", "pause")]);
    assert_eq!(st, 403);
}

#[test]
fn builds_are_offered_and_echoed_in_the_adjustment_phase() {
    let (_dir, s) = server("builds");
    let (id, gm, players) = full_game(&s, "bu", "7", json!({"deadlines": {"kind": "manual"}}));
    let (i, france) = players
        .iter()
        .enumerate()
        .find(|(_, (p, _))| p.contains(&"France".to_string()))
        .map(|(i, (_, c))| (i, c))
        .unwrap();
    let force = || {
        gm.ok(
            &format!("/api/v1/games/{id}/gm"),
            json!({"act": "adjudicate", "force": true}),
        );
    };
    let orders = |text: &str| {
        france.ok(
            &format!("/api/v1/games/{id}/orders"),
            json!({"power": "France", "orders": text}),
        );
    };
    orders("A Par - Bur\nA Mar - Spa\nF Bre - Mao");
    force();
    orders("A Bur - Bel\nA Spa H\nF Mao - Por");
    force();
    let g = france.read(&format!("/api/v1/games/{id}"));
    assert_eq!(g["phase"], "W1901A", "{g}");
    let mut b = Browser::sign_in(&s.base, &format!("bup{}", i + 1));
    b.cookie.push_str("; entente_lang=cs");
    let (st, legal) = b.get(&format!("/games/{id}/legal?power=France"), "");
    assert_eq!(st, 200, "{legal}");
    let legal: serde_json::Value = serde_json::from_str(&legal).unwrap();
    let group = &legal["groups"][0];
    assert_eq!(group["due"], 3, "{legal}");
    assert!(
        group.get("province").is_none(),
        "adjustments are the power's: {legal}"
    );
    let builds: Vec<&str> = group["orders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["kind"] == "build")
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert!(builds.contains(&"Postavit A Paříž"), "{builds:?}");
    assert!(builds.contains(&"Postavit F Brest"), "{builds:?}");
    let (_, page) = b.get(&format!("/games/{id}"), "");
    assert!(page.contains("Zima 1901, úpravy"), "the phase in Czech");
    assert!(
        page.contains("id=\"orders-France\""),
        "France's sheet is offered"
    );
    let csrf = b.csrf();
    let (st, to) = b.post(
        &format!("/games/{id}/orders"),
        &[
            ("power", "France"),
            ("orders", "Build A Par\nBuild F Bre\nBuild A Mar"),
            ("_csrf", &csrf),
        ],
    );
    assert_eq!(st, 303, "{to}");
    let (_, page) = b.get(&format!("/games/{id}"), "");
    for l in [
        "Postavit A Paříž",
        "Postavit F Brest",
        "Postavit A Marseille",
    ] {
        assert!(page.contains(l), "{l} echoed");
    }
}

/// Issue 31: a deadline in the past would be adjudicated at once; the service refuses it
/// (the API and the game master's page alike), and the page shows itself again with the
/// reason and what was typed.
#[test]
fn a_deadline_in_the_past_is_refused_by_the_api_and_the_page() {
    let (_dir, s) = server("pastdeadline");
    let (id, gm, _players) = full_game(&s, "pd", "2", json!({"deadlines": {"kind": "manual"}}));
    let game = || gm.read(&format!("/api/v1/games/{id}"));
    let an_hour_ago = (jiff::Timestamp::now() - jiff::SignedDuration::from_hours(1)).to_string();
    let (st, body) = gm.post(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "deadline", "at": an_hour_ago}),
    );
    assert_eq!(st, 422, "the API refuses a deadline an hour ago: {body}");
    assert!(body.to_string().contains("past"), "{body}");
    let g = game();
    assert_eq!(g["history_len"], 0, "not adjudicated: {g}");
    assert!(g["deadline"].is_null(), "{g}");
    // The page: the game master's page again, the reason and the time typed on it.
    let mut b = Browser::sign_in(&s.base, "pdgm");
    let csrf = b.csrf();
    let (st, page) = b.post(
        &format!("/games/{id}/gm"),
        &[
            ("_csrf", &csrf),
            ("act", "deadline"),
            ("at", "2020-01-31 12:00"),
            ("time_zone", "Europe/Prague"),
        ],
    );
    assert_eq!(st, 422, "{page}");
    assert!(
        page.contains("id=\"acts\""),
        "the game master's page again: {page}"
    );
    assert!(
        page.contains("role=\"alert\"") && page.contains("past"),
        "with the reason: {page}"
    );
    assert!(
        page.contains("value=\"2020-01-31 12:00\""),
        "with what was typed: {page}"
    );
    let g = game();
    assert_eq!(g["history_len"], 0, "not adjudicated: {g}");
    // A deadline ahead is taken, as before.
    let (st, _) = b.post(
        &format!("/games/{id}/gm"),
        &[
            ("_csrf", &csrf),
            ("act", "deadline"),
            ("at", "2030-01-31 12:00"),
            ("time_zone", "Europe/Prague"),
        ],
    );
    assert_eq!(st, 303);
    assert_eq!(game()["deadline"], "2030-01-31T11:00:00Z");
}

/// Issue 31: "Adjudicate now" and "Take back" sat side by side and acted on one click; each
/// now asks for a confirmation (a box to tick, checked by the server too: without it the
/// page asks again and nothing happens), and they stand apart on the page.
#[test]
fn adjudicate_now_and_take_back_ask_for_a_confirmation() {
    let (_dir, s) = server("confirm");
    let (id, gm, _players) = full_game(&s, "cf", "2", json!({"deadlines": {"kind": "manual"}}));
    let game = || gm.read(&format!("/api/v1/games/{id}"));
    let mut b = Browser::sign_in(&s.base, "cfgm");
    let csrf = b.csrf();
    let path = format!("/games/{id}/gm");
    let (_, page) = b.get(&path, "");
    for act in ["adjudicate", "rollback"] {
        let at = page
            .find(&format!("name=\"act\" value=\"{act}\""))
            .unwrap_or_else(|| panic!("the {act} form: {page}"));
        let form = &page[page[..at].rfind("<form").unwrap()..];
        let form = &form[..form.find("</form>").unwrap()];
        assert!(
            form.contains("name=\"confirm\"") && form.contains("required"),
            "the {act} form asks for a confirmation: {form}"
        );
    }
    let between =
        &page[page.find("value=\"adjudicate\"").unwrap()..page.find("value=\"rollback\"").unwrap()];
    assert!(
        between.contains("</section>") && between.contains("id=\"take-back\""),
        "adjudicate and take back are apart, each in a section of its own: {between}"
    );
    // Without the confirmation: the page asks, nothing happens.
    let (st, page) = b.post(
        &path,
        &[("_csrf", &csrf), ("act", "adjudicate"), ("force", "on")],
    );
    assert_eq!(st, 422, "{page}");
    assert!(page.contains("role=\"alert\""), "{page}");
    assert_eq!(
        game()["history_len"],
        0,
        "adjudicated without a confirmation"
    );
    let (st, to) = b.post(
        &path,
        &[
            ("_csrf", &csrf),
            ("act", "adjudicate"),
            ("force", "on"),
            ("confirm", "on"),
        ],
    );
    assert_eq!((st, to.as_str()), (303, path.as_str()));
    assert_eq!(game()["history_len"], 1);
    let (st, _) = b.post(&path, &[("_csrf", &csrf), ("act", "rollback")]);
    assert_eq!(st, 422);
    assert_eq!(
        game()["history_len"],
        1,
        "taken back without a confirmation"
    );
    let (st, _) = b.post(
        &path,
        &[("_csrf", &csrf), ("act", "rollback"), ("confirm", "on")],
    );
    assert_eq!(st, 303);
    assert_eq!(game()["history_len"], 0);
}

/// Issue 31: the one form of a player's sheets sends each power's part as its own sheet,
/// only those changed; a form written for a phase already adjudicated is refused (its
/// orders would land in the next phase) and the page comes back with what was typed.
#[test]
fn the_sheets_form_sends_each_changed_sheet_and_refuses_a_phase_gone_by() {
    let (_dir, s) = server("sheetsform");
    let (id, gm, players) = full_game(&s, "sf", "3a", json!({"deadlines": {"kind": "manual"}}));
    let (i, (powers, _)) = players
        .iter()
        .enumerate()
        .find(|(_, (p, _))| p.len() == 3 && p.contains(&"Italy".to_string()))
        .expect("a player of three powers");
    let mut b = Browser::sign_in(&s.base, &format!("sfp{}", i + 1));
    let csrf = b.csrf();
    let path = format!("/games/{id}/orders");
    let orders_in = || -> Vec<String> {
        let g = gm.read(&format!("/api/v1/games/{id}"));
        g["powers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["orders_in"] == true)
            .map(|p| p["power"].as_str().unwrap().to_string())
            .collect()
    };
    // Italy's part typed, the others left empty: Italy's sheet alone is sent.
    let mut form: Vec<(String, String)> = vec![
        ("_csrf".into(), csrf.clone()),
        ("phase".into(), "S1901M".into()),
    ];
    for p in powers {
        form.push(("power".into(), p.clone()));
        let text = if p == "Italy" {
            "A Ven - Pie\r\nA Rom - Apu"
        } else {
            ""
        };
        form.push((format!("orders-{p}"), text.into()));
    }
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let (st, to) = b.post(&path, &fields);
    assert_eq!(
        (st, to.as_str()),
        (303, format!("/games/{id}#sheets").as_str())
    );
    assert_eq!(orders_in(), ["Italy"], "only the sheet typed is sent");
    // The phase is adjudicated meanwhile: the same form is refused, its text kept.
    gm.ok(
        &format!("/api/v1/games/{id}/gm"),
        json!({"act": "adjudicate", "force": true}),
    );
    let (st, page) = b.post(&path, &fields);
    assert_eq!(st, 409, "{page}");
    assert!(page.contains("role=\"alert\""), "{page}");
    assert!(
        page.contains("Spring 1901"),
        "the phase it was written for: {page}"
    );
    assert!(
        page.contains("A Ven - Pie\nA Rom - Apu"),
        "the text typed: {page}"
    );
    assert!(orders_in().is_empty(), "nothing sent for the next phase");
}
