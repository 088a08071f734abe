//! A `.scn` text read, its cases run and checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/entente-scenario/tests/fuzz_checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| {
    checks::check_scenario(&String::from_utf8_lossy(data));
});
