//! `entente game status` tells the game master what is still to decide: who is awaited (by
//! player), which units the sheets received leave without orders, which units are
//! dislodged and where they may retreat, and the builds and removals due. The lines it
//! printed before stay as they were.

mod common;
use common::*;

use std::path::Path;

fn orders(game: &Path, power: &str, sheet: &str) {
    let file = game.with_extension(format!("{power}.txt"));
    std::fs::write(&file, sheet).unwrap();
    ok(&["game", "orders", s(game), "--power", power, s(&file)]);
}

fn status(game: &Path) -> String {
    ok(&["game", "status", s(game)])
}

fn line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in:\n{out}"))
}

#[test]
fn status_lists_units_without_orders_dislodged_units_and_adjustments_due() {
    let dir = scratch("status-cli", "decisions");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "1"]);

    // Spring 1901: England orders one fleet of three; Germany and France all their units.
    orders(&game, "England", "F Lon - Nth\n");
    orders(&game, "Germany", "A Mun - Bur\nF Kie - Den\nA Ber H\n");
    orders(&game, "France", "F Bre - Mao\nA Par H\nA Mar H\n");
    let st = status(&game);
    // The lines of before.
    assert!(
        st.starts_with(&format!("{}: Spring 1901 movement\n", s(&game))),
        "{st}"
    );
    assert!(st.contains("Orders in: England, France, Germany\n"), "{st}");
    assert!(
        st.contains("Missing: Austria, Italy, Russia, Turkey\n"),
        "{st}"
    );
    // Who is awaited, by player and power; the units the sheets received leave unordered.
    assert_eq!(
        line(&st, "Waiting for: "),
        "Waiting for: Ann (Austria), Eva (Italy), Fay (Russia), Gus (Turkey)"
    );
    let unordered = line(&st, "Units without orders: ");
    assert!(
        unordered.starts_with("Units without orders: England: "),
        "{st}"
    );
    assert!(
        unordered.contains("F Edinburgh") && unordered.contains("A Liverpool"),
        "{st}"
    );
    assert!(!unordered.contains("London"), "{st}");
    assert!(
        !unordered.contains("France") && !unordered.contains("Germany"),
        "{st}"
    );
    ok(&["game", "adjudicate", s(&game), "--force"]);

    // Fall 1901: France dislodges the German army in Burgundy and takes Spain.
    orders(
        &game,
        "France",
        "A Par - Bur\nA Mar S A Par - Bur\nF Mao - Spa/nc\n",
    );
    orders(&game, "Germany", "A Bur H\nF Den H\nA Ber H\n");
    ok(&["game", "adjudicate", s(&game), "--force"]);
    assert_eq!(record(&game)["current"]["phase"], "F1901R");
    let st = status(&game);
    assert!(st.contains("Missing: Germany\n"), "{st}");
    let d = line(&st, "Dislodged: ");
    assert!(
        d.starts_with("Dislodged: Germany A Burgundy (from Paris): retreats to "),
        "{d}"
    );
    for place in ["Belgium", "Gascony", "Munich", "Picardy", "Ruhr"] {
        assert!(d.contains(place), "{place}: {d}");
    }
    assert!(!d.contains("Paris,") && !d.contains("Marseilles"), "{d}");
    assert!(d.ends_with(", or disbands"), "{d}");
    orders(&game, "Germany", "A Bur - Mun\n");
    ok(&["game", "adjudicate", s(&game)]);

    // Winter 1901: the builds due, and where.
    assert_eq!(record(&game)["current"]["phase"], "W1901A");
    let st = status(&game);
    let builds = line(&st, "Builds due: ");
    assert!(builds.contains("France 1 (in Brest, Paris)"), "{builds}");
    // Berlin is taken by the army that held there.
    assert!(builds.contains("Germany 1 (in Kiel)"), "{builds}");
    assert!(!st.contains("Removals due"), "{st}");
    assert!(!st.contains("Units without orders"), "{st}");
}

#[test]
fn status_lists_the_removals_due() {
    let dir = scratch("status-cli", "removals");
    let game = dir.join("g.json");
    ok(&["game", "new", s(&game), "--players", SEVEN, "--seed", "3"]);
    // As in the civil-disorder game: Russia ends 1901 with 3 centres and 4 units.
    orders(
        &game,
        "Russia",
        "A War - Sil\nA Mos - Ukr\nF Sev - Arm\nF StP/sc - Bot\n",
    );
    orders(&game, "Turkey", "F Ank - Bla\nA Con - Bul\nA Smy H\n");
    orders(&game, "Germany", "A Mun - Ruh\nA Ber H\nF Kie - Hol\n");
    let others_hold = || {
        for (power, sheet) in [
            ("Austria", "A Vie H\n"),
            ("England", "F Lon H\n"),
            ("France", "A Par H\n"),
            ("Italy", "A Rom H\n"),
        ] {
            orders(&game, power, sheet);
        }
    };
    others_hold();
    ok(&["game", "adjudicate", s(&game)]);
    orders(&game, "Russia", "A Sil - Boh\nA Ukr H\nF Arm H\nF Bot H\n");
    orders(&game, "Turkey", "F Bla - Sev\nA Bul H\n");
    orders(&game, "Germany", "A Ruh H\n");
    others_hold();
    ok(&["game", "adjudicate", s(&game)]);
    let st = status(&game);
    assert_eq!(line(&st, "Removals due: "), "Removals due: Russia 1");
}
