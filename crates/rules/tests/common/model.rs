//! A deliberately naive Go board used as an oracle by the property tests: a plain grid of
//! cells, groups and liberties found by flood fill on every question. It shares no code with
//! the engine's incremental board, so agreement between the two means something.

use std::collections::BTreeMap;

use stonefield_rules::Color;
use stonefield_rules::Game;
use stonefield_rules::classic::{ClassicGame, Point};

/// The stones of a board of side `size`, row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Model {
    size: u8,
    cells: Vec<Option<Color>>,
}

impl Model {
    /// The position of `game` as it stands.
    pub fn of(game: &ClassicGame) -> Model {
        let size = game.board().size();
        let mut cells = vec![None; usize::from(size) * usize::from(size)];
        for s in game.stones() {
            cells[usize::from(s.at.y()) * usize::from(size) + usize::from(s.at.x())] =
                Some(s.color);
        }
        Model { size, cells }
    }

    fn index(&self, p: Point) -> Option<usize> {
        (p.x() < self.size && p.y() < self.size)
            .then(|| usize::from(p.y()) * usize::from(self.size) + usize::from(p.x()))
    }

    fn point(&self, i: usize) -> Point {
        let size = usize::from(self.size);
        Point::new((i % size) as u32, (i / size) as u32, self.size).expect("on the board")
    }

    /// Whether `p` is a point of this board.
    pub fn contains(&self, p: Point) -> bool {
        self.index(p).is_some()
    }

    /// The stone at `p`, if any (none off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|i| self.cells[i])
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let size = usize::from(self.size);
        let (x, y) = (i % size, i / size);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < size).then(|| i + 1),
            (y > 0).then(|| i - size),
            (y + 1 < size).then(|| i + size),
        ]
        .into_iter()
        .flatten()
    }

    /// The stones of the group through the stone at `i`, and whether it has a liberty.
    fn group(&self, i: usize) -> (Vec<usize>, bool) {
        let color = self.cells[i];
        let mut members = vec![i];
        let mut free = false;
        let mut k = 0;
        while k < members.len() {
            for q in self.neighbours(members[k]) {
                match self.cells[q] {
                    None => free = true,
                    c if c == color && !members.contains(&q) => members.push(q),
                    _ => {}
                }
            }
            k += 1;
        }
        (members, free)
    }

    /// Whether every group on the board has a liberty.
    pub fn all_groups_breathe(&self) -> bool {
        (0..self.cells.len()).all(|i| self.cells[i].is_none() || self.group(i).1)
    }

    /// The board after `color` plays on the empty point `p`: opponent groups left without
    /// a liberty are removed, then the mover's own group if it has none. Returns the removed
    /// stones too.
    ///
    /// # Panics
    /// If `p` is off the board or occupied.
    pub fn play(&self, p: Point, color: Color) -> (Model, Vec<(Point, Color)>) {
        let i = self.index(p).expect("on the board");
        assert!(self.cells[i].is_none(), "{p} is occupied");
        let mut next = self.clone();
        next.cells[i] = Some(color);
        let mut removed = Vec::new();
        for q in self.neighbours(i) {
            if next.cells[q] == Some(color.other()) {
                next.remove_if_dead(q, &mut removed);
            }
        }
        next.remove_if_dead(i, &mut removed);
        (next, removed)
    }

    fn remove_if_dead(&mut self, i: usize, removed: &mut Vec<(Point, Color)>) {
        let Some(color) = self.cells[i] else { return };
        let (members, free) = self.group(i);
        if !free {
            for s in members {
                self.cells[s] = None;
                removed.push((self.point(s), color));
            }
        }
    }

    /// The stones as a map from point to colour.
    pub fn stones(&self) -> BTreeMap<Point, Color> {
        (0..self.cells.len())
            .filter_map(|i| self.cells[i].map(|c| (self.point(i), c)))
            .collect()
    }
}
