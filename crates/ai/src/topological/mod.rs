//! Topological Go's computer player: a policy that searches normal stones and the reserve
//! stones that cut into the opponent's way, starts each move with a value from what it
//! does to the two longest trees, and plays uniformly random playouts.
//!
//! Guided playouts (joining, growing and blocking trees, reserve stones first) made the
//! search weaker and were dropped: at 1,000 playouts a move on 10x10, over every setting of
//! the search-side parts, they scored 38 of 160 games (24%, 95% CI 18-31%) against
//! [`UniformTopoPolicy`], random playouts 116.5 of 220 (53%, 46-59%). The search-side
//! parts (pruned reserve candidates, reserve stones only once due, priors) neither helped
//! nor hurt measurably; they stay because they narrow the search and keep a reserve stone
//! from being left over. At 3,000 playouts a move the policy scored 11.5 of 20 against
//! [`UniformTopoPolicy`] (58%, 36-76%).
//!
//! With `stonefield match --variant topological --size 10`, 20 games each, colours
//! alternating: level 10 on one thread (1 s a move; 220,000-250,000 playouts a move on
//! average, as late searches reach the game's end inside the tree, about 30,000 a move
//! from the start) beat the greedy and the random player 20 of 20 each (95% CI 84-100%);
//! level 1 lost 20 of 20 to the greedy player.
//!
//! ```
//! use stonefield_ai::search::{Search, SearchConfig};
//! use stonefield_ai::topological::TopoPolicy;
//! use stonefield_rules::topological::{TopoGame, TopoRules};
//! use stonefield_rules::Game;
//!
//! let game = TopoGame::new(TopoRules::default());
//! let config = SearchConfig { playouts: Some(100), ..SearchConfig::default() };
//! let result = Search::new(game.clone(), TopoPolicy, config).run();
//! assert_eq!(result.playouts, 100);
//! ```

mod features;

use stonefield_rules::topological::{self, TopoGame, TopoMove};
use stonefield_rules::{Game, Phase};

use crate::baseline::Greedy;
use crate::search::{Action, Choice, Policy, Trace, black_value};
use features::Features;

/// The RAVE key of a move: its point and kind.
fn move_key(mv: &TopoMove) -> u64 {
    let size = u64::from(topological::MAX_SIZE);
    let point = u64::from(mv.at.y()) * size + u64::from(mv.at.x());
    2 * point + u64::from(mv.reserve)
}

/// Visits of prior experience a move starts with: enough to order the first visits, few
/// enough that a handful of real playouts overrule them.
const PRIOR_VISITS: u32 = 20;

/// Topological Go with knowledge: every normal stone and the reserve stones near the
/// opponent's longest tree as candidates (only the reserve stones once they are due, so
/// that none is left over), prior values from the trees, uniformly random playouts.
#[derive(Debug, Clone, Copy, Default)]
pub struct TopoPolicy;

impl Policy<TopoGame> for TopoPolicy {
    fn candidates(&self, game: &TopoGame) -> Vec<TopoMove> {
        let f = Features::of(game);
        let reserve_points = f.reserve_candidates();
        let reserve = reserve_points.iter().map(TopoMove::reserve);
        if f.reserve_due(game) {
            return reserve.collect();
        }
        f.normal
            .iter()
            .map(TopoMove::normal)
            .chain(reserve)
            .collect()
    }

    fn may_pass(&self, game: &TopoGame) -> bool {
        game.phase() == Phase::Playing
    }

    fn amaf_key(&self, mv: &TopoMove) -> Option<u64> {
        Some(move_key(mv))
    }

    /// A pass starts as a poor move while a placement is left: it ends the game when the
    /// opponent passes too, which the search should find by itself when it wins.
    fn prior_experience(
        &self,
        game: &TopoGame,
        actions: &[Action<TopoMove>],
    ) -> Option<Vec<(u32, f32)>> {
        let f = Features::of(game);
        let weighted = |value: f32| (PRIOR_VISITS, value * PRIOR_VISITS as f32);
        Some(
            actions
                .iter()
                .map(|a| match a {
                    Action::Play(mv) => weighted(f.prior_value(mv)),
                    Action::Pass => weighted(0.1),
                })
                .collect(),
        )
    }

    fn playout(&self, game: &mut TopoGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        random_playout(game, rng, trace)
    }
}

/// Places its reserve stones, which no count one ply ahead asks for ([`greedy_choice`]).
impl Greedy for TopoGame {
    fn greedy_choice(&self, rng: &mut fastrand::Rng) -> Choice<Self::Move> {
        greedy_choice(self, rng)
    }
}

/// The greedy baseline of Topological Go: its reserve stones first, at random among the
/// reserve targets, then the generic one-ply player (the longest-tree lead after the move,
/// [`crate::baseline::greedy_choice`]). A reserve stone never lengthens a tree at once, so
/// the generic player would leave them unplaced and forfeit; placed first, they cannot find
/// every point taken or closed.
pub fn greedy_choice(game: &TopoGame, rng: &mut fastrand::Rng) -> Choice<TopoMove> {
    let (_, reserve) = game.targets();
    match reserve.nth(rng.u32(..reserve.count().max(1))) {
        Some(at) => Choice::Play(TopoMove::reserve(at)),
        None => crate::baseline::greedy_choice(game, rng),
    }
}

/// Topological Go without knowledge, kept to measure [`TopoPolicy`] against: every legal
/// placement, passing, the same uniformly random playouts and RAVE, no priors.
#[derive(Debug, Clone, Copy, Default)]
pub struct UniformTopoPolicy;

impl Policy<TopoGame> for UniformTopoPolicy {
    fn may_pass(&self, game: &TopoGame) -> bool {
        game.phase() == Phase::Playing
    }

    fn amaf_key(&self, mv: &TopoMove) -> Option<u64> {
        Some(move_key(mv))
    }

    fn playout(&self, game: &mut TopoGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        random_playout(game, rng, trace)
    }
}

/// Plays `game` to its end with uniformly random legal placements (passing only when there
/// is none), records them in `trace`, and returns Black's value.
fn random_playout(game: &mut TopoGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
    while !game.is_over() {
        let color = game.to_move();
        if let Some(mv) = topological::random_move(game, rng) {
            trace.push(color, move_key(&mv));
        }
    }
    black_value(game)
}
