//! The balls on a pyramid board and what the rules see in them: support, burial, cut
//! contacts and the touches that make groups. The board knows no turns or history; capture
//! rounds are in `capture.rs`, turns and superko in [`super::MargoGame`].

use std::fmt;

use super::bits::{Bits, Holes};
use super::rules::MargoRules;
use super::topology::{Edge, NONE, Topology, topology};
use super::zobrist::BALL_KEYS;
use crate::{ByColor, Color};

/// Balls by colour on the shared geometry of one board size, with the two visibility
/// options. Copy: a trial move works on a copy of about 230 bytes.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    topo: &'static Topology,
    balls: ByColor<Bits>,
    hash: u64,
    bridge_cutting: bool,
    buried_hidden: bool,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |c: Color| -> Vec<String> {
            self.balls[c]
                .iter()
                .map(|i| self.topo.coords[i].to_string())
                .collect()
        };
        f.debug_struct("Board")
            .field("size", &self.topo.size)
            .field("black", &list(Color::Black))
            .field("white", &list(Color::White))
            .finish()
    }
}

impl Board {
    /// An empty board for validated `rules`.
    pub(crate) fn new(rules: &MargoRules) -> Board {
        Board {
            topo: topology(rules.board_size),
            balls: ByColor::default(),
            hash: 0,
            bridge_cutting: rules.bridge_cutting,
            buried_hidden: rules.buried_hidden,
        }
    }

