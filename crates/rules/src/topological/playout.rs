//! Pure random playouts, the inner loop of Monte-Carlo search: each turn the player to move
//! makes a move drawn uniformly among all legal placements (normal and reserve alike) and
//! passes only without one; two passes in a row end the game with the count.

use super::game::{TopoGame, TopoMove};
use crate::{Game, Outcome, Phase};

/// The outcome of one playout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutResult {
    /// The game's result.
    pub outcome: Outcome,
    /// Moves made in the playout, passes included.
    pub moves: u32,
}

/// Plays `game` to its end with uniformly random legal moves and returns the result. A game
/// already finished is returned as it is, with 0 moves.
///
/// A playout ends: every placement uses up a stone, and two passes in a row end the game.
pub fn random_playout(game: &mut TopoGame, rng: &mut fastrand::Rng) -> PlayoutResult {
    let mut moves = 0;
    loop {
        if let Phase::Finished(outcome) = game.phase() {
            return PlayoutResult { outcome, moves };
        }
        random_move(game, rng);
        moves += 1;
    }
}

/// Makes one uniformly random legal placement for the player to move and returns it, or
/// passes and returns `None` when there is none (or the game is over).
pub fn random_move(game: &mut TopoGame, rng: &mut fastrand::Rng) -> Option<TopoMove> {
    let (normal, reserve) = game.targets();
    let (n_normal, n_reserve) = (normal.count(), reserve.count());
    if n_normal + n_reserve == 0 {
        // Only fails once the game is over, when there is nothing to do.
        let _ = game.pass();
        return None;
    }
    let k = rng.u32(..n_normal + n_reserve);
    let mv = if k < n_normal {
        normal.nth(k).map(TopoMove::normal)
    } else {
        reserve.nth(k - n_normal).map(TopoMove::reserve)
    }?;
    game.place(mv);
    Some(mv)
}
