//! Voronoi cells of stone centres clipped to the board, for the score. A cell is the board
//! clipped by the bisectors of the nearby stones, found ring by ring in the bucket grid and
//! stopped as soon as farther stones cannot reach it; each edge of a cell remembers which
//! stone made it, which is how a move knows the few cells it changes.

use super::board::Board;
use super::grid::Grid;
use super::point::V;
use super::polygon::area_of;

/// The label of a cell edge that lies on the board's outline (or its bounding box).
pub(crate) const BOUNDARY: u32 = u32::MAX;
/// The label of the stone a move is about to place (not yet in the grid).
pub(crate) const NEW: u32 = u32::MAX - 1;

/// Buffers reused from cell to cell.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    poly: Vec<(V, u32)>,
    spare: Vec<(V, u32)>,
    /// The stones whose bisectors clipped the current cell (non-convex boards need them).
    sites: Vec<(u32, V)>,
}

impl Scratch {
    /// The stones whose cells share an edge with the last cell computed (and maybe a few
    /// more on a non-convex board), without `BOUNDARY`.
    pub fn neighbours(&self, out: &mut Vec<u32>) {
        out.extend(self.poly.iter().map(|&(_, l)| l).filter(|&l| l != BOUNDARY));
    }
}

/// The stones of a position seen by a cell computation: the grid, minus the stones for
/// which `gone` holds, plus maybe one stone `extra` labelled [`NEW`].
pub(crate) struct Sites<'a, G: Fn(u32) -> bool> {
    pub grid: &'a Grid,
    pub extra: Option<V>,
    pub gone: G,
}

/// The area of the cell of the stone `me` at `s` among `sites`, clipped to the board. The
/// cell's edges and their labels are left in `sc`.
pub(crate) fn cell<G: Fn(u32) -> bool>(
    board: &Board,
    sites: &Sites<'_, G>,
    s: V,
    me: u32,
    sc: &mut Scratch,
) -> f64 {
    start_cell(board, sc);
    sc.sites.clear();
    let mut maxd2 = max_dist2(&sc.poly, s);
    if let Some(p) = sites.extra
        && me != NEW
    {
        clip_by(sc, s, p, NEW, &mut maxd2);
    }
    let c = sites.grid.cell_of(s);
    for k in 0.. {
        let lb = sites.grid.ring_distance(s, c, k);
        if lb * lb > 4.0 * maxd2 {
            break;
        }
        let more = sites.grid.ring(c, k, |id, q| {
            if id != me && !(sites.gone)(id) {
                clip_by(sc, s, q, id, &mut maxd2);
            }
        });
        if !more {
            break;
        }
    }
    finish_cell(board, s, sc)
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

/// Clips the current cell of `s` by the bisector with `t`, unless it lies beyond the cell.
fn clip_by(sc: &mut Scratch, s: V, t: V, label: u32, maxd2: &mut f64) {
    if s.dist2(t) > 4.0 * *maxd2 {
        return;
    }
    clip(&sc.poly, s, t, label, &mut sc.spare);
    std::mem::swap(&mut sc.poly, &mut sc.spare);
    sc.sites.push((label, t));
    *maxd2 = max_dist2(&sc.poly, s);
}

/// The area of the cell now in `sc`: on a convex board the cell itself; on a non-convex one
/// the polygon clipped by the bisectors that shaped the cell (inside the bounding box).
fn finish_cell(board: &Board, s: V, sc: &mut Scratch) -> f64 {
    if board.is_convex() {
        return area_of_labelled(&sc.poly);
    }
    let mut shape: Vec<(V, u32)> = board.vertices().iter().map(|&v| (v, BOUNDARY)).collect();
    let mut spare = Vec::with_capacity(shape.len() + 8);
    for &(label, t) in &sc.sites {
        if sc.poly.iter().any(|&(_, l)| l == label) {
            clip(&shape, s, t, label, &mut spare);
            std::mem::swap(&mut shape, &mut spare);
        }
    }
    area_of_labelled(&shape)
}

fn area_of_labelled(poly: &[(V, u32)]) -> f64 {
    let vs: Vec<V> = poly.iter().map(|&(v, _)| v).collect();
    area_of(&vs)
}

fn max_dist2(poly: &[(V, u32)], s: V) -> f64 {
    poly.iter().map(|&(v, _)| v.dist2(s)).fold(0.0, f64::max)
}

/// Sutherland-Hodgman: keeps the part of `src` nearer to `s` than to `t`. Each vertex
/// carries the label of the edge that leaves it; new edges on the bisector get `label`.
fn clip(src: &[(V, u32)], s: V, t: V, label: u32, out: &mut Vec<(V, u32)>) {
    out.clear();
    let Some(&last) = src.last() else {
        return;
    };
    let n = t - s;
    let m = (s + t) * 0.5;
    let f = |p: V| (p - m).dot(n);
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
            .map(|(i, &p)| cell(b, &sites, p, i as u32, &mut sc))
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
