//! Monte-Carlo move choice and ownership for classic Go: flat UCB1 on the rules crate's
//! light playouts ([`choose_move`]), and the [`Policy`]s the tree search uses: the light
//! [`ClassicPolicy`], and [`HeavyPolicy`] with heavy playouts (captures, escapes, 3x3
//! patterns, no self-atari: [`heavy`]) and priors for the tree, the default of
//! [`new_search`].

mod candidates;
mod chains;
pub mod features;
pub mod gammas;
pub mod heavy;
mod ladder;
pub mod mm;
pub mod patterns;
mod priors;
pub mod spatial;
mod tactics;

use stonefield_rules::classic::{Board, ClassicGame, Point, playout, random_move_point};
use stonefield_rules::{Color, Game, Outcome, Phase, Stone};

use crate::baseline::Greedy;
use crate::search::{Action, Choice, Policy, Search, SearchConfig, Trace};
use candidates::{classic_candidates, classic_may_pass, point_key};
pub use heavy::{HeavyConfig, HeavyPolicy};

impl Greedy for ClassicGame {}

/// Below this estimated winning rate (after a full search) the player resigns.
const RESIGN_BELOW: f64 = 0.03;

/// Whether `p` is a point every neighbour of which is `color` or off the board: the flat
/// baseline's eye, false eyes included, kept as the baseline was measured
/// ([`classic_candidates`] lets the tree fill a false eye).
fn fills_own_eye(board: &Board, p: Point, color: Color) -> bool {
    board
        .cell(p)
        .is_some_and(|i| tactics::is_eyelike(board, i, color))
}

struct Arm {
    mv: Point,
    after: Board,
    wins: f64,
    visits: f64,
}

/// Chooses a move for the player to move with `playouts` light playouts in all, UCB1 over
/// the legal moves that do not fill an own eye. Passes when there is no such move, resigns
/// when even the best move almost never wins.
pub fn choose_move(game: &ClassicGame, playouts: u32, rng: &mut fastrand::Rng) -> Choice<Point> {
    let me = game.to_move();
    let komi = game.rules().komi;
    let mut arms: Vec<Arm> = game
        .candidate_moves()
        .into_iter()
        .filter(|&p| !fills_own_eye(game.board(), p, me))
        .filter_map(|mv| {
            let mut next = game.clone();
            next.play(&mv).ok()?;
            Some(Arm {
                mv,
                after: next.board().clone(),
                wins: 0.0,
                visits: 0.0,
            })
        })
        .collect();
    if arms.is_empty() {
        return Choice::Pass;
    }
    let mut scratch = arms[0].after.clone();
    for n in 0..playouts.max(arms.len() as u32) {
        let total = f64::from(n + 1).ln();
        let pick = (0..arms.len())
            .max_by(|&a, &b| ucb(&arms[a], total).total_cmp(&ucb(&arms[b], total)))
            .unwrap_or(0);
        let arm = &mut arms[pick];
        scratch.clone_from(&arm.after);
        let result = playout(&mut scratch, me.other(), rng);
        let black_margin = f64::from(result.area_difference) - komi;
        let won = match me {
            Color::Black => black_margin > 0.0,
            Color::White => black_margin < 0.0,
        };
        arm.visits += 1.0;
        arm.wins += f64::from(u8::from(won));
    }
    let best = arms
        .iter()
        .max_by(|a, b| a.visits.total_cmp(&b.visits))
        .expect("at least one arm");
    if best.wins / best.visits < RESIGN_BELOW && best.visits >= 50.0 {
        Choice::Resign
    } else {
        Choice::Play(best.mv)
    }
}

fn ucb(arm: &Arm, log_total: f64) -> f64 {
    if arm.visits == 0.0 {
        return f64::INFINITY;
    }
    arm.wins / arm.visits + (2.0 * log_total / arm.visits).sqrt()
}

