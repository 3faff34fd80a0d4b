//! What a move would do, worked out without touching the position: legality, captures,
//! suicide, the stones whose witnesses change and the Voronoi cells that change. Playing a
//! move commits a plan; a preview only reads it.

use super::hash::stone_key;
use super::liberty::{Cover, free_point_kept};
use super::point::V;
use super::position::{Id, Position};
use super::voronoi::{
    Cell, NEW, Scratch, Sites, area, cell, cell_among, clip_cell, neighbours, with_scratch,
};
use crate::{ByColor, Color, IllegalMove};

/// The effect of placing a stone, computed from the position before it.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub at: V,
    pub color: Color,
    /// Opponent stones captured, then the mover's stones left without a liberty.
    pub removed: Vec<Id>,
    /// The mover's groups the new stone joins.
    merged: Vec<u32>,
    /// Each of those groups keeps a stone with a free point after the move.
    merged_keep_liberties: bool,
    /// A free point of the new stone.
    witness: Option<V>,
    /// What covers the new stone's liberty circle once the captured stones are gone.
    cover: Cover,
    /// New witnesses of stones near the move (right in the final position near `at`).
    updates: Vec<(Id, Option<V>)>,
    /// The position hash after the move (without the player to move).
    pub hash_after: u64,
}

impl Plan {
    /// True when the new stone joins a group of its own colour.
    pub fn joins_own(&self) -> bool {
        !self.merged.is_empty()
    }

    /// True when the new stone keeps a free point of its own once the stones it captures
    /// are gone.
    pub fn has_own_liberty(&self) -> bool {
        self.witness.is_some()
    }

    /// True when every group the new stone joins keeps a stone with a free point of its
    /// own after the move (true when it joins none).
    pub fn joined_keep_liberties(&self) -> bool {
        self.merged_keep_liberties
    }
}

/// The Voronoi areas a plan changes.
#[derive(Debug, Clone)]
pub(crate) struct AreaPlan {
    new_cell: (Cell, f64),
    changes: Vec<(Id, Cell, f64)>,
    /// Area per colour after the move, square board units.
    pub totals: ByColor<f64>,
}

