//! Points of the continuous board: the public [`Point`] (finite coordinates, checked once at
//! the edge of the crate) and the plain vector type the geometry computes with.

use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A position on the board in board units: x to the right, y down (as on screen and in SVG).
///
/// Both coordinates are finite, so every computation on points stays finite. `-0.0` is
/// stored as `0.0`, so that equal points have equal bits (positions are hashed by bits).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    x: f64,
    y: f64,
}

/// A coordinate pair that is not a point: NaN or infinite.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("coordinates ({x}, {y}) are not finite numbers")]
pub struct CoordError {
    /// The x coordinate given.
    pub x: f64,
    /// The y coordinate given.
    pub y: f64,
}

impl Point {
    /// The point at `(x, y)`.
    ///
    /// # Errors
    /// [`CoordError`] when a coordinate is NaN or infinite.
    pub fn new(x: f64, y: f64) -> Result<Point, CoordError> {
        if x.is_finite() && y.is_finite() {
            // Adding 0.0 turns -0.0 into 0.0 and leaves every other value alone.
            Ok(Point {
                x: x + 0.0,
                y: y + 0.0,
            })
        } else {
            Err(CoordError { x, y })
        }
    }

    /// The coordinate to the right.
    pub const fn x(self) -> f64 {
        self.x
    }

    /// The coordinate downwards.
    pub const fn y(self) -> f64 {
        self.y
    }

    /// Euclidean distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        V::from(self).dist(V::from(other))
    }

    /// Wraps a vector known to be finite (the result of geometry on finite points).
    /// A non-finite vector, which would be a bug upstream, is replaced by the origin
    /// rather than panicking.
    pub(crate) fn from_v(v: V) -> Point {
        Point::new(v.x, v.y).unwrap_or_default()
    }
}

impl TryFrom<[f64; 2]> for Point {
    type Error = CoordError;
    fn try_from([x, y]: [f64; 2]) -> Result<Self, Self::Error> {
        Point::new(x, y)
    }
}

impl TryFrom<(f64, f64)> for Point {
    type Error = CoordError;
    fn try_from((x, y): (f64, f64)) -> Result<Self, Self::Error> {
        Point::new(x, y)
    }
}

impl From<Point> for [f64; 2] {
    fn from(p: Point) -> [f64; 2] {
        [p.x, p.y]
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A plain 2D vector for internal geometry (no invariant).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct V {
    pub x: f64,
    pub y: f64,
}

impl V {
    pub const fn new(x: f64, y: f64) -> V {
        V { x, y }
    }

    pub fn dot(self, o: V) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// The z component of the 3D cross product: positive when `o` turns left of `self`
    /// in a y-up frame.
    pub fn cross(self, o: V) -> f64 {
        self.x * o.y - self.y * o.x
    }

    pub fn norm2(self) -> f64 {
        self.dot(self)
    }

    pub fn norm(self) -> f64 {
        self.norm2().sqrt()
    }

    /// Rotated a quarter turn (counter-clockwise in a y-up frame).
    pub fn perp(self) -> V {
        V::new(-self.y, self.x)
    }

    /// The unit vector at angle `a` (radians).
    pub fn unit(a: f64) -> V {
        let (s, c) = a.sin_cos();
        V::new(c, s)
    }

    /// The angle of the vector, in (-pi, pi].
    pub fn angle(self) -> f64 {
        self.y.atan2(self.x)
    }

    pub fn dist(self, o: V) -> f64 {
        (self - o).norm()
    }

    pub fn dist2(self, o: V) -> f64 {
        (self - o).norm2()
    }
}

impl From<Point> for V {
    fn from(p: Point) -> V {
        V::new(p.x, p.y)
    }
}

impl Add for V {
    type Output = V;
    fn add(self, o: V) -> V {
        V::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for V {
    type Output = V;
    fn sub(self, o: V) -> V {
        V::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for V {
    type Output = V;
    fn mul(self, k: f64) -> V {
        V::new(self.x * k, self.y * k)
    }
}

impl Neg for V {
    type Output = V;
    fn neg(self) -> V {
        V::new(-self.x, -self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_non_finite_coordinates() {
        assert!(Point::new(f64::NAN, 0.0).is_err());
        assert!(Point::new(0.0, f64::INFINITY).is_err());
        assert!(Point::try_from([f64::NEG_INFINITY, 1.0]).is_err());
        assert_eq!(
            Point::new(1.5, -2.0).map(|p| (p.x(), p.y())),
            Ok((1.5, -2.0))
        );
    }

    #[test]
    fn negative_zero_is_stored_as_zero() {
        let p = Point::new(-0.0, 0.0).expect("finite");
        assert_eq!(p.x().to_bits(), 0.0f64.to_bits());
    }
}
