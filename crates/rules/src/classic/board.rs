//! The grid board: stones, chains with pseudo-liberties and an empty-point list, laid out in
//! a padded array so that neighbours are index offsets. It knows captures, suicide and the
//! simple-ko point; superko, turns and scoring belong to [`super::ClassicGame`]. The same board
//! serves the checked game and the playouts, so both see exactly the same captures.

use super::point::Point;
use super::zobrist::{MAX_CELLS, STONE_KEYS};
use crate::Color;

/// A padded cell index.
pub(crate) type Idx = u16;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const OFF: u8 = 3;

/// Neighbour counts packed in one u16, four bits per cell kind (empty, black, white, off).
const fn nbr_unit(cell: u8) -> u16 {
    1 << (4 * cell)
}

const fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A classic Go board of side 2..=25.
#[derive(Debug, Clone)]
pub struct Board {
    size: u8,
    stride: Idx,
    cell: Vec<u8>,
    /// Packed counts of each neighbour kind, see [`nbr_unit`].
    nbrs: Vec<u16>,
    /// The representative stone of each stone's chain.
    chain: Vec<Idx>,
    /// The next stone of the same chain (a circular list).
    next: Vec<Idx>,
    /// Pseudo-liberties (adjacent (stone, empty point) pairs), kept at the representative.
    libs: Vec<u16>,
    /// Stones in the chain, kept at the representative.
    stones: Vec<u16>,
    empties: Vec<Idx>,
    empty_pos: Vec<u16>,
    hash: u64,
    /// The point where an immediate recapture would retake a single-stone ko, if any.
    ko: Option<Idx>,
    captured: Vec<Idx>,
    stone_count: [u16; 2],
}

