//! A bucket grid of stone centres, so that every neighbourhood question (overlap, liberties,
//! snapping, Voronoi neighbours) looks at a few cells instead of every stone.

use super::point::V;

/// The grid never has more cells than this per side; on a board far larger than its stones
/// the cells simply hold more stones.
const MAX_SIDE: usize = 256;

/// A copy of `v` with the same room to grow. `Vec::clone` leaves none, so the first push
/// into a copied game's vectors (its stones, a big group's members) would move all of
/// them: a copy keeps the original's amortised growth instead.
pub(crate) fn clone_with_room<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.capacity());
    out.extend_from_slice(v);
    out
}

/// Stones (id and centre) sorted into square cells over the board's bounding box.
#[derive(Debug)]
pub(crate) struct Grid {
    origin: V,
    h: f64,
    nx: usize,
    ny: usize,
    cells: Vec<Vec<(u32, V)>>,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid {
            origin: self.origin,
            h: self.h,
            nx: self.nx,
            ny: self.ny,
            cells: self.cells.iter().map(clone_with_room).collect(),
        }
    }
}

impl Grid {
    /// A grid over the box `lo..hi` with cells of side at least `h_min`.
    pub fn new(lo: V, hi: V, h_min: f64) -> Grid {
        let span = (hi.x - lo.x).max(hi.y - lo.y);
        let h = h_min.max(span / MAX_SIDE as f64);
        let side = |w: f64| ((w / h).ceil() as usize).clamp(1, MAX_SIDE);
        let nx = side(hi.x - lo.x);
        let ny = side(hi.y - lo.y);
        Grid {
            origin: lo,
            h,
            nx,
            ny,
            cells: vec![Vec::new(); nx * ny],
        }
    }

    /// An empty grid over the same box with cells `factor` times as wide.
    pub fn coarsened(&self, factor: usize) -> Grid {
        let (nx, ny) = (self.nx.div_ceil(factor), self.ny.div_ceil(factor));
        Grid {
            origin: self.origin,
            h: self.h * factor as f64,
            nx,
            ny,
            cells: vec![Vec::new(); nx * ny],
        }
    }

    /// The cell holding `p` (points off the grid go to the nearest cell).
    pub fn cell_of(&self, p: V) -> (usize, usize) {
        // Truncation equals floor for the non-negative values that matter; negative ones
        // (points off the grid) clamp to 0 either way, and NaN casts to 0.
        let f = |v: f64, n: usize| ((v / self.h) as usize).min(n - 1);
        (
            f(p.x - self.origin.x, self.nx),
            f(p.y - self.origin.y, self.ny),
        )
    }

    pub fn insert(&mut self, id: u32, p: V) {
        let (x, y) = self.cell_of(p);
        self.cells[y * self.nx + x].push((id, p));
    }

    pub fn remove(&mut self, id: u32, p: V) {
        let (x, y) = self.cell_of(p);
        let cell = &mut self.cells[y * self.nx + x];
        if let Some(i) = cell.iter().position(|&(s, _)| s == id) {
            cell.swap_remove(i);
        }
    }

    /// Calls `f` for every stone whose centre is within `radius` of `p` (and maybe a few a
    /// little farther: callers test the exact distance they need).
    pub fn near(&self, p: V, radius: f64, mut f: impl FnMut(u32, V)) {
        let (x0, y0) = self.cell_of(p - V::new(radius, radius));
        let (x1, y1) = self.cell_of(p + V::new(radius, radius));
        let r2 = radius * radius;
        for y in y0..=y1 {
            for cell in &self.cells[y * self.nx + x0..=y * self.nx + x1] {
                for &(id, q) in cell {
                    if q.dist2(p) <= r2 {
                        f(id, q);
                    }
                }
            }
        }
    }

    /// True when `f` holds for some stone centre within `radius` of `p` (or a little
    /// farther, as for [`Grid::near`]).
    pub fn near_any(&self, p: V, radius: f64, mut f: impl FnMut(V) -> bool) -> bool {
        let (x0, y0) = self.cell_of(p - V::new(radius, radius));
        let (x1, y1) = self.cell_of(p + V::new(radius, radius));
        (y0..=y1).any(|y| {
            self.cells[y * self.nx + x0..=y * self.nx + x1]
                .iter()
                .any(|cell| cell.iter().any(|&(_, q)| f(q)))
        })
    }

    /// Calls `f` for every stone in the cells at Chebyshev distance `k` from cell `c`.
    /// Returns false when that ring lies wholly outside the grid.
    #[cfg(test)]
    pub fn ring(&self, c: (usize, usize), k: usize, mut f: impl FnMut(u32, V)) -> bool {
        self.ring_cells(c, k, |x, y| {
            for &(id, q) in self.stones_in(x, y) {
                f(id, q);
            }
        })
    }

