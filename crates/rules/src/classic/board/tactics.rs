//! Tactical reading for heavier playouts and tree priors, by cell index: chains and their
//! liberties, atari, the liberties a move would have (self-atari), the stones it would
//! capture, and the 3x3 neighbourhood of a point as a pattern code.
//!
//! A *cell* is a padded index of the board (a `u16`): [`Board::cell`] turns a point into
//! one, [`Board::cell_point`] back. Neighbours are cells too; those off the board hold no
//! stone and are not empty ([`Board::is_off_board`]). The light playout does not use these.

use super::cells::{BLACK, EMPTY, Idx, OFF, WHITE, stone};
use super::grid::at;
use super::state::Board;
use crate::Color;
use crate::classic::point::Point;

/// Up to four distinct liberties of a chain (or of a stone about to be played): as many as
/// the caller asked for, in the order found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Liberties {
    len: u8,
    cells: [Idx; 4],
}

impl Liberties {
    /// How many were found (at most the limit asked for).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The liberties found, as cells.
    pub fn as_slice(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }

    /// Adds `c` unless it is already there; the list never grows past four.
    #[inline]
    fn add(&mut self, c: Idx) {
        // Four fixed comparisons, not `contains`: that one's call is a twentieth of a
        // playout, which this hot loop cannot afford.
        let n = usize::from(self.len);
        let present = (0..4).any(|k| k < n && self.cells[k] == c);
        if !present && n < 4 {
            self.cells[usize::from(self.len)] = c;
            self.len += 1;
        }
    }
}

/// The 3x3 code of an off-board neighbour; empty is 0, black 1, white 2.
pub const CODE_OFF: u16 = OFF as u16;

impl Board {
    /// The cell of `p`, or `None` if `p` is off this board.
    pub fn cell(&self, p: Point) -> Option<u16> {
        self.idx(p)
    }

    /// The point of an on-board cell.
    ///
    /// # Panics
    /// If `i` is not on the board.
    pub fn cell_point(&self, i: u16) -> Point {
        self.point(i)
    }

    /// The distance between vertically adjacent cells (the board side plus two).
    pub fn stride(&self) -> u16 {
        self.stride
    }

    /// The four orthogonal neighbours of cell `i` (up, left, right, down), some perhaps off
    /// the board.
    #[inline]
    pub fn cell_neighbours(&self, i: u16) -> [u16; 4] {
        self.neighbours(i)
    }

    /// The four diagonal neighbours of cell `i` (up-left, up-right, down-left, down-right).
    #[inline]
    pub fn cell_diagonals(&self, i: u16) -> [u16; 4] {
        self.diagonals(i)
    }

    /// The stone on cell `i`, if any.
    #[inline]
    pub fn stone_at(&self, i: u16) -> Option<Color> {
        self.color_at(i)
    }

    /// Whether cell `i` is an empty point of the board.
    #[inline]
    pub fn is_empty_cell(&self, i: u16) -> bool {
        self.is_empty_at(i)
    }

    /// Whether cell `i` is outside the board (the padding).
    #[inline]
    pub fn is_off_board(&self, i: u16) -> bool {
        self.grid.cell[at(i)] == OFF
    }

    /// The empty cells, in no particular order (the order changes as moves are played).
    #[inline]
    pub fn empty_cells(&self) -> &[u16] {
        self.empties()
    }

    /// The cell a simple ko forbids for the next move, if any.
    #[inline]
    pub fn ko_cell(&self) -> Option<u16> {
        self.ko()
    }

    /// The cells whose stones the last [`Board::place`] removed.
    pub fn captured_cells(&self) -> &[u16] {
        self.captured()
    }

    /// Whether a playout may play `color` at the empty cell `i`: not the ko cell, not an
    /// own single-point eye (unless a false eye), not suicide. The light playout's rule.
    #[inline]
    pub fn playout_allows(&self, i: u16, color: Color) -> bool {
        self.playout_may_play(i, color)
    }

    /// Places a stone of `color` on the empty cell `i` and removes what it captures (its
    /// own chain too when the move is suicide). No check of ko or superko: callers check
    /// first (e.g. with [`Board::playout_allows`]).
    ///
    /// # Panics
    /// If `i` is not empty.
    pub fn place(&mut self, i: u16, color: Color) {
        self.play(i, color);
    }

    /// [`Board::place`] at slot `k` of [`Board::empty_cells`], without looking the cell
    /// up.
    pub fn place_slot(&mut self, k: usize, color: Color) {
        assert!(k < self.grid.n_empties, "slot {k} is not an empty point");
        self.play_slot(k, color);
    }

