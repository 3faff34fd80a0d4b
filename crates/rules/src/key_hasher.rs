//! Hash sets and maps keyed by Zobrist hashes: the key is already uniformly random, so it is
//! taken as its own hash instead of being hashed again (SipHash would cost more than the
//! lookup it serves in superko checks).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A [`Hasher`] for `u64` keys that are Zobrist hashes: `write_u64` keeps the key as it is.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    // Other key types still get a (simple) mix of their bytes.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A set of Zobrist hashes.
pub type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// A map keyed by Zobrist hashes.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_its_own_hash() {
        use std::hash::BuildHasher;
        let build = BuildHasherDefault::<KeyHasher>::default();
        assert_eq!(build.hash_one(0xdead_beef_u64), 0xdead_beef);
        let mut set = KeySet::default();
        assert!(set.insert(7) && !set.insert(7));
    }
}
