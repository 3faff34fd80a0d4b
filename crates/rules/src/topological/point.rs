//! Grid points of a Topological Go board: a checked coordinate pair, zero-based from the
//! top-left point, as records write them (`"at": [x, y]`).

use std::fmt;

/// The largest board side Topological Go allows.
pub const MAX_SIZE: u8 = 25;
/// The smallest board side Topological Go allows.
pub const MIN_SIZE: u8 = 6;

/// A point of the grid, `x` to the right and `y` down from the top-left point. A point is
/// only checked against [`MAX_SIZE`] (or the size given to [`Point::new`]); a game checks it
/// against its own board and refuses a point off the board with
/// [`IllegalMove::Outside`](crate::IllegalMove::Outside). Points order row by row, from
/// the top-left, as [`TopoGame::stones`](super::TopoGame) lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// The point at `(x, y)` if it lies on a board of side `size` (capped at [`MAX_SIZE`]).
    pub fn new(x: u32, y: u32, size: u8) -> Option<Point> {
        let fits = |v: u32| v < u32::from(size.min(MAX_SIZE));
        (fits(x) && fits(y)).then(|| Point::from_indices(x as usize, y as usize))
    }

    /// A point from coordinates already known to be below [`MAX_SIZE`].
    pub(super) const fn from_indices(x: usize, y: usize) -> Point {
        debug_assert!(x < MAX_SIZE as usize && y < MAX_SIZE as usize);
        Point {
            x: x as u8,
            y: y as u8,
        }
    }

    pub const fn x(self) -> u8 {
        self.x
    }

    pub const fn y(self) -> u8 {
        self.y
    }

    /// Whether the point lies on a board of side `size`.
    pub const fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }
}

impl Ord for Point {
    fn cmp(&self, other: &Point) -> std::cmp::Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Point) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Coordinates that are negative or not below [`MAX_SIZE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("point [{0}, {1}] is outside every Topological Go board")]
pub struct PointError(pub i64, pub i64);

impl TryFrom<[i64; 2]> for Point {
    type Error = PointError;

    /// A point from record coordinates, checked against [`MAX_SIZE`] only.
    fn try_from([x, y]: [i64; 2]) -> Result<Point, PointError> {
        let coord = |v: i64| u32::try_from(v).ok();
        coord(x)
            .zip(coord(y))
            .and_then(|(cx, cy)| Point::new(cx, cy, MAX_SIZE))
            .ok_or(PointError(x, y))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_against_the_board_size() {
        assert!(Point::new(9, 9, 10).is_some());
        assert!(Point::new(10, 0, 10).is_none());
        assert!(Point::new(0, 25, 30).is_none());
        let p = Point::new(7, 3, 10).expect("on the board");
        assert!(p.is_on(8));
        assert!(!p.is_on(7));
    }

    #[test]
    fn record_coordinates_convert_when_in_range() {
        let p = Point::try_from([3, 24]).expect("in range");
        assert_eq!((p.x(), p.y()), (3, 24));
        assert_eq!(p.to_string(), "[3, 24]");
        assert_eq!(Point::try_from([-1, 0]), Err(PointError(-1, 0)));
        assert_eq!(Point::try_from([0, 25]), Err(PointError(0, 25)));
    }

    #[test]
    fn points_order_row_by_row() {
        let a = Point::new(9, 0, 10);
        let b = Point::new(0, 1, 10);
        assert!(a < b);
    }
}
