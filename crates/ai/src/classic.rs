//! Monte-Carlo move choice and ownership for classic Go, on the rules crate's light
//! playouts: flat UCB1 ([`choose_move`]), and the [`Policy`] the tree search uses
//! ([`ClassicPolicy`], [`new_search`]).

use stonefield_rules::classic::{Board, ClassicGame, Point, playout};
use stonefield_rules::{Color, Game, Phase, Stone};

use crate::search::{self, Policy, Search, SearchConfig, Trace};

/// What the player should do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Choice {
    Play(Point),
    Pass,
    Resign,
}

/// Below this estimated winning rate (after a full search) the player resigns.
const RESIGN_BELOW: f64 = 0.03;

/// Whether `p` is a point every neighbour of which is `color` or off the board: filling
/// it is never worth considering.
fn fills_own_eye(board: &Board, p: Point, color: Color) -> bool {
    let (x, y) = (u32::from(p.x()), u32::from(p.y()));
    let neighbours = [
        (x.wrapping_sub(1), y),
        (x + 1, y),
        (x, y.wrapping_sub(1)),
        (x, y + 1),
    ];
    neighbours.iter().all(|&(nx, ny)| {
        Point::new(nx, ny, board.size()).is_none_or(|q| board.get(q) == Some(color))
    })
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
pub fn choose_move(game: &ClassicGame, playouts: u32, rng: &mut fastrand::Rng) -> Choice {
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

/// Classic Go for the tree search: the legal points that do not fill an own eye, passing,
/// the rules crate's light playouts scored by area and komi, and RAVE keyed by point.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClassicPolicy;

/// The tree search over classic Go.
pub type ClassicSearch = Search<ClassicGame, ClassicPolicy>;

/// A tree search of `game` under `config`: call [`Search::run`] for a move, then
/// [`Search::advance`] or [`Search::set_game`] as the game goes on to keep the tree.
pub fn new_search(game: ClassicGame, config: SearchConfig) -> ClassicSearch {
    Search::new(game, ClassicPolicy, config)
}

/// The RAVE key of a point: unique on every board size.
fn point_key(p: Point) -> u64 {
    u64::from(p.y()) * u64::from(stonefield_rules::classic::MAX_SIZE) + u64::from(p.x())
}

impl Policy<ClassicGame> for ClassicPolicy {
    fn candidates(&self, game: &ClassicGame) -> Vec<Point> {
        if game.phase() != Phase::Playing {
            return Vec::new();
        }
        let board = game.board();
        let me = game.to_move();
        // The cheap tests first: `check` plays the move on a copy of the board.
        board
            .points()
            .filter(|&p| board.get(p).is_none() && !fills_own_eye(board, p, me))
            .filter(|p| game.check(p).is_ok())
            .collect()
    }

    fn may_pass(&self, game: &ClassicGame) -> bool {
        game.phase() == Phase::Playing && game.handicap_left() == 0
    }

    fn amaf_key(&self, mv: &Point) -> Option<u64> {
        Some(point_key(*mv))
    }

    fn playout(&self, game: &mut ClassicGame, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        let mut board = game.board().clone();
        let result = playout(&mut board, game.to_move(), rng);
        if trace.is_enabled() {
            // The light playout does not report its moves; the stones standing at its end
            // stand in for them (a finished playout leaves few points empty, and captures
            // are the only moves missed).
            for p in board.points() {
                if let Some(color) = board.get(p) {
                    trace.push(color, point_key(p));
                }
            }
        }
        let black_margin = f64::from(result.area_difference) - game.rules().komi;
        if black_margin > 0.0 {
            1.0
        } else if black_margin < 0.0 {
            0.0
        } else {
            0.5
        }
    }
}

impl From<search::Choice<Point>> for Choice {
    fn from(c: search::Choice<Point>) -> Choice {
        match c {
            search::Choice::Play(p) => Choice::Play(p),
            search::Choice::Pass => Choice::Pass,
            search::Choice::Resign => Choice::Resign,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::classic::Rules;

    fn game_with(size: u8, black: &[(u32, u32)], white: &[(u32, u32)]) -> ClassicGame {
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
    fn passes_when_only_own_eyes_are_left() {
        let black: Vec<(u32, u32)> = vec![(1, 0), (0, 1), (1, 1)];
        let game = game_with(2, &black, &[]);
        let mut rng = fastrand::Rng::with_seed(1);
        assert_eq!(choose_move(&game, 100, &mut rng), Choice::Pass);
    }
}
