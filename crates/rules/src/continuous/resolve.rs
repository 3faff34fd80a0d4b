//! Turning a pointer into a move: clamp it into the inner board, then take it as it is or
//! find the exact nearest legal point (on a stone's touching circle, where two such circles
//! meet, where one meets the inner board's outline, or on that outline), searching outwards
//! through the grid of stones that keep a free point until the answer is certain.

use std::f64::consts::TAU;
use std::fmt;
use std::str::FromStr;

use super::board::{Piece, circle_circle, intersect, may_meet, project};
use super::liberty::is_buried;
use super::point::V;
use super::position::Position;
use super::rules::RulesError;
use crate::Color;

/// Which point a request snaps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SnapMode {
    /// The pointer itself if a stone fits there, else the nearest legal point.
    #[default]
    Nearest,
    /// The nearest legal point touching a stone of the mover.
    Own,
    /// The nearest legal point touching a stone of the opponent.
    Opponent,
}

impl SnapMode {
    /// Every mode.
    pub const ALL: [SnapMode; 3] = [SnapMode::Nearest, SnapMode::Own, SnapMode::Opponent];

    /// The record name: `nearest`, `own` or `opponent`.
    pub const fn name(self) -> &'static str {
        match self {
            SnapMode::Nearest => "nearest",
            SnapMode::Own => "own",
            SnapMode::Opponent => "opponent",
        }
    }
}

impl fmt::Display for SnapMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SnapMode {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SnapMode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| RulesError::UnknownValue {
                option: "snap",
                value: s.to_owned(),
            })
    }
}

impl Position {
    /// The point a request by `mover` resolves to, or `None` (a click on a stone, or no
    /// point qualifies).
    pub fn resolve(&self, request: V, mode: SnapMode, mover: Color) -> Option<V> {
        let c = self.board.clamp_v(request);
        // The misclick test looks at the clamped pointer, as the reference program does: a
        // click outside the board that clamps onto an edge stone is a misclick too.
        let misclick = self.board.stone_radius() / 5.0;
        if self.grid.near_any(c, misclick, |q| q.dist(c) <= misclick) {
            return None;
        }
        let target = match mode {
            SnapMode::Nearest => None,
            SnapMode::Own => Some(mover),
            SnapMode::Opponent => Some(mover.other()),
        };
        match target {
            None if self.is_free(c) => Some(c),
            // Only a stone with a free point on its circle has a legal point touching it.
            Some(t) if self.witnessed(t) == 0 => None,
            _ => self.nearest_legal(c, target),
        }
    }

    /// True when a stone at `p` (inside the inner board) overlaps no stone.
    pub fn is_free(&self, p: V) -> bool {
        let reach = self.reach;
        !self.grid.near_any(p, reach.overlap, |q| reach.covers(q, p))
    }

