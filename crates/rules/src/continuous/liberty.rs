//! Liberties by exact geometry: a stone has a liberty when the circle of radius `2r` around
//! it keeps a point that no other stone's open disc of radius `2r` (less eps) and no band
//! along the board's edges covers. The free point found is kept as a *witness*: it stays
//! free until a new stone lands near it, which is what makes updates local and cheap. Each
//! stone on the board also keeps the arcs of its circle that are covered (its [`Cover`]),
//! updated as stones come and go within `4r`, so that finding its witness again reads a
//! few arcs instead of searching the grid.

use std::f64::consts::{PI, TAU};

use super::arcs::{Arcs, normalised};
use super::board::{Board, circle_circle, circle_segment};
use super::grid::{Grid, clone_with_room};
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

/// The open arc of the liberty circle of a stone at `at` that a stone at `q` covers, as
/// [`Arcs`] keeps it, if any. Never the whole circle: the liberty circle is wider than the
/// disc that covers it, so the half-angle stays below a right angle.
pub(crate) fn stone_span(reach: &Reach, at: V, q: V) -> Option<(f64, f64)> {
    let big = reach.touch;
    let d = q.dist(at);
    if d > 0.0 && d < big + reach.overlap {
        let half = near_half_angle(big, d, reach.overlap)?;
        if half > 0.0 {
            let mid = (q - at).angle();
            return normalised(mid - half, mid + half);
        }
    }
    None
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
    let mut arcs = Arcs::default();
    board.cover_edges(at, reach.touch, &mut arcs);
    if arcs.is_full() {
        return arcs;
    }
    grid.near(at, reach.influence, |id, q| {
        if Some(id) != me
            && !gone(id)
            && let Some(span) = stone_span(&reach, at, q)
        {
            arcs.push(span);
        }
    });
    if let Some(span) = extra.and_then(|p| stone_span(&reach, at, p)) {
        arcs.push(span);
    }
    arcs
}

/// How deep inside a covered arc an angle must lie, in radians, to be buried
/// ([`is_buried`]): thirty times the distance between an arc's end and the point where
/// the two circles meet.
const DEEP: f64 = 1e-3;

/// Whether the angle `x` (in `[0, 2 TAU)`) lies deep inside some arc of the cover whose
/// [`Cover::buried`] parts are `buried`.
///
/// A stone's arc ends where its touching circle meets the liberty circle, give or take
/// rounding: the points where the two circles meet lie beyond the arc's ends by less than
/// 3e-5 rad (by `eps` where the circles cross, by the square root of `eps` where they
/// barely meet). A point beyond a buried end is therefore covered by a margin far above
/// rounding: it cannot be a legal point. An arc's own ends never lie deep inside it, so
/// an end is buried exactly when other arcs bury it.
pub(crate) fn is_buried(buried: &[(f64, f64)], x: f64) -> bool {
    // Every arc starts in [0, TAU) and ends less than TAU later, so an angle in [0, TAU)
    // lies in it as itself or one turn on.
    let x = if x >= TAU { x - TAU } else { x };
    let inside = |y: f64| buried.iter().any(|&(lo, hi)| y > lo && y < hi);
    inside(x) || inside(x + TAU)
}

/// The label of the arcs that the board's edges cover in a [`Cover`].
const EDGES: u32 = u32::MAX;

/// What covers the liberty circle of a stone on the board, kept up to date as stones come
/// and go within `4r` of it: each covered arc with the stone that covers it (or the
/// edges). A question about the stone's liberties then reads these few arcs instead of
/// searching the grid and computing an angle and an arc cosine per neighbour, which on a
/// crowded board (7.5 stones within `4r` at 300 stones, 1.9 at 50) cost most of a move.
/// The arcs are computed exactly as [`covered_arcs`] computes them, so the answers are the
/// same to the last bit.
#[derive(Debug)]
pub(crate) struct Cover {
    /// Covered arcs and what covers each ([`EDGES`] or a stone's id).
    spans: Vec<(f64, f64, u32)>,
    /// The edges alone cover the whole circle.
    whole: bool,
}

