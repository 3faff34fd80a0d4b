//! Trees: the maximal sets of one player's stones joined by orthogonal steps; the longest
//! one decides the game. Lengths are kept move by move in a union-find over the points (the
//! [`Forest`]): stones are never removed, so trees only merge and each player's longest
//! length only grows, which makes the live count free. The stones of each tree are found
//! on demand, for display.

use super::point::{MAX_SIZE, Point};
use super::point_set::{PointSet, Step};
use crate::{ByColor, Color};

/// One tree of a player: its stones in row-major order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    color: Color,
    points: Vec<Point>,
}

impl Tree {
    /// Whose stones these are.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The stones, in row-major order (top row first).
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The number of stones, which the count compares.
    pub fn length(&self) -> u32 {
        self.points.len() as u32
    }

    pub fn contains(&self, p: Point) -> bool {
        self.points.binary_search(&p).is_ok()
    }
}

/// Each tree of the stones `own` as a point set, in the row-major order of each
/// tree's first stone.
fn tree_sets(own: &PointSet, n: usize) -> impl Iterator<Item = PointSet> + '_ {
    let mut rest = *own;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let tree = PointSet::fill(PointSet::single(first), own, n, Step::Orthogonal);
        rest &= !tree;
        Some(tree)
    })
}

/// Every tree of `color`, longest first; trees of equal length keep the row-major order of
/// their first stones.
pub(super) fn trees(own: &PointSet, n: usize, color: Color) -> Vec<Tree> {
    let mut out: Vec<Tree> = tree_sets(own, n)
        .map(|t| Tree {
            color,
            points: t.iter().collect(),
        })
        .collect();
    out.sort_by_key(|t| std::cmp::Reverse(t.length()));
    out
}

const STRIDE: usize = MAX_SIZE as usize;
const CELLS: usize = STRIDE * STRIDE;

/// The trees of both players as disjoint sets of points.
#[derive(Clone)]
pub(super) struct Forest {
    /// The parent of each point's set; a root is its own parent.
    parent: [u16; CELLS],
    /// Stones in the set, kept at the root.
    length: [u16; CELLS],
    longest: ByColor<u32>,
    /// A stone of a longest tree of each player: trees only merge, so a stone once in a
    /// tree of the longest length stays in one at least that long.
    longest_at: ByColor<Option<Point>>,
}

/// Only the lengths that matter: the tables are 625 entries each.
impl std::fmt::Debug for Forest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Forest")
            .field("longest", &self.longest)
            .finish_non_exhaustive()
    }
}

fn cell(p: Point) -> usize {
    usize::from(p.y()) * STRIDE + usize::from(p.x())
}

impl Forest {
    pub(super) fn new() -> Forest {
        let mut parent = [0; CELLS];
        for (i, slot) in parent.iter_mut().enumerate() {
            *slot = i as u16;
        }
        Forest {
            parent,
            length: [0; CELLS],
            longest: ByColor::default(),
            longest_at: ByColor::default(),
        }
    }

    fn root(&mut self, mut i: usize) -> usize {
        while usize::from(self.parent[i]) != i {
            // Path halving: point every other step at its grandparent.
            let grandparent = self.parent[usize::from(self.parent[i])];
            self.parent[i] = grandparent;
            i = usize::from(grandparent);
        }
        i
    }

    /// Records a `color` stone at `p`, joining it to the trees of its orthogonal neighbours
    /// in `own` (that player's stones, with or without `p`).
    pub(super) fn add(&mut self, color: Color, p: Point, own: &PointSet) {
        let i = cell(p);
        self.length[i] = 1;
        let (x, y) = (usize::from(p.x()), usize::from(p.y()));
        let neighbours = [
            x.checked_sub(1).map(|nx| (nx, y)),
            Some((x + 1, y)),
            y.checked_sub(1).map(|ny| (x, ny)),
            Some((x, y + 1)),
        ];
        let mut root = i;
        for (nx, ny) in neighbours.into_iter().flatten() {
            if nx < STRIDE && ny < STRIDE && own.contains(Point::from_indices(nx, ny)) {
                root = self.join(root, cell(Point::from_indices(nx, ny)));
            }
        }
        let length = u32::from(self.length[root]);
        if length >= self.longest[color] {
            self.longest[color] = length;
            self.longest_at[color] = Some(p);
        }
    }

    /// Joins the set rooted at `root` with the set of `other`; returns the new root.
    fn join(&mut self, root: usize, other: usize) -> usize {
        let other = self.root(other);
        if other == root {
            return root;
        }
        let (big, small) = if self.length[root] >= self.length[other] {
            (root, other)
        } else {
            (other, root)
        };
        self.parent[small] = big as u16;
        self.length[big] += self.length[small];
        big
    }

    /// The length of the longest tree of `color`, 0 without stones.
    pub(super) fn longest(&self, color: Color) -> u32 {
        self.longest[color]
    }

    /// A stone of a longest tree of `color` (the one that last made or grew a longest
    /// tree), `None` without stones.
    pub(super) fn longest_at(&self, color: Color) -> Option<Point> {
        self.longest_at[color]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bridging_stone_joins_two_trees_into_one() {
        let n = 7;
        let mut own = PointSet::EMPTY;
        let mut forest = Forest::new();
        let mut add = |forest: &mut Forest, x, y| {
            let p = Point::from_indices(x, y);
            own.insert(p);
            forest.add(Color::Black, p, &own);
            own
        };
        for x in [0, 1, 2, 4, 5] {
            add(&mut forest, x, 3);
        }
        add(&mut forest, 1, 4);
        assert_eq!(forest.longest(Color::Black), 4);
        assert_eq!(forest.longest(Color::White), 0);
        assert_eq!(
            forest.longest_at(Color::Black),
            Some(Point::from_indices(1, 4))
        );
        let own = add(&mut forest, 3, 3);
        assert_eq!(forest.longest(Color::Black), 7);
        assert_eq!(
            forest.longest_at(Color::Black),
            Some(Point::from_indices(3, 3))
        );
        assert_eq!(forest.longest_at(Color::White), None);
        let lengths: Vec<u32> = trees(&own, n, Color::Black)
            .iter()
            .map(Tree::length)
            .collect();
        assert_eq!(lengths, vec![7]);
    }
}
