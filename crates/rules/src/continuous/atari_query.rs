//! The query for groups in atari through the kept answers of [`AtariCache`]: what a change
//! since the last query may have changed is searched again, the rest is read back.

use super::atari::Trace;
use super::atari_cache::{Entry, Footprint, Watch, lock, prune_due, register};
use super::atari_group::Atari;
use super::point::{Point, V};
use super::position::Position;
use crate::Stone;

impl Position {
    /// Every group in atari with its capturing point, ordered by its first stone's
    /// placement, each group's stones in placement order. Recomputes only the groups whose
    /// answer a change since the last query may have changed.
    pub(crate) fn atari_cached(&self) -> Vec<Atari> {
        let cells = &self.atari.cells;
        let mut guard = lock(&self.atari.state);
        let st = &mut *guard;
        let slots = self.group_slots();
        for list in [&mut st.by_group, &mut st.by_count] {
            if list.len() < slots {
                list.resize_with(slots, Vec::new);
            }
        }
        if st.entries.len() < slots {
            st.entries.resize_with(slots, Entry::default);
        }
        let mut dirty: Vec<u32> = Vec::with_capacity(16);
        // The groups whose members changed since the last query.
        let mut changed: Vec<u32> = Vec::new();
        let fresh = st.fresh;
        if st.fresh {
            st.fresh = false;
            st.points.clear();
            st.groups.clear();
            st.counts.clear();
            st.flagged.clear();
            st.by_cell.clear();
            st.by_cell.resize_with(cells.cell_count(), Vec::new);
            st.by_group.iter_mut().for_each(Vec::clear);
            st.by_count.iter_mut().for_each(Vec::clear);
            for g in 0..st.entries.len() as u32 {
                let _ = st.drop_answer(g);
            }
            dirty.extend(self.groups().map(|(g, _)| g));
        } else {
            for x in std::mem::take(&mut st.points) {
                let cell = cells.index_of(x);
                let mut list = std::mem::take(&mut st.by_cell[cell]);
                list.retain(|w| {
                    if !st.is_live(w.g, w.generation) {
                        return false;
                    }
                    let hit = w.centre.dist2(x) <= w.radius2;
                    if hit {
                        dirty.push(w.g);
                    }
                    !hit
                });
                st.by_cell[cell] = list;
            }
            changed = std::mem::take(&mut st.groups);
            for &h in &changed {
                dirty.push(h);
                // New members change the count too.
                let list = std::mem::take(&mut st.by_group[h as usize]);
                st.fire(list, &mut dirty);
                let list = std::mem::take(&mut st.by_count[h as usize]);
                st.fire(list, &mut dirty);
            }
            for h in std::mem::take(&mut st.counts) {
                let list = std::mem::take(&mut st.by_count[h as usize]);
                st.fire(list, &mut dirty);
            }
        }
        dirty.sort_unstable();
        dirty.dedup();
        changed.sort_unstable();
        // Every stale answer goes before any new one comes: a merged group's new first
        // stone may be the first stone of a group it absorbed. The stones of a flagged
        // group whose members did not change are kept for its new answer: listing them
        // again (sorting a big group by placement and copying it) cost more than the
        // search of its capture point on a crowded board.
        let mut kept: Vec<(u32, u64, Vec<Stone<Point>>)> = Vec::new();
        for &g in &dirty {
            if let Some((first, atari)) = st.drop_answer(g)
                && !fresh
                && changed.binary_search(&g).is_err()
            {
                kept.push((g, first, atari.stones));
            }
        }
        for g in dirty {
            if !self.has_group(g) {
                continue;
            }
            let (at, footprint) = self.capture_point_traced(g);
            // Valid before it registers, or pruning would take its first watches for stale.
            st.entries[g as usize].valid = true;
            let generation = st.entries[g as usize].generation;
            for (centre, radius) in footprint.discs {
                let watch = Watch {
                    g,
                    generation,
                    centre,
                    radius2: radius * radius,
                };
                cells.cells_within(centre, radius, |c| {
                    let list = &mut st.by_cell[c];
                    if prune_due(list) {
                        let entries = &st.entries;
                        list.retain(|w| {
                            let e = &entries[w.g as usize];
                            e.valid && e.generation == w.generation
                        });
                    }
                    list.push(watch);
                });
            }
            for h in footprint.groups {
                register(&mut st.by_group[h as usize], (g, generation), &st.entries);
            }
            for h in footprint.counts {
                register(&mut st.by_count[h as usize], (g, generation), &st.entries);
            }
            if let Some(at) = at {
                let (first, atari) = match kept.iter().position(|k| k.0 == g) {
                    Some(i) => {
                        let (_, first, stones) = kept.swap_remove(i);
                        let capture_at = Point::from_v(at);
                        (first, Atari { stones, capture_at })
                    }
                    None => self.atari_of(g, at),
                };
                st.entries[g as usize].flag = Some((first, atari));
                st.flagged.insert(first, g);
            }
        }
        st.flagged
            .values()
            .filter_map(|&g| st.entries[g as usize].flag.as_ref())
            .map(|(_, a)| a.clone())
            .collect()
    }

