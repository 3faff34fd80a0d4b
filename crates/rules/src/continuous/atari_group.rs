//! What the query for groups in atari answers, kept by [`super::atari_cache`] between
//! queries and searched by [`super::atari`].

use super::point::Point;
use crate::Stone;

/// A group that one stone of the other colour can capture.
#[derive(Debug, Clone, PartialEq)]
pub struct Atari {
    /// The group's stones, in placement order.
    pub stones: Vec<Stone<Point>>,
    /// A point touching the group where a stone of the other colour captures it (ko aside).
    pub capture_at: Point,
}
