//! The product binary `entente` carries no benchmark machinery: `entente-bench` and its peer
//! (the `diplomacy` crate) are not in its dependency tree. Asked of `cargo tree`, the tool a
//! reader would use, so that the check is what the docs claim; a positive control (this
//! crate's own tree, which has the peer) keeps it from passing on empty output.

use std::process::Command;

/// The packages (`name vX.Y.Z`, one a line) in the normal and build dependencies of `package`.
fn dependency_tree(package: &str, features: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "-p",
            package,
            "-e",
            "normal,build",
            "--prefix",
            "none",
        ])
        .args(features)
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree -p {package} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn has_package(tree: &str, name: &str) -> bool {
    tree.lines()
        .any(|l| l.split_whitespace().next() == Some(name))
}

#[test]
fn entente_binary_depends_on_no_benchmark_crate() {
    let tree = dependency_tree("entente", &[]);
    assert!(
        has_package(&tree, "entente-judge"),
        "cargo tree -p entente:\n{tree}"
    );
    for crate_name in ["entente-bench", "diplomacy", "criterion"] {
        assert!(
            !has_package(&tree, crate_name),
            "{crate_name} is in the dependency tree of the entente binary:\n{tree}"
        );
    }
    assert!(
        !tree.to_lowercase().contains("diplomacy"),
        "cargo tree -p entente mentions diplomacy:\n{tree}"
    );
}

#[test]
fn the_check_sees_the_peer_where_it_is() {
    let tree = dependency_tree("entente-bench", &["--features", "peers"]);
    assert!(
        has_package(&tree, "diplomacy"),
        "cargo tree -p entente-bench:\n{tree}"
    );
}
