//! Liberties by exact geometry: a stone has a liberty when the circle of radius `2r` around
//! it keeps a point that no other stone's open disc of radius `2r` (less eps) and no band
//! along the board's edges covers. The free point found is kept as a *witness*: it stays
//! free until a new stone lands near it, which is what makes updates local and cheap.

use std::f64::consts::TAU;

use super::arcs::Arcs;
use super::board::{Board, circle_circle, circle_segment};
use super::grid::Grid;
use super::point::V;

/// The distances every liberty and overlap test uses, from the stone radius.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reach {
    /// `2r`: where a touching stone's centre lies.
    pub touch: f64,
    /// `2r - eps`: centres nearer than this overlap.
    pub overlap: f64,
    /// `2r + eps`: stones of one colour this near are connected.
    pub connect: f64,
    /// `4r - eps`: a stone nearer than this covers part of another's liberty circle.
    pub influence: f64,
}

impl Reach {
    pub fn new(board: &Board) -> Reach {
        let r = board.stone_radius();
        let eps = board.eps();
        Reach {
            touch: 2.0 * r,
            overlap: 2.0 * r - eps,
            connect: 2.0 * r + eps,
            influence: 4.0 * r - eps,
        }
    }

    /// True when a stone at `p` covers the point `w`.
    pub fn covers(&self, p: V, w: V) -> bool {
        p.dist2(w) < self.overlap * self.overlap
    }
}

/// The half-width, in radians, of the arc of a circle of `radius` whose points lie nearer
/// than `limit` to a point at distance `d > 0` from the circle's centre; `None` when no
/// point of the circle is that near, and at least PI when all are.
pub(crate) fn near_half_angle(radius: f64, d: f64, limit: f64) -> Option<f64> {
    let k = (radius * radius + d * d - limit * limit) / (2.0 * radius * d);
    (k < 1.0).then(|| k.max(-1.0).acos())
}

/// The arcs of the liberty circle of the stone at `at` (whose id is `me`, if it is on the
/// board) that the board's edges and the stones of `grid` for which `gone` is false, plus
/// `extra`, cover.
fn covered_arcs(
    board: &Board,
    grid: &Grid,
    at: V,
    me: Option<u32>,
    extra: Option<V>,
    gone: &dyn Fn(u32) -> bool,
) -> Arcs {
    let reach = Reach::new(board);
    let big = reach.touch;
    let mut arcs = Arcs::default();
    board.cover_edges(at, big, &mut arcs);
    if arcs.is_full() {
        return arcs;
    }
    let mut add = |q: V| {
        let d = q.dist(at);
        if d > 0.0
            && d < big + reach.overlap
            && let Some(half) = near_half_angle(big, d, reach.overlap)
        {
            arcs.push_centered((q - at).angle(), half);
        }
    };
    grid.near(at, reach.influence, |id, q| {
        if Some(id) != me && !gone(id) {
            add(q);
        }
    });
    if let Some(p) = extra {
        add(p);
    }
    arcs
}

/// A free point on the liberty circle of the stone at `at` (whose id is `me`, if it is on
/// the board), among the stones of `grid` for which `gone` is false, plus `extra`.
pub(crate) fn free_point(
    board: &Board,
    grid: &Grid,
    at: V,
    me: Option<u32>,
    extra: Option<V>,
    gone: &dyn Fn(u32) -> bool,
) -> Option<V> {
    let mut arcs = covered_arcs(board, grid, at, me, extra, gone);
    let big = Reach::new(board).touch;
    let point = |a: f64| at + V::unit(a) * big;
    if board.is_convex() {
        return arcs.free_angle().map(point);
    }
    let mut found = None;
    arcs.find_gap(|a, b| {
        let w = point((a + b) / 2.0);
        let inside = board.inside(w);
        if inside {
            found = Some(w);
        }
        inside
    });
    found
}

/// Every free part of the liberty circle of the stone `me` at `at`, as angle ranges
/// `(a, b)` with `a <= b` (`a == b` for a single free point), or `None` once there are
/// more than `limit` of them.
pub(crate) fn free_arcs(
    board: &Board,
    grid: &Grid,
    at: V,
    me: u32,
    limit: usize,
) -> Option<Vec<(f64, f64)>> {
    let mut arcs = covered_arcs(board, grid, at, Some(me), None, &|_| false);
    let big = Reach::new(board).touch;
    let mut gaps = Vec::new();
    let too_many = arcs.find_gap(|a, b| {
        // On a notched board a gap may lie outside the polygon, beyond every edge's band.
        if board.is_convex() || board.inside(at + V::unit((a + b) / 2.0) * big) {
            gaps.push((a, b));
        }
        gaps.len() > limit
    });
    (!too_many).then_some(gaps)
}

