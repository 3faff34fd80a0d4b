//! The book's tournament notation: a (2n-1) x (2n-1) grid seen from above, columns `A`,
//! `B`, ... from the left and rows `1`, `2`, ... from the bottom. Point (x, y) of level k sits
//! in column `2x+k`, row `2n-1-(2y+k)`; the levels stacked in one cell are told apart by the
//! position: a move named by its cell goes to the lowest free level there.

use std::fmt;
use std::str::FromStr;

use super::game::MargoGame;
use super::point::Point;

/// A cell of the notation grid: a column letter and a row number (`C5`). Letters run on
/// without skipping `I` (the grid has at most 25 columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// 0 for `A`.
    column: u8,
    /// 1 for the bottom row.
    row: u8,
}

/// Notation that names no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    #[error("{0:?} is not a cell such as C5")]
    Syntax(String),
    #[error("cell {0} is not on this board")]
    OffBoard(Cell),
    #[error("cell {0} lies between the points of every level")]
    NoPoint(Cell),
    #[error("every level of cell {0} is taken")]
    Full(Cell),
}

impl Cell {
    /// The cell of `p` on a board of side `size`.
    pub fn of(p: Point, size: u8) -> Cell {
        let [x, y, k] = p.coords();
        Cell {
            column: 2 * x + k,
            row: (2 * size - 1).saturating_sub(2 * y + k),
        }
    }

    /// The points stacked in this cell on a board of side `size`, lowest level first.
    pub fn points(self, size: u8) -> impl Iterator<Item = Point> {
        let c = u32::from(self.column);
        // 2y + k, counted from the top row.
        let r = (2 * u32::from(size) - 1).checked_sub(u32::from(self.row));
        let r = r.filter(|r| r % 2 == c % 2);
        (0..u32::from(size)).filter_map(move |k| {
            let r = r?;
            let (x2, y2) = (c.checked_sub(k)?, r.checked_sub(k)?);
            (x2 % 2 == 0 && y2 % 2 == 0).then_some(())?;
            Point::new(x2 / 2, y2 / 2, k, size)
        })
    }

    pub fn column(self) -> u8 {
        self.column
    }

    pub fn row(self) -> u8 {
        self.row
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.column), self.row)
    }
}

impl FromStr for Cell {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || NotationError::Syntax(s.to_owned());
        let mut chars = s.trim().chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        if row == 0 {
            return Err(err());
        }
        Ok(Cell {
            column: letter as u8 - b'A',
            row,
        })
    }
}

impl MargoGame {
    /// The book's name of `p` (`C5`) on this board.
    pub fn notation(&self, p: Point) -> String {
        Cell::of(p, self.board_size()).to_string()
    }

    /// The point a move named `text` goes to: the lowest free level of its cell. Whether a
    /// ball may be placed there is [`crate::Game::check`]'s question.
    ///
    /// # Errors
    /// Text that is not a cell, a cell off the board or between points, a full cell.
    pub fn parse_notation(&self, text: &str) -> Result<Point, NotationError> {
        let cell: Cell = text.parse()?;
        let size = self.board_size();
        let limit = 2 * size - 1;
        if cell.column >= limit || cell.row > limit {
            return Err(NotationError::OffBoard(cell));
        }
        let mut stack = cell.points(size).peekable();
        if stack.peek().is_none() {
            return Err(NotationError::NoPoint(cell));
        }
        stack
            .find(|&p| self.ball_at(p).is_none())
            .ok_or(NotationError::Full(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::margo::MargoRules;

    fn point(x: u32, y: u32, k: u32) -> Point {
        Point::new(x, y, k, 7).expect("on a 7x7 board")
    }

    #[test]
    fn corners_and_the_apex_have_their_book_names() {
        assert_eq!(Cell::of(point(0, 0, 0), 7).to_string(), "A13");
        assert_eq!(Cell::of(point(6, 6, 0), 7).to_string(), "M1");
        assert_eq!(Cell::of(point(0, 0, 6), 7).to_string(), "G7");
        assert_eq!(Cell::of(point(0, 0, 1), 7).to_string(), "B12");
    }

    #[test]
    fn every_point_lies_in_its_own_cell_stack() {
        for size in [2u8, 5, 7, 13] {
            let game = MargoGame::new(MargoRules::with_size(u32::from(size)).expect("size"))
                .expect("game");
            for k in 0..u32::from(size) {
                for y in 0..u32::from(size) - k {
                    for x in 0..u32::from(size) - k {
                        let p = Point::new(x, y, k, size).expect("on board");
                        let cell: Cell = game.notation(p).parse().expect("reads back");
                        assert!(cell.points(size).any(|q| q == p), "{p} in {cell}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_cell_names_its_lowest_free_level() {
        let mut game = MargoGame::new(MargoRules::default()).expect("game");
        // The cell of (1, 1, 0) also holds (0, 0, 2).
        assert_eq!(game.parse_notation("c11"), Ok(point(1, 1, 0)));
        game.play(&point(1, 1, 0)).expect("legal");
        assert_eq!(game.parse_notation("C11"), Ok(point(0, 0, 2)));
        assert_eq!(
            game.parse_notation("B11"),
            Err(NotationError::NoPoint(Cell { column: 1, row: 11 }))
        );
        assert!(matches!(
            game.parse_notation("N1"),
            Err(NotationError::OffBoard(_))
        ));
        assert!(matches!(
            game.parse_notation("A14"),
            Err(NotationError::OffBoard(_))
        ));
        for bad in ["", "5C", "C", "C0", "C-1", "Ä3", "C99999"] {
            assert!(
                matches!(game.parse_notation(bad), Err(NotationError::Syntax(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_full_cell_is_refused() {
        let rules = MargoRules::with_size(2).expect("size");
        let mut game = MargoGame::new(rules).expect("game");
        let p = Point::new(0, 0, 0, 2).expect("on board");
        game.play(&p).expect("legal");
        assert_eq!(
            game.parse_notation("A3"),
            Err(NotationError::Full(Cell { column: 0, row: 3 }))
        );
    }
}
