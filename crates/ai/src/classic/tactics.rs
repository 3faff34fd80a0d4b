//! The urgent moves of classic Go's heavy playouts and priors: captures and escapes of
//! chains in atari, the moves on a chain reduced to two liberties, the vital point of a
//! nakade shape.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

use super::chains::{holds, touching_chains};
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
        if holds(&seen[..n_seen], chain) || n_seen == seen.len() {
            continue;
        }
        seen[n_seen] = chain;
        n_seen += 1;
        let Some(lib) = board.atari_liberty(q) else {
            continue;
        };
        if color != me {
            let snapback = careful && is_snapback(board, q, lib, me);
            if !snapback && !holds(out, lib) {
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
        if escapes && !holds(out, lib) {
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
    for q in touching_chains(board, c, me.other()) {
        if let Some(lib) = board.atari_liberty(q)
            && !holds(out, lib)
            && !(careful && is_snapback(board, q, lib, me))
        {
            out.push(lib);
        }
    }
}

/// The most liberties of an own chain for [`race_ataris`] (Pachi's `nlib_count`): the
/// more, the earlier races are seen, and the more moves are wasted beside living chains.
const RACE_LIBERTIES: usize = 4;

/// The liberties of the chain through the stone at `i`, counted up to `limit` (which may
/// pass the four of [`Board::chain_liberties`]).
fn liberty_count(board: &Board, i: u16, limit: usize) -> usize {
    let mut found = [0u16; 8];
    let limit = limit.min(found.len());
    let mut n = 0;
    for s in board.chain_cells(i) {
        for q in board.cell_neighbours(s) {
            if board.is_empty_cell(q) && !found[..n].contains(&q) {
                found[n] = q;
                n += 1;
                if n == limit {
                    return n;
                }
            }
        }
    }
    n
}

/// The ataris of `me` that start a capturing race in time (Pachi's Moggy's "nlib"
/// defence): after the opponent's move at `last`, for each own chain among its eight
/// neighbours left with three to [`RACE_LIBERTIES`] liberties, the liberties of every
/// chain of the opponent's touching it with two. Approach liberties decide races: waiting
/// until the own chain has two is too late, and an atari played a move early costs
/// little.
pub(crate) fn race_ataris(board: &Board, last: u16, me: Color, out: &mut Vec<u16>) {
    let mut seen = [u16::MAX; 8];
    let around = board
        .cell_neighbours(last)
        .into_iter()
        .chain(board.cell_diagonals(last));
    for (k, q) in around.enumerate() {
        if board.stone_at(q) != Some(me) {
            continue;
        }
        let chain = board.chain_id(q);
        if seen.contains(&chain) {
            continue;
        }
        seen[k] = chain;
        if !(3..=RACE_LIBERTIES).contains(&liberty_count(board, q, RACE_LIBERTIES + 1)) {
            continue;
        }
        add_short_neighbours(board, q, me.other(), out);
    }
}

/// The liberties of the chains of `opp` with two that touch the chain through `chain`.
fn add_short_neighbours(board: &Board, chain: u16, opp: Color, out: &mut Vec<u16>) {
    for q in touching_chains(board, chain, opp) {
        let libs = board.chain_liberties(q, 3);
        if libs.len() != 2 {
            continue;
        }
        for &lib in libs.as_slice() {
            if !holds(out, lib) {
                out.push(lib);
            }
        }
    }
}

/// The moves of `me` that keep an own eye from being made false (Pachi's Moggy's "eye
/// fix"), after the opponent's move at `last` beside a stone of theirs that stands
/// between two of `me`'s stones (or the edge) diagonal to `last`: that stone's empty
/// neighbours from which the next move would take the last sound diagonal of an eye of
/// `me`, and the capture of any stone of the opponent's in atari on such an eye's
/// diagonals.
pub(crate) fn eye_fixes(board: &Board, last: u16, me: Color, out: &mut Vec<u16>) {
    let opp = me.other();
    let mine_or_edge = |q: u16| board.is_off_board(q) || board.stone_at(q) == Some(me);
    let [up_left, up_right, down_left, down_right] = board.cell_diagonals(last);
    let [up, left, right, down] = board.cell_neighbours(last);
    for (side, flanks) in [
        (up, [up_left, up_right]),
        (right, [up_right, down_right]),
        (down, [down_left, down_right]),
        (left, [up_left, down_left]),
    ] {
        if board.stone_at(side) != Some(opp) || !flanks.into_iter().all(mine_or_edge) {
            continue;
        }
        for falsifying in board.cell_neighbours(side) {
            if falsifying == last || !board.is_empty_cell(falsifying) {
                continue;
            }
            for eye in board.cell_diagonals(falsifying) {
                if board.is_empty_cell(eye) && is_eyelike(board, eye, me) {
                    add_eye_fix(board, eye, falsifying, opp, out);
                }
            }
        }
    }
}

/// For the eye at `eye`, which a stone of `opp` at `falsifying` could make false: the
/// capture of any stone of `opp` in atari on its diagonals, and `falsifying` itself when
/// that stone would take its last sound diagonal (one of `opp` there already, or two
/// off the board).
fn add_eye_fix(board: &Board, eye: u16, falsifying: u16, opp: Color, out: &mut Vec<u16>) {
    let (mut theirs, mut edge) = (0, 0);
    for d in board.cell_diagonals(eye) {
        if board.is_off_board(d) {
            edge += 1;
        } else if board.stone_at(d) == Some(opp) {
            match board.atari_liberty(d) {
                Some(lib) if !out.contains(&lib) => out.push(lib),
                Some(_) => {}
                None => theirs += 1,
            }
        }
    }
    if (theirs == 1 || (theirs == 0 && edge == 2)) && !out.contains(&falsifying) {
        out.push(falsifying);
    }
}

/// Where `me` might play instead of filling the eye-like point `i` (Pachi's Moggy's eye
/// fill check): such a point is seldom a real eye when a stone of the opponent's sits on
/// its diagonal, and capturing or putting that stone in atari may yet make it one. Of the
/// first such chain (in the order of the diagonals) with one or two liberties, the first
/// liberty allowed that is no self-atari; `None` when `i` is no eye of `me`'s, when
/// filling it saves an own chain in atari, or when there is no such move.
pub(crate) fn eye_fill_alternative(board: &Board, i: u16, me: Color) -> Option<u16> {
    if !is_eyelike(board, i, me)
        || board
            .cell_neighbours(i)
            .iter()
            .any(|&q| board.stone_at(q) == Some(me) && board.atari_liberty(q).is_some())
    {
        return None;
    }
    let allowed = |q: u16| board.playout_allows(q, me) && !board.is_self_atari(q, me);
    for d in board.cell_diagonals(i) {
        if board.stone_at(d) != Some(me.other()) {
            continue;
        }
        let libs = board.chain_liberties(d, 3);
        if libs.len() <= 2
            && let Some(&q) = libs.as_slice().iter().find(|&&q| allowed(q))
        {
            return Some(q);
        }
    }
    None
}
