//! Freedom and capture rounds: which balls of a colour belong to groups with freedom, how a
//! round lifts the others from the top down (what stays is pinned: zombies), and how a placed
//! ball sets off rounds in alternation until two rounds in a row remove nothing.

use super::bits::{Bits, MAX_POINTS};
use super::board::Board;
use crate::{ByColor, Color};

/// The placed ball was removed by the rounds its move set off: the move is suicide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Suicide;

impl Board {
    /// The balls of `color` whose group has freedom: a flood from every visible level-0 ball
    /// next to an empty hole along the touches that are not cut.
    pub(crate) fn alive(&self, color: Color) -> Bits {
        let holes = self.holes();
        let mut alive = Bits::default();
        let mut stack = [0u16; MAX_POINTS];
        let mut len = 0;
        let visible = self.visible(color);
        let plane_balls = visible.holes().and(&self.topo().plane);
        for i in plane_balls.iter() {
            if !self.own_freedoms(i, &holes).is_empty() {
                alive.insert(i);
                stack[len] = i as u16;
                len += 1;
            }
        }
        while len > 0 {
            len -= 1;
            let i = usize::from(stack[len]);
            self.for_each_touch(i, color, &visible, |j| {
                if !alive.has(j) {
                    alive.insert(j);
                    stack[len] = j as u16;
                    len += 1;
                }
            });
        }
        alive
    }

    /// One round for `color`: every ball of a group without freedom goes, from the top down,
    /// once nothing rests on it. Buried balls under `buried_hidden` are groups of their own and
    /// always pinned. Calls `sink` for each ball removed; true if any was.
    pub(crate) fn capture_round(
        &mut self,
        color: Color,
        sink: &mut impl FnMut(usize, Color),
    ) -> bool {
        let alive = self.alive(color);
        let mut doomed = self.balls(color).and_not(&alive);
        // Burial is judged as the round starts, like the groups.
        let snapshot = doomed;
        for i in snapshot.iter().filter(|&i| self.is_hidden(i)) {
            doomed.remove(i);
        }
        let mut removed = false;
        // Indices grow with the level, so descending order lifts the top balls first and a
        // ball is judged after everything that could rest on it.
        for i in doomed.iter_desc() {
            if self.is_uncovered(i) {
                self.lift(i, color);
                sink(i, color);
                removed = true;
            }
        }
        removed
    }

    /// Places a ball of `color` at `i` and runs the rounds: the opponent's colour first, then
    /// the mover's, alternating until two rounds in a row remove nothing. The board must be
    /// settled (no group without freedom has a ball a round would lift), as every position
    /// of a game is; a round of a colour that nothing can have disturbed since is skipped.
    ///
    /// # Errors
    /// [`Suicide`] when a round removes the placed ball; the board is then left half-played
    /// and must be dropped.
    pub(crate) fn resolve(
        &mut self,
        i: usize,
        color: Color,
        sink: &mut impl FnMut(usize, Color),
    ) -> Result<(), Suicide> {
        #[cfg(debug_assertions)]
        let reference = {
            let mut b = *self;
            (b.resolve_rounds(i, color, &mut |_, _| {}, false), b)
        };
        let result = self.resolve_rounds(i, color, sink, true);
        #[cfg(debug_assertions)]
        debug_assert!(
            reference.0 == result && (result.is_err() || reference.1.same_balls(self)),
            "skipping rounds changed the outcome of a ball at {}",
            self.topo().coords[i]
        );
        result
    }

    /// [`Board::resolve`], with the skipping of undisturbed colours as an option so that
    /// debug builds can check it against the plain rounds.
    fn resolve_rounds(
        &mut self,
        i: usize,
        color: Color,
        sink: &mut impl FnMut(usize, Color),
        skip: bool,
    ) -> Result<(), Suicide> {
        let mut dirty = ByColor::new_with(|c| !skip || c == color || self.disturbs(i, color));
        self.place(i, color);
        let mut round = !color;
        let mut quiet = 0;
        while quiet < 2 {
            let removed = dirty[round] && self.capture_round(round, sink);
            // A round that removes nothing leaves its colour settled. Removals only give the
            // other colour holes and contacts, but may unpin its zombies.
            dirty[round] = removed || !skip;
            if removed {
                dirty[!round] = true;
                quiet = 0;
            } else {
                quiet += 1;
            }
            if round == color && !self.is_occupied(i) {
                return Err(Suicide);
            }
            round = !round;
        }
        Ok(())
    }

    /// Whether a ball of `color` at the empty point `i` could cost an opponent group its
    /// freedom: by filling a hole next to it, burying one of its balls, or cutting one of
    /// its contacts.
    fn disturbs(&self, i: usize, color: Color) -> bool {
        let t = self.topo();
        let opp = !color;
        let fills = t.level(i) == 0 && t.nbrs[i].iter().any(|e| self.is(e.other, opp));
        let buries = self.hides_buried() && self.is(t.buries[i], opp);
        let cuts = self.cuts_bridges()
            && t.sides[i]
                .iter()
                .any(|s| self.is(s.a, opp) && self.is(s.b, opp) && self.is(s.partner, color));
        fills || buries || cuts
    }
}
