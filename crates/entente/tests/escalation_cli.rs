//! Issue 19: Escalation through the game master's command line. The variant is listed; a
//! game of three players is created on the empty board with the table's eight units each
//! (or a number agreed), the units placed one at a time in turn (out of turn, on an
//! occupied space, where the unit cannot stand: refused with a message, never a panic), the
//! placement shown in judge form, 1901 played, the home centres nominated after Fall 1901
//! and built in during Winter 1901; the record reloads at every step.

mod common;
use common::{entente_in as entente, orders_in as orders, run_in as run, scratch};
use std::path::Path;

/// The command fails, saying `why`.
fn refused(args: &[&str], dir: &Path, why: &str) {
    let (ok, text) = run(args, dir);
    assert!(!ok, "entente {args:?} should fail:\n{text}");
    assert!(text.contains(why), "expected '{why}' in:\n{text}");
}

fn place(dir: &Path, power: &str, unit: &str) -> String {
    entente(&["game", "place", "g.json", "--power", power, unit], dir)
}

#[test]
fn escalation_is_listed() {
    let dir = scratch("escalation_cli", "escalation-list");
    let list = entente(&["variant", "list"], &dir);
    assert!(
        list.contains("escalation Escalation — 7 powers, 75 provinces, 34 centres, 18 to win"),
        "{list}"
    );
}

#[test]
fn a_new_escalation_game_places_the_table_s_units() {
    let dir = scratch("escalation_cli", "escalation-table");
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "escalation",
            "--players",
            "Ann:France,Bob:Germany,Cid:Russia",
        ],
        &dir,
    );
    assert!(created.contains("Escalation, 3 players"), "{created}");
    assert!(
        created.contains(
            "Placement (Escalation): 8 units each, one at a time in turn: France, Germany, Russia."
        ),
        "{created}"
    );
    assert!(
        created.contains("Neutral: Austria, England, Italy, Turkey"),
        "{created}"
    );
    let status = entente(&["game", "status", "g.json"], &dir);
    assert!(
        status.contains("To place: France (0 of 24 placed"),
        "{status}"
    );
    // One player takes one power.
    refused(
        &[
            "game",
            "new",
            "h.json",
            "--variant",
            "escalation",
            "--players",
            "Ann:France/Italy,Bob:Germany",
        ],
        &dir,
        "each player takes one power",
    );
    refused(
        &[
            "game",
            "new",
            "h.json",
            "--variant",
            "escalation",
            "--players",
            "Ann:France",
        ],
        &dir,
        "two players or more",
    );
}

