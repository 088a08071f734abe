//! A whole order sheet read as the host reads it (`entente_host::read_sheet_for`, with "did
//! you mean" for unknown names) for each kind of phase, and each of its lines through the
//! order parser's properties, on the standard map and Imperial. Its corpus is the stable
//! target's (`crates/entente-orders/fuzz-corpus/sheet`).
#![no_main]

use entente_judge::PhaseKind;
use entente_map::Map;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../crates/entente-orders/tests/fuzz_checks/mod.rs"]
mod checks;

fn maps() -> &'static [Map] {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        ["standard", "imperial"]
            .iter()
            .map(|n| entente_map::builtin_variant(n).expect("built in"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for map in maps() {
        for kind in [
            PhaseKind::Movement,
            PhaseKind::Retreat,
            PhaseKind::Adjustment,
        ] {
            let sheet = entente_host::read_sheet_for(map, kind, &text);
            assert!(sheet.len() <= text.lines().count());
        }
        for line in checks::sheet_lines(&text) {
            checks::check_order(map, line);
        }
    }
});
