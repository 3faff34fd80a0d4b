//! Groups down to their last liberty (atari): a group is in atari when one stone of the other
//! colour, placed touching it, would capture it. Clients flag such groups so that a player
//! sees the threat, as a Go player sees a group with one liberty on a grid.

use std::f64::consts::{PI, TAU};

use super::liberty::near_half_angle;
use super::point::V;
use super::position::{Id, Position};
use crate::Color;

/// A cap on the work for one stone: a liberty circle with more free parts than this is
/// taken to be out of one stone's reach. Real positions come nowhere near it: each free
/// part lies between the covers of two stones within 4r, and few stones fit that near.
const MAX_GAPS: usize = 32;

/// How the atari search of a group decided.
#[derive(Debug, Clone)]
pub(crate) enum Trace {
    /// Two members whose witnesses lie too far apart for one stone to cover both.
    Apart([Id; 2]),
    /// The free arcs were searched; the points at which a capturing move was tried, in
    /// order, each marked when the whole plan of the move had to be made.
    Searched(Vec<(V, bool)>),
}

/// A free part of a liberty circle: the circle's centre and its angles, `from <= to`.
#[derive(Debug, Clone, Copy)]
struct FreeArc {
    centre: V,
    from: f64,
    to: f64,
}

impl Position {
    /// A point touching group `g` where one opponent stone captures the whole group.
    ///
    /// Such a stone lies on a free arc of the group and comes within `2r - eps` of every
    /// free point of the group. No arc it covers is as wide as a third of a circle, and it
    /// covers such an arc exactly when it covers the arc's two ends; so on each arc the
    /// points that may capture form one window, found exactly, and the move at its middle
    /// is tried. The group's witnesses rule most groups out before any arc is computed.
    pub(crate) fn capture_point(&self, g: u32) -> Option<V> {
        self.capture_search(g).0
    }

    /// [`Position::capture_point`], with how it decided (what it read, for the kept
    /// answers).
    pub(crate) fn capture_search(&self, g: u32) -> (Option<V>, Trace) {
        let mut tried = Vec::with_capacity(4);
        match self.capture_search_into(g, &mut tried) {
            Err(apart) => (None, Trace::Apart(apart)),
            Ok(found) => (found, Trace::Searched(tried)),
        }
    }

    /// The search; `Err` with two members whose witnesses lie too far apart for one stone
    /// to cover both (then nothing else was read).
    fn capture_search_into(
        &self,
        g: u32,
        tried: &mut Vec<(V, bool)>,
    ) -> Result<Option<V>, [Id; 2]> {
        let group = self.group(g);
        let Some(&first) = group.members.first() else {
            return Ok(None);
        };
        let color = self.stone(first).color;
        let span = 2.0 * self.reach.overlap;
        let mut witnesses = group
            .carriers
            .iter()
            .filter_map(|&id| self.stone(id).witness.map(|w| (id, w)));
        let Some((id0, w0)) = witnesses.next() else {
            return Ok(None);
        };
        if let Some((far, _)) = witnesses.find(|(_, w)| w.dist2(w0) >= span * span) {
            return Err([id0, far]);
        }
        let Some(arcs) = self.group_free_arcs(&group.carriers) else {
            return Ok(None);
        };
        let mut ends: Vec<V> = Vec::with_capacity(2 * arcs.len());
        ends.extend(
            arcs.iter()
                .flat_map(|a| [self.on_circle(a, a.from), self.on_circle(a, a.to)]),
        );
        Ok(arcs
            .iter()
            .filter_map(|a| self.covering_point(a, &ends))
            .find(|&p| self.captures(p, color.other(), first, tried)))
    }

    /// The free arcs of the liberty circles of `carriers` (stones with a witness), or
    /// `None` when some arc is too wide for one stone to cover (a third of the circle or
    /// more) or a circle has too many.
    fn group_free_arcs(&self, carriers: &[Id]) -> Option<Vec<FreeArc>> {
        let mut arcs = Vec::with_capacity(8);
        for &id in carriers {
            let s = self.stone(id);
            for (from, to) in self.stone_free_arcs(id, MAX_GAPS)? {
                if to - from >= TAU / 3.0 {
                    return None;
                }
                arcs.push(FreeArc {
                    centre: s.at,
                    from,
                    to,
                });
            }
        }
        Some(arcs)
    }

