//! The Zobrist key tables of Topological Go: one key per colour and point, and the key of
//! the reserve stones left, from the shared generator ([`crate::hash_keys`]).

use super::point::{MAX_SIZE, Point};
use crate::Color;
use crate::hash_keys::{keys, splitmix};

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

static STONE_KEYS: [[u64; CELLS]; 2] = [
    keys::<CELLS>(0x546f_706f_4b42),
    keys::<CELLS>(0x546f_706f_4b57),
];

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
