//! The computer player of any variant, as the game server uses it: given a game of
//! [`AnyGame`], its move (the tree search at a level, on one thread: the server's pool,
//! not the search, spreads the work over the cores), the stones it thinks dead at the
//! count, or a hint. Answers are record moves and record points, which the server plays
//! through the same path as a person's, so that it never looks inside a position.

use std::time::Duration;

use stonefield_record::{AnyGame, RecordMove};
use stonefield_rules::classic::ClassicGame;
use stonefield_rules::continuous;
use stonefield_rules::{Color, Game, Outcome, Stone};

use crate::classic::{self, estimate_dead};
use crate::ending::{Ending, classic_settled, passes_back, settled_by_playouts};
use crate::level::Level;
use crate::search::{Choice, Policy, Search, SearchConfig};
use crate::variants::{ContinuousPolicy, MargoPolicy, TopoPolicy};

/// Playouts of classic Go's dead-stone estimate (as the GTP player's count).
const CLASSIC_ESTIMATE_PLAYOUTS: u32 = 1_000;
/// The longest a person waits for the computer, whatever the level: the levels' playout
/// budgets are set for classic Go, and continuous Go's playouts cost far more (5,000 of
/// them take about 18 s on square-9).
pub const MAX_SECONDS_A_MOVE: f64 = 2.0;

/// What the computer is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Its move; `opponent_passed` when the last move was the opponent's pass, and
    /// `hopeless_moves` as the last [`Thought::Move`] gave it (0 at first): the caller
    /// keeps it between moves, so that resignation waits for several hopeless estimates.
    Move {
        opponent_passed: bool,
        hopeless_moves: u32,
    },
    /// The stones it thinks dead, at the count.
    Mark,
    /// The move it suggests to the player to move, and that player's win estimate.
    Hint,
}

/// The computer's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Thought {
    /// A record move of the player to move (a stone, a pass or a resignation), and the
    /// count of hopeless estimates to pass with the next [`Task::Move`].
    Move { mv: RecordMove, hopeless_moves: u32 },
    /// Points of the stones it thinks dead, as record coordinates.
    Dead(Vec<Vec<f64>>),
    /// A suggested record move and the win estimate (0 to 1) of the player to move.
    Hint {
        /// The suggestion, as [`Thought::Move`] gives a move.
        mv: RecordMove,
        /// The search's estimate for the player to move; `None` when not searched.
        win_rate: Option<f64>,
    },
}

/// The level of hints and analysis: 1,000 playouts, the most visited move.
pub const HINT_LEVEL: u8 = 6;

