//! The board for one stone radius: where a stone fits (the *inner board*, the polygon shrunk
//! by `r`), clamping a pointer into it, and the pieces of its outline that exact snapping and
//! exact liberties intersect with stone circles.

use std::f64::consts::TAU;

use super::arcs::Arcs;
use super::point::{Point, V};
use super::polygon::{Polygon, contains};

/// One edge of the outline, from `a` to `b`, with the board on its left.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub a: V,
    pub b: V,
    /// Unit vector from `a` to `b`.
    pub dir: V,
    pub len: f64,
    /// Unit normal pointing into the board.
    pub normal: V,
}

impl Edge {
    fn new(a: V, b: V) -> Edge {
        let len = a.dist(b);
        let dir = (b - a) * (1.0 / len);
        Edge {
            a,
            b,
            dir,
            len,
            normal: dir.perp(),
        }
    }

    /// Distance from `p` to the closed segment.
    pub fn distance(&self, p: V) -> f64 {
        let t = (p - self.a).dot(self.dir).clamp(0.0, self.len);
        p.dist(self.a + self.dir * t)
    }
}

/// A curve that may carry part of the inner board's outline: a segment (an edge moved by
/// `r`) or a circle of radius `r` around a reflex corner.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Piece {
    Segment(V, V),
    Circle(V, f64),
}

/// The board outline together with everything derived from the stone radius.
#[derive(Debug, Clone)]
pub struct Board {
    polygon: Polygon,
    r: f64,
    eps: f64,
    vs: Vec<V>,
    edges: Vec<Edge>,
    pieces: Vec<Piece>,
    /// Points of the inner board where two pieces meet (its corners, and maybe more).
    corners: Vec<V>,
    bbox: (V, V),
}

impl Board {
    /// The board `polygon` for stones of radius `r`, or `None` when no stone fits on it.
    /// `r` must be finite and positive (the rules check it first).
    pub(crate) fn new(polygon: Polygon, r: f64) -> Option<Board> {
        let vs = polygon.vs();
        let n = vs.len();
        let edges: Vec<Edge> = (0..n).map(|i| Edge::new(vs[i], vs[(i + 1) % n])).collect();
        let pieces = pieces(&vs, &edges, r, polygon.is_convex());
        let bbox = polygon.bbox();
        let mut board = Board {
            polygon,
            r,
            eps: 1e-9 * r,
            vs,
            edges,
            pieces,
            corners: Vec::new(),
            bbox,
        };
        board.corners = board.find_corners();
        if board.corners.is_empty() {
            None
        } else {
            Some(board)
        }
    }

    /// The board outline.
    pub fn polygon(&self) -> &Polygon {
        &self.polygon
    }

    /// The radius `r` of every stone.
    pub fn stone_radius(&self) -> f64 {
        self.r
    }

    /// The tolerance of every distance comparison: `1e-9 * r`.
    pub fn eps(&self) -> f64 {
        self.eps
    }

    /// The area of the polygon in units of `(2r)^2` (169 on `square-13`).
    pub fn area_units(&self) -> f64 {
        self.polygon.area() / self.unit_area()
    }

    /// The area of one unit, `(2r)^2`.
    pub(crate) fn unit_area(&self) -> f64 {
        4.0 * self.r * self.r
    }

    /// True when a stone centred at `p` lies inside the board (within the tolerance).
    pub fn fits(&self, p: Point) -> bool {
        self.fits_v(V::from(p))
    }

    /// The point of the inner board nearest to `p` (`p` itself when a stone fits there).
    pub fn clamp(&self, p: Point) -> Point {
        Point::from_v(self.clamp_v(V::from(p)))
    }

    pub(crate) fn fits_v(&self, p: V) -> bool {
        let limit = self.r - self.eps;
        if self.polygon.is_convex() {
            self.edges.iter().all(|e| (p - e.a).dot(e.normal) >= limit)
        } else {
            contains(&self.vs, p) && self.edges.iter().all(|e| e.distance(p) >= limit)
        }
    }