impl Board {
    /// An empty board of side `size`.
    ///
    /// # Panics
    /// If `size` is outside 2..=25; [`super::Rules`] checks the size before a board is made.
    pub fn new(size: u8) -> Board {
        assert!((2..=25).contains(&size), "board size {size} out of range");
        let stride = Idx::from(size) + 2;
        let cells = usize::from(stride) * usize::from(stride);
        debug_assert!(cells <= MAX_CELLS);
        let mut b = Board {
            size,
            stride,
            cell: vec![OFF; cells],
            nbrs: vec![0; cells],
            chain: vec![0; cells],
            next: vec![0; cells],
            libs: vec![0; cells],
            stones: vec![0; cells],
            empties: Vec::with_capacity(usize::from(size) * usize::from(size)),
            empty_pos: vec![0; cells],
            hash: 0,
            ko: None,
            captured: Vec::new(),
            stone_count: [0; 2],
        };
        for y in 0..size {
            for x in 0..size {
                let i = b.idx_of(x, y);
                b.cell[usize::from(i)] = EMPTY;
                b.empty_pos[usize::from(i)] = b.empties.len() as u16;
                b.empties.push(i);
            }
        }
        for i in 0..cells {
            let mut n = 0;
            if b.cell[i] != OFF {
                for q in b.neighbours(i as Idx) {
                    n += nbr_unit(b.cell[usize::from(q)]);
                }
            }
            b.nbrs[i] = n;
        }
        b
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    fn idx_of(&self, x: u8, y: u8) -> Idx {
        (Idx::from(y) + 1) * self.stride + Idx::from(x) + 1
    }

    /// The padded index of `p`, or `None` if `p` is off this board.
    pub(crate) fn idx(&self, p: Point) -> Option<Idx> {
        (p.x() < self.size && p.y() < self.size).then(|| self.idx_of(p.x(), p.y()))
    }

    pub(crate) fn point(&self, i: Idx) -> Point {
        let x = i % self.stride - 1;
        let y = i / self.stride - 1;
        Point::new(u32::from(x), u32::from(y), self.size).expect("index on the board")
    }

    #[inline]
    fn neighbours(&self, i: Idx) -> [Idx; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    fn diagonals(&self, i: Idx) -> [Idx; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    /// The stone at `p`, if any.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.idx(p).and_then(|i| self.color_at(i))
    }

    pub(crate) fn color_at(&self, i: Idx) -> Option<Color> {
        match self.cell[usize::from(i)] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    pub(crate) fn is_empty_at(&self, i: Idx) -> bool {
        self.cell[usize::from(i)] == EMPTY
    }

    /// Every empty point's index, in no particular order.
    pub(crate) fn empties(&self) -> &[Idx] {
        &self.empties
    }

    /// The hash of the stones on the board (not the player to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point a single-stone ko forbids for the next move, if any.
    pub(crate) fn ko(&self) -> Option<Idx> {
        self.ko
    }

    /// The stones removed by the last [`Board::play`], in removal order.
    pub(crate) fn captured(&self) -> &[Idx] {
        &self.captured
    }

    /// Swaps two entries of the empty-point list (order does not matter to the board).
    pub(crate) fn swap_empties(&mut self, a: usize, b: usize) {
        self.empties.swap(a, b);
        self.empty_pos[usize::from(self.empties[a])] = a as u16;
        self.empty_pos[usize::from(self.empties[b])] = b as u16;
    }

    pub fn stone_count(&self, color: Color) -> u16 {
        self.stone_count[color.index()]
    }

    #[inline]
    fn count_nbrs(&self, i: Idx, cell: u8) -> u16 {
        (self.nbrs[usize::from(i)] >> (4 * cell)) & 0xf
    }

    /// True when a stone of `color` at the empty point `i` would have a liberty after its
    /// captures, that is the move is not suicide.
    #[inline]
    pub(crate) fn has_liberty_after(&mut self, i: Idx, color: Color) -> bool {
        if self.count_nbrs(i, EMPTY) > 0 {
            return true;
        }
        let own = stone(color);
        let nbrs = self.neighbours(i);
        for q in nbrs {
            let c = self.cell[usize::from(q)];
            if c == BLACK || c == WHITE {
                let r = usize::from(self.chain[usize::from(q)]);
                self.libs[r] -= 1;
            }
        }
        let mut alive = false;
        for q in nbrs {
            let c = self.cell[usize::from(q)];
            if c == BLACK || c == WHITE {
                let libs = self.libs[usize::from(self.chain[usize::from(q)])];
                if (c == own) == (libs > 0) {
                    alive = true;
                }
            }
        }
        for q in nbrs {
            let c = self.cell[usize::from(q)];
            if c == BLACK || c == WHITE {
                let r = usize::from(self.chain[usize::from(q)]);
                self.libs[r] += 1;
            }
        }
        alive
    }

    /// Whether `i` is a single-point eye of `color`: every neighbour is `color` or off the
    /// board, and not a false eye (fewer than two diagonal points are the opponent's or off
    /// the board, counting the edge as one).
    #[inline]
    pub(crate) fn is_eye(&self, i: Idx, color: Color) -> bool {
        let own = stone(color);
        if self.count_nbrs(i, own) + self.count_nbrs(i, OFF) != 4 {
            return false;
        }
        let opp = stone(color.other());
        let mut bad = 0;
        let mut edge = 0;
        for d in self.diagonals(i) {
            match self.cell[usize::from(d)] {
                c if c == opp => bad += 1,
                OFF => edge = 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// Places a stone of `color` on the empty point `i` and removes what it captures,
    /// including its own chain when the move is suicide.
    ///
    /// # Panics
    /// In debug builds, if `i` is not an empty point of this board. Callers check emptiness
    /// (and ko, and suicide where it is forbidden) first.
    pub(crate) fn play(&mut self, i: Idx, color: Color) {
        debug_assert!(self.is_empty_at(i));
        self.captured.clear();
        let own = stone(color);
        let opp = stone(color.other());
        self.set_stone(i, own);
        let iu = usize::from(i);
        self.chain[iu] = i;
        self.next[iu] = i;
        self.stones[iu] = 1;
        self.libs[iu] = self.count_nbrs(i, EMPTY);
        let mut rep = i;
        for q in self.neighbours(i) {
            let c = self.cell[usize::from(q)];
            if c == own {
                let r = self.chain[usize::from(q)];
                self.libs[usize::from(r)] -= 1;
                if r != rep {
                    rep = self.merge(rep, r);
                }
            } else if c == opp {
                let r = self.chain[usize::from(q)];
                self.libs[usize::from(r)] -= 1;
                if self.libs[usize::from(r)] == 0 {
                    self.remove_chain(r);
                }
            }
        }
        let captured_opponents = self.captured.len();
        self.ko = None;
        if self.libs[usize::from(rep)] == 0 {
            self.remove_chain(rep);
        } else if captured_opponents == 1
            && self.stones[usize::from(rep)] == 1
            && self.libs[usize::from(rep)] == 1
        {
            self.ko = Some(self.captured[0]);
        }
    }

    fn set_stone(&mut self, i: Idx, cell: u8) {
        let iu = usize::from(i);
        self.cell[iu] = cell;
        self.hash ^= STONE_KEYS[usize::from(cell - 1)][iu];
        self.stone_count[usize::from(cell - 1)] += 1;
        let last = self.empties.pop().expect("an empty point");
        let pos = self.empty_pos[iu];
        if last != i {
            self.empties[usize::from(pos)] = last;
            self.empty_pos[usize::from(last)] = pos;
        }
        let delta = nbr_unit(cell).wrapping_sub(nbr_unit(EMPTY));
        for q in self.neighbours(i) {
            let qu = usize::from(q);
            self.nbrs[qu] = self.nbrs[qu].wrapping_add(delta);
        }
    }

    fn clear_stone(&mut self, i: Idx) {
        let iu = usize::from(i);
        let cell = self.cell[iu];
        self.cell[iu] = EMPTY;
        self.hash ^= STONE_KEYS[usize::from(cell - 1)][iu];
        self.stone_count[usize::from(cell - 1)] -= 1;
        self.empty_pos[iu] = self.empties.len() as u16;
        self.empties.push(i);
        let delta = nbr_unit(EMPTY).wrapping_sub(nbr_unit(cell));
        for q in self.neighbours(i) {
            let qu = usize::from(q);
            self.nbrs[qu] = self.nbrs[qu].wrapping_add(delta);
        }
    }

    /// Joins two chains; returns the representative of the union.
    fn merge(&mut self, a: Idx, b: Idx) -> Idx {
        let (big, small) = if self.stones[usize::from(a)] >= self.stones[usize::from(b)] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.chain[usize::from(s)] = big;
            s = self.next[usize::from(s)];
            if s == small {
                break;
            }
        }
        self.next.swap(usize::from(big), usize::from(small));
        self.libs[usize::from(big)] += self.libs[usize::from(small)];
        self.stones[usize::from(big)] += self.stones[usize::from(small)];
        big
    }

    fn remove_chain(&mut self, r: Idx) {
        let mut s = r;
        loop {
            let next = self.next[usize::from(s)];
            self.clear_stone(s);
            self.captured.push(s);
            for q in self.neighbours(s) {
                let c = self.cell[usize::from(q)];
                if c == BLACK || c == WHITE {
                    let qr = usize::from(self.chain[usize::from(q)]);
                    self.libs[qr] += 1;
                }
            }
            s = next;
            if s == r {
                break;
            }
        }
    }

    /// The stones of the chain through the stone at `i`.
    pub(crate) fn chain_of(&self, i: Idx) -> Vec<Idx> {
        let mut out = Vec::new();
        if self.color_at(i).is_none() {
            return out;
        }
        let mut s = i;
        loop {
            out.push(s);
            s = self.next[usize::from(s)];
            if s == i {
                break;
            }
        }
        out
    }

    /// The number of distinct liberties of the chain through the stone at `i`.
    pub fn liberties(&self, p: Point) -> usize {
        let Some(i) = self.idx(p) else { return 0 };
        let mut seen: Vec<Idx> = Vec::new();
        for s in self.chain_of(i) {
            for q in self.neighbours(s) {
                if self.is_empty_at(q) && !seen.contains(&q) {
                    seen.push(q);
                }
            }
        }
        seen.len()
    }

    /// Every point of the board in reading order (top row first).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| {
            (0..self.size).filter_map(move |x| Point::new(u32::from(x), u32::from(y), self.size))
        })
    }

    /// The owner of each point for an area count of the board as it stands: a stone's
    /// colour, or the colour of the only colour bordering an empty region. Indexed like
    /// [`Board::points`].
    pub fn area_owners(&self) -> Vec<Option<Color>> {
        self.owners_ignoring(&|_| false)
    }

    /// Like [`Board::area_owners`], with the stones for which `dead` holds taken off first.
    pub(crate) fn owners_ignoring(&self, dead: &dyn Fn(Idx) -> bool) -> Vec<Option<Color>> {
        let cells = self.cell.len();
        let mut region = vec![u32::MAX; cells];
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
        let mut area = [0u32; 2];
        for c in self.area_owners().into_iter().flatten() {
            area[c.index()] += 1;
        }
        area
    }

    /// Checks the incremental structures against a recount (for tests).
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        let mut empties = 0;
        for p in self.points() {
            let i = self.idx(p).expect("on board");
            let mut n = 0;
            for q in self.neighbours(i) {
                n += nbr_unit(self.cell[usize::from(q)]);
            }
            assert_eq!(self.nbrs[usize::from(i)], n, "neighbour counts at {p}");
            if self.is_empty_at(i) {
                empties += 1;
                assert_eq!(self.empties[usize::from(self.empty_pos[usize::from(i)])], i);
                continue;
            }
            let members = self.chain_of(i);
            let rep = self.chain[usize::from(i)];
            assert!(members.iter().all(|&s| self.chain[usize::from(s)] == rep));
            assert_eq!(usize::from(self.stones[usize::from(rep)]), members.len());
            let pseudo: u16 = members.iter().map(|&s| self.count_nbrs(s, EMPTY)).sum();
            assert_eq!(
                self.libs[usize::from(rep)],
                pseudo,
                "pseudo-liberties at {p}"
            );
            assert!(pseudo > 0, "chain without liberty at {p}");
        }
        assert_eq!(empties, self.empties.len());
    }
}
