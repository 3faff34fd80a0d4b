//! The moves of one iteration as RAVE reads them: for each AMAF key, which colours played
//! it and who played it first, and when (the move's index in the iteration). A flat table
//! for small keys (grid points), a hash map for the rest.

use std::collections::HashMap;

use stonefield_rules::Color;

/// Keys below this live in the flat table; a 25x25 board's points fit.
const DENSE_KEYS: u64 = 1 << 12;

/// What the iteration did with one key.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Plays {
    /// Bit 0: Black played the key, bit 1: White did.
    colors: u8,
    /// Who played it first, and at which move of the iteration.
    first: Option<(Color, u32)>,
}

impl Plays {
    fn add(&mut self, color: Color, index: u32, earliest: bool) {
        self.colors |= 1 << color.index();
        if earliest || self.first.is_none() {
            self.first = Some((color, index));
        }
    }
}

#[derive(Debug, Default, Clone)]
pub(super) struct AmafSet {
    dense: Vec<Plays>,
    /// Dense entries set since the last clear, so clearing costs what was set.
    touched: Vec<u16>,
    sparse: HashMap<u64, Plays>,
}

impl AmafSet {
    pub(super) fn clear(&mut self) {
        for &k in &self.touched {
            self.dense[usize::from(k)] = Plays::default();
        }
        self.touched.clear();
        self.sparse.clear();
    }

    fn entry(&mut self, key: u64) -> &mut Plays {
        if key >= DENSE_KEYS {
            return self.sparse.entry(key).or_default();
        }
        let k = key as usize;
        if self.dense.len() <= k {
            self.dense.resize(DENSE_KEYS as usize, Plays::default());
        }
        if self.dense[k] == Plays::default() {
            self.touched.push(key as u16);
        }
        &mut self.dense[k]
    }

    /// Records that `color` played `key` as move `index`, moves being recorded in the
    /// order they were played: the first play of a key stays its first.
    pub(super) fn insert(&mut self, color: Color, key: u64, index: u32) {
        self.entry(key).add(color, index, false);
    }

    /// Records a play of `key` made before every play recorded so far (the tree's moves,
    /// recorded while climbing back up the path): it becomes the key's first.
    pub(super) fn insert_earliest(&mut self, color: Color, key: u64, index: u32) {
        self.entry(key).add(color, index, true);
    }

    fn plays(&self, key: u64) -> Option<&Plays> {
        if key < DENSE_KEYS {
            self.dense.get(key as usize)
        } else {
            self.sparse.get(&key)
        }
    }

    /// The index of the first play of `key` if RAVE credits it to `color`: when `color`
    /// played it first, or, unless `first_only`, played it at all.
    pub(super) fn credit(&self, color: Color, key: u64, first_only: bool) -> Option<u32> {
        let plays = self.plays(key)?;
        let (first_color, index) = plays.first?;
        let credited = if first_only {
            first_color == color
        } else {
            plays.colors & (1 << color.index()) != 0
        };
        credited.then_some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credits_what_was_played_until_cleared() {
        let mut s = AmafSet::default();
        s.insert(Color::Black, 3, 0);
        s.insert(Color::White, 1 << 40, 1);
        assert_eq!(s.credit(Color::Black, 3, false), Some(0));
        assert_eq!(s.credit(Color::White, 3, false), None);
        assert_eq!(s.credit(Color::White, 1 << 40, true), Some(1));
        assert_eq!(s.credit(Color::Black, 1 << 40, false), None);
        s.clear();
        assert_eq!(s.credit(Color::Black, 3, false), None);
        assert_eq!(s.credit(Color::White, 1 << 40, false), None);
    }

    #[test]
    fn only_the_first_player_of_a_point_is_credited_when_asked() {
        for key in [7, 1 << 40] {
            let mut s = AmafSet::default();
            s.insert(Color::White, key, 4);
            s.insert(Color::Black, key, 9);
            assert_eq!(s.credit(Color::White, key, true), Some(4));
            assert_eq!(s.credit(Color::Black, key, true), None);
            assert_eq!(s.credit(Color::Black, key, false), Some(4));
            // A tree move above the playout comes first.
            s.insert_earliest(Color::Black, key, 2);
            assert_eq!(s.credit(Color::Black, key, true), Some(2));
            assert_eq!(s.credit(Color::White, key, true), None);
        }
    }
}
