//! What a renderer or a player needs to see beyond the balls: groups and their freedom,
//! zombies, buried and pinned balls, cut contacts, and the live estimate of the final count
//! (the page's display aid, not a rule).

use super::analysis::Analysis;
use super::bits::{Bits, Holes};
use super::game::MargoGame;
use super::point::Point;
use super::topology::NONE;
use crate::{ByColor, Color, Phase};

/// A group: balls of one colour joined by touches that are not cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub color: Color,
    /// Its balls, level by level, row by row.
    pub balls: Vec<Point>,
    /// Whether one of its level-0 balls is next to an empty hole. A group without freedom
    /// is made of pinned balls only (zombies), or is a buried ball.
    pub has_freedom: bool,
}

impl MargoGame {
    fn index(&self, p: Point) -> Option<usize> {
        self.board.topo().index(p)
    }

    /// Every group on the board. A buried ball under `buried_hidden` is a group of its own.
    pub fn groups(&self) -> Vec<Group> {
        let t = self.board.topo();
        let a = Analysis::new(&self.board);
        let mut ids: Vec<Option<u16>> = Vec::new();
        let mut out: Vec<Group> = Vec::new();
        for i in self.board.occupied().iter() {
            let color = self.board.color_at(i).unwrap_or(Color::Black);
            let id = a.group_of(i);
            let slot = id.and_then(|id| ids.iter().position(|&g| g == Some(id)));
            match slot {
                Some(k) => out[k].balls.push(t.coords[i]),
                None => {
                    ids.push(id);
                    out.push(Group {
                        color,
                        balls: vec![t.coords[i]],
                        has_freedom: a.has_freedom(i),
                    });
                }
            }
        }
        out
    }

    /// Whether the ball at `p` is a zombie: visible, in a group without freedom, and kept on
    /// the board because something rests on it.
    pub fn is_zombie(&self, p: Point) -> bool {
        self.zombies().contains(&p)
    }

    /// Every zombie (see [`MargoGame::is_zombie`]).
    pub fn zombies(&self) -> Vec<Point> {
        let a = Analysis::new(&self.board);
        let t = self.board.topo();
        self.board
            .occupied()
            .iter()
            .filter(|&i| !a.has_freedom(i) && !self.board.is_hidden(i))
            .map(|i| t.coords[i])
            .collect()
    }

    /// Whether a ball stands straight above the ball at `p`, two levels up. Under
    /// `buried_hidden` such a ball has no contacts; either way a renderer cannot see it.
    pub fn is_buried(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| {
            let b = self.board.topo().buried_by[i];
            self.board.is_occupied(i) && b != NONE && self.board.is_occupied(usize::from(b))
        })
    }

    /// Whether a ball of the other colour rests on the ball at `p`, directly or through a
    /// chain of resting balls.
    pub fn is_pinned(&self, p: Point) -> bool {
        let Some(i) = self.index(p) else { return false };
        let Some(color) = self.board.color_at(i) else {
            return false;
        };
        let t = self.board.topo();
        let mut seen = Bits::default();
        let mut todo = vec![i];
        while let Some(j) = todo.pop() {
            for &a in t.above[j].iter().filter(|&&a| a != NONE) {
                let a = usize::from(a);
                match self.board.color_at(a) {
                    Some(c) if c != color => return true,
                    Some(_) if !seen.has(a) => {
                        seen.insert(a);
                        todo.push(a);
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// The same-level contacts between visible balls of one colour that a bridge of the
    /// other colour cuts, each once (left or upper ball first).
    pub fn cut_contacts(&self) -> Vec<(Point, Point)> {
        let coords = &self.board.topo().coords;
        self.board
            .cut_contacts()
            .into_iter()
            .map(|(a, b)| (coords[a], coords[b]))
            .collect()
    }

    /// The display estimate of the final count: balls in play, plus empty holes reachable
    /// only from one side's level-0 balls, plus empty points resting on four balls of one
    /// colour (the seed's territory idea). A display aid, not the result. Once the game is
    /// over it is the final count, balls only: holes nobody could fill any more were
    /// counted as territory, and the estimate read more than the result (B 11 after B 9).
    pub fn estimate(&self) -> ByColor<u32> {
        let mut score = self.ball_count();
        if self.phase != Phase::Playing {
            return score;
        }
        let board = &self.board;
        let t = board.topo();
        let mut counted = board.occupied();
        for start in 0..t.plane.len() {
            if counted.has(start) {
                continue;
            }
            let (size, owner) = self.hole_region(start, &mut counted);
            if let Some(owner) = owner {
                score[owner] += size;
            }
        }
        for i in t.plane.len()..t.points {
            if board.is_occupied(i) {
                continue;
            }
            let owner = board.color_at(usize::from(t.supports[i][0]));
            if let Some(c) = owner
                && t.supports[i].iter().all(|&s| board.is(s, c))
            {
                score[c] += 1;
            }
        }
        score
    }

    /// The most balls the player to move can win with one legal ball on the last freedom
    /// of an opponent group (balls of the opponent's it removes, less the mover's own, which
    /// later rounds of the same move may remove), 0 when no such move wins any: the capture
    /// in reach that a count of the position as it stands misses. Cheap next to a playout:
    /// one analysis of the groups and one trial per group with a single freedom.
    pub fn capture_in_reach(&self) -> u32 {
        if self.phase != Phase::Playing {
            return 0;
        }
        let groups = Analysis::new(&self.board);
        let (mover, opp) = (self.to_move, !self.to_move);
        let mut tried = Holes::default();
        let mut best = 0;
        for j in self.board.balls(opp).iter() {
            let Some(freedoms) = groups.freedoms_at(j) else {
                continue;
            };
            let mut it = freedoms.iter();
            let (Some(h), None) = (it.next(), it.next()) else {
                continue;
            };
            if tried.has(h) {
                continue;
            }
            tried.insert(h);
            let mut lost = ByColor::<u32>::default();
            if self.attempt(h, &mut |_, c| lost[c] += 1).is_ok() {
                best = best.max(lost[opp].saturating_sub(lost[mover]));
            }
        }
        best
    }

    /// The empty region of level 0 around the hole `start`, marked in `counted`: its size
    /// and the one colour of the balls around it, if there is exactly one.
    fn hole_region(&self, start: usize, counted: &mut Bits) -> (u32, Option<Color>) {
        let board = &self.board;
        let t = board.topo();
        let mut border = ByColor::new_with(|_| false);
        let mut size = 0;
        let mut todo = vec![start];
        counted.insert(start);
        while let Some(h) = todo.pop() {
            size += 1;
            for e in &t.nbrs[h] {
                let j = e.other;
                if j == NONE {
                    continue;
                }
                let j = usize::from(j);
                match board.color_at(j) {
                    Some(c) => border[c] = true,
                    None if !counted.has(j) => {
                        counted.insert(j);
                        todo.push(j);
                    }
                    None => {}
                }
            }
        }
        let owner = match (border.black, border.white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        (size, owner)
    }
}