    /// The legal point nearest to `c`, on the touching circle of a stone of colour `target`
    /// (any stone, or the inner board's outline, when `target` is `None`).
    ///
    /// Only circles that keep a free point (stones with a witness, the *carriers*) hold
    /// candidates, and the carriers have a grid of their own: the search visits it ring by
    /// ring outwards from `c` and stops once no farther circle can come nearer than the best
    /// legal candidate found. Its work depends on the carriers near the answer, not on the
    /// number of stones, even on a crowded board where the answer lies far from `c`. There
    /// the carriers are few (on `square-19` about 50 at 300 stones, as at 50 stones) and
    /// most cells hold none: an empty cell costs one test.
    fn nearest_legal(&self, c: V, target: Option<Color>) -> Option<V> {
        let touch = self.reach.touch;
        let mut best: Option<(f64, V)> = None;
        if target.is_none() {
            self.offer_outline(c, &mut best);
        }
        // A circle whose centre lies at distance D from `c` has no point nearer than
        // D - 2r; the slack keeps rounding from cutting off a candidate that ties.
        let slack = 1e-6 * touch;
        let beyond = |best: Option<(f64, V)>, d: f64| {
            let lb = d - touch - slack;
            best.is_some_and(|(b, _)| lb > 0.0 && lb * lb > b)
        };
        // The same for the circle of the stone `id` at `s`, by its free parts: a legal
        // point lies `delta` radians or more from the direction of `c`, so at least
        // sqrt(D^2 + 4r^2 - 4rD cos(delta)) from `c`.
        let faces_away = |best: Option<(f64, V)>, id: u32, s: V, d: f64| {
            let delta = self
                .stone(id)
                .cover
                .angle_to_free((c - s).angle().rem_euclid(TAU));
            let near2 = d * d + touch * touch - 2.0 * d * touch * delta.cos();
            let lb = near2.max(0.0).sqrt() - slack;
            best.is_some_and(|(b, _)| lb > 0.0 && lb * lb > b)
        };
        let grid = &self.carriers;
        let home = grid.cell_of(c);
        let mut ring: Vec<(f64, u32, V)> = Vec::with_capacity(24);
        let mut buried = Vec::with_capacity(16);
        let mut k = 0;
        loop {
            if beyond(best, grid.ring_distance(c, home, k)) {
                break;
            }
            // Nearest circles first, so that the best candidate soon rules out the rest.
            // The first batch is rings 0 and 1, as the pointer may lie near a cell's side.
            // Cells and circles that the best candidate so far already rules out are
            // left out: they would come after it in the order below and be cut off.
            ring.clear();
            let mut more = true;
            for r in if k == 0 { 0..2 } else { k..k + 1 } {
                more = grid.ring_cells(home, r, |x, y| {
                    let stones = grid.stones_in(x, y);
                    // On a crowded board most cells hold no carrier.
                    if stones.is_empty()
                        || best.is_some() && beyond(best, grid.cell_dist2(c, x, y).sqrt())
                    {
                        return;
                    }
                    for &(id, s) in stones {
                        let d = s.dist(c);
                        if !beyond(best, d) && target.is_none_or(|t| self.stone(id).color == t) {
                            ring.push((d, id, s));
                        }
                    }
                });
            }
            // Stable, so that circles at the same distance come in the grid's order
            // whatever was left out.
            ring.sort_by(|a, b| a.0.total_cmp(&b.0));
            for &(d, id, s) in &ring {
                if beyond(best, d) {
                    break;
                }
                // A circle whose free parts all face away from `c` cannot beat the best
                // candidate: its candidates are not worth computing.
                if best.is_some() && faces_away(best, id, s, d) {
                    continue;
                }
                self.circle_candidates(id, s, c, target, &mut buried, |p| {
                    self.offer(c, p, &mut best);
                });
            }
            if !more {
                break;
            }
            k = if k == 0 { 2 } else { k + 1 };
        }
        best.map(|(_, p)| p)
    }

    /// Offers the points of the inner board's outline nearest to `c`, and its corners.
    fn offer_outline(&self, c: V, best: &mut Option<(f64, V)>) {
        for &piece in self.board.pieces() {
            if let Some(p) = project(piece, c) {
                self.offer(c, p, best);
            }
        }
        for &p in self.board.corners() {
            self.offer(c, p, best);
        }
    }

    /// Keeps `p` as the best answer for a request at `c` when it is nearer than `best` and
    /// legal.
    fn offer(&self, c: V, p: V, best: &mut Option<(f64, V)>) {
        let d = p.dist2(c);
        if best.is_none_or(|(b, _)| d < b) && self.is_free(p) && self.board.fits_v(p) {
            *best = Some((d, p));
        }
    }

