//! Issue 4: a whole Ancient Mediterranean game through the game master's CLI, from Spring
//! of year 1 past the first adjustments (Winter 1 AD builds), with the results asserted.

mod common;
use common::{entente_in as entente, orders_in as orders};

#[test]
fn ancient_mediterranean_game_from_year_1_past_the_first_builds() {
    let dir = std::env::temp_dir().join(format!("entente-ancmed-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let created = entente(
        &[
            "game",
            "new",
            "g.json",
            "--variant",
            "ancmed",
            "--players",
            "Ann:Rome,Bob:Carthage,Cid:Greece,Dan:Persia,Eve:Egypt",
        ],
        &dir,
    );
    assert!(created.contains("Spring 1 AD movement"), "{created}");

    // Spring 1 AD: each power takes a step towards a neutral centre; the fleet crosses the
    // Strait of Messina, the army crosses into Byzantium.
    orders(&dir, "Rome", &["F Nea - Sic", "A Rom H", "A Rav - Ven"]);
    orders(&dir, "Carthage", &["A Cir - Num", "F Tha H", "A Car H"]);
    orders(&dir, "Greece", &["A Mac - Byz", "F Spa - Mes", "A Ath H"]);
    orders(&dir, "Persia", &["F Sid - Tye", "A Ant H", "A Dam H"]);
    orders(&dir, "Egypt", &["A Mem - Cyr", "F Ale H", "A Thb H"]);
    let status = entente(&["game", "status", "g.json"], &dir);
    assert!(status.contains("Missing: none"), "{status}");
    let spring = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    for line in [
        "Rome: F Neapolis -> Sicilia.",
        "Carthage: A Cirta -> Numidia.",
        "Greece: A Macedonia -> Byzantium.",
        "Persia: F Sidon -> Tyre.",
        "Egypt: A Memphis -> Cyrene.",
    ] {
        assert!(spring.contains(line), "missing '{line}' in:\n{spring}");
    }
    assert!(
        !spring.contains("(*"),
        "no order fails in Spring 1 AD:\n{spring}"
    );

    // Fall 1 AD: everyone holds; the neutral centres occupied change hands.
    for (p, units) in [
        ("Rome", ["F Sic H", "A Rom H", "A Ven H"]),
        ("Carthage", ["A Num H", "F Tha H", "A Car H"]),
        ("Greece", ["A Byz H", "F Mes H", "A Ath H"]),
        ("Persia", ["F Tye H", "A Ant H", "A Dam H"]),
        ("Egypt", ["A Cyr H", "F Ale H", "A Thb H"]),
    ] {
        orders(&dir, p, &units);
    }
    let fall = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    for line in [
        "Rome: Neapolis, Ravenna, Roma, Sicilia. (4 centres, 3 units, builds 1)",
        "Carthage: Carthage, Cirta, Numidia, Thapsus. (4 centres, 3 units, builds 1)",
        "Greece: Athens, Byzantium, Macedonia, Sparta. (4 centres, 3 units, builds 1)",
        "Persia: Antioch, Damascus, Sidon, Tyre. (4 centres, 3 units, builds 1)",
        "Egypt: Alexandria, Cyrene, Memphis, Thebes. (4 centres, 3 units, builds 1)",
    ] {
        assert!(fall.contains(line), "missing '{line}' in:\n{fall}");
    }
    assert!(entente(&["game", "status", "g.json"], &dir).contains("Winter 1 AD adjustments"));

    // Winter 1 AD: every power builds in the home centre it left; Egypt builds a fleet in
    // Memphis, on the Nile (RULES.md: the Nile's banks are coasts).
    orders(&dir, "Rome", &["Build F Nea"]);
    orders(&dir, "Carthage", &["Build A Cir"]);
    orders(&dir, "Greece", &["Build A Mac"]);
    orders(&dir, "Persia", &["Build F Sid"]);
    orders(&dir, "Egypt", &["Build F Mem"]);
    let winter = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    for line in [
        "Rome: Build F Neapolis.",
        "Carthage: Build A Cirta.",
        "Greece: Build A Macedonia.",
        "Persia: Build F Sidon.",
        "Egypt: Build F Memphis.",
    ] {
        assert!(winter.contains(line), "missing '{line}' in:\n{winter}");
    }
    assert!(!winter.contains("(*"), "every build succeeds:\n{winter}");
    let status = entente(&["game", "status", "g.json"], &dir);
    assert!(status.contains("Spring 2 AD movement"), "{status}");

    // Spring 2 AD: the new Egyptian fleet sails along the Nile from Memphis to Thebes.
    orders(
        &dir,
        "Egypt",
        &["F Mem - Thb", "A Thb - Sin", "F Ale H", "A Cyr H"],
    );
    let spring2 = entente(&["game", "adjudicate", "g.json", "--force"], &dir);
    assert!(spring2.contains("Egypt: F Memphis -> Thebes."), "{spring2}");
    assert!(
        !spring2.contains("Egypt: F Memphis -> Thebes. (*"),
        "{spring2}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
