//! 3x3 shape patterns around a candidate point, the kind MoGo introduced for its playouts:
//! hane, cuts, and a few shapes on the edge. A pattern matches for either player (the
//! colours may be swapped) and in any of the eight rotations and reflections; all of them
//! are compiled into one table of the board's 16-bit neighbourhood codes
//! ([`Board::neighbourhood3`](stonefield_rules::classic::Board::neighbourhood3)).

use std::sync::OnceLock;

/// The patterns, as three rows around the empty centre point. `X` and `O` are stones of
/// the two colours (either player may be `X`), `.` an empty point, `#` off the board, `?`
/// anything, `x` anything but an `X` stone, `o` anything but an `O` stone.
const SHAPES: &[[&str; 3]] = &[
    // Hane answering an attachment, the stones on both sides of the contact.
    ["XOX", "...", "???"],
    // Hane at the head of a contact that leaves no cut behind.
    ["XO.", "...", "?.?"],
    // Bending around the opponent's stone (magari).
    ["XO?", "X..", "x.?"],
    // Attaching diagonally beside a lone contact.
    [".O.", "X..", "..."],
    // Cutting where nothing protects the cut.
    ["XO?", "O.o", "?o?"],
    // Cutting a peep.
    ["XO?", "O.X", "???"],
    // Pushing through between two stones (de).
    ["?X?", "O.O", "ooo"],
    // Cutting a knight's move.
    ["OX?", "o.O", "???"],
    // On the edge: chasing along the first line.
    ["X.?", "O.?", "###"],
    // On the edge: blocking a cut on the side.
    ["OX?", "X.O", "###"],
    // On the edge: blocking the connection underneath.
    ["?X?", "x.O", "###"],
    // On the edge: descending (sagari).
    ["?XO", "x.x", "###"],
    // On the edge: cutting under.
    ["?OX", "X.O", "###"],
];

/// The cell values of the neighbourhood code: empty, black, white, off the board.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const OFF: u8 = 3;

/// The offsets of the eight code positions, in the code's order.
pub(crate) const OFFSETS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The set of 3x3 neighbourhoods (one bit per 16-bit code) in which a move at the centre
/// follows a pattern.
pub struct PatternTable {
    bits: Box<[u64; 1024]>,
}

impl std::fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternTable")
            .field("matching", &self.len())
            .finish()
    }
}

impl PatternTable {
    /// Whether the neighbourhood `code` matches a pattern.
    #[inline]
    pub fn matches(&self, code: u16) -> bool {
        let c = usize::from(code);
        self.bits[c >> 6] >> (c & 63) & 1 != 0
    }

    /// How many neighbourhoods match (for tests).
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn build() -> PatternTable {
        let mut t = PatternTable {
            bits: Box::new([0; 1024]),
        };
        for shape in SHAPES {
            for sym in 0..8 {
                for swap in [false, true] {
                    let mut allowed = [0u8; 8];
                    for (y, row) in shape.iter().enumerate() {
                        for (x, ch) in row.bytes().enumerate() {
                            let (dx, dy) = (x as i8 - 1, y as i8 - 1);
                            if (dx, dy) == (0, 0) {
                                continue;
                            }
                            let k = position(transform(sym, dx, dy));
                            allowed[k] = values(ch, swap);
                        }
                    }
                    t.fill(&allowed, 0, 0);
                }
            }
        }
        t
    }

    /// Sets every code whose positions from `k` on take values in `allowed` (a bit set of
    /// cell values per position), with `code` holding the positions before `k`.
    fn fill(&mut self, allowed: &[u8; 8], k: usize, code: u16) {
        if k == 8 {
            self.bits[usize::from(code) >> 6] |= 1 << (code & 63);
            return;
        }
        for v in [EMPTY, BLACK, WHITE, OFF] {
            if allowed[k] & (1 << v) != 0 {
                self.fill(allowed, k + 1, code | u16::from(v) << (2 * k));
            }
        }
    }
}

/// The pattern table, built on first use.
pub fn table() -> &'static PatternTable {
    static TABLE: OnceLock<PatternTable> = OnceLock::new();
    TABLE.get_or_init(PatternTable::build)
}

/// The cell values a pattern symbol allows, as a bit set; `swap` exchanges the colours.
fn values(ch: u8, swap: bool) -> u8 {
    let (x, o) = if swap { (WHITE, BLACK) } else { (BLACK, WHITE) };
    let all = 0b1111;
    match ch {
        b'X' => 1 << x,
        b'O' => 1 << o,
        b'.' => 1 << EMPTY,
        b'#' => 1 << OFF,
        b'x' => all & !(1 << x),
        b'o' => all & !(1 << o),
        _ => all,
    }
}

