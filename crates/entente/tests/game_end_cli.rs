//! How a game ends and what is refused: a draw among some of the survivors, a concession,
//! no game-master act on a finished game; no two players of one name, no nameless player;
//! `history --phase` by number, and a phase the game has not played refused.

mod common;
use common::*;

use std::path::Path;

fn new_game(game: &Path) {
    ok(&["game", "new", s(game), "--players", SEVEN, "--seed", "1"]);
}

fn refused(args: &[&str]) -> String {
    let out = entente(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        text(&out.stdout)
    );
    text(&out.stderr)
}

#[test]
fn a_draw_among_some_survivors_leaves_the_others_out() {
    let dir = scratch("game-end-cli", "draw");
    let game = dir.join("g.json");
    new_game(&game);
    let before = std::fs::read_to_string(&game).unwrap();
    // Refused: an unknown power, one power alone, nobody.
    let err = refused(&["game", "draw", s(&game), "--powers", "France,Narnia"]);
    assert!(err.contains("unknown power 'Narnia'"), "{err}");
    let err = refused(&["game", "draw", s(&game), "--powers", "France"]);
    assert!(err.contains("two powers or more"), "{err}");
    let err = refused(&["game", "draw", s(&game), "--powers", ","]);
    assert!(err.contains("two powers or more"), "{err}");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);

    let out = ok(&[
        "game",
        "draw",
        s(&game),
        "--powers",
        "Germany,France,France",
    ]);
    assert_eq!(out, "Draw shared by France, Germany.\n");
    let r = record(&game);
    assert_eq!(
        r["end"],
        serde_json::json!({"result": "draw", "powers": ["France", "Germany"]})
    );
    let last = r["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["act"], "draw");
    assert_eq!(last["powers"], serde_json::json!(["France", "Germany"]));
    assert!(ok(&["game", "log", s(&game)]).contains("draw (France, Germany)"));
    let st = ok(&["game", "status", s(&game)]);
    assert!(
        st.contains("game over. Draw shared by France, Germany."),
        "{st}"
    );
    // Over is over: no second end, no civil disorder, no sheet.
    let err = refused(&["game", "draw", s(&game)]);
    assert!(err.contains("the game is over"), "{err}");
    let err = refused(&["game", "concede", s(&game), "--to", "France"]);
    assert!(err.contains("the game is over"), "{err}");
    let err = refused(&["game", "civil-disorder", s(&game), "--power", "Italy"]);
    assert!(err.contains("the game is over"), "{err}");
    let err = refused(&["game", "orders", s(&game), "--power", "Italy", "--empty"]);
    assert!(err.contains("the game is over"), "{err}");

    // Without --powers: every survivor, as before.
    let all = dir.join("all.json");
    new_game(&all);
    let out = ok(&["game", "draw", s(&all)]);
    assert!(out.contains("Draw shared by Austria, England, France, Germany, Italy, Russia, Turkey"));
}

#[test]
fn a_concession_ends_the_game_for_one_power() {
    let dir = scratch("game-end-cli", "concede");
    let game = dir.join("g.json");
    new_game(&game);
    let err = refused(&["game", "concede", s(&game), "--to", "Narnia"]);
    assert!(err.contains("unknown power 'Narnia'"), "{err}");
    let out = ok(&["game", "concede", s(&game), "--to", "Turkey"]);
    assert_eq!(out, "Conceded to Turkey.\n");
    let r = record(&game);
    assert_eq!(
        r["end"],
        serde_json::json!({"result": "concession", "powers": ["Turkey"]})
    );
    let log = ok(&["game", "log", s(&game)]);
    assert!(log.contains("conceded to Turkey"), "{log}");
    let st = ok(&["game", "status", s(&game)]);
    assert!(st.contains("game over. Conceded to Turkey."), "{st}");
    let err = refused(&["game", "adjudicate", s(&game), "--force"]);
    assert!(err.contains("the game is over"), "{err}");
    // The record, saved and loaded again, keeps the end.
    ok(&["game", "history", s(&game)]);
    assert!(ok(&["replay", s(&game)]).contains("no difference"));
}

#[test]
fn new_refuses_two_players_of_one_name_or_a_player_without_one() {
    let dir = scratch("game-end-cli", "names");
    let game = dir.join("g.json");
    for (players, assign, why) in [
        (
            "Ann:Austria,Ann:England,Cat:France,Dan:Germany,Eva:Italy,Fay:Russia,Gus:Turkey",
            None,
            "two players are named 'Ann'",
        ),
        (
            " :Austria,Ben:England,Cat:France,Dan:Germany,Eva:Italy,Fay:Russia,Gus:Turkey",
            None,
            "a player's name is empty",
        ),
        (
            "Ann, Ann ,Cat,Dan,Eva,Fay,Gus",
            Some("random"),
            "two players are named 'Ann'",
        ),
    ] {
        let mut args = vec!["game", "new", s(&game), "--players", players];
        if let Some(a) = assign {
            args.extend(["--assign", a, "--seed", "1"]);
        }
        let err = refused(&args);
        assert!(err.contains(why), "{players}: {err}");
        assert!(!game.exists());
    }
}

#[test]
fn history_takes_a_phase_number_and_refuses_a_phase_not_played() {
    let dir = scratch("game-end-cli", "history");
    let game = dir.join("g.json");
    new_game(&game);
    // Every power sends a sheet: France moves, the others hold one unit each.
    let play = |french: &str| {
        for (power, sheet) in [
            ("Austria", "A Vie H"),
            ("England", "F Lon H"),
            ("France", french),
            ("Germany", "A Ber H"),
            ("Italy", "A Rom H"),
            ("Russia", "A Mos H"),
            ("Turkey", "A Con H"),
        ] {
            let file = dir.join(format!("{power}.txt"));
            std::fs::write(&file, format!("{sheet}\n")).unwrap();
            ok(&["game", "orders", s(&game), "--power", power, s(&file)]);
        }
        ok(&["game", "adjudicate", s(&game)]);
    };
    play("A Par - Bur");
    play("A Bur - Mun");
    // Two phases played: S1901M and F1901M (no retreats, no builds due).
    let by_number = ok(&["game", "history", s(&game), "--phase", "2"]);
    let by_code = ok(&["game", "history", s(&game), "--phase", "F1901M"]);
    let by_name = ok(&["game", "history", s(&game), "--phase", "Fall 1901 movement"]);
    assert_eq!(by_number, by_code);
    assert_eq!(by_number, by_name);
    assert!(
        by_number.contains("France: A Burgundy -> Munich."),
        "{by_number}"
    );
    assert!(!by_number.contains("Paris -> Burgundy"), "{by_number}");
    assert!(ok(&["game", "history", s(&game), "--phase", "1"]).contains("Paris -> Burgundy"));
    // What the game has not played: "no such phase", exit 2, nothing printed.
    for phase in ["3", "0", "F1905M", "Spring 1950 movement", "S1902M"] {
        let out = entente(&["game", "history", s(&game), "--phase", phase]);
        assert_eq!(out.status.code(), Some(2), "{phase}");
        assert!(out.stdout.is_empty(), "{phase}");
        let err = text(&out.stderr);
        assert!(err.contains("no such phase"), "{phase}: {err}");
    }
    let err = text(&entente(&["game", "history", s(&game), "--phase", "S1902M"]).stderr);
    assert!(err.contains("S1902M is the current phase"), "{err}");
    let err = refused(&["game", "history", s(&game), "--phase", "xyz"]);
    assert!(err.contains("'xyz' is not a phase"), "{err}");
}
