//! The deterministic random game that `stonefield bench continuous` times: random requests
//! over a `square-19` board, snapped `nearest`, `own` or `opponent` 60/20/20. No clocks here;
//! the caller times the moves.

use super::game::ContinuousGame;
use super::point::Point;
use super::resolve::SnapMode;
use super::rules::{BoardShape, ContinuousRules, Preset};

/// An endless, seeded stream of requests over the `square-19` board of radius 0.5 (a little
/// beyond its edges, as real pointers go), with modes 60% nearest, 20% own, 20% opponent.
#[derive(Debug, Clone)]
pub struct BenchRequests {
    rng: fastrand::Rng,
}

impl BenchRequests {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> BenchRequests {
        BenchRequests {
            rng: fastrand::Rng::with_seed(seed),
        }
    }
}

impl Iterator for BenchRequests {
    type Item = (Point, SnapMode);
    fn next(&mut self) -> Option<Self::Item> {
        let side = 19.0;
        let x = self.rng.f64() * (side + 1.0) - 0.5;
        let y = self.rng.f64() * (side + 1.0) - 0.5;
        let mode = match self.rng.u8(0..10) {
            0..=5 => SnapMode::Nearest,
            6 | 7 => SnapMode::Own,
            _ => SnapMode::Opponent,
        };
        Point::new(x, y).ok().map(|p| (p, mode))
    }
}

/// The rules of the bench: `square-19`, radius 0.5, defaults otherwise.
pub fn bench_rules() -> ContinuousRules {
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
    let requests = BenchRequests::new(seed);
    for (request, mode) in requests.take(100 * stones + 100) {
        if game.stone_count() >= stones {
            break;
        }
        let _ = game.play_request(request, mode);
    }
    game
}