/// A copy with the original's room, so that the first stone placed near a stone of a
/// copied game does not move its arcs.
impl Clone for Cover {
    fn clone(&self) -> Cover {
        Cover {
            spans: clone_with_room(&self.spans),
            whole: self.whole,
        }
    }
}

impl Cover {
    /// The cover of the liberty circle of a stone at `at` by the edges alone.
    pub fn of_edges(board: &Board, at: V) -> Cover {
        let mut arcs = Arcs::default();
        board.cover_edges(at, Reach::new(board).touch, &mut arcs);
        let mut spans = Vec::with_capacity(16);
        spans.extend(arcs.spans().iter().map(|&(a, b)| (a, b, EDGES)));
        spans.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        Cover {
            spans,
            whole: arcs.is_full(),
        }
    }

    /// The cover of the liberty circle of a stone at `at` by the edges and `stones` (id
    /// and centre; the stone itself left out), added in their order.
    pub fn of(board: &Board, at: V, stones: impl IntoIterator<Item = (u32, V)>) -> Cover {
        let reach = Reach::new(board);
        let mut cover = Cover::of_edges(board, at);
        for (id, q) in stones {
            if let Some(span) = stone_span(&reach, at, q) {
                cover.add(span, id);
            }
        }
        cover
    }

    /// The stone `id` covers `span` (from [`stone_span`]).
    pub fn add(&mut self, span: (f64, f64), id: u32) {
        // Kept in order of their starts, so that the search for a gap sorts what is
        // already sorted (its order among equal starts does not change the gaps).
        let at = self.spans.partition_point(|s| s.0 <= span.0);
        self.spans.insert(at, (span.0, span.1, id));
    }

    /// The stone `id` is gone.
    pub fn remove(&mut self, id: u32) {
        self.spans.retain(|s| s.2 != id);
    }

    /// The covered arcs, without those of the stones for which `gone` holds and with
    /// `extra` (from [`stone_span`]): what [`covered_arcs`] finds for the same position.
    fn arcs(&self, extra: Option<(f64, f64)>, gone: &dyn Fn(u32) -> bool) -> Arcs {
        let mut arcs = Arcs::default();
        if self.whole {
            arcs.cover_all();
            return arcs;
        }
        for &(a, b, id) in &self.spans {
            if id == EDGES || !gone(id) {
                arcs.push((a, b));
            }
        }
        if let Some(span) = extra {
            arcs.push(span);
        }
        arcs
    }

