//! One line read as an order (fast path, general parser, `parse_order`) on the standard map,
//! Ancient Mediterranean, Imperial (the biggest built-in map) and a map at the format's limits
//! (512 locations, 64 powers): the stable target's properties (`tests/fuzz.rs` of
//! entente-orders), whose corpus (`crates/entente-orders/fuzz-corpus/order`) this one shares.
#![no_main]

use entente_map::Map;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../crates/entente-orders/tests/fuzz_checks/mod.rs"]
mod checks;
#[path = "../../crates/entente-map/tests/fuzz_checks/mod.rs"]
mod map_checks;

fn maps() -> &'static [Map] {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        let mut maps: Vec<Map> = ["standard", "ancmed", "imperial"]
            .iter()
            .map(|n| entente_map::builtin_variant(n).expect("built in"))
            .collect();
        maps.push(
            Map::from_toml(&map_checks::chain_variant(entente_map::MAX_LOCATIONS, 64))
                .expect("the largest variant loads"),
        );
        maps
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for m in maps() {
        checks::check_order(m, &text);
    }
});
