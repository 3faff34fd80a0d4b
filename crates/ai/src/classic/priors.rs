//! Prior knowledge for new moves of the tree, as equivalent experience (visits and wins
//! for the mover) that starts their all-moves-as-first statistics, as Fuego does with
//! its RAVE values: every move starts even; captures, escapes from atari, shape patterns
//! and closeness to the last move (in common-fate-graph distance) count as wins, and so do
//! ladders that work for the mover; self-atari, running into a ladder, and the first two
//! lines far from any stone, as losses; the third line far from any stone as wins.

use std::collections::VecDeque;

use stonefield_rules::Game;
use stonefield_rules::classic::{Board, ClassicGame, Point};

use super::ladder::{LadderMoves, ladder_moves};
use super::patterns;
use super::tactics::atari_moves;
use crate::search::Action;

/// Visits at an even rate that every move starts with.
const EVEN: u32 = 10;
/// Wins for capturing one stone, and more than one.
const CAPTURE_ONE: u32 = 15;
const CAPTURE_MANY: u32 = 30;
/// Wins for saving an own chain the last move put in atari.
const ESCAPE: u32 = 15;
/// Losses for a self-atari that captures nothing.
const SELF_ATARI: u32 = 10;
/// Wins for a move that follows a 3x3 pattern.
const PATTERN: u32 = 10;
/// Wins by common-fate-graph distance 1, 2 and 3 to the last move.
const NEAR_LAST: [u32; 3] = [24, 22, 8];
/// Wins for an atari that catches a chain in a ladder, or for running from atari where
/// the ladder fails.
const LADDER_WORKS: u32 = 20;
/// Losses for running into a ladder that works: enough to outweigh the closeness to the
/// last move and the shape that such a run always has.
const INTO_LADDER: u32 = 50;
/// Losses on the first two lines, wins on the third, with no stone within three points.
const EMPTY_AREA: u32 = 10;
/// The prior of a pass: `EVEN` visits at this win rate. Without one, an unvisited pass is
/// worth the first-play urgency (1) and takes the first visit of every new node, a
/// playout spent on a move that is almost never right before the end.
const PASS_RATE: f32 = 0.1;

/// The prior (visits, wins for the mover) of each of `actions` in `game`; a pass starts
/// low ([`PASS_RATE`]).
pub(crate) fn experience(game: &ClassicGame, actions: &[Action<Point>]) -> Vec<(u32, f32)> {
    let board = game.board();
    let me = game.to_move();
    let table = patterns::table();
    let last = game.last_move().and_then(|p| board.cell(p));
    let near = last.map(|l| cfg_distances(board, l, NEAR_LAST.len() as u8));
    let mut urgent = Vec::new();
    let mut ladders = LadderMoves::default();
    if let Some(l) = last {
        let area: Vec<u16> = [l]
            .into_iter()
            .chain(board.cell_neighbours(l))
            .chain(board.cell_diagonals(l))
            .collect();
        atari_moves(board, &area, me, &mut urgent);
        ladders = ladder_moves(board, &area, me);
    }
    actions
        .iter()
        .map(|a| {
            let Action::Play(p) = a else {
                return (EVEN, EVEN as f32 * PASS_RATE);
            };
            let Some(i) = board.cell(*p) else {
                return (0, 0.0);
            };
            let mut visits = EVEN;
            let mut wins = EVEN as f32 / 2.0;
            let mut won = |n: u32, by: bool| {
                if by {
                    visits += n;
                    wins += n as f32;
                }
            };
            let captures = board.captures_by(i, me);
            won(CAPTURE_MANY, captures >= 2);
            won(CAPTURE_ONE, captures == 1);
            won(ESCAPE, captures == 0 && urgent.contains(&i));
            won(PATTERN, table.matches(board.neighbourhood3(i)));
            won(LADDER_WORKS, ladders.good.contains(&i));
            if let Some(d) = &near {
                let d = d[usize::from(i)];
                if (1..=NEAR_LAST.len() as u8).contains(&d) {
                    won(NEAR_LAST[usize::from(d) - 1], true);
                }
            }
            let line = line_of(board.size(), *p);
            let empty_area = line <= 3 && no_stone_near(board, *p, 3);
            won(EMPTY_AREA, empty_area && line == 3);
            let lost = (captures == 0 && board.is_self_atari(i, me)) as u32 * SELF_ATARI
                + (empty_area && line <= 2) as u32 * EMPTY_AREA
                + ladders.bad.contains(&i) as u32 * INTO_LADDER;
            visits += lost;
            (visits, wins)
        })
        .collect()
}

/// The line of `p` (1 on the edge).
fn line_of(size: u8, p: Point) -> u8 {
    1 + p.x().min(p.y()).min(size - 1 - p.x()).min(size - 1 - p.y())
}

/// Whether no stone lies within Manhattan distance `r` of `p`.
fn no_stone_near(board: &Board, p: Point, r: i32) -> bool {
    for dy in -r..=r {
        for dx in -(r - dy.abs())..=(r - dy.abs()) {
            let (x, y) = (i32::from(p.x()) + dx, i32::from(p.y()) + dy);
            if x < 0 || y < 0 {
                continue;
            }
            if let Some(q) = Point::new(x as u32, y as u32, board.size())
                && board.get(q).is_some()
            {
                return false;
            }
        }
    }
    true
}

