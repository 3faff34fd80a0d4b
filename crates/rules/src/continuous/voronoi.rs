//! Voronoi cells of stone centres clipped to the board, for the score. A cell is the board
//! clipped by the bisectors of the nearby stones, found ring by ring in the bucket grid and
//! stopped as soon as farther stones cannot reach it; each edge of a cell remembers which
//! stone made it, which is how a move knows the few cells it changes.

use std::cell::RefCell;

use super::board::Board;
use super::grid::Grid;
use super::point::V;

/// The label of a cell edge that lies on the board's outline (or its bounding box).
pub(crate) const BOUNDARY: u32 = u32::MAX;
/// The label of the stone a move is about to place (not yet in the grid).
pub(crate) const NEW: u32 = u32::MAX - 1;

/// A cell: its vertices, each with the label of the edge that leaves it (the stone whose
/// bisector made the edge, or [`BOUNDARY`]). On a non-convex board the stored cell is the
/// Voronoi cell within the board's bounding box; [`area`] cuts it to the board.
pub(crate) type Cell = Vec<(V, u32)>;

/// Buffers reused from cell to cell.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The last cell computed.
    pub poly: Cell,
    spare: Cell,
    /// Stones near the cell, nearest first: (squared distance, label, centre).
    batch: Vec<(f64, u32, V)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Runs `f` with this thread's scratch buffers (fresh ones if they are in use). A move
/// needs a few cells; buffers grown anew for each would cost more than the cells, mostly
/// in the allocator tidying its freed blocks before the first large request.
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|kept| match kept.try_borrow_mut() {
        Ok(mut sc) => f(&mut sc),
        Err(_) => f(&mut Scratch::default()),
    })
}

/// Adds the labels of the stones whose cells share an edge with `cell` (and maybe a few
/// more on a non-convex board) to `out`.
pub(crate) fn neighbours(cell: &[(V, u32)], out: &mut Vec<u32>) {
    out.extend(cell.iter().map(|&(_, l)| l).filter(|&l| l != BOUNDARY));
}

/// The stones of a position seen by a cell computation: the grid, minus the stones for
/// which `gone` holds, plus maybe one stone `extra` labelled [`NEW`].
pub(crate) struct Sites<'a, G: Fn(u32) -> bool> {
    pub grid: &'a Grid,
    pub extra: Option<V>,
    pub gone: G,
}

/// Computes into `sc.poly` the cell of the stone `me` at `s` among `sites`. Stones are
/// taken ring by ring from the grid, nearest first within the first two rings and each
/// later one, and the search stops once no farther stone can reach the cell.
pub(crate) fn cell<G: Fn(u32) -> bool>(
    board: &Board,
    sites: &Sites<'_, G>,
    s: V,
    me: u32,
    sc: &mut Scratch,
) {
    start_cell(board, sc);
    let mut maxd2 = max_dist2(&sc.poly, s);
    if let Some(p) = sites.extra
        && me != NEW
    {
        clip_by(sc, s, p, NEW, &mut maxd2);
    }
    let grid = sites.grid;
    let c = grid.cell_of(s);
    let mut k = 0;
    loop {
        let lb = grid.ring_distance(s, c, k);
        if lb * lb > 4.0 * maxd2 {
            break;
        }
        sc.batch.clear();
        let mut more = true;
        // The first batch is rings 0 and 1, so that the nearest stones clip first.
        for ring in if k == 0 { 0..2 } else { k..k + 1 } {
            more = grid.ring_cells(c, ring, |x, y| {
                if grid.cell_dist2(s, x, y) > 4.0 * maxd2 {
                    return;
                }
                for &(id, q) in grid.stones_in(x, y) {
                    if id != me && !(sites.gone)(id) {
                        sc.batch.push((q.dist2(s), id, q));
                    }
                }
            });
        }
        clip_by_batch(sc, s, &mut maxd2);
        if !more {
            break;
        }
        k = if k == 0 { 2 } else { k + 1 };
    }
}

/// Clips the cell of `s` by the stones of `sc.batch` (squared distance, label, centre),
/// nearest first, until the rest are too far to reach the cell.
fn clip_by_batch(sc: &mut Scratch, s: V, maxd2: &mut f64) {
    clip_by_batch_from(sc, s, maxd2, 0);
}

/// [`clip_by_batch`] with the stones of `sc.batch` from index `from` on.
fn clip_by_batch_from(sc: &mut Scratch, s: V, maxd2: &mut f64, from: usize) {
    sc.batch[from..].sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    for i in from..sc.batch.len() {
        let (d2, id, q) = sc.batch[i];
        if d2 > 4.0 * *maxd2 {
            break;
        }
        clip_by(sc, s, q, id, maxd2);
    }
}

