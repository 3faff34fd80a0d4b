//! The stones on the board and what is kept up to date about them move by move: the bucket
//! grid, the groups with their stones that still have a free liberty point, each
//! stone's witness point, the covered arcs of its liberty circle and its Voronoi area, the
//! colour totals and the position hash.

use std::sync::Arc;

use super::atari_cache::AtariCache;
use super::board::Board;
use super::grid::{Grid, clone_with_room};
use super::hash::stone_key;
use super::liberty::{Cover, Reach, free_arcs_kept, free_point, free_point_kept, stone_span};
use super::point::V;
use super::voronoi::{Cell, Scratch, Sites, area, cell};
use crate::{ByColor, Color};

/// A stone's slot in the position (reused after a capture).
pub(crate) type Id = u32;

#[derive(Debug, Clone)]
pub(crate) struct StoneRec {
    pub at: V,
    pub color: Color,
    pub group: u32,
    /// A free point of the liberty circle, if the circle has one.
    pub witness: Option<V>,
    /// Placement order, for listing stones in the order they were played.
    pub seq: u64,
    /// The stone's Voronoi cell, and its area within the board in square board units.
    pub cell: Cell,
    pub area: f64,
    /// What covers the stone's liberty circle.
    pub cover: Cover,
}

#[derive(Debug)]
pub(crate) struct GroupRec {
    /// The stones of the group in placement order (a new stone is the last placed; merged
    /// groups are merged in order), so that listing a group needs no sort.
    pub members: Vec<Id>,
    /// The members that have a witness: the group has a liberty when there is one. Kept
    /// apart so that the atari search of a big group with few liberties reads those few
    /// stones, not every member.
    pub carriers: Vec<Id>,
}

impl GroupRec {
    /// How many members have a witness.
    pub fn free(&self) -> usize {
        self.carriers.len()
    }
}

impl Clone for GroupRec {
    fn clone(&self) -> GroupRec {
        GroupRec {
            members: clone_with_room(&self.members),
            carriers: clone_with_room(&self.carriers),
        }
    }
}

/// How many cells of the stones' grid (a side of `4r`) a wide cell of the carriers' grid
/// spans along each side. Where the carriers are few (an empty board, and a crowded one
/// where the nearest legal point lies several cells from the pointer), wide cells leave
/// fewer empty ones to visit: `bench continuous`, resolve at 300 stones (17 carriers on
/// `square-19`) 1.49 -> 1.32 us. Where they are many (from about 100 stones to 250 there,
/// up to 145 carriers), the first rings of wide cells hold too many to sort: random
/// playouts, which spend most moves there, cost 7% more with wide cells throughout.
const CARRIER_CELLS: usize = 2;

/// Carriers per cell of the stones' grid below which the carriers' grid turns to wide
/// cells, and above which it turns back to fine ones; apart, so that a count hovering
/// near one bound does not rebuild it move after move.
const WIDE_BELOW: f64 = 0.4;
const FINE_ABOVE: f64 = 0.6;

/// The stones and their incremental structures.
#[derive(Debug)]
pub(crate) struct Position {
    pub board: Arc<Board>,
    pub reach: Reach,
    stones: Vec<Option<StoneRec>>,
    spare: Vec<Id>,
    groups: Vec<Option<GroupRec>>,
    spare_groups: Vec<u32>,
    pub grid: Grid,
    /// The stones that have a witness (whose touching circle carries legal points), for
    /// snapping: on a crowded board they are few. Its cells are wide or fine by how many
    /// there are ([`Position::fit_carriers`]).
    pub carriers: Grid,
    /// Whether the carriers' grid has wide cells.
    carriers_wide: bool,
    count: usize,
    /// Stones per colour whose liberty circle has a free point.
    witnessed: ByColor<usize>,
    pub hash: u64,
    /// Voronoi area per colour, square board units.
    pub area: ByColor<f64>,
    next_seq: u64,
    /// The answers of the atari search, told of every change.
    pub(crate) atari: AtariCache,
}

