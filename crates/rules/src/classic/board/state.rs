//! The board itself: its cells, stones and chains in the padded grid, and playing a stone
//! with its captures; the other parts of the board add to it in their own modules.

use std::fmt;
use std::hint::select_unpredictable;

use super::cells::{BLACK, EMPTY, Idx, NO_KO, OFF, STONE_NBRS, WHITE, nbr_unit, stone};
use super::grid::{GRID, Grid, at};
use crate::Color;
use crate::classic::point::Point;
use crate::classic::zobrist::{MAX_CELLS, STONE_KEYS};

/// The entry of `reps` at the lowest set bit of `mask` (which has one).
#[inline(always)]
fn first_of(mask: u8, reps: [Idx; 4]) -> Idx {
    let mut first = reps[3];
    for k in (0..3).rev() {
        first = select_unpredictable(mask & (1 << k) != 0, reps[k], first);
    }
    first
}

/// The bits of the entries of `reps` equal to `r`.
#[inline(always)]
fn lanes_of(reps: [Idx; 4], r: Idx) -> u8 {
    let mut m = 0;
    for (k, &x) in reps.iter().enumerate() {
        m |= u8::from(x == r) << k;
    }
    m
}

/// A classic Go board of side 2..=25.
pub struct Board {
    pub(super) size: u8,
    pub(super) stride: Idx,
    /// Padded cells in use: `stride * stride`.
    pub(super) cells: u16,
    /// Everything that changes as stones come and go, in one allocation so that a hot
    /// loop sees its counts at fixed offsets from the arrays it indexes.
    pub(super) grid: Box<Grid>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut b = Board {
            grid: Grid::blank(),
            ..*self
        };
        b.clone_from(self);
        b
    }

    /// Copies only the cells `src` uses, reusing this board's allocations: the playout
    /// loop resets its board this way before every playout.
    fn clone_from(&mut self, src: &Board) {
        self.grid.copy_prefix(&src.grid, usize::from(src.cells));
        (self.size, self.stride, self.cells) = (src.size, src.stride, src.cells);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = (0..self.size)
            .map(|y| {
                (0..self.size)
                    .map(|x| match self.color_at(self.idx_of(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("rows", &rows)
            .field("ko", &self.ko().map(|i| self.point(i)))
            .field("hash", &self.grid.hash)
            .finish_non_exhaustive()
    }
}

impl Board {
    /// An empty board of side `size`.
    ///
    /// # Panics
    /// If `size` is outside 2..=25; [`crate::classic::Rules`] checks the size before a board is made.
    pub fn new(size: u8) -> Board {
        assert!((2..=25).contains(&size), "board size {size} out of range");
        let stride = Idx::from(size) + 2;
        let cells = stride * stride;
        debug_assert!(usize::from(cells) <= MAX_CELLS);
        let mut b = Board {
            size,
            stride,
            cells,
            grid: Grid::blank(),
        };
        for y in 0..size {
            for x in 0..size {
                let i = b.idx_of(x, y);
                b.grid.cell[at(i)] = EMPTY;
                b.grid.empties[b.grid.n_empties] = i;
                b.grid.n_empties += 1;
            }
        }
        for i in 0..cells {
            if b.grid.cell[at(i)] != OFF {
                b.grid.nbrs[at(i)] = b.recount_nbrs(i);
            }
        }
        b
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    fn idx_of(&self, x: u8, y: u8) -> Idx {
        (Idx::from(y) + 1) * self.stride + Idx::from(x) + 1
    }

    /// The padded index of `p`, or `None` if `p` is off this board.
    pub(crate) fn idx(&self, p: Point) -> Option<Idx> {
        (p.x() < self.size && p.y() < self.size).then(|| self.idx_of(p.x(), p.y()))
    }

    pub(crate) fn point(&self, i: Idx) -> Point {
        let x = i % self.stride - 1;
        let y = i / self.stride - 1;
        Point::new(u32::from(x), u32::from(y), self.size).expect("index on the board")
    }

    #[inline(always)]
    pub(super) fn neighbours(&self, i: Idx) -> [Idx; 4] {
        [
            i.wrapping_sub(self.stride),
            i.wrapping_sub(1),
            i.wrapping_add(1),
            i.wrapping_add(self.stride),
        ]
    }

    #[inline(always)]
    pub(super) fn diagonals(&self, i: Idx) -> [Idx; 4] {
        let up = i.wrapping_sub(self.stride);
        let down = i.wrapping_add(self.stride);
        [
            up.wrapping_sub(1),
            up.wrapping_add(1),
            down.wrapping_sub(1),
            down.wrapping_add(1),
        ]
    }

    /// The packed neighbour counts of `i` computed from the cells (not the stored ones).
    fn recount_nbrs(&self, i: Idx) -> u16 {
        self.neighbours(i)
            .iter()
            .map(|&q| nbr_unit(self.grid.cell[at(q)]))
            .sum()
    }

    /// The stone at `p`, if any.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.idx(p).and_then(|i| self.color_at(i))
    }

    pub(crate) fn color_at(&self, i: Idx) -> Option<Color> {
        match self.grid.cell[at(i)] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    pub(crate) fn is_empty_at(&self, i: Idx) -> bool {
        self.grid.cell[at(i)] == EMPTY
    }

    /// Every empty point's index, in no particular order.
    #[inline]
    pub(crate) fn empties(&self) -> &[Idx] {
        &self.grid.empties[..self.grid.n_empties]
    }

    /// The `k`th entry of [`Board::empties`], for `k` below its length.
    #[inline(always)]
    pub(crate) fn empty_at(&self, k: usize) -> Idx {
        debug_assert!(k < self.grid.n_empties);
        self.grid.empties[k & (GRID - 1)]
    }

    /// The hash of the stones on the board (not the player to move).
    pub fn hash(&self) -> u64 {
        self.grid.hash
    }

    /// The point a single-stone ko forbids for the next move, if any.
    pub(crate) fn ko(&self) -> Option<Idx> {
        (self.grid.ko != NO_KO).then_some(self.grid.ko)
    }

    /// A pass: the ko ban lapses, since the next move is no longer an immediate recapture.
    pub(crate) fn pass(&mut self) {
        self.grid.ko = NO_KO;
    }

    /// The stones removed by the last [`Board::play`], in removal order.
    pub(crate) fn captured(&self) -> &[Idx] {
        &self.grid.captured[..self.grid.n_captured]
    }

    /// Swaps two entries of the empty-point list (order does not matter to the board).
    #[inline(always)]
    pub(crate) fn swap_empties(&mut self, a: usize, b: usize) {
        let g = &mut *self.grid;
        let (a, b) = (a & (GRID - 1), b & (GRID - 1));
        g.empties.swap(a, b);
    }

    pub fn stone_count(&self, color: Color) -> u16 {
        self.grid.stone_count[color.index()]
    }

    #[inline(always)]
    pub(super) fn count_nbrs(&self, i: Idx, cell: u8) -> u16 {
        (self.grid.nbrs[at(i)] >> (4 * cell)) & 0xf
    }

    /// Places a stone of `color` on the empty point `i` and removes what it captures,
    /// including its own chain when the move is suicide.
    ///
    /// The board keeps no index from points into [`Board::empties`] (keeping one up to
    /// date cost the playouts more than this search costs a checked game), so this looks
    /// `i` up; [`Board::play_slot`] is the playouts' way, which knows the slot.
    ///
    /// # Panics
    /// If `i` is not an empty point of this board. Callers check emptiness (and ko, and
    /// suicide where it is forbidden) first.
    pub(crate) fn play(&mut self, i: Idx, color: Color) {
        let slot = self.empties().iter().position(|&e| e == i);
        self.play_slot(slot.expect("a stone is played on an empty point"), color);
    }

    /// [`Board::play`] at the point in slot `k` of [`Board::empties`].
    ///
    /// # Panics
    /// In debug builds, if `k` is not below the number of empty points.
    #[inline]
    pub(crate) fn play_slot(&mut self, k: usize, color: Color) {
        let i = self.empty_at(k);
        self.grid.n_captured = 0;
        self.grid.ko = NO_KO;
        let own = stone(color);
        let around = self.grid.nbrs[at(i)];
        self.set_stone(i, k, own);
        let g = &mut *self.grid;
        g.chain[at(i)] = i;
        g.next[at(i)] = i;
        g.stones[at(i)] = 1;
        g.libs[at(i)] = around & 0xf;
        if around & STONE_NBRS != 0 {
            self.join_and_capture(i, own);
        }
    }

    /// The part of [`Board::play`] for a stone with stones beside it: it takes their
    /// liberty, joins its own chains, captures and sets the ko point. The common cases run
    /// without branching on the neighbours, which the branch predictor cannot follow in
    /// random positions.
    #[inline]
    fn join_and_capture(&mut self, i: Idx, own: u8) {
        let opp = own ^ (BLACK | WHITE);
        let nbrs = self.neighbours(i);
        let g = &mut *self.grid;
        let cells = nbrs.map(|q| g.cell[at(q)]);
        let reps = nbrs.map(|q| g.chain[at(q)]);
        // A neighbour without a stone takes 0 from whatever its stale chain entry names.
        for k in 0..4 {
            g.libs[at(reps[k])] -= u16::from((cells[k] == BLACK) | (cells[k] == WHITE));
        }
        // The stone joins the chain of its last own neighbour, or with `joined == i` the
        // same steps leave it a chain of its own.
        let mut joined = i;
        for k in 0..4 {
            joined = select_unpredictable(cells[k] == own, reps[k], joined);
        }
        let libs = g.libs[at(i)];
        g.stones[at(i)] = 0;
        g.libs[at(i)] = 0;
        g.chain[at(i)] = joined;
        g.next[at(i)] = g.next[at(joined)];
        g.next[at(joined)] = i;
        g.stones[at(joined)] += 1;
        g.libs[at(joined)] += libs;
        let mut merge_mask = 0u8;
        let mut capture_mask = 0u8;
        for k in 0..4 {
            merge_mask |= u8::from((cells[k] == own) & (reps[k] != joined)) << k;
            capture_mask |= u8::from((cells[k] == opp) & (g.libs[at(reps[k])] == 0)) << k;
        }
        let mut rep = joined;
        if merge_mask != 0 {
            // The first chain to join, picked without branching; a third is rare.
            let other = first_of(merge_mask, reps);
            rep = g.merge(rep, other);
            let rest = merge_mask & !lanes_of(reps, other);
            if rest != 0 {
                for (k, &q) in nbrs.iter().enumerate() {
                    let r = g.chain[at(q)];
                    if rest & (1 << k) != 0 && r != rep {
                        rep = g.merge(rep, r);
                    }
                }
            }
        }
        if capture_mask != 0 {
            // The first chain captured, picked without branching; a second is rare.
            let first = first_of(capture_mask, reps);
            let rest = capture_mask & !lanes_of(reps, first);
            self.remove_chain(first);
            if rest != 0 {
                for (k, &q) in nbrs.iter().enumerate() {
                    // A chain beside `i` twice is in the mask twice; the second time it
                    // is gone.
                    if rest & (1 << k) != 0 && self.grid.cell[at(q)] == opp {
                        self.remove_chain(self.grid.chain[at(q)]);
                    }
                }
            }
        }
        let g = &*self.grid;
        if g.libs[at(rep)] == 0 {
            self.remove_chain(rep);
        } else if self.grid.n_captured == 1 && g.stones[at(rep)] == 1 && g.libs[at(rep)] == 1 {
            self.grid.ko = g.captured[0];
        }
    }

    #[inline(always)]
    fn set_stone(&mut self, i: Idx, slot: usize, cell: u8) {
        let nbrs = self.neighbours(i);
        let g = &mut *self.grid;
        g.cell[at(i)] = cell;
        g.hash ^= STONE_KEYS[usize::from(cell - 1)][at(i)];
        g.stone_count[usize::from(cell - 1)] += 1;
        // Move the last empty point into `i`'s slot (harmless when `i` is the last).
        g.n_empties -= 1;
        g.empties[slot & (GRID - 1)] = g.empties[g.n_empties & (GRID - 1)];
        let delta = nbr_unit(cell).wrapping_sub(nbr_unit(EMPTY));
        for q in nbrs {
            g.nbrs[at(q)] = g.nbrs[at(q)].wrapping_add(delta);
        }
    }

    fn clear_stone(&mut self, i: Idx) {
        let nbrs = self.neighbours(i);
        let g = &mut *self.grid;
        let cell = g.cell[at(i)];
        g.cell[at(i)] = EMPTY;
        g.hash ^= STONE_KEYS[usize::from(cell - 1)][at(i)];
        g.stone_count[usize::from(cell - 1)] -= 1;
        g.empties[g.n_empties & (GRID - 1)] = i;
        g.n_empties += 1;
        let delta = nbr_unit(EMPTY).wrapping_sub(nbr_unit(cell));
        for q in nbrs {
            g.nbrs[at(q)] = g.nbrs[at(q)].wrapping_add(delta);
        }
    }

    fn remove_chain(&mut self, r: Idx) {
        let mut s = r;
        loop {
            let next = self.grid.next[at(s)];
            self.clear_stone(s);
            self.grid.captured[self.grid.n_captured & (GRID - 1)] = s;
            self.grid.n_captured += 1;
            // Branch-free as in `join_and_capture`; the stones of this chain still to go
            // gain liberties too, which does no harm.
            for q in self.neighbours(s) {
                let g = &mut *self.grid;
                let is_stone = (g.cell[at(q)] == BLACK) | (g.cell[at(q)] == WHITE);
                g.libs[at(g.chain[at(q)])] += u16::from(is_stone);
            }
            s = next;
            if s == r {
                break;
            }
        }
    }

    /// The stones of the chain through the stone at `i`.
    pub(crate) fn chain_of(&self, i: Idx) -> Vec<Idx> {
        let mut out = Vec::new();
        if self.color_at(i).is_none() {
            return out;
        }
        let mut s = i;
        loop {
            out.push(s);
            s = self.grid.next[at(s)];
            if s == i {
                break;
            }
        }
        out
    }

    /// The number of distinct liberties of the chain through the stone at `i`.
    pub fn liberties(&self, p: Point) -> usize {
        let Some(i) = self.idx(p) else { return 0 };
        let mut seen: Vec<Idx> = Vec::new();
        for s in self.chain_of(i) {
            for q in self.neighbours(s) {
                if self.is_empty_at(q) && !seen.contains(&q) {
                    seen.push(q);
                }
            }
        }
        seen.len()
    }

    /// Every point of the board in reading order (top row first).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| {
            (0..self.size).filter_map(move |x| Point::new(u32::from(x), u32::from(y), self.size))
        })
    }

    /// Checks the incremental structures against a recount (for tests).
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        let mut listed = vec![0; usize::from(self.cells)];
        for &e in self.empties() {
            listed[usize::from(e)] += 1;
        }
        let mut empties = 0;
        let mut stones = [0u16; 2];
        let mut hash = 0;
        for p in self.points() {
            let i = self.idx(p).expect("on board");
            assert_eq!(
                self.grid.nbrs[at(i)],
                self.recount_nbrs(i),
                "neighbours at {p}"
            );
            if self.is_empty_at(i) {
                empties += 1;
                assert_eq!(listed[usize::from(i)], 1, "{p} listed once as empty");
                continue;
            }
            let cell = self.grid.cell[at(i)];
            stones[usize::from(cell - 1)] += 1;
            hash ^= STONE_KEYS[usize::from(cell - 1)][at(i)];
            let members = self.chain_of(i);
            let rep = self.grid.chain[at(i)];
            assert!(members.iter().all(|&s| self.grid.chain[at(s)] == rep));
            assert!(members.iter().all(|&s| self.grid.cell[at(s)] == cell));
            assert_eq!(usize::from(self.grid.stones[at(rep)]), members.len());
            let pseudo: u16 = members.iter().map(|&s| self.count_nbrs(s, EMPTY)).sum();
            assert_eq!(self.grid.libs[at(rep)], pseudo, "pseudo-liberties at {p}");
            assert!(pseudo > 0, "chain without liberty at {p}");
        }
        // `has_liberty_after` reads an off-board neighbour as chain 0 with no liberties.
        for i in 0..self.cells {
            if self.grid.cell[at(i)] == OFF {
                assert_eq!(
                    self.grid.chain[at(i)],
                    0,
                    "off-board cell {i} names a chain"
                );
            }
        }
        assert_eq!(
            self.grid.libs[0], 0,
            "pseudo-liberties at the off-board slot 0"
        );
        assert_eq!(empties, self.empties().len());
        assert_eq!(stones, self.grid.stone_count, "stone counts");
        assert_eq!(hash, self.grid.hash, "hash");
    }
}
