//! The guided playout of Topological Go: the mover places its reserve stones while they
//! are due (on 10x10 from the start), in the opponent's way where it can; then joins its
//! trees, grows its longest tree (where that blocks the opponent's first) or blocks the
//! opponent's, and otherwise plays at random. Every move goes through the checked
//! [`Game::play`].

use stonefield_rules::topological::{Point, PointSet, TopoGame, TopoMove};
use stonefield_rules::{Color, Game};

use super::features::{Features, PLAYOUT_RESERVE_FACTOR};

/// Chances, in percent, that a playout move takes each kind of move when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutWeights {
    /// A uniformly random legal move, before anything else: keeps the playouts varied.
    pub random: u32,
    /// A reserve stone on a point where the opponent's longest tree would grow.
    pub reserve_block: u32,
    /// A normal stone that joins the longest tree to another tree.
    pub join: u32,
    /// A normal stone that lengthens the longest tree and blocks the opponent's at once.
    pub grow_and_block: u32,
    /// A normal stone that lengthens the longest tree.
    pub grow: u32,
    /// A normal stone that blocks the opponent's longest tree.
    pub block: u32,
}

impl Default for PlayoutWeights {
    fn default() -> Self {
        PlayoutWeights {
            random: 10,
            reserve_block: 15,
            join: 90,
            grow_and_block: 60,
            grow: 80,
            block: 70,
        }
    }
}

/// The move the guided policy makes for the player to move, `None` to pass (only when no
/// placement is legal).
pub fn choose(
    game: &TopoGame,
    weights: &PlayoutWeights,
    rng: &mut fastrand::Rng,
) -> Option<TopoMove> {
    let f = Features::of(game);
    if f.normal.is_empty() && f.reserve.is_empty() {
        return None;
    }
    let chance = |rng: &mut fastrand::Rng, percent: u32| rng.u32(..100) < percent;
    let blocking = f.reserve & f.block;
    if f.reserve_due(game, PLAYOUT_RESERVE_FACTOR)
        || (!blocking.is_empty() && chance(rng, weights.reserve_block))
    {
        let pool = if blocking.is_empty() {
            f.reserve
        } else {
            blocking
        };
        return pick(pool, rng).map(TopoMove::reserve);
    }
    if f.normal.is_empty() || chance(rng, weights.random) {
        return uniform(&f, rng);
    }
    let tiers = [
        (f.join, weights.join),
        (f.grow & f.block, weights.grow_and_block),
        (f.grow, weights.grow),
        (f.normal & f.block, weights.block),
    ];
    for (pool, percent) in tiers {
        if !pool.is_empty() && chance(rng, percent) {
            return pick(pool, rng).map(TopoMove::normal);
        }
    }
    pick(f.normal, rng).map(TopoMove::normal)
}

/// A uniformly random point of `pool`.
fn pick(pool: PointSet, rng: &mut fastrand::Rng) -> Option<Point> {
    let count = pool.count();
    (count > 0).then(|| pool.nth(rng.u32(..count))).flatten()
}

/// A uniformly random legal placement of either kind.
fn uniform(f: &Features, rng: &mut fastrand::Rng) -> Option<TopoMove> {
    let (normal, reserve) = (f.normal.count(), f.reserve.count());
    let k = rng.u32(..(normal + reserve).max(1));
    if k < normal {
        f.normal.nth(k).map(TopoMove::normal)
    } else {
        f.reserve.nth(k - normal).map(TopoMove::reserve)
    }
}

/// Plays `game` to its end with [`choose`], calling `played` with each placement and its
/// mover.
pub fn play_out(
    game: &mut TopoGame,
    weights: &PlayoutWeights,
    rng: &mut fastrand::Rng,
    mut played: impl FnMut(Color, &TopoMove),
) {
    while !game.is_over() {
        let mover = game.to_move();
        let placed = choose(game, weights, rng).filter(|mv| game.play(mv).is_ok());
        match placed {
            Some(mv) => played(mover, &mv),
            // A move is refused only if the features and the rules disagree; passing
            // still ends the playout, as every placement and pass brings the end nearer.
            None => {
                if game.pass().is_err() {
                    return;
                }
            }
        }
    }
}