/// A copy that grows as the original would: a move on it costs what it costs on the
/// original, without moving the whole stone table or a big group's members once.
impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: Arc::clone(&self.board),
            reach: self.reach,
            stones: clone_with_room(&self.stones),
            spare: clone_with_room(&self.spare),
            groups: clone_with_room(&self.groups),
            spare_groups: clone_with_room(&self.spare_groups),
            grid: self.grid.clone(),
            carriers: self.carriers.clone(),
            carriers_wide: self.carriers_wide,
            count: self.count,
            witnessed: self.witnessed,
            hash: self.hash,
            area: self.area,
            next_seq: self.next_seq,
            atari: self.atari.clone(),
        }
    }
}

impl Position {
    pub fn new(board: Arc<Board>) -> Position {
        let (lo, hi) = board.bbox();
        let reach = Reach::new(&board);
        let grid = Grid::new(lo, hi, 2.0 * reach.touch);
        let carriers = grid.coarsened(CARRIER_CELLS);
        Position {
            board,
            reach,
            stones: Vec::new(),
            spare: Vec::new(),
            groups: Vec::new(),
            spare_groups: Vec::new(),
            atari: AtariCache::new(&grid),
            grid,
            carriers,
            carriers_wide: true,
            count: 0,
            witnessed: ByColor::default(),
            hash: 0,
            area: ByColor::default(),
            next_seq: 0,
        }
    }

    /// Number of stones on the board.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Number of stones of `color` with a free point on their liberty circle, that is with
    /// a legal point touching them.
    pub fn witnessed(&self, color: Color) -> usize {
        self.witnessed[color]
    }

    /// The stone in slot `id`.
    ///
    /// # Panics
    /// If the slot is empty: ids come from the grid or the groups, which hold only stones
    /// on the board.
    pub fn stone(&self, id: Id) -> &StoneRec {
        self.stones[id as usize]
            .as_ref()
            .expect("ids in the grid and the groups are stones on the board")
    }

    /// True when slot `id` holds a stone.
    pub fn is_on_board(&self, id: Id) -> bool {
        self.stones.get(id as usize).is_some_and(Option::is_some)
    }

    /// The centre of the stone in slot `id`, if it holds one.
    pub fn at_of(&self, id: Id) -> Option<V> {
        self.stones.get(id as usize)?.as_ref().map(|s| s.at)
    }

    /// The group in slot `g`.
    ///
    /// # Panics
    /// If the slot is empty: group ids come from stones on the board.
    pub fn group(&self, g: u32) -> &GroupRec {
        self.groups[g as usize]
            .as_ref()
            .expect("a stone's group exists")
    }

