//! Light random playouts, the inner loop of Monte-Carlo search: uniform among the legal
//! points that do not fill a single-point eye of the mover, simple ko, two passes end the
//! playout, area count.

use super::board::{Board, Idx};
use super::point::Point;
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
    // The caller's generator gives one word, the seed of the playout's own draws.
    let mut draws = Draws::new(rng);
    while passes < 2 && moves < limit {
        if draws.random_move(board, to_move, |_| {}) {
            passes = 0;
        } else {
            passes += 1;
        }
        moves += 1;
        to_move = to_move.other();
    }
    PlayoutResult::counted(board, moves)
}

impl PlayoutResult {
    /// The result of a playout that ended on `board` after `moves` moves.
    pub fn counted(board: &Board, moves: u32) -> PlayoutResult {
        // After two passes no empty point touches another, and `area` counts without a
        // flood fill; at the move limit it falls back to one.
        let [black, white] = board.area();
        PlayoutResult {
            area_difference: black as i32 - white as i32,
            moves,
        }
    }
}

/// Plays one uniformly random acceptable move for `color`; false if there is none, and
/// then passes (which lifts a ko ban). Takes one word from `rng`, the seed of its draws.
///
/// Rejection sampling without replacement: a point found unacceptable is swapped behind
/// the sampled range, so every acceptable point is equally likely.
#[inline]
pub fn random_move(board: &mut Board, color: Color, rng: &mut fastrand::Rng) -> bool {
    Draws::new(rng).random_move(board, color, |_| {})
}

/// [`random_move`], saying where: the point played, or `None` for the pass. The same
/// draws as [`random_move`] for the same generator, so both play the same move.
pub fn random_move_point(
    board: &mut Board,
    color: Color,
    rng: &mut fastrand::Rng,
) -> Option<Point> {
    let mut cell = None;
    Draws::new(rng).random_move(board, color, |c| cell = Some(c));
    cell.map(|c| board.point(c))
}

/// Uniform draws below a bound, from a 64-bit linear congruential generator seeded by the
/// caller's generator.
///
/// An LCG step is one multiply and one add, against wyrand's (fastrand's) add, 128-bit
/// multiply and two xors, and a playout draws about twice per move. Only the top half of
/// the state is used, whose bits have periods of 2^33 to 2^64, and Lemire's method takes
/// the index from the top bits of that half times the bound: the weak low bits of an LCG
/// never reach an index. Replacing wyrand gained about 1.5% playouts/s (9x9, CPU time).
///
/// Words are taken one draw ahead: the word for the next draw is generated before the
/// current point is tested, so a mispredicted test does not throw away the generator's
/// work and the index waits on one multiply only.
struct Draws {
    state: u64,
    word: u32,
}

impl Draws {
    /// Knuth's MMIX multiplier and increment (full period modulo 2^64).
    const MUL: u64 = 6_364_136_223_846_793_005;
    const INC: u64 = 1_442_695_040_888_963_407;

    #[inline(always)]
    fn new(rng: &mut fastrand::Rng) -> Draws {
        let mut draws = Draws {
            state: rng.u64(..),
            word: 0,
        };
        draws.word = draws.next_word();
        draws
    }

    #[inline(always)]
    fn next_word(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(Self::MUL).wrapping_add(Self::INC);
        (self.state >> 32) as u32
    }

    /// A uniform index below `n` (`n > 0`), by Lemire's multiply-and-reject.
    #[inline(always)]
    fn below(&mut self, n: u32) -> usize {
        let mut wide = u64::from(self.word) * u64::from(n);
        self.word = self.next_word();
        if (wide as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (wide as u32) < threshold {
                wide = u64::from(self.word) * u64::from(n);
                self.word = self.next_word();
            }
        }
        (wide >> 32) as usize
    }

    /// Plays a move and tells `played` its cell (the closure costs nothing in the
    /// playout, which passes one that does nothing); false for a pass.
    #[inline(always)]
    fn random_move(&mut self, board: &mut Board, color: Color, played: impl FnOnce(Idx)) -> bool {
        // A board has at most 625 points, so the count fits a u32 (cheaper to draw than
        // usize).
        let mut left = board.empties().len() as u32;
        while left > 0 {
            let k = self.below(left);
            let cell = board.empty_at(k);
            if board.playout_may_play(cell, color) {
                board.play_slot(k, color);
                played(cell);
                return true;
            }
            left -= 1;
            board.swap_empties(k, left as usize);
        }
        board.pass();
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition [`Board::playout_may_play`] shortcuts: not ko, not an own eye, and
    /// the stone keeps a liberty once its captures are taken off.
    fn acceptable_by_playing(b: &Board, i: u16, color: Color) -> bool {
        if Some(i) == b.ko() || b.is_eye(i, color) {
            return false;
        }
        let mut after = b.clone();
        after.play(i, color);
        after.color_at(i) == Some(color)
    }

    #[test]
    fn draws_are_uniform_below_the_bound() {
        let mut rng = fastrand::Rng::with_seed(29);
        let mut draws = Draws::new(&mut rng);
        for n in [1u32, 2, 3, 7, 81, 625] {
            let trials = 2000 * n as usize;
            let mut counts = vec![0usize; n as usize];
            for _ in 0..trials {
                counts[draws.below(n)] += 1;
            }
            // Every value turns up close to its share (far beyond 6 standard deviations).
            let expected = trials as f64 / f64::from(n);
            assert!(
                counts
                    .iter()
                    .all(|&c| (c as f64 - expected).abs() < 6.0 * expected.sqrt() + 1.0),
                "n {n}: {counts:?}"
            );
        }
    }

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
    fn incremental_structures_match_a_recount_after_every_move() {
        let mut rng = fastrand::Rng::with_seed(13);
        for size in [2u8, 3, 4, 7, 9, 19, 25] {
            for _ in 0..6 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                let mut passes = 0;
                let mut moves = 0;
                while passes < 2 && moves < 3 * u32::from(size) * u32::from(size) {
                    passes = if random_move(&mut b, color, &mut rng) {
                        0
                    } else {
                        passes + 1
                    };
                    b.assert_consistent();
                    color = color.other();
                    moves += 1;
                }
            }
        }
    }