#[test]
fn an_escalation_game_from_the_placement_past_the_winter_1901_nominations() {
    let dir = scratch("escalation_cli", "escalation-game");
    entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "escalation",
            "--players",
            "Ann:France,Bob:Germany,Cid:Russia",
            "--escalation-units",
            "2",
        ],
        &dir,
    );
    // The placement: in turn, one unit at a time.
    refused(
        &["game", "place", "g.json", "--power", "Germany", "A Mun"],
        &dir,
        "it is France's turn to place, not Germany's",
    );
    refused(
        &["game", "adjudicate", "g.json", "--force"],
        &dir,
        "the units are being placed (France to place",
    );
    refused(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "France",
            "Par, Bre, Mar",
        ],
        &dir,
        "home centres are nominated once Fall 1901 is over",
    );
    let first = place(&dir, "France", "A Par");
    assert!(
        first.contains("France places A Paris (1 of 6 placed)."),
        "{first}"
    );
    assert!(
        first.contains("To place: Germany (1 of 6 placed"),
        "{first}"
    );
    refused(
        &["game", "place", "g.json", "--power", "Germany", "A Par"],
        &dir,
        "Paris is occupied (French A Paris): one unit a space",
    );
    refused(
        &["game", "place", "g.json", "--power", "Germany", "A Nth"],
        &dir,
        "an army cannot stand in North Sea",
    );
    refused(
        &["game", "place", "g.json", "--power", "Germany", "F Stp"],
        &dir,
        "a fleet in St. Petersburg stands on one of its coasts: name it (stp/nc, stp/sc)",
    );
    refused(
        &["game", "place", "g.json", "--power", "Germany", "Mun"],
        &dir,
        "an army (A) or a fleet (F)",
    );
    place(&dir, "Germany", "Place A Mun");
    // A placement may come as the power's order sheet too.
    orders(&dir, "Russia", &["Place F Stp/sc"]);
    place(&dir, "France", "F Bre");
    place(&dir, "Germany", "A Ruh");
    let last = place(&dir, "Russia", "A War");
    assert!(
        last.contains("Placement (Escalation), before Spring 1901 movement: 2 units each, in turn: France, Germany, Russia."),
        "{last}"
    );
    assert!(
        last.contains("Russia: Fleet St. Petersburg (south coast).\nFrance: Fleet Brest."),
        "{last}"
    );
    assert!(last.contains("Missing: France, Germany, Russia"), "{last}");
    refused(
        &["game", "place", "g.json", "--power", "France", "A Bur"],
        &dir,
        "the placement is over",
    );

    // 1901: France takes Belgium, Germany Holland.
    orders(&dir, "France", &["A Par - Bur", "F Bre H"]);
    orders(&dir, "Germany", &["A Ruh - Hol", "A Mun H"]);
    orders(&dir, "Russia", &["F Stp/sc - Bot", "A War H"]);
    let spring = entente(&["game", "adjudicate", "g.json"], &dir);
    assert!(
        spring.contains("France: Brest, Paris. (2 centres, 2 units)"),
        "{spring}"
    );
    orders(&dir, "France", &["A Bur - Bel"]);
    let fall = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(
        fall.contains("France: Belgium, Brest, Paris. (3 centres, 2 units"),
        "{fall}"
    );
    assert!(fall.contains("g.json: Winter 1901 adjustments"), "{fall}");
    assert!(
        fall.contains("Home centres to nominate (three supply centres, `Home Par, Bre, Mar`): France, Germany, Russia"),
        "{fall}"
    );

    // The nominations, before any build.
    refused(
        &["game", "home", "g.json", "--power", "France", "Par, Bre"],
        &dir,
        "nominate 3 home centres, not 2",
    );
    refused(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "France",
            "Par, Bre, Bur",
        ],
        &dir,
        "Burgundy is not a supply centre",
    );
    refused(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "France",
            "Par, Bre, Atlantis",
        ],
        &dir,
        "'Atlantis' in 'Par, Bre, Atlantis' is not a province of the map",
    );
    let sheet = dir.join("build.txt");
    std::fs::write(&sheet, "Build A Par").unwrap();
    refused(
        &[
            "game",
            "orders",
            "g.json",
            "--power",
            "France",
            sheet.to_str().unwrap(),
        ],
        &dir,
        "home centres are nominated first",
    );
    let f = entente(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "France",
            "Par, Bre, Spa",
        ],
        &dir,
    );
    assert!(
        f.contains("France nominates Paris, Brest, Spain as its home centres."),
        "{f}"
    );
    orders(&dir, "Germany", &["Home Mun, Hol, Kie"]);
    let status = entente(&["game", "status", "g.json"], &dir);
    assert!(
        status.contains(
            "Home centres to nominate (three supply centres, `Home Par, Bre, Mar`): Russia"
        ),
        "{status}"
    );
    let r = entente(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "Russia",
            "Home Stp, War, Mos",
        ],
        &dir,
    );
    assert!(
        r.contains("Home centres nominated (Escalation), Winter 1901 adjustments:\n\nFrance: Paris, Brest, Spain.\nGermany: Munich, Holland, Kiel.\nRussia: St. Petersburg, Warsaw, Moscow."),
        "{r}"
    );
    // France builds in its nominated home Paris; Belgium is no home of it.
    assert!(r.contains("Builds due: France 1 (in Paris)"), "{r}");
    refused(
        &[
            "game",
            "home",
            "g.json",
            "--power",
            "France",
            "Par, Bre, Bel",
        ],
        &dir,
        "no nominations now",
    );
    let echo = orders(&dir, "France", &["Build A Bel"]);
    assert!(echo.contains("will not be carried out"), "{echo}");
    orders(&dir, "France", &["Build A Par"]);
    let winter = entente(&["game", "adjudicate", "g.json"], &dir);
    assert!(winter.contains("France: Build A Paris."), "{winter}");
    assert!(winter.contains("g.json: Spring 1902 movement"), "{winter}");

    // The history tells the placement, the nominations and every phase.
    let history = entente(&["game", "history", "g.json"], &dir);
    let at = |s: &str| {
        history
            .find(s)
            .unwrap_or_else(|| panic!("'{s}' in:\n{history}"))
    };
    assert!(at("Placement (Escalation)") < at("Spring 1901 movement\n"));
    assert!(at("Fall 1901 movement\n") < at("Home centres nominated (Escalation)"));
    assert!(at("Home centres nominated (Escalation)") < at("Winter 1901 adjustments\n"));
}
