//! Area counting of a [`Board`] as it stands: who owns each point, and the two totals. The
//! totals take a shortcut, with no flood fill and no allocation, when no empty point touches
//! another, which is how every light playout that ends by two passes leaves the board.

use super::cells::{EMPTY, Idx};
use super::grid::at;
use super::state::Board;
use crate::Color;

/// Packed neighbour-count fields (see [`super::cells::nbr_unit`]) of black and white stones.
const BLACK_NBRS: u16 = 0xf << 4;
const WHITE_NBRS: u16 = 0xf << 8;

impl Board {
    /// The owner of each point for an area count of the board as it stands: a stone's
    /// colour, or the colour of the only colour bordering an empty region. Indexed like
    /// [`Board::points`].
    pub fn area_owners(&self) -> Vec<Option<Color>> {
        self.owners_ignoring(&|_| false)
    }

    /// Like [`Board::area_owners`], with the stones for which `dead` holds taken off first.
    pub(crate) fn owners_ignoring(&self, dead: &dyn Fn(Idx) -> bool) -> Vec<Option<Color>> {
        let mut region = vec![u32::MAX; usize::from(self.cells)];
        let mut owner = Vec::new();
        let mut stack = Vec::new();
        let open = |i: Idx| self.is_empty_at(i) || (self.color_at(i).is_some() && dead(i));
        for start in self.points().filter_map(|p| self.idx(p)) {
            if !open(start) || region[usize::from(start)] != u32::MAX {
                continue;
            }
            let id = owner.len() as u32;
            let mut borders = [false; 2];
            region[usize::from(start)] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                for q in self.neighbours(i) {
                    if open(q) {
                        if region[usize::from(q)] == u32::MAX {
                            region[usize::from(q)] = id;
                            stack.push(q);
                        }
                    } else if let Some(c) = self.color_at(q) {
                        borders[c.index()] = true;
                    }
                }
            }
            owner.push(match borders {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            });
        }
        self.points()
            .filter_map(|p| self.idx(p))
            .map(|i| {
                if open(i) {
                    owner[region[usize::from(i)] as usize]
                } else {
                    self.color_at(i)
                }
            })
            .collect()
    }

    /// Black's and White's area (stones plus surrounded empty points) as the board stands.
    pub fn area(&self) -> [u32; 2] {
        self.area_if_no_empty_touches()
            .unwrap_or_else(|| self.area_by_regions())
    }

    /// The area from [`Board::area_owners`]'s flood fill, right for any position.
    pub(crate) fn area_by_regions(&self) -> [u32; 2] {
        let mut area = [0u32; 2];
        for c in self.area_owners().into_iter().flatten() {
            area[c.index()] += 1;
        }
        area
    }

    /// The area when no empty point has an empty neighbour, `None` otherwise. Each empty
    /// region is then a single point, owned by the colour of its neighbours if they are
    /// all one colour, so the neighbour counts the board keeps give the count directly.
    pub(crate) fn area_if_no_empty_touches(&self) -> Option<[u32; 2]> {
        let mut area = self.grid.stone_count.map(u32::from);
        for &e in self.empties() {
            let n = self.grid.nbrs[at(e)];
            if n >> (4 * EMPTY) & 0xf != 0 {
                return None;
            }
            let (black, white) = (n & BLACK_NBRS != 0, n & WHITE_NBRS != 0);
            area[0] += u32::from(black && !white);
            area[1] += u32::from(white && !black);
        }
        Some(area)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::playout::{playout, random_move};
    use super::*;

    /// Plays `moves` random playout moves (passes included) from an empty board.
    fn random_board(size: u8, moves: u32, rng: &mut fastrand::Rng) -> Board {
        let mut b = Board::new(size);
        let mut color = Color::Black;
        for _ in 0..moves {
            random_move(&mut b, color, rng);
            color = color.other();
        }
        b
    }

    #[test]
    fn the_quick_count_equals_the_flood_fill_after_two_passes() {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut ended_by_passes = 0;
        for size in [2u8, 3, 5, 9, 13, 19] {
            for _ in 0..40 {
                let mut b = Board::new(size);
                let r = playout(&mut b, Color::Black, &mut rng);
                let quick = b.area_if_no_empty_touches();
                if r.moves < 3 * u32::from(size) * u32::from(size) {
                    ended_by_passes += 1;
                    assert_eq!(quick, Some(b.area_by_regions()), "{b:?}");
                }
                assert_eq!(b.area(), b.area_by_regions());
                let [black, white] = b.area();
                assert_eq!(r.area_difference, black as i32 - white as i32);
            }
        }
        assert!(ended_by_passes > 200);
    }

    #[test]
    fn the_quick_count_declines_while_empty_points_touch() {
        let mut rng = fastrand::Rng::with_seed(5);
        assert_eq!(Board::new(9).area_if_no_empty_touches(), None);
        assert_eq!(Board::new(9).area(), [0, 0]);
        for moves in [1, 10, 30] {
            let b = random_board(9, moves, &mut rng);
            assert_eq!(b.area_if_no_empty_touches(), None);
            assert_eq!(b.area(), b.area_by_regions());
        }
    }

    #[test]
    fn the_quick_count_is_exact_whenever_it_answers() {
        // Small boards part-way through playouts: shared points, eyes and ko shapes.
        let mut rng = fastrand::Rng::with_seed(9);
        for _ in 0..300 {
            let moves = rng.u32(20..80);
            let b = random_board(rng.u8(3..=6), moves, &mut rng);
            if let Some(quick) = b.area_if_no_empty_touches() {
                assert_eq!(quick, b.area_by_regions(), "{b:?}");
            }
        }
    }
}
