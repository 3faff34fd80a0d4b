//! Groups of a settled position with their freedoms, and the quick verdict on a move that
//! they allow: most moves capture nothing, and for those the result is known without
//! playing the capture rounds. A move that buries a ball or cuts a contact can split groups:
//! only the groups it touches are flooded again ([`Analysis::local`]), so a playout does not
//! analyse the whole board after such a move. Moves that may capture (a group losing its
//! last freedom) are left to the full rounds.

use super::bits::{Bits, Holes};
use super::board::Board;
use super::topology::NONE;
use crate::{ByColor, Color};

/// What the quick check knows about a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Nothing is captured and the ball stays; the board hash after the move.
    Quiet(u64),
    /// Nothing of the opponent is captured and the placed ball has no freedom.
    Suicide,
    /// The move buries a ball or cuts a contact: [`Analysis::local`] can tell.
    Local,
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
    /// What the last [`Analysis::local`] found, for [`Analysis::commit_local`].
    pending: Pending,
    /// Component of each ball during [`Analysis::local`] (`NONE` outside it).
    mark: Vec<u16>,
}

/// The groups a move changes, flooded again on the board after it.
#[derive(Debug, Clone, Default)]
struct Pending {
    /// The numbers of the groups the move touches, joins, splits or hides a ball of.
    old: Vec<u16>,
    /// Each ball of those groups (and the placed one) with its component.
    balls: Vec<(u16, u16)>,
    /// The freedoms of each component.
    freedoms: Vec<Holes>,
    /// The ball the move buries, or `NONE`.
    hidden: u16,
    /// No group splits: the move only joins the placed ball to the groups it touches.
    joins_only: bool,
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
        self.mark.clear();
        self.mark.resize(t.points, NONE);
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