    pub(crate) fn clamp_v(&self, p: V) -> V {
        if self.fits_v(p) {
            return p;
        }
        // Pointers may lie anywhere up to f64::MAX: candidates are compared without
        // squaring distances (see `nearer`), so nothing overflows and a far pointer still
        // lands exactly where its coordinates say (right of a square board, its own y).
        let mut best = self.corners[0];
        let mut consider = |q: V| {
            if nearer(p, q, best) && self.fits_v(q) {
                best = q;
            }
        };
        for piece in &self.pieces {
            if let Some(q) = project(*piece, p) {
                consider(q);
            }
        }
        for &c in &self.corners {
            consider(c);
        }
        best
    }

    pub(crate) fn edges(&self) -> &[Edge] {
        &self.edges
    }

    pub(crate) fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    pub(crate) fn corners(&self) -> &[V] {
        &self.corners
    }

    pub(crate) fn bbox(&self) -> (V, V) {
        self.bbox
    }

    pub(crate) fn is_convex(&self) -> bool {
        self.polygon.is_convex()
    }

    pub(crate) fn vertices(&self) -> &[V] {
        &self.vs
    }

    /// True when `p` is in the polygon (for the free arcs of a non-convex board).
    pub(crate) fn inside(&self, p: V) -> bool {
        contains(&self.vs, p)
    }

    /// Adds to `arcs` the parts of the circle (`c`, `radius`) where a stone would not fit
    /// because of the edges. On a non-convex board the circle may also leave the polygon
    /// between edges' bands; [`Board::inside`] sorts the remaining free arcs.
    pub(crate) fn cover_edges(&self, c: V, radius: f64, arcs: &mut Arcs) {
        let reach = self.r - self.eps;
        if self.polygon.is_convex() {
            for e in &self.edges {
                let d = (c - e.a).dot(e.normal);
                if d < radius + reach {
                    // Covered where d + radius * cos(angle - normal) < reach.
                    let k = ((reach - d) / radius).clamp(-1.0, 1.0);
                    let half = std::f64::consts::PI - k.acos();
                    arcs.push_centered((-e.normal).angle(), half);
                }
            }
        } else {
            for e in &self.edges {
                if e.distance(c) < radius + reach {
                    cover_capsule(c, radius, e, reach, arcs);
                }
            }
        }
    }

    fn find_corners(&self) -> Vec<V> {
        let mut out = Vec::new();
        for (i, &p) in self.pieces.iter().enumerate() {
            for &q in &self.pieces[i + 1..] {
                for x in intersect(p, q).into_iter().flatten() {
                    if self.fits_v(x) {
                        out.push(x);
                    }
                }
            }
        }
        out
    }
}

/// The pieces that can carry the inner board's outline. On a convex board only the edges
/// moved inwards matter (as long lines: any extra point is filtered by `fits`); on a
/// non-convex board also the edges moved outwards (across a notch) and reflex corners.
fn pieces(vs: &[V], edges: &[Edge], r: f64, convex: bool) -> Vec<Piece> {
    let mut out = Vec::new();
    let n = vs.len();
    if convex {
        let (lo, hi) = bbox_of(vs);
        let ext = (hi - lo).norm() + r;
        for e in edges {
            let off = e.normal * r;
            out.push(Piece::Segment(
                e.a + off - e.dir * ext,
                e.b + off + e.dir * ext,
            ));
        }
        return out;
    }
    for e in edges {
        out.push(Piece::Segment(e.a + e.normal * r, e.b + e.normal * r));
        out.push(Piece::Segment(e.a - e.normal * r, e.b - e.normal * r));
    }
    for i in 0..n {
        let prev = &edges[(i + n - 1) % n];
        let next = &edges[i];
        if prev.dir.cross(next.dir) < 0.0 {
            out.push(Piece::Circle(vs[i], r));
        }
    }
    out
}

fn bbox_of(vs: &[V]) -> (V, V) {
    let mut lo = vs[0];
    let mut hi = vs[0];
    for v in vs {
        lo = V::new(lo.x.min(v.x), lo.y.min(v.y));
        hi = V::new(hi.x.max(v.x), hi.y.max(v.y));
    }
    (lo, hi)
}

