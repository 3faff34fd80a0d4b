//! Spatial pattern keys: one key for a pattern however it lies, seen from the mover, and
//! each radius its own key.

use super::*;
use proptest::prelude::*;
use stonefield_rules::Game;
use stonefield_rules::Stone;
use stonefield_rules::classic::{ClassicGame, Point, Rules};

/// A board of `size` with `stones` on it.
fn board(size: u8, stones: &[Stone<Point>]) -> Board {
    let rules = Rules::preset("chinese", size).expect("preset");
    let game = ClassicGame::from_setup(rules, stones, Color::Black).expect("setup");
    game.board().clone()
}

fn cell(b: &Board, x: u32, y: u32) -> u16 {
    b.cell(Point::new(x, y, b.size()).expect("on board"))
        .expect("cell")
}

/// The stones after up to `count` random legal moves on a board of `size`, never at
/// `(cx, cy)`.
fn random_stones(size: u8, count: usize, seed: u64, (cx, cy): (u32, u32)) -> Vec<Stone<Point>> {
    let rules = Rules::preset("chinese", size).expect("preset");
    let mut game = ClassicGame::new(rules).expect("rules");
    let mut rng = fastrand::Rng::with_seed(seed);
    let centre = Point::new(cx, cy, size).expect("on board");
    for _ in 0..count {
        let p = Point::new(rng.u32(..u32::from(size)), rng.u32(..u32::from(size)), size)
            .expect("on board");
        if p != centre && game.board().get(p).is_none() && game.check(&p).is_ok() {
            game.play(&p).expect("checked");
        }
    }
    game.board()
        .points()
        .filter_map(|at| game.board().get(at).map(|color| Stone { at, color }))
        .filter(|s| s.at != centre)
        .collect()
}

/// Symmetry `t` of the board's point `(x, y)`.
fn turn(size: u8, (x, y): (u32, u32), t: usize) -> (u32, u32) {
    let n = u32::from(size) - 1;
    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
    let x = if t & 1 != 0 { n - x } else { x };
    let y = if t & 2 != 0 { n - y } else { y };
    (x, y)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_turned_or_mirrored_board_gives_the_same_keys(
        seed in any::<u64>(),
        size in prop::sample::select(vec![7u8, 9, 13, 19]),
        count in 0usize..60,
        t in 0usize..8,
    ) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let at = (rng.u32(..u32::from(size)), rng.u32(..u32::from(size)));
        let stones = random_stones(size, count, seed, at);
        let turned: Vec<Stone<Point>> = stones
            .iter()
            .map(|s| {
                let (x, y) = turn(size, (u32::from(s.at.x()), u32::from(s.at.y())), t);
                Stone { at: Point::new(x, y, size).expect("on board"), color: s.color }
            })
            .collect();
        let (a, b) = (board(size, &stones), board(size, &turned));
        let (tx, ty) = turn(size, at, t);
        prop_assert_eq!(
            keys(&a, cell(&a, at.0, at.1), Color::Black),
            keys(&b, cell(&b, tx, ty), Color::Black)
        );
    }

    #[test]
    fn keys_are_seen_from_the_mover(seed in any::<u64>(), count in 0usize..40) {
        let stones = random_stones(9, count, seed, (4, 4));
        let swapped: Vec<Stone<Point>> = stones
            .iter()
            .map(|s| Stone { at: s.at, color: s.color.other() })
            .collect();
        let (a, b) = (board(9, &stones), board(9, &swapped));
        prop_assert_eq!(
            keys(&a, cell(&a, 4, 4), Color::Black),
            keys(&b, cell(&b, 4, 4), Color::White)
        );
    }
}

#[test]
fn a_stone_changes_the_keys_of_the_radii_that_reach_it() {
    let empty = board(19, &[]);
    let at = Point::new(12, 9, 19).expect("on board");
    let stone = board(
        19,
        &[Stone {
            at,
            color: Color::White,
        }],
    );
    let (before, after) = (
        keys(&empty, cell(&empty, 9, 9), Color::Black),
        keys(&stone, cell(&stone, 9, 9), Color::Black),
    );
    // (12, 9) is three points away: radius 2 does not see it, radii 3 to 5 do.
    assert_eq!(before[0], after[0]);
    for r in 1..RADII {
        assert_ne!(before[r], after[r], "radius {}", r + MIN_RADIUS);
    }
    // Every radius has a key of its own, even where the outer ring is empty.
    let mut distinct = before.to_vec();
    distinct.dedup();
    assert_eq!(distinct.len(), RADII);
    // The edge is part of a pattern: the same empty surroundings near it differ.
    let near_edge = keys(&empty, cell(&empty, 3, 9), Color::Black);
    assert_eq!(near_edge[..2], before[..2]);
    assert_ne!(near_edge[2], before[2]);
}

#[test]
fn the_largest_pattern_in_the_dictionary_is_the_level() {
    let b = board(9, &random_stones(9, 20, 7, (4, 4)));
    let i = cell(&b, 4, 4);
    let k = keys(&b, i, Color::Black);
    let mut dictionary = KeyMap::default();
    assert_eq!(largest_level(&b, i, Color::Black, &dictionary), 0);
    dictionary.insert(k[0], 5);
    dictionary.insert(k[1], 9);
    assert_eq!(largest_level(&b, i, Color::Black, &dictionary), 9);
    // A larger pattern without its inner one was never harvested: it is not reached.
    dictionary.insert(k[3], 2);
    assert_eq!(largest_level(&b, i, Color::Black, &dictionary), 9);
    dictionary.insert(k[2], 4);
    assert_eq!(largest_level(&b, i, Color::Black, &dictionary), 2);
}
