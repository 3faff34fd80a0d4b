//! The state behind a [`super::Board`]: per-cell arrays, one per field, with their counts,
//! and the chain merge that only touches them. Indices are masked into the arrays' length,
//! so the hot paths need no bounds checks (and no `unsafe`).

use super::{Idx, OFF};
use crate::classic::zobrist::{KEYED, MAX_CELLS};

/// Length of every per-cell array: a power of two at least [`MAX_CELLS`], so that an index
/// masked by [`at`] is provably in bounds and the hot paths carry no bounds checks.
pub(super) const GRID: usize = 1024;
const _: () = assert!(GRID >= MAX_CELLS && GRID.is_power_of_two() && KEYED == GRID);

/// The array slot of index `i`; the mask is a no-op for every index a board hands out.
#[inline(always)]
pub(super) const fn at(i: Idx) -> usize {
    i as usize & (GRID - 1)
}

/// The board state: one fixed-size array per cell field (see [`GRID`]), the empty-point
/// and captured-stone lists, and the counts that go with them.
pub(super) struct Grid {
    /// [`super::EMPTY`], [`super::BLACK`], [`super::WHITE`] or [`OFF`].
    pub(super) cell: [u8; GRID],
    /// Packed counts of each neighbour kind, see [`super::nbr_unit`].
    pub(super) nbrs: [u16; GRID],
    /// The representative stone of each stone's chain.
    pub(super) chain: [Idx; GRID],
    /// The next stone of the same chain (a circular list).
    pub(super) next: [Idx; GRID],
    /// Pseudo-liberties (adjacent (stone, empty point) pairs), kept at the representative.
    pub(super) libs: [u16; GRID],
    /// Stones in the chain, kept at the representative.
    pub(super) stones: [u16; GRID],
    /// The empty points, in no particular order; the first `Board::n_empties` are valid.
    pub(super) empties: [Idx; GRID],
    /// The stones the last move removed, in removal order; the first
    /// `Board::n_captured` are valid.
    pub(super) captured: [Idx; GRID],
    /// A full word, not a u16: a narrow field packed beside `ko` made the compiler load
    /// both with one wide read just after `ko` was stored, a store-forwarding stall.
    pub(super) n_empties: usize,
    /// How many of `captured` the last move removed.
    pub(super) n_captured: usize,
    /// The Zobrist hash of the stones on the board.
    pub(super) hash: u64,
    /// The point where an immediate recapture would retake a single-stone ko, or
    /// [`super::NO_KO`].
    pub(super) ko: Idx,
    pub(super) stone_count: [u16; 2],
}

impl Grid {
    pub(super) fn blank() -> Box<Grid> {
        Box::new(Grid {
            cell: [OFF; GRID],
            nbrs: [0; GRID],
            chain: [0; GRID],
            next: [0; GRID],
            libs: [0; GRID],
            stones: [0; GRID],
            empties: [0; GRID],
            captured: [0; GRID],
            n_empties: 0,
            n_captured: 0,
            hash: 0,
            ko: super::NO_KO,
            stone_count: [0; 2],
        })
    }

    /// Joins two chains; returns the representative of the union.
    pub(super) fn merge(&mut self, a: Idx, b: Idx) -> Idx {
        let (big, small) = if self.stones[at(a)] >= self.stones[at(b)] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.chain[at(s)] = big;
            s = self.next[at(s)];
            if s == small {
                break;
            }
        }
        self.next.swap(at(big), at(small));
        self.libs[at(big)] += self.libs[at(small)];
        self.stones[at(big)] += self.stones[at(small)];
        big
    }

    /// Copies the first `cells` cells of `src`, its empty points and captured stones and
    /// its counts: nothing beyond them is ever read, so a small board copies little.
    pub(super) fn copy_prefix(&mut self, src: &Grid, cells: usize) {
        let (empties, captured) = (src.n_empties, src.n_captured);
        self.cell[..cells].copy_from_slice(&src.cell[..cells]);
        self.nbrs[..cells].copy_from_slice(&src.nbrs[..cells]);
        self.chain[..cells].copy_from_slice(&src.chain[..cells]);
        self.next[..cells].copy_from_slice(&src.next[..cells]);
        self.libs[..cells].copy_from_slice(&src.libs[..cells]);
        self.stones[..cells].copy_from_slice(&src.stones[..cells]);
        self.empties[..empties].copy_from_slice(&src.empties[..empties]);
        self.captured[..captured].copy_from_slice(&src.captured[..captured]);
        (self.n_empties, self.n_captured) = (empties, captured);
        (self.hash, self.ko, self.stone_count) = (src.hash, src.ko, src.stone_count);
    }
}