/// For each point in reading order, the share of `playouts` random playouts from the
/// position in which Black owns it at the end (1.0 Black's, 0.0 White's).
pub fn ownership(game: &ClassicGame, playouts: u32, rng: &mut fastrand::Rng) -> Vec<f64> {
    let start = game.board();
    let mut black = vec![0u32; start.points().count()];
    let mut board = start.clone();
    let runs = playouts.max(1);
    for _ in 0..runs {
        board.clone_from(start);
        playout(&mut board, game.to_move(), rng);
        for (count, owner) in black.iter_mut().zip(board.area_owners()) {
            if owner == Some(Color::Black) {
                *count += 1;
            }
        }
    }
    black
        .into_iter()
        .map(|c| f64::from(c) / f64::from(runs))
        .collect()
}

/// The stones that most playouts end with the opponent owning their point: the engine's
/// guess at the dead stones, offered before the players mark them.
pub fn estimate_dead(
    game: &ClassicGame,
    playouts: u32,
    rng: &mut fastrand::Rng,
) -> Vec<Stone<Point>> {
    let owned = ownership(game, playouts, rng);
    game.board()
        .points()
        .zip(owned)
        .filter_map(|(at, black_share)| {
            let color = game.board().get(at)?;
            let own_share = match color {
                Color::Black => black_share,
                Color::White => 1.0 - black_share,
            };
            (own_share < 0.5).then_some(Stone { at, color })
        })
        .collect()
}

/// The result of counting `game` now with `dead` removed.
pub fn count(game: &ClassicGame, dead: &[Stone<Point>]) -> Outcome {
    let mut counted = game.clone();
    while counted.phase() == Phase::Playing {
        if counted.pass().is_err() {
            break;
        }
    }
    for s in dead {
        if counted.dead_stones().iter().all(|d| d.at != s.at) {
            let _ = counted.toggle_dead(s.at);
        }
    }
    let score = counted.final_score();
    Outcome::from_scores(score.black, score.white)
}

/// Classic Go for the tree search: the legal points that do not fill an own true eye, passing,
/// the rules crate's light playouts scored by area and komi, and RAVE keyed by point.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassicPolicy;

/// Which playouts the classic tree search uses: [`new_search`] takes the heavy ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchPolicy {
    Light(ClassicPolicy),
    Heavy(HeavyPolicy),
}

impl Default for SearchPolicy {
    fn default() -> Self {
        SearchPolicy::Heavy(HeavyPolicy::default())
    }
}

impl Policy<ClassicGame> for SearchPolicy {
    fn candidates(&self, game: &ClassicGame) -> Vec<Point> {
        classic_candidates(game)
    }

    fn may_pass(&self, game: &ClassicGame) -> bool {
        classic_may_pass(game)
    }

    fn amaf_key(&self, mv: &Point) -> Option<u64> {
        Some(point_key(*mv))
    }

    fn prior_experience(
        &self,
        game: &ClassicGame,
        actions: &[Action<Point>],
    ) -> Option<Vec<(u32, f32)>> {
        match self {
            SearchPolicy::Light(p) => p.prior_experience(game, actions),
            SearchPolicy::Heavy(p) => p.prior_experience(game, actions),
        }
    }

    fn playout(&self, game: &mut ClassicGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        match self {
            SearchPolicy::Light(p) => p.playout(game, rng, trace),
            SearchPolicy::Heavy(p) => p.playout(game, rng, trace),
        }
    }
}

/// The tree search over classic Go.
pub type ClassicSearch = Search<ClassicGame, SearchPolicy>;

/// A tree search of `game` under `config`: call [`Search::run`] for a move, then
/// [`Search::advance`] or [`Search::set_game`] as the game goes on to keep the tree.
///
/// ```
/// use std::time::Duration;
/// use stonefield_ai::classic;
/// use stonefield_ai::search::{Choice, SearchConfig};
/// use stonefield_rules::Game;
/// use stonefield_rules::classic::{ClassicGame, Rules};
///
/// let mut game = ClassicGame::new(Rules::preset("chinese", 9).unwrap()).unwrap();
/// let config = SearchConfig {
///     playouts: None,
///     time: Some(Duration::from_millis(100)),
///     threads: 2,
///     ..classic::search_config()
/// };
/// let mut search = classic::new_search(game.clone(), config);
/// let result = search.run();
/// let Choice::Play(p) = result.choice else { panic!("an empty board") };
/// game.play(&p).unwrap();
/// // After the opponent's reply, hand over the game: the subtree of both moves is kept.
/// search.set_game(game.clone());
/// ```
pub fn new_search(game: ClassicGame, config: SearchConfig) -> ClassicSearch {
    new_search_with(game, config, SearchPolicy::default())
}