    /// The arcs that stones cover, each with its stone, in order of their starts.
    pub fn stone_spans(&self) -> impl Iterator<Item = (f64, f64, u32)> + '_ {
        self.spans.iter().copied().filter(|s| s.2 != EDGES)
    }

    /// Fills `out` with the parts of the circle that lie deep inside a covered arc (by the
    /// edges or a stone), as disjoint open angle ranges in order: what [`is_buried`] reads.
    /// One pass over the arcs, which are kept in order of their starts.
    pub fn buried(&self, out: &mut Vec<(f64, f64)>) {
        out.clear();
        debug_assert!(self.spans.is_sorted_by(|x, y| x.0 <= y.0));
        for &(a, b, _) in &self.spans {
            let (lo, hi) = (a + DEEP, b - DEEP);
            if lo >= hi {
                continue;
            }
            // Open ranges that overlap make one; ranges that only touch leave the common
            // end outside both.
            match out.last_mut() {
                Some(last) if lo < last.1 => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
    }

    /// How far, in radians, the direction `dir` (in `[0, TAU)`) lies from the nearest free
    /// part of the circle, each free part widened by [`DEEP`] on both sides so that
    /// rounding cannot hide a free point: 0 when `dir` points into one; PI when nothing is
    /// free. A legal point of the circle lies at least this far from `dir`.
    pub fn angle_to_free(&self, dir: f64) -> f64 {
        if self.whole {
            return PI;
        }
        let mut nearest = PI;
        let mut consider = |a: f64, b: f64| {
            let (a, b) = (a - DEEP, b + DEEP);
            // `dir`, or `dir` one turn on, inside the widened part.
            if (a <= dir && dir <= b) || (a <= dir + TAU && dir + TAU <= b) {
                nearest = 0.0;
                return;
            }
            for end in [a, b] {
                let gap = (end - dir).rem_euclid(TAU);
                nearest = nearest.min(gap.min(TAU - gap));
            }
        };
        // A sweep of the arcs in order of their starts, as `Arcs::find_gap` makes it.
        let wrap = self.spans.iter().map(|s| s.1 - TAU).fold(0.0f64, f64::max);
        let mut cur = wrap;
        for &(s, e, _) in &self.spans {
            if s >= cur {
                consider(cur, s);
            }
            cur = cur.max(e);
        }
        if cur < TAU {
            consider(cur, TAU);
        }
        nearest
    }

    /// The covered arcs with their stones, sorted, as the oracle compares them.
    pub fn sorted(&self) -> (bool, Vec<(f64, f64, u32)>) {
        let mut spans = if self.whole {
            Vec::new()
        } else {
            self.spans.clone()
        };
        spans.sort_by(|x, y| {
            (x.2, x.0, x.1)
                .partial_cmp(&(y.2, y.0, y.1))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        (self.whole, spans)
    }
}

/// The cover of the liberty circle of the stone at `sites[me]` recomputed from every other
/// stone of `sites` (id and centre), sorted as [`Cover::sorted`]: the oracle of the kept
/// covers.
pub(crate) fn cover_from_scratch(
    board: &Board,
    sites: &[(u32, V)],
    me: usize,
) -> (bool, Vec<(f64, f64, u32)>) {
    let others = sites.iter().enumerate().filter(|&(j, _)| j != me);
    Cover::of(board, sites[me].1, others.map(|(_, &site)| site)).sorted()
}

/// A free point of the circle of radius `2r` around `at`, given the arcs that are covered.
fn point_in_gap(board: &Board, at: V, mut arcs: Arcs) -> Option<V> {
    let big = 2.0 * board.stone_radius();
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

/// Every free part of the circle of radius `2r` around `at`, given the arcs that are
/// covered, or `None` once there are more than `limit`.
fn gaps(board: &Board, at: V, mut arcs: Arcs, limit: usize) -> Option<Vec<(f64, f64)>> {
    let big = 2.0 * board.stone_radius();
    let mut gaps = Vec::with_capacity(4);
    let too_many = arcs.find_gap(|a, b| {
        // On a notched board a gap may lie outside the polygon, beyond every edge's band.
        if board.is_convex() || board.inside(at + V::unit((a + b) / 2.0) * big) {
            gaps.push((a, b));
        }
        gaps.len() > limit
    });
    (!too_many).then_some(gaps)
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
    point_in_gap(board, at, covered_arcs(board, grid, at, me, extra, gone))
}

/// [`free_point`] for a stone on the board at `at`, from its kept `cover`.
pub(crate) fn free_point_kept(
    board: &Board,
    cover: &Cover,
    at: V,
    extra: Option<V>,
    gone: &dyn Fn(u32) -> bool,
) -> Option<V> {
    let reach = Reach::new(board);
    let extra = extra.and_then(|p| stone_span(&reach, at, p));
    point_in_gap(board, at, cover.arcs(extra, gone))
}

/// Every free part of the liberty circle of a stone on the board at `at`, from its kept
/// `cover`, as angle ranges `(a, b)` with `a <= b` (`a == b` for a single free point), or
/// `None` once there are more than `limit` of them.
pub(crate) fn free_arcs_kept(
    board: &Board,
    cover: &Cover,
    at: V,
    limit: usize,
) -> Option<Vec<(f64, f64)>> {
    gaps(board, at, cover.arcs(None, &|_| false), limit)
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
        crate::continuous::board::l_shaped_board()
    }

    /// The cover of the stone `pts[i]` among the others (ids their indices).
    fn cover_among(b: &Board, pts: &[V], i: usize) -> Cover {
        let others = pts.iter().enumerate().filter(|&(j, _)| j != i);
        Cover::of(b, pts[i], others.map(|(j, &q)| (j as u32, q)))
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
                    // A kept cover gives the very same point, and so does the search with
                    // one stone taken away and another added.
                    let cover = cover_among(&b, &pts, i);
                    assert_eq!(free_point_kept(&b, &cover, p, None, &|_| false), fast);
                    let (gone, extra) = ((i as u32 + 1) % 5, V::new(4.0, 4.5));
                    assert_eq!(
                        free_point_kept(&b, &cover, p, Some(extra), &|j| j == gone),
                        free_point(&b, &grid, p, Some(i as u32), Some(extra), &|j| j == gone)
                    );
                    if let Some(w) = fast {
                        assert!(b.fits_v(w), "witness {w:?} off the board");
                    }
                }
            }
        }
    }

    #[test]
    fn buried_parts_bury_what_the_arcs_one_by_one_bury() {
        // The oracle: an angle is buried when it lies deep inside some covered arc other
        // than the one it ends, tested arc by arc.
        let one_by_one = |cover: &Cover, own: usize, x: f64| {
            let x = if x >= TAU { x - TAU } else { x };
            cover.spans.iter().enumerate().any(|(i, &(s, e, _))| {
                let inside = |y: f64| y > s + DEEP && y < e - DEEP;
                i != own && (inside(x) || inside(x + TAU))
            })
        };
        let mut rng = fastrand::Rng::with_seed(23);
        let mut buried = Vec::new();
        let mut seen = [0usize; 2];
        for b in [l_board(), square_board()] {
            for round in 0..200 {
                let pts = random_stones(&b, &mut rng, 5 + round % 60);
                for i in 0..pts.len() {
                    let cover = cover_among(&b, &pts, i);
                    cover.buried(&mut buried);
                    for (own, &(from, to, _)) in cover.spans.iter().enumerate() {
                        for x in [from, to] {
                            let want = one_by_one(&cover, own, x);
                            assert_eq!(is_buried(&buried, x), want, "{x} in {:?}", cover.spans);
                            seen[usize::from(want)] += 1;
                        }
                    }
                }
            }
        }
        // Both answers come up often, so the comparison means something.
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }

    #[test]
    fn no_free_angle_lies_nearer_than_angle_to_free_says() {
        let mut rng = fastrand::Rng::with_seed(29);
        let (mut pointing_in, mut away) = (0, 0);
        for b in [l_board(), square_board()] {
            for round in 0..100 {
                let pts = random_stones(&b, &mut rng, 5 + round % 50);
                for i in 0..pts.len() {
                    let cover = cover_among(&b, &pts, i);
                    let free = |x: f64| {
                        !cover.whole
                            && cover.spans.iter().all(|&(s, e, _)| {
                                let inside = |y: f64| y > s && y < e;
                                !inside(x) && !inside(x + TAU)
                            })
                    };
                    let dir = rng.f64() * TAU;
                    let bound = cover.angle_to_free(dir);
                    for k in 0..720 {
                        let x = f64::from(k) * TAU / 720.0;
                        if free(x) {
                            let gap = (x - dir).rem_euclid(TAU);
                            assert!(gap.min(TAU - gap) >= bound, "{x} from {dir}: {bound}");
                        }
                    }
                    if bound == 0.0 {
                        pointing_in += 1
                    } else if bound < PI {
                        away += 1
                    }
                }
            }
        }
        assert!(pointing_in > 100 && away > 100, "{pointing_in} {away}");
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
