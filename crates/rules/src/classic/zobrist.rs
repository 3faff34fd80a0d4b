//! The Zobrist key tables of classic Go: one key per colour and padded cell index, from
//! the shared generator ([`crate::hash_keys`]).

use crate::hash_keys::{keys, splitmix};

/// Cells of the largest padded board (27 x 27).
pub(crate) const MAX_CELLS: usize = 27 * 27;

/// Keys per colour: one per padded cell index up to [`KEYED`]; only the first
/// [`MAX_CELLS`] are ever used, the rest let an index masked into the board's arrays
/// (`grid::at`) read a key without a bounds check.
pub(crate) const KEYED: usize = 1024;

/// One key per (colour, padded cell index).
pub(crate) static STONE_KEYS: [[u64; KEYED]; 2] = [keys(0x5374_6f6e_6542), keys(0x5374_6f6e_6557)];

/// The key of a stone of `color` at padded cell `i` (the board's stone codes are 1 for
/// Black and 2 for White, one less is the row of [`STONE_KEYS`]).
pub(crate) fn stone_key(color: crate::Color, i: u16) -> u64 {
    STONE_KEYS[color.index()][usize::from(i)]
}

/// Mixed in when White is to move (situational hashes).
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x746f_6d6f_7665);
