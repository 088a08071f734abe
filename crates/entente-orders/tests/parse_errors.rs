//! Texts that are not orders: the error says why and where (a character offset).

mod common;
use common::map;
use entente_orders::parse_order;

/// (text, position, a part of the message)
const CASES: &[(&str, usize, &str)] = &[
    ("", 0, "empty order"),
    ("   ", 0, "empty order"),
    ("...", 0, "empty order"),
    ("A Xyz - Bur", 2, "unknown province 'Xyz'"),
    ("Xyz - Bur", 0, "unknown province 'Xyz'"),
    ("A Par - Xyz", 8, "unknown province 'Xyz'"),
    ("A Par - Gulf of Xyz", 8, "unknown province 'Gulf of Xyz'"),
    ("A Par - Xyz H", 8, "unknown province 'Xyz'"),
    ("A Sil S Rusian A War-Pru", 8, "unknown province 'Rusian'"),
    ("A Sil S A War-Xyz", 14, "unknown province 'Xyz'"),
    ("Build A Xyz", 8, "unknown province 'Xyz'"),
    // Character offsets, not bytes: "Paříž" is 5 characters.
    ("A Paříž - Xyz", 10, "unknown province 'Xyz'"),
    ("A Париж - Хьюстон", 10, "unknown province 'Хьюстон'"),
    ("A Par", 5, "the order is cut short after 'Par'"),
    (
        "A Par",
        5,
        "expected '-' or an order keyword after the unit",
    ),
    ("A Bur S", 7, "the order is cut short after 'S'"),
    (
        "A Bur Supports",
        14,
        "the order is cut short after 'Supports'",
    ),
    ("A Bur S A", 9, "the order is cut short after 'A'"),
    ("A Par -", 7, "the order is cut short after '-'"),
    ("A Par - ", 7, "the order is cut short after '-'"),
    ("A Bur S A Par -", 15, "the order is cut short after '-'"),
    ("F Nth C A Lon", 13, "the order is cut short after 'Lon'"),
    ("F Nth C A Lon", 13, "destination of the convoyed army"),
    (
        "F Nth C A Lon Bel",
        14,
        "expected '-' and the destination of the convoyed army, found 'Bel'",
    ),
    (
        "A Par Bur",
        6,
        "expected '-' or an order keyword after the unit, found 'Bur'",
    ),
    (
        "A Par ; Bur",
        6,
        "expected '-' or an order keyword after the unit, found ';'",
    ),
    ("A Par - Bur Xyz", 12, "unexpected 'Xyz' after the order"),
    (
        "A Par - Bur, A Mar - Spa",
        11,
        "unexpected ',' after the order",
    ),
    ("A Par H H", 8, "unexpected 'H' after the order"),
    ("Waive Par", 6, "unexpected 'Par' after the order"),
    (
        "A Par - Bur via convoj",
        16,
        "expected 'convoy' after 'via', found 'convoj'",
    ),
    ("A Par - Bur via", 15, "the order is cut short after 'via'"),
    ("A Par S H", 8, "expected a unit or a province, found 'H'"),
    ("F Stp/ - Bot", 7, "expected a coast after '/', found '-'"),
    ("Build", 5, "the order is cut short after 'Build'"),
    ("Remove", 6, "the order is cut short after 'Remove'"),
    ("A Mun R", 7, "the order is cut short after 'R'"),
    ("A", 1, "the order is cut short after 'A'"),
    ("S A Par - Mar", 0, "expected a unit or an order, found 'S'"),
    ("- Bur", 0, "expected a unit or an order, found '-'"),
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
            assert!(e.position <= text.chars().count(), "{text:?}: {e}");
        }
    }
}

#[test]
fn error_display_names_the_position() {
    let e = parse_order(map(), "A Xyz - Bur").unwrap_err();
    assert_eq!(e.to_string(), "at position 2: unknown province 'Xyz'");
}