/// The oracle: whether the stone at `others[me]` has a liberty, by cutting its circle at
/// every place where some constraint may change and testing each cut and each piece between
/// cuts against every stone and the board. Quadratic and slow; for tests and audits.
pub(crate) fn has_liberty_brute_force(board: &Board, others: &[V], me: usize) -> bool {
    let reach = Reach::new(board);
    let at = others[me];
    let big = reach.touch;
    let mut cuts: Vec<f64> = Vec::new();
    let mut cut_at = |x: V| cuts.push((x - at).angle().rem_euclid(TAU));
    for (j, &q) in others.iter().enumerate() {
        if j != me {
            circle_circle(at, big, q, reach.overlap)
                .into_iter()
                .flatten()
                .for_each(&mut cut_at);
        }
    }
    let limit = board.stone_radius() - board.eps();
    for e in board.edges() {
        for off in [limit, -limit, 0.0] {
            let (a, b) = (e.a + e.normal * off, e.b + e.normal * off);
            circle_segment(at, big, a, b)
                .into_iter()
                .flatten()
                .for_each(&mut cut_at);
        }
        circle_circle(at, big, e.a, limit)
            .into_iter()
            .flatten()
            .for_each(&mut cut_at);
    }
    cuts.sort_unstable_by(f64::total_cmp);
    let legal = |a: f64| {
        let w = at + V::unit(a) * big;
        board.fits_v(w)
            && others
                .iter()
                .enumerate()
                .all(|(j, &q)| j == me || q.dist(w) >= reach.overlap)
    };
    if cuts.is_empty() {
        return legal(0.0);
    }
    let n = cuts.len();
    (0..n).any(|i| {
        let next = if i + 1 < n {
            cuts[i + 1]
        } else {
            cuts[0] + TAU
        };
        legal(cuts[i]) || legal((cuts[i] + next) / 2.0)
    })
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::polygon::Polygon;

    fn l_board() -> Board {
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

    fn square_board() -> Board {
        let p = Polygon::from_coords(&[[0.0, 0.0], [7.0, 0.0], [7.0, 7.0], [0.0, 7.0]])
            .expect("square");
        Board::new(p, 0.5).expect("board")
    }

    /// Random non-overlapping stones, often touching, as play produces them.
    fn random_stones(b: &Board, rng: &mut fastrand::Rng, n: usize) -> Vec<V> {
        let reach = Reach::new(b);
        let mut pts: Vec<V> = Vec::new();
        for _ in 0..n * 20 {
            let p = if !pts.is_empty() && rng.bool() {
                let s = pts[rng.usize(0..pts.len())];
                s + V::unit(rng.f64() * TAU) * reach.touch
            } else {
                V::new(rng.f64() * 9.0, rng.f64() * 9.0)
            };
            if b.fits_v(p) && pts.iter().all(|q| !reach.covers(*q, p)) {
                pts.push(p);
            }
            if pts.len() == n {
                break;
            }
        }
        pts
    }

    #[test]
    fn arcs_agree_with_brute_force() {
        let mut rng = fastrand::Rng::with_seed(11);
        for b in [l_board(), square_board()] {
            let (lo, hi) = b.bbox();
            for round in 0..300 {
                let pts = random_stones(&b, &mut rng, 5 + round % 40);
                let mut grid = Grid::new(lo, hi, 2.0);
                for (i, &p) in pts.iter().enumerate() {
                    grid.insert(i as u32, p);
                }
                for (i, &p) in pts.iter().enumerate() {
                    let fast = free_point(&b, &grid, p, Some(i as u32), None, &|_| false);
                    let slow = has_liberty_brute_force(&b, &pts, i);
                    assert_eq!(fast.is_some(), slow, "stone {p:?} among {pts:?}");
                    if let Some(w) = fast {
                        assert!(b.fits_v(w), "witness {w:?} off the board");
                    }
                }
            }
        }
    }

    #[test]
    fn a_band_next_to_a_reflex_corner_is_not_a_liberty() {
        // Regression: the circle met the corner's disc inside the band of the next edge,
        // and that spurious event was read as a free point between two covered pieces.
        let b = l_board();
        let s = V::new(3.4788082050524016, 3.5887017745482863);
        let reach = b.stone_radius() - b.eps();
        let edge = b
            .edges()
            .iter()
            .find(|e| e.a == V::new(4.0, 4.0) && e.b == V::new(4.0, 9.0))
            .expect("the edge below the reflex corner");
        let mut arcs = Arcs::default();
        crate::continuous::board::cover_capsule(s, 1.0, edge, reach, &mut arcs);
        arcs.push_span(1.5, 0.3 + TAU);
        assert_eq!(arcs.free_angle(), None);
    }
}