/// Symmetry `sym` (0..8) of the square applied to an offset: four rotations, each with or
/// without a mirror.
fn transform(sym: u8, dx: i8, dy: i8) -> (i8, i8) {
    let (dx, dy) = if sym & 4 != 0 { (-dx, dy) } else { (dx, dy) };
    match sym & 3 {
        0 => (dx, dy),
        1 => (-dy, dx),
        2 => (-dx, -dy),
        _ => (dy, -dx),
    }
}

fn position(offset: (i8, i8)) -> usize {
    OFFSETS
        .iter()
        .position(|&o| o == offset)
        .expect("a neighbour offset")
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::classic::{Board, Point};

    fn board(rows: &[&str]) -> Board {
        Board::from_diagram(rows).expect("a diagram without captures")
    }

    fn code_at(b: &Board, x: u32, y: u32) -> u16 {
        let p = Point::new(x, y, b.size()).expect("on board");
        b.neighbourhood3(b.cell(p).expect("on board"))
    }

    #[test]
    fn a_hane_matches_in_every_orientation_and_for_both_colours() {
        let t = table();
        // The enclosing hane: centre (2,2) below the contact X O X.
        let rows = [".....", ".XOX.", ".....", ".....", "....."];
        assert!(t.matches(code_at(&board(&rows), 2, 2)));
        // Colours swapped.
        let swapped = [".....", ".OXO.", ".....", ".....", "....."];
        assert!(t.matches(code_at(&board(&swapped), 2, 2)));
        // Rotated a quarter turn: the contact is a column to the right of the centre.
        let rotated = [".....", "...X.", "...O.", "...X.", "....."];
        assert!(t.matches(code_at(&board(&rotated), 2, 2)));
        // Upside down.
        let flipped = [".....", ".....", ".....", ".XOX.", "....."];
        assert!(t.matches(code_at(&board(&flipped), 2, 2)));
    }

    #[test]
    fn empty_and_unrelated_shapes_do_not_match() {
        let t = table();
        let empty = board(&["....."; 5]);
        assert!(!t.matches(code_at(&empty, 2, 2)));
        assert!(!t.matches(code_at(&empty, 0, 2)), "an empty edge");
        // A lone stone diagonally away is no pattern.
        let lone = board(&[".....", ".X...", ".....", ".....", "....."]);
        assert!(!t.matches(code_at(&lone, 2, 2)));
        // An own stone next to the centre alone is no pattern either.
        let next = board(&[".....", ".....", ".X...", ".....", "....."]);
        assert!(!t.matches(code_at(&next, 2, 2)));
    }

    #[test]
    fn cuts_match_only_while_unprotected() {
        let t = table();
        // X at (1,1), O at (2,1) and (1,2): the cut at (2,2) with nothing protecting it.
        let cut = board(&[".....", ".XO..", ".O...", ".....", "....."]);
        assert!(t.matches(code_at(&cut, 2, 2)));
        // The same shape with an O stone to the right of the cut: it no longer cuts.
        let guarded = board(&[".....", ".XO..", ".O.O.", ".....", "....."]);
        assert!(!t.matches(code_at(&guarded, 2, 2)));
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        let t = table();
        // Blocking a side cut: O X above, X . O beside, the edge below the centre.
        let rows = [".....", ".....", ".....", ".OX..", ".X.O."];
        assert!(t.matches(code_at(&board(&rows), 2, 4)));
        // A lone stone above an edge point is no pattern: every shape holds both colours.
        let open = [".....", ".....", ".....", "..X..", "....."];
        assert!(!t.matches(code_at(&board(&open), 2, 4)));
    }

    #[test]
    fn the_table_is_closed_under_symmetry_and_colour_swap() {
        let t = table();
        assert!(t.len() > 100);
        let permute = |code: u16, sym: u8| -> u16 {
            let mut out = 0;
            for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
                let v = (code >> (2 * k)) & 3;
                out |= v << (2 * position(transform(sym, dx, dy)));
            }
            out
        };
        let swap = |code: u16| -> u16 {
            let mut out = 0;
            for k in 0..8 {
                let v = match (code >> (2 * k)) & 3 {
                    1 => 2,
                    2 => 1,
                    v => v,
                };
                out |= v << (2 * k);
            }
            out
        };
        let mut rng = fastrand::Rng::with_seed(3);
        let matching: Vec<u16> = (0..=u16::MAX).filter(|&c| t.matches(c)).collect();
        for _ in 0..2000 {
            let c = matching[rng.usize(..matching.len())];
            for sym in 0..8 {
                assert!(t.matches(permute(c, sym)), "{c:#x} under {sym}");
            }
            assert!(t.matches(swap(c)));
        }
    }
}
