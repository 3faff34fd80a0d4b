//! Random playouts, the inner loop of Monte-Carlo search: uniform among the legal moves of
//! the player to move, under the game's full rules (superko included), until the game ends.
//! The groups are analysed once per move and most moves are judged without trial captures.

use super::analysis::{Analysis, Verdict};
use super::bits::MAX_POINTS;
use super::board::Board;
use super::game::MargoGame;
use crate::{ByColor, Color, Game, Outcome};

/// The result of one playout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutResult {
    /// Balls placed during the playout.
    pub moves: u32,
    /// The result, or `None` if the move limit stopped the playout first.
    pub outcome: Option<Outcome>,
    /// Balls in play at the end.
    pub balls: ByColor<u32>,
}

/// A scratch space for playouts, so that repeated playouts do not allocate.
#[derive(Debug, Clone, Default)]
pub struct PlayoutScratch {
    groups: Analysis,
    /// The board `groups` describes.
    built_for: Option<Board>,
}

impl PlayoutScratch {
    fn groups_for(&mut self, board: &Board) -> &Analysis {
        if !self.built_for.is_some_and(|b| b.same_balls(board)) {
            self.groups.rebuild(board);
            self.built_for = Some(*board);
        }
        &self.groups
    }
}

/// Plays uniformly random legal moves in `game` until it ends, or until `max_moves` balls
/// have been placed (superko bounds every game, but not tightly).
pub fn random_playout(
    game: &mut MargoGame,
    rng: &mut fastrand::Rng,
    max_moves: u32,
) -> PlayoutResult {
    random_playout_with(game, rng, max_moves, &mut PlayoutScratch::default())
}

/// [`random_playout`] with a reusable scratch space.
pub fn random_playout_with(
    game: &mut MargoGame,
    rng: &mut fastrand::Rng,
    max_moves: u32,
    scratch: &mut PlayoutScratch,
) -> PlayoutResult {
    let mut moves = 0;
    while !game.is_over() && moves < max_moves && random_move(game, rng, scratch) {
        moves += 1;
    }
    PlayoutResult {
        moves,
        outcome: game.outcome(),
        balls: game.ball_count(),
    }
}

/// Plays one uniformly random legal move; false if the game is over. Like
/// [`Game::play`], it ends the game when the player to move next has no legal move.
///
/// Rejection sampling without replacement: a refused point is swapped behind the sampled
/// range, so every legal point is equally likely.
pub fn random_move(
    game: &mut MargoGame,
    rng: &mut fastrand::Rng,
    scratch: &mut PlayoutScratch,
) -> bool {
    if game.is_over() {
        return false;
    }
    let mut candidates = [0u16; MAX_POINTS];
    let mut left = 0;
    for i in (0..game.board.topo().points).filter(|&i| game.is_empty_supported(i)) {
        candidates[left] = i as u16;
        left += 1;
    }
    while left > 0 {
        let k = rng.usize(..left);
        let i = usize::from(candidates[k]);
        if try_at(game, scratch, i) {
            if !game.is_over() && !has_legal_move(game, scratch) {
                game.finish_by_count();
            }
            return true;
        }
        left -= 1;
        candidates.swap(k, left);
    }
    // Only a game set up by hand can be stuck before its first move here.
    game.finish_by_count();
    false
}

fn has_legal_move(game: &MargoGame, scratch: &mut PlayoutScratch) -> bool {
    game.any_legal(scratch.groups_for(&game.board))
}

/// Plays the ball at the placeable point `i` if it is legal.
fn try_at(game: &mut MargoGame, scratch: &mut PlayoutScratch, i: usize) -> bool {
    let mover = game.to_move;
    match scratch
        .groups_for(&game.board)
        .verdict(&game.board, i, mover)
    {
        Verdict::Suicide => false,
        Verdict::Quiet(hash) if game.check_superko(hash).is_err() => false,
        Verdict::Quiet(_) => {
            let mut next = game.board;
            next.place(i, mover);
            scratch.groups.apply_quiet(&game.board, i, mover);
            scratch.built_for = Some(next);
            debug_assert!(scratch.groups.same_groups(&Analysis::new(&next)));
            game.commit(next, ByColor::default());
            true
        }
        Verdict::Unknown => {
            let mut lost = ByColor::<u32>::default();
            match game.attempt(i, &mut |_, c: Color| lost[c] += 1) {
                Ok(next) => {
                    game.commit(next, lost);
                    true
                }
                Err(_) => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Phase;
    use crate::margo::MargoRules;

    #[test]
    fn playouts_end_with_a_count_that_matches_the_balls() {
        let mut rng = fastrand::Rng::with_seed(5);
        for size in [2u8, 3, 4, 5, 7] {
            for _ in 0..10 {
                let rules = MargoRules::with_size(u32::from(size)).expect("size");
                let mut game = MargoGame::new(rules).expect("game");
                let r = random_playout(&mut game, &mut rng, 10_000);
                let Some(outcome) = r.outcome else {
                    panic!("a {size}x{size} playout hit the move limit");
                };
                assert!(r.moves >= 1);
                let count =
                    Outcome::from_scores(f64::from(r.balls.black), f64::from(r.balls.white));
                assert_eq!(outcome, count);
                assert_eq!(game.phase(), Phase::Finished(outcome));
                assert!(game.legal_moves().is_empty());
            }
        }
    }

    #[test]
    fn the_move_limit_stops_a_playout_unfinished() {
        let mut rng = fastrand::Rng::with_seed(9);
        let mut game = MargoGame::new(MargoRules::default()).expect("game");
        let r = random_playout(&mut game, &mut rng, 5);
        assert_eq!((r.moves, r.outcome), (5, None));
        assert_eq!(game.moves_played(), 5);
        assert!(!game.is_over());
    }
}
