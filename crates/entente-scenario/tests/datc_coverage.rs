//! The suite holds every case of DATC v3.0 section 6 (164 cases, 6.A.1 to 6.J.11), each
//! with at least one assertion. The list of ids is copied from the DATC's table of cases.

use entente_scenario::parse_scenarios;
use std::collections::BTreeSet;

const SECTION_SIZES: [(char, u32); 10] = [
    ('A', 12),
    ('B', 15),
    ('C', 9),
    ('D', 34),
    ('E', 15),
    ('F', 25),
    ('G', 20),
    ('H', 16),
    ('I', 7),
    ('J', 11),
];

const FILES: [&str; 10] = [
    include_str!("../../../cases/datc/6a.scn"),
    include_str!("../../../cases/datc/6b.scn"),
    include_str!("../../../cases/datc/6c.scn"),
    include_str!("../../../cases/datc/6d.scn"),
    include_str!("../../../cases/datc/6e.scn"),
    include_str!("../../../cases/datc/6f.scn"),
    include_str!("../../../cases/datc/6g.scn"),
    include_str!("../../../cases/datc/6h.scn"),
    include_str!("../../../cases/datc/6i.scn"),
    include_str!("../../../cases/datc/6j.scn"),
];

#[test]
fn every_datc_case_is_in_the_suite_and_asserts_something() {
    let mut want = BTreeSet::new();
    for (section, n) in SECTION_SIZES {
        for i in 1..=n {
            want.insert(format!("6.{section}.{i}"));
        }
    }
    assert_eq!(want.len(), 164);
    let mut got = BTreeSet::new();
    for text in FILES {
        for case in parse_scenarios(text).expect("DATC files parse") {
            let asserted = case
                .phases
                .iter()
                .any(|p| !p.expects.is_empty() || p.orders.iter().any(|o| !o.expect.is_empty()));
            assert!(asserted, "{} asserts nothing", case.id);
            // 6.J.9 describes two situations; the second is case 6.J.9.b.
            let id = case.id.strip_suffix(".b").unwrap_or(&case.id).to_string();
            assert!(want.contains(&id), "unexpected case id {}", case.id);
            got.insert(id);
        }
    }
    let missing: Vec<_> = want.difference(&got).collect();
    assert!(
        missing.is_empty(),
        "DATC cases missing from the suite: {missing:?}"
    );
    assert_eq!(got.len(), 164);
}
