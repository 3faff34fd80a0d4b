//! The answers of the atari search kept between queries, so that the query after a move
//! recomputes only the groups the move could have changed.
//!
//! Each group's answer records what it read: discs of the board whose stones it looked at,
//! the groups whose members it used and the groups whose count of free stones it used. The
//! position reports every change as it happens (a stone placed or removed at a point, a
//! group whose members change or whose slot opens or is freed, a group whose count of free
//! stones changes); the next query drops the answers that depend on something reported and
//! recomputes those groups alone.
//!
//! What a group's search reads (see [`Position::capture_point`]), with `R = 4r - eps`, the
//! reach within which a stone covers part of another's liberty circle:
//! - its members and their witnesses. A witness changes only when a stone is placed or
//!   removed within `R` of its stone, so the disc of radius `R` around the stone covers it;
//! - when two witnesses lie too far apart, that is all. Stones far from both may change
//!   which witnesses the search compares first, but not the answer: a capturing stone must
//!   cover every witness of the group, and no stone covers two that far apart;
//! - otherwise the free arcs of its members with a witness: stones within `R` of each. A
//!   member without a witness is skipped; it can only gain one by changing the group's
//!   count of free stones;
//! - for each point `p` tried as the capturing move ([`Position::captures`]): the stones
//!   within `R` of `p`; the liberties of the stones of the target's colour among them
//!   (stones within `R` of each, and their witnesses); and the count of free stones of
//!   those stones' groups (a group dies when it loses them all). When the whole plan of the
//!   move was needed, also everything within `2R` of `p` and of every stone of those groups
//!   (the groups the move may capture, whose neighbours' liberties the plan recomputes),
//!   and the members and counts of every group seen there.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::atari_group::Atari;
use super::grid::{Grid, clone_with_room};
use super::point::V;

/// Reported changes beyond this many make the next query start afresh (a game that never
/// asks for groups in atari keeps only this much).
pub(super) const MAX_PENDING: usize = 4096;

/// How many cells of the position's grid (a side of `4r`) a cell of the watches spans
/// along each side. The discs watched are `4r` and `8r` wide: in cells this wide each
/// overlaps a few cells instead of a dozen, and registering them is most of the work of a
/// query on a crowded board.
pub(super) const WATCH_CELLS: usize = 2;

/// A registration list longer than this is pruned of answers that are gone (tiny in unit
/// tests, so that they prune all the time).
pub(super) const PRUNE_AT: usize = if cfg!(test) { 2 } else { 64 };

/// True when `list` is due for pruning before a push: it is long, or full, as pruning
/// costs no more than the copy growing it would make and often spares that copy (a
/// copied game's lists are as full as the original's).
pub(super) fn prune_due<T>(list: &Vec<T>) -> bool {
    list.len() >= PRUNE_AT || list.len() == list.capacity()
}

/// A cached answer: the generation it was computed in, and the group's flag if in atari
/// (its first stone's placement order and the public answer).
#[derive(Debug, Clone, Default)]
pub(super) struct Entry {
    pub(super) generation: u32,
    pub(super) valid: bool,
    pub(super) flag: Option<(u64, Atari)>,
}

/// An answer (group slot, generation) that read the stones within a disc.
#[derive(Debug, Clone, Copy)]
pub(super) struct Watch {
    pub(super) g: u32,
    pub(super) generation: u32,
    pub(super) centre: V,
    pub(super) radius2: f64,
}

#[derive(Debug)]
pub(super) struct State {
    /// Nothing cached can be trusted: recompute every group.
    pub(super) fresh: bool,
    /// Points where a stone was placed or removed since the last query.
    pub(super) points: Vec<V>,
    /// Groups whose members changed, or whose slot opened or was freed.
    pub(super) groups: Vec<u32>,
    /// Groups whose count of free stones changed.
    pub(super) counts: Vec<u32>,
    /// Per group slot.
    pub(super) entries: Vec<Entry>,
    /// Per cell of [`AtariCache::cells`]: the discs that overlap it.
    pub(super) by_cell: Vec<Vec<Watch>>,
    /// Per group slot: the answers (slot, generation) that read that group's members.
    pub(super) by_group: Vec<Vec<(u32, u32)>>,
    /// Per group slot: the answers (slot, generation) that read that group's count.
    pub(super) by_count: Vec<Vec<(u32, u32)>>,
    /// The slots of the groups in atari, by their first stone's placement order.
    pub(super) flagged: BTreeMap<u64, u32>,
}

impl Clone for State {
    fn clone(&self) -> State {
        let lists = |v: &Vec<Vec<(u32, u32)>>| v.iter().map(clone_with_room).collect();
        State {
            fresh: self.fresh,
            points: clone_with_room(&self.points),
            groups: clone_with_room(&self.groups),
            counts: clone_with_room(&self.counts),
            entries: clone_with_room(&self.entries),
            by_cell: self.by_cell.iter().map(clone_with_room).collect(),
            by_group: lists(&self.by_group),
            by_count: lists(&self.by_count),
            flagged: self.flagged.clone(),
        }
    }
}

impl Default for State {
    fn default() -> State {
        State {
            fresh: true,
            points: Vec::new(),
            groups: Vec::new(),
            counts: Vec::new(),
            entries: Vec::new(),
            by_cell: Vec::new(),
            by_group: Vec::new(),
            by_count: Vec::new(),
            flagged: BTreeMap::new(),
        }
    }
}

