//! Malformed variant files fail with the line that is wrong.

use entente_map::Map;

const SMALL: &str = r#"
[variant]
name = "Tiny"
start_year = 1
victory_centres = 2

[[power]]
name = "Red"
home_centres = ["a"]
start_units = ["A a"]

[[province]]
abbr = "a"
name = "Alpha"
kind = "coast"
centre = true
army = ["b"]
fleet = ["s"]

[[province]]
abbr = "b"
name = "Beta"
kind = "coast"
centre = true
army = ["a"]
fleet = ["s"]

[[province]]
abbr = "s"
name = "Sea"
kind = "sea"
fleet = ["a", "b"]
"#;

fn err(src: &str) -> entente_map::VariantError {
    Map::from_toml(src).expect_err("should be rejected")
}

#[test]
fn small_variant_loads() {
    let m = Map::from_toml(SMALL).unwrap();
    assert_eq!(m.num_provinces(), 3);
}

#[test]
fn asymmetric_edge_names_line() {
    let bad = SMALL.replacen("army = [\"a\"]", "army = []", 1);
    let e = err(&bad);
    assert!(e.message.contains("asymmetric army border"), "{e}");
    assert_eq!(e.line, Some(17));
}

#[test]
fn unknown_province_names_line() {
    let bad = SMALL.replacen(
        "fleet = [\"a\", \"b\"]",
        "fleet = [\"a\", \"b\", \"zz\"]",
        1,
    );
    let e = err(&bad);
    assert!(e.message.contains("unknown province 'zz'"), "{e}");
    assert_eq!(e.line, Some(32));
}

#[test]
fn unit_on_illegal_space() {
    let e = err(&SMALL.replacen("\"A a\"", "\"A s\"", 1));
    assert!(e.message.contains("cannot stand there"), "{e}");
    assert_eq!(e.line, Some(10));
}

#[test]
fn home_centre_not_a_centre() {
    let bad = SMALL.replacen(
        "abbr = \"a\"\nname = \"Alpha\"\nkind = \"coast\"\ncentre = true",
        "abbr = \"a\"\nname = \"Alpha\"\nkind = \"coast\"",
        1,
    );
    let e = err(&bad.replacen("victory_centres = 2", "victory_centres = 1", 1));
    assert!(e.message.contains("not a supply centre"), "{e}");
}

#[test]
fn unknown_kind_and_toml_syntax() {
    let e = err(&SMALL.replacen("kind = \"sea\"", "kind = \"ocean\"", 1));
    assert!(e.message.contains("unknown kind 'ocean'"), "{e}");
    assert_eq!(e.line, Some(31));
    let e = err(&SMALL.replacen(
        "centre = true\narmy = [\"b\"]",
        "centre = true\narmy = [\"b\"",
        1,
    ));
    assert!(e.line.is_some(), "{e}");
}

#[test]
fn unreachable_space() {
    let bad = format!("{SMALL}\n[[province]]\nabbr = \"z\"\nname = \"Zed\"\nkind = \"land\"\n");
    let e = err(&bad);
    assert!(e.message.contains("cannot be reached"), "{e}");
    assert_eq!(e.line, Some(35));
}
