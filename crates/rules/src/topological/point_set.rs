//! A set of board points as one `u32` per row: unions, neighbourhoods and flood fills of
//! whole regions in a few word operations, which is what keeps the every-move enclosure
//! check, the legal-move masks and the computer player's playouts cheap.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::point::{MAX_SIZE, Point};

const ROWS: usize = MAX_SIZE as usize;

/// Points of a board of side at most [`MAX_SIZE`]; bit `x` of `rows[y]` is the point
/// `(x, y)`. PointSet outside the board are kept clear by every operation that takes the side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    rows: [u32; ROWS],
}

/// How two points of a region may be joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Orthogonal steps only: trees.
    Orthogonal,
    /// Orthogonal and diagonal steps: the regions between one player's stones.
    King,
}

/// Every bit of a run of `m` at or above the lowest bit of `s` in that run.
///
/// Adding `s` to `m` carries from each run's lowest seed to the run's top; the carry
/// vector `(m + s) ^ m ^ s` is therefore the run above that seed.
const fn fill_up(s: u32, m: u32) -> u32 {
    let s = s & m;
    (m.wrapping_add(s) ^ m ^ s) & m | s
}

/// Every run of `m` (bits next to each other) that holds a bit of `s`.
const fn fill_runs(s: u32, m: u32) -> u32 {
    fill_up(s, m) | fill_up(s.reverse_bits(), m.reverse_bits()).reverse_bits()
}

impl PointSet {
    /// No point.
    pub const EMPTY: PointSet = PointSet { rows: [0; ROWS] };

    /// Every point of a board of side `n`.
    pub fn full(n: usize) -> PointSet {
        let n = n.min(ROWS);
        let mut b = PointSet::EMPTY;
        let row = (1u32 << n) - 1;
        b.rows[..n].fill(row);
        b
    }

    /// The single point `p`.
    pub fn single(p: Point) -> PointSet {
        let mut b = PointSet::EMPTY;
        b.insert(p);
        b
    }

    /// Whether `p` is in the set.
    pub fn contains(&self, p: Point) -> bool {
        self.rows[usize::from(p.y())] >> p.x() & 1 != 0
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: Point) {
        self.rows[usize::from(p.y())] |= 1 << p.x();
    }

    /// Whether the set has no point.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The number of points.
    pub fn count(&self) -> u32 {
        self.rows.iter().map(|r| r.count_ones()).sum()
    }

    /// The points in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.rows.iter().enumerate().flat_map(|(y, &row)| {
            let mut r = row;
            std::iter::from_fn(move || {
                (r != 0).then(|| {
                    let x = r.trailing_zeros() as usize;
                    r &= r - 1;
                    Point::from_indices(x, y)
                })
            })
        })
    }

    /// The first point in row-major order.
    pub fn first(&self) -> Option<Point> {
        let y = self.rows.iter().position(|&r| r != 0)?;
        Some(Point::from_indices(
            self.rows[y].trailing_zeros() as usize,
            y,
        ))
    }

    /// The `k`-th point (from 0) in row-major order.
    pub fn nth(&self, mut k: u32) -> Option<Point> {
        for (y, &row) in self.rows.iter().enumerate() {
            let c = row.count_ones();
            if k < c {
                let mut r = row;
                for _ in 0..k {
                    r &= r - 1;
                }
                return Some(Point::from_indices(r.trailing_zeros() as usize, y));
            }
            k -= c;
        }
        None
    }

    /// The points and their orthogonal neighbours on a board of side `n`.
    pub fn grow_orthogonal(&self, n: usize) -> PointSet {
        let n = n.min(ROWS);
        let width = (1u32 << n) - 1;
        let mut out = PointSet::EMPTY;
        for y in 0..n {
            let r = self.rows[y];
            let mut g = r | r << 1 | r >> 1;
            if y > 0 {
                g |= self.rows[y - 1];
            }
            if y + 1 < n {
                g |= self.rows[y + 1];
            }
            out.rows[y] = g & width;
        }
        out
    }

    /// The connected part of `within` that holds the points of `seed` (seeds outside
    /// `within` are dropped), on a board of side `n`.
    pub(super) fn fill(seed: PointSet, within: &PointSet, n: usize, step: Step) -> PointSet {
        PointSet::fill_until(seed, within, n, step, |_| false)
    }

    /// As [`PointSet::fill`], but returns the part filled so far as soon as `stop` holds for it
    /// (checked after each round).
    ///
    /// Sweeps down then up, filling whole row runs at each step, until nothing changes:
    /// regions of ordinary shape settle in two or three rounds.
    pub(super) fn fill_until(
        seed: PointSet,
        within: &PointSet,
        n: usize,
        step: Step,
        stop: impl Fn(&PointSet) -> bool,
    ) -> PointSet {
        let mut comp = seed & *within;
        let reach = |r: u32| match step {
            Step::Orthogonal => r,
            Step::King => r | r << 1 | r >> 1,
        };
        loop {
            let mut changed = false;
            for y in 0..n {
                let from_above = if y > 0 { reach(comp.rows[y - 1]) } else { 0 };
                changed |= comp.spread_row(y, from_above, within.rows[y]);
            }
            for y in (0..n).rev() {
                let from_below = if y + 1 < n {
                    reach(comp.rows[y + 1])
                } else {
                    0
                };
                changed |= comp.spread_row(y, from_below, within.rows[y]);
            }
            if !changed || stop(&comp) {
                return comp;
            }
        }
    }

    /// Adds to row `y` what `incoming` reaches inside `mask`, whole runs at a time.
    fn spread_row(&mut self, y: usize, incoming: u32, mask: u32) -> bool {
        let old = self.rows[y];
        let new = fill_runs(old | incoming & mask, mask);
        self.rows[y] = new;
        new != old
    }

    /// Whether the points touch two opposite sides of a board of side `n`.
    pub(super) fn spans(&self, n: usize) -> bool {
        let top_bottom = self.rows[0] != 0 && self.rows[n - 1] != 0;
        let any = self.rows[..n].iter().fold(0, |a, r| a | r);
        let left_right = any & 1 != 0 && any >> (n - 1) & 1 != 0;
        top_bottom || left_right
    }
}

