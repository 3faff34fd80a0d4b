//! The end of a game: after two passes the players mark dead groups of either colour, then
//! accept the count (the marked groups are removed, the Voronoi areas recounted) or resume
//! play. Marks never touch the position itself, so resuming loses nothing.

use super::game::ContinuousGame;
use super::point::{Point, V};
use super::position::{Id, Position};
use super::voronoi::{Scratch, Sites, area, cell};
use crate::{ByColor, IllegalMove, Outcome, Stone};

impl ContinuousGame {
    /// Toggles the dead mark of the whole group of the stone whose disc contains `at`, while
    /// dead stones are being marked.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase, [`IllegalMove::Unsupported`]
    /// when no stone is at `at`.
    pub fn toggle_dead(&mut self, at: Point) -> Result<(), IllegalMove> {
        self.ending.marking()?;
        let id = self
            .pos
            .stone_at(V::from(at))
            .ok_or(IllegalMove::Unsupported)?;
        let members = &self.pos.group(self.pos.stone(id).group).members;
        self.ending.toggle(id, members)
    }

    /// The stones marked dead, in placement order.
    pub fn dead_stones(&self) -> Vec<Stone<Point>> {
        let mut ids = self.ending.dead().to_vec();
        ids.sort_by_key(|&id| self.pos.stone(id).seq);
        ids.into_iter().map(|id| self.public_stone(id)).collect()
    }

    /// Both players accepted the marks: the game is counted and finished.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub fn accept_count(&mut self) -> Result<Outcome, IllegalMove> {
        self.ending.marking()?;
        let count = self.final_score();
        self.ending.accept(count)
    }

    /// The players disagree about the marks: play resumes with the player to move.
    ///
    /// # Errors
    /// [`IllegalMove::WrongPhase`] outside the marking phase.
    pub fn resume_play(&mut self) -> Result<(), IllegalMove> {
        self.ending.resume()
    }

    /// The count with the marked stones removed: Voronoi areas in units of `(2r)^2`, komi
    /// included.
    pub fn final_score(&self) -> ByColor<f64> {
        let dead = self.ending.dead();
        self.score_of(
            self.pos
                .areas_without(&|id| dead.binary_search(&id).is_ok()),
        )
    }
}

impl ContinuousGame {
    /// Every stone not marked dead with its Voronoi cell among the stones not marked dead
    /// (vertices in order, before clipping to a non-convex board's reflex parts): who owns
    /// which part of the board in [`ContinuousGame::final_score`].
    pub fn cells_without_dead(&self) -> Vec<(Stone<Point>, Vec<Point>)> {
        let dead = self.ending.dead();
        let gone = |id: Id| dead.binary_search(&id).is_ok();
        let sites = Sites {
            grid: &self.pos.grid,
            extra: None,
            gone,
        };
        let mut sc = Scratch::default();
        self.pos
            .iter()
            .filter(|&(id, _)| !gone(id))
            .map(|(id, s)| {
                cell(&self.pos.board, &sites, s.at, id, &mut sc);
                let polygon = sc.poly.iter().map(|&(v, _)| Point::from_v(v)).collect();
                (self.public_stone(id), polygon)
            })
            .collect()
    }
}

impl Position {
    /// The Voronoi area per colour of the position without the stones for which `gone`
    /// holds (square board units).
    pub fn areas_without(&self, gone: &dyn Fn(Id) -> bool) -> ByColor<f64> {
        let sites = Sites {
            grid: &self.grid,
            extra: None,
            gone,
        };
        let mut sc = Scratch::default();
        let mut total = ByColor::default();
        for (id, s) in self.iter() {
            if !gone(id) {
                cell(&self.board, &sites, s.at, id, &mut sc);
                total[s.color] += area(&self.board, &sc.poly, s.at, |l| {
                    (!gone(l)).then(|| self.at_of(l)).flatten()
                });
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::super::ContinuousRules;
    use super::*;
    use crate::Game;

    #[test]
    fn a_dead_stone_leaves_its_cell_to_the_living() {
        let mut game = ContinuousGame::new(ContinuousRules::default()).expect("game");
        game.play(&Point::new(3.0, 3.0).expect("point"))
            .expect("legal");
        game.play(&Point::new(9.0, 9.0).expect("point"))
            .expect("legal");
        game.pass().expect("pass");
        game.pass().expect("pass");
        assert_eq!(game.cells_without_dead().len(), 2);
        game.toggle_dead(Point::new(9.0, 9.0).expect("point"))
            .expect("a stone");
        let cells = game.cells_without_dead();
        assert_eq!(cells.len(), 1);
        assert_eq!(cells[0].0.color, crate::Color::Black);
        // The one cell left is the whole (square) board.
        assert_eq!(cells[0].1.len(), 4);
        assert!((game.final_score().black - 169.0).abs() < 1e-9);
    }
}
