//! Groups of a settled position with their freedoms, and the quick verdict on a move that
//! they allow: most moves capture nothing, and for those the result is known without
//! playing the capture rounds. Moves whose effect is not local enough (cuts, burials, a group
//! losing its last freedom) are left to the full rounds.

use super::bits::{Bits, Holes};
use super::board::Board;
use super::topology::NONE;
use crate::Color;

/// What the quick check knows about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Nothing is captured and the ball stays; the board hash after the move.
    Quiet(u64),
    /// Nothing of the opponent is captured and the placed ball has no freedom.
    Suicide,
    /// Only the full capture rounds can tell.
    Unknown,
}

/// The groups of one position (reusable across positions to avoid allocation).
#[derive(Debug, Clone, Default)]
pub(crate) struct Analysis {
    /// Group of each ball; `NONE` for empty points and hidden (buried) balls.
    group: Vec<u16>,
    freedoms: Vec<Holes>,
    holes: Holes,
    stack: Vec<u16>,
    /// No group without freedom has a ball that a round would lift.
    settled: bool,
}

impl Analysis {
    pub(crate) fn new(board: &Board) -> Analysis {
        let mut a = Analysis::default();
        a.rebuild(board);
        a
    }

    /// Recomputes the groups of `board`.
    pub(crate) fn rebuild(&mut self, board: &Board) {
        let t = board.topo();
        self.group.clear();
        self.group.resize(t.points, NONE);
        self.freedoms.clear();
        self.holes = board.holes();
        for color in Color::ALL {
            let visible = board.visible(color);
            for i in visible.iter() {
                if self.group[i] == NONE {
                    self.flood(board, i, color, &visible);
                }
            }
        }
        self.settled = Color::ALL.iter().all(|&c| {
            board
                .balls(c)
                .iter()
                .all(|i| self.has_freedom(i) || board.is_hidden(i) || !board.is_uncovered(i))
        });
    }

    fn flood(&mut self, board: &Board, start: usize, color: Color, visible: &Bits) {
        let id = self.freedoms.len() as u16;
        let mut freedoms = Holes::default();
        self.group[start] = id;
        self.stack.push(start as u16);
        while let Some(i) = self.stack.pop() {
            let i = usize::from(i);
            if board.topo().level(i) == 0 {
                freedoms = freedoms.or(&board.own_freedoms(i, &self.holes));
            }
            board.for_each_touch(i, color, visible, |j| {
                if self.group[j] == NONE {
                    self.group[j] = id;
                    self.stack.push(j as u16);
                }
            });
        }
        self.freedoms.push(freedoms);
    }

    /// The freedoms of the group of the visible ball at `i`.
    fn freedoms_of(&self, i: usize) -> &Holes {
        &self.freedoms[usize::from(self.group[i])]
    }

    /// Whether the ball at `i` is visible and its group has freedom.
    pub(crate) fn has_freedom(&self, i: usize) -> bool {
        self.group[i] != NONE && !self.freedoms_of(i).is_empty()
    }

    /// The group number of the visible ball at `i` (`None` for hidden balls and empty points).
    pub(crate) fn group_of(&self, i: usize) -> Option<u16> {
        (self.group[i] != NONE).then_some(self.group[i])
    }

    /// Updates the groups for a ball of `color` placed at `i` on `board`, a move whose
    /// verdict was [`Verdict::Quiet`]: it joins the groups it touches and takes the hole it
    /// fills from its neighbours, and nothing else changes.
    pub(crate) fn apply_quiet(&mut self, board: &Board, i: usize, color: Color) {
        let t = board.topo();
        let mut merged = [NONE; 8];
        let mut count = 0;
        let touching = t.supports[i]
            .iter()
            .chain(t.nbrs[i].iter().map(|e| &e.other));
        for &j in touching {
            if board.is(j, color) {
                let g = self.group[usize::from(j)];
                if g != NONE && !merged[..count].contains(&g) {
                    merged[count] = g;
                    count += 1;
                }
            }
        }
        let id = merged[..count].iter().copied().min().unwrap_or_else(|| {
            self.freedoms.push(Holes::default());
            (self.freedoms.len() - 1) as u16
        });
        let mut freedoms = board.own_freedoms(i, &self.holes);
        for &g in &merged[..count] {
            freedoms = freedoms.or(&self.freedoms[usize::from(g)]);
        }
        if count > 1 {
            for j in board.balls(color).iter() {
                if merged[..count].contains(&self.group[j]) {
                    self.group[j] = id;
                }
            }
        }
        self.group[i] = id;
        self.freedoms[usize::from(id)] = freedoms;
        if t.level(i) == 0 {
            self.holes.remove(i);
            for e in &t.nbrs[i] {
                if e.other != NONE && self.group[usize::from(e.other)] != NONE {
                    let g = usize::from(self.group[usize::from(e.other)]);
                    self.freedoms[g].remove(i);
                }
            }
            self.freedoms[usize::from(id)].remove(i);
        }
    }

    /// Whether both analyses see the same groups with the same freedoms (group numbers may
    /// differ): a debug check of [`Analysis::apply_quiet`].
    pub(crate) fn same_groups(&self, other: &Analysis) -> bool {
        use std::collections::HashMap;
        let (mut map, mut back) = (HashMap::new(), HashMap::new());
        self.holes == other.holes
            && self.group.len() == other.group.len()
            && self.group.iter().zip(&other.group).all(|(&a, &b)| {
                if (a == NONE) != (b == NONE) {
                    return false;
                }
                a == NONE
                    || (*map.entry(a).or_insert(b) == b
                        && *back.entry(b).or_insert(a) == a
                        && self.freedoms[usize::from(a)] == other.freedoms[usize::from(b)])
            })
    }

    /// The quick verdict on a ball of `color` at the empty, supported point `i` of the board
    /// this analysis was built from.
    pub(crate) fn verdict(&self, board: &Board, i: usize, color: Color) -> Verdict {
        let t = board.topo();
        let level = t.level(i);
        if !self.settled || (level >= 2 && board.hides_buried()) {
            return Verdict::Unknown;
        }
        let cuts = t.sides[i]
            .iter()
            .any(|s| board.is(s.a, !color) && board.is(s.b, !color) && board.is(s.partner, color));
        if level >= 1 && board.cuts_bridges() && cuts {
            return Verdict::Unknown;
        }
        let mut freedoms = board.own_freedoms(i, &self.holes);
        let mut touched = |j: u16| {
            if board.is(j, color) && self.group[usize::from(j)] != NONE {
                freedoms = freedoms.or(self.freedoms_of(usize::from(j)));
            }
        };
        t.supports[i].iter().for_each(|&s| touched(s));
        t.nbrs[i].iter().for_each(|e| touched(e.other));
        if level == 0 {
            freedoms.remove(i);
            // An opponent group whose last freedom this is will be captured (or pinned).
            let takes_last = t.nbrs[i].iter().any(|e| {
                let j = e.other;
                board.is(j, !color)
                    && self.group[usize::from(j)] != NONE
                    && self.freedoms_of(usize::from(j)).and_not(&one(i)).is_empty()
            });
            if takes_last {
                return Verdict::Unknown;
            }
        }
        if freedoms.is_empty() {
            Verdict::Suicide
        } else {
            Verdict::Quiet(board.hash_with(i, color))
        }
    }
}

fn one(i: usize) -> Holes {
    let mut h = Holes::default();
    h.insert(i);
    h
}