/// The point of `piece` nearest to `p` (`None` for the centre of a circle).
pub(crate) fn project(piece: Piece, p: V) -> Option<V> {
    match piece {
        // Axis-parallel segments (every edge of a square board) project exactly.
        Piece::Segment(a, b) if a.x == b.x => {
            Some(V::new(a.x, p.y.clamp(a.y.min(b.y), a.y.max(b.y))))
        }
        Piece::Segment(a, b) if a.y == b.y => {
            Some(V::new(p.x.clamp(a.x.min(b.x), a.x.max(b.x)), a.y))
        }
        Piece::Segment(a, b) => {
            let ab = b - a;
            let len = ab.norm();
            // Along the unit direction, so that a pointer near f64::MAX gives at worst an
            // infinite parameter of the right sign, which the clamp handles.
            let t = ((p - a).dot(ab * (1.0 / len)) / len).clamp(0.0, 1.0);
            Some(a + ab * t)
        }
        Piece::Circle(c, rad) => {
            let d = shrunk(p - c);
            let n = d.norm();
            (n > 0.0).then(|| c + d * (rad / n))
        }
    }
}

/// `v` divided by its largest coordinate when that is beyond 1 (the same direction, and a
/// norm that cannot overflow).
fn shrunk(v: V) -> V {
    let m = v.x.abs().max(v.y.abs());
    if m > 1.0 { v * (1.0 / m) } else { v }
}

/// True when `q` lies strictly nearer to `p` than `b` does. The difference of the squared
/// distances is `2 (b - q) . (p - m)` with `m` the midpoint of `q` and `b`: its sign is
/// read without squaring anything, so a pointer near f64::MAX compares exactly.
pub(crate) fn nearer(p: V, q: V, b: V) -> bool {
    let m = q * 0.5 + b * 0.5;
    shrunk(b - q).dot(p - m) < 0.0
}

/// At most two points, without allocating.
pub(crate) type Two = [Option<V>; 2];

/// Where two pieces meet.
pub(crate) fn intersect(p: Piece, q: Piece) -> Two {
    match (p, q) {
        (Piece::Segment(a, b), Piece::Segment(c, d)) => [segment_segment(a, b, c, d), None],
        (Piece::Segment(a, b), Piece::Circle(c, r))
        | (Piece::Circle(c, r), Piece::Segment(a, b)) => circle_segment(c, r, a, b),
        (Piece::Circle(c1, r1), Piece::Circle(c2, r2)) => circle_circle(c1, r1, c2, r2),
    }
}

fn segment_segment(a: V, b: V, c: V, d: V) -> Option<V> {
    let r = b - a;
    let s = d - c;
    let den = r.cross(s);
    if den == 0.0 {
        return None;
    }
    let t = (c - a).cross(s) / den;
    let u = (c - a).cross(r) / den;
    let tol = 1e-9;
    ((-tol..=1.0 + tol).contains(&t) && (-tol..=1.0 + tol).contains(&u)).then(|| {
        let mut x = a + r * t;
        // On a segment parallel to an axis the meeting point keeps that coordinate exactly:
        // the corners of a square board are exact, and a far pointer beside the board is
        // not pulled to a corner that rounding moved outwards.
        for (p, q) in [(a, b), (c, d)] {
            if p.x == q.x {
                x.x = p.x;
            }
            if p.y == q.y {
                x.y = p.y;
            }
        }
        x
    })
}

/// False when the circle (`c`, `r`) surely misses `piece`: a test far cheaper than
/// [`intersect`], with a margin far above the tolerance with which that finds a circle
/// that only grazes a piece.
pub(crate) fn may_meet(c: V, r: f64, piece: Piece) -> bool {
    const MARGIN: f64 = 1.0 + 1e-6;
    match piece {
        // Nearer than r to the segment's line, or no point of the segment is at r.
        Piece::Segment(a, b) => {
            let ab = b - a;
            let cross = (c - a).cross(ab);
            cross * cross <= (r * MARGIN) * (r * MARGIN) * ab.norm2()
        }
        Piece::Circle(o, radius) => {
            let sum = (r + radius) * MARGIN;
            c.dist2(o) <= sum * sum
        }
    }
}