    fn on_circle(&self, arc: &FreeArc, angle: f64) -> V {
        arc.centre + V::unit(angle) * self.reach.touch
    }

    /// The middle of the part of `arc` within `2r - eps` of every point of `ends`, if any.
    fn covering_point(&self, arc: &FreeArc, ends: &[V]) -> Option<V> {
        let big = self.reach.touch;
        let limit = self.reach.overlap;
        let mid = (arc.from + arc.to) / 2.0;
        let (mut lo, mut hi) = (arc.from, arc.to);
        for &e in ends {
            // The circle's points nearer to `e` than `limit`: an arc around e's direction
            // (the whole circle never, as `e` is a legal point, at least `limit` from the
            // centre; but the window below needs an arc narrower than the circle).
            let half = near_half_angle(big, e.dist(arc.centre), limit)?;
            if half >= PI {
                continue;
            }
            let dir = (e - arc.centre).angle();
            let dir = dir + TAU * ((mid - dir) / TAU).round();
            lo = lo.max(dir - half);
            hi = hi.min(dir + half);
            // The window only narrows: once empty, the ends left cannot reopen it.
            if lo > hi {
                return None;
            }
        }
        (lo <= hi).then(|| self.on_circle(arc, (lo + hi) / 2.0))
    }

    /// True when a `color` stone at `p` is legal (ko aside) and captures the stone `target`.
    /// Works out only what decides that, near `p`; the whole plan of the move (which
    /// visits every captured stone) only when the new stone would have no liberty of its own.
    fn captures(&self, p: V, color: Color, target: Id, tried: &mut Vec<(V, bool)>) -> bool {
        if let Some(quick) = self.captures_near(p, color, target) {
            tried.push((p, false));
            return quick;
        }
        tried.push((p, true));
        self.plan(p, color)
            .is_ok_and(|plan| plan.removed.contains(&target))
    }