    /// The points of the touching circle of the stone `id` at `s` where the nearest legal
    /// point to `c` may lie: the point nearest to `c`, where the circle meets the circle of
    /// a stone within 4r, and where it meets the inner board's outline.
    ///
    /// Where two carrying circles meet, the points are computed once, from the circle of
    /// the stone that comes first in the grid (as a scan of the grid meets them), so that
    /// they come out the same to the last bit however the search reaches them. The other
    /// circle is visited whenever those points can matter: they lie on it.
    fn circle_candidates(
        &self,
        id: u32,
        s: V,
        c: V,
        target: Option<Color>,
        buried: &mut Vec<(f64, f64)>,
        mut push: impl FnMut(V),
    ) {
        let touch = self.reach.touch;
        let d = c - s;
        let n = d.norm();
        push(if n > 0.0 {
            s + d * (touch / n)
        } else {
            s + V::new(touch, 0.0)
        });
        let pair_reach2 = 4.0 * touch * touch * (1.0 + 1e-9);
        let carries = |other: u32| {
            let o = self.stone(other);
            o.witness.is_some() && target.is_none_or(|t| o.color == t)
        };
        let key = self.grid.scan_order(id, s);
        // On a crowded board most of these points lie deep inside a third stone; the kept
        // cover of the circle tells so without computing them or searching the grid for
        // each (which cost most of a request there). Which parts of the circle are buried
        // is worked out once per circle, not once per point.
        let cover = &self.stone(id).cover;
        cover.buried(buried);
        // The circles that cross this one are those of the stones that cover an arc of
        // it, which the cover lists: no grid search. A circle that only grazes it (a stone
        // 4r away, within eps) covers nothing there, so the point where they meet is no
        // end of a covered arc and adds nothing the nearest point above does not.
        for (from, to, other) in cover.stone_spans() {
            let (start, end) = (is_buried(buried, from), is_buried(buried, to));
            if start && end {
                continue;
            }
            let t = self.stone(other).at;
            let first = || !carries(other) || key < self.grid.scan_order(other, t);
            if other == id || s.dist2(t) > pair_reach2 || !first() {
                continue;
            }
            // The first point lies counter-clockwise of the centres' line (beyond the end
            // of the arc `other` covers), the second clockwise (before its start).
            let [beyond_end, before_start] = circle_circle(s, touch, t, touch);
            match (beyond_end, before_start) {
                (Some(p), None) => push(p),
                (p, q) => {
                    if let Some(p) = p.filter(|_| !end) {
                        push(p);
                    }
                    if let Some(q) = q.filter(|_| !start) {
                        push(q);
                    }
                }
            }
        }
        let circle = Piece::Circle(s, touch);
        for &piece in self.board.pieces() {
            if !may_meet(s, touch, piece) {
                continue;
            }
            intersect(circle, piece)
                .into_iter()
                .flatten()
                .for_each(&mut push);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::workload::{BenchRequests, bench_crowd, bench_game};

    impl Position {
        /// The oracle of [`Position::nearest_legal`]: every candidate of every carrier's
        /// circle (where it meets each stone's circle within 4r and each piece of the
        /// outline), each computed and tested, with nothing ruled out in advance. Returns
        /// the distance from `c` to the nearest legal one.
        fn nearest_legal_everywhere(&self, c: V, target: Option<Color>) -> Option<f64> {
            let touch = self.reach.touch;
            let mut best: Option<(f64, V)> = None;
            if target.is_none() {
                self.offer_outline(c, &mut best);
            }
            for (id, s) in self.carriers.all() {
                if target.is_some_and(|t| self.stone(id).color != t) {
                    continue;
                }
                let d = c - s;
                let n = d.norm();
                let nearest = if n > 0.0 {
                    s + d * (touch / n)
                } else {
                    s + V::new(touch, 0.0)
                };
                self.offer(c, nearest, &mut best);
                let mut meets = Vec::new();
                self.grid.near(s, 2.0 * touch, |other, t| {
                    if other != id {
                        meets.extend(circle_circle(s, touch, t, touch).into_iter().flatten());
                    }
                });
                for &piece in self.board.pieces() {
                    meets.extend(
                        intersect(Piece::Circle(s, touch), piece)
                            .into_iter()
                            .flatten(),
                    );
                }
                for p in meets {
                    self.offer(c, p, &mut best);
                }
            }
            best.map(|(d2, _)| d2.sqrt())
        }
    }

    /// Crowded and sparse positions, on `square-19` and on a board five times as long
    /// (where the grid of carriers is wider than the rings the search visits); the
    /// carriers' grid has wide cells in some and fine ones in others.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 1..=6 {
            for stones in [40, 150, 300, 340] {
                out.push(bench_game(seed, stones).pos);
            }
            out.push(bench_crowd(seed, 300, 600).pos);
        }
        out
    }

    #[test]
    fn the_nearest_legal_point_is_as_near_as_any_candidate() {
        let mut found = 0;
        let positions = positions();
        let wide = |pos: &Position| pos.carriers.cell_count() < pos.grid.cell_count();
        assert!(positions.iter().any(wide) && !positions.iter().all(wide));
        for (i, pos) in positions.iter().enumerate() {
            let requests = BenchRequests::new(i as u64).take(60);
            for (request, _) in requests {
                let c = pos.board.clamp_v(V::from(request));
                for target in [None, Some(Color::Black), Some(Color::White)] {
                    let got = pos.nearest_legal(c, target).map(|p| p.dist(c));
                    let want = pos.nearest_legal_everywhere(c, target);
                    match (got, want) {
                        (Some(g), Some(w)) => {
                            assert!((g - w).abs() <= 1e-12, "{c:?} {target:?}: {g} != {w}");
                            found += 1;
                        }
                        (g, w) => assert_eq!(g, w, "{c:?} {target:?}"),
                    }
                }
            }
        }
        assert!(found > 3000, "{found}");
    }
}
