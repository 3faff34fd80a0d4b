//! Open arcs covering a circle, and the points they leave free: the exact liberty test.
//! An arc is an open angular interval; two arcs that only touch leave their common end free,
//! which is how a single touching point counts as a liberty.

use std::f64::consts::{PI, TAU};

/// Arcs held inline before spilling to the heap: a liberty circle meets at most about 18
/// non-overlapping stones and a few edges, and one is tested for every stone near a move,
/// so the common case allocates nothing.
const INLINE: usize = 24;

/// A set of open arcs on one circle, given by angles in radians.
#[derive(Debug, Clone)]
pub(crate) struct Arcs {
    /// (start, end) with start in [0, TAU) and start < end < start + TAU: the first `len`
    /// in `inline`, or all of them in `spilled` once there were more than fit.
    inline: [(f64, f64); INLINE],
    len: usize,
    spilled: Vec<(f64, f64)>,
    full: bool,
}

impl Default for Arcs {
    fn default() -> Arcs {
        Arcs {
            inline: [(0.0, 0.0); INLINE],
            len: 0,
            spilled: Vec::new(),
            full: false,
        }
    }
}

impl Arcs {
    /// True once some arc covers the whole circle.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The open arc of half-width `half` around angle `mid`.
    pub fn push_centered(&mut self, mid: f64, half: f64) {
        if half >= PI {
            self.full = true;
        } else if half > 0.0 {
            self.push_span(mid - half, mid + half);
        }
    }

    /// The open arc from `start` to `end` (counter-clockwise, `end > start`).
    pub fn push_span(&mut self, start: f64, end: f64) {
        if end - start >= TAU {
            self.full = true;
        } else if let Some(span) = normalised(start, end) {
            self.push(span);
        }
    }

    /// Marks the whole circle covered.
    pub fn cover_all(&mut self) {
        self.full = true;
    }

    /// The arcs pushed so far (as [`normalised`] keeps them), unless the circle is full.
    pub fn spans(&self) -> &[(f64, f64)] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }

    /// Adds an arc made by [`normalised`].
    pub fn push(&mut self, span: (f64, f64)) {
        if self.len < INLINE {
            self.inline[self.len] = span;
            self.len += 1;
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(span);
        }
    }

    fn spans_mut(&mut self) -> &mut [(f64, f64)] {
        if self.spilled.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spilled
        }
    }

    /// Calls `f(a, b)` for each free part of the circle, from angle `a` to `b` (`a == b` for
    /// a single free point), until `f` returns true. Returns whether it did.
    pub fn find_gap(&mut self, mut f: impl FnMut(f64, f64) -> bool) -> bool {
        if self.full {
            return false;
        }
        let spans = self.spans_mut();
        spans.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        let spans = &*spans;
        let wrap = spans.iter().map(|&(_, e)| e - TAU).fold(0.0f64, f64::max);
        let mut cur = wrap;
        for &(s, e) in spans {
            if s >= cur && f(cur, s) {
                return true;
            }
            cur = cur.max(e);
        }
        // The angle TAU is the angle 0: it is covered exactly when some arc wraps past it.
        if wrap > 0.0 {
            cur < TAU && f(cur, TAU)
        } else {
            cur <= TAU && f(cur.min(TAU), TAU)
        }
    }

    /// Some free angle, if any.
    pub fn free_angle(&mut self) -> Option<f64> {
        let mut found = None;
        self.find_gap(|a, b| {
            found = Some((a + b) / 2.0);
            true
        });
        found
    }
}

/// The open arc from `start` to `end` (narrower than the circle) as a set of arcs keeps it:
/// the start in `[0, TAU)`, the end beyond it by the width; `None` when it is empty.
pub(crate) fn normalised(start: f64, end: f64) -> Option<(f64, f64)> {
    let width = end - start;
    (width > 0.0).then(|| {
        let s = start.rem_euclid(TAU);
        // rem_euclid can round up to TAU itself.
        let s = if s >= TAU { 0.0 } else { s };
        (s, s + width)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_arcs_of_sixty_degrees_cover_the_circle() {
        let mut a = Arcs::default();
        for k in 0..4 {
            a.push_centered(f64::from(k) * PI / 2.0, PI / 3.0);
        }
        assert_eq!(a.free_angle(), None);
    }

    #[test]
    fn touching_arcs_leave_their_common_end_free() {
        let mut a = Arcs::default();
        for k in 0..3 {
            a.push_centered(f64::from(k) * 2.0 * PI / 3.0, PI / 3.0);
        }
        let free = a.free_angle().expect("single free points");
        let k = free / (PI / 3.0);
        assert!((k - k.round()).abs() < 1e-9, "free at {free}");
    }

    #[test]
    fn an_arc_across_zero_covers_zero() {
        let mut a = Arcs::default();
        a.push_span(-1.0, 1.0);
        a.push_span(1.0 - 1e-12, TAU - 1.0 + 1e-12);
        assert_eq!(a.free_angle(), None);
        let mut a = Arcs::default();
        a.push_span(-1.0, 1.0);
        let free = a.free_angle().expect("a free half");
        assert!((1.0..=TAU - 1.0).contains(&free));
    }

    #[test]
    fn arcs_meeting_at_zero_leave_zero_free() {
        let mut a = Arcs::default();
        a.push_span(0.0, 3.0);
        a.push_span(3.0 - 1e-9, TAU);
        let free = a.free_angle().expect("zero is free");
        assert!(free.abs() < 1e-12 || (free - TAU).abs() < 1e-12);
    }

    #[test]
    fn many_arcs_spill_and_still_cover() {
        // More arcs than fit inline: 60 arcs of 8 degrees every 6 degrees cover the circle,
        // and without one of them a gap opens where it was.
        let step = TAU / 60.0;
        let mut a = Arcs::default();
        for k in 0..60 {
            a.push_centered(f64::from(k) * step, step * 2.0 / 3.0);
        }
        assert_eq!(a.free_angle(), None);
        let mut a = Arcs::default();
        for k in (0..60).filter(|&k| k != 37) {
            a.push_centered(f64::from(k) * step, step * 2.0 / 3.0);
        }
        let free = a.free_angle().expect("the gap of the missing arc");
        assert!((free - 37.0 * step).abs() < step / 3.0, "free at {free}");
    }

    #[test]
    fn an_empty_set_leaves_everything_free() {
        let mut a = Arcs::default();
        assert!(a.free_angle().is_some());
        a.push_centered(0.0, PI);
        assert!(a.is_full());
        assert_eq!(a.free_angle(), None);
    }
}
