//! Hints a person can play by hand in continuous Go: the search may suggest a point that
//! is legal only within a hair of it, and a click lands a few pixels off. The suggestion is
//! moved to a nearby point whose whole neighbourhood is legal.

use std::f64::consts::TAU;

use stonefield_rules::Game;
use stonefield_rules::continuous::{ContinuousGame, Point};

/// How far (board units) around a hint every point must be legal: a few pixels at the
/// board's usual size on screen (13 units on 600 px: 0.1 is about 5 px).
pub const CLICK_MARGIN: f64 = 0.1;
/// Directions tried around a point, both to test it and to look for a better one.
const DIRECTIONS: usize = 12;
/// How far a hint may be moved: a fraction of a stone, so it stays the search's idea.
const STEPS: [f64; 4] = [0.05, 0.1, 0.2, 0.3];

/// The legal points of a ring of `CLICK_MARGIN` (and half of it) around `p`, out of
/// `2 * DIRECTIONS`; none when `p` itself is illegal.
fn robustness(game: &ContinuousGame, p: Point) -> usize {
    if game.check(&p).is_err() {
        return 0;
    }
    let mut legal = 0;
    for r in [CLICK_MARGIN / 2.0, CLICK_MARGIN] {
        legal += ring(p, r).filter(|q| game.check(q).is_ok()).count();
    }
    legal
}

/// Points at distance `r` around `p`, in `DIRECTIONS` directions (those off the plane's
/// coordinates left out).
fn ring(p: Point, r: f64) -> impl Iterator<Item = Point> {
    (0..DIRECTIONS).filter_map(move |k| {
        let a = TAU * k as f64 / DIRECTIONS as f64;
        Point::new(p.x() + r * a.cos(), p.y() + r * a.sin()).ok()
    })
}

/// `p`, or the point near it (within a third of a unit) that keeps the most legal points
/// around it, nearest first among equals: a hint a click a few pixels off still plays.
pub fn clickable_point(game: &ContinuousGame, p: Point) -> Point {
    let full = 2 * DIRECTIONS;
    let mut best = (robustness(game, p), p);
    if best.0 == full {
        return p;
    }
    for r in STEPS {
        for q in ring(p, r) {
            let s = robustness(game, q);
            if s > best.0 {
                best = (s, q);
            }
        }
        if best.0 == full {
            break;
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use stonefield_rules::continuous::ContinuousRules;

    use super::*;

    fn pt(x: f64, y: f64) -> Point {
        Point::new(x, y).expect("a point")
    }

    #[test]
    fn an_open_point_stays_and_a_point_by_a_stone_moves_out_of_its_reach() {
        let mut g = ContinuousGame::new(ContinuousRules::default()).expect("game");
        assert_eq!(clickable_point(&g, pt(4.0, 4.0)), pt(4.0, 4.0));
        g.play(&pt(4.0, 4.0)).expect("black");
        // Exactly one stone diameter away: legal, but a click a little nearer overlaps.
        let d = 2.0 * g.board().stone_radius();
        let touching = pt(4.0 + d, 4.0);
        let moved = clickable_point(&g, touching);
        assert!(g.check(&moved).is_ok(), "{moved:?}");
        assert_eq!(robustness(&g, moved), 2 * DIRECTIONS, "{moved:?}");
        assert!(moved.distance(touching) <= 0.31, "{moved:?}");
    }
}
