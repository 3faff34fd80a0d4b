//! Small fixed-size bitsets over point indices, so that the hot path of move checking keeps
//! its sets on the stack: [`Bits`] covers every point of the largest pyramid, [`Holes`] the
//! holes of level 0, which come first in the index order.

use super::point::MAX_SIZE;

/// Points of the largest pyramid: 13² + 12² + ... + 1² = 819.
pub(crate) const MAX_POINTS: usize = {
    let mut n = MAX_SIZE as usize;
    let mut sum = 0;
    while n > 0 {
        sum += n * n;
        n -= 1;
    }
    sum
};

/// A set of point indices below `64 * W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct BitSet<const W: usize>(pub(crate) [u64; W]);

/// Any set of points of a board.
pub(crate) type Bits = BitSet<{ MAX_POINTS.div_ceil(64) }>;
/// A set of level-0 holes (indices below 13² = 169).
pub(crate) type Holes = BitSet<{ (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64) }>;

impl<const W: usize> Default for BitSet<W> {
    fn default() -> Self {
        BitSet([0; W])
    }
}

impl<const W: usize> std::fmt::Debug for BitSet<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> BitSet<W> {
    #[inline]
    pub(crate) fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[must_use]
    pub(crate) fn and(mut self, other: &Self) -> Self {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a &= b);
        self
    }

    #[must_use]
    pub(crate) fn or(mut self, other: &Self) -> Self {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a |= b);
        self
    }

    #[must_use]
    pub(crate) fn and_not(mut self, other: &Self) -> Self {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a &= !b);
        self
    }

    /// The set of indices below `n`.
    pub(crate) fn below(n: usize) -> Self {
        let mut s = Self::default();
        for (k, w) in s.0.iter_mut().enumerate() {
            let lo = k * 64;
            *w = match n.saturating_sub(lo) {
                0 => 0,
                r if r >= 64 => u64::MAX,
                r => (1 << r) - 1,
            };
        }
        s
    }

    /// The members in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b
                })
            })
        })
    }

    /// The members in decreasing order (upper levels first, as captures lift balls).
    pub(crate) fn iter_desc(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().rev().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = 63 - w.leading_zeros() as usize;
                    w &= !(1 << b);
                    k * 64 + b
                })
            })
        })
    }
}

impl Bits {
    /// The level-0 part of the set (level-0 points have the lowest indices).
    pub(crate) fn holes(&self) -> Holes {
        let mut h = Holes::default();
        let words = h.0.len();
        h.0.copy_from_slice(&self.0[..words]);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_pyramid_fits() {
        assert_eq!(MAX_POINTS, 819);
        assert_eq!(Bits::default().0.len(), 13);
        assert_eq!(Holes::default().0.len(), 3);
    }

    #[test]
    fn iterates_both_ways_across_words() {
        let mut s = Bits::default();
        for i in [0, 63, 64, 200, 818] {
            s.insert(i);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 818]);
        assert_eq!(s.iter_desc().collect::<Vec<_>>(), [818, 200, 64, 63, 0]);
        s.remove(63);
        assert!(!s.has(63) && s.has(64));
        assert_eq!(s.len(), 4);
    }

    #[test]
    fn set_algebra_and_prefixes() {
        let a = Bits::below(70);
        assert_eq!(a.len(), 70);
        assert!(a.has(69) && !a.has(70));
        let b = Bits::below(10);
        assert_eq!(a.and_not(&b).len(), 60);
        assert_eq!(a.and(&b), b);
        assert_eq!(b.or(&a), a);
        assert!(Bits::below(0).is_empty());
        assert_eq!(a.holes().iter().count(), 70);
    }
}