/// Points of the segment `ab` at distance `r` from `c`. A segment that only grazes the
/// circle (within a relative 1e-9) yields its tangent point.
pub(crate) fn circle_segment(c: V, r: f64, a: V, b: V) -> Two {
    let ab = b - a;
    let len2 = ab.norm2();
    if len2 == 0.0 {
        return [None, None];
    }
    let t0 = (c - a).dot(ab) / len2;
    let foot = a + ab * t0;
    let h2 = r * r - foot.dist2(c);
    if h2 < -(1e-9 * r) * r {
        return [None, None];
    }
    let dt = h2.max(0.0).sqrt() / len2.sqrt();
    let at = |t: f64| (0.0..=1.0).contains(&t).then(|| a + ab * t);
    if dt == 0.0 {
        [at(t0), None]
    } else {
        [at(t0 - dt), at(t0 + dt)]
    }
}

/// Points at distance `r1` from `c1` and `r2` from `c2`. Circles that only graze (within a
/// relative 1e-9) yield their tangent point, so that a single touching spot is not lost to
/// rounding.
pub(crate) fn circle_circle(c1: V, r1: f64, c2: V, r2: f64) -> Two {
    let d = c2 - c1;
    let dist2 = d.norm2();
    let tol = 1e-9 * r1.max(r2);
    let (sum, diff) = (r1 + r2 + tol, (r1 - r2).abs() - tol);
    if dist2 == 0.0 || dist2 > sum * sum || (diff > 0.0 && dist2 < diff * diff) {
        return [None, None];
    }
    let dist = dist2.sqrt();
    let a = (r1 * r1 - r2 * r2 + dist2) / (2.0 * dist);
    let h2 = r1 * r1 - a * a;
    let u = d * (1.0 / dist);
    let mid = c1 + u * a;
    if h2 <= 0.0 {
        return [Some(mid), None];
    }
    let off = u.perp() * h2.sqrt();
    [Some(mid + off), Some(mid - off)]
}

/// Adds the parts of the circle (`c`, `radius`) closer than `reach` to the edge segment:
/// the events where the distance may cross `reach` are found exactly, each piece between
/// events is tested at its middle, and covered pieces are joined across every event that is
/// itself covered (an event can be spurious: where the circle meets a corner's disc inside
/// the band of the edge).
pub(crate) fn cover_capsule(c: V, radius: f64, e: &Edge, reach: f64, arcs: &mut Arcs) {
    let mut events: Vec<f64> = Vec::with_capacity(8);
    let d = (c - e.a).dot(e.normal);
    let nang = e.normal.angle();
    for side in [reach, -reach] {
        let k = (side - d) / radius;
        if k.abs() <= 1.0 {
            let w = k.acos();
            events.push(nang + w);
            events.push(nang - w);
        }
    }
    for v in [e.a, e.b] {
        for x in circle_circle(c, radius, v, reach).into_iter().flatten() {
            events.push((x - c).angle());
        }
    }
    let covered = |a: f64| e.distance(c + V::unit(a) * radius) < reach;
    // An event on the band's true border is at distance `reach` up to rounding.
    let inside = |a: f64| e.distance(c + V::unit(a) * radius) < reach * (1.0 - 1e-12);
    if events.is_empty() {
        if covered(0.0) {
            arcs.push_span(0.0, TAU);
        }
        return;
    }
    for a in &mut events {
        *a = a.rem_euclid(TAU);
    }
    events.sort_unstable_by(f64::total_cmp);
    let n = events.len();
    let piece = |i: usize| {
        let end = if i + 1 < n {
            events[i + 1]
        } else {
            events[0] + TAU
        };
        (events[i], end)
    };
    let is_covered: Vec<bool> = (0..n)
        .map(|i| {
            let (s, e) = piece(i);
            e > s && covered((s + e) / 2.0)
        })
        .collect();
    // Start after an event that ends a covered run, so that runs never wrap.
    let Some(first) = (0..n).find(|&i| !is_covered[i] || !inside(events[i])) else {
        arcs.push_span(0.0, TAU);
        return;
    };
    let mut run: Option<(f64, f64)> = None;
    for k in 0..n {
        let i = (first + k) % n;
        let (s, mut end) = piece(i);
        if i < first {
            end += TAU;
        }
        let s = if i < first { s + TAU } else { s };
        if !is_covered[i] {
            if let Some((a, b)) = run.take() {
                arcs.push_span(a, b);
            }
            continue;
        }
        run = match run {
            Some((a, _)) if inside(events[i]) => Some((a, end)),
            Some((a, b)) => {
                arcs.push_span(a, b);
                Some((s, end))
            }
            None => Some((s, end)),
        };
    }
    if let Some((a, b)) = run {
        arcs.push_span(a, b);
    }
}

