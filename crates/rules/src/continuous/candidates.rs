//! The moves worth searching in a position of continuous Go, for the computer player:
//! a continuum of points cut down to those where shape happens. A stone touching one
//! stone (at a few angles), touching two at once, touching a stone and the board's edge;
//! the points that capture a group in atari (or save one); and free points of a lattice
//! where the board is still empty. Only legal moves (ko included) are kept.

use std::collections::HashSet;

use super::board::{Piece, circle_circle, intersect};
use super::game::ContinuousGame;
use super::point::{Point, V};
use crate::Phase;

/// Angles at which a point touching a lone stone is offered.
const ANGLES: u32 = 8;

/// The step of the open board's lattice, in diameters: a one-space jump apart.
const LATTICE_STEP: f64 = 2.0;

impl ContinuousGame {
    /// The candidate moves of the player to move, in a deterministic order, each legal.
    pub(crate) fn candidate_points(&self) -> Vec<Point> {
        if self.ending.phase() != Phase::Playing {
            return Vec::new();
        }
        let mut points = Vec::with_capacity(16 * self.pos.len() + 64);
        // First, so that a point of another kind close by does not stand in for them.
        points.extend(self.groups_in_atari().iter().map(|a| V::from(a.capture_at)));
        self.touching_points(&mut points);
        self.open_lattice(&mut points);
        // Points closer than a twentieth of the radius are one move to the search.
        let quantum = self.pos.board.stone_radius() / 20.0;
        let mut seen = HashSet::with_capacity(points.len());
        points
            .into_iter()
            .filter(|p| {
                seen.insert((
                    (p.x / quantum).round() as i64,
                    (p.y / quantum).round() as i64,
                ))
            })
            .filter(|&p| self.plan(p).is_ok())
            .map(Point::from_v)
            .collect()
    }

    /// Points touching a stone: at [`ANGLES`] angles, where its touching circle meets
    /// another stone's, and where it meets the inner board's outline.
    fn touching_points(&self, out: &mut Vec<V>) {
        let touch = self.pos.reach.touch;
        let pair_reach2 = 4.0 * touch * touch;
        for (id, s) in self.pos.iter() {
            if s.witness.is_none() {
                // No free point on its circle: nothing legal touches it.
                continue;
            }
            for k in 0..ANGLES {
                let a = f64::from(k) * std::f64::consts::TAU / f64::from(ANGLES);
                out.push(s.at + V::unit(a) * touch);
            }
            self.pos.grid.near(s.at, 2.0 * touch, |other, t| {
                if other > id && s.at.dist2(t) <= pair_reach2 {
                    out.extend(circle_circle(s.at, touch, t, touch).into_iter().flatten());
                }
            });
            let circle = Piece::Circle(s.at, touch);
            for &piece in self.pos.board.pieces() {
                out.extend(intersect(circle, piece).into_iter().flatten());
            }
        }
    }

    /// The points of a lattice of [`LATTICE_STEP`] diameters at least one and a half
    /// diameters from every stone: the open board (a jump from a stone included), where a
    /// point is about as good as its neighbours.
    fn open_lattice(&self, out: &mut Vec<V>) {
        let step = LATTICE_STEP * self.pos.reach.touch;
        let (lo, hi) = self.pos.board.bbox();
        let steps = |w: f64| ((w / step).floor().clamp(0.0, 400.0)) as usize;
        let far = 1.5 * self.pos.reach.touch;
        // Centred on the board, so that a square board's lattice is symmetric.
        let margin = |w: f64| (w - step * steps(w) as f64 + step) / 2.0;
        let origin = lo + V::new(margin(hi.x - lo.x), margin(hi.y - lo.y));
        for i in 0..steps(hi.x - lo.x) {
            for j in 0..steps(hi.y - lo.y) {
                let p = origin + V::new(i as f64 * step, j as f64 * step);
                if !self.pos.grid.near_any(p, far, |q| q.dist2(p) < far * far) {
                    out.push(p);
                }
            }
        }
    }
}
