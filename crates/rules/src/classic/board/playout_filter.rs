//! What a light playout may play: not the ko point, not an own single-point eye, not
//! suicide. These tests run for every point a playout draws, so the costly ones are written
//! to spare the branch predictor, which cannot guess random positions.

use super::cells::{EMPTY, Idx, OFF, stone};
use super::grid::at;
use super::state::Board;
use crate::Color;

impl Board {
    /// Whether a light playout may play `color` at the empty point `i`: not the ko point,
    /// not a single-point eye of `color` ([`Board::is_eye`]) and not suicide.
    #[inline(always)]
    pub(crate) fn playout_may_play(&self, i: Idx, color: Color) -> bool {
        let around = self.grid.nbrs[at(i)];
        // A point with an empty neighbour is never an eye, never suicide and never the ko
        // point (whose neighbours are all the capturer's stones): most points end here.
        if around & nbr_mask(EMPTY) != 0 {
            return true;
        }
        let opp = stone(color.other());
        if around & nbr_mask(opp) == 0 {
            // Every neighbour is own or off the board: an eye unless a false one. Never
            // the ko point, which the capturer, the mover's opponent, surrounds.
            !self.real_eye_diagonals(i, opp, around) && self.has_liberty_after(i, color)
        } else {
            i != self.grid.ko && self.has_liberty_after(i, color)
        }
    }

    /// True when a stone of `color` at the empty point `i`, which has no empty neighbour,
    /// would have a liberty after its captures, that is the move is not suicide.
    #[inline]
    pub(crate) fn has_liberty_after(&self, i: Idx, color: Color) -> bool {
        debug_assert_eq!(self.count_nbrs(i, EMPTY), 0, "only for enclosed points");
        let own = stone(color);
        let g = &*self.grid;
        let nbrs = self.neighbours(i);
        // Every neighbour is a stone or off the board, and an off-board cell's chain entry
        // is always 0, a slot whose pseudo-liberty count stays 0 (`assert_consistent`
        // checks both): no mask for stones is needed. The four neighbours are four 16-bit
        // lanes of one word, worked on all at once.
        let reps = lanes(nbrs.map(|q| g.chain[at(q)]));
        let libs = lanes(nbrs.map(|q| g.libs[at(g.chain[at(q)])]));
        // A chain's pseudo-liberties at `i` are its stones beside `i` (each lane compared
        // with the other three, by rotating the word), and it has at least those: an own
        // chain with more lives on, an enemy chain with no more is captured.
        let at_i = LOW
            + (zero_lanes(reps ^ reps.rotate_left(16)) >> 15)
            + (zero_lanes(reps ^ reps.rotate_left(32)) >> 15)
            + (zero_lanes(reps ^ reps.rotate_left(48)) >> 15);
        let own_lanes = lanes(nbrs.map(|q| u16::from(g.cell[at(q)] == own) << 15));
        // Own stone: lives on unless its chain's liberties are all at `i`; enemy stone:
        // captured when they are. Off the board: 0 liberties never equal `at_i` >= 1, and
        // the cell is not `own`, so it adds nothing.
        (own_lanes ^ zero_lanes(libs ^ at_i)) != 0
    }

    /// Whether `i` is a single-point eye of `color`: every neighbour is `color` or off the
    /// board, and not a false eye (fewer than two diagonal points are the opponent's or off
    /// the board, counting the edge as one).
    #[cfg(test)]
    pub(crate) fn is_eye(&self, i: Idx, color: Color) -> bool {
        let own = stone(color);
        if self.count_nbrs(i, own) + self.count_nbrs(i, OFF) != 4 {
            return false;
        }
        self.real_eye_diagonals(i, stone(color.other()), self.grid.nbrs[at(i)])
    }

    /// For a point `i` with neighbour counts `around` whose neighbours are all of one
    /// colour or off the board: whether its diagonals make it a real eye against `opp`.
    #[inline(always)]
    fn real_eye_diagonals(&self, i: Idx, opp: u8, around: u16) -> bool {
        // A point has an off-board diagonal exactly when it has an off-board neighbour.
        let mut bad = u8::from(around & nbr_mask(OFF) != 0);
        for d in self.diagonals(i) {
            bad += u8::from(self.grid.cell[at(d)] == opp);
        }
        bad < 2
    }
}

/// The bits of packed neighbour counts that count cells of kind `cell`.
const fn nbr_mask(cell: u8) -> u16 {
    0xf << (4 * cell)
}

/// The lowest bit of each 16-bit lane of a word.
const LOW: u64 = 0x0001_0001_0001_0001;
/// The highest bit of each 16-bit lane of a word.
const HIGH: u64 = 0x8000_8000_8000_8000;

/// Four 16-bit values as the lanes of one word, the first lowest.
#[inline(always)]
fn lanes(v: [u16; 4]) -> u64 {
    u64::from(v[0]) | u64::from(v[1]) << 16 | u64::from(v[2]) << 32 | u64::from(v[3]) << 48
}

/// The high bit of each 16-bit lane of `x` that is zero, for lanes below `0x8000` (cell
/// indices and pseudo-liberty counts): or-ing in the high bit keeps the subtraction from
/// borrowing across lanes.
#[inline(always)]
fn zero_lanes(x: u64) -> u64 {
    !((x | HIGH) - LOW) & HIGH
}