/// An L-shaped 9x9 board with a 5x5 notch: the tests' non-convex board.
#[cfg(test)]
pub(crate) fn l_shaped_board() -> Board {
    let p = Polygon::from_coords(&[
        [0.0, 0.0],
        [9.0, 0.0],
        [9.0, 4.0],
        [4.0, 4.0],
        [4.0, 9.0],
        [0.0, 9.0],
    ])
    .expect("L");
    Board::new(p, 0.5).expect("board")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(side: f64) -> Board {
        let p = Polygon::from_coords(&[[0.0, 0.0], [side, 0.0], [side, side], [0.0, side]])
            .expect("square");
        Board::new(p, 0.5).expect("fits")
    }

    fn pt(x: f64, y: f64) -> Point {
        Point::new(x, y).expect("finite")
    }

    #[test]
    fn may_meet_is_true_wherever_a_circle_meets_a_piece() {
        let boards = [square(9.0), l_shaped_board()];
        let mut rng = fastrand::Rng::with_seed(5);
        let (mut met, mut ruled_out) = (0, 0);
        for b in &boards {
            for _ in 0..20_000 {
                let c = V::new(rng.f64() * 11.0 - 1.0, rng.f64() * 11.0 - 1.0);
                // Radii around the touching distance, and a few circles that graze.
                let r = 0.5 + rng.f64();
                for &piece in b.pieces() {
                    let meets = intersect(Piece::Circle(c, r), piece)
                        .iter()
                        .any(Option::is_some);
                    assert!(!meets || may_meet(c, r, piece), "{c:?} {r} {piece:?}");
                    met += usize::from(meets);
                    ruled_out += usize::from(!may_meet(c, r, piece));
                }
            }
        }
        assert!(met > 1000 && ruled_out > 1000, "{met} {ruled_out}");
    }

    #[test]
    fn a_stone_fits_when_it_stays_inside() {
        let b = square(13.0);
        assert!(b.fits(pt(0.5, 0.5)));
        assert!(b.fits(pt(12.5, 6.0)));
        assert!(!b.fits(pt(0.49, 6.0)));
        assert!(!b.fits(pt(14.0, 6.0)));
        assert_eq!(b.corners().len(), 4);
    }

    #[test]
    fn clamping_moves_a_pointer_to_the_inner_board() {
        let b = square(13.0);
        assert_eq!(b.clamp(pt(-3.0, 6.0)), pt(0.5, 6.0));
        let c = b.clamp(pt(-3.0, -1.0));
        assert!((c.x() - 0.5).abs() < 1e-12 && (c.y() - 0.5).abs() < 1e-12);
        assert_eq!(b.clamp(pt(4.0, 4.0)), pt(4.0, 4.0));
    }

    #[test]
    fn a_board_narrower_than_a_stone_has_no_place() {
        let p =
            Polygon::from_coords(&[[0.0, 0.0], [0.9, 0.0], [0.9, 5.0], [0.0, 5.0]]).expect("strip");
        assert!(Board::new(p, 0.5).is_none());
    }

    #[test]
    fn a_notch_is_respected() {
        let p = Polygon::from_coords(&[
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 2.0],
            [2.0, 2.0],
            [2.0, 4.0],
            [0.0, 4.0],
        ])
        .expect("L");
        let b = Board::new(p, 0.5).expect("fits");
        assert!(b.fits(pt(1.5, 1.5)));
        assert!(b.fits(pt(2.3, 1.4)));
        assert!(!b.fits(pt(2.2, 2.2)), "in the notch");
        assert!(!b.fits(pt(1.7, 1.7)), "too near the reflex corner");
        let c = b.clamp(pt(3.0, 3.0));
        assert!(b.fits(c));
        assert!(
            (V::from(c).dist(V::new(3.0, 3.0)) - 1.5).abs() < 1e-9,
            "clamped to {c}"
        );
    }
}
