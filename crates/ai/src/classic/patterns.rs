//! 3x3 shape patterns around a candidate point, the kind MoGo introduced for its playouts:
//! hane, cuts, and a few shapes on the edge. A pattern matches for either player (the
//! colours may be swapped) and in any of the eight rotations and reflections; all of them
//! are compiled into one table of the board's 16-bit neighbourhood codes
//! ([`Board::neighbourhood3`](stonefield_rules::classic::Board::neighbourhood3)).

use std::sync::OnceLock;

use super::spatial::symmetric;

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

/// The weight of each of [`SHAPES`] when a playout chooses among the pattern moves by
/// weight (in hundredths): Pachi's 3x3 gammas for the same shapes, tuned by CLOP over
/// 40,000 games (`playout/moggy.c`).
const WEIGHTS: [u8; 13] = [52, 53, 32, 37, 28, 21, 19, 82, 12, 20, 11, 16, 57];

/// Shapes that only the weighted choice knows, with their weights: on the edge, making an
/// eye beside two own stones (Pachi's, not MoGo's).
const WEIGHTED_ONLY: &[([&str; 3], u8)] = &[(["?X.", "O.X", "###"], 44)];

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
    /// The largest weight of a shape each code matches, in hundredths; 0 for none.
    weights: Box<[u8]>,
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

    /// The weight of the neighbourhood `code` for the weighted choice: the largest
    /// of the shapes it matches, in hundredths, 0 if none.
    #[inline]
    pub fn weight(&self, code: u16) -> u8 {
        self.weights[usize::from(code)]
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
            weights: vec![0; 1 << 16].into_boxed_slice(),
        };
        let shapes = SHAPES.iter().zip(WEIGHTS).map(|(s, w)| (s, w, true));
        let weighted_only = WEIGHTED_ONLY.iter().map(|(s, w)| (s, *w, false));
        for (shape, weight, listed) in shapes.chain(weighted_only) {
            for sym in 0..8 {
                for swap in [false, true] {
                    let mut allowed = [0u8; 8];
                    for (y, row) in shape.iter().enumerate() {
                        for (x, ch) in row.bytes().enumerate() {
                            let (dx, dy) = (x as i8 - 1, y as i8 - 1);
                            if (dx, dy) == (0, 0) {
                                continue;
                            }
                            let k = position(symmetric((dx.into(), dy.into()), sym));
                            allowed[k] = values(ch, swap);
                        }
                    }
                    t.fill(&allowed, 0, 0, (listed, weight));
                }
            }
        }
        t
    }

    /// Marks every code whose positions from `k` on take values in `allowed` (a bit set of
    /// cell values per position), with `code` holding the positions before `k`: as a match
    /// if `listed`, and with at least `weight`.
    fn fill(&mut self, allowed: &[u8; 8], k: usize, code: u16, (listed, weight): (bool, u8)) {
        if k == 8 {
            if listed {
                self.bits[usize::from(code) >> 6] |= 1 << (code & 63);
            }
            let w = &mut self.weights[usize::from(code)];
            *w = (*w).max(weight);
            return;
        }
        for v in [EMPTY, BLACK, WHITE, OFF] {
            if allowed[k] & (1 << v) != 0 {
                let next = code | u16::from(v) << (2 * k);
                self.fill(allowed, k + 1, next, (listed, weight));
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

/// The code position of the neighbour at `offset` (one of [`OFFSETS`]).
pub(crate) fn position(offset: (i32, i32)) -> usize {
    OFFSETS
        .iter()
        .position(|&(x, y)| (x.into(), y.into()) == offset)
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
    fn every_match_has_a_weight_and_the_edge_eye_only_a_weight() {
        let t = table();
        for code in 0..=u16::MAX {
            if t.matches(code) {
                assert!(t.weight(code) > 0, "{code:#x}");
            }
        }
        // The cut of a knight's move weighs more than a chase along the first line.
        let keima = board(&[".....", ".OX..", "...O.", ".....", "....."]);
        let chase = board(&[".....", ".....", ".....", ".X...", ".O..."]);
        assert!(t.matches(code_at(&keima, 2, 2)) && t.matches(code_at(&chase, 2, 4)));
        assert!(t.weight(code_at(&keima, 2, 2)) > t.weight(code_at(&chase, 2, 4)));
        // Making an eye on the edge beside two own stones: weighted, not a MoGo match.
        let eye = board(&[".....", ".....", ".....", "..X..", ".O.X."]);
        let code = code_at(&eye, 2, 4);
        assert!(!t.matches(code));
        assert_eq!(t.weight(code), 44);
        assert_eq!(t.weight(code_at(&board(&["....."; 5]), 2, 2)), 0);
    }

    #[test]
    fn the_table_is_closed_under_symmetry_and_colour_swap() {
        let t = table();
        assert!(t.len() > 100);
        let permute = |code: u16, sym: usize| -> u16 {
            let mut out = 0;
            for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
                let v = (code >> (2 * k)) & 3;
                out |= v << (2 * position(symmetric((dx.into(), dy.into()), sym)));
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
