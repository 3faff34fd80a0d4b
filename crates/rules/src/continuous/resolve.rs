//! Turning a pointer into a move: clamp it into the inner board, then take it as it is or
//! find the exact nearest legal point (on a stone's touching circle, where two such circles
//! meet, where one meets the inner board's outline, or on that outline), searching outwards
//! through the bucket grid until the answer is certain.

use std::fmt;
use std::str::FromStr;

use super::board::{Piece, circle_circle, intersect, project};
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
    /// (any stone, or the inner board's outline, when `target` is `None`). The search
    /// radius doubles until a candidate within it is legal; only circles that keep a free
    /// point (stones with a witness) carry candidates, which keeps crowded boards cheap.
    fn nearest_legal(&self, c: V, target: Option<Color>) -> Option<V> {
        let touch = self.reach.touch;
        let (lo, hi) = self.board.bbox();
        let limit = 2.0 * (hi - lo).norm() + 2.0 * touch;
        let mut rho = touch;
        let mut cands: Vec<(f64, V)> = Vec::new();
        let mut near: Vec<(V, bool)> = Vec::new();
        loop {
            cands.clear();
            near.clear();
            self.candidates(c, rho, target, &mut near, &mut cands);
            cands.retain(|&(d, _)| d <= rho * rho);
            cands.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
            // Every stone that can cover a candidate within rho is in `near`.
            let free = |p: V| near.iter().all(|&(q, _)| !self.reach.covers(q, p));
            if let Some(&(_, p)) = cands
                .iter()
                .find(|&&(_, p)| free(p) && self.board.fits_v(p))
            {
                return Some(p);
            }
            if rho > limit {
                return None;
            }
            rho *= 2.0;
        }
    }

    /// Every point that can be the answer of [`Position::nearest_legal`] when that answer
    /// lies within `rho` of `c`, with its squared distance to `c`.
    /// `near` receives the stones within `rho + 6r` of `c`, marked when their circle
    /// carries candidates.
    fn candidates(
        &self,
        c: V,
        rho: f64,
        target: Option<Color>,
        near: &mut Vec<(V, bool)>,
        out: &mut Vec<(f64, V)>,
    ) {
        let touch = self.reach.touch;
        // Legal points on a circle exist exactly when its stone has a witness.
        let eligible = |id: u32| {
            let s = self.stone(id);
            s.witness.is_some() && target.is_none_or(|t| s.color == t)
        };
        // Carrying circles lie within rho + 2r of c; circles cutting them within 4r more.
        self.grid.near(c, rho + 3.0 * touch, |id, q| {
            let carries = q.dist2(c) <= (rho + touch) * (rho + touch) && eligible(id);
            near.push((q, carries));
        });
        let mut push = |p: V| out.push((p.dist2(c), p));
        let pair_reach2 = 4.0 * touch * touch * (1.0 + 1e-9);
        for (i, &(s, carries)) in near.iter().enumerate() {
            if !carries {
                continue;
            }
            let d = c - s;
            let n = d.norm();
            push(if n > 0.0 {
                s + d * (touch / n)
            } else {
                s + V::new(touch, 0.0)
            });
            // Where this circle meets another; pairs of carrying circles once.
            for (j, &(t, t_carries)) in near.iter().enumerate() {
                if (j > i || !t_carries) && j != i && s.dist2(t) <= pair_reach2 {
                    circle_circle(s, touch, t, touch)
                        .into_iter()
                        .flatten()
                        .for_each(&mut push);
                }
            }
            let circle = Piece::Circle(s, touch);
            for &piece in self.board.pieces() {
                intersect(circle, piece)
                    .into_iter()
                    .flatten()
                    .for_each(&mut push);
            }
        }
        if target.is_none() {
            for &piece in self.board.pieces() {
                project(piece, c).into_iter().for_each(&mut push);
            }
            self.board.corners().iter().for_each(|&p| push(p));
        }
    }
}
