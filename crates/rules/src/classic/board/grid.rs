//! The state behind a [`super::Board`]: per-cell arrays, one per field, with their counts,
//! and the chain merge that only touches them. Indices are masked into the arrays' length,
//! so the hot paths need no bounds checks (and no `unsafe`).

use super::cells::{Idx, NO_KO, OFF};
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
///
/// Laid out by hand, page-aligned, with a gap after each array so that no two arrays
/// start at the same offset modulo 4096. Without the gaps, entries of the same index in
/// every other array lay a multiple of 4096 bytes apart, and a load just after a store
/// to such an address waits for the processor to rule out that it reads the stored value
/// ("4K aliasing"): the playouts, which store to some arrays and load from others at the
/// same indices, ran about 2.5% slower (gaps of 256 to 512 bytes measured alike within
/// 1-2%; 320 came out best).
#[repr(C, align(4096))]
pub(super) struct Grid {
    /// A full word, not a u16: a narrow field packed beside `ko` made the compiler load
    /// both with one wide read just after `ko` was stored, a store-forwarding stall.
    pub(super) n_empties: usize,
    /// How many of `captured` the last move removed.
    pub(super) n_captured: usize,
    /// The Zobrist hash of the stones on the board.
    pub(super) hash: u64,
    /// The point where an immediate recapture would retake a single-stone ko, or
    /// [`super::cells::NO_KO`].
    pub(super) ko: Idx,
    pub(super) stone_count: [u16; 2],
    _gap: [u8; HEAD_GAP],
    /// Packed counts of each neighbour kind, see [`super::cells::nbr_unit`].
    pub(super) nbrs: [u16; GRID],
    _gap0: [u8; GAP],
    /// The representative stone of each stone's chain.
    pub(super) chain: [Idx; GRID],
    _gap1: [u8; GAP],
    /// The next stone of the same chain (a circular list).
    pub(super) next: [Idx; GRID],
    _gap2: [u8; GAP],
    /// Pseudo-liberties (adjacent (stone, empty point) pairs), kept at the representative.
    pub(super) libs: [u16; GRID],
    _gap3: [u8; GAP],
    /// Stones in the chain, kept at the representative.
    pub(super) stones: [u16; GRID],
    _gap4: [u8; GAP],
    /// The empty points, in no particular order; the first `Board::n_empties` are valid.
    pub(super) empties: [Idx; GRID],
    _gap5: [u8; GAP],
    /// The stones the last move removed, in removal order; the first
    /// `Board::n_captured` are valid.
    pub(super) captured: [Idx; GRID],
    _gap6: [u8; GAP],
    /// [`super::cells::EMPTY`], [`super::cells::BLACK`], [`super::cells::WHITE`] or [`OFF`].
    pub(super) cell: [u8; GRID],
}

/// The gap after each array of [`Grid`]: the arrays (2048 bytes each but `cell`) then
/// start 2368 bytes apart, at eight different offsets modulo 4096.
const GAP: usize = 320;
/// The counts at the head of [`Grid`] and the gap after them: one cache line.
const HEAD_GAP: usize = 64 - 3 * 8 - 2 - 4;
const _: () = assert!(std::mem::offset_of!(Grid, nbrs) == 64);

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
            ko: NO_KO,
            stone_count: [0; 2],
            _gap: [0; HEAD_GAP],
            _gap0: [0; GAP],
            _gap1: [0; GAP],
            _gap2: [0; GAP],
            _gap3: [0; GAP],
            _gap4: [0; GAP],
            _gap5: [0; GAP],
            _gap6: [0; GAP],
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
