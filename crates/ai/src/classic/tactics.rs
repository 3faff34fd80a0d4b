//! The urgent moves of classic Go's heavy playouts and priors: captures and escapes of
//! chains in atari, the moves on a chain reduced to two liberties, the vital point of a
//! nakade shape.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

/// The urgent moves for `me` among the chains with a stone in `area`: the liberty of a
/// chain of the opponent's in atari (capture), and for an own chain in atari its escape
/// (if extending leaves at least three liberties) and the capture of any chain in atari
/// touching it.
// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(crate) fn atari_moves(board: &Board, area: &[u16], me: Color, out: &mut Vec<u16>) {
    let mut seen = [u16::MAX; 18];
    let mut n_seen = 0;
    for &q in area {
        let Some(color) = board.stone_at(q) else {
            continue;
        };
        // Most chains have too many pseudo-liberties to be in atari, which a lookup tells:
        // before the search among the chains seen.
        if !board.may_be_in_atari(q) {
            continue;
        }
        let chain = board.chain_id(q);
        if seen[..n_seen].contains(&chain) || n_seen == seen.len() {
            continue;
        }
        seen[n_seen] = chain;
        n_seen += 1;
        let Some(lib) = board.atari_liberty(q) else {
            continue;
        };
        if color != me {
            if !out.contains(&lib) {
                out.push(lib);
            }
            continue;
        }
        // Two liberties after running are often a ladder: only three count as an escape.
        if board.liberties_after(lib, me, 3).len() >= 3 && !out.contains(&lib) {
            out.push(lib);
        }
        counter_captures(board, q, me.other(), out);
    }
}

/// The moves for `me` on the chains with two liberties at or beside the last move `last`:
/// for a chain of the opponent's, a liberty whose atari it cannot run from (extending at
/// the other leaves it at most one liberty); for an own chain, a liberty where extending
/// gives three or more.
// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(crate) fn two_liberty_moves(board: &Board, last: u16, me: Color, out: &mut Vec<u16>) {
    let mut seen = [u16::MAX; 5];
    let mut n_seen = 0;
    for q in [last].into_iter().chain(board.cell_neighbours(last)) {
        let Some(color) = board.stone_at(q) else {
            continue;
        };
        let chain = board.chain_id(q);
        if seen[..n_seen].contains(&chain) {
            continue;
        }
        seen[n_seen] = chain;
        n_seen += 1;
        let libs = board.chain_liberties(q, 3);
        let &[a, b] = libs.as_slice() else {
            continue;
        };
        for (lib, other) in [(a, b), (b, a)] {
            let good = if color == me {
                board.liberties_after(lib, me, 3).len() >= 3
            } else {
                let escape = board.liberties_after(other, color, 3);
                let kept = escape.len() - usize::from(escape.as_slice().contains(&lib));
                kept <= 1
            };
            if good && !out.contains(&lib) {
                out.push(lib);
            }
        }
    }
}

/// The vital point of an eye space beside `last`: an empty region of three to five points
/// bounded by the stones of one player (and the edge) whose point with the most
/// neighbours in the region is the only one with that many (straight and bent three, the
/// pyramid four, the bulky and crossed fives). Whoever plays it decides whether the
/// region makes two eyes; random play would find it by chance.
// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(crate) fn nakade_point(board: &Board, last: u16) -> Option<u16> {
    const MAX: usize = 5;
    for start in board.cell_neighbours(last) {
        if !board.is_empty_cell(start) {
            continue;
        }
        let mut region = [0u16; MAX + 1];
        let mut n = 1;
        region[0] = start;
        let mut owner = None;
        let mut k = 0;
        let mut closed = true;
        while k < n && closed {
            for q in board.cell_neighbours(region[k]) {
                if board.is_off_board(q) {
                    continue;
                }
                match board.stone_at(q) {
                    Some(c) if owner.is_none_or(|o| o == c) => owner = Some(c),
                    Some(_) => closed = false,
                    None if region[..n].contains(&q) => {}
                    None if n == MAX => closed = false,
                    None => {
                        region[n] = q;
                        n += 1;
                    }
                }
            }
            k += 1;
        }
        if !closed || n < 3 || owner.is_none() {
            continue;
        }
        let region = &region[..n];
        let inside = |i: u16| {
            board
                .cell_neighbours(i)
                .iter()
                .filter(|q| region.contains(q))
                .count()
        };
        let most = region.iter().map(|&i| inside(i)).max().unwrap_or(0);
        let mut vital = region.iter().filter(|&&i| inside(i) == most);
        if let (Some(&i), None) = (vital.next(), vital.next()) {
            return Some(i);
        }
    }
    None
}

/// The liberties of the chains of `opp` in atari that touch the chain at `c`.
fn counter_captures(board: &Board, c: u16, opp: Color, out: &mut Vec<u16>) {
    let id = board.chain_id(c);
    for s in board.chain_cells(c) {
        for q in board.cell_neighbours(s) {
            if board.stone_at(q) == Some(opp)
                && board.chain_id(q) != id
                && let Some(lib) = board.atari_liberty(q)
                && !out.contains(&lib)
            {
                out.push(lib);
            }
        }
    }
}