    /// The freedoms of the group of the visible ball at `i` (`None` for hidden balls and
    /// empty points).
    pub(crate) fn freedoms_at(&self, i: usize) -> Option<&Holes> {
        (self.group[i] != NONE).then(|| self.freedoms_of(i))
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
        if !self.settled {
            return Verdict::Unknown;
        }
        if level >= 2 && board.hides_buried() {
            return Verdict::Local;
        }
        let cuts = t.sides[i]
            .iter()
            .any(|s| board.is(s.a, !color) && board.is(s.b, !color) && board.is(s.partner, color));
        if level >= 1 && board.cuts_bridges() && cuts {
            return Verdict::Local;
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
            // An opponent group whose last freedom this is will be captured, unless nothing
            // of it can be lifted: then it is pinned, and the move is judged like any other.
            // One that had none is pinned already and stays so: placing a ball uncovers
            // nothing.
            let takes_last = t.nbrs[i].iter().any(|e| {
                let j = e.other;
                board.is(j, !color)
                    && self.group[usize::from(j)] != NONE
                    && *self.freedoms_of(usize::from(j)) == one(i)
                    && self.can_lift(board, self.group[usize::from(j)], !color)
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

impl Analysis {
    /// The verdict on a ball of `color` at the empty, supported point `i` above level 0 of
    /// `before` (the board this analysis describes), found by flooding again only the groups
    /// the ball touches, hides a ball of or cuts: a placement adds no other contact and
    /// frees no hole, so no other group changes. Remembers the new groups for
    /// [`Analysis::commit_local`]. [`Verdict::Unknown`] when a group is left without freedom
    /// with a ball that a round would lift (a capture, not necessarily suicide).
    pub(crate) fn local(&mut self, before: &Board, i: usize, color: Color) -> Verdict {
        let t = before.topo();
        debug_assert!(t.level(i) >= 1, "a ball on level 0 fills a hole");
        let mut next = *before;
        next.place(i, color);
        if !self.splits(before, &next, i, color) {
            // Every group keeps its balls (but the buried one, which has no hole of its
            // own: its four neighbours hold the balls it is buried under) and freedoms.
            let mut freedoms = Holes::default();
            for &j in t.supports[i]
                .iter()
                .chain(t.nbrs[i].iter().map(|e| &e.other))
            {
                if before.is(j, color) && self.group[usize::from(j)] != NONE {
                    freedoms = freedoms.or(self.freedoms_of(usize::from(j)));
                }
            }
            let b = t.buries[i];
            self.pending.joins_only = true;
            self.pending.hidden = if before.hides_buried() && b != NONE {
                b
            } else {
                NONE
            };
            return if freedoms.is_empty() {
                Verdict::Suicide
            } else {
                Verdict::Quiet(next.hash())
            };
        }
        let mut p = std::mem::take(&mut self.pending);
        p.joins_only = false;
        p.old.clear();
        p.balls.clear();
        p.freedoms.clear();
        p.hidden = NONE;
        let group = &self.group;
        let mut add = |j: u16| {
            let g = if j == NONE {
                NONE
            } else {
                group[usize::from(j)]
            };
            if g != NONE && !p.old.contains(&g) {
                p.old.push(g);
            }
        };
        for &j in t.supports[i]
            .iter()
            .chain(t.nbrs[i].iter().map(|e| &e.other))
        {
            if before.is(j, color) {
                add(j);
            }
        }
        let b = t.buries[i];
        if before.hides_buried() && b != NONE && before.is_occupied(usize::from(b)) {
            p.hidden = b;
            add(b);
        }
        if before.cuts_bridges() {
            for s in &t.sides[i] {
                if before.is(s.a, !color) && before.is(s.b, !color) && before.is(s.partner, color) {
                    add(s.a);
                    add(s.b);
                }
            }
        }
        p.balls.push((i as u16, NONE));
        for j in before.occupied().iter() {
            let g = self.group[j];
            if g != NONE && j != usize::from(p.hidden) && p.old.contains(&g) {
                p.balls.push((j as u16, NONE));
            }
        }
        // Flood each component of those balls on the board after the move; the touches it
        // follows never leave them (the groups were closed under touch, and the move's new
        // touches are all the placed ball's).
        let mut lifted = ByColor::new_with(|_| false);
        let mut suicide = false;
        for k in 0..p.balls.len() {
            let start = usize::from(p.balls[k].0);
            if self.mark[start] != NONE {
                continue;
            }
            let c = p.freedoms.len() as u16;
            let col = if next.is(start as u16, Color::Black) {
                Color::Black
            } else {
                Color::White
            };
            let mut freedoms = Holes::default();
            let mut liftable = false;
            let mut has_placed = false;
            self.mark[start] = c;
            self.stack.push(start as u16);
            while let Some(j) = self.stack.pop() {
                let j = usize::from(j);
                has_placed |= j == i;
                if t.level(j) == 0 {
                    freedoms = freedoms.or(&next.own_freedoms(j, &self.holes));
                }
                liftable |= next.is_uncovered(j);
                let mark = &mut self.mark;
                let stack = &mut self.stack;
                next.for_each_visible_touch(j, col, |n| {
                    if mark[n] == NONE {
                        mark[n] = c;
                        stack.push(n as u16);
                    }
                });
            }
            if freedoms.is_empty() && liftable {
                lifted[col] = true;
                suicide |= has_placed;
            }
            p.freedoms.push(freedoms);
        }
        for (ball, comp) in &mut p.balls {
            *comp = self.mark[usize::from(*ball)];
            self.mark[usize::from(*ball)] = NONE;
        }
        debug_assert!(
            p.balls.iter().all(|&(_, c)| c != NONE),
            "a component reached a ball outside the groups the move touches"
        );
        self.pending = p;
        if lifted[!color] {
            Verdict::Unknown
        } else if suicide {
            Verdict::Suicide
        } else if lifted[color] {
            Verdict::Unknown
        } else {
            Verdict::Quiet(next.hash())
        }
    }

    /// Takes the groups that the last [`Analysis::local`] found, for the move it judged
    /// [`Verdict::Quiet`] and that was then played.
    ///
    /// `before` and `i`, `color` are those [`Analysis::local`] was given.
    pub(crate) fn commit_local(&mut self, before: &Board, i: usize, color: Color) {
        if self.pending.joins_only {
            self.apply_quiet(before, i, color);
            if self.pending.hidden != NONE {
                self.group[usize::from(self.pending.hidden)] = NONE;
            }
            return;
        }
        let p = &self.pending;
        let mut ids = Vec::with_capacity(p.freedoms.len());
        for (k, f) in p.freedoms.iter().enumerate() {
            let id = match p.old.get(k) {
                Some(&g) => {
                    self.freedoms[usize::from(g)] = *f;
                    g
                }
                None => {
                    self.freedoms.push(*f);
                    (self.freedoms.len() - 1) as u16
                }
            };
            ids.push(id);
        }
        for &(ball, comp) in &p.balls {
            self.group[usize::from(ball)] = ids[usize::from(comp)];
        }
        if p.hidden != NONE {
            self.group[usize::from(p.hidden)] = NONE;
        }
    }
}

impl Analysis {
    /// Whether a ball of `color` at `i`, giving `next` from `before`, may split a group: when
    /// it buries a ball, the balls that touched it must still be joined, and when it cuts a
    /// contact, its two balls; joined on `next`, whatever path it takes, means no group
    /// splits. The search runs breadth first from one of them: a detour, if there is one,
    /// is nearly always a step or two away over the balls around the point.
    fn splits(&mut self, before: &Board, next: &Board, i: usize, color: Color) -> bool {
        let t = before.topo();
        let mut ends = [0u16; 16];
        let b = t.buries[i];
        if before.hides_buried() && b != NONE {
            let b = usize::from(b);
            let Some(owner) = next.color_at(b) else {
                return true;
            };
            let mut n = 0;
            next.for_each_visible_touch(b, owner, |j| {
                ends[n] = j as u16;
                n += 1;
            });
            if n > 1 && !self.joined(next, owner, &ends[..n]) {
                return true;
            }
        }
        if before.cuts_bridges() {
            for s in &t.sides[i] {
                let cut =
                    before.is(s.a, !color) && before.is(s.b, !color) && before.is(s.partner, color);
                if cut && !self.joined(next, !color, &[s.a, s.b]) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the visible balls `ends` of `color` are all in one group of `board`.
    fn joined(&mut self, board: &Board, color: Color, ends: &[u16]) -> bool {
        const SEEN: u16 = 0;
        const DONE: u16 = 1;
        let mut queue = std::mem::take(&mut self.stack);
        queue.clear();
        queue.push(ends[0]);
        self.mark[usize::from(ends[0])] = SEEN;
        // Ends found are searched from first: they usually touch the ones still missing.
        let mut hot = [0u16; 16];
        let mut hot_len = 1;
        hot[0] = ends[0];
        let mut left = ends.len() - 1;
        let mut head = 0;
        while left > 0 {
            let j = if hot_len > 0 {
                hot_len -= 1;
                usize::from(hot[hot_len])
            } else if head < queue.len() {
                head += 1;
                usize::from(queue[head - 1])
            } else {
                break;
            };
            if self.mark[j] == DONE {
                continue;
            }
            self.mark[j] = DONE;
            let mark = &mut self.mark;
            board.for_each_visible_touch(j, color, |n| {
                if mark[n] == NONE {
                    mark[n] = SEEN;
                    queue.push(n as u16);
                    if ends.contains(&(n as u16)) {
                        left -= 1;
                        hot[hot_len] = n as u16;
                        hot_len += 1;
                    }
                }
            });
        }
        for &j in &queue {
            self.mark[usize::from(j)] = NONE;
        }
        queue.clear();
        self.stack = queue;
        left == 0
    }
}

impl Analysis {
    /// Whether the group `g` of `color` has a ball with nothing resting on it, which a round
    /// would lift if the group had no freedom.
    fn can_lift(&self, board: &Board, g: u16, color: Color) -> bool {
        board
            .balls(color)
            .iter()
            .any(|j| self.group[j] == g && board.is_uncovered(j))
    }
}

fn one(i: usize) -> Holes {
    let mut h = Holes::default();
    h.insert(i);
    h
}