    /// The public answer for group `g` captured at `at`, with its first stone's placement.
    fn atari_of(&self, g: u32, at: V) -> (u64, Atari) {
        let ids = &self.group(g).members;
        let first = ids.first().map_or(0, |&id| self.stone(id).seq);
        let stones = ids
            .iter()
            .map(|&id| {
                let s = self.stone(id);
                Stone {
                    at: Point::from_v(s.at),
                    color: s.color,
                }
            })
            .collect();
        let atari = Atari {
            stones,
            capture_at: Point::from_v(at),
        };
        (first, atari)
    }

    /// [`Position::capture_point`] with what it read.
    fn capture_point_traced(&self, g: u32) -> (Option<V>, Footprint) {
        let (at, trace) = self.capture_search(g);
        // Every reach below is a little wider than the reads it stands for.
        let reach = self.reach.influence + 1e-6 * self.reach.touch;
        let mut groups = Vec::with_capacity(4);
        groups.push(g);
        let mut fp = Footprint {
            discs: Vec::with_capacity(16),
            groups,
            counts: Vec::with_capacity(8),
        };
        let group = self.group(g);
        let tried = match trace {
            Trace::Apart(ids) => {
                for id in ids {
                    fp.discs.push((self.stone(id).at, reach));
                }
                Vec::new()
            }
            Trace::Searched(tried) => {
                // A member without a witness gains one only by changing the group's count.
                fp.counts.push(g);
                fp.discs
                    .extend(group.carriers.iter().map(|&id| (self.stone(id).at, reach)));
                tried
            }
        };
        let Some(&first) = group.members.first() else {
            return (at, fp);
        };
        let color = self.stone(first).color;
        let mut wide: Vec<V> = Vec::new();
        for &(p, whole) in &tried {
            fp.discs.push((p, reach));
            // The stones of the target's colour near the point: their liberties decide
            // whether their groups die.
            let mut prey: Vec<u32> = Vec::with_capacity(8);
            self.grid.near(p, reach, |id, q| {
                let s = self.stone(id);
                if s.color == color {
                    fp.discs.push((q, reach));
                    prey.push(s.group);
                }
            });
            prey.sort_unstable();
            prey.dedup();
            fp.counts.extend_from_slice(&prey);
            if whole {
                wide.push(p);
                for &k in &prey {
                    wide.extend(self.group(k).members.iter().map(|&id| self.stone(id).at));
                }
            }
        }
        for c in wide {
            fp.discs.push((c, 2.0 * reach));
            self.grid.near(c, 2.0 * reach, |id, _| {
                let h = self.stone(id).group;
                fp.groups.push(h);
                fp.counts.push(h);
            });
        }
        fp.groups.sort_unstable();
        fp.groups.dedup();
        fp.counts.sort_unstable();
        fp.counts.dedup();
        // A member near a tried point is read twice; one watch is enough.
        fp.discs.sort_unstable_by(|a, b| {
            (a.0.x.total_cmp(&b.0.x))
                .then(a.0.y.total_cmp(&b.0.y))
                .then(a.1.total_cmp(&b.1))
        });
        fp.discs.dedup();
        (at, fp)
    }
}
