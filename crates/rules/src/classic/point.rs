//! Grid points: a checked coordinate pair, zero-based from the top-left corner.

use std::fmt;

/// The largest board side classic Go supports.
pub const MAX_SIZE: u8 = 25;
/// The smallest board side classic Go supports.
pub const MIN_SIZE: u8 = 2;

/// A point of a grid, `x` to the right and `y` down from the top-left corner. A point is
/// only checked against [`MAX_SIZE`]; the board it is played on checks its own size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// The point at `(x, y)` if it can lie on a board of side `size`.
    pub fn new(x: u32, y: u32, size: u8) -> Option<Point> {
        let fits = |v: u32| v < u32::from(size.min(MAX_SIZE));
        (fits(x) && fits(y)).then_some(Point {
            x: x as u8,
            y: y as u8,
        })
    }

    pub const fn x(self) -> u8 {
        self.x
    }

    pub const fn y(self) -> u8 {
        self.y
    }

    /// The GTP vertex (`D4`: no `I` column, row 1 at the bottom) on a board of side `size`.
    pub fn to_gtp(self, size: u8) -> String {
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        format!(
            "{}{}",
            char::from(letters[usize::from(self.x)]),
            size.saturating_sub(self.y)
        )
    }

    /// Reads a GTP vertex such as `D4` or `q16` on a board of side `size`.
    pub fn from_gtp(vertex: &str, size: u8) -> Option<Point> {
        let mut chars = vertex.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() || letter == 'I' {
            return None;
        }
        let mut x = u32::from(letter) - u32::from('A');
        if letter > 'I' {
            x -= 1;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let row: u32 = digits.parse().ok()?;
        if row == 0 || row > u32::from(size) {
            return None;
        }
        Point::new(x, u32::from(size) - row, size)
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
        assert!(Point::new(8, 8, 9).is_some());
        assert!(Point::new(9, 0, 9).is_none());
        assert!(Point::new(0, 25, 26).is_none());
    }

    #[test]
    fn gtp_vertices_skip_i_and_count_rows_from_the_bottom() {
        let p = Point::from_gtp("J1", 19).expect("valid");
        assert_eq!((p.x(), p.y()), (8, 18));
        assert_eq!(p.to_gtp(19), "J1");
        assert_eq!(
            Point::from_gtp("D4", 9).map(|p| (p.x(), p.y())),
            Some((3, 5))
        );
        assert!(Point::from_gtp("I5", 19).is_none());
        assert!(Point::from_gtp("A20", 19).is_none());
        for odd in ["D+4", "D04", "D", "D4x", ""] {
            assert!(Point::from_gtp(odd, 19).is_none(), "{odd}");
        }
    }
}