    /// Every stone with its id.
    pub fn iter(&self) -> impl Iterator<Item = (Id, &StoneRec)> {
        self.stones
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i as Id, s)))
    }

    /// The number of group slots (some may be empty).
    pub fn group_slots(&self) -> usize {
        self.groups.len()
    }

    /// True when group slot `g` holds a group.
    pub fn has_group(&self, g: u32) -> bool {
        self.groups.get(g as usize).is_some_and(Option::is_some)
    }

    /// Every group with its id.
    pub fn groups(&self) -> impl Iterator<Item = (u32, &GroupRec)> {
        self.groups
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.as_ref().map(|g| (i as u32, g)))
    }

    /// The stone whose disc contains `p`, if any.
    pub fn stone_at(&self, p: V) -> Option<Id> {
        let r = self.board.stone_radius();
        let mut best: Option<(f64, Id)> = None;
        self.grid.near(p, r, |id, q| {
            let d = q.dist2(p);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, id));
            }
        });
        best.map(|(_, id)| id)
    }

    /// A free liberty point of the stone `id` in this position with `extra` added and the
    /// stones for which `gone` holds removed, from its kept cover.
    pub fn stone_free_point(
        &self,
        id: Id,
        extra: Option<V>,
        gone: &dyn Fn(Id) -> bool,
    ) -> Option<V> {
        let s = self.stone(id);
        free_point_kept(&self.board, &s.cover, s.at, extra, gone)
    }

    /// Every free part of the liberty circle of the stone `id` (see
    /// [`free_arcs_kept`]), or `None` once there are more than `limit`.
    pub fn stone_free_arcs(&self, id: Id, limit: usize) -> Option<Vec<(f64, f64)>> {
        let s = self.stone(id);
        free_arcs_kept(&self.board, &s.cover, s.at, limit)
    }

    /// A free liberty point of a stone at `at` that is not on the board, in this position
    /// with `extra` added and the stones for which `gone` holds removed.
    pub fn free_point(
        &self,
        at: V,
        me: Option<Id>,
        extra: Option<V>,
        gone: &dyn Fn(Id) -> bool,
    ) -> Option<V> {
        free_point(&self.board, &self.grid, at, me, extra, gone)
    }

    /// The cover of the liberty circle of a stone placed at `at` (by the edges and the
    /// stones for which `gone` is false), for [`Position::insert`].
    pub fn new_cover(&self, at: V, gone: &dyn Fn(Id) -> bool) -> Cover {
        let mut near = Vec::with_capacity(32);
        self.grid
            .near(at, self.reach.influence, |id, _| near.push(id));
        self.cover_among(at, &near, gone)
    }

    /// [`Position::new_cover`] from `near`, the stones within `reach.influence` of `at`
    /// in the order [`Grid::near`] gives them, which a plan has already gathered.
    pub fn cover_among(&self, at: V, near: &[Id], gone: &dyn Fn(Id) -> bool) -> Cover {
        let covering = near
            .iter()
            .filter(|&&id| !gone(id))
            .map(|&id| (id, self.stone(id).at));
        Cover::of(&self.board, at, covering)
    }

    /// Puts a stone on the board with the given witness, Voronoi cell and cover (from
    /// [`Position::new_cover`] in this position); it joins `merge` (own groups it
    /// connects), or starts a group.
    pub fn insert(
        &mut self,
        at: V,
        color: Color,
        merge: &[u32],
        witness: Option<V>,
        (cell, area): (Cell, f64),
        cover: Cover,
    ) -> Id {
        let id = self.spare.pop().unwrap_or_else(|| {
            self.stones.push(None);
            (self.stones.len() - 1) as Id
        });
        let group = self.merge_groups(merge);
        let seq = self.next_seq;
        self.next_seq += 1;
        self.cover_neighbours(id, at);
        self.stones[id as usize] = Some(StoneRec {
            at,
            color,
            group,
            witness,
            seq,
            cell,
            area,
            cover,
        });
        if let Some(g) = self.groups[group as usize].as_mut() {
            g.members.push(id);
            if witness.is_some() {
                g.carriers.push(id);
            }
        }
        self.grid.insert(id, at);
        self.atari.touch_point(at);
        self.atari.touch_group(group);
        if witness.is_some() {
            self.carriers.insert(id, at);
        }
        self.count += 1;
        self.witnessed[color] += usize::from(witness.is_some());
        self.hash ^= stone_key(at, color);
        self.area[color] += area;
        id
    }

    /// Adds what a new stone `id` at `at` (not yet in the grid) covers of each neighbour's
    /// liberty circle to the neighbour's cover.
    fn cover_neighbours(&mut self, id: Id, at: V) {
        let reach = self.reach;
        let stones = &mut self.stones;
        self.grid.near(at, reach.influence, |other, q| {
            if let Some(span) = stone_span(&reach, q, at)
                && other != id
                && let Some(s) = stones[other as usize].as_mut()
            {
                s.cover.add(span, id);
            }
        });
    }

    /// Joins the groups `merge` into the largest of them, or opens a new group.
    fn merge_groups(&mut self, merge: &[u32]) -> u32 {
        let Some(&target) = merge
            .iter()
            .max_by_key(|&&g| (self.group(g).members.len(), std::cmp::Reverse(g)))
        else {
            return self.new_group();
        };
        for &g in merge {
            if g == target {
                continue;
            }
            let Some(moved) = self.groups[g as usize].take() else {
                continue;
            };
            self.spare_groups.push(g);
            self.atari.touch_group(g);
            for &id in &moved.members {
                if let Some(s) = self.stones[id as usize].as_mut() {
                    s.group = target;
                }
            }
            if let Some(t) = self.groups[target as usize].as_mut() {
                let stones = &self.stones;
                merge_in_placement_order(&mut t.members, &moved.members, |id| {
                    stones[id as usize].as_ref().map_or(0, |s| s.seq)
                });
                t.carriers.extend_from_slice(&moved.carriers);
            }
        }
        target
    }

    fn new_group(&mut self) -> u32 {
        let rec = GroupRec {
            members: Vec::new(),
            carriers: Vec::new(),
        };
        if let Some(g) = self.spare_groups.pop() {
            self.groups[g as usize] = Some(rec);
            g
        } else {
            self.groups.push(Some(rec));
            (self.groups.len() - 1) as u32
        }
    }

    /// Takes the stones `ids` (whole groups) off the board.
    pub fn remove(&mut self, ids: &[Id]) {
        for &id in ids {
            let Some(s) = self.stones[id as usize].take() else {
                continue;
            };
            self.grid.remove(id, s.at);
            let stones = &mut self.stones;
            self.grid.near(s.at, self.reach.influence, |other, _| {
                if let Some(o) = stones[other as usize].as_mut() {
                    o.cover.remove(id);
                }
            });
            self.atari.touch_point(s.at);
            self.atari.touch_group(s.group);
            if s.witness.is_some() {
                self.carriers.remove(id, s.at);
            }
            self.spare.push(id);
            self.count -= 1;
            self.witnessed[s.color] -= usize::from(s.witness.is_some());
            self.hash ^= stone_key(s.at, s.color);
            self.area[s.color] -= s.area;
            if self.groups[s.group as usize].take().is_some() {
                self.spare_groups.push(s.group);
            }
        }
        if self.count == 0 {
            // No rounding residue on an empty board.
            self.area = ByColor::default();
        }
    }

    /// Rebuilds the carriers' grid with wide cells once the carriers are few, with fine
    /// ones once they are many (see [`CARRIER_CELLS`]). The stones go in in the old
    /// grid's order, so that the result depends only on the game's moves.
    pub fn fit_carriers(&mut self) {
        let carriers = (self.witnessed[Color::Black] + self.witnessed[Color::White]) as f64;
        let cells = self.grid.cell_count() as f64;
        let bound = if self.carriers_wide {
            FINE_ABOVE
        } else {
            WIDE_BELOW
        };
        let want_wide = carriers < bound * cells;
        if want_wide != self.carriers_wide {
            self.carriers_wide = want_wide;
            let mut grid = self
                .grid
                .coarsened(if want_wide { CARRIER_CELLS } else { 1 });
            for (id, at) in self.carriers.all() {
                grid.insert(id, at);
            }
            self.carriers = grid;
        }
    }

    /// Sets the witness of `id`, keeping its group's count of free stones right.
    pub fn set_witness(&mut self, id: Id, witness: Option<V>) {
        let Some(s) = self.stones[id as usize].as_mut() else {
            return;
        };
        let was = s.witness.is_some();
        s.witness = witness;
        let (g, color, at) = (s.group, s.color, s.at);
        if was != witness.is_some() {
            self.atari.touch_count(g);
        }
        match (was, witness.is_some()) {
            (false, true) => self.carriers.insert(id, at),
            (true, false) => self.carriers.remove(id, at),
            _ => {}
        }
        self.witnessed[color] += usize::from(witness.is_some());
        self.witnessed[color] -= usize::from(was);
        if let Some(g) = self.groups[g as usize].as_mut() {
            match (was, witness.is_some()) {
                (false, true) => g.carriers.push(id),
                (true, false) => {
                    if let Some(i) = g.carriers.iter().position(|&c| c == id) {
                        g.carriers.swap_remove(i);
                    }
                }
                _ => {}
            }
        }
    }

    /// Sets the Voronoi cell of `id` and its area, keeping the colour totals right.
    pub fn set_cell(&mut self, id: Id, cell: Cell, area: f64) {
        if let Some(s) = self.stones[id as usize].as_mut() {
            self.area[s.color] += area - s.area;
            s.area = area;
            s.cell = cell;
        }
    }

    /// Recomputes the witness of every stone within influence of a point of `points` whose
    /// witness such a point covers or that has none (after stones there were added or
    /// removed), except the stones of `done`, whose witnesses are already right. Each stone
    /// is looked at once, in the order of the points and of the grid around each: looking
    /// again would find the same witness, as the stones do not move meanwhile.
    pub fn refresh_witnesses_near(&mut self, points: &[V], done: &[Id]) {
        // (id, when first met): sorting, not a search of the stones seen so far, keeps a
        // big capture (whose points share most of their neighbours) from costing the
        // square of the stones around it.
        let mut met: Vec<(Id, usize)> = Vec::with_capacity(16 * points.len());
        for &p in points {
            self.grid.near(p, self.reach.influence, |id, _| {
                met.push((id, met.len()));
            });
        }
        met.sort_unstable();
        met.dedup_by_key(|m| m.0);
        let mut done = done.to_vec();
        done.sort_unstable();
        met.retain(|m| done.binary_search(&m.0).is_err());
        met.sort_unstable_by_key(|m| m.1);
        for (id, _) in met {
            let s = self.stone(id);
            let stale = s.witness.is_none_or(|w| {
                self.grid
                    .near_any(w, self.reach.overlap, |q| self.reach.covers(q, w))
            });
            if stale {
                let w = self.stone_free_point(id, None, &|_| false);
                self.set_witness(id, w);
            }
        }
    }

    /// Recomputes the Voronoi cell of every stone and the colour totals from them (after a
    /// setup, or a playout that left the cells stale).
    pub fn refresh_all_cells(&mut self) {
        let ids: Vec<Id> = self.iter().map(|(id, _)| id).collect();
        let mut sc = Scratch::default();
        let cells: Vec<(Cell, f64)> = {
            let sites = Sites {
                grid: &self.grid,
                extra: None,
                gone: |_| false,
            };
            ids.iter()
                .map(|&id| {
                    let at = self.stone(id).at;
                    cell(&self.board, &sites, at, id, &mut sc);
                    let a = area(&self.board, &sc.poly, at, |l| self.at_of(l));
                    (sc.poly.clone(), a)
                })
                .collect()
        };
        for (id, (c, a)) in ids.into_iter().zip(cells) {
            self.set_cell(id, c, a);
        }
        // Summed afresh: the running totals of stale cells carry their rounding.
        let mut area = ByColor::default();
        for (_, s) in self.iter() {
            area[s.color] += s.area;
        }
        self.area = area;
    }
}

/// Merges `more` into `into`, both in placement order (`seq`), keeping `into` so. Works
/// from the back: the members of `into` placed before all of `more` are not moved, so
/// joining a few new stones to a big old group costs about the few.
fn merge_in_placement_order(into: &mut Vec<Id>, more: &[Id], seq: impl Fn(Id) -> u64) {
    let (mut i, mut j) = (into.len(), more.len());
    into.resize(i + j, 0);
    while j > 0 {
        let next = if i > 0 && seq(into[i - 1]) > seq(more[j - 1]) {
            i -= 1;
            into[i]
        } else {
            j -= 1;
            more[j]
        };
        into[i + j] = next;
    }
}