/// The computer's answer to `task` for the player to move in `game`, at `level`.
///
/// ```
/// use serde_json::Map;
/// use stonefield_ai::level::Level;
/// use stonefield_ai::player::{Task, Thought, think};
/// use stonefield_record::{AnyGame, Variant};
///
/// let game = AnyGame::new(Variant::Topological, &Map::new(), None).unwrap();
/// let task = Task::Move { opponent_passed: false, hopeless_moves: 0 };
/// let Thought::Move { mv, .. } = think(&game, Level::get(1).unwrap(), task, 7) else {
///     panic!()
/// };
/// assert_eq!(mv.color, stonefield_rules::Color::White);
/// ```
pub fn think(game: &AnyGame, level: Level, task: Task, seed: u64) -> Thought {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (opponent_passed, ending) = match task {
        Task::Mark => return Thought::Dead(dead_stones(game, &mut rng)),
        Task::Move {
            opponent_passed,
            hopeless_moves,
        } => (
            opponent_passed,
            Ending {
                resigns: level.resigns,
                hopeless_moves,
            },
        ),
        // A hint never resigns for the player.
        Task::Hint => (false, Ending::default()),
    };
    let me = game.to_move();
    let mut think = Thinker {
        level,
        seed,
        opponent_passed,
        ending,
        rng,
        win_rate: None,
    };
    let mv = match game {
        AnyGame::Classic(a) => {
            let g = a.game();
            let choice = think.choose(
                g,
                classic::SearchPolicy::default(),
                classic::search_config(),
                classic_wins_count,
                classic_settled,
            );
            choice_move(me, choice, |p| (vec![p.x().into(), p.y().into()], false))
        }
        AnyGame::Continuous(a) => {
            let policy = ContinuousPolicy::default();
            let config = ContinuousPolicy::search_config();
            let choice = think.choose(
                a.game(),
                policy,
                config,
                |g, _| leads(g),
                |g, rng| settled_by_playouts(g, &ContinuousPolicy::default(), rng),
            );
            // A hint is played by hand: a point a click a few pixels off still plays.
            let by_hand = |p: &continuous::Point| match task {
                Task::Hint => crate::continuous::clickable_point(a.game(), *p),
                _ => *p,
            };
            choice_move(me, choice, |p| {
                let p = by_hand(p);
                (vec![p.x(), p.y()], false)
            })
        }
        AnyGame::Margo(a) => {
            let choice = think.choose(
                a.game(),
                MargoPolicy::default(),
                SearchConfig::default(),
                |g, _| leads(g),
                |g, rng| settled_by_playouts(g, &MargoPolicy::default(), rng),
            );
            choice_move(me, choice, |p| {
                (p.coords().iter().map(|&c| c.into()).collect(), false)
            })
        }
        AnyGame::Topological(a) => {
            let choice = think.choose(
                a.game(),
                TopoPolicy,
                SearchConfig::default(),
                |g, _| leads(g),
                |g, rng| settled_by_playouts(g, &TopoPolicy, rng),
            );
            choice_move(me, choice, |m| {
                (vec![m.at.x().into(), m.at.y().into()], m.reserve)
            })
        }
        // A variant this player does not know yet resigns rather than stall the game.
        _ => RecordMove::resign(me),
    };
    match task {
        Task::Hint => Thought::Hint {
            mv,
            win_rate: think.win_rate,
        },
        _ => Thought::Move {
            mv,
            hopeless_moves: think.ending.hopeless_moves,
        },
    }
}

/// A search at a level, and when to pass or resign.
struct Thinker {
    level: Level,
    seed: u64,
    opponent_passed: bool,
    ending: Ending,
    rng: fastrand::Rng,
    /// The last search's win estimate for the player to move.
    win_rate: Option<f64>,
}

impl Thinker {
    /// The move for the player to move in `game`: a pass when passing back cannot lose
    /// (the opponent passed, `passing_wins` says the count now is won and `settled` that
    /// the board is), else the search's move, drawn by visits at the weaker levels, with
    /// the [`Ending`]'s rules for passing and resigning.
    fn choose<G, P>(
        &mut self,
        game: &G,
        policy: P,
        base: SearchConfig,
        passing_wins: impl FnOnce(&G, &mut fastrand::Rng) -> bool,
        settled: impl Fn(&G, &mut fastrand::Rng) -> bool,
    ) -> Choice<G::Move>
    where
        G: Game + Sync,
        G::Move: Send + Sync,
        P: Policy<G>,
    {
        let rng = &mut self.rng;
        if passes_back(self.opponent_passed, passing_wins(game, rng), || {
            settled(game, rng)
        }) {
            self.ending.hopeless_moves = 0;
            return Choice::Pass;
        }
        let mut config = SearchConfig {
            seed: self.seed,
            // Resignation is the ending's, on several searches' word.
            resign_below: None,
            ..self.level.search_config(base, 1)
        };
        let may_pass = policy.may_pass(game);
        let cap = Duration::from_secs_f64(MAX_SECONDS_A_MOVE);
        config.time = Some(config.time.map_or(cap, |t| t.min(cap)));
        let result = Search::new(game.clone(), policy, config).run();
        self.win_rate = Some(result.win_rate);
        let picked = self.level.pick(&result, &mut self.rng);
        let rng = &mut self.rng;
        self.ending
            .after_search(&result, picked, may_pass, || settled(game, rng))
    }
}