    /// [`Position::captures`] from what lies near `p`, or `None` when the whole plan must
    /// decide. The plan fails when the stone does not fit or overlaps one; otherwise
    /// `target` is removed exactly when its group is among the opponent groups left
    /// without a liberty (the mover's own dead groups are of the other colour); and the
    /// move is legal when the new stone has a free point once those groups are gone, as
    /// its liberties then count at least one.
    fn captures_near(&self, p: V, color: Color, target: Id) -> Option<bool> {
        if !self.board.fits_v(p) {
            return Some(false);
        }
        let reach = self.reach;
        let mut near = Vec::with_capacity(32);
        let mut overlap = false;
        self.grid.near(p, reach.influence, |id, q| {
            overlap |= reach.covers(q, p);
            near.push(id);
        });
        if overlap {
            return Some(false);
        }
        // Whether the target's group dies depends on its own stones alone; the other
        // groups the stone would capture matter only when the new stone has no free point
        // with the target's group gone (taking more stones away only frees more).
        let group = self.stone(target).group;
        let mut own: Vec<Id> = Vec::with_capacity(near.len());
        own.extend(
            near.iter()
                .copied()
                .filter(|&id| self.stone(id).group == group),
        );
        if self.dead_opponents(p, color, &own, None).is_empty() {
            return Some(false);
        }
        if self
            .free_point(p, None, None, &|id| self.stone(id).group == group)
            .is_some()
        {
            return Some(true);
        }
        let dead = self.dead_opponents(p, color, &near, None);
        let gone = |id: Id| dead.contains(&self.stone(id).group);
        self.free_point(p, None, None, &gone)
            .is_some()
            .then_some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::Stone;
    use crate::continuous::{BoardShape, ContinuousGame, ContinuousRules, Point, Preset};

    fn setup(stones: &[(f64, f64, Color)], to_move: Color) -> ContinuousGame {
        let rules = ContinuousRules {
            board: BoardShape::Preset(Preset::Square9),
            ..ContinuousRules::default()
        };
        let stones: Vec<Stone<Point>> = stones
            .iter()
            .map(|&(x, y, color)| Stone {
                at: Point::new(x, y).expect("finite"),
                color,
            })
            .collect();
        ContinuousGame::from_setup(rules, &stones, to_move).expect("a legal setup")
    }

    fn captured_by(game: &ContinuousGame, at: Point) -> Vec<Stone<Point>> {
        let mut game = game.clone();
        game.play(&at).expect("the capture is legal").captured
    }

    #[test]
    fn a_lone_stone_in_the_open_is_not_in_atari() {
        let game = setup(&[(4.5, 4.5, Color::Black)], Color::White);
        assert_eq!(game.groups_in_atari(), vec![]);
    }

    #[test]
    fn a_corner_stone_with_one_neighbour_has_one_arc_left() {
        // White covers the black corner stone's liberty circle up to 60 degrees; the arc
        // from 60 to 90 degrees is left, and one white stone in it covers all of it.
        let game = setup(
            &[(0.5, 0.5, Color::Black), (1.5, 0.5, Color::White)],
            Color::White,
        );
        let atari = game.groups_in_atari();
        assert_eq!(atari.len(), 1, "{atari:?}");
        assert_eq!(atari[0].stones[0].color, Color::Black);
        let captured = captured_by(&game, atari[0].capture_at);
        assert_eq!(captured, atari[0].stones);
    }

    #[test]
    fn a_single_touching_point_is_a_last_liberty() {
        // Two white stones leave the black corner stone one point: (0.5, 1.5), where a
        // stone would touch both black and the white stone at (1.5, 1.5).
        let game = setup(
            &[
                (0.5, 0.5, Color::Black),
                (1.5, 0.5, Color::White),
                (1.5, 1.5, Color::White),
            ],
            Color::White,
        );
        let atari = game.groups_in_atari();
        assert_eq!(atari.len(), 1, "{atari:?}");
        let at = atari[0].capture_at;
        assert!(
            (at.x() - 0.5).abs() < 1e-6 && (at.y() - 1.5).abs() < 1e-6,
            "{at}"
        );
        assert_eq!(captured_by(&game, at), atari[0].stones);
    }

    #[test]
    fn an_edge_stone_is_in_atari_between_two_neighbours_only() {
        // On the top edge with one white neighbour, the black stone keeps an arc of just
        // over 120 degrees: too wide for one stone. A second neighbour leaves 60 degrees.
        let one = setup(
            &[(4.5, 0.5, Color::Black), (3.5, 0.5, Color::White)],
            Color::White,
        );
        assert_eq!(one.groups_in_atari(), vec![]);
        let two = setup(
            &[
                (4.5, 0.5, Color::Black),
                (3.5, 0.5, Color::White),
                (5.5, 0.5, Color::White),
            ],
            Color::White,
        );
        let atari = two.groups_in_atari();
        assert_eq!(atari.len(), 1, "{atari:?}");
        let at = atari[0].capture_at;
        assert!(
            (at.x() - 4.5).abs() < 1e-6 && (at.y() - 1.5).abs() < 1e-6,
            "{at}"
        );
        assert_eq!(captured_by(&two, at), atari[0].stones);
    }

    #[test]
    fn a_two_stone_group_with_one_gap_is_in_atari() {
        // Black (0.5, 0.5)-(1.5, 0.5) along the top edge; white walls it from the side
        // and from below but for one touching point under the corner stone.
        let game = setup(
            &[
                (0.5, 0.5, Color::Black),
                (1.5, 0.5, Color::Black),
                (2.5, 0.5, Color::White),
                (1.5, 1.5, Color::White),
                (2.5, 1.5, Color::White),
            ],
            Color::White,
        );
        let atari = game.groups_in_atari();
        assert_eq!(atari.len(), 1, "{atari:?}");
        assert_eq!(atari[0].stones.len(), 2);
        assert_eq!(captured_by(&game, atari[0].capture_at), atari[0].stones);
    }
}
