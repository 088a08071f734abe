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

// Each kind of mistake below has its own message and the line where it is.

/// The error for `src`, which must name `line` and contain `text`.
fn rejects(src: &str, text: &str, line: usize) {
    let e = err(src);
    assert!(e.message.contains(text), "expected '{text}' in: {e}");
    assert_eq!(e.line, Some(line), "{e}");
}

#[test]
fn toml_syntax_error_names_line() {
    let bad = SMALL.replacen("army = [\"b\"]", "army = [\"b\"", 1);
    let e = err(&bad);
    assert!(matches!(e.line, Some(17..=18)), "{e}");
    rejects(&SMALL.replacen("kind = \"sea\"", "kind = sea", 1), "", 31);
}

#[test]
fn unknown_field() {
    rejects(
        &SMALL.replacen("kind = \"sea\"", "kind = \"sea\"\ncentr = true", 1),
        "unknown field `centr`",
        32,
    );
}

#[test]
fn duplicate_province() {
    let bad = format!("{SMALL}\n[[province]]\nabbr = \"A\"\nname = \"Again\"\nkind = \"land\"\n");
    rejects(&bad, "province 'a' is defined twice", 35);
}

#[test]
fn sea_supply_centre() {
    rejects(
        &SMALL.replacen("kind = \"sea\"", "kind = \"sea\"\ncentre = true", 1),
        "sea 's' cannot be a supply centre",
        29,
    );
}

#[test]
fn coast_named_on_a_province_without_split_coasts() {
    rejects(
        &SMALL.replacen("fleet = [\"a\", \"b\"]", "fleet = [\"a/nc\", \"b\"]", 1),
        "'a' has no coast 'nc'",
        32,
    );
}

#[test]
fn split_coast_border_must_name_the_coast() {
    // a gets two coasts; the sea still borders bare 'a'.
    let bad = SMALL.replacen(
        "army = [\"b\"]\nfleet = [\"s\"]",
        "army = [\"b\"]\ncoasts = { nc = [\"s\"], sc = [\"s\"] }",
        1,
    );
    rejects(&bad, "fleet border to 'a' must name one of its coasts", 32);
}

#[test]
fn single_split_coast() {
    let bad = SMALL
        .replacen(
            "army = [\"b\"]\nfleet = [\"s\"]",
            "army = [\"b\"]\ncoasts = { nc = [\"s\"] }",
            1,
        )
        .replacen("fleet = [\"a\", \"b\"]", "fleet = [\"a/nc\", \"b\"]", 1);
    rejects(&bad, "single coast 'nc'", 18);
}

#[test]
fn sea_with_coasts() {
    rejects(
        &SMALL.replacen(
            "kind = \"sea\"\nfleet = [\"a\", \"b\"]",
            "kind = \"sea\"\ncoasts = { nc = [\"a\"], sc = [\"b\"] }",
            1,
        ),
        "sea 's' cannot have coasts",
        29,
    );
}

#[test]
fn sea_with_army_borders() {
    rejects(
        &SMALL.replacen("kind = \"sea\"", "kind = \"sea\"\narmy = [\"a\"]", 1),
        "sea 's' cannot have army borders",
        32,
    );
}

#[test]
fn army_border_into_the_sea() {
    rejects(
        &SMALL.replacen("army = [\"b\"]", "army = [\"b\", \"s\"]", 1),
        "army border a–s: 's' is a sea",
        17,
    );
}

#[test]
fn land_with_fleet_borders() {
    rejects(
        &SMALL.replacen(
            "name = \"Beta\"\nkind = \"coast\"",
            "name = \"Beta\"\nkind = \"land\"",
            1,
        ),
        "land 'b' cannot have fleet borders",
        26,
    );
}

#[test]
fn fleet_border_to_land() {
    let bad = SMALL
        .replacen(
            "name = \"Beta\"\nkind = \"coast\"",
            "name = \"Beta\"\nkind = \"land\"",
            1,
        )
        .replacen("army = [\"a\"]\nfleet = [\"s\"]", "army = [\"a\"]", 1);
    rejects(&bad, "fleet border to land 'b'", 31);
}

#[test]
fn province_borders_itself() {
    rejects(
        &SMALL.replacen("army = [\"b\"]", "army = [\"b\", \"a\"]", 1),
        "'a' borders itself",
        17,
    );
}

