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

const fn keys(seed: u64) -> [u64; MAX_CELLS] {
    let mut out = [0u64; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        i += 1;
    }
    out
}

/// One key per (colour, padded cell index).
pub(crate) static STONE_KEYS: [[u64; MAX_CELLS]; 2] =
    [keys(0x5374_6f6e_6542), keys(0x5374_6f6e_6557)];

/// Mixed in when White is to move (situational hashes).
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x746f_6d6f_7665);