    pub(crate) fn topo(&self) -> &'static Topology {
        self.topo
    }

    /// Whether both boards hold the same balls.
    pub(crate) fn same_balls(&self, other: &Board) -> bool {
        self.hash == other.hash && self.balls == other.balls
    }

    /// Whether bridges cut the contacts under them (option `bridge_cutting`).
    pub(crate) fn cuts_bridges(&self) -> bool {
        self.bridge_cutting
    }

    /// Whether buried balls lose their contacts (option `buried_hidden`).
    pub(crate) fn hides_buried(&self) -> bool {
        self.buried_hidden
    }

    /// The hash of the balls alone (no player to move).
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn balls(&self, color: Color) -> &Bits {
        &self.balls[color]
    }

    pub(crate) fn occupied(&self) -> Bits {
        self.balls.black.or(&self.balls.white)
    }

    #[inline]
    pub(crate) fn color_at(&self, i: usize) -> Option<Color> {
        if self.balls.black.has(i) {
            Some(Color::Black)
        } else if self.balls.white.has(i) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether `i` (possibly `NONE`) holds a ball of `color`.
    #[inline]
    pub(crate) fn is(&self, i: u16, color: Color) -> bool {
        i != NONE && self.balls[color].has(usize::from(i))
    }

    #[inline]
    pub(crate) fn is_occupied(&self, i: usize) -> bool {
        self.balls.black.has(i) || self.balls.white.has(i)
    }

    pub(crate) fn place(&mut self, i: usize, color: Color) {
        self.balls[color].insert(i);
        self.hash ^= BALL_KEYS[color.index()][i];
    }

    pub(crate) fn lift(&mut self, i: usize, color: Color) {
        self.balls[color].remove(i);
        self.hash ^= BALL_KEYS[color.index()][i];
    }

    /// The empty points a ball may stand on: empty holes, and empty points on four balls.
    pub(crate) fn placeable(&self) -> Bits {
        let occupied = self.occupied();
        let mut out = Bits::default();
        out.0[..self.topo.plane.0.len()].copy_from_slice(&self.holes().0);
        let first_upper = self.topo.plane.len();
        let empty_upper = Bits::below(self.topo.points)
            .and_not(&Bits::below(first_upper))
            .and_not(&occupied);
        for a in empty_upper.iter() {
            if self.is_supported(a) {
                out.insert(a);
            }
        }
        out
    }

    /// [`Board::placeable`] tested point by point: its oracle.
    #[cfg(test)]
    pub(crate) fn placeable_from_scratch(&self) -> Bits {
        let mut out = Bits::default();
        for i in (0..self.topo.points).filter(|&i| !self.is_occupied(i) && self.is_supported(i)) {
            out.insert(i);
        }
        out
    }

    /// Keeps `placeable` (the set of [`Board::placeable`] before) up to date after a ball
    /// was placed at `i` without any removed: `i` is taken, and a point above it is now
    /// placeable if its other supports hold balls too.
    pub(crate) fn update_placeable(&self, placeable: &mut Bits, i: usize) {
        placeable.remove(i);
        for &a in &self.topo.above[i] {
            if a != NONE && self.is_supported(usize::from(a)) {
                placeable.insert(usize::from(a));
            }
        }
    }

    /// The hash the board would have with one more ball of `color` at `i`.
    pub(crate) fn hash_with(&self, i: usize, color: Color) -> u64 {
        self.hash ^ BALL_KEYS[color.index()][i]
    }

    /// Whether a ball may stand at `i`: level 0, or all four supports occupied.
    #[inline]
    pub(crate) fn is_supported(&self, i: usize) -> bool {
        self.topo.supports[i]
            .iter()
            .all(|&s| s == NONE || self.is_occupied(usize::from(s)))
    }

    /// Whether the ball at `i` is buried and, under `buried_hidden`, has no contacts.
    #[inline]
    pub(crate) fn is_hidden(&self, i: usize) -> bool {
        let b = self.topo.buried_by[i];
        self.buried_hidden && b != NONE && self.is_occupied(usize::from(b))
    }

    /// Whether a ball at `i` has no ball resting on it.
    #[inline]
    pub(crate) fn is_uncovered(&self, i: usize) -> bool {
        self.topo.above[i]
            .iter()
            .all(|&a| a == NONE || !self.is_occupied(usize::from(a)))
    }

    /// Whether a contact between two balls of `color` along `edge` is cut by a bridge.
    #[inline]
    pub(crate) fn is_cut(&self, edge: &Edge, color: Color) -> bool {
        let [b1, b2] = edge.bridge;
        self.bridge_cutting && self.is(b1, !color) && self.is(b2, !color)
    }

    /// The balls of `color` that are not hidden by burial: the ones that have contacts.
    pub(crate) fn visible(&self, color: Color) -> Bits {
        if !self.buried_hidden {
            return self.balls[color];
        }
        let mut hidden = Bits::default();
        for q in self.occupied().and(&self.topo.upper).iter() {
            hidden.insert(usize::from(self.topo.buries[q]));
        }
        self.balls[color].and_not(&hidden)
    }

    /// Calls `f` with every ball that the visible ball of `color` at `i` touches;
    /// `visible` is [`Board::visible`] of `color`.
    #[inline]
    pub(crate) fn for_each_touch(
        &self,
        i: usize,
        color: Color,
        visible: &Bits,
        mut f: impl FnMut(usize),
    ) {
        let t = self.topo;
        let seen = |j: u16| j != NONE && visible.has(usize::from(j));
        for e in &t.nbrs[i] {
            if seen(e.other) && !self.is_cut(e, color) {
                f(usize::from(e.other));
            }
        }
        for &j in t.supports[i].iter().chain(&t.above[i]) {
            if seen(j) {
                f(usize::from(j));
            }
        }
    }

    /// Calls `f` with every ball that the visible ball of `color` at `i` touches, judging
    /// each one's burial on the spot: for a few balls, cheaper than [`Board::visible`].
    #[inline]
    pub(crate) fn for_each_visible_touch(&self, i: usize, color: Color, mut f: impl FnMut(usize)) {
        let t = self.topo;
        let seen = |j: u16| self.is(j, color) && !self.is_hidden(usize::from(j));
        for e in &t.nbrs[i] {
            if seen(e.other) && !self.is_cut(e, color) {
                f(usize::from(e.other));
            }
        }
        for &j in t.supports[i].iter().chain(&t.above[i]) {
            if seen(j) {
                f(usize::from(j));
            }
        }
    }

    /// The empty holes of level 0.
    pub(crate) fn holes(&self) -> Holes {
        self.topo.plane.and_not(&self.occupied().holes())
    }

    /// The freedoms a ball at `i` has of its own among `holes` (none above level 0).
    #[inline]
    pub(crate) fn own_freedoms(&self, i: usize, holes: &Holes) -> Holes {
        self.topo.hole_nbrs[i].and(holes)
    }

    /// Same-level contacts between two visible balls of one colour that a bridge cuts.
    pub(crate) fn cut_contacts(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for color in Color::ALL {
            for i in self.balls[color].iter().filter(|&i| !self.is_hidden(i)) {
                // Right (1) and down (3) only, so that each contact is listed once.
                for e in [self.topo.nbrs[i][1], self.topo.nbrs[i][3]] {
                    let j = e.other;
                    if self.is(j, color)
                        && !self.is_hidden(usize::from(j))
                        && self.is_cut(&e, color)
                    {
                        out.push((i, usize::from(j)));
                    }
                }
            }
        }
        out
    }

    /// Ball counts by colour.
    pub(crate) fn counts(&self) -> ByColor<u32> {
        ByColor::new_with(|c| self.balls[c].len() as u32)
    }
}