impl Position {
    /// The plan of `color` placing a stone at `at`.
    ///
    /// # Errors
    /// [`IllegalMove::Outside`], [`IllegalMove::Overlap`] or [`IllegalMove::Suicide`];
    /// ko is the game's business.
    pub fn plan(&self, at: V, color: Color) -> Result<Plan, IllegalMove> {
        if !self.board.fits_v(at) {
            return Err(IllegalMove::Outside);
        }
        let reach = self.reach;
        // Room for the stones within 4r on a crowded board: growing from empty costs more
        // than the search around the move.
        let mut near = Vec::with_capacity(32);
        let mut overlap = false;
        self.grid.near(at, reach.influence, |id, q| {
            overlap |= reach.covers(q, at);
            near.push(id);
        });
        if overlap {
            return Err(IllegalMove::Overlap);
        }
        let mut updates = Vec::with_capacity(16);
        let dead = self.dead_opponents(at, color, &near, Some(&mut updates));
        let captured: Vec<Id> = dead
            .iter()
            .flat_map(|&g| self.group(g).members.iter().copied())
            .collect();
        // Asked for every stone covering a circle near the captures: a search of the
        // captured ids spares looking each stone up.
        let mut gone_ids = captured.clone();
        gone_ids.sort_unstable();
        let gone = |id: Id| gone_ids.binary_search(&id).is_ok();
        let cover = self.cover_among(at, &near, &gone);
        let witness = free_point_kept(&self.board, &cover, at, None, &|_| false);
        let merged = self.connected_groups(at, color, &near);
        // A stone that joins nothing lives by its own free point alone: without one it is
        // suicide, whatever the liberties of the stones around it (not worked out then).
        if merged.is_empty() && witness.is_none() {
            return Err(IllegalMove::Suicide);
        }
        let (region, freed) = self.own_region(color, &near, &captured);
        let mut deltas: Vec<(u32, i64)> = Vec::with_capacity(16);
        // A stone without a free point gains one only where a captured stone covered its
        // circle, so only the stones within reach of a captured stone can. A gain matters
        // to the verdict only for a group that would otherwise keep no free stone; the
        // others are left to the commit, which finds them in the final position: a
        // preview never needs them, and on a crowded board they cost it a tenth of its work.
        let mut may_gain: Vec<Id> = Vec::new();
        for id in region {
            let s = self.stone(id);
            match s.witness {
                Some(w) if reach.covers(at, w) => {
                    let w = self.stone_free_point(id, Some(at), &gone);
                    deltas.push((s.group, i64::from(w.is_some()) - 1));
                    updates.push((id, w));
                }
                None if freed.binary_search(&id).is_ok() => may_gain.push(id),
                _ => {}
            }
        }
        let free_after = |deltas: &[(u32, i64)], g: u32| {
            let d: i64 = deltas.iter().filter(|x| x.0 == g).map(|x| x.1).sum();
            self.group(g).free() as i64 + d
        };
        // Every group keeps a free stone before the move, so only one that loses them all
        // here may need a gain.
        for id in may_gain {
            let g = self.stone(id).group;
            if free_after(&deltas, g) == 0 {
                let w = self.stone_free_point(id, Some(at), &gone);
                deltas.push((g, i64::from(w.is_some())));
                updates.push((id, w));
            }
        }
        let free_after = |g: u32| free_after(&deltas, g);
        let total: i64 =
            merged.iter().map(|&g| free_after(g)).sum::<i64>() + i64::from(witness.is_some());
        if total == 0 {
            return Err(IllegalMove::Suicide);
        }
        let merged_keep_liberties = merged.iter().all(|&g| free_after(g) > 0);
        let mut removed = captured;
        let mut own_dead: Vec<u32> = deltas
            .iter()
            .map(|x| x.0)
            .filter(|&g| !merged.contains(&g) && free_after(g) == 0)
            .collect();
        own_dead.sort_unstable();
        own_dead.dedup();
        for g in own_dead {
            removed.extend_from_slice(&self.group(g).members);
        }
        let mut hash_after = self.hash ^ stone_key(at, color);
        for &id in &removed {
            let s = self.stone(id);
            hash_after ^= stone_key(s.at, s.color);
        }
        Ok(Plan {
            at,
            color,
            removed,
            merged,
            merged_keep_liberties,
            witness,
            cover,
            updates,
            hash_after,
        })
    }

    /// Opponent groups left without a liberty by a stone at `at`; records the witnesses
    /// it changes in `updates`, if given.
    pub(super) fn dead_opponents(
        &self,
        at: V,
        color: Color,
        near: &[Id],
        mut updates: Option<&mut Vec<(Id, Option<V>)>>,
    ) -> Vec<u32> {
        let mut lost: Vec<u32> = Vec::with_capacity(8);
        for &id in near {
            let s = self.stone(id);
            if s.color == color || s.witness.is_none_or(|w| !self.reach.covers(at, w)) {
                continue;
            }
            let w = self.stone_free_point(id, Some(at), &|_| false);
            if let Some(updates) = updates.as_deref_mut() {
                updates.push((id, w));
            }
            if w.is_none() {
                lost.push(s.group);
            }
        }
        lost.sort_unstable();
        let mut dead = Vec::new();
        for run in lost.chunk_by(|a, b| a == b) {
            if self.group(run[0]).free() == run.len() {
                dead.push(run[0]);
            }
        }
        dead
    }

    /// The mover's stones whose liberties the move may change: those near the new stone
    /// and those near a captured stone; then the latter alone. Both sorted.
    fn own_region(&self, color: Color, near: &[Id], captured: &[Id]) -> (Vec<Id>, Vec<Id>) {
        let mut freed: Vec<Id> = Vec::with_capacity(16 * captured.len());
        for &c in captured {
            self.grid
                .near(self.stone(c).at, self.reach.influence, |id, _| {
                    if self.stone(id).color == color {
                        freed.push(id);
                    }
                });
        }
        freed.sort_unstable();
        freed.dedup();
        let mut region: Vec<Id> = near
            .iter()
            .copied()
            .filter(|&id| self.stone(id).color == color)
            .chain(freed.iter().copied())
            .collect();
        region.sort_unstable();
        region.dedup();
        (region, freed)
    }