#[test]
fn border_listed_twice() {
    rejects(
        &SMALL.replacen("army = [\"b\"]", "army = [\"b\", \"b\"]", 1),
        "army border a–b is listed twice",
        17,
    );
    rejects(
        &SMALL.replacen("fleet = [\"a\", \"b\"]", "fleet = [\"a\", \"b\", \"a\"]", 1),
        "fleet border to 'a' is listed twice",
        32,
    );
}

#[test]
fn coast_without_fleet_borders() {
    let bad = SMALL
        .replacen("army = [\"a\"]\nfleet = [\"s\"]", "army = [\"a\"]", 1)
        .replacen("fleet = [\"a\", \"b\"]", "fleet = [\"a\"]", 1);
    rejects(&bad, "coast 'b' has no fleet borders", 21);
}

#[test]
fn duplicate_name_or_alias() {
    rejects(
        &SMALL.replacen(
            "name = \"Beta\"",
            "name = \"Beta\"\naliases = [\"Alpha\"]",
            1,
        ),
        "name 'Alpha' of 'b' is already used by 'a'",
        21,
    );
    // An alias equal to another province's abbreviation.
    rejects(
        &SMALL.replacen("name = \"Sea\"", "name = \"Sea\"\naliases = [\"B\"]", 1),
        "name 'B' of 's' is already used by 'b'",
        29,
    );
}

#[test]
fn empty_province_name() {
    rejects(
        &SMALL.replacen("name = \"Beta\"", "name = \" \"", 1),
        "province 'b' has an empty name",
        22,
    );
}

#[test]
fn power_without_home_centres() {
    rejects(
        &SMALL.replacen(
            "home_centres = [\"a\"]\nstart_units = [\"A a\"]",
            "home_centres = []",
            1,
        ),
        "Red has no home centres",
        8,
    );
}

#[test]
fn home_centre_listed_twice_or_shared() {
    rejects(
        &SMALL.replacen("home_centres = [\"a\"]", "home_centres = [\"a\", \"a\"]", 1),
        "home centre 'a' of Red is listed twice",
        9,
    );
    let two = SMALL.replacen(
        "\n[[province]]",
        "\n[[power]]\nname = \"Blue\"\nhome_centres = [\"a\"]\n\n[[province]]",
        1,
    );
    rejects(&two, "'a' is a home centre of both Red and Blue", 14);
}

#[test]
fn two_start_units_in_one_province() {
    rejects(
        &SMALL.replacen(
            "start_units = [\"A a\"]",
            "start_units = [\"A a\", \"F a\"]",
            1,
        ),
        "two start units in 'a'",
        10,
    );
}

#[test]
fn malformed_start_unit() {
    rejects(
        &SMALL.replacen("\"A a\"", "\"Army\"", 1),
        "start unit 'Army': write 'A par' or 'F stp/sc'",
        10,
    );
    rejects(
        &SMALL.replacen("\"A a\"", "\"A zz\"", 1),
        "unknown province 'zz'",
        10,
    );
}

#[test]
fn victory_out_of_range() {
    rejects(
        &SMALL.replacen("victory_centres = 2", "victory_centres = 3", 1),
        "victory_centres 3 must be between 1 and the 2 centres",
        5,
    );
    rejects(
        &SMALL.replacen("victory_centres = 2", "victory_centres = 0", 1),
        "victory_centres 0",
        5,
    );
}

#[test]
fn bad_colour() {
    rejects(
        &SMALL.replacen("name = \"Red\"", "name = \"Red\"\ncolour = \"red\"", 1),
        "colour 'red' of Red: write it as #rrggbb",
        9,
    );
}

#[test]
fn bad_letter_and_shared_letter() {
    rejects(
        &SMALL.replacen("name = \"Red\"", "name = \"Red\"\nletter = \"RD\"", 1),
        "letter 'RD' of Red must be one letter",
        9,
    );
    let two = SMALL.replacen(
        "\n[[province]]",
        "\n[[power]]\nname = \"Rose\"\nhome_centres = [\"b\"]\n\n[[province]]",
        1,
    );
    rejects(&two, "Rose and Red both have the letter 'R'", 13);
}

#[test]
fn bad_year_style() {
    rejects(
        &SMALL.replacen("start_year = 1", "start_year = 1\nyear_style = \"bc\"", 1),
        "year_style 'bc'",
        5,
    );
}