/// Computes into `sc.poly` the cell of the stone `me` at `s` among the stones `near`
/// (label, centre; a label may repeat) and `common` (each label once), which
/// together must hold every stone whose cell shares an edge with it; the others clip
/// nothing. The few stones of `near` (the cell's former neighbours) clip first: the cell
/// they leave is small, and of `common` (every stone whose cell grows this move, dozens
/// after a big capture) only those near enough to cut it are sorted and tried.
pub(crate) fn cell_among(
    board: &Board,
    s: V,
    me: u32,
    near: impl IntoIterator<Item = (u32, V)>,
    common: &[(u32, V)],
    sc: &mut Scratch,
) {
    start_cell(board, sc);
    let mut maxd2 = max_dist2(&sc.poly, s);
    sc.batch.clear();
    for (l, q) in near {
        if l != me && !sc.batch.iter().any(|&(_, k, _)| k == l) {
            sc.batch.push((q.dist2(s), l, q));
        }
    }
    let first = sc.batch.len();
    clip_by_batch(sc, s, &mut maxd2);
    // A stone farther than twice the cell's reach cuts nothing, now or after more cuts.
    let reach2 = 4.0 * maxd2;
    for &(l, q) in common {
        let d2 = q.dist2(s);
        if d2 <= reach2 && l != me && !sc.batch[..first].iter().any(|&(_, k, _)| k == l) {
            sc.batch.push((d2, l, q));
        }
    }
    clip_by_batch_from(sc, s, &mut maxd2, first);
}

fn start_cell(board: &Board, sc: &mut Scratch) {
    sc.poly.clear();
    if board.is_convex() {
        sc.poly
            .extend(board.vertices().iter().map(|&v| (v, BOUNDARY)));
    } else {
        let (lo, hi) = board.bbox();
        for v in [lo, V::new(hi.x, lo.y), hi, V::new(lo.x, hi.y)] {
            sc.poly.push((v, BOUNDARY));
        }
    }
}

/// Clips the current cell of `s` by the bisector with `t`, unless it lies beyond the cell
/// or cuts nothing off it.
fn clip_by(sc: &mut Scratch, s: V, t: V, label: u32, maxd2: &mut f64) {
    if s.dist2(t) > 4.0 * *maxd2 || !cuts(&sc.poly, s, t) {
        return;
    }
    clip(&sc.poly, s, t, label, &mut sc.spare);
    std::mem::swap(&mut sc.poly, &mut sc.spare);
    *maxd2 = max_dist2(&sc.poly, s);
}

/// `cell` (of the stone at `s`) cut by the bisector with a new stone at `t`, into `out`.
pub(crate) fn clip_cell(cell: &[(V, u32)], s: V, t: V, out: &mut Cell) {
    clip(cell, s, t, NEW, out);
}

/// The area of the cell of the stone at `s` within the board. On a non-convex board the
/// polygon is clipped by the bisectors that shaped the cell, `at` giving the centre of the
/// stone behind each label. A label whose stone is gone (`None`) is skipped: it can only
/// survive on an edge of zero length, where two cells meet at a point, and clipping by any
/// stone on the board is always right.
pub(crate) fn area(board: &Board, cell: &[(V, u32)], s: V, at: impl Fn(u32) -> Option<V>) -> f64 {
    if board.is_convex() {
        return area_of_labelled(cell);
    }
    let mut labels: Vec<u32> = Vec::with_capacity(cell.len());
    neighbours(cell, &mut labels);
    labels.sort_unstable();
    labels.dedup();
    let mut shape: Cell = board.vertices().iter().map(|&v| (v, BOUNDARY)).collect();
    let mut spare = Vec::with_capacity(shape.len() + 8);
    for label in labels {
        if let Some(t) = at(label) {
            clip(&shape, s, t, label, &mut spare);
            std::mem::swap(&mut shape, &mut spare);
        }
    }
    area_of_labelled(&shape)
}

fn area_of_labelled(poly: &[(V, u32)]) -> f64 {
    let Some(&(origin, _)) = poly.first() else {
        return 0.0;
    };
    let mut twice = 0.0;
    for w in poly[1..].windows(2) {
        twice += (w[0].0 - origin).cross(w[1].0 - origin);
    }
    twice / 2.0
}

fn max_dist2(poly: &[(V, u32)], s: V) -> f64 {
    poly.iter().map(|&(v, _)| v.dist2(s)).fold(0.0, f64::max)
}

/// True when the bisector of `s` and `t` cuts something off `poly` (the cell of `s`).
/// Most stones near a cell on a crowded board do not: [`clip`] would copy the cell as it
/// is, and the cell's reach would be measured again for nothing.
fn cuts(poly: &[(V, u32)], s: V, t: V) -> bool {
    let f = towards(s, t);
    poly.iter().any(|&(p, _)| f(p) > 0.0)
}

