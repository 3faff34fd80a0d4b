//! Zobrist keys for MarGo position hashes, generated at compile time (splitmix64) so that
//! hashes are the same in every run and on every machine.

use super::bits::MAX_POINTS;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys(seed: u64) -> [u64; MAX_POINTS] {
    let mut out = [0u64; MAX_POINTS];
    let mut i = 0;
    while i < MAX_POINTS {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        i += 1;
    }
    out
}

/// One key per (colour index, point index).
pub(crate) static BALL_KEYS: [[u64; MAX_POINTS]; 2] =
    [keys(0x4d61_7247_6f42), keys(0x4d61_7247_6f57)];

/// Mixed in when White is to move (situational superko).
pub(crate) const WHITE_TO_MOVE: u64 = splitmix(0x4d61_7247_6f74_6f6d);