/// The record form of a choice, `at` giving a move's coordinates.
/// `color`'s record move for `choice`; `at` gives a move's coordinates and whether it
/// places a reserve stone.
fn choice_move<M>(
    color: Color,
    choice: Choice<M>,
    at: impl FnOnce(&M) -> (Vec<f64>, bool),
) -> RecordMove {
    match choice {
        Choice::Play(m) => {
            let (at, reserve) = at(&m);
            RecordMove {
                reserve,
                ..RecordMove::at(color, at)
            }
        }
        Choice::Pass => RecordMove::pass(color),
        Choice::Resign => RecordMove::resign(color),
    }
}

/// Whether the player to move would win if play ended now ([`Game::count_now`]): the
/// computer of the variants without a count of their own passes back on it (as does
/// `stonefield match`).
pub fn leads<G: Game>(game: &G) -> bool {
    matches!(game.count_now(), Outcome::Win { winner, .. } if winner == game.to_move())
}

/// Whether the player to move wins a classic count now, with the stones the estimate
/// calls dead removed where the rules mark dead stones (as the GTP player decides).
fn classic_wins_count(game: &ClassicGame, rng: &mut fastrand::Rng) -> bool {
    let dead = if game.rules().mark_dead {
        estimate_dead(game, CLASSIC_ESTIMATE_PLAYOUTS, rng)
    } else {
        Vec::new()
    };
    let me = game.to_move();
    matches!(classic::count(game, &dead), Outcome::Win { winner, .. } if winner == me)
}

/// The stones the computer marks dead at the count: classic Go's ownership estimate, and
/// in continuous Go the stones that most random continuations capture; none in the
/// variants that are not counted by marking.
fn dead_stones(game: &AnyGame, rng: &mut fastrand::Rng) -> Vec<Vec<f64>> {
    match game {
        AnyGame::Classic(a) if a.game().rules().mark_dead => {
            let dead = estimate_dead(a.game(), CLASSIC_ESTIMATE_PLAYOUTS, rng);
            points(&dead, |p| vec![p.x().into(), p.y().into()])
        }
        AnyGame::Continuous(a) => {
            let mut playing = a.game().clone();
            if playing.resume_play().is_err() {
                return Vec::new();
            }
            let dead = crate::continuous::dead_stones(&playing, rng);
            points(&dead, |p| vec![p.x(), p.y()])
        }
        _ => Vec::new(),
    }
}

