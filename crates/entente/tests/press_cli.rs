//! Press relayed by the game master (the French club's house rules: "All diplomatic mail
//! passes through the game master, who forwards it and keeps it secret"): `entente game
//! press` and `entente game inbox`, Gunboat games refusing press, anonymous games hiding the
//! sender, and the press kept in the game record.

mod common;
use common::*;

use serde_json::Value;
use std::path::Path;

const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

fn new_game(game: &Path, extra: &[&str]) {
    let mut args = vec!["game", "new", s(game), "--players", SEVEN, "--seed", "1"];
    args.extend_from_slice(extra);
    ok(&args);
}

fn press(game: &Path, from: &str, to: &str, message: &str) -> String {
    ok(&[
        "game",
        "press",
        s(game),
        "--from",
        from,
        "--to",
        to,
        message,
    ])
}

fn inbox(game: &Path, power: &str) -> String {
    ok(&["game", "inbox", s(game), "--power", power])
}

#[test]
fn private_messages_reach_their_recipients_and_no_one_else() {
    let dir = scratch("press-cli", "secrecy");
    let game = dir.join("g.json");
    new_game(&game, &[]);
    let out = press(&game, "France", "England", "Leave the Channel empty?");
    assert_eq!(
        out.trim(),
        "Message 1, Spring 1901 movement, from France to England: kept for its recipients."
    );
    press(&game, "England", "France", "Agreed: F Lon holds.");
    press(&game, "Germany", "Russia,Austria", "Sweden is yours.");

    let en = inbox(&game, "England");
    assert_eq!(
        en,
        "Press for England, 2 messages:\n\
         \n1. Spring 1901 movement, from France to England:\n   Leave the Channel empty?\n\
         \n2. Spring 1901 movement, from England to France:\n   Agreed: F Lon holds.\n"
    );
    let ru = inbox(&game, "Russia");
    assert!(
        ru.contains(
            "1. Spring 1901 movement, from Germany to Austria, Russia:\n   Sweden is yours."
        ),
        "{ru}"
    );
    // Who may read each message, and that it reaches no one else. The inbox numbers its own
    // messages, so a third power cannot count the messages it does not see.
    let readers: [(&str, &[&str]); 3] = [
        ("Leave the Channel", &["England", "France"]),
        ("Agreed", &["England", "France"]),
        ("Sweden is yours", &["Austria", "Germany", "Russia"]),
    ];
    for p in POWERS {
        let inbox = inbox(&game, p);
        for (message, allowed) in readers {
            assert_eq!(
                inbox.contains(message),
                allowed.contains(&p),
                "{p} and \"{message}\":\n{inbox}"
            );
        }
    }
    for p in ["Italy", "Turkey"] {
        assert_eq!(inbox(&game, p), format!("Press for {p}: no messages.\n"));
    }
    assert!(inbox(&game, "Germany").contains("1. Spring 1901 movement, from Germany"));

    // Messages are dated by the phase they were sent in, and the sequence goes on.
    ok(&["game", "adjudicate", s(&game), "--force"]);
    press(&game, "England", "France", "Thank you.");
    let fr = inbox(&game, "France");
    assert!(
        fr.contains("3. Fall 1901 movement, from England to France:\n   Thank you."),
        "{fr}"
    );
    let r = record(&game);
    // Each message is stamped with when the game master received it.
    let mut fourth = r["press"][3].clone();
    let at = fourth
        .as_object_mut()
        .unwrap()
        .remove("at")
        .expect("the message's time");
    assert!(
        at.as_str().unwrap().parse::<jiff::Timestamp>().is_ok(),
        "{at}"
    );
    assert_eq!(
        fourth,
        serde_json::json!({"seq": 4, "phase": "F1901M", "from": "England",
                           "to": ["France"], "text": "Thank you."})
    );
    assert_eq!(
        r["press"][2]["to"],
        serde_json::json!(["Austria", "Russia"])
    );

    // What cannot be relayed is refused and not stored.
    for (from, to, why) in [
        ("France", "France", "France cannot write to itself"),
        ("France", "Narnia", "unknown power 'Narnia'"),
        ("France", ",", "the message is for nobody"),
    ] {
        let out = entente(&["game", "press", s(&game), "--from", from, "--to", to, "x"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(why), "{}", text(&out.stderr));
    }
    assert_eq!(record(&game)["press"].as_array().unwrap().len(), 4);
}

#[test]
fn a_message_to_all_reaches_every_power() {
    let dir = scratch("press-cli", "broadcast");
    let game = dir.join("g.json");
    new_game(&game, &[]);
    let file = dir.join("note.txt");
    std::fs::write(&file, "To all powers:\nTurkey proposes a draw.\n").unwrap();
    let out = ok(&[
        "game",
        "press",
        s(&game),
        "--from",
        "Turkey",
        "--to",
        "all",
        "--file",
        s(&file),
    ]);
    assert!(out.contains("from Turkey to all"), "{out}");
    for p in POWERS {
        assert_eq!(
            inbox(&game, p),
            format!(
                "Press for {p}, 1 message:\n\n1. Spring 1901 movement, from Turkey to all:\n   \
                 To all powers:\n   Turkey proposes a draw.\n"
            )
        );
    }
    assert_eq!(record(&game)["press"][0]["to"], "all");

    // A power out of a smaller game has no player to write to.
    let six = dir.join("six.json");
    ok(&[
        "game",
        "new",
        s(&six),
        "--setup",
        "6",
        "--players",
        "Ann:Austria,Ben:England,Cat:France,Dan:Germany,Fay:Russia,Gus:Turkey",
    ]);
    let out = entente(&[
        "game",
        "press",
        s(&six),
        "--from",
        "France",
        "--to",
        "Italy",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no player plays Italy"));
    press(&six, "France", "all", "Hello.");
    assert_eq!(
        inbox(&six, "Italy"),
        "Press for Italy, 1 message:\n\n1. Spring 1901 movement, from France to all:\n   Hello.\n"
    );
}

#[test]
fn a_gunboat_game_refuses_press() {
    let dir = scratch("press-cli", "gunboat");
    let game = dir.join("g.json");
    new_game(&game, &["--gunboat"]);
    let before = std::fs::read_to_string(&game).unwrap();
    for to in ["England", "all"] {
        let out = entente(&[
            "game",
            "press",
            s(&game),
            "--from",
            "France",
            "--to",
            to,
            "Hi",
        ]);
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(
            err.contains("is a Gunboat game: no press; the message was not sent."),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    assert!(record(&game).get("press").is_none());
    assert_eq!(inbox(&game, "England"), "Press for England: no messages.\n");

    // A Gunboat record with press in it is refused.
    let mut r = record(&game);
    r["press"] = serde_json::json!([{"seq": 1, "phase": "S1901M", "from": "France",
                                     "to": ["England"], "text": "Hi"}]);
    std::fs::write(&game, serde_json::to_string(&r).unwrap()).unwrap();
    let out = entente(&["game", "inbox", s(&game), "--power", "England"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("a Gunboat game's record has press"));
}

#[test]
fn an_anonymous_game_hides_senders_and_who_plays_whom() {
    let dir = scratch("press-cli", "anonymous");
    let game = dir.join("g.json");
    new_game(&game, &["--anonymous"]);
    press(&game, "France", "England", "An alliance?");
    press(&game, "Germany", "all", "Peace.");
    assert_eq!(
        inbox(&game, "England"),
        "Press for England, 2 messages:\n\
         \n1. Spring 1901 movement, from Anonymous to England:\n   An alliance?\n\
         \n2. Spring 1901 movement, from Anonymous to all:\n   Peace.\n"
    );
    // The sender sees its own messages as its own.
    let fr = inbox(&game, "France");
    assert!(fr.contains("from France to England"), "{fr}");
    assert!(fr.contains("from Anonymous to all"), "{fr}");
    let de = inbox(&game, "Germany");
    assert!(de.contains("from Germany to all"), "{de}");
    // The record keeps the true sender for the game master.
    let r = record(&game);
    assert_eq!(r["press"][0]["from"], "France");
    assert_eq!(r["press"][1]["from"], "Germany");

    // What the game master publishes names no player beside a power.
    std::fs::write(dir.join("fr.txt"), "A Par - Bur\n").unwrap();
    ok(&[
        "game",
        "orders",
        s(&game),
        "--power",
        "France",
        s(&dir.join("fr.txt")),
    ]);
    let published = [
        ok(&["game", "status", s(&game)]),
        ok(&["game", "adjudicate", s(&game), "--force"]),
        ok(&["game", "history", s(&game)]),
    ];
    for out in &published {
        for player in ["Ann", "Ben", "Cat", "Dan", "Eva", "Fay", "Gus"] {
            for line in out.lines().filter(|l| l.contains(player)) {
                assert!(
                    !POWERS.iter().any(|p| line.contains(p)),
                    "{line:?} pairs a player with a power:\n{out}"
                );
            }
        }
    }
    assert!(published[0].contains("Anonymous: who plays which power is not told"));
    assert!(published[2].contains("Players: Ann, Ben, Cat, Dan, Eva, Fay, Gus\n"));
    assert!(
        published[2].contains("France: A Paris -> Burgundy."),
        "{}",
        published[2]
    );

    // Without --anonymous the history lists the players' powers, and senders are named.
    let open = dir.join("open.json");
    new_game(&open, &[]);
    press(&open, "France", "England", "An alliance?");
    assert!(inbox(&open, "England").contains("from France to England"));
    assert!(ok(&["game", "history", s(&open)]).contains("Cat: France\n"));
}

#[test]
fn press_survives_save_and_load() {
    let dir = scratch("press-cli", "roundtrip");
    let game = dir.join("g.json");
    new_game(&game, &[]);
    // A record without press has no `press` field: older records read as before.
    assert!(record(&game).get("press").is_none());
    assert_eq!(inbox(&game, "France"), "Press for France: no messages.\n");

    press(&game, "France", "England", "One.\n\n  Two, indented.");
    press(&game, "Russia", "all", "Three.");
    let a = record(&game);
    // Each command loads the record and saves it again: the next message leaves the
    // earlier ones, and everything else, as they were.
    press(&game, "Italy", "Austria,Turkey", "Four.");
    let mut b = record(&game);
    assert_eq!(b["press"][2]["seq"], 3);
    b["press"].as_array_mut().unwrap().pop();
    assert_eq!(b, a);
    // Adjudicating keeps the press as it was; saving the loaded record gives the same JSON.
    let press_before = record(&game)["press"].clone();
    ok(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(record(&game)["press"], press_before);
    let before = std::fs::read_to_string(&game).unwrap();
    ok(&[
        "game",
        "civil-disorder",
        s(&game),
        "--power",
        "Italy",
        "--off",
    ]);
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);
    assert!(inbox(&game, "England").contains("   One.\n\n     Two, indented.\n"));

    // A record from before press (the field removed) still loads.
    let mut old = record(&game);
    old.as_object_mut().unwrap().remove("press");
    let old_file = dir.join("old.json");
    std::fs::write(&old_file, serde_json::to_string_pretty(&old).unwrap()).unwrap();
    assert_eq!(
        inbox(&old_file, "England"),
        "Press for England: no messages.\n"
    );

    // A record whose press is out of sequence is refused, naming the message.
    let mut bad = record(&game);
    bad["press"][1]["seq"] = Value::from(5);
    std::fs::write(&game, serde_json::to_string(&bad).unwrap()).unwrap();
    let out = entente(&["game", "inbox", s(&game), "--power", "England"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("press: message 5 where 2 is due"),
        "{}",
        text(&out.stderr)
    );
}

/// The text of `game press` is the message as written: one that begins with `@` is sent as
/// it is (a pasted `@/etc/passwd` is not a file to read), and a file or standard input is
/// read only when asked for (`--file`, `--stdin`), at most 1 MiB.
#[test]
fn press_text_is_always_literal_and_files_are_read_only_when_asked() {
    let dir = scratch("press-cli", "literal");
    let game = dir.join("g.json");
    new_game(&game, &[]);
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "the game master's notes\n").unwrap();
    let at_path = format!("@{}", s(&secret));
    press(&game, "France", "England", &at_path);
    press(&game, "France", "England", "@Ben: the Channel?");
    let en = inbox(&game, "England");
    assert!(en.contains(&format!("   {at_path}\n")), "{en}");
    assert!(en.contains("   @Ben: the Channel?\n"), "{en}");
    assert!(!en.contains("notes"), "{en}");
    let r = record(&game);
    assert_eq!(r["press"][0]["text"], at_path.as_str());

    // From standard input, when asked.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_entente"))
        .args([
            "game",
            "press",
            s(&game),
            "--from",
            "Italy",
            "--to",
            "all",
            "--stdin",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Lepanto?\n")
        .unwrap();
    assert!(child.wait_with_output().unwrap().status.success());
    assert!(inbox(&game, "Turkey").contains("   Lepanto?\n"));

    // The text, --file and --stdin exclude each other; one of them is needed.
    for args in [
        &["x", "--file", s(&secret)][..],
        &["x", "--stdin"],
        &["--file", s(&secret), "--stdin"],
        &[],
    ] {
        let mut all = vec!["game", "press", s(&game), "--from", "France", "--to", "all"];
        all.extend_from_slice(args);
        let out = entente(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert_eq!(record(&game)["press"].as_array().unwrap().len(), 3);
}
