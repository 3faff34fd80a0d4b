//! MarGo's search policy: candidates through the [`Game`] trait, the rules crate's own
//! faster random playouts, and how a playout cut short is scored; and MarGo's greedy
//! baseline player.

use stonefield_rules::margo::{self, MargoGame, PlayoutScratch};
use stonefield_rules::{Color, Game};

use crate::baseline::Greedy;
use crate::search::{Policy, Trace, black_value};

impl Greedy for MargoGame {}

/// How a MarGo playout that reached its move cap is scored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MargoEval {
    /// The ball count as it stands: 1, ½ or 0 for Black (what a finished game scores).
    BallCount,
    /// Black's lead in the display estimate (balls in play, holes only one side reaches,
    /// platforms of four balls of one colour), counting for the player to move the capture
    /// in reach ([`MargoGame::capture_in_reach`]), through a logistic: a lead of `scale`
    /// balls is worth 0.73, twice that 0.88. A random game stopped early is far from over:
    /// a soft value says "ahead by a little" and "ahead by a lot" apart, and the capture in
    /// reach keeps a group that is about to be taken from counting for its owner.
    Estimate { scale: f64 },
}

/// MarGo: every legal ball, no passing, and the rules crate's random playouts, stopped after
/// `max_moves` balls (random games on 7x7 run 300 balls, on 9x9 750) and scored by `eval`.
#[derive(Debug, Clone, Copy)]
pub struct MargoPolicy {
    pub max_moves: u32,
    pub eval: MargoEval,
}

impl Default for MargoPolicy {
    /// Playouts of 60 balls scored by the estimate with a scale of 3 balls: about a fifth of
    /// a 7x7 random game, so five times the playouts of a game played out.
    fn default() -> Self {
        MargoPolicy {
            max_moves: 60,
            eval: MargoEval::Estimate { scale: 3.0 },
        }
    }
}

impl MargoPolicy {
    /// Black's value of `game` under `eval`: the result once the game is over.
    pub fn evaluate(&self, game: &MargoGame) -> f64 {
        match self.eval {
            _ if game.is_over() => black_value(game),
            MargoEval::BallCount => black_value(game),
            MargoEval::Estimate { scale } => {
                let estimate = game.estimate();
                let mut lead = f64::from(estimate.black) - f64::from(estimate.white);
                let reach = f64::from(game.capture_in_reach());
                lead += match game.to_move() {
                    Color::Black => reach,
                    Color::White => -reach,
                };
                1.0 / (1.0 + (-lead / scale.max(f64::MIN_POSITIVE)).exp())
            }
        }
    }
}

impl Policy<MargoGame> for MargoPolicy {
    fn may_pass(&self, _game: &MargoGame) -> bool {
        false
    }

    fn playout(&self, game: &mut MargoGame, rng: &mut fastrand::Rng, _trace: &mut Trace) -> f64 {
        SCRATCH.with_borrow_mut(|scratch| {
            margo::random_playout_with(game, rng, self.max_moves, scratch);
        });
        self.evaluate(game)
    }
}

thread_local! {
    /// Each search thread's playout scratch, so that a playout does not allocate its own.
    static SCRATCH: std::cell::RefCell<PlayoutScratch> =
        std::cell::RefCell::new(PlayoutScratch::default());
}

#[cfg(test)]
mod tests {
    use stonefield_rules::margo::{MargoRules, Point};
    use stonefield_rules::{Game, Stone};

    use super::*;

    fn ball(x: u32, y: u32, color: Color) -> Stone<Point> {
        Stone {
            at: Point::new(x, y, 0, 5).expect("on the board"),
            color,
        }
    }

    #[test]
    fn the_evaluation_counts_the_lead_and_the_capture_in_reach() {
        use Color::{Black, White};
        let rules = MargoRules::with_size(5).expect("size");
        // Level 0 rows `.W...`, `WBW..`: three white balls to one black.
        let balls = [
            ball(1, 0, White),
            ball(0, 1, White),
            ball(1, 1, Black),
            ball(2, 1, White),
        ];
        let estimate = MargoPolicy::default();
        let count = MargoPolicy {
            eval: MargoEval::BallCount,
            ..estimate
        };
        let white_to_move = MargoGame::from_setup(rules, &balls, White).expect("setup");
        let black_to_move = MargoGame::from_setup(rules, &balls, Black).expect("setup");
        assert_eq!(count.evaluate(&white_to_move), 0.0);
        let (w, b) = (
            estimate.evaluate(&white_to_move),
            estimate.evaluate(&black_to_move),
        );
        assert!(
            0.0 < w && w < b && b < 0.5,
            "White leads, more so to move: {w} {b}"
        );
        // White to move takes the black ball: a lead of 4 (balls 3 - 1, capture 1, the
        // corner hole (0, 0) White's alone) against 3 with Black to move.
        let logistic = |lead: f64| 1.0 / (1.0 + (lead / 3.0).exp());
        assert!((w - logistic(4.0)).abs() < 1e-9, "{w}");
        assert!((b - logistic(3.0)).abs() < 1e-9, "{b}");
    }

    #[test]
    fn capped_playouts_stop_at_the_cap_and_stay_in_range() {
        let policy = MargoPolicy {
            max_moves: 10,
            ..MargoPolicy::default()
        };
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..20 {
            let mut game = MargoGame::new(MargoRules::default()).expect("rules");
            let v = policy.playout(&mut game, &mut rng, &mut Trace::default());
            assert_eq!(game.moves_played(), 10);
            assert!((0.0..=1.0).contains(&v), "{v}");
        }
    }

    /// One 7x7 game, `white` against `black` at `playouts` a move: the winner, if any.
    fn duel(white: MargoPolicy, black: MargoPolicy, playouts: u32, seed: u64) -> Option<Color> {
        use crate::search::{Choice, Search, SearchConfig};
        let mut game = MargoGame::new(MargoRules::default()).expect("rules");
        let mut turn = 0;
        while !game.is_over() {
            let policy = match game.to_move() {
                Color::White => white,
                Color::Black => black,
            };
            let config = SearchConfig {
                playouts: Some(playouts),
                threads: 1,
                seed: seed * 1000 + turn,
                ..SearchConfig::default()
            };
            match Search::new(game.clone(), policy, config).run().choice {
                Choice::Play(mv) => {
                    game.play(&mv).expect("the search plays legal balls");
                }
                Choice::Resign | Choice::Pass => {
                    let color = game.to_move();
                    game.resign(color).expect("resigning in play");
                }
            }
            turn += 1;
        }
        game.outcome().and_then(|o| o.winner())
    }

    /// The evaluation against the old scoring (200 balls, the count as it stands) at the
    /// same playouts a move, colours alternating; run by hand:
    /// `cargo test --release -p stonefield-ai evaluation_against -- --ignored --nocapture`.
    #[test]
    #[ignore = "a match of a few minutes, for release builds"]
    fn evaluation_against_the_ball_count() {
        let new = MargoPolicy::default();
        let old = MargoPolicy {
            max_moves: 200,
            eval: MargoEval::BallCount,
        };
        let (mut wins, mut games) = (0, 0);
        for seed in 0..16 {
            let new_is_white = seed % 2 == 0;
            let (w, b) = if new_is_white { (new, old) } else { (old, new) };
            let winner = duel(w, b, 300, seed);
            let new_color = if new_is_white {
                Color::White
            } else {
                Color::Black
            };
            wins += u32::from(winner == Some(new_color));
            games += 1;
            println!("game {seed}: winner {winner:?}, evaluation plays {new_color:?}");
        }
        println!("the evaluation won {wins} of {games}");
    }
}