/// How far a point lies beyond the bisector of `s` and `t`, towards `t` (scaled by their
/// distance): positive on the side of `t`.
fn towards(s: V, t: V) -> impl Fn(V) -> f64 {
    let n = t - s;
    let m = (s + t) * 0.5;
    move |p: V| (p - m).dot(n)
}

/// Sutherland-Hodgman: keeps the part of `src` nearer to `s` than to `t`. Each vertex
/// carries the label of the edge that leaves it; new edges on the bisector get `label`.
fn clip(src: &[(V, u32)], s: V, t: V, label: u32, out: &mut Vec<(V, u32)>) {
    out.clear();
    let Some(&last) = src.last() else {
        return;
    };
    let f = towards(s, t);
    let mut prev = last;
    let mut fp = f(prev.0);
    for &cur in src {
        let fc = f(cur.0);
        match (fp <= 0.0, fc <= 0.0) {
            (true, true) => out.push(cur),
            (true, false) => out.push((cross_at(prev.0, cur.0, fp, fc), label)),
            (false, true) => {
                out.push((cross_at(prev.0, cur.0, fp, fc), prev.1));
                out.push(cur);
            }
            (false, false) => {}
        }
        prev = cur;
        fp = fc;
    }
}

fn cross_at(a: V, b: V, fa: f64, fb: f64) -> V {
    let t = fa / (fa - fb);
    a + (b - a) * t
}

/// The area of every site's cell, by clipping the board with every other site's bisector:
/// quadratic, independent of the grid, kept as the test oracle.
pub(crate) fn areas_brute_force(board: &Board, sites: &[V]) -> Vec<f64> {
    let base: Vec<(V, u32)> = board.vertices().iter().map(|&v| (v, BOUNDARY)).collect();
    let mut out = Vec::with_capacity(sites.len());
    let mut poly = Vec::new();
    let mut spare = Vec::new();
    for (i, &s) in sites.iter().enumerate() {
        poly.clone_from(&base);
        for (j, &t) in sites.iter().enumerate() {
            if i != j {
                clip(&poly, s, t, 0, &mut spare);
                std::mem::swap(&mut poly, &mut spare);
            }
        }
        out.push(area_of_labelled(&poly));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::polygon::Polygon;

    fn board(coords: &[[f64; 2]]) -> Board {
        Board::new(Polygon::from_coords(coords).expect("polygon"), 0.5).expect("board")
    }

    fn grid_areas(b: &Board, pts: &[V]) -> Vec<f64> {
        let (lo, hi) = b.bbox();
        let mut g = Grid::new(lo, hi, 2.0);
        for (i, &p) in pts.iter().enumerate() {
            g.insert(i as u32, p);
        }
        let sites = Sites {
            grid: &g,
            extra: None,
            gone: |_| false,
        };
        let mut sc = Scratch::default();
        pts.iter()
            .enumerate()
            .map(|(i, &p)| {
                cell(b, &sites, p, i as u32, &mut sc);
                area(b, &sc.poly, p, |l| pts.get(l as usize).copied())
            })
            .collect()
    }

    fn random_points(b: &Board, n: usize, seed: u64) -> Vec<V> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let (lo, hi) = b.bbox();
        let mut pts = Vec::new();
        while pts.len() < n {
            let p = V::new(
                lo.x + rng.f64() * (hi.x - lo.x),
                lo.y + rng.f64() * (hi.y - lo.y),
            );
            if b.fits_v(p) {
                pts.push(p);
            }
        }
        pts
    }

    #[test]
    fn grid_cells_match_brute_force_and_tile_the_board() {
        let square = board(&[[0.0, 0.0], [19.0, 0.0], [19.0, 19.0], [0.0, 19.0]]);
        let l_shape = board(&[
            [0.0, 0.0],
            [12.0, 0.0],
            [12.0, 5.0],
            [5.0, 5.0],
            [5.0, 12.0],
            [0.0, 12.0],
        ]);
        for (b, seed) in [(&square, 1), (&square, 2), (&l_shape, 3), (&l_shape, 4)] {
            for n in [1, 2, 7, 60] {
                let pts = random_points(b, n, seed);
                let fast = grid_areas(b, &pts);
                let slow = areas_brute_force(b, &pts);
                for (f, s) in fast.iter().zip(&slow) {
                    assert!((f - s).abs() < 1e-9, "{f} vs {s}");
                }
                let total: f64 = fast.iter().sum();
                let area = b.polygon().area();
                assert!((total - area).abs() < 1e-9 * area, "{total} vs {area}");
            }
        }
    }
}