impl BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(mut self, rhs: PointSet) -> PointSet {
        self &= rhs;
        self
    }
}

impl BitAndAssign for PointSet {
    fn bitand_assign(&mut self, rhs: PointSet) {
        for (a, b) in self.rows.iter_mut().zip(rhs.rows) {
            *a &= b;
        }
    }
}

impl BitOr for PointSet {
    type Output = PointSet;
    fn bitor(mut self, rhs: PointSet) -> PointSet {
        self |= rhs;
        self
    }
}

impl BitOrAssign for PointSet {
    fn bitor_assign(&mut self, rhs: PointSet) {
        for (a, b) in self.rows.iter_mut().zip(rhs.rows) {
            *a |= b;
        }
    }
}

/// The complement over all [`MAX_SIZE`] columns and rows: mask it with [`PointSet::full`].
impl Not for PointSet {
    type Output = PointSet;
    fn not(mut self) -> PointSet {
        for r in &mut self.rows {
            *r = !*r;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: usize, y: usize) -> Point {
        Point::from_indices(x, y)
    }

    fn set(points: &[(usize, usize)]) -> PointSet {
        let mut b = PointSet::EMPTY;
        for &(x, y) in points {
            b.insert(pt(x, y));
        }
        b
    }

    #[test]
    fn run_fill_takes_whole_runs_with_a_seed() {
        let m = 0b0111_1011_0110;
        assert_eq!(fill_runs(0b0000_0000_0100, m), 0b0000_0000_0110);
        assert_eq!(fill_runs(0b0010_0100_0000, m), 0b0111_1000_0000);
        assert_eq!(fill_runs(0b1000_0000_1000, m), 0);
        assert_eq!(fill_runs(m, m), m);
    }

    #[test]
    fn a_diagonal_step_joins_but_not_through_an_orthogonal_wall() {
        let n = 6;
        let wall = set(&[(1, 0), (1, 1), (0, 1)]);
        let free = PointSet::full(n) & !wall;
        let corner = PointSet::fill(PointSet::single(pt(0, 0)), &free, n, Step::King);
        assert_eq!(corner, set(&[(0, 0)]));
        let diagonal = set(&[(1, 0), (0, 1)]);
        let free = PointSet::full(n) & !diagonal;
        let open = PointSet::fill(PointSet::single(pt(0, 0)), &free, n, Step::King);
        assert_eq!(open.count(), 34);
        let tree = PointSet::fill(PointSet::single(pt(1, 0)), &diagonal, n, Step::Orthogonal);
        assert_eq!(tree, set(&[(1, 0)]));
    }

    #[test]
    fn fill_follows_a_winding_corridor() {
        // A serpentine corridor on 7x7: rows 0, 2, 4, 6 open, joined at alternate ends.
        let n = 7;
        let mut free = PointSet::EMPTY;
        for y in (0..n).step_by(2) {
            for x in 0..n {
                free.insert(pt(x, y));
            }
        }
        free.insert(pt(6, 1));
        free.insert(pt(0, 3));
        free.insert(pt(6, 5));
        for step in [Step::Orthogonal, Step::King] {
            assert_eq!(
                PointSet::fill(PointSet::single(pt(0, 0)), &free, n, step),
                free
            );
        }
        let comp = PointSet::fill(PointSet::single(pt(3, 6)), &free, n, Step::King);
        assert!(comp.spans(n));
    }

    #[test]
    fn spans_needs_two_opposite_sides() {
        let n = 8;
        assert!(set(&[(0, 0), (7, 0), (0, 3)]).spans(n));
        assert!(set(&[(0, 0), (7, 0)]).spans(n));
        assert!(set(&[(3, 0), (3, 7)]).spans(n));
        assert!(!set(&[(0, 0), (0, 5), (4, 0)]).spans(n));
        assert!(!set(&[(3, 3)]).spans(n));
    }

    #[test]
    fn growth_iteration_and_selection_agree() {
        let n = 6;
        let b = set(&[(0, 0), (5, 5), (2, 3)]);
        let g = b.grow_orthogonal(n);
        assert_eq!(g.count(), 3 + 4 + 2 + 2);
        let listed: Vec<Point> = g.iter().collect();
        assert_eq!(listed.len() as u32, g.count());
        for (k, p) in listed.iter().enumerate() {
            assert_eq!(g.nth(k as u32), Some(*p));
        }
        assert_eq!(g.nth(g.count()), None);
        assert_eq!(g.first(), Some(pt(0, 0)));
        assert!(g.contains(pt(3, 3)) && !g.contains(pt(4, 4)));
    }
}
