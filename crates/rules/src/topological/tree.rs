//! Trees: the maximal sets of one player's stones joined by orthogonal steps. The longest
//! one decides the game.

use super::bits::{Bits, Step};
use super::point::Point;
use crate::Color;

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

/// Each tree of the stones `own` of `color` as a point set, in the row-major order of each
/// tree's first stone.
fn tree_sets(own: &Bits, n: usize) -> impl Iterator<Item = Bits> + '_ {
    let mut rest = *own;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let tree = Bits::fill(Bits::single(first), own, n, Step::Orthogonal);
        rest &= !tree;
        Some(tree)
    })
}

/// Every tree of `color`, longest first; trees of equal length keep the row-major order of
/// their first stones.
pub(super) fn trees(own: &Bits, n: usize, color: Color) -> Vec<Tree> {
    let mut out: Vec<Tree> = tree_sets(own, n)
        .map(|t| Tree {
            color,
            points: t.iter().collect(),
        })
        .collect();
    out.sort_by_key(|t| std::cmp::Reverse(t.length()));
    out
}

/// The length of the longest tree, 0 without stones.
pub(super) fn longest_length(own: &Bits, n: usize) -> u32 {
    tree_sets(own, n).map(|t| t.count()).max().unwrap_or(0)
}
