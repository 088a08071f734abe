//! The one variant loader: a scenario's `variant:`, a game's `--variant` and a record name a
//! built-in variant, or a variant file by path (`.toml`).

fn variant_map(name: &str) -> Result<entente_map::Map, String> {
    entente_map::load_variant(name).map_err(|e| e.to_string())
}

#[test]
fn built_in_names() {
    assert_eq!(variant_map("standard").unwrap().name, "Standard");
    assert_eq!(
        variant_map("ancient").unwrap().name,
        "Ancient Mediterranean"
    );
    assert_eq!(variant_map("pure").unwrap().name, "Pure");
    let imperial = variant_map("imperial").unwrap();
    assert_eq!(imperial.name, "Imperial");
    assert_eq!(
        (
            imperial.num_provinces(),
            imperial.num_locs(),
            imperial.num_centres()
        ),
        (346, 384, 172)
    );
    assert_eq!(variant_map("Imperial Diplomacy").unwrap().name, "Imperial");
    let e = variant_map("colonial").unwrap_err();
    assert!(e.contains("unknown variant 'colonial'"), "{e}");
    assert!(e.contains("standard, ancmed, pure"), "{e}");
}

#[test]
fn a_path_loads_the_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/pure.toml");
    assert_eq!(variant_map(path).unwrap().name, "Pure");
}

#[test]
fn a_bad_file_reports_its_line() {
    let dir = std::env::temp_dir().join(format!("entente-variant-path-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.toml");
    let good = include_str!("../variants/pure.toml");
    let bad = good.replacen("victory_centres = 4", "victory_centres = 40", 1);
    std::fs::write(&path, bad).unwrap();
    let e = variant_map(path.to_str().unwrap()).unwrap_err();
    let line = good
        .lines()
        .position(|l| l.starts_with("victory_centres"))
        .unwrap()
        + 1;
    assert!(
        e.contains(&format!("line {line}: victory_centres 40")),
        "{e}"
    );
    std::fs::remove_file(&path).ok();
    let e = variant_map("no/such/file.toml").unwrap_err();
    assert!(e.contains("no/such/file.toml"), "{e}");
}