    /// True when a stone of `color` lies near enough to `at` to connect to a stone there.
    pub(super) fn connects_to(&self, at: V, color: Color) -> bool {
        let mut found = false;
        self.grid.near(at, self.reach.connect, |id, _| {
            found |= self.stone(id).color == color;
        });
        found
    }

    /// The mover's groups a stone at `at` connects to.
    fn connected_groups(&self, at: V, color: Color, near: &[Id]) -> Vec<u32> {
        let limit = self.reach.connect * self.reach.connect;
        let mut groups: Vec<u32> = near
            .iter()
            .map(|&id| self.stone(id))
            .filter(|s| s.color == color && s.at.dist2(at) <= limit)
            .map(|s| s.group)
            .collect();
        groups.sort_unstable();
        groups.dedup();
        groups
    }

    /// The Voronoi cells that `plan` changes, with their new areas. Cells next to a
    /// removed stone grow and are recomputed; the other neighbours of the new stone only
    /// lose to it, so their cells are cut by one bisector.
    pub fn area_plan(&self, plan: &Plan) -> AreaPlan {
        with_scratch(|sc| self.area_plan_in(plan, sc))
    }

    fn area_plan_in(&self, plan: &Plan, sc: &mut Scratch) -> AreaPlan {
        let mut removed = plan.removed.clone();
        removed.sort_unstable();
        let gone = |id: Id| removed.binary_search(&id).is_ok();
        let at_of = |l: u32| match l {
            NEW => Some(plan.at),
            _ if gone(l) || !self.is_on_board(l) => None,
            _ => Some(self.stone(l).at),
        };
        let without = Sites {
            grid: &self.grid,
            extra: None,
            gone,
        };
        cell(&self.board, &without, plan.at, NEW, sc);
        let new_cell = sc.poly.clone();
        let new_area = area(&self.board, &new_cell, plan.at, at_of);
        let mut regrow = Vec::with_capacity(8 * removed.len());
        for &id in &removed {
            neighbours(&self.stone(id).cell, &mut regrow);
        }
        regrow.sort_unstable();
        regrow.dedup();
        // A removed stone's cell may still name a stone captured before it, across a
        // zero-length edge (see `at_of`): only stones on the board regrow.
        regrow.retain(|&id| !gone(id) && self.is_on_board(id));
        let mut shrink = Vec::with_capacity(new_cell.len());
        neighbours(&new_cell, &mut shrink);
        shrink.sort_unstable();
        shrink.dedup();
        shrink.retain(|&id| !gone(id) && regrow.binary_search(&id).is_err());
        let mut totals = self.area;
        totals[plan.color] += new_area;
        for &id in &removed {
            let s = self.stone(id);
            totals[s.color] -= s.area;
        }
        // A cell that grows into the place of removed stones can only meet, besides its
        // former neighbours and the new stone, stones that bordered a removed stone (the
        // only stones also growing there): the stones of `regrow`. Those few clip it.
        let regrow_sites: Vec<(u32, V)> =
            regrow.iter().map(|&id| (id, self.stone(id).at)).collect();
        let mut changes = Vec::with_capacity(regrow.len() + shrink.len());
        for &id in regrow.iter().chain(&shrink) {
            let s = self.stone(id);
            let mut poly = Cell::with_capacity(s.cell.len() + 2);
            if self.borders_removed(id, &removed) {
                let near = s.cell.iter().filter_map(|&(_, l)| Some((l, at_of(l)?)));
                let near = near.chain([(NEW, plan.at)]);
                cell_among(&self.board, s.at, id, near, &regrow_sites, sc);
                poly.clone_from(&sc.poly);
            } else {
                clip_cell(&s.cell, s.at, plan.at, &mut poly);
            }
            let a = area(&self.board, &poly, s.at, at_of);
            totals[s.color] += a - s.area;
            changes.push((id, poly, a));
        }
        AreaPlan {
            new_cell: (new_cell, new_area),
            changes,
            totals,
        }
    }