    /// Calls `f(x, y)` for every cell of the grid at Chebyshev distance `k` from cell
    /// `(cx, cy)`. Returns false when that ring lies wholly outside the grid.
    pub fn ring_cells(
        &self,
        (cx, cy): (usize, usize),
        k: usize,
        mut f: impl FnMut(usize, usize),
    ) -> bool {
        let (cx, cy, k) = (cx as isize, cy as isize, k as isize);
        let (nx, ny) = (self.nx as isize, self.ny as isize);
        if cx - k < 0 && cy - k < 0 && cx + k >= nx && cy + k >= ny {
            return false;
        }
        if k == 0 {
            f(cx as usize, cy as usize);
            return true;
        }
        // Only the ring's cells on the grid are visited (on a small grid most of a wide
        // ring lies off it), in the order of the whole ring: row by row along the top and
        // bottom sides, then the left and right sides.
        let on_x = |x: isize| (0..nx).contains(&x);
        let on_y = |y: isize| (0..ny).contains(&y);
        let (top, bottom) = (cy - k, cy + k);
        if on_y(top) || on_y(bottom) {
            for x in (cx - k).max(0)..=(cx + k).min(nx - 1) {
                if on_y(top) {
                    f(x as usize, top as usize);
                }
                if on_y(bottom) {
                    f(x as usize, bottom as usize);
                }
            }
        }
        let (left, right) = (cx - k, cx + k);
        if on_x(left) || on_x(right) {
            for y in (cy - k + 1).max(0)..=(cy + k - 1).min(ny - 1) {
                if on_x(left) {
                    f(left as usize, y as usize);
                }
                if on_x(right) {
                    f(right as usize, y as usize);
                }
            }
        }
        true
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The index of the cell holding `p`.
    pub fn index_of(&self, p: V) -> usize {
        let (x, y) = self.cell_of(p);
        y * self.nx + x
    }

    /// Calls `f` with the index of every cell that meets the square around the disc of
    /// `radius` around `p` (so every cell where a point within `radius` of `p` lies).
    pub fn cells_within(&self, p: V, radius: f64, mut f: impl FnMut(usize)) {
        let (x0, y0) = self.cell_of(p - V::new(radius, radius));
        let (x1, y1) = self.cell_of(p + V::new(radius, radius));
        for y in y0..=y1 {
            for x in x0..=x1 {
                f(y * self.nx + x);
            }
        }
    }

    /// Where the stone `id` at `p` comes in a scan of the grid (cells row by row, each
    /// cell's stones in order).
    pub fn scan_order(&self, id: u32, p: V) -> (usize, usize) {
        let cell = self.index_of(p);
        let at = self.cells[cell].iter().position(|&(s, _)| s == id);
        (cell, at.unwrap_or(usize::MAX))
    }

    /// Every stone in the grid, cell by cell.
    pub fn all(&self) -> impl Iterator<Item = (u32, V)> + '_ {
        self.cells.iter().flatten().copied()
    }

    /// The stones of cell `(x, y)`.
    pub fn stones_in(&self, x: usize, y: usize) -> &[(u32, V)] {
        &self.cells[y * self.nx + x]
    }

    /// The squared distance from `p` to the nearest point of cell `(x, y)`.
    pub fn cell_dist2(&self, p: V, x: usize, y: usize) -> f64 {
        let lx = self.origin.x + x as f64 * self.h;
        let ly = self.origin.y + y as f64 * self.h;
        let dx = (lx - p.x).max(p.x - lx - self.h).max(0.0);
        let dy = (ly - p.y).max(p.y - ly - self.h).max(0.0);
        dx * dx + dy * dy
    }

