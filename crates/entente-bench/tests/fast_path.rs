//! The fast path gives the same games as `entente_game::Game::process`: random games played
//! by the driver (judge directly, buffers reused) and replayed order for order through
//! `Game`, compared after every phase: phase, position (units, owners, dislodged units and
//! their retreats) and the end of the game.

use entente_bench::RandomGames;
use entente_game::{EndOfGame, Game};
use entente_judge::Rulebook;
use entente_map::Map;
use std::sync::Arc;

#[test]
fn random_games_match_game_process() {
    let map = Arc::new(Map::standard());
    let games = if cfg!(debug_assertions) { 30 } else { 200 };
    let mut fast = RandomGames::new(&map, Rulebook::default_game(), 1950);
    let mut phases = 0;
    let mut victories = 0;
    for seed in 1..=games {
        fast.reset(seed);
        let mut game = Game::new(map.clone(), Rulebook::default_game());
        game.set_end_year(Some(1950));
        while !fast.is_over() {
            assert_eq!(fast.phase(), game.phase(), "seed {seed}");
            assert!(!game.is_over(), "seed {seed}: Game ended first");
            fast.choose();
            fast.apply();
            game.process(fast.orders());
            phases += 1;
            assert_eq!(
                fast.position(),
                game.position(),
                "seed {seed}, after {:?}",
                game.history().last().map(|r| r.phase)
            );
        }
        assert!(game.is_over(), "seed {seed}: the fast path ended first");
        assert_eq!(fast.phase(), game.phase(), "seed {seed}");
        if let Some(EndOfGame::Victory(_)) = game.end() {
            victories += 1;
        }
    }
    assert!(phases > 1000, "{phases} phases compared");
    let _ = victories;
}