/// The search settings tuned for classic Go with the heavy policy's priors: almost no
/// exploration beyond what RAVE and the priors give, and RAVE that fades early.
///
/// Measured against GNU Go 3.8 (level 10, Chinese rules, 9x9, komi 7.5) at 5,000
/// playouts a move on one thread, 16 games each, with the hand-set priors of before: exploration
/// 0.5 and RAVE equivalence 500 (the generic defaults) won 1 of 10; exploration 0.1: 4/10;
/// 0.05: 7/16; 0: 7/16; with exploration 0.05, equivalence 2,000: 2/16, 100: 10/16. With the
/// learnt priors, in self-play at 5,000 playouts (20 games each, colours alternating):
/// exploration 0.01 beat 0.05 16/20 and 0.15 lost to it 3/14; equivalence 40 beat 100
/// 12/20 and 400 won 6/14 (no difference the games could show).
///
/// Criticality as Pachi keeps it (1.1), from 1,000 visits: against Pachi 12.90 at 10,000
/// playouts a move each (one thread, refereed by GNU Go), 20/39 with it (51%) against
/// 13/38 without it (34%); side by side in one session, 9/19 against 6/18.
pub fn search_config() -> SearchConfig {
    SearchConfig {
        exploration: 0.01,
        rave_equivalence: 100.0,
        criticality: 1.1,
        criticality_visits: 1_000,
        ..SearchConfig::default()
    }
}

/// [`new_search`] with the playouts of `policy` (the light ones to compare with).
pub fn new_search_with(
    game: ClassicGame,
    config: SearchConfig,
    policy: SearchPolicy,
) -> ClassicSearch {
    Search::new(game, policy, config)
}

impl Policy<ClassicGame> for ClassicPolicy {
    fn candidates(&self, game: &ClassicGame) -> Vec<Point> {
        classic_candidates(game)
    }

    fn may_pass(&self, game: &ClassicGame) -> bool {
        classic_may_pass(game)
    }

    fn amaf_key(&self, mv: &Point) -> Option<u64> {
        Some(point_key(*mv))
    }

    fn playout(&self, game: &mut ClassicGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        let mut board = game.board().clone();
        let area_difference = if trace.is_enabled() {
            traced_playout(&mut board, game.to_move(), rng, trace)
        } else {
            playout(&mut board, game.to_move(), rng).area_difference
        };
        let black_margin = f64::from(area_difference) - game.rules().komi;
        if black_margin > 0.0 {
            1.0
        } else if black_margin < 0.0 {
            0.0
        } else {
            0.5
        }
    }
}

