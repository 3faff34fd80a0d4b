//! Positions written as text diagrams, one row a line from the top: `X` for Black, `O` for
//! White, any other character for an empty point. Tests and examples use them to state a
//! position at a glance.

use super::board::Board;
use super::point::{MAX_SIZE, MIN_SIZE, Point};
use crate::{Color, Stone};

/// A diagram that does not describe a board.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    #[error("a diagram of {0} rows is no board size ({MIN_SIZE}..={MAX_SIZE})")]
    Size(usize),
    #[error("row {row} has {len} points, more than the board's {size}")]
    LongRow { row: usize, len: usize, size: usize },
    #[error("the stone at {0:?} has no liberty")]
    NoLiberty(Point),
}

/// The board size of a diagram (its number of rows) and its stones, row by row.
///
/// # Errors
/// Too few or too many rows, or a row longer than the board.
pub fn diagram_stones(rows: &[&str]) -> Result<(u8, Vec<Stone<Point>>), DiagramError> {
    let size = u8::try_from(rows.len())
        .ok()
        .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
        .ok_or(DiagramError::Size(rows.len()))?;
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len > usize::from(size) {
            return Err(DiagramError::LongRow {
                row: y,
                len,
                size: usize::from(size),
            });
        }
        for (x, ch) in row.chars().enumerate() {
            let color = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            let at = Point::new(x as u32, y as u32, size).ok_or(DiagramError::Size(rows.len()))?;
            stones.push(Stone { at, color });
        }
    }
    Ok((size, stones))
}

impl Board {
    /// The board of a diagram, stones placed row by row.
    ///
    /// # Errors
    /// As [`diagram_stones`], and a stone that would have no liberty (it would capture or be
    /// captured as it is placed).
    pub fn from_diagram(rows: &[&str]) -> Result<Board, DiagramError> {
        let (size, stones) = diagram_stones(rows)?;
        let mut board = Board::new(size);
        for s in stones {
            let i = board.idx(s.at).ok_or(DiagramError::NoLiberty(s.at))?;
            board.play(i, s.color);
            if !board.captured().is_empty() {
                return Err(DiagramError::NoLiberty(s.at));
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_read_row_by_row() {
        let (size, stones) = diagram_stones(&["X..", ".O.", "..#"]).expect("diagram");
        assert_eq!(size, 3);
        let at = |x, y| Point::new(x, y, 3).expect("on board");
        assert_eq!(
            stones,
            [
                Stone {
                    at: at(0, 0),
                    color: Color::Black
                },
                Stone {
                    at: at(1, 1),
                    color: Color::White
                },
            ]
        );
        let board = Board::from_diagram(&["XO", ".."]).expect("board");
        assert_eq!(board.get(at2(1, 0)), Some(Color::White));
    }

    fn at2(x: u32, y: u32) -> Point {
        Point::new(x, y, 2).expect("on board")
    }

    #[test]
    fn bad_diagrams_are_refused() {
        assert_eq!(diagram_stones(&["X"]), Err(DiagramError::Size(1)));
        assert!(matches!(
            diagram_stones(&["X..", "..", "...."]),
            Err(DiagramError::LongRow {
                row: 2,
                len: 4,
                size: 3
            })
        ));
        assert!(matches!(
            Board::from_diagram(&["XO", "O."]),
            Err(DiagramError::NoLiberty(_))
        ));
    }
}