#[test]
fn duplicate_power_name() {
    let two = SMALL.replacen(
        "\n[[province]]",
        "\n[[power]]\nname = \"red\"\nletter = \"X\"\nhome_centres = [\"b\"]\n\n[[province]]",
        1,
    );
    rejects(&two, "power name 'red' is used twice", 13);
}

#[test]
fn warnings_do_not_reject() {
    // A start unit outside the power's home centres is allowed (a scenario may start
    // anywhere; builds stay home-only), and reported as a warning.
    let src = SMALL.replacen("start_units = [\"A a\"]", "start_units = [\"A b\"]", 1);
    let (map, warnings) = Map::from_toml_with_warnings(&src).unwrap();
    assert_eq!(map.powers()[0].start_units.len(), 1);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0]
        .message
        .contains("not in one of its home centres"));
    assert_eq!(warnings[0].line, Some(10));
    // A localized name two provinces share is accepted for neither, with a warning.
    let src = SMALL
        .replacen(
            "name = \"Alpha\"",
            "name = \"Alpha\"\nnames.cs = [\"Ostrov\"]",
            1,
        )
        .replacen(
            "name = \"Beta\"",
            "name = \"Beta\"\nnames.cs = [\"Ostrov\"]",
            1,
        );
    let (map, warnings) = Map::from_toml_with_warnings(&src).unwrap();
    assert!(map.lookup_province("Ostrov").is_none());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("ambiguous"), "{warnings:?}");
    assert_eq!(warnings[0].line, Some(22));
}

#[test]
fn shipped_variants_have_no_warnings() {
    for v in entente_map::BUILTIN_VARIANTS {
        let (_, warnings) = Map::from_toml_with_warnings(v.toml).unwrap();
        assert!(warnings.is_empty(), "{}: {warnings:?}", v.name);
    }
}

/// A start year a game could not count from (`--first-year 2147483647` wrapped) is refused
/// at the line that gives it.
#[test]
fn start_year_out_of_range_names_line() {
    let bad = SMALL.replacen("start_year = 1", "start_year = 2147483647", 1);
    let e = err(&bad);
    assert!(e.message.contains("start_year 2147483647"), "{e}");
    assert_eq!(e.line, Some(4));
    assert!(Map::from_toml(&SMALL.replacen("start_year = 1", "start_year = -753", 1)).is_ok());
}

#[test]
fn escalation_rule_has_no_homes_nor_start_units() {
    let empty = SMALL.replacen("home_centres = [\"a\"]\nstart_units = [\"A a\"]", "", 1);
    let escalation = empty.replacen(
        "victory_centres = 2",
        "victory_centres = 2\nrule = \"escalation\"",
        1,
    );
    assert!(Map::from_toml(&escalation).unwrap().is_escalation());
    rejects(
        &SMALL.replacen(
            "victory_centres = 2",
            "victory_centres = 2\nrule = \"escalation\"",
            1,
        ),
        "under the escalation rule a power has no home centres",
        9,
    );
    rejects(
        &SMALL.replacen(
            "victory_centres = 2",
            "victory_centres = 2\nrule = \"chaos\"",
            1,
        ),
        "rule 'chaos': the only rule is \"escalation\"",
        6,
    );
}

/// A chain of `n` land provinces `p0 - p1 - ... `, the first a centre and Red's home; with
/// `coasts` more locations as two split coasts on each of the last `coasts / 2` provinces
/// (made coastal on a sea at the end). Returns the text and the line of each province's abbr.
fn chain(n: usize, split: usize) -> (String, Vec<usize>) {
    let mut s = String::from(
        "[variant]\nname = \"Chain\"\nstart_year = 1\nvictory_centres = 1\n\n\
         [[power]]\nname = \"Red\"\nhome_centres = [\"p0\"]\nstart_units = [\"A p0\"]\n",
    );
    let mut lines = Vec::new();
    for i in 0..n {
        let mut army = Vec::new();
        if i > 0 {
            army.push(format!("\"p{}\"", i - 1));
        }
        if i + 1 < n {
            army.push(format!("\"p{}\"", i + 1));
        }
        let is_split = i >= n - split;
        s.push_str("\n[[province]]\n");
        lines.push(s.lines().count() + 1);
        s.push_str(&format!("abbr = \"p{i}\"\nname = \"P{i}\"\n"));
        s.push_str(if is_split {
            "kind = \"coast\"\n"
        } else {
            "kind = \"land\"\n"
        });
        if i == 0 {
            s.push_str("centre = true\n");
        }
        s.push_str(&format!("army = [{}]\n", army.join(", ")));
        if is_split {
            s.push_str("coasts = { nc = [\"sea\"], sc = [\"sea\"] }\n");
        }
    }
    if split > 0 {
        let fleets: Vec<String> = (n - split..n)
            .flat_map(|i| [format!("\"p{i}/nc\""), format!("\"p{i}/sc\"")])
            .collect();
        s.push_str(&format!(
            "\n[[province]]\nabbr = \"sea\"\nname = \"Sea\"\nkind = \"sea\"\nfleet = [{}]\n",
            fleets.join(", ")
        ));
    }
    (s, lines)
}

