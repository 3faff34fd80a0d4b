//! The urgent moves of classic Go's heavy playouts and priors: captures and escapes of
//! chains in atari, the moves on a chain reduced to two liberties, the vital point of a
//! nakade shape.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

use super::ladder::escape_fails;

/// The urgent moves for `me` among the chains with a stone in `area`: the liberty of a
/// chain of the opponent's in atari (capture), and for an own chain in atari its escape
/// (if extending leaves at least three liberties, or two and `read_ladders` finds no
/// ladder that catches it) and the capture of any chain in atari touching it. With
/// `careful`, no capture that is a snapback and no escape of a lone stone into its own
/// eye.
// Inlinable across modules as it was when its callers shared its module (hot path).
#[inline]
pub(crate) fn atari_moves(
    board: &Board,
    area: &[u16],
    me: Color,
    (read_ladders, careful): (bool, bool),
    out: &mut Vec<u16>,
) {
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
            let snapback = careful && is_snapback(board, q, lib, me);
            if !snapback && !out.contains(&lib) {
                out.push(lib);
            }
            continue;
        }
        if careful && is_lost_ko_stone(board, q, lib, me) {
            continue;
        }
        // Two liberties after running are often a ladder: without reading it, only three
        // count as an escape.
        let after = board.liberties_after(lib, me, 3).len();
        let escapes = after >= 3 || (after == 2 && read_ladders && !escape_fails(board, q));
        if escapes && !out.contains(&lib) {
            out.push(lib);
        }
        counter_captures(board, q, me, careful, out);
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

/// Whether `me` at the empty cell `i` runs a chain in atari beside it to two liberties
/// that a ladder catches all the same.
pub(crate) fn runs_into_ladder(board: &Board, i: u16, me: Color) -> bool {
    board.cell_neighbours(i).iter().any(|&q| {
        board.stone_at(q) == Some(me)
            && board.atari_liberty(q) == Some(i)
            && board.liberties_after(i, me, 3).len() == 2
            && escape_fails(board, q)
    })
}

/// Stones at most in a chain that [`is_nakade_fill`] lets a playout give up: every shape
/// of three stones leaves, once taken, an eye space of three, which one stone kills.
const NAKADE_STONES: u16 = 3;

/// Whether the self-atari of `me` at `i`, joining an own chain, fills an eye space from
/// the inside: the chain it makes has at most [`NAKADE_STONES`] stones and the move
/// puts a chain of the opponent's in atari, so taking the stones leaves a dead shape
/// (Pachi's Moggy lets such self-ataris through).
pub(crate) fn is_nakade_fill(board: &Board, i: u16, me: Color) -> bool {
    let opp = me.other();
    let mut stones = 1;
    let mut ataris = false;
    let mut seen = [u16::MAX; 4];
    for (k, q) in board.cell_neighbours(i).into_iter().enumerate() {
        let Some(c) = board.stone_at(q) else {
            continue;
        };
        let id = board.chain_id(q);
        if seen.contains(&id) {
            continue;
        }
        seen[k] = id;
        if c == me {
            stones += board.chain_size(q);
        } else if c == opp && board.chain_liberties(q, 3).len() == 2 {
            ataris = true;
        }
    }
    ataris && stones <= NAKADE_STONES
}

/// Where `me` might play instead of the self-atari at `i`, as Pachi's Moggy redirects
/// one: the other liberty of a chain of the opponent's beside `i` with two liberties (the
/// approach from outside), else of an own such chain; none that is itself a self-atari.
/// At random among the first kind found, `None` if there is none.
pub(crate) fn self_atari_alternative(
    board: &Board,
    i: u16,
    me: Color,
    rng: &mut fastrand::Rng,
) -> Option<u16> {
    let mut found = [0u16; 4];
    for owner in [me.other(), me] {
        let mut n = 0;
        for q in board.cell_neighbours(i) {
            if board.stone_at(q) != Some(owner) {
                continue;
            }
            let libs = board.chain_liberties(q, 3);
            let &[a, b] = libs.as_slice() else {
                continue;
            };
            let other = if a == i { b } else { a };
            if !found[..n].contains(&other)
                && board.playout_allows(other, me)
                && !board.is_self_atari(other, me)
            {
                found[n] = other;
                n += 1;
            }
        }
        if n > 0 {
            return Some(found[rng.usize(..n)]);
        }
    }
    None
}

/// Whether `me` taking the lone stone at `stone` (in atari at `lib`) is a snapback: `lib`
/// has no empty neighbour, is no eye of the stone's owner, takes nothing else, and every
/// chain of `me` beside it has `lib` for its last liberty, so the taker is retaken at
/// once. Pachi's Moggy checks the same before a capture.
fn is_snapback(board: &Board, stone: u16, lib: u16, me: Color) -> bool {
    if board.chain_size(stone) != 1 {
        return false;
    }
    let opp = me.other();
    let mut their_eye = true;
    for q in board.cell_neighbours(lib) {
        match board.stone_at(q) {
            None if !board.is_off_board(q) => return false,
            None => {}
            // Taking a second chain at once is a plain capture.
            Some(c) if c == opp && q != stone && board.atari_liberty(q).is_some() => {
                return false;
            }
            Some(c) if c == opp => {}
            Some(_) => {
                their_eye = false;
                if board.chain_liberties(q, 2).len() > 1 {
                    return false;
                }
            }
        }
    }
    !their_eye
}

/// Whether the lone stone of `me` at `stone`, in atari at `lib`, is not worth saving: `lib`
/// is surrounded by `me`'s stones (the stone sits in a ko or a false eye of its own), and
/// no empty diagonal of `lib` is an eye of `me` that running would connect.
fn is_lost_ko_stone(board: &Board, stone: u16, lib: u16, me: Color) -> bool {
    board.chain_size(stone) == 1
        && is_eyelike(board, lib, me)
        && !board
            .cell_diagonals(lib)
            .iter()
            .any(|&d| board.is_empty_cell(d) && is_eyelike(board, d, me))
}

/// Whether every on-board neighbour of `i` holds a stone of `color` (an eye, false eyes
/// included).
pub(crate) fn is_eyelike(board: &Board, i: u16, color: Color) -> bool {
    board
        .cell_neighbours(i)
        .iter()
        .all(|&q| board.is_off_board(q) || board.stone_at(q) == Some(color))
}

/// The liberties of the chains of the opponent's in atari that touch the chain of `me`
/// at `c`; with `careful`, not those whose capture is a snapback.
fn counter_captures(board: &Board, c: u16, me: Color, careful: bool, out: &mut Vec<u16>) {
    let opp = me.other();
    let id = board.chain_id(c);
    for s in board.chain_cells(c) {
        for q in board.cell_neighbours(s) {
            if board.stone_at(q) == Some(opp)
                && board.chain_id(q) != id
                && let Some(lib) = board.atari_liberty(q)
                && !out.contains(&lib)
                && !(careful && is_snapback(board, q, lib, me))
            {
                out.push(lib);
            }
        }
    }
}
