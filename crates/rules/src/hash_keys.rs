//! The keys of every variant's Zobrist hashes: splitmix64, evaluated at compile time, so
//! that a position hashes the same in every run and on every machine. Each variant keeps
//! only its own table sizes and seeds.

/// One step of splitmix64: a well-mixed 64-bit key from any `state`.
pub(crate) const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `N` keys from `seed`: key `i` mixes `seed` and `i` (a table per colour, per seed).
pub(crate) const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        i += 1;
    }
    out
}
