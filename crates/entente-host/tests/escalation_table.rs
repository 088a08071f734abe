//! Escalation's table without a database: the setup is the number of players, the options
//! it refuses, a power (colour) for each player by lot.

use entente_host::{check_escalation_options, escalation_players, escalation_seating, TableError};
use entente_map::Variant;

#[test]
fn escalation_s_setup_is_its_number_of_players_two_to_seven() {
    let map = Variant::builtin("escalation").unwrap().map;
    for (setup, n) in [("2", 2), ("7", 7), ("3a", 3), (" 3B ", 3), ("5", 5)] {
        assert_eq!(escalation_players(&map, setup).unwrap(), n, "{setup}");
    }
    for setup in ["1", "8", "x", ""] {
        assert!(
            matches!(
                escalation_players(&map, setup),
                Err(TableError::EscalationSetup { most: 7, .. })
            ),
            "{setup}"
        );
    }
}

#[test]
fn escalation_refuses_bots_preferences_and_units_out_of_range() {
    let map = Variant::builtin("escalation").unwrap().map;
    assert_eq!(check_escalation_options(&map, 3, 0, false, None), Ok(()));
    assert_eq!(
        check_escalation_options(&map, 3, 1, false, None),
        Err(TableError::EscalationBots)
    );
    assert_eq!(
        check_escalation_options(&map, 3, 0, true, None),
        Err(TableError::EscalationPreferences)
    );
    let most = map.num_provinces() / 3;
    assert_eq!(
        check_escalation_options(&map, 3, 0, false, Some(most as u32)),
        Ok(())
    );
    for units in [0, most as u32 + 1] {
        assert_eq!(
            check_escalation_options(&map, 3, 0, false, Some(units)),
            Err(TableError::EscalationUnits { most, players: 3 })
        );
    }
}

#[test]
fn units_to_place_are_refused_in_a_variant_not_played_under_escalation() {
    let map = Variant::builtin("standard").unwrap().map;
    assert_eq!(check_escalation_options(&map, 7, 2, true, None), Ok(()));
    assert_eq!(
        check_escalation_options(&map, 7, 0, false, Some(3)),
        Err(TableError::UnitsWithoutEscalation {
            variant: map.name.clone()
        })
    );
}

#[test]
fn escalation_gives_each_player_in_turn_order_one_power_by_lot() {
    let map = Variant::builtin("escalation").unwrap().map;
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dan"].map(String::from).to_vec();
    let players = escalation_seating(&map, names.clone(), 11);
    assert_eq!(
        players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        ["Ann", "Bob", "Cy", "Dan"]
    );
    assert!(players.iter().all(|p| p.powers.len() == 1));
    let mut powers: Vec<_> = players.iter().map(|p| p.powers[0]).collect();
    powers.sort();
    powers.dedup();
    assert_eq!(powers.len(), 4, "each its own power");
    // The lot is the seed's: the same seed, the same seats; the powers are the lot's.
    assert_eq!(escalation_seating(&map, names.clone(), 11), players);
    let lot = entente_game::assign::assign_random(map.powers().len(), 11);
    let all: Vec<_> = map.power_ids().collect();
    for (p, i) in players.iter().zip(lot) {
        assert_eq!(p.powers, vec![all[i]]);
    }
    let other: Vec<Vec<_>> = (0..20)
        .map(|seed| {
            escalation_seating(&map, names.clone(), seed)
                .into_iter()
                .map(|p| p.powers)
                .collect()
        })
        .collect();
    assert!(
        other.iter().any(|o| *o != other[0]),
        "the lot varies with the seed"
    );
}
