//! Helpers shared by the classic-Go integration tests: presets, points, positions drawn as
//! text diagrams, and the board as a map that assertions can compare and print.

// Each test binary compiles this module and uses a different part of it.
#![allow(dead_code)]

pub mod gtp;
pub mod model;

use std::collections::{BTreeMap, BTreeSet};

use stonefield_rules::classic::{ClassicGame, Point, Rules};
use stonefield_rules::{Color, Game, Stone};

/// The rules of `preset` on a board of side `size`.
///
/// # Panics
/// On an unknown preset name (a typo in a test).
pub fn rules(preset: &str, size: u8) -> Rules {
    Rules::preset(preset, size).unwrap_or_else(|e| panic!("preset {preset}: {e}"))
}

/// A new game of `preset` on a board of side `size`.
///
/// # Panics
/// On an unknown preset or a size the rules refuse.
pub fn new_game(preset: &str, size: u8) -> ClassicGame {
    ClassicGame::new(rules(preset, size)).expect("valid rules")
}

/// The point `(x, y)` of a board of side 25 at most; tests use it for on- and off-board
/// points alike.
///
/// # Panics
/// If `x` or `y` is 25 or more.
pub fn pt(x: u32, y: u32) -> Point {
    Point::new(x, y, 25).unwrap_or_else(|| panic!("({x}, {y}) beyond the largest board"))
}

/// The point at GTP vertex `v` (`D4`) on a board of side `size`.
///
/// # Panics
/// On a vertex that is not on that board.
pub fn gtp(v: &str, size: u8) -> Point {
    Point::from_gtp(v, size).unwrap_or_else(|| panic!("{v} is not on a {size}x{size} board"))
}

/// The stones of a diagram: one string per row from the top, `X` black, `O` white, any
/// other character empty. The board side is the number of rows.
pub fn diagram_stones(rows: &[&str]) -> Vec<Stone<Point>> {
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            stones.push(Stone {
                at: pt(x as u32, y as u32),
                color,
            });
        }
    }
    stones
}

/// A game of `rules` starting from the position drawn in `rows` with `to_move` to play.
///
/// # Panics
/// If the diagram is not a valid setup for these rules.
pub fn from_diagram(rules: Rules, rows: &[&str], to_move: Color) -> ClassicGame {
    assert_eq!(usize::from(rules.board_size), rows.len(), "diagram size");
    ClassicGame::from_setup(rules, &diagram_stones(rows), to_move).expect("valid diagram")
}

/// The board as a map from point to colour.
pub fn stone_map(game: &ClassicGame) -> BTreeMap<Point, Color> {
    game.stones().into_iter().map(|s| (s.at, s.color)).collect()
}

/// The points holding a stone of `color`.
pub fn stones_of(game: &ClassicGame, color: Color) -> BTreeSet<Point> {
    game.stones()
        .into_iter()
        .filter(|s| s.color == color)
        .map(|s| s.at)
        .collect()
}

/// Every point of the board where the player to move may play.
pub fn legal_points(game: &ClassicGame) -> BTreeSet<Point> {
    game.board()
        .points()
        .filter(|p| game.check(p).is_ok())
        .collect()
}

/// The board drawn as in [`diagram_stones`], for failure messages.
pub fn draw(game: &ClassicGame) -> String {
    let board = game.board();
    let size = u32::from(board.size());
    let mut out = String::new();
    for y in 0..size {
        for x in 0..size {
            out.push(match board.get(pt(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}
