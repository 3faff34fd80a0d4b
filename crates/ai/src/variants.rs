//! Search policies for the variants other than classic Go. Each reaches the game through
//! the [`Game`] trait, apart from the rules crate's own faster random playouts; continuous
//! Go has no playout of its own and uses [`RandomPolicy`].

use stonefield_rules::margo::{self, MargoGame};
use stonefield_rules::topological::{self, TopoGame, TopoMove};
use stonefield_rules::{Game, Phase};

use crate::search::{Policy, RandomPolicy, Trace, black_value};

/// Continuous Go: the variant's sampled candidates and capped random playouts scored by the
/// live count (a candidate list costs geometry, so keep the cap short).
pub fn continuous_policy(max_moves: u32) -> RandomPolicy {
    RandomPolicy { max_moves }
}

/// Topological Go: every legal placement, passing, the rules crate's pure random playouts
/// (which always end: every placement uses up a stone) and RAVE keyed by point and kind.
#[derive(Debug, Clone, Copy, Default)]
pub struct TopoPolicy;

impl Policy<TopoGame> for TopoPolicy {
    fn may_pass(&self, game: &TopoGame) -> bool {
        game.phase() == Phase::Playing
    }

    fn amaf_key(&self, mv: &TopoMove) -> Option<u64> {
        let point = u64::from(mv.at.y()) * u64::from(topological::MAX_SIZE) + u64::from(mv.at.x());
        Some(2 * point + u64::from(mv.reserve))
    }

    fn playout(&self, game: &mut TopoGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        while !game.is_over() {
            let color = game.to_move();
            if let Some(mv) = topological::random_move(game, rng)
                && let Some(key) = self.amaf_key(&mv)
            {
                trace.push(color, key);
            }
        }
        black_value(game)
    }
}

/// MarGo: every legal ball, no passing, and the rules crate's random playouts capped at
/// `max_moves` balls (random games run long), scored by the ball count when capped.
#[derive(Debug, Clone, Copy)]
pub struct MargoPolicy {
    pub max_moves: u32,
}

impl Default for MargoPolicy {
    fn default() -> Self {
        MargoPolicy { max_moves: 200 }
    }
}

impl Policy<MargoGame> for MargoPolicy {
    fn may_pass(&self, _game: &MargoGame) -> bool {
        false
    }

    fn playout(&self, game: &mut MargoGame, rng: &mut fastrand::Rng, _trace: &mut Trace) -> f64 {
        margo::random_playout(game, rng, self.max_moves);
        black_value(game)
    }
}