fn points<P>(stones: &[Stone<P>], at: impl Fn(&P) -> Vec<f64>) -> Vec<Vec<f64>> {
    stones.iter().map(|s| at(&s.at)).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use stonefield_record::{MoveResult, Variant};
    use stonefield_rules::Phase;

    use super::*;

    fn game(variant: Variant, rules: Value) -> AnyGame {
        AnyGame::new(variant, rules.as_object().expect("rules"), None).expect("game")
    }

    fn record_move(v: &Value, variant: Variant) -> RecordMove {
        RecordMove::from_value(v, variant, "move").expect("a record move")
    }

    /// Every variant's computer plays only moves its engine accepts, over a whole game
    /// between two computers at level 1 (or 80 moves).
    #[test]
    fn every_move_of_every_variant_is_legal() {
        let cases = [
            (Variant::Classic, json!({"board_size": 5})),
            (Variant::Continuous, json!({"board": "square-9"})),
            (Variant::Margo, json!({"board_size": 3})),
            (Variant::Topological, json!({"board_size": 6})),
        ];
        let level = Level::get(1).expect("level 1");
        for (variant, rules) in cases {
            let mut g = game(variant, rules);
            let mut passed = false;
            for turn in 0..80 {
                if g.phase() != Phase::Playing {
                    break;
                }
                let task = Task::Move {
                    opponent_passed: passed,
                    hopeless_moves: 0,
                };
                let Thought::Move { mv, .. } = think(&g, level, task, turn) else {
                    panic!("{variant:?}: a move is asked, not marks");
                };
                let report = g.apply(&mv);
                assert!(
                    report.accepted(),
                    "{variant:?} move {turn}: {mv:?} refused: {report:?}"
                );
                passed = report.result == MoveResult::Pass;
            }
        }
    }

    #[test]
    fn a_stone_with_no_life_is_marked_dead_at_the_count() {
        // 5x5: Black walls off the left; a lone White stone sits inside Black's area.
        let mut g = game(Variant::Classic, json!({"board_size": 5, "komi": 0.5}));
        let moves = [
            ("black", [2, 0]),
            ("white", [0, 0]),
            ("black", [2, 1]),
            ("white", [4, 4]),
            ("black", [2, 2]),
            ("white", [4, 3]),
            ("black", [2, 3]),
            ("white", [3, 4]),
            ("black", [2, 4]),
        ];
        for (c, at) in moves {
            let report = g.apply(&record_move(
                &json!({"color": c, "at": at}),
                Variant::Classic,
            ));
            assert!(report.accepted(), "{c} {at:?}");
        }
        for c in ["white", "black"] {
            g.apply(&record_move(
                &json!({"color": c, "pass": true}),
                Variant::Classic,
            ));
        }
        assert_eq!(g.phase(), Phase::MarkingDead);
        let Thought::Dead(points) = think(&g, Level::get(1).expect("level"), Task::Mark, 1) else {
            panic!("marks are asked");
        };
        assert!(points.contains(&vec![0.0, 0.0]), "{points:?}");
        assert!(!points.contains(&vec![2.0, 2.0]), "{points:?}");
    }

    #[test]
    fn a_hint_comes_with_the_win_estimate_of_the_player_to_move() {
        let g = game(Variant::Margo, json!({"board_size": 4}));
        let level = Level::get(HINT_LEVEL).expect("hint level");
        let Thought::Hint { mv, win_rate } = think(&g, level, Task::Hint, 3) else {
            panic!("a hint is asked");
        };
        assert_eq!(mv.color, Color::White);
        assert!(
            win_rate.is_some_and(|w| (0.0..=1.0).contains(&w)),
            "{win_rate:?}"
        );
    }

    #[test]
    fn a_longer_tree_does_not_lead_while_reserve_stones_are_left() {
        use stonefield_rules::topological::{TopoGame, TopoRules};
        // Each player has one reserve stone. White (who moves first) places its own,
        // then passes; Black grows its longest tree twice.
        let mut game = TopoGame::new(TopoRules::new(6, 1).expect("rules"));
        let white_reserve = game.legal_moves().into_iter().find(|m| m.reserve);
        game.play(&white_reserve.expect("a reserve point"))
            .expect("legal");
        for _ in 0..2 {
            let longest = |g: &TopoGame| g.score().black;
            let grows = game
                .legal_moves()
                .into_iter()
                .filter(|m| !m.reserve)
                .max_by(|a, b| {
                    let after = |m| {
                        let mut g = game.clone();
                        g.play(m).map_or(0.0, |_| longest(&g))
                    };
                    after(a).total_cmp(&after(b))
                });
            game.play(&grows.expect("a normal move")).expect("legal");
            game.pass().expect("White passes");
        }
        assert_eq!(game.to_move(), Color::Black);
        assert_eq!(game.reserve_left(Color::Black), 1);
        assert_eq!(game.reserve_left(Color::White), 0);
        let score = game.score();
        assert!(score.black > score.white, "{score:?}");
        assert!(!leads(&game));
        let mut placed = game.clone();
        let reserve = placed
            .legal_moves()
            .into_iter()
            .find(|m| m.reserve)
            .expect("a reserve point");
        placed.play(&reserve).expect("legal");
        placed.pass().expect("White passes");
        assert!(
            leads(&placed),
            "with its reserve placed, Black wins the count now"
        );
    }
}
