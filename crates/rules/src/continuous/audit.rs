//! The from-scratch computations kept beside the incremental ones as their oracle: groups by
//! a fresh search, liberties by cutting every circle against every stone, the covers of the
//! liberty circles from every stone, areas by clipping every cell against every stone. [`ContinuousGame::audit`] compares the two.

use super::game::ContinuousGame;
use super::hash::stone_key;
use super::liberty::{cover_from_scratch, has_liberty_brute_force};
use super::point::V;
use super::position::Id;
use super::voronoi::areas_brute_force;
use crate::{ByColor, Color, Game};

/// A difference between an incremental structure and its from-scratch recomputation: a
/// bug in stonefield, never a property of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("incremental state disagrees with the recomputation: {0}")]
pub struct AuditError(pub String);

impl ContinuousGame {
    /// The live score recomputed from scratch (quadratic: for tests and debugging).
    pub fn score_from_scratch(&self) -> ByColor<f64> {
        let (ids, sites) = self.sites();
        let areas = areas_brute_force(&self.pos.board, &sites);
        let mut total = ByColor::default();
        for (id, a) in ids.iter().zip(areas) {
            total[self.pos.stone(*id).color] += a;
        }
        self.score_of(total)
    }

    /// Recomputes every incremental structure from scratch and compares: the groups, which
    /// stones have a free liberty point (and the grid of those stones), the arcs kept as
    /// covering each stone's liberty circle, that every group has a liberty, the Voronoi
    /// areas, the position hash and the kept answers of the atari search. Slow; for tests
    /// and debugging.
    ///
    /// # Errors
    /// The first difference found.
    pub fn audit(&self) -> Result<(), AuditError> {
        let fail = |m: String| Err(AuditError(m));
        let (ids, sites) = self.sites();
        self.audit_groups(&ids, &sites)?;
        let labelled: Vec<(Id, V)> = ids.iter().copied().zip(sites.iter().copied()).collect();
        for (i, &id) in ids.iter().enumerate() {
            let s = self.pos.stone(id);
            let oracle = has_liberty_brute_force(&self.pos.board, &sites, i);
            if oracle != s.witness.is_some() {
                return fail(format!(
                    "stone at {:?}: liberty {oracle} by brute force",
                    s.at
                ));
            }
            if let Some(w) = s.witness
                && !self.witness_is_free(id, w)
            {
                return fail(format!("stone at {:?}: witness {w:?} is not free", s.at));
            }
            if s.cover.sorted() != cover_from_scratch(&self.pos.board, &labelled, i) {
                return fail(format!(
                    "stone at {:?}: kept cover {:?}, recomputed {:?}",
                    s.at,
                    s.cover.sorted(),
                    cover_from_scratch(&self.pos.board, &labelled, i)
                ));
            }
        }
        for (_, g) in self.pos.groups() {
            let seqs: Vec<u64> = g.members.iter().map(|&id| self.pos.stone(id).seq).collect();
            if !seqs.is_sorted() {
                return fail(format!("group members out of placement order: {seqs:?}"));
            }
            let mut free: Vec<Id> = g
                .members
                .iter()
                .copied()
                .filter(|&id| self.pos.stone(id).witness.is_some())
                .collect();
            free.sort_unstable();
            let mut kept = g.carriers.clone();
            kept.sort_unstable();
            if free != kept || free.is_empty() {
                return fail(format!("group with free stones {free:?} keeps {kept:?}"));
            }
        }
        for c in Color::ALL {
            let n = self
                .pos
                .iter()
                .filter(|(_, s)| s.color == c && s.witness.is_some())
                .count();
            if n != self.pos.witnessed(c) {
                return fail(format!(
                    "{c}: {n} stones with a free point, counted {}",
                    self.pos.witnessed(c)
                ));
            }
        }
        let mut carriers: Vec<(Id, V)> = self.pos.carriers.all().collect();
        carriers.sort_unstable_by_key(|c| c.0);
        let witnessed: Vec<(Id, V)> = self
            .pos
            .iter()
            .filter(|(_, s)| s.witness.is_some())
            .map(|(id, s)| (id, s.at))
            .collect();
        if carriers != witnessed {
            return fail(format!(
                "{} stones in the grid of carriers, {} with a free point",
                carriers.len(),
                witnessed.len()
            ));
        }
        let areas = areas_brute_force(&self.pos.board, &sites);
        let tol = 1e-9 * self.pos.board.polygon().area();
        for (&id, a) in ids.iter().zip(&areas) {
            let s = self.pos.stone(id);
            if (s.area - a).abs() > tol {
                return fail(format!("cell of {:?}: area {} not {a}", s.at, s.area));
            }
        }
        let (fast, slow) = (self.score(), self.score_from_scratch());
        let units = 1e-9 * self.pos.board.area_units();
        if (fast.black - slow.black).abs() > units || (fast.white - slow.white).abs() > units {
            return fail(format!("score {fast:?} not {slow:?}"));
        }
        let hash = self
            .pos
            .iter()
            .fold(0, |h, (_, s)| h ^ stone_key(s.at, s.color));
        if hash != self.pos.hash {
            return fail("position hash".to_owned());
        }
        let (kept, fresh) = (self.groups_in_atari(), self.groups_in_atari_from_scratch());
        if kept != fresh {
            return fail(format!(
                "groups in atari: kept {kept:?}, searched afresh {fresh:?}"
            ));
        }
        Ok(())
    }

    fn sites(&self) -> (Vec<Id>, Vec<V>) {
        self.pos.iter().map(|(id, s)| (id, s.at)).unzip()
    }

    fn witness_is_free(&self, me: Id, w: V) -> bool {
        let reach = self.pos.reach;
        let on_circle = (w.dist(self.pos.stone(me).at) - reach.touch).abs() <= 1e-9 * reach.touch;
        on_circle
            && self.pos.board.fits_v(w)
            && self.pos.iter().all(|(_, s)| !reach.covers(s.at, w))
    }

    /// The groups as a fresh breadth-first search finds them.
    fn audit_groups(&self, ids: &[Id], sites: &[V]) -> Result<(), AuditError> {
        let n = ids.len();
        let stones: Vec<(V, Color)> = ids
            .iter()
            .zip(sites)
            .map(|(&id, &at)| (at, self.pos.stone(id).color))
            .collect();
        let label = group_labels(&stones, self.pos.reach.connect);
        for i in 0..n {
            for j in i + 1..n {
                let fresh = label[i] == label[j];
                let kept = self.pos.stone(ids[i]).group == self.pos.stone(ids[j]).group;
                if fresh != kept {
                    return Err(AuditError(format!(
                        "stones at {:?} and {:?}: same group {kept}, should be {fresh}",
                        sites[i], sites[j]
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The group of each stone found afresh: stones of one colour within `connect` of each
/// other, chained, by a breadth-first search. Each stone is labelled with the index of
/// its group's first stone. Quadratic: for audits and tests.
pub(crate) fn group_labels(stones: &[(V, Color)], connect: f64) -> Vec<usize> {
    let n = stones.len();
    let mut label = vec![usize::MAX; n];
    for start in 0..n {
        if label[start] != usize::MAX {
            continue;
        }
        label[start] = start;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in 0..n {
                let same = stones[j].1 == stones[i].1;
                if label[j] == usize::MAX && same && stones[i].0.dist(stones[j].0) <= connect {
                    label[j] = start;
                    stack.push(j);
                }
            }
        }
    }
    label
}