    /// True when the cell of `id` shares an edge with the cell of a stone in `removed`.
    fn borders_removed(&self, id: Id, removed: &[Id]) -> bool {
        !removed.is_empty()
            && self
                .stone(id)
                .cell
                .iter()
                .any(|&(_, l)| removed.binary_search(&l).is_ok())
    }

    /// Plays `plan` (made on this very position), with its areas; without them (`None`,
    /// in a playout) the Voronoi cells and areas go stale until
    /// [`Position::refresh_all_cells`]. Returns the new stone.
    pub fn commit(&mut self, plan: Plan, areas: Option<AreaPlan>) -> Id {
        let removed_at: Vec<V> = plan.removed.iter().map(|&id| self.stone(id).at).collect();
        // The plan found the mover's new witnesses with the captured stones gone, which is
        // the final position unless some of the mover's own stones go too.
        let own_removed: Vec<Id> = plan
            .removed
            .iter()
            .copied()
            .filter(|&r| self.stone(r).color == plan.color)
            .collect();
        let done: Vec<Id> = if !own_removed.is_empty() {
            Vec::new()
        } else {
            plan.updates
                .iter()
                .map(|&(u, _)| u)
                .filter(|&u| self.stone(u).color == plan.color)
                .collect()
        };
        self.remove(&plan.removed);
        for &(id, w) in &plan.updates {
            if self.is_on_board(id) {
                self.set_witness(id, w);
            }
        }
        let mut cover = plan.cover;
        // The plan's cover leaves out the captured stones; the mover's own stones left
        // without a liberty go too.
        for &r in &own_removed {
            cover.remove(r);
        }
        let (new_cell, changes) = match areas {
            Some(areas) => (areas.new_cell, areas.changes),
            None => ((Cell::new(), 0.0), Vec::new()),
        };
        let id = self.insert(
            plan.at,
            plan.color,
            &plan.merged,
            plan.witness,
            new_cell,
            cover,
        );
        for (changed, mut cell, a) in changes {
            for v in &mut cell {
                if v.1 == NEW {
                    v.1 = id;
                }
            }
            self.set_cell(changed, cell, a);
        }
        self.refresh_witnesses_near(&removed_at, &done);
        self.fit_carriers();
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::SnapMode;
    use crate::continuous::audit::group_labels;
    use crate::continuous::liberty::has_liberty_brute_force;
    use crate::continuous::workload::{BenchRequests, bench_game};

    /// What a move removes, from scratch (rules section 5): the stones of the position and
    /// the new one, groups by distance, liberties by brute force, the opponent's dead
    /// groups first, then the mover's. Returns the removed stones' centres, sorted, and
    /// whether some group of the mover had no liberty before the captures and kept one
    /// after them (a capture that saves a group).
    fn move_from_scratch(
        pos: &Position,
        at: V,
        color: Color,
    ) -> Result<(Vec<V>, bool), IllegalMove> {
        let reach = pos.reach;
        if !pos.board.fits_v(at) {
            return Err(IllegalMove::Outside);
        }
        if pos.iter().any(|(_, s)| reach.covers(s.at, at)) {
            return Err(IllegalMove::Overlap);
        }
        let mut stones: Vec<(V, Color)> = pos.iter().map(|(_, s)| (s.at, s.color)).collect();
        stones.push((at, color));
        let new = stones.len() - 1;
        let mut alive = vec![true; stones.len()];
        let groups = groups_of(&stones, reach.connect);
        let has_liberty = |alive: &[bool], g: &[usize]| {
            g.iter().any(|&i| {
                // Only stones within 4r touch the liberty circle of stone `i`.
                let mut local = vec![stones[i].0];
                local.extend(
                    (0..stones.len())
                        .filter(|&j| j != i && alive[j])
                        .map(|j| stones[j].0)
                        .filter(|q| q.dist(stones[i].0) < 2.0 * reach.touch + 1e-9),
                );
                has_liberty_brute_force(&pos.board, &local, 0)
            })
        };
        let mut removed = Vec::new();
        let mut saved = false;
        let before = alive.clone();
        for side in [color.other(), color] {
            let dying: Vec<&Vec<usize>> = groups
                .iter()
                .filter(|g| stones[g[0]].1 == side && !has_liberty(&alive, g))
                .collect();
            if side == color {
                saved = groups.iter().any(|g| {
                    stones[g[0]].1 == side && !has_liberty(&before, g) && has_liberty(&alive, g)
                });
                if dying.iter().any(|g| g.contains(&new)) {
                    return Err(IllegalMove::Suicide);
                }
            }
            for g in dying {
                for &i in g {
                    alive[i] = false;
                    removed.push(stones[i].0);
                }
            }
        }
        Ok((sorted(removed), saved))
    }

    fn sorted(mut points: Vec<V>) -> Vec<V> {
        points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        points
    }

    /// The groups of `stones` found afresh, each a list of indices into `stones`.
    fn groups_of(stones: &[(V, Color)], connect: f64) -> Vec<Vec<usize>> {
        let label = group_labels(stones, connect);
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut index = vec![usize::MAX; stones.len()];
        for (i, &first) in label.iter().enumerate() {
            if index[first] == usize::MAX {
                index[first] = out.len();
                out.push(Vec::new());
            }
            out[index[first]].push(i);
        }
        out
    }

    /// The plan's verdict on crowded boards (where most moves capture, some are suicide,
    /// and a capture often gives back the liberties of the mover's own groups) equals the
    /// rules applied from scratch, for both colours at the points requests resolve to.
    #[test]
    fn plans_remove_what_the_rules_remove_from_scratch() {
        let (mut compared, mut captures, mut suicides, mut saves) = (0, 0, 0, 0);
        for seed in 1..=4 {
            for stones in [200, 300, 340] {
                let pos = bench_game(seed, stones).pos;
                for (request, mode) in BenchRequests::new(seed ^ 0xC0DE).take(150) {
                    for color in [Color::Black, Color::White] {
                        // Points touching the mover's own stones are where a capture
                        // gives an own group its liberties back.
                        let mode = if mode == SnapMode::Nearest {
                            SnapMode::Own
                        } else {
                            mode
                        };
                        let Some(at) = pos.resolve(V::from(request), mode, color) else {
                            continue;
                        };
                        let got = pos.plan(at, color).map(|plan| {
                            sorted(plan.removed.iter().map(|&id| pos.stone(id).at).collect())
                        });
                        let want = move_from_scratch(&pos, at, color);
                        if got != want.clone().map(|w| w.0) {
                            let only = |a: &[V], b: &[V]| -> Vec<V> {
                                a.iter().filter(|p| !b.contains(p)).copied().collect()
                            };
                            let message = match (&got, &want) {
                                (Ok(g), Ok((w, _))) => format!(
                                    "the plan alone removes {:?}, the rules alone {:?}",
                                    only(g, w),
                                    only(w, g)
                                ),
                                _ => format!(
                                    "the plan gives {:?}, the rules {:?}",
                                    got.map(|g| g.len()),
                                    want.map(|w| w.0.len())
                                ),
                            };
                            panic!("{color:?} at {at:?}, seed {seed}, {stones} stones: {message}");
                        }
                        compared += 1;
                        match want {
                            Ok((removed, saved)) => {
                                captures += usize::from(!removed.is_empty());
                                saves += usize::from(saved);
                            }
                            Err(_) => suicides += 1,
                        }
                    }
                }
            }
        }
        assert!(
            compared > 2000 && captures > 200 && suicides > 50 && saves > 10,
            "{compared} {captures} {suicides} {saves}"
        );
    }
}
