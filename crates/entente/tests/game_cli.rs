//! The game master's commands, driven as a game master would: `entente game new`, `orders`,
//! `status`, `adjudicate`, `civil-disorder`, `history`, `draw`, with results asserted from
//! the printed judge form and from the game record.

mod common;
use common::*;

use serde_json::Value;
use std::path::Path;

/// Sends one power's sheet; returns the echo.
fn orders(game: &Path, power: &str, sheet: &str) -> String {
    let file = game.with_extension(format!("{power}.txt"));
    std::fs::write(&file, sheet).unwrap();
    ok(&["game", "orders", s(game), "--power", power, s(&file)])
}

/// The current position's units of one power, sorted.
fn units(game: &Path, power: &str) -> Vec<String> {
    let r = record(game);
    let mut v: Vec<String> = r["current"]["position"]["units"][power]
        .as_array()
        .map(|a| a.iter().map(|u| u.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn centres(game: &Path, power: &str) -> Vec<String> {
    let r = record(game);
    let mut v: Vec<String> = r["current"]["position"]["centres"][power]
        .as_array()
        .map(|a| a.iter().map(|u| u.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn phase(game: &Path) -> String {
    record(game)["current"]["phase"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The sample game of the 2000 rules ("Příklady zahajovacích pohybů"), Spring 1901 to the
/// Winter 1901 builds, sent sheet by sheet as players write them.
#[test]
fn seven_player_game_from_spring_1901_past_the_first_adjustments() {
    let dir = scratch("game-cli", "seven");
    let game = dir.join("game.json");
    let out = ok(&[
        "game",
        "new",
        s(&game),
        "--players",
        SEVEN,
        "--seed",
        "1",
        "--deadline",
        "2026-11-27 23:59",
        "--time-zone",
        "Europe/Prague",
    ]);
    assert!(out.contains("Fay: Russia"), "{out}");
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("Spring 1901 movement"), "{st}");
    // A real instant, shown in the game master's time zone (Friday midnight in Prague).
    assert!(st.contains("Deadline: Friday 2026-11-27 23:59 CET"), "{st}");
    assert!(
        st.contains("Missing: Austria, England, France, Germany, Italy, Russia, Turkey"),
        "{st}"
    );

    // Spring 1901. Austria first sends a sheet with a slip, then a corrected one: the last
    // sheet counts.
    let echo = orders(&game, "Austria", "A Vie - Tri\nA Bud - Gal\nF Tri - Alx\n");
    assert!(echo.contains("unreadable"), "{echo}");
    let echo = orders(&game, "Austria", "A Vie - Tri\nA Bud - Gal\nF Tri - Alb\n");
    assert!(
        echo.contains("A vie - tri") && echo.contains("F tri - alb"),
        "{echo}"
    );
    assert!(!echo.contains("unreadable"), "{echo}");
    orders(&game, "England", "A Lvp - Yor\nF Lon - Nth\nF Edi - Nwg\n");
    orders(&game, "France", "A Par - Bur\nA Mar - Spa\nF Bre - Pic\n");
    orders(&game, "Germany", "A Ber - Kie\nA Mun - Ruh\nF Kie - Den\n");
    orders(&game, "Italy", "A Ven - Pie\nA Rom - Ven\nF Nap - Ion\n");
    let st = ok(&["game", "status", s(&game)]);
    assert!(
        st.contains("Orders in: Austria, England, France, Germany, Italy"),
        "{st}"
    );
    assert!(st.contains("Missing: Russia, Turkey"), "{st}");
    orders(
        &game,
        "Russia",
        "A Mos - Ukr\nA War - Gal\nF StP - Bot\nF Sev - Bla\n",
    );
    orders(&game, "Turkey", "A Con - Bul\nA Smy - Con\nF Ank - Bla\n");
    let res = ok(&["game", "adjudicate", s(&game)]);
    assert!(res.starts_with("Spring 1901 movement"), "{res}");
    assert!(
        res.contains("Austria: A Budapest -> Galicia. (*bounce*)"),
        "{res}"
    );
    assert!(
        res.contains("Russia: A Warsaw -> Galicia. (*bounce*)"),
        "{res}"
    );
    assert!(
        res.contains("Russia: F Sevastopol -> Black Sea. (*bounce*)"),
        "{res}"
    );
    assert!(
        res.contains("Turkey: F Ankara -> Black Sea. (*bounce*)"),
        "{res}"
    );
    assert!(res.contains("Italy: A Rome -> Venice.\n"), "{res}");
    assert!(res.contains("Fall 1901 movement"), "{res}");
    assert_eq!(phase(&game), "F1901M");

    // Fall 1901.
    orders(&game, "Austria", "A Tri Hold\nA Bud - Ser\nF Alb - Gre\n");
    orders(
        &game,
        "England",
        "A Yor - Nwy\nF Nth Convoys A Yor - Nwy\nF Nwg - Bar\n",
    );
    orders(&game, "France", "A Bur - Mar\nA Spa - Por\nF Pic - Bel\n");
    orders(&game, "Germany", "A Kie - Hol\nA Ruh - Bel\nF Den Hold\n");
    orders(&game, "Italy", "A Ven Hold\nA Pie - Mar\nF Ion - Tun\n");
    orders(
        &game,
        "Russia",
        "A Ukr Supports F Sev - Rum\nA War - Gal\nF Bot - Swe\nF Sev - Rum\n",
    );
    orders(&game, "Turkey", "A Bul - Ser\nA Con - Bul\nF Ank - Bla\n");
    let res = ok(&["game", "adjudicate", s(&game)]);
    assert!(
        res.contains("France: A Burgundy -> Marseilles. (*bounce*)"),
        "{res}"
    );
    assert!(
        res.contains("Germany: A Ruhr -> Belgium. (*bounce*)"),
        "{res}"
    );
    assert!(
        res.contains("Turkey: A Constantinople -> Bulgaria. (*bounce*)"),
        "{res}"
    );
    assert!(res.contains("England: A Yorkshire -> Norway.\n"), "{res}");
    // Centres change hands after Fall; the listing shows the builds due.
    assert!(
        res.contains("(6 centres, 4 units, builds 2)"),
        "Russia: {res}"
    );
    assert!(res.contains("(4 centres, 3 units, builds 1)"), "{res}");
    assert_eq!(phase(&game), "W1901A");
    assert_eq!(
        centres(&game, "Russia"),
        ["mos", "rum", "sev", "stp", "swe", "war"]
    );
    assert_eq!(centres(&game, "France"), ["bre", "mar", "par", "por"]);
    let st = ok(&["game", "status", s(&game)]);
    assert!(
        st.contains("Missing: Austria, England, France, Germany, Italy, Russia, Turkey"),
        "{st}"
    );

    // Winter 1901: every power uses its builds.
    orders(&game, "England", "Build F Edi\n");
    orders(&game, "Germany", "Build F Kie\nBuild A Mun\n");
    orders(&game, "Russia", "Build A StP\nBuild A Sev\n");
    orders(&game, "Turkey", "Build A Smy\n");
    orders(&game, "Austria", "Build A Vie\n");
    orders(&game, "Italy", "Build F Nap\n");
    orders(&game, "France", "Build F Mar\n");
    let res = ok(&["game", "adjudicate", s(&game)]);
    assert!(res.starts_with("Winter 1901 adjustments"), "{res}");
    assert!(res.contains("Russia: Build A St. Petersburg."), "{res}");
    assert!(res.contains("Spring 1902 movement"), "{res}");
    assert_eq!(phase(&game), "S1902M");
    assert_eq!(
        units(&game, "Russia"),
        ["A gal", "A sev", "A stp", "A ukr", "F rum", "F swe"]
    );
    assert_eq!(
        units(&game, "England"),
        ["A nwy", "F bar", "F edi", "F nth"]
    );
    assert_eq!(
        units(&game, "Germany"),
        ["A hol", "A mun", "A ruh", "F den", "F kie"]
    );

    // The history has every phase, dated, with the orders as understood.
    let h = ok(&["game", "history", s(&game)]);
    for title in [
        "Spring 1901 movement",
        "Fall 1901 movement",
        "Winter 1901 adjustments",
    ] {
        assert!(h.contains(title), "{title}: {h}");
    }
    let one = ok(&["game", "history", s(&game), "--phase", "F1901M"]);
    assert!(one.contains("England: F North Sea CONVOY English A Yorkshire -> Norway."));
    assert!(!one.contains("Spring 1901 movement"), "{one}");
    // The record stores each sheet line as written and as understood.
    let r = record(&game);
    let first = &r["phases"][0]["orders"][0];
    assert_eq!(first["power"], "Austria");
    assert_eq!(first["text"], "A Vie - Tri");
    assert_eq!(first["order"], "A vie - tri");
    assert_eq!(first["result"], "succeeded");

    // A draw ends it.
    let d = ok(&["game", "draw", s(&game)]);
    assert!(d.contains("Draw shared by Austria, England, France, Germany, Italy, Russia, Turkey"));
    let out = entente(&["game", "adjudicate", s(&game)]);
    assert!(!out.status.success());
}

/// The First World War: two players, Italy neutral and closed, 1914; a coin toss before the
/// Fall 1914 adjustments; Italy joins the winner in Spring 1915.
#[test]
fn two_player_first_world_war_reaches_spring_1915_with_italy_joined() {
    let dir = scratch("game-cli", "two");
    let game = dir.join("ww1.json");
    let out = ok(&[
        "game",
        "new",
        s(&game),
        "--setup",
        "2",
        "--players",
        "Entente:England/France/Russia,Central:Austria/Germany/Turkey",
        "--seed",
        "7",
    ]);
    assert!(out.contains("Spring 1914 movement"), "{out}");
    assert!(out.contains("Neutral: Italy"), "{out}");
    // Italy gives no orders, and its provinces are closed.
    let out = entente(&["game", "orders", s(&game), "--power", "Italy", "-"]);
    assert!(!out.status.success());
    let echo = orders(&game, "Austria", "A Vie - Tyr\nF Tri - Ven\nA Bud - Ser\n");
    assert!(echo.contains("that space is impassable"), "{echo}");
    orders(&game, "France", "A Mar - Pie\nA Par - Bur\nF Bre - Mao\n");
    orders(&game, "Germany", "A Mun - Tyr\nA Ber - Kie\nF Kie - Den\n");
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(
        res.contains("Austria: F Trieste -> Venice. (*illegal: that space is impassable*)"),
        "{res}"
    );
    assert!(
        res.contains("France: A Marseilles -> Piedmont. (*illegal: that space is impassable*)"),
        "{res}"
    );
    assert!(
        res.contains("Austria: A Vienna -> Tyrolia. (*bounce*)"),
        "{res}"
    );
    assert_eq!(units(&game, "Italy"), ["A rom", "A ven", "F nap"]);
    assert!(record(&game)["coin_toss"].is_null());

    // Fall 1914: the Central powers take Serbia, the Entente Spain and Denmark is German.
    orders(&game, "Austria", "A Ser H\n");
    orders(&game, "France", "A Bur - Mun\nF Mao - Spa/nc\n");
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(res.contains("Coin toss: Italy joins"), "{res}");
    assert_eq!(phase(&game), "W1914A");
    let r = record(&game);
    let winner = r["coin_toss"]["winner"].as_str().unwrap().to_string();
    assert_eq!(r["coin_toss"]["power"], "Italy");
    // The toss is drawn from the game's seed: the same seed, the same winner.
    let again = dir.join("again.json");
    ok(&[
        "game",
        "new",
        s(&again),
        "--setup",
        "2",
        "--players",
        "Entente:England/France/Russia,Central:Austria/Germany/Turkey",
        "--seed",
        "7",
    ]);
    ok(&["game", "adjudicate", s(&again), "--force"]);
    ok(&["game", "adjudicate", s(&again), "--force"]);
    assert_eq!(record(&again)["coin_toss"]["winner"], winner.as_str());
    // Italy is still neutral in the Winter.
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("Neutral: Italy"), "{st}");

    // Winter 1914 builds, then Spring 1915: Italy plays for the winner.
    orders(&game, "Austria", "Build A Bud\n");
    orders(&game, "Germany", "Build A Ber\n");
    orders(&game, "France", "Build A Par\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(phase(&game), "S1915M");
    let r = record(&game);
    let players = r["players"].as_array().unwrap();
    let joined = players
        .iter()
        .find(|p| p["name"] == winner.as_str())
        .unwrap();
    assert!(
        joined["powers"]
            .as_array()
            .unwrap()
            .contains(&Value::from("Italy")),
        "{r}"
    );
    let st = ok(&["game", "status", s(&game)]);
    assert!(!st.contains("Neutral"), "{st}");
    assert!(st.contains("Italy"), "Italy now has orders to give: {st}");
    // Its provinces are open again, and Italy's orders count.
    let echo = orders(&game, "Italy", "A Ven - Pie\nF Nap - Tys\n");
    assert!(!echo.contains("impassable"), "{echo}");
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(res.contains("Italy: A Venice -> Piedmont.\n"), "{res}");
}

/// A power in civil disorder that must remove a unit loses the one farthest from its
/// nearest home centre: here an army two moves from Warsaw, although it is neither a fleet
/// nor first in alphabetical order (F arm, F bot and A ukr are one move from home).
#[test]
fn civil_disorder_removal_follows_the_distance() {
    let dir = scratch("game-cli", "cd");
    let game = dir.join("cd.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "3"]);
    orders(
        &game,
        "Russia",
        "A War - Sil\nA Mos - Ukr\nF Sev - Arm\nF StP/sc - Bot\n",
    );
    orders(&game, "Turkey", "F Ank - Bla\nA Con - Bul\nA Smy H\n");
    orders(&game, "Germany", "A Mun - Ruh\nA Ber H\nF Kie - Hol\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    orders(&game, "Russia", "A Sil - Boh\nA Ukr H\nF Arm H\nF Bot H\n");
    orders(&game, "Turkey", "F Bla - Sev\nA Bul H\n");
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(res.contains("(3 centres, 4 units, removes 1)"), "{res}");
    assert_eq!(phase(&game), "W1901A");
    // Russia sends nothing for the Winter; the game master declares civil disorder.
    let out = ok(&["game", "civil-disorder", s(&game), "--power", "Russia"]);
    assert!(out.contains("civil disorder"), "{out}");
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("Civil disorder: Russia"), "{st}");
    assert!(
        !st.contains("Missing: Russia") && !st.contains(", Russia"),
        "{st}"
    );
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(
        res.contains("Russia: Remove A Bohemia. (*civil disorder*)"),
        "{res}"
    );
    assert_eq!(units(&game, "Russia"), ["A ukr", "F arm", "F bot"]);
    // The player comes back and plays on.
    ok(&[
        "game",
        "civil-disorder",
        s(&game),
        "--power",
        "Russia",
        "--off",
    ]);
    orders(&game, "Russia", "F Arm - Sev\n");
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(res.contains("Russia: F Armenia -> Sevastopol"), "{res}");
}

/// Appendix 1 of the 1982 rules through `entente game new --assign prefs`: the
/// uncontested first choices go to their players, the lots are drawn from the seed.
#[test]
fn preference_lists_assign_powers() {
    let dir = scratch("game-cli", "prefs");
    let prefs = dir.join("prefs.txt");
    std::fs::write(
        &prefs,
        "# the appendix's table\n\
         P1: A E F R G T I\n\
         P2: E F T R I G A\n\
         P3: T R E F G I A\n\
         P4: F E R T I A G\n\
         P5: E F G R A I T\n\
         P6: T I A R E F G\n\
         P7: E R T G F I A\n",
    )
    .unwrap();
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let game = dir.join(format!("g{seed}.json"));
        let seed = seed.to_string();
        let out = ok(&[
            "game",
            "new",
            s(&game),
            "--assign",
            "prefs",
            s(&prefs),
            "--seed",
            &seed,
        ]);
        assert!(out.contains("P1: Austria"), "{out}");
        assert!(out.contains("P4: France"), "{out}");
        let r = record(&game);
        assert_eq!(r["assignment"]["method"], "preferences");
        let line = |p: &str| {
            out.lines()
                .find(|l| l.starts_with(&format!("{p}: ")))
                .unwrap()
                .to_string()
        };
        // England went by lot to P2, P5 or P7; Turkey to P3 or P6.
        let england = ["P2", "P5", "P7"]
            .iter()
            .filter(|p| line(p).ends_with("England"))
            .count();
        let turkey = ["P3", "P6"]
            .iter()
            .filter(|p| line(p).ends_with("Turkey"))
            .count();
        assert_eq!((england, turkey), (1, 1), "{out}");
        // The same seed draws the same lots.
        let again = dir.join("again.json");
        let _ = std::fs::remove_file(&again);
        let out2 = ok(&[
            "game",
            "new",
            s(&again),
            "--assign",
            "prefs",
            s(&prefs),
            "--seed",
            &seed,
        ]);
        assert_eq!(
            out.lines().skip(1).collect::<Vec<_>>(),
            out2.lines().skip(1).collect::<Vec<_>>()
        );
        outcomes.insert(out.lines().skip(1).collect::<Vec<_>>().join("|"));
    }
    assert!(outcomes.len() > 1, "the lots depend on the seed");
    // Seed 16 draws the appendix's lots (Turkey to P3, England to P7), and then the
    // appendix's assignment follows.
    let game = dir.join("appendix.json");
    let out = ok(&[
        "game",
        "new",
        s(&game),
        "--assign",
        "prefs",
        s(&prefs),
        "--seed",
        "16",
    ]);
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>().join("|"),
        "P1: Austria|P2: Russia|P3: Turkey|P4: France|P5: Germany|P6: Italy|P7: England"
    );
}

#[test]
fn random_assignment_and_options_are_stored() {
    let dir = scratch("game-cli", "random");
    let game = dir.join("r.json");
    let out = ok(&[
        "game",
        "new",
        s(&game),
        "--setup",
        "4",
        "--assign",
        "random",
        "--players",
        "Ann,Ben,Cat,Dan",
        "--seed",
        "5",
        "--gunboat",
        "--anonymous",
        "--end-year",
        "1905",
        "--rules",
        "1982",
    ]);
    let r = record(&game);
    assert_eq!(r["options"]["gunboat"], true);
    assert_eq!(r["options"]["anonymous"], true);
    assert_eq!(r["options"]["end_year"], 1905);
    assert_eq!(r["rules"]["edition"], "1982");
    assert_eq!(r["assignment"]["method"], "random");
    assert_eq!(r["setup"], "4");
    let seats: Vec<String> = r["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["powers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    let mut sorted = seats.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "Austria/France",
            "England",
            "Germany/Turkey",
            "Italy/Russia"
        ],
        "{out}"
    );
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("Gunboat: no press."), "{st}");
    // A sheet for one of a player's two powers counts for that power only.
    orders(&game, "France", "A Par - Bur\n");
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("Orders in: France"), "{st}");
    assert!(
        st.contains("Missing: Austria, England, Germany, Italy, Russia, Turkey"),
        "{st}"
    );
}

#[test]
fn export_and_replay_a_game() {
    let dir = scratch("game-cli", "export");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    orders(&game, "France", "A Mar - Spa\nA Par - Bur\nF Bre - Mao\n");
    orders(&game, "Germany", "A Mun - Bur\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    orders(&game, "France", "A Spa H\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    orders(&game, "France", "Build F Bre\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    // The native record replays without a difference.
    let out = ok(&["replay", s(&game)]);
    assert!(out.contains("no difference"), "{out}");
    // Exported to the Python package's format, it replays the same.
    let py = dir.join("g.py.json");
    ok(&["game", "export", s(&game), "--python", s(&py)]);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&py).unwrap()).unwrap();
    let phases = v["phases"].as_array().unwrap();
    let names: Vec<&str> = phases.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["S1901M", "F1901M", "W1901A", "S1902M"]);
    assert_eq!(phases[0]["orders"]["FRANCE"][0], "A MAR - SPA");
    assert_eq!(phases[2]["orders"]["FRANCE"][0], "F BRE B");
    assert!(phases[0]["state"]["units"]["RUSSIA"]
        .as_array()
        .unwrap()
        .contains(&Value::from("F STP/SC")));
    let out = ok(&["replay", s(&py)]);
    assert!(
        out.contains("1 game, 3 phases replayed: no difference"),
        "{out}"
    );
    // A tampered record is reported, naming the phase and the difference.
    let mut t = v.clone();
    t["phases"][1]["state"]["units"]["FRANCE"] = serde_json::json!(["A BUR", "A PAR", "F MAO"]);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string(&t).unwrap()).unwrap();
    let out = entente(&["replay", s(&bad)]);
    assert_eq!(out.status.code(), Some(1));
    let o = text(&out.stdout);
    assert!(
        o.contains("S1901M: unit in bur: entente nothing, record French A bur"),
        "{o}"
    );
    // The import makes the same game again.
    let back = dir.join("back.json");
    ok(&["game", "import", s(&py), s(&back)]);
    assert_eq!(units(&back, "France"), units(&game, "France"));
    assert_eq!(phase(&back), "S1902M");
}

/// `game adjudicate` waits for every sheet: with orders missing it is refused (nothing is
/// written) unless forced or the deadline has passed, so repeating it by mistake does not
/// play a phase of holds.
#[test]
fn adjudicate_refuses_while_orders_are_missing_unless_forced_or_past_the_deadline() {
    let dir = scratch("game-cli", "adjudicate-guard");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);
    orders(&game, "England", "F Lon - Nth\n");
    let before = std::fs::read_to_string(&game).unwrap();
    let out = entente(&["game", "adjudicate", s(&game)]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("orders missing from Austria, France, Germany, Italy, Russia, Turkey"),
        "{err}"
    );
    assert!(err.contains("--force"), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);

    // Forced, it plays the phase; the log says so.
    let res = ok(&["game", "adjudicate", s(&game), "--force"]);
    assert!(res.contains("England: F London -> North Sea."), "{res}");
    assert_eq!(phase(&game), "F1901M");
    let r = record(&game);
    let last = r["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["act"], "adjudicated");
    assert_eq!(last["forced"], true);

    // Repeated by mistake: refused, the Fall is not played.
    let out = entente(&["game", "adjudicate", s(&game)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(phase(&game), "F1901M");

    // Once the deadline has passed, the missing orders hold without --force.
    ok(&["game", "deadline", s(&game), "2020-01-01T00:00:00Z"]);
    ok(&["game", "adjudicate", s(&game)]);
    assert_eq!(phase(&game), "S1902M");
    let r = record(&game);
    let last = r["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["forced"], false);

    // With every sheet in, no --force is needed; a paused game waits even then.
    for p in [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ] {
        ok(&["game", "orders", s(&game), "--power", p, "--empty"]);
    }
    ok(&["game", "pause", s(&game)]);
    let out = entente(&["game", "adjudicate", s(&game)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("paused"),
        "{}",
        text(&out.stderr)
    );
    ok(&["game", "resume", s(&game)]);
    ok(&["game", "adjudicate", s(&game)]);
    assert_eq!(phase(&game), "F1902M");
}
