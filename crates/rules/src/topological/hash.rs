//! Zobrist keys for position hashes, made at compile time (splitmix64) so that a position
//! hashes the same in every run and on every machine.

use super::point::{MAX_SIZE, Point};
use crate::Color;

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys(seed: u64) -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        i += 1;
    }
    out
}

static STONE_KEYS: [[u64; CELLS]; 2] = [keys(0x546f_706f_4b42), keys(0x546f_706f_4b57)];

/// Mixed in when White is to move.
pub(super) const WHITE_TO_MOVE: u64 = splitmix(0x546f_706f_746d);

/// The key of a `color` stone at `p`.
pub(super) fn stone_key(color: Color, p: Point) -> u64 {
    STONE_KEYS[color.index()][usize::from(p.y()) * usize::from(MAX_SIZE) + usize::from(p.x())]
}

/// The key of the reserve stones both players still hold, which make positions with the
/// same stones differ.
pub(super) fn reserve_key(black: u32, white: u32) -> u64 {
    splitmix(u64::from(black) << 32 | u64::from(white))
}
