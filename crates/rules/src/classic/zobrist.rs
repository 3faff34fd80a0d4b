//! Zobrist keys for position hashes, generated at compile time (splitmix64) so that hashes
//! are the same in every run and on every machine.

/// Cells of the largest padded board (27 x 27).
pub(crate) const MAX_CELLS: usize = 27 * 27;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Keys per colour: one per padded cell index up to [`KEYED`]; only the first
/// [`MAX_CELLS`] are ever used, the rest let an index masked into the board's arrays
/// (`grid::at`) read a key without a bounds check.
pub(crate) const KEYED: usize = 1024;

const fn keys(seed: u64) -> [u64; KEYED] {
    let mut out = [0u64; KEYED];
    let mut i = 0;
    while i < KEYED {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        i += 1;
    }
    out
}

/// One key per (colour, padded cell index).
pub(crate) static STONE_KEYS: [[u64; KEYED]; 2] = [keys(0x5374_6f6e_6542), keys(0x5374_6f6e_6557)];

/// The key of a stone of `color` at padded cell `i` (the board's stone codes are 1 for
/// Black and 2 for White, one less is the row of [`STONE_KEYS`]).
pub(crate) fn stone_key(color: crate::Color, i: u16) -> u64 {
    STONE_KEYS[color.index()][usize::from(i)]
}

/// Mixed in when White is to move (situational hashes).
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x746f_6d6f_7665);
