//! Random games for the renderer's tests: each power picks uniformly among its legal orders
//! (`entente_legal::Legal::choose`), `entente_game::Game` adjudicates, a seed fixes every
//! choice. Shared by `entente-render`'s layout tests and `entente`'s browser test (which
//! includes this file by path).

use entente_game::Game;
use entente_judge::{Dislodged, Outcome, Position, Rulebook};
use entente_legal::{Legal, LegalOrders};
use entente_map::{Map, PowerId, ProvinceId};
use entente_orders::Order;
use std::sync::Arc;

/// One adjudicated phase as the renderer takes it.
#[allow(dead_code)]
pub struct Played {
    pub caption: String,
    pub before: Position,
    pub orders: Vec<(PowerId, Order, Outcome)>,
    pub dislodged: Vec<(ProvinceId, Dislodged)>,
}

/// A small, fixed pseudo-random sequence (SplitMix64).
struct Mix(u64);
impl Mix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Every phase of a random game from the variant's start until the end of `end_year` (or a
/// victory).
pub fn random_game(map: &Arc<Map>, seed: u64, end_year: i32) -> Vec<Played> {
    let mut game = Game::new(map.clone(), Rulebook::default());
    let legal = Legal::new(map);
    let mut legal = legal;
    let mut buf = LegalOrders::new();
    let mut rng = Mix(seed);
    let mut out = Vec::new();
    while !game.is_over() && game.phase().year <= end_year {
        let pos = game.position().clone();
        match game.phase().kind {
            entente_judge::PhaseKind::Movement => legal.movement(&pos, &mut buf),
            entente_judge::PhaseKind::Retreat => legal.retreats(&pos, &mut buf),
            entente_judge::PhaseKind::Adjustment => legal.adjustments(&pos, &mut buf),
        }
        let mut orders = Vec::new();
        legal.choose(&buf, |n| rng.below(n), &mut orders);
        let rec = game.process(&orders);
        let (orders, dislodged) = entente_render::marks(&rec.result, &rec.before);
        out.push(Played {
            caption: rec.phase.to_string(),
            before: rec.before.clone(),
            orders,
            dislodged,
        });
    }
    out
}
