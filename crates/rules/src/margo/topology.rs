//! The fixed geometry of a pyramid board of one size, computed once per size and shared by
//! every game: point indices level by level, supports, the points resting on each point,
//! same-level contacts with the two bridge points over them, and burial.

use std::sync::OnceLock;

use super::bits::{Bits, Holes};
use super::point::{MAX_SIZE, Point};

/// "No point": off the board.
pub(crate) const NONE: u16 = u16::MAX;

/// A same-level neighbour and the two points one level up that rest on both balls of the
/// contact (`NONE` when either is off the board: such a contact cannot be cut).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) other: u16,
    pub(crate) bridge: [u16; 2],
}

/// One side of the square a point rests on: the two supports that touch along it, and the
/// point that completes a bridge over them together with the point itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side {
    pub(crate) a: u16,
    pub(crate) b: u16,
    pub(crate) partner: u16,
}

/// The geometry of a board of side `size`. Indices run level by level from level 0, row by
/// row within a level, so every point rests on lower indices.
#[derive(Debug)]
pub(crate) struct Topology {
    pub(crate) size: u8,
    pub(crate) points: usize,
    pub(crate) coords: Vec<Point>,
    /// The four supports (`NONE` at level 0).
    pub(crate) supports: Vec<[u16; 4]>,
    /// The points of the level above that rest on this point (`NONE` where off the board).
    pub(crate) above: Vec<[u16; 4]>,
    /// Same-level neighbours: left, right, up, down (`other` is `NONE` off the board).
    pub(crate) nbrs: Vec<[Edge; 4]>,
    /// The sides of the square below (empty at level 0).
    pub(crate) sides: Vec<[Side; 4]>,
    /// The point straight above, two levels up, whose ball buries this one.
    pub(crate) buried_by: Vec<u16>,
    /// The point straight below, two levels down, that a ball here buries.
    pub(crate) buries: Vec<u16>,
    /// For level-0 points: the adjacent holes.
    pub(crate) hole_nbrs: Vec<Holes>,
    /// The level-0 holes.
    pub(crate) plane: Holes,
    /// The points of levels 2 and up (those that can bury a ball).
    pub(crate) upper: Bits,
}

static TOPOLOGIES: [OnceLock<Topology>; MAX_SIZE as usize + 1] =
    [const { OnceLock::new() }; MAX_SIZE as usize + 1];

/// The shared geometry of side `size`.
///
/// # Panics
/// If `size` is above [`MAX_SIZE`]; rules are validated before a board is made.
pub(crate) fn topology(size: u8) -> &'static Topology {
    TOPOLOGIES[usize::from(size)].get_or_init(|| Topology::new(size))
}

/// The index of `(x, y, k)` on a board of side `size`, or `NONE` off the board.
fn index_at(size: u8, x: i32, y: i32, k: i32) -> u16 {
    let n = i32::from(size);
    let side = n - k;
    if k < 0 || k >= n || x < 0 || y < 0 || x >= side || y >= side {
        return NONE;
    }
    let below: i32 = (0..k).map(|j| (n - j) * (n - j)).sum();
    (below + y * side + x) as u16
}

impl Topology {
    fn new(size: u8) -> Topology {
        let n = usize::from(size);
        let mut offsets = vec![0u16];
        for k in 0..n {
            let side = (n - k) as u16;
            offsets.push(offsets[k] + side * side);
        }
        let points = usize::from(offsets[n]);
        let mut t = Topology {
            size,
            points,
            coords: Vec::with_capacity(points),
            supports: Vec::with_capacity(points),
            above: Vec::with_capacity(points),
            nbrs: Vec::with_capacity(points),
            sides: Vec::with_capacity(points),
            buried_by: Vec::with_capacity(points),
            buries: Vec::with_capacity(points),
            hole_nbrs: Vec::with_capacity(points),
            plane: Holes::below(n * n),
            upper: Bits::below(points).and_not(&Bits::below(n * n + (n - 1) * (n - 1))),
        };
        for k in 0..n {
            for y in 0..n - k {
                for x in 0..n - k {
                    t.add_point(x as i32, y as i32, k as i32);
                }
            }
        }
        t
    }

