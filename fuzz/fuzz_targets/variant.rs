//! A variant file's text loaded; a map that loads is questioned everywhere and its province
//! names are read back as orders.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/entente-map/tests/fuzz_checks/mod.rs"]
mod checks;
#[path = "../../crates/entente-orders/tests/fuzz_checks/mod.rs"]
mod order_checks;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Some(map) = checks::check_variant(&text) {
        for (i, p) in map.provinces().iter().enumerate().take(64) {
            order_checks::check_order(&map, &format!("A {} H", p.abbr));
            order_checks::check_order(
                &map,
                &format!("F {} - {}", p.name, map.provinces()[i / 2].name),
            );
        }
    }
});
