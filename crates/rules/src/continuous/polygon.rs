//! The board outline: a simple polygon, convex or not, checked once when it is built and
//! stored with a positive signed area so that every edge has the board on its left.

use super::point::{Point, V};

/// The most vertices a board outline may have: the inner-board geometry is computed once
/// per game in time quadratic in the number of edges.
pub const MAX_VERTICES: usize = 64;

/// Coordinates beyond this magnitude are refused, so that squared distances stay finite.
pub const MAX_COORD: f64 = 1e9;

/// A simple polygon (no self-intersection, positive area, at least 3 distinct vertices).
///
/// The vertices are stored with a positive shoelace area (counter-clockwise when y points
/// up, clockwise on screen where y points down); a polygon given the other way round is
/// reversed.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    vertices: Vec<Point>,
    area: f64,
    convex: bool,
}

/// Why a list of vertices is not a board outline.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PolygonError {
    /// Fewer than 3 vertices (how many were given).
    #[error("a polygon needs at least 3 vertices, got {0}")]
    TooFewVertices(usize),
    /// More than [`MAX_VERTICES`] vertices (how many were given).
    #[error("a board outline may have at most {MAX_VERTICES} vertices, got {0}")]
    TooManyVertices(usize),
    /// The vertex at this index is not finite or beyond [`MAX_COORD`].
    #[error("vertex {0} is not finite or beyond +-{MAX_COORD}")]
    TooFar(usize),
    /// The vertex at this index equals the one before it.
    #[error("vertex {0} repeats the vertex before it")]
    RepeatedVertex(usize),
    /// All vertices on one line.
    #[error("the polygon has no area")]
    ZeroArea,
    /// These two edges cross, touch or fold back on each other.
    #[error("edges {0} and {1} cross or touch: the polygon is not simple")]
    SelfIntersecting(usize, usize),
}

impl Polygon {
    /// The polygon through `vertices`, in either orientation.
    ///
    /// # Errors
    /// Fewer than 3 or more than [`MAX_VERTICES`] vertices, a coordinate beyond
    /// [`MAX_COORD`], a vertex equal to the one before it, zero area, or edges that cross,
    /// touch or fold back on each other.
    pub fn new(vertices: Vec<Point>) -> Result<Polygon, PolygonError> {
        let n = vertices.len();
        if n < 3 {
            return Err(PolygonError::TooFewVertices(n));
        }
        if n > MAX_VERTICES {
            return Err(PolygonError::TooManyVertices(n));
        }
        if let Some(i) = vertices
            .iter()
            .position(|p| p.x().abs() > MAX_COORD || p.y().abs() > MAX_COORD)
        {
            return Err(PolygonError::TooFar(i));
        }
        if let Some(i) = (0..n).find(|&i| vertices[i] == vertices[(i + n - 1) % n]) {
            return Err(PolygonError::RepeatedVertex(i));
        }
        check_simple(&vertices)?;
        let mut vertices = vertices;
        let mut area = signed_area(&vertices);
        if area < 0.0 {
            vertices.reverse();
            area = -area;
        }
        let scale = bbox_diagonal(&vertices);
        if area <= 1e-12 * scale * scale {
            return Err(PolygonError::ZeroArea);
        }
        let convex = is_convex(&vertices);
        Ok(Polygon {
            vertices,
            area,
            convex,
        })
    }

    /// The polygon through `coords`, each `[x, y]`.
    ///
    /// # Errors
    /// A non-finite coordinate ([`PolygonError::TooFar`] names it), or any error of
    /// [`Polygon::new`].
    pub fn from_coords(coords: &[[f64; 2]]) -> Result<Polygon, PolygonError> {
        let points = coords
            .iter()
            .enumerate()
            .map(|(i, &c)| Point::try_from(c).map_err(|_| PolygonError::TooFar(i)))
            .collect::<Result<Vec<_>, _>>()?;
        Polygon::new(points)
    }

    /// The vertices, with a positive signed area.
    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    /// The area in square board units.
    pub fn area(&self) -> f64 {
        self.area
    }

    /// True when no interior angle exceeds 180 degrees.
    pub fn is_convex(&self) -> bool {
        self.convex
    }

    /// True when `p` is inside the polygon or on its outline.
    pub fn contains(&self, p: Point) -> bool {
        contains(&self.vs(), V::from(p))
    }

    pub(crate) fn vs(&self) -> Vec<V> {
        self.vertices.iter().map(|&p| V::from(p)).collect()
    }

    /// The smallest box holding the polygon: (min corner, max corner).
    pub(crate) fn bbox(&self) -> (V, V) {
        bbox(&self.vs())
    }
}

/// Shoelace sum: positive for counter-clockwise vertices in a y-up frame.
pub(crate) fn signed_area(vs: &[Point]) -> f64 {
    let n = vs.len();
    let origin = V::from(vs[0]);
    let mut twice = 0.0;
    for i in 0..n {
        let a = V::from(vs[i]) - origin;
        let b = V::from(vs[(i + 1) % n]) - origin;
        twice += a.cross(b);
    }
    twice / 2.0
}

