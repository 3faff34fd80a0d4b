//! The Zobrist keys of continuous Go: a stone's key mixes its exact coordinates and
//! colour (there is no table of points), from the shared generator
//! ([`crate::hash_keys`]).

use super::point::V;
use crate::Color;
use crate::hash_keys::splitmix;

/// The hash key of a stone: its exact coordinates and colour.
pub(crate) fn stone_key(at: V, color: Color) -> u64 {
    let c = match color {
        Color::Black => 0x426c_6163_6b00,
        Color::White => 0x5768_6974_6500,
    };
    splitmix(splitmix(at.x.to_bits() ^ c) ^ at.y.to_bits())
}

/// Mixed into the position hash when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x746f_6d6f_7665);