    /// A lower bound of the distance from `p` (in cell `c`) to any point of ring `k` of `c`.
    pub fn ring_distance(&self, p: V, (cx, cy): (usize, usize), k: usize) -> f64 {
        if k == 0 {
            return 0.0;
        }
        let inner = k as f64 - 1.0;
        let lx = self.origin.x + (cx as f64 - inner) * self.h;
        let hx = self.origin.x + (cx as f64 + 1.0 + inner) * self.h;
        let ly = self.origin.y + (cy as f64 - inner) * self.h;
        let hy = self.origin.y + (cy as f64 + 1.0 + inner) * self.h;
        let mut d = f64::INFINITY;
        // A side of the ring that lies off the grid holds no stone.
        if cx >= k {
            d = d.min(p.x - lx);
        }
        if cx + k < self.nx {
            d = d.min(hx - p.x);
        }
        if cy >= k {
            d = d.min(p.y - ly);
        }
        if cy + k < self.ny {
            d = d.min(hy - p.y);
        }
        d.max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_stones_within_a_radius() {
        let mut g = Grid::new(V::new(0.0, 0.0), V::new(19.0, 19.0), 2.0);
        let mut rng = fastrand::Rng::with_seed(7);
        let pts: Vec<V> = (0..300)
            .map(|_| V::new(rng.f64() * 19.0, rng.f64() * 19.0))
            .collect();
        for (i, &p) in pts.iter().enumerate() {
            g.insert(i as u32, p);
        }
        g.remove(5, pts[5]);
        let c = V::new(7.3, 11.1);
        let mut got = Vec::new();
        g.near(c, 3.0, |id, _| got.push(id));
        got.sort_unstable();
        let want: Vec<u32> = (0..300u32)
            .filter(|&i| i != 5 && pts[i as usize].dist(c) <= 3.0)
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_copy_keeps_the_room_to_grow() {
        let mut v: Vec<u32> = Vec::with_capacity(64);
        v.extend(0..40);
        let copy = clone_with_room(&v);
        assert_eq!(copy, v);
        assert!(copy.capacity() >= 64);
        let mut g = Grid::new(V::new(0.0, 0.0), V::new(9.0, 9.0), 2.0);
        for i in 0..30u32 {
            g.insert(i, V::new(0.5 + f64::from(i % 6), 0.5 + f64::from(i / 6)));
        }
        let h = g.clone();
        assert!(g.all().eq(h.all()));
    }

    #[test]
    fn a_ring_visits_its_cells_on_the_grid_in_the_order_of_the_whole_ring() {
        let g = Grid::new(V::new(0.0, 0.0), V::new(10.0, 6.0), 2.0);
        let (nx, ny) = (5isize, 3isize);
        for cx in 0..nx {
            for cy in 0..ny {
                for k in 1..8isize {
                    // The whole ring, row by row along the top and bottom sides, then the
                    // sides, with the cells off the grid dropped.
                    let mut want = Vec::new();
                    for x in cx - k..=cx + k {
                        want.extend([(x, cy - k), (x, cy + k)]);
                    }
                    for y in cy - k + 1..cy + k {
                        want.extend([(cx - k, y), (cx + k, y)]);
                    }
                    want.retain(|&(x, y)| (0..nx).contains(&x) && (0..ny).contains(&y));
                    let mut got = Vec::new();
                    let more = g.ring_cells((cx as usize, cy as usize), k as usize, |x, y| {
                        got.push((x as isize, y as isize));
                    });
                    assert_eq!(got, want, "ring {k} around ({cx}, {cy})");
                    assert_eq!(more, !want.is_empty(), "ring {k}");
                }
            }
        }
    }

    #[test]
    fn a_coarsened_grid_finds_every_disc_holding_a_point() {
        let fine = Grid::new(V::new(0.0, 0.0), V::new(19.0, 13.0), 2.0);
        let mut rng = fastrand::Rng::with_seed(3);
        for factor in 1..5 {
            let coarse = fine.coarsened(factor);
            assert_eq!(
                coarse.cell_count(),
                10usize.div_ceil(factor) * 7usize.div_ceil(factor)
            );
            for _ in 0..2000 {
                let centre = V::new(rng.f64() * 19.0, rng.f64() * 13.0);
                let radius = rng.f64() * 5.0;
                let p = centre + V::unit(rng.f64() * 7.0) * (radius * rng.f64());
                if !(0.0..19.0).contains(&p.x) || !(0.0..13.0).contains(&p.y) {
                    continue;
                }
                let mut cells = Vec::new();
                coarse.cells_within(centre, radius, |c| cells.push(c));
                assert!(
                    cells.contains(&coarse.index_of(p)),
                    "{p:?} in {centre:?} {radius}"
                );
            }
        }
    }

    #[test]
    fn rings_partition_the_grid() {
        let mut g = Grid::new(V::new(0.0, 0.0), V::new(10.0, 6.0), 2.0);
        for i in 0..15u32 {
            g.insert(i, V::new(f64::from(i) * 0.66, f64::from(i % 6)));
        }
        let c = g.cell_of(V::new(3.0, 3.0));
        let mut seen = Vec::new();
        let mut k = 0;
        while g.ring(c, k, |id, _| seen.push(id)) {
            k += 1;
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..15).collect::<Vec<_>>());
    }
}