/// Common-fate-graph distances from cell `from`, by cell (a chain counts as one node; a
/// step between the stones of one chain costs nothing), up to `max`; `u8::MAX` beyond.
pub(crate) fn cfg_distances(board: &Board, from: u16, max: u8) -> Vec<u8> {
    let stride = usize::from(board.stride());
    let mut dist = vec![u8::MAX; stride * stride];
    let mut queue = VecDeque::from([from]);
    dist[usize::from(from)] = 0;
    while let Some(c) = queue.pop_front() {
        let d = dist[usize::from(c)];
        let stone = board.stone_at(c);
        for q in board.cell_neighbours(c) {
            if board.is_off_board(q) {
                continue;
            }
            let same_chain = stone.is_some()
                && board.stone_at(q) == stone
                && board.chain_id(q) == board.chain_id(c);
            let nd = if same_chain { d } else { d + 1 };
            if nd <= max && nd < dist[usize::from(q)] {
                dist[usize::from(q)] = nd;
                if same_chain {
                    queue.push_front(q);
                } else {
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::ladder::ladder_rows;
    use stonefield_rules::Color;
    use stonefield_rules::classic::{Rules, diagram_stones};

    fn game(rows: &[&str], last: Option<(u32, u32)>) -> ClassicGame {
        let (size, mut stones) = diagram_stones(rows).expect("a diagram");
        stones.retain(|s| Some((u32::from(s.at.x()), u32::from(s.at.y()))) != last);
        let rules = Rules::preset("chinese", size).expect("preset");
        let Some((lx, ly)) = last else {
            return ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
        };
        // The last move is played for real, by White, so that the game knows it.
        let mut g = ClassicGame::from_setup(rules, &stones, Color::White).expect("setup");
        g.play(&Point::new(lx, ly, size).expect("on board"))
            .expect("legal");
        g
    }

    fn prior(g: &ClassicGame, x: u32, y: u32) -> f32 {
        let p = Point::new(x, y, g.board().size()).expect("on board");
        let (n, w) = experience(g, &[Action::Play(p)])[0];
        w / n as f32
    }

    #[test]
    fn captures_and_escapes_are_favoured_and_self_atari_is_not() {
        // White just played (2,1), putting Black (1,1) in atari: its liberty left is
        // (1,2), where it escapes with three liberties; (5,5) is far from everything.
        let g = game(
            &[
                ".O.....", //
                "OXO....", //
                ".......", //
                "...X...", //
                ".......", //
                ".......", //
                ".......",
            ],
            Some((2, 1)),
        );
        assert_eq!(g.last_move(), Point::new(2, 1, 7));
        let escape = prior(&g, 1, 2);
        let far = prior(&g, 5, 5);
        assert!(escape > 0.75, "escape {escape}");
        assert!(escape > far, "escape {escape} far {far}");
    }

    #[test]
    fn the_first_line_of_an_empty_board_is_disfavoured_and_the_third_favoured() {
        let g = game(&["........."; 9], None);
        assert!(prior(&g, 0, 4) < 0.5);
        assert!(prior(&g, 1, 4) < 0.5);
        assert!(prior(&g, 2, 4) > 0.5);
        assert_eq!(prior(&g, 4, 4), 0.5);
    }

    #[test]
    fn running_into_a_working_ladder_is_disfavoured_and_a_ladder_atari_favoured() {
        // White just played (2,3): Black (2,2) is in atari at (3,2), and running there
        // gives two liberties that White's ladder takes toward the top edge.
        let caught = game(&ladder_rows(true, false), Some((2, 3)));
        assert!(prior(&caught, 3, 2) < 0.5, "{}", prior(&caught, 3, 2));
        // With a Black stone at (4,1) the ladder breaks: running is good.
        let breaks = game(&ladder_rows(true, true), Some((2, 3)));
        assert!(prior(&breaks, 3, 2) > 0.6, "{}", prior(&breaks, 3, 2));
    }

    #[test]
    fn a_pass_starts_below_any_move() {
        let g = game(&["........."; 9], None);
        let (n, w) = experience(&g, &[Action::Pass])[0];
        assert!(
            n > 0,
            "a pass has a prior, or it takes every new node's first visit"
        );
        let pass = w / n as f32;
        assert!(pass < prior(&g, 0, 0), "pass {pass}");
    }

    #[test]
    fn cfg_distance_counts_a_chain_as_one_step() {
        let g = game(
            &[
                ".....", //
                ".OOO.", //
                ".....", //
                ".....", //
                ".....",
            ],
            Some((1, 1)),
        );
        let b = g.board();
        let cell = |x, y| {
            b.cell(Point::new(x, y, 5).expect("on board"))
                .expect("cell")
        };
        let d = cfg_distances(b, cell(1, 1), 3);
        assert_eq!(d[usize::from(cell(3, 1))], 0);
        assert_eq!(d[usize::from(cell(4, 1))], 1);
        assert_eq!(d[usize::from(cell(3, 3))], 2);
        assert_eq!(d[usize::from(cell(4, 4))], u8::MAX);
    }
}