    #[test]
    fn the_playout_filter_matches_its_definition() {
        let mut rng = fastrand::Rng::with_seed(17);
        let mut rejected = 0;
        for size in [3u8, 5, 9] {
            for _ in 0..60 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..rng.u32(0..3 * u32::from(size) * u32::from(size)) {
                    random_move(&mut b, color, &mut rng);
                    color = color.other();
                }
                for i in b.empties().to_vec() {
                    let expected = acceptable_by_playing(&b, i, color);
                    rejected += usize::from(!expected);
                    assert_eq!(b.playout_may_play(i, color), expected, "{i} in {b:?}");
                }
                b.assert_consistent();
            }
        }
        assert!(
            rejected > 100,
            "the positions should hold eyes and suicide points"
        );
    }

    #[test]
    fn moves_are_uniform_among_acceptable_points() {
        let mut rng = fastrand::Rng::with_seed(19);
        let mut checked = 0;
        while checked < 5 {
            let mut b = Board::new(5);
            let mut color = Color::Black;
            for _ in 0..rng.u32(8..30) {
                random_move(&mut b, color, &mut rng);
                color = color.other();
            }
            let ok: Vec<u16> = b
                .empties()
                .iter()
                .copied()
                .filter(|&i| acceptable_by_playing(&b, i, color))
                .collect();
            if ok.len() < 3 || ok.len() == b.empties().len() {
                continue; // want positions where some points are rejected
            }
            checked += 1;
            let trials = 400 * ok.len();
            let mut counts = vec![0usize; ok.len()];
            for _ in 0..trials {
                let mut t = b.clone();
                assert!(random_move(&mut t, color, &mut rng));
                let placed = ok.iter().position(|&i| t.color_at(i) == Some(color));
                counts[placed.expect("an acceptable point was played")] += 1;
            }
            // Pearson's chi-squared against uniform; the bound is far beyond the 99.99th
            // percentile for up to 25 degrees of freedom.
            let expected = trials as f64 / ok.len() as f64;
            let chi2: f64 = counts
                .iter()
                .map(|&c| (c as f64 - expected).powi(2) / expected)
                .sum();
            assert!(chi2 < 70.0, "chi2 {chi2} for counts {counts:?}");
        }
    }

    #[test]
    fn the_point_reported_is_the_move_played() {
        let mut rng = fastrand::Rng::with_seed(31);
        for _ in 0..30 {
            let mut board = Board::new(7);
            let mut same = board.clone();
            let mut color = Color::Black;
            for _ in 0..120 {
                let seed = rng.u64(..);
                let played =
                    random_move_point(&mut board, color, &mut fastrand::Rng::with_seed(seed));
                let moved = random_move(&mut same, color, &mut fastrand::Rng::with_seed(seed));
                assert_eq!(played.is_some(), moved);
                assert_eq!(board.hash(), same.hash());
                if let Some(p) = played {
                    // Playouts never play suicide: the stone stands where reported.
                    assert_eq!(board.get(p), Some(color));
                }
                color = color.other();
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

    #[test]
    fn clone_from_a_board_of_another_size_plays_like_the_source() {
        let mut rng = fastrand::Rng::with_seed(23);
        for (from, into) in [(9u8, 19u8), (19, 9), (5, 25), (25, 2)] {
            let mut source = Board::new(from);
            for _ in 0..30 {
                random_move(&mut source, Color::Black, &mut rng);
                random_move(&mut source, Color::White, &mut rng);
            }
            let mut target = Board::new(into);
            playout(&mut target, Color::Black, &mut rng);
            target.clone_from(&source);
            target.assert_consistent();
            let mut fresh = source.clone();
            fresh.assert_consistent();
            let seed = rng.u64(..);
            let a = playout(
                &mut target,
                Color::Black,
                &mut fastrand::Rng::with_seed(seed),
            );
            let b = playout(
                &mut fresh,
                Color::Black,
                &mut fastrand::Rng::with_seed(seed),
            );
            assert_eq!(a, b);
            assert_eq!(target.hash(), fresh.hash());
        }
    }
}