    fn add_point(&mut self, x: i32, y: i32, k: i32) {
        let size = self.size;
        let at = |dx, dy, dk| index_at(size, x + dx, y + dy, k + dk);
        self.coords
            .push(Point::new(x as u32, y as u32, k as u32, self.size).expect("on the board"));
        self.supports.push(if k == 0 {
            [NONE; 4]
        } else {
            [at(0, 0, -1), at(1, 0, -1), at(0, 1, -1), at(1, 1, -1)]
        });
        self.above
            .push([at(-1, -1, 1), at(0, -1, 1), at(-1, 0, 1), at(0, 0, 1)]);
        let edge = |other: u16, b1: u16, b2: u16| Edge {
            other,
            bridge: if b1 == NONE || b2 == NONE {
                [NONE; 2]
            } else {
                [b1, b2]
            },
        };
        self.nbrs.push([
            edge(at(-1, 0, 0), at(-1, -1, 1), at(-1, 0, 1)),
            edge(at(1, 0, 0), at(0, -1, 1), at(0, 0, 1)),
            edge(at(0, -1, 0), at(-1, -1, 1), at(0, -1, 1)),
            edge(at(0, 1, 0), at(-1, 0, 1), at(0, 0, 1)),
        ]);
        let side = |a: u16, b: u16, partner: u16| Side { a, b, partner };
        self.sides.push(if k == 0 {
            [side(NONE, NONE, NONE); 4]
        } else {
            let [s00, s10, s01, s11] = [at(0, 0, -1), at(1, 0, -1), at(0, 1, -1), at(1, 1, -1)];
            [
                side(s00, s01, at(-1, 0, 0)),
                side(s10, s11, at(1, 0, 0)),
                side(s00, s10, at(0, -1, 0)),
                side(s01, s11, at(0, 1, 0)),
            ]
        });
        self.buried_by.push(at(-1, -1, 2));
        self.buries.push(if k >= 2 { at(1, 1, -2) } else { NONE });
        let mut holes = Holes::default();
        if k == 0 {
            for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let h = at(dx, dy, 0);
                if h != NONE {
                    holes.insert(usize::from(h));
                }
            }
        }
        self.hole_nbrs.push(holes);
    }

    /// The index of `p`, or `None` if it is off this board.
    pub(crate) fn index(&self, p: Point) -> Option<usize> {
        let i = index_at(
            self.size,
            i32::from(p.x()),
            i32::from(p.y()),
            i32::from(p.level()),
        );
        (i != NONE).then_some(usize::from(i))
    }

    /// The level of index `i`.
    pub(crate) fn level(&self, i: usize) -> u8 {
        self.coords[i].level()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_counts_are_sums_of_squares() {
        assert_eq!(topology(7).points, 49 + 36 + 25 + 16 + 9 + 4 + 1);
        assert_eq!(topology(2).points, 5);
        assert_eq!(topology(13).points, 819);
    }

    #[test]
    fn indices_and_coordinates_agree() {
        let t = topology(5);
        for (i, &p) in t.coords.iter().enumerate() {
            assert_eq!(t.index(p), Some(i));
            for s in t.supports[i].iter().filter(|&&s| s != NONE) {
                assert!(usize::from(*s) < i, "supports come first");
                assert!(t.above[usize::from(*s)].contains(&(i as u16)));
            }
        }
    }

    #[test]
    fn bridges_rest_on_both_balls_of_the_contact() {
        let t = topology(6);
        for i in 0..t.points {
            for e in t.nbrs[i].iter().filter(|e| e.other != NONE) {
                for b in e.bridge.iter().filter(|&&b| b != NONE) {
                    let s = &t.supports[usize::from(*b)];
                    assert!(s.contains(&(i as u16)) && s.contains(&e.other));
                }
            }
        }
    }

    #[test]
    fn burial_is_straight_up_two_levels() {
        let t = topology(5);
        let idx = |x, y, k| {
            t.index(Point::new(x, y, k, 5).expect("on board"))
                .expect("index")
        };
        assert_eq!(usize::from(t.buried_by[idx(1, 1, 0)]), idx(0, 0, 2));
        assert_eq!(usize::from(t.buries[idx(0, 0, 2)]), idx(1, 1, 0));
        assert_eq!(t.buried_by[idx(0, 1, 0)], NONE);
        assert_eq!(t.buries[idx(0, 0, 1)], NONE);
    }
}
