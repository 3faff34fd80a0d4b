//! What Topological Go's player knows about a position, as point sets for the player to
//! move: where its longest tree grows, where two of its trees join, where the opponent's
//! longest tree would grow (the points to take first or to block), and the legal targets.

use stonefield_rules::Game;
use stonefield_rules::topological::{PointSet, TopoGame, TopoMove};

/// How many remaining turns (and reserve targets) a reserve stone may wait for, per
/// reserve stone left, before the search considers only reserve stones: placed late,
/// reserve stones may find no point left, and one left over loses the game.
const RESERVE_FACTOR: u32 = 6;

/// The sets a move choice reads, all for the player to move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Features {
    /// Legal points for a normal stone.
    pub normal: PointSet,
    /// Legal points for a reserve stone.
    pub reserve: PointSet,
    /// Normal targets next to the mover's longest tree: each one lengthens it by one.
    pub grow: PointSet,
    /// Growing points that also touch another tree of the mover's: the trees join, a gain
    /// of more than one.
    pub join: PointSet,
    /// Open points next to the opponent's longest tree: where it would grow next, so the
    /// points a stone of either kind blocks.
    pub block: PointSet,
    /// Open points two steps from the opponent's longest tree: where a reserve stone cuts
    /// its way a move ahead.
    pub approach: PointSet,
}

impl Features {
    pub(crate) fn of(game: &TopoGame) -> Features {
        let n = usize::from(game.rules().board_size());
        let me = game.to_move();
        let (normal, reserve) = game.targets();
        let open = game.open_points();
        let mine = game.longest_tree_set(me);
        let theirs = game.longest_tree_set(me.other());
        let others = game.stone_set(me) & !mine;
        let grow = normal & mine.grow_orthogonal(n);
        let block = open & theirs.grow_orthogonal(n);
        Features {
            normal,
            reserve,
            grow,
            join: grow & others.grow_orthogonal(n),
            block,
            approach: open & block.grow_orthogonal(n) & !block,
        }
    }

    /// How good `mv` looks before any search, in [0, 1]: the mean value the tree starts it
    /// with (joining trees, then growing while blocking, growing, blocking, and reserve
    /// stones that cut ahead of the opponent before the rest).
    pub(crate) fn prior_value(&self, mv: &TopoMove) -> f32 {
        let p = mv.at;
        if mv.reserve {
            return if self.block.contains(p) {
                0.6
            } else if self.approach.contains(p) {
                0.5
            } else {
                0.3
            };
        }
        match (
            self.join.contains(p),
            self.grow.contains(p),
            self.block.contains(p),
        ) {
            (true, _, _) => 0.8,
            (false, true, true) => 0.75,
            (false, true, false) => 0.65,
            (false, false, true) => 0.55,
            (false, false, false) => 0.35,
        }
    }

    /// Whether a reserve stone is due now: the mover has one left and a point for it, and
    /// no normal move, or no more remaining turns (half the open points) or reserve targets
    /// than [`RESERVE_FACTOR`] times its reserve stones left.
    pub(crate) fn reserve_due(&self, game: &TopoGame) -> bool {
        let reserve_left = game.reserve_left(game.to_move());
        let turns_left = game.open_points().count() / 2;
        !self.reserve.is_empty()
            && (self.normal.is_empty()
                || reserve_left * RESERVE_FACTOR >= turns_left
                || reserve_left * RESERVE_FACTOR >= self.reserve.count())
    }

    /// The reserve targets worth searching: next to the opponent's longest tree or a step
    /// from it; every reserve target when there is none such, so that the reserve stones
    /// (which must all be placed) always have a candidate.
    pub(crate) fn reserve_candidates(&self) -> PointSet {
        let near = self.reserve & (self.block | self.approach);
        if near.is_empty() { self.reserve } else { near }
    }
}
