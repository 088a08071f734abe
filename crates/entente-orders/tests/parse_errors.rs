//! Texts that are not orders: the error says why and where (the position of a character,
//! counted from 1; the end of a text cut short is one past its last character).

mod common;
use common::map;
use entente_orders::parse_order;

/// (text, position, a part of the message)
const CASES: &[(&str, usize, &str)] = &[
    ("", 1, "empty order"),
    ("   ", 1, "empty order"),
    ("...", 1, "empty order"),
    ("A Xyz - Bur", 3, "unknown province 'Xyz'"),
    ("Xyz - Bur", 1, "unknown province 'Xyz'"),
    ("A Par - Xyz", 9, "unknown province 'Xyz'"),
    ("A Par - Gulf of Xyz", 9, "unknown province 'Gulf of Xyz'"),
    ("A Par - Xyz H", 9, "unknown province 'Xyz'"),
    ("A Sil S Rusian A War-Pru", 9, "unknown province 'Rusian'"),
    ("A Sil S A War-Xyz", 15, "unknown province 'Xyz'"),
    ("Build A Xyz", 9, "unknown province 'Xyz'"),
    // Characters, not bytes: "Paříž" is 5 characters.
    ("A Paříž - Xyz", 11, "unknown province 'Xyz'"),
    ("A Париж - Хьюстон", 11, "unknown province 'Хьюстон'"),
    ("A Par", 6, "the order is cut short after 'Par'"),
    (
        "A Par",
        6,
        "expected '-' or an order keyword after the unit",
    ),
    ("A Bur S", 8, "the order is cut short after 'S'"),
    (
        "A Bur Supports",
        15,
        "the order is cut short after 'Supports'",
    ),
    ("A Bur S A", 10, "the order is cut short after 'A'"),
    ("A Par -", 8, "the order is cut short after '-'"),
    ("A Par - ", 8, "the order is cut short after '-'"),
    ("A Bur S A Par -", 16, "the order is cut short after '-'"),
    ("F Nth C A Lon", 14, "the order is cut short after 'Lon'"),
    ("F Nth C A Lon", 14, "destination of the convoyed army"),
    (
        "F Nth C A Lon Bel",
        15,
        "expected '-' and the destination of the convoyed army, found 'Bel'",
    ),
    (
        "A Par Bur",
        7,
        "expected '-' or an order keyword after the unit, found 'Bur'",
    ),
    (
        "A Par ; Bur",
        7,
        "expected '-' or an order keyword after the unit, found ';'",
    ),
    ("A Par - Bur Xyz", 13, "unexpected 'Xyz' after the order"),
    (
        "A Par - Bur, A Mar - Spa",
        12,
        "unexpected ',' after the order",
    ),
    ("A Par H H", 9, "unexpected 'H' after the order"),
    ("Waive Par", 7, "unexpected 'Par' after the order"),
    (
        "A Par - Bur via convoj",
        17,
        "expected 'convoy' after 'via', found 'convoj'",
    ),
    // Only the word "via" may end a move alone (the Python package's `A LON - BEL VIA`).
    ("A Par - Bur by", 15, "the order is cut short after 'by'"),
    ("A Par S H", 9, "expected a unit or a province, found 'H'"),
    ("F Stp/ - Bot", 8, "expected a coast after '/', found '-'"),
    ("Build", 6, "the order is cut short after 'Build'"),
    ("Remove", 7, "the order is cut short after 'Remove'"),
    ("A Mun R", 8, "the order is cut short after 'R'"),
    ("A", 2, "the order is cut short after 'A'"),
    ("S A Par - Mar", 1, "expected a unit or an order, found 'S'"),
    ("- Bur", 1, "expected a unit or an order, found '-'"),
];

#[test]
fn errors_say_why_and_where() {
    let m = map();
    for &(text, position, message) in CASES {
        match parse_order(m, text) {
            Ok(o) => panic!("{text:?} should not parse, got {o:?}"),
            Err(e) => {
                assert!(
                    e.message.contains(message),
                    "{text:?}: message {:?} lacks {message:?}",
                    e.message
                );
                assert_eq!(e.position, position, "{text:?}: {}", e.message);
            }
        }
    }
}

#[test]
fn positions_are_inside_the_text() {
    let m = map();
    for &(text, _, _) in CASES {
        if let Err(e) = parse_order(m, text) {
            assert!(
                (1..=text.chars().count() + 1).contains(&e.position),
                "{text:?}: {e}"
            );
        }
    }
}

#[test]
fn error_display_names_the_position() {
    let e = parse_order(map(), "A Xyz - Bur").unwrap_err();
    assert_eq!(e.to_string(), "at position 3: unknown province 'Xyz'");
}

#[test]
fn positions_count_from_one() {
    let m = map();
    assert_eq!(parse_order(m, "Xyz - Bur").unwrap_err().position, 1);
    assert_eq!(parse_order(m, "A Par - Xyz").unwrap_err().position, 9);
    assert_eq!(parse_order(m, "").unwrap_err().position, 1);
    // Cut short: one past the last character.
    assert_eq!(parse_order(m, "A Par").unwrap_err().position, 6);
}

#[test]
fn unknown_names_suggest_the_nearest_names() {
    let m = map();
    for (text, unknown, suggestion) in [
        (
            "F Ven - Adriatic",
            "'Adriatic'",
            "did you mean Adriatic Sea (adr)?",
        ),
        ("A Lvp - Yrk", "'Yrk'", "did you mean Yorkshire (yor)?"),
        (
            "A Par - Burgandy",
            "'Burgandy'",
            "did you mean Burgundy (bur)?",
        ),
        (
            "A Mun - Bohemai",
            "'Bohemai'",
            "did you mean Bohemia (boh)?",
        ),
        (
            "F Lon - Nrth Sea",
            "'Nrth Sea'",
            "did you mean North Sea (nth)?",
        ),
        (
            "A Sil S Rusian A War-Pru",
            "'Rusian'",
            "did you mean Russia?",
        ),
    ] {
        let e = parse_order(m, text).unwrap_err();
        assert!(
            e.message.contains(&format!("unknown province {unknown}"))
                && e.message.ends_with(suggestion),
            "{text:?}: {}",
            e.message
        );
    }
}

#[test]
fn unknown_names_far_from_every_name_get_no_suggestion() {
    let m = map();
    for text in ["A Par - Xyz", "A Par - Qqqqqq", "Xyz - Bur"] {
        let e = parse_order(m, text).unwrap_err();
        assert!(
            !e.message.contains("did you mean"),
            "{text:?}: {}",
            e.message
        );
    }
}