/// The cache, behind a lock so that a query through a shared reference can update it.
#[derive(Debug)]
pub(crate) struct AtariCache {
    /// The cells the watches are filed in: the position's grid, coarsened by
    /// [`WATCH_CELLS`].
    pub(super) cells: Grid,
    pub(super) state: Mutex<State>,
}

impl Clone for AtariCache {
    fn clone(&self) -> AtariCache {
        AtariCache {
            cells: self.cells.clone(),
            state: Mutex::new(lock(&self.state).clone()),
        }
    }
}

// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(super) fn lock(m: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    // A poisoned lock only means some query panicked; starting afresh is always right.
    m.lock().unwrap_or_else(|poisoned| {
        let mut state = poisoned.into_inner();
        state.fresh = true;
        state
    })
}

impl AtariCache {
    /// An empty cache for a position whose stones are filed in `grid`.
    pub fn new(grid: &Grid) -> AtariCache {
        AtariCache {
            cells: grid.coarsened(WATCH_CELLS),
            state: Mutex::new(State::default()),
        }
    }

    fn state(&mut self) -> &mut State {
        self.state
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A stone was placed or removed at `p`.
    pub fn touch_point(&mut self, p: V) {
        let s = self.state();
        if !s.fresh {
            s.points.push(p);
            s.overflow();
        }
    }

    /// Group slot `g` changed: its members, or the slot itself.
    pub fn touch_group(&mut self, g: u32) {
        let s = self.state();
        if !s.fresh {
            s.groups.push(g);
            s.overflow();
        }
    }

    /// The count of free stones of group `g` changed.
    pub fn touch_count(&mut self, g: u32) {
        let s = self.state();
        if !s.fresh {
            s.counts.push(g);
            s.overflow();
        }
    }
}

impl State {
    pub(super) fn overflow(&mut self) {
        if self.points.len() + self.groups.len() + self.counts.len() > MAX_PENDING {
            self.fresh = true;
            self.points.clear();
            self.groups.clear();
            self.counts.clear();
        }
    }

    /// Forgets the answer for `g`; returns its flag, if it had one.
    pub(super) fn drop_answer(&mut self, g: u32) -> Option<(u64, Atari)> {
        let e = &mut self.entries[g as usize];
        let flag = e.flag.take();
        if let Some((seq, _)) = &flag
            && self.flagged.get(seq) == Some(&g)
        {
            self.flagged.remove(seq);
        }
        e.valid = false;
        e.generation = e.generation.wrapping_add(1);
        flag
    }

    pub(super) fn is_live(&self, g: u32, generation: u32) -> bool {
        let e = &self.entries[g as usize];
        e.valid && e.generation == generation
    }

    /// Adds to `dirty` the live answers in `list` and empties it.
    pub(super) fn fire(&mut self, list: Vec<(u32, u32)>, dirty: &mut Vec<u32>) {
        dirty.extend(
            list.into_iter()
                .filter(|&(g, generation)| self.is_live(g, generation))
                .map(|(g, _)| g),
        );
    }
}

// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(super) fn register(list: &mut Vec<(u32, u32)>, key: (u32, u32), entries: &[Entry]) {
    if prune_due(list) {
        list.retain(|&(g, generation)| {
            let e = &entries[g as usize];
            e.valid && e.generation == generation
        });
    }
    list.push(key);
}

/// What one group's search read: discs (centre, radius), groups' members, groups' counts.
#[derive(Debug)]
pub(super) struct Footprint {
    pub(super) discs: Vec<(V, f64)>,
    pub(super) groups: Vec<u32>,
    pub(super) counts: Vec<u32>,
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::continuous::workload::BenchRequests;
    use crate::continuous::{BoardShape, ContinuousGame, ContinuousRules, Point, Preset};

    /// Random games on a small board, asking for the groups in atari after every move or
    /// only now and then (so that changes pile up), always as the search from scratch says.
    #[test]
    fn kept_answers_equal_the_search_from_scratch() {
        let rules = ContinuousRules {
            board: BoardShape::Preset(Preset::Square9),
            ..ContinuousRules::default()
        };
        for seed in 0..24u64 {
            let every = 1 + seed as usize % 4;
            let mut game = ContinuousGame::new(rules.clone()).expect("rules");
            let mut played = 0;
            for (request, mode) in BenchRequests::new(seed).take(400) {
                // The bench requests cover a 19-unit board; fold them onto this one.
                let folded = Point::new(request.x() % 9.5, request.y() % 9.5).expect("finite");
                if game.play_request(folded, mode).is_err() {
                    continue;
                }
                played += 1;
                if played % every == 0 {
                    assert_eq!(
                        game.groups_in_atari(),
                        game.groups_in_atari_from_scratch(),
                        "seed {seed}, move {played}"
                    );
                    // A clone keeps the answers and goes on by itself.
                    let clone = game.clone();
                    assert_eq!(clone.groups_in_atari(), game.groups_in_atari());
                }
                if game.stone_count() > 90 {
                    break;
                }
            }
            assert!(played > 50, "seed {seed}: {played} moves");
            let _ = game.pass();
        }
    }
}
