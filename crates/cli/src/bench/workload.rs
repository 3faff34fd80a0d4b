//! The deterministic random game that `stonefield bench continuous` times: random requests
//! over a `square-19` board, snapped `nearest`, `own` or `opponent` 60/20/20; and the same
//! game on a board five times as long whose other four fifths hold a crowd of their own, to
//! tell the stones near a move from the stones on the board. No clocks here; the caller
//! times the moves.
//!
//! Written against the public API of `stonefield_rules` only, so that the rules' own tests
//! play the same games (they include this file by path) while the workload stays out of
//! the library's API.

use stonefield_rules::continuous::{
    BoardShape, ContinuousGame, ContinuousRules, Point, Polygon, Preset, SnapMode,
};

/// The side of the square the bench plays in, in board units (`square-19` at radius 0.5).
const SIDE: f64 = 19.0;

/// How many such squares the crowded board of [`bench_crowd`] is long.
const CROWD_LENGTH: f64 = 5.0;

/// An endless, seeded stream of requests over a rectangle of the board (by default the
/// whole `square-19` board) and a little beyond its sides, as real pointers go, with modes
/// 60% nearest, 20% own, 20% opponent.
#[derive(Debug, Clone)]
pub struct BenchRequests {
    rng: fastrand::Rng,
    lo: (f64, f64),
    hi: (f64, f64),
}

impl BenchRequests {
    /// The stream for `seed` over `square-19`.
    pub fn new(seed: u64) -> BenchRequests {
        BenchRequests::within(seed, (0.0, 0.0), (SIDE, SIDE))
    }

    /// The stream for `seed` over the rectangle from `lo` to `hi` (board units).
    pub fn within(seed: u64, lo: (f64, f64), hi: (f64, f64)) -> BenchRequests {
        BenchRequests {
            rng: fastrand::Rng::with_seed(seed),
            lo,
            hi,
        }
    }
}

impl Iterator for BenchRequests {
    type Item = (Point, SnapMode);
    fn next(&mut self) -> Option<Self::Item> {
        let (lo, hi) = (self.lo, self.hi);
        let x = lo.0 + self.rng.f64() * (hi.0 - lo.0 + 1.0) - 0.5;
        let y = lo.1 + self.rng.f64() * (hi.1 - lo.1 + 1.0) - 0.5;
        let mode = match self.rng.u8(0..10) {
            0..=5 => SnapMode::Nearest,
            6 | 7 => SnapMode::Own,
            _ => SnapMode::Opponent,
        };
        Point::new(x, y).ok().map(|p| (p, mode))
    }
}

/// The rules of the bench: `square-19`, radius 0.5, defaults otherwise.
fn bench_rules() -> ContinuousRules {
    ContinuousRules {
        board: BoardShape::Preset(Preset::Square19),
        ..ContinuousRules::default()
    }
}

/// The game reached by playing `requests` (seeded by `seed`) until `stones` stones stand
/// on the board, or until requests run out of effect (at most 100 per wanted stone).
/// Requests that resolve to no point or to an illegal move are skipped. The result depends
/// only on the arguments.
///
/// # Panics
/// Never in practice: the bench rules are valid.
pub fn bench_game(seed: u64, stones: usize) -> ContinuousGame {
    let mut game = ContinuousGame::new(bench_rules()).expect("the bench rules are valid");
    fill(&mut game, BenchRequests::new(seed), stones);
    game
}

/// The rules of the crowded bench: a board as wide as `square-19` and five times as long,
/// radius 0.5, defaults otherwise.
fn bench_crowd_rules() -> ContinuousRules {
    let long = SIDE * CROWD_LENGTH;
    let outline = [[0.0, 0.0], [long, 0.0], [long, SIDE], [0.0, SIDE]];
    ContinuousRules {
        board: BoardShape::Polygon(Polygon::from_coords(&outline).expect("a rectangle")),
        ..ContinuousRules::default()
    }
}

/// A game on the board of [`bench_crowd_rules`] whose first square (`0..19` on both axes,
/// where [`BenchRequests::new`] points) holds the stones of a [`bench_game`] of `stones`
/// played the same way, and whose other four squares hold about `elsewhere` more: the
/// moves in the first square then meet what they meet on `square-19`, with `elsewhere`
/// stones more on the board. The result depends only on the arguments.
///
/// # Panics
/// Never in practice: the bench rules are valid.
pub fn bench_crowd(seed: u64, stones: usize, elsewhere: usize) -> ContinuousGame {
    let mut game = ContinuousGame::new(bench_crowd_rules()).expect("the bench rules are valid");
    fill(&mut game, BenchRequests::new(seed), stones);
    // The crowd's requests start where those of the first square end.
    let far = BenchRequests::within(seed ^ 0xFA2, (SIDE + 1.0, 0.0), (SIDE * CROWD_LENGTH, SIDE));
    let target = game.stone_count() + elsewhere;
    fill(&mut game, far, target);
    game
}

/// Plays `requests` into `game` until it holds `stones` stones, trying at most 100
/// requests per stone wanted; illegal and empty requests are skipped.
fn fill(game: &mut ContinuousGame, requests: BenchRequests, stones: usize) {
    for (request, mode) in requests.take(100 * stones + 100) {
        if game.stone_count() >= stones {
            break;
        }
        let _ = game.play_request(request, mode);
    }
}
