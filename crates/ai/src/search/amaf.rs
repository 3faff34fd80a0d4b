//! The set of (colour, AMAF key) pairs played during one iteration, which RAVE checks
//! every child of the path against: a flat table for small keys (grid points), a hash set
//! for the rest.

use std::collections::HashSet;

use stonefield_rules::Color;

/// Keys below this live in the flat table (two bits each); a 25x25 board's points fit.
const DENSE_KEYS: u64 = 1 << 12;

#[derive(Debug, Default, Clone)]
pub(super) struct AmafSet {
    /// Bit 0: Black played the key, bit 1: White did.
    dense: Vec<u8>,
    /// Dense entries set since the last clear, so clearing costs what was set.
    touched: Vec<u16>,
    sparse: HashSet<(Color, u64)>,
}

impl AmafSet {
    pub(super) fn clear(&mut self) {
        for &k in &self.touched {
            self.dense[usize::from(k)] = 0;
        }
        self.touched.clear();
        self.sparse.clear();
    }

    pub(super) fn insert(&mut self, color: Color, key: u64) {
        if key < DENSE_KEYS {
            let k = key as usize;
            if self.dense.len() <= k {
                self.dense.resize(DENSE_KEYS as usize, 0);
            }
            if self.dense[k] == 0 {
                self.touched.push(key as u16);
            }
            self.dense[k] |= 1 << color.index();
        } else {
            self.sparse.insert((color, key));
        }
    }

    pub(super) fn contains(&self, color: Color, key: u64) -> bool {
        if key < DENSE_KEYS {
            self.dense
                .get(key as usize)
                .is_some_and(|&bits| bits & (1 << color.index()) != 0)
        } else {
            self.sparse.contains(&(color, key))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_until_cleared() {
        let mut s = AmafSet::default();
        s.insert(Color::Black, 3);
        s.insert(Color::White, 1 << 40);
        assert!(s.contains(Color::Black, 3));
        assert!(!s.contains(Color::White, 3));
        assert!(s.contains(Color::White, 1 << 40));
        assert!(!s.contains(Color::Black, 1 << 40));
        s.clear();
        assert!(!s.contains(Color::Black, 3));
        assert!(!s.contains(Color::White, 1 << 40));
    }
}
