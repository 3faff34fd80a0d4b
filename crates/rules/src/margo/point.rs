//! Points of the pyramid: a checked (x, y, level) triple. Level 0 is the board plane; level k
//! has (n-k) x (n-k) points, x to the right and y down from its top-left point.

use std::fmt;

/// The largest board side MarGo supports.
pub const MAX_SIZE: u8 = 13;
/// The smallest board side MarGo supports.
pub const MIN_SIZE: u8 = 2;

/// A point of some level, `x` to the right and `y` down. A point is checked against the board
/// size given to [`Point::new`]; the game it is played in checks its own size again, so a
/// point made for a larger board is refused there as [`crate::IllegalMove::Outside`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
    level: u8,
}

/// Coordinates that name no point of any MarGo board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("[{x}, {y}, {level}] is not a point of a MarGo board of side {size}")]
pub struct PointError {
    pub x: i64,
    pub y: i64,
    pub level: i64,
    pub size: u8,
}

impl Point {
    /// The point `(x, y)` of `level` if it lies on a board of side `size` (at most
    /// [`MAX_SIZE`]): `level < size` and `x, y < size - level`.
    pub fn new(x: u32, y: u32, level: u32, size: u8) -> Option<Point> {
        let side = u32::from(size.min(MAX_SIZE)).checked_sub(level)?;
        (x < side && y < side).then_some(Point {
            x: x as u8,
            y: y as u8,
            level: level as u8,
        })
    }

    /// Reads record coordinates `[x, y, level]`, which may be any integers, for a board of
    /// side `size`.
    ///
    /// # Errors
    /// Coordinates that are negative or off that board.
    pub fn from_coords(x: i64, y: i64, level: i64, size: u8) -> Result<Point, PointError> {
        let err = PointError { x, y, level, size };
        let u = |v: i64| u32::try_from(v).map_err(|_| err);
        Point::new(u(x)?, u(y)?, u(level)?, size).ok_or(err)
    }

    pub const fn x(self) -> u8 {
        self.x
    }

    pub const fn y(self) -> u8 {
        self.y
    }

    pub const fn level(self) -> u8 {
        self.level
    }

    /// `[x, y, level]`, as records write it.
    pub const fn coords(self) -> [u8; 3] {
        [self.x, self.y, self.level]
    }

    /// The four points of the level below that this point rests on; empty at level 0.
    pub fn supports(self) -> impl Iterator<Item = Point> {
        let Point { x, y, level } = self;
        let below = level.checked_sub(1);
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                below.map(|level| Point {
                    x: x + dx,
                    y: y + dy,
                    level,
                })
            })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}, {}]", self.x, self.y, self.level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_levels_shrink_by_one_per_level() {
        assert!(Point::new(6, 6, 0, 7).is_some());
        assert!(Point::new(5, 5, 1, 7).is_some());
        assert!(Point::new(6, 0, 1, 7).is_none());
        assert!(Point::new(0, 0, 6, 7).is_some());
        assert!(Point::new(0, 0, 7, 7).is_none());
        assert!(Point::new(0, 0, 13, 14).is_none());
        assert!(Point::new(0, 0, u32::MAX, 7).is_none());
    }

    #[test]
    fn record_coordinates_are_checked() {
        assert_eq!(
            Point::from_coords(1, 2, 1, 5).map(Point::coords),
            Ok([1, 2, 1])
        );
        assert!(Point::from_coords(-1, 0, 0, 5).is_err());
        assert!(Point::from_coords(0, 0, i64::MAX, 5).is_err());
        assert!(Point::from_coords(4, 0, 1, 5).is_err());
    }

    #[test]
    fn a_ball_rests_on_the_square_below_it() {
        let p = Point::new(2, 3, 2, 7).expect("on board");
        let s: Vec<[u8; 3]> = p.supports().map(Point::coords).collect();
        assert_eq!(s, [[2, 3, 1], [3, 3, 1], [2, 4, 1], [3, 4, 1]]);
        let base = Point::new(0, 0, 0, 7).expect("on board");
        assert_eq!(base.supports().count(), 0);
    }
}