    /// Swaps two slots of [`Board::empty_cells`] (sampling without replacement).
    pub fn swap_empty_slots(&mut self, a: usize, b: usize) {
        self.swap_empties(a, b);
    }

    /// A pass on this board: the ko ban lapses.
    pub fn pass_move(&mut self) {
        self.pass();
    }

    /// An identifier of the chain through the stone at `i`, equal for all its stones and
    /// only for them (meaningless on a cell without a stone).
    #[inline]
    pub fn chain_id(&self, i: u16) -> u16 {
        self.grid.chain[at(i)]
    }

    /// The cells of the stones of the chain through the stone at `i`, starting with `i`
    /// (nothing when `i` holds no stone).
    pub fn chain_cells(&self, i: u16) -> impl Iterator<Item = u16> + '_ {
        let mut next = self.color_at(i).map(|_| i);
        std::iter::from_fn(move || {
            let s = next?;
            let n = self.grid.next[at(s)];
            next = (n != i).then_some(n);
            Some(s)
        })
    }

    /// Stones in the chain through the stone at `i`.
    pub fn chain_size(&self, i: u16) -> u16 {
        self.grid.stones[at(self.grid.chain[at(i)])]
    }

    /// Up to `limit` (at most 4) distinct liberties of the chain through the stone at `i`;
    /// none when `i` holds no stone.
    pub fn chain_liberties(&self, i: u16, limit: usize) -> Liberties {
        let mut libs = Liberties::default();
        // An empty cell's chain links are stale: following them need not come back.
        if self.color_at(i).is_some() {
            self.add_chain_liberties(i, limit.min(4), None, &mut libs);
        }
        libs
    }

    /// Adds the liberties of the chain at `i` other than `except` to `libs` until it holds
    /// `limit`.
    fn add_chain_liberties(&self, i: Idx, limit: usize, except: Option<Idx>, libs: &mut Liberties) {
        let mut s = i;
        loop {
            for q in self.neighbours(s) {
                if self.grid.cell[at(q)] == EMPTY && Some(q) != except {
                    libs.add(q);
                    if libs.len() >= limit {
                        return;
                    }
                }
            }
            s = self.grid.next[at(s)];
            if s == i {
                return;
            }
        }
    }

    /// False when the chain through the stone at `i` surely has two liberties or more: a
    /// lookup of its pseudo-liberties, before [`Board::atari_liberty`] walks the chain.
    #[inline]
    pub fn may_be_in_atari(&self, i: u16) -> bool {
        // A single liberty touches at most four stones of the chain: more pseudo-liberties
        // mean at least two.
        self.grid.libs[at(self.grid.chain[at(i)])] <= 4
    }

    /// The only liberty of the chain through the stone at `i` when it has one (atari);
    /// `None` when `i` holds no stone.
    #[inline]
    pub fn atari_liberty(&self, i: u16) -> Option<u16> {
        let chain = at(self.grid.chain[at(i)]);
        // A lone stone's pseudo-liberties are its liberties: no walk needed to tell.
        if !self.may_be_in_atari(i) || (self.grid.stones[chain] == 1 && self.grid.libs[chain] > 1) {
            return None;
        }
        let libs = self.chain_liberties(i, 2);
        (libs.len() == 1).then(|| libs.as_slice()[0])
    }

    /// Up to `limit` (at most 4) liberties the chain of a stone of `color` played at the
    /// empty cell `i` would have, once its captures are taken off. Empty when the move is
    /// suicide.
    pub fn liberties_after(&self, i: u16, color: Color, limit: usize) -> Liberties {
        let limit = limit.min(4);
        let own = stone(color);
        let opp = own ^ (BLACK | WHITE);
        let nbrs = self.neighbours(i);
        let mut libs = Liberties::default();
        for &q in &nbrs {
            if self.grid.cell[at(q)] == EMPTY {
                libs.add(q);
            }
        }
        if libs.len() >= limit {
            return libs;
        }
        let (own_chains, n_own) = self.chains_beside(i, own);
        for &r in &own_chains[..n_own] {
            self.add_chain_liberties(r, limit, Some(i), &mut libs);
            if libs.len() >= limit {
                return libs;
            }
        }
        // Captured enemy chains free their stones beside the new chain.
        let (enemies, n_enemies) = self.chains_beside(i, opp);
        for &r in &enemies[..n_enemies] {
            if self.atari_liberty(r) != Some(i) {
                continue;
            }
            let mut s = r;
            loop {
                let touches = self.neighbours(s).iter().any(|&n| {
                    n == i
                        || (self.grid.cell[at(n)] == own
                            && own_chains[..n_own].contains(&self.grid.chain[at(n)]))
                });
                if touches {
                    libs.add(s);
                    if libs.len() >= limit {
                        return libs;
                    }
                }
                s = self.grid.next[at(s)];
                if s == r {
                    break;
                }
            }
        }
        libs
    }

    /// The distinct chains (by their root cell) of the stones of kind `kind` beside the
    /// cell `i`, and how many there are (at most four).
    fn chains_beside(&self, i: u16, kind: u8) -> ([Idx; 4], usize) {
        let mut chains: [Idx; 4] = [0; 4];
        let mut n = 0;
        for q in self.neighbours(i) {
            if self.grid.cell[at(q)] == kind {
                let r = self.grid.chain[at(q)];
                // Fixed comparisons, as in `Liberties::add`.
                if !(0..4).any(|k| k < n && chains[k] == r) {
                    chains[n] = r;
                    n += 1;
                }
            }
        }
        (chains, n)
    }

    /// Whether `color` at the empty cell `i` would leave its chain with one liberty or
    /// none (suicide counts too), after its captures.
    #[inline]
    pub fn is_self_atari(&self, i: u16, color: Color) -> bool {
        let around = self.grid.nbrs[at(i)];
        // Two empty neighbours are two liberties whatever else happens.
        if around & 0xf >= 2 {
            return false;
        }
        self.liberties_after(i, color, 2).len() < 2
    }

    /// The stones `color` at the empty cell `i` would capture.
    pub fn captures_by(&self, i: u16, color: Color) -> u32 {
        let (enemies, n) = self.chains_beside(i, stone(color.other()));
        enemies[..n]
            .iter()
            .filter(|&&r| self.atari_liberty(r) == Some(i))
            .map(|&r| u32::from(self.grid.stones[at(r)]))
            .sum()
    }

    /// The 3x3 neighbourhood of cell `i` as a pattern code: two bits per neighbour (0
    /// empty, 1 black, 2 white, 3 off the board, see [`CODE_OFF`]), in the order up-left,
    /// up, up-right, left, right, down-left, down, down-right from the low bits.
    #[inline]
    pub fn neighbourhood3(&self, i: u16) -> u16 {
        let s = self.stride;
        let cells = [
            i.wrapping_sub(s + 1),
            i.wrapping_sub(s),
            i.wrapping_sub(s - 1),
            i.wrapping_sub(1),
            i.wrapping_add(1),
            i.wrapping_add(s - 1),
            i.wrapping_add(s),
            i.wrapping_add(s + 1),
        ];
        let mut code = 0;
        for (k, c) in cells.into_iter().enumerate() {
            code |= u16::from(self.grid.cell[at(c)]) << (2 * k);
        }
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `X` (black), `O` (white) and `.`; the cell of `(x, y)` with it.
    fn board(rows: &[&str]) -> Board {
        let b = Board::from_diagram(rows).expect("a diagram without captures");
        b.assert_consistent();
        b
    }

    fn cell(b: &Board, x: usize, y: usize) -> u16 {
        b.cell(Point::new(x as u32, y as u32, b.size()).expect("on board"))
            .expect("on board")
    }

    #[test]
    fn liberties_and_atari_of_chains() {
        let b = board(&[
            ".XO..", //
            "XOO..", //
            ".X...", //
            ".....", //
            ".....",
        ]);
        let white = cell(&b, 1, 1);
        assert_eq!(b.chain_size(white), 3);
        let mut stones: Vec<u16> = b.chain_cells(white).collect();
        stones.sort_unstable();
        let mut expected = [cell(&b, 2, 0), cell(&b, 1, 1), cell(&b, 2, 1)];
        expected.sort_unstable();
        assert_eq!(stones, expected);
        assert_eq!(b.chain_cells(cell(&b, 4, 4)).count(), 0);
        assert_eq!(b.chain_id(white), b.chain_id(cell(&b, 2, 0)));
        assert_eq!(b.chain_liberties(white, 4).len(), 3);
        assert_eq!(b.atari_liberty(white), None);
        let corner = cell(&b, 1, 0);
        assert_eq!(b.atari_liberty(corner), Some(cell(&b, 0, 0)));
        assert_eq!(b.chain_liberties(corner, 1).len(), 1);
    }

    #[test]
    fn self_atari_and_captures() {
        let b = board(&[
            ".XO..", //
            "XOO..", //
            ".X...", //
            ".....", //
            ".....",
        ]);
        // White at the corner captures the black stone at (1,0): not self-atari, though
        // the point has no empty neighbour left after the capture but the freed one.
        let corner = cell(&b, 0, 0);
        assert_eq!(b.captures_by(corner, Color::White), 1);
        assert_eq!(b.liberties_after(corner, Color::White, 4).len(), 1);
        // Black at (0,0) would have one liberty? It connects to (1,0) whose only liberty
        // is (0,0) and to (0,1): libs are (0,2) only.
        assert!(b.is_self_atari(corner, Color::Black));
        // White (0,2) is a stone with liberties (0,3) and nothing else: self-atari.
        assert!(b.is_self_atari(cell(&b, 0, 2), Color::White));
        assert!(!b.is_self_atari(cell(&b, 3, 3), Color::White));
        // White extending at (2,2) from the chain: liberties (3,2), (2,3) and the chain's.
        assert!(!b.is_self_atari(cell(&b, 2, 2), Color::White));
        assert_eq!(b.captures_by(cell(&b, 3, 3), Color::Black), 0);
    }

    #[test]
    fn a_capture_frees_liberties_for_the_capturer() {
        // White (1,1) in atari at (1,2); Black (1,2) has no empty neighbour but captures.
        let b = board(&[
            ".X...", //
            "XOX..", //
            "O.O..", //
            ".O...", //
            ".....",
        ]);
        let point = cell(&b, 1, 2);
        assert_eq!(b.captures_by(point, Color::Black), 1);
        let libs = b.liberties_after(point, Color::Black, 4);
        assert_eq!(libs.as_slice(), &[cell(&b, 1, 1)]);
        assert!(b.is_self_atari(point, Color::Black));
        // After the capture the stone does have that one liberty, as predicted.
        let mut after = b.clone();
        after.place(point, Color::Black);
        assert_eq!(after.chain_liberties(point, 4).len(), 1);
    }

    #[test]
    fn liberties_after_match_playing_the_move() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..200 {
            let moves = rng.usize(0..60);
            let b = random_board(7, moves, &mut rng);
            for i in b.empty_cells().to_vec() {
                for c in Color::ALL {
                    let mut after = b.clone();
                    after.place(i, c);
                    let real = if after.stone_at(i) == Some(c) {
                        after.chain_liberties(i, 4).len()
                    } else {
                        0
                    };
                    let predicted = b.liberties_after(i, c, 4).len();
                    assert_eq!(predicted, real.min(4), "{i} {c:?} in {b:?}");
                    assert_eq!(b.is_self_atari(i, c), real < 2);
                    let captured = after.captured_cells().len() as u32;
                    let expected = if real == 0 { 0 } else { captured };
                    assert_eq!(b.captures_by(i, c), expected);
                }
            }
        }
    }

    #[test]
    fn atari_is_told_as_counting_every_liberty_tells_it() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..300 {
            let moves = rng.usize(0..120);
            let b = random_board(7, moves, &mut rng);
            for i in b.points().filter_map(|p| b.cell(p)) {
                let libs = b.chain_liberties(i, 4);
                let expected = (libs.len() == 1).then(|| libs.as_slice()[0]);
                assert_eq!(b.atari_liberty(i), expected, "{i} in {b:?}");
                if expected.is_some() {
                    assert!(b.may_be_in_atari(i));
                }
            }
        }
    }

    /// A board of side `size` after `moves` random playout moves, Black first.
    fn random_board(size: u8, moves: usize, rng: &mut fastrand::Rng) -> Board {
        let mut b = Board::new(size);
        let mut color = Color::Black;
        for _ in 0..moves {
            crate::classic::random_move(&mut b, color, rng);
            color = color.other();
        }
        b
    }

    #[test]
    fn an_empty_cell_has_no_chain_liberties() {
        // Captures leave stale chain links behind on the cells they empty.
        let b = random_board(9, 300, &mut fastrand::Rng::with_seed(9));
        for i in b.empty_cells().to_vec() {
            assert!(b.chain_liberties(i, 4).is_empty());
            assert_eq!(b.atari_liberty(i), None);
        }
    }

    #[test]
    fn the_neighbourhood_code_reads_the_eight_neighbours() {
        let b = board(&[
            "XO.", //
            "...", //
            "..O",
        ]);
        let centre = cell(&b, 1, 1);
        // up-left black, up white, down-right white.
        assert_eq!(b.neighbourhood3(centre), 1 | (2 << 2) | (2 << 14));
        let corner = cell(&b, 0, 0);
        let code = b.neighbourhood3(corner);
        for k in [0, 1, 2, 3, 5] {
            assert_eq!((code >> (2 * k)) & 3, CODE_OFF, "neighbour {k}");
        }
        assert_eq!((code >> 8) & 3, 2, "white to the right");
    }
}