fn bbox(vs: &[V]) -> (V, V) {
    let mut lo = V::new(f64::INFINITY, f64::INFINITY);
    let mut hi = V::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for v in vs {
        lo = V::new(lo.x.min(v.x), lo.y.min(v.y));
        hi = V::new(hi.x.max(v.x), hi.y.max(v.y));
    }
    (lo, hi)
}

fn bbox_diagonal(vs: &[Point]) -> f64 {
    let v: Vec<V> = vs.iter().map(|&p| V::from(p)).collect();
    let (lo, hi) = bbox(&v);
    (hi - lo).norm()
}

/// Even-odd test; points on the outline count as inside.
pub(crate) fn contains(vs: &[V], p: V) -> bool {
    let n = vs.len();
    let mut inside = false;
    for i in 0..n {
        let a = vs[i];
        let b = vs[(i + 1) % n];
        if on_segment(a, b, p) {
            return true;
        }
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn on_segment(a: V, b: V, p: V) -> bool {
    let ab = b - a;
    let ap = p - a;
    ab.cross(ap) == 0.0 && ap.dot(ab) >= 0.0 && ap.dot(ab) <= ab.norm2()
}

/// Orientation of the triple, with exact zero for collinear points of the input.
fn orient(a: V, b: V, c: V) -> f64 {
    (b - a).cross(c - a)
}

/// Whether closed segments `ab` and `cd` share a point.
fn segments_meet(a: V, b: V, c: V, d: V) -> bool {
    let d1 = orient(c, d, a);
    let d2 = orient(c, d, b);
    let d3 = orient(a, b, c);
    let d4 = orient(a, b, d);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && on_segment(c, d, a))
        || (d2 == 0.0 && on_segment(c, d, b))
        || (d3 == 0.0 && on_segment(a, b, c))
        || (d4 == 0.0 && on_segment(a, b, d))
}

fn check_simple(vertices: &[Point]) -> Result<(), PolygonError> {
    let vs: Vec<V> = vertices.iter().map(|&p| V::from(p)).collect();
    let n = vs.len();
    for i in 0..n {
        let (a, b) = (vs[i], vs[(i + 1) % n]);
        // Adjacent edges share a vertex; they must not fold back over each other.
        let c = vs[(i + 2) % n];
        if orient(a, b, c) == 0.0 && (b - a).dot(c - b) < 0.0 {
            return Err(PolygonError::SelfIntersecting(i, (i + 1) % n));
        }
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            if segments_meet(a, b, vs[j], vs[(j + 1) % n]) {
                return Err(PolygonError::SelfIntersecting(i, j));
            }
        }
    }
    Ok(())
}

fn is_convex(vertices: &[Point]) -> bool {
    let vs: Vec<V> = vertices.iter().map(|&p| V::from(p)).collect();
    let n = vs.len();
    (0..n).all(|i| orient(vs[(i + n - 1) % n], vs[i], vs[(i + 1) % n]) >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(c: &[[f64; 2]]) -> Result<Polygon, PolygonError> {
        Polygon::from_coords(c)
    }

    #[test]
    fn normalises_orientation() {
        let cw = poly(&[[0.0, 0.0], [0.0, 2.0], [3.0, 2.0], [3.0, 0.0]]).expect("square");
        assert!((cw.area() - 6.0).abs() < 1e-12);
        assert!(signed_area(cw.vertices()) > 0.0);
        assert!(cw.is_convex());
    }

    #[test]
    fn refuses_bad_outlines() {
        assert_eq!(
            poly(&[[0.0, 0.0], [1.0, 0.0]]),
            Err(PolygonError::TooFewVertices(2))
        );
        assert!(matches!(
            poly(&[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]),
            Err(PolygonError::ZeroArea | PolygonError::SelfIntersecting(..))
        ));
        assert!(matches!(
            poly(&[[0.0, 0.0], [2.0, 2.0], [2.0, 0.0], [0.0, 2.0]]),
            Err(PolygonError::SelfIntersecting(..))
        ));
        assert_eq!(
            poly(&[[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]),
            Err(PolygonError::RepeatedVertex(1))
        );
        assert!(matches!(
            poly(&[[0.0, 0.0], [f64::NAN, 0.0], [0.0, 1.0]]),
            Err(PolygonError::TooFar(1))
        ));
        assert_eq!(
            poly(&[[0.0, 0.0], [1e10, 0.0], [0.0, 1.0]]),
            Err(PolygonError::TooFar(1))
        );
    }

    #[test]
    fn knows_a_notched_outline_is_not_convex() {
        let l = poly(&[
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 2.0],
            [2.0, 2.0],
            [2.0, 4.0],
            [0.0, 4.0],
        ])
        .expect("L shape");
        assert!(!l.is_convex());
        assert!((l.area() - 12.0).abs() < 1e-12);
        assert!(l.contains(Point::new(1.0, 3.0).expect("finite")));
        assert!(!l.contains(Point::new(3.0, 3.0).expect("finite")));
    }
}
