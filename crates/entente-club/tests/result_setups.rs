//! The result check for every rulebook setup (2 to 7 players, issue 31): a game ended by
//! the default draw (every survivor) is a result the club records, seated as the server
//! seats it (a neutral power that no player holds has no seat).

use entente_club::{GameResult, Outcome, Seat};
use entente_game::{EndOfGame, Game, Setup};
use entente_judge::Rulebook;
use entente_map::Map;
use std::sync::Arc;

/// A game of `setup` at its start, its neutral powers set as a hosted game sets them.
fn game_of(setup: Setup) -> Game {
    let map = Arc::new(Map::standard());
    let mut g = Game::new(map.clone(), Rulebook::default_game());
    for p in setup.neutral(&map).unwrap() {
        g.set_neutral(p, true);
    }
    g
}

/// The result as the server builds it: a seat for every power but the neutral ones.
fn result_of(setup: Setup, g: &Game) -> GameResult {
    let map = g.map();
    let seats = map
        .power_ids()
        .filter(|&p| !g.is_neutral(p))
        .map(|p| Seat {
            power: map.power(p).name.clone(),
            member: None,
            centres: g.position().centre_count(map, p) as u32,
            eliminated_in: None,
            phases_played: 0,
            missed_phases: 0,
            earlier: Vec::new(),
        })
        .collect();
    GameResult {
        game: format!("setup-{}", setup.code()),
        variant: "standard".into(),
        finished_at_ms: 0,
        end_year: 1901,
        rated: true,
        league: None,
        seats,
        outcome: Outcome::from_end(g.end().unwrap(), |p| map.power(p).name.clone()),
    }
}

#[test]
fn the_default_draw_of_every_setup_passes_the_result_check() {
    for setup in Setup::ALL {
        let mut g = game_of(setup);
        g.declare_draw();
        let r = result_of(setup, &g);
        assert_eq!(r.check(), Ok(()), "setup {}: {:?}", setup.code(), r.outcome);
        // Every player's power shares the draw, and only those.
        assert_eq!(
            r.outcome.draw().len(),
            r.seats.len(),
            "setup {}",
            setup.code()
        );
        let neutral = setup.neutral(g.map()).unwrap();
        match g.end() {
            Some(EndOfGame::Draw(ps)) => assert!(ps.iter().all(|p| !neutral.contains(p))),
            other => panic!("setup {}: {other:?}", setup.code()),
        }
    }
}

#[test]
fn a_neutral_power_takes_no_share_of_a_named_draw_nor_a_concession() {
    for setup in [Setup::Six, Setup::Five, Setup::Two] {
        let mut g = game_of(setup);
        let map = g.map().clone();
        let neutral = setup.neutral(&map).unwrap()[0];
        let player = map.power_ids().find(|&p| !g.is_neutral(p)).unwrap();
        let err = g.declare_draw_among(&[neutral, player]).unwrap_err();
        assert!(err.message.contains("neutral"), "{err}");
        let err = g.concede(neutral).unwrap_err();
        assert!(err.message.contains("neutral"), "{err}");
        assert!(!g.is_over());
    }
}

#[test]
fn a_short_game_is_won_by_players_powers_only() {
    // Setup 5: Germany and Italy are neutral with three units each, as many as most
    // players' powers: the leaders of a game that ends at once are the players' powers
    // with the most units (Russia's four), never a neutral power.
    for setup in Setup::ALL {
        let mut g = game_of(setup);
        g.set_end_year(Some(1901));
        let map = g.map().clone();
        while !g.is_over() {
            g.process(&[]);
        }
        let r = result_of(setup, &g);
        assert_eq!(r.check(), Ok(()), "setup {}: {:?}", setup.code(), r.outcome);
        for w in r.outcome.draw() {
            let p = map.lookup_power(w).unwrap();
            assert!(!g.is_neutral(p), "setup {}: {w} wins", setup.code());
        }
    }
}