#[test]
fn at_most_max_locations_and_the_error_names_the_line() {
    use entente_map::MAX_LOCATIONS;
    assert_eq!(MAX_LOCATIONS, 512);
    // Exactly the limit loads: 512 provinces, ids up to 511.
    let (ok, _) = chain(MAX_LOCATIONS, 0);
    let m = Map::from_toml(&ok).unwrap();
    assert_eq!(m.num_locs(), MAX_LOCATIONS);
    // One province more: refused at the line of the 513th province.
    let (src, lines) = chain(MAX_LOCATIONS + 1, 0);
    let e = err(&src);
    assert!(e.message.contains("513 locations"), "{e}");
    assert!(e.message.contains("at most 512"), "{e}");
    assert_eq!(e.line, Some(lines[MAX_LOCATIONS]), "{e}");
    // Provinces under the limit whose coasts go over it: the line of the province whose coast
    // is the 513th location. 500 provinces (499 land + the sea) and 2 coasts on each of the
    // last 7 land ones: 499 + 1 + 14 = 514; the 513th location is the first coast of p498.
    let (src, lines) = chain(499, 7);
    let e = err(&src);
    assert!(e.message.contains("514 locations"), "{e}");
    assert_eq!(e.line, Some(lines[498]), "{e}");
}

/// A second sea for the strait tests: `s` and `t` do not border; `a` is a centre.
fn with_second_sea(strait: &str) -> String {
    let src = SMALL.replacen(
        "fleet = [\"s\"]\n\n[[province]]\nabbr = \"b\"",
        "fleet = [\"s\", \"t\"]\n\n[[province]]\nabbr = \"b\"",
        1,
    ) + "\n[[province]]\nabbr = \"t\"\nname = \"Tea\"\nkind = \"sea\"\nfleet = [\"a\"]\n";
    src + strait
}

#[test]
fn strait_loads_and_opens_to_the_centres_owner() {
    let m = Map::from_toml(&with_second_sea(
        "\n[[strait]]\nbetween = [\"s\", \"t\"]\nowner_of = \"a\"\n",
    ))
    .unwrap();
    let (s, t, a) = (
        m.lookup_province("s").unwrap(),
        m.lookup_province("t").unwrap(),
        m.lookup_province("a").unwrap(),
    );
    assert_eq!(m.straits().len(), 1);
    assert!(
        !m.fleet_adjacent(s.loc(), t.loc()),
        "no border for everyone"
    );
    assert_eq!(m.strait_to(s.loc(), t), Some((t.loc(), a)));
    assert_eq!(m.strait_to(t.loc(), s), Some((s.loc(), a)));
    assert_eq!(m.strait_to(s.loc(), a), None);
}

#[test]
fn strait_errors_name_the_line() {
    // Not two locations.
    let e = err(&with_second_sea(
        "\n[[strait]]\nbetween = [\"s\"]\nowner_of = \"a\"\n",
    ));
    assert!(e.message.contains("between two locations"), "{e}");
    assert!(e.line.is_some(), "{e}");
    // Already bordering.
    let e = err(&with_second_sea(
        "\n[[strait]]\nbetween = [\"s\", \"a\"]\nowner_of = \"a\"\n",
    ));
    assert!(e.message.contains("already border for fleets"), "{e}");
    assert!(e.line.is_some(), "{e}");
    // The centre must be one.
    let e = err(&with_second_sea(
        "\n[[strait]]\nbetween = [\"s\", \"t\"]\nowner_of = \"s\"\n",
    ));
    assert!(e.message.contains("not a supply centre"), "{e}");
    // An unknown province, by name.
    let e = err(&with_second_sea(
        "\n[[strait]]\nbetween = [\"s\", \"zz\"]\nowner_of = \"a\"\n",
    ));
    assert!(e.message.contains("unknown province 'zz'"), "{e}");
}
