//! Light random playouts, the inner loop of Monte-Carlo search: uniform among the legal
//! points that do not fill a single-point eye of the mover, simple ko, two passes end the
//! playout, area count.

use super::board::Board;
use crate::Color;

/// The outcome of one playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Black's area minus White's (no komi).
    pub area_difference: i32,
    /// Moves played, passes included.
    pub moves: u32,
}

/// Plays random moves on `board` from `to_move` until two passes in a row (or a move limit
/// of three times the number of points, which only long ko fights reach).
pub fn playout(board: &mut Board, mut to_move: Color, rng: &mut fastrand::Rng) -> PlayoutResult {
    let points = u32::from(board.size()) * u32::from(board.size());
    let limit = 3 * points;
    let mut moves = 0;
    let mut passes = 0;
    while passes < 2 && moves < limit {
        if random_move(board, to_move, rng) {
            passes = 0;
        } else {
            passes += 1;
        }
        moves += 1;
        to_move = to_move.other();
    }
    let [black, white] = board.area();
    PlayoutResult {
        area_difference: black as i32 - white as i32,
        moves,
    }
}

/// Plays one uniformly random acceptable move for `color`; false if there is none (a pass).
///
/// Rejection sampling without replacement: a point found unacceptable is swapped behind
/// the sampled range, so every acceptable point is equally likely.
#[inline]
pub fn random_move(board: &mut Board, color: Color, rng: &mut fastrand::Rng) -> bool {
    let ko = board.ko();
    let mut left = board.empties().len();
    while left > 0 {
        let k = rng.usize(..left);
        let i = board.empties()[k];
        if Some(i) != ko && !board.is_eye(i, color) && board.has_liberty_after(i, color) {
            board.play(i, color);
            return true;
        }
        left -= 1;
        board.swap_empties(k, left);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_and_keep_the_board_consistent() {
        let mut rng = fastrand::Rng::with_seed(7);
        for size in [2u8, 5, 9, 19] {
            for _ in 0..20 {
                let mut b = Board::new(size);
                let r = playout(&mut b, Color::Black, &mut rng);
                b.assert_consistent();
                assert!(r.moves >= 2);
                let points = i32::from(size) * i32::from(size);
                assert!(r.area_difference.abs() <= points);
            }
        }
    }

    #[test]
    fn playouts_never_fill_own_eyes() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..200 {
            let mut b = Board::new(9);
            let mut color = Color::Black;
            for _ in 0..200 {
                let eyes: Vec<_> = b
                    .empties()
                    .iter()
                    .copied()
                    .filter(|&i| b.is_eye(i, color))
                    .collect();
                if !random_move(&mut b, color, &mut rng) {
                    break;
                }
                assert!(
                    eyes.iter()
                        .all(|&i| b.is_empty_at(i) || b.color_at(i) != Some(color))
                );
                color = color.other();
            }
        }
    }
}