/// The rules crate's light playout ([`playout`]), move by move so that each move can be
/// recorded for RAVE; returns Black's area minus White's. Crediting the stones standing at
/// the end instead was tried: that measures who owns a point, not who played there first,
/// and made the search weaker than without RAVE.
fn traced_playout(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut fastrand::Rng,
    trace: &mut Trace,
) -> i32 {
    let limit = 3 * u32::from(board.size()) * u32::from(board.size());
    let (mut passes, mut moves) = (0, 0);
    while passes < 2 && moves < limit {
        match random_move_point(board, to_move, rng) {
            Some(p) => {
                passes = 0;
                trace.push(to_move, point_key(p));
            }
            None => passes += 1,
        }
        moves += 1;
        to_move = to_move.other();
    }
    let [black, white] = board.area();
    black as i32 - white as i32
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use stonefield_rules::classic::{MAX_SIZE, Rules};

    /// A Chinese-rules game of `size` from these stones, Black to move.
    pub(crate) fn game_with(size: u8, black: &[(u32, u32)], white: &[(u32, u32)]) -> ClassicGame {
        let stones: Vec<Stone<Point>> = black
            .iter()
            .map(|&(x, y)| (x, y, Color::Black))
            .chain(white.iter().map(|&(x, y)| (x, y, Color::White)))
            .map(|(x, y, color)| Stone {
                at: Point::new(x, y, size).expect("on board"),
                color,
            })
            .collect();
        let rules = Rules::preset("chinese", size).expect("preset");
        ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup")
    }

    #[test]
    fn the_traced_playout_records_every_move() {
        let mut rules = Rules::preset("chinese", 9).expect("preset");
        rules.ko = stonefield_rules::classic::KoRule::Simple;
        let start = ClassicGame::new(rules).expect("rules");
        for seed in 0..40 {
            let mut traced = start.board().clone();
            let mut trace = Trace::new_enabled();
            let mut rng = fastrand::Rng::with_seed(seed);
            let diff = traced_playout(&mut traced, Color::Black, &mut rng, &mut trace);
            let [black, white] = traced.area();
            assert_eq!(diff, black as i32 - white as i32);
            // Replaying the recorded moves (a repeated colour means the other passed)
            // reaches the playout's final board.
            let mut game = start.clone();
            let at = |key: u64| {
                let m = u64::from(MAX_SIZE);
                Point::new((key % m) as u32, (key / m) as u32, 9).expect("on board")
            };
            for &(color, key) in trace.moves() {
                if game.to_move() != color {
                    game.pass().expect("pass");
                }
                game.play(&at(key)).expect("a recorded move is legal");
            }
            assert_eq!(game.board().hash(), traced.hash(), "seed {seed}");
        }
    }

    #[test]
    fn captures_a_stone_in_atari() {
        // White (1,1) has one liberty left at (1,2); Black takes it.
        let game = game_with(5, &[(0, 1), (1, 0), (2, 1)], &[(1, 1)]);
        let mut rng = fastrand::Rng::with_seed(3);
        let choice = choose_move(&game, 3000, &mut rng);
        assert_eq!(choice, Choice::Play(Point::new(1, 2, 5).expect("on board")));
    }

    #[test]
    fn a_lone_stone_in_the_opponents_area_is_estimated_dead() {
        // Two walls split the board; a white stone at (1,3) inside Black's side is dead.
        let black: Vec<(u32, u32)> = (0..7).map(|y| (3, y)).collect();
        let white: Vec<(u32, u32)> = (0..7).map(|y| (4, y)).chain([(1, 3)]).collect();
        let game = game_with(7, &black, &white);
        let mut rng = fastrand::Rng::with_seed(5);
        let dead = estimate_dead(&game, 400, &mut rng);
        let at = |s: &Stone<Point>| (s.at.x(), s.at.y());
        assert_eq!(
            dead.iter().map(at).collect::<Vec<_>>(),
            [(1, 3)],
            "{dead:?}"
        );
    }

    #[test]
    fn the_tree_may_fill_a_false_eye_but_not_a_true_one() {
        // Black's (0,2) is a false eye (White (1,3) holds its diagonal on the edge):
        // filling it connects (0,1) and (0,3). (0,0) is a true eye of Black's corner.
        let game = game_with(
            7,
            &[(1, 0), (0, 1), (1, 1), (1, 2), (0, 3)],
            &[(1, 3), (2, 2), (0, 4)],
        );
        let candidates = classic_candidates(&game);
        let at = |x, y| Point::new(x, y, 7).expect("on board");
        assert!(candidates.contains(&at(0, 2)), "the false eye");
        assert!(!candidates.contains(&at(0, 0)), "the true eye");
        assert!(candidates.contains(&at(4, 4)));
    }

    #[test]
    fn passes_when_only_own_eyes_are_left() {
        let black: Vec<(u32, u32)> = vec![(1, 0), (0, 1), (1, 1)];
        let game = game_with(2, &black, &[]);
        let mut rng = fastrand::Rng::with_seed(1);
        assert_eq!(choose_move(&game, 100, &mut rng), Choice::Pass);
    }
}
