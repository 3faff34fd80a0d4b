//! Ladder reading for the tree's priors: whether a chain in atari that runs is caught all
//! the same, and whether putting a chain of two liberties in atari catches it. Read the
//! simple way of Go programs: the defender extends (or takes an attacking chain in atari
//! beside it, which counts as an escape), the attacker answers each two-liberty position
//! with either atari that is not itself in atari.

use stonefield_rules::Color;
use stonefield_rules::classic::Board;

use super::chains::touching_chains;

/// Plies read before a ladder is given up as escaped: a ladder across a 19x19 board
/// takes about 2 × 19 moves.
const MAX_PLIES: u32 = 80;

/// Defender positions read in one question before it is given up as escaped: the
/// attacker tries both liberties at every step, which a position of many two-liberty
/// answers could make exponential; a real ladder needs a few dozen.
const MAX_POSITIONS: u32 = 400;

/// The moves of one player that the ladders of the chains around some area decide.
#[derive(Debug, Default)]
pub(crate) struct LadderMoves {
    /// Ataris that catch a chain of the opponent's by ladder, and runs from atari to two
    /// liberties that the ladder does not catch.
    pub good: Vec<u16>,
    /// Runs from atari into a ladder that works.
    pub bad: Vec<u16>,
}

/// The moves of `me` that ladders decide, for the chains with a stone in `area`.
pub(crate) fn ladder_moves(board: &Board, area: &[u16], me: Color) -> LadderMoves {
    let mut out = LadderMoves::default();
    let mut seen: Vec<u16> = Vec::with_capacity(area.len());
    for &q in area {
        let Some(color) = board.stone_at(q) else {
            continue;
        };
        if seen.contains(&board.chain_id(q)) {
            continue;
        }
        seen.push(board.chain_id(q));
        if color != me {
            let liberties = board.chain_liberties(q, 3);
            if liberties.len() == 2 {
                for &at in liberties.as_slice() {
                    if atari_captures(board, q, at, me) {
                        out.good.push(at);
                    }
                }
            }
        } else if let Some(run) = board.atari_liberty(q)
            && board.liberties_after(run, me, 3).len() == 2
        {
            if escape_fails(board, q) {
                out.bad.push(run);
            } else {
                out.good.push(run);
            }
        }
    }
    out
}

/// Whether the chain through `chain` (in atari) is captured even if its owner, to move,
/// runs at its liberty.
pub(crate) fn escape_fails(board: &Board, chain: u16) -> bool {
    let mut budget = MAX_POSITIONS;
    defender_caught(board, chain, 0, &mut budget)
}

/// Whether `attacker` playing at the empty cell `at`, which puts the chain through `chain`
/// (two liberties, one of them `at`) in atari, captures it by ladder. False when the move
/// is illegal on the board, in atari itself, or gives no atari.
pub(crate) fn atari_captures(board: &Board, chain: u16, at: u16, attacker: Color) -> bool {
    if !attacker_may_play(board, at, attacker) {
        return false;
    }
    let mut after = board.clone();
    after.place(at, attacker);
    let mut budget = MAX_POSITIONS;
    after.atari_liberty(chain).is_some() && defender_caught(&after, chain, 0, &mut budget)
}

/// With the defender to move and the chain through `chain` in atari on `board`: whether
/// it is lost. `budget` counts down the positions still to read. Each ply reads a copy of
/// the board, so a position is never undone.
fn defender_caught(board: &Board, chain: u16, plies: u32, budget: &mut u32) -> bool {
    let Some(defender) = board.stone_at(chain) else {
        return true;
    };
    let Some(run) = board.atari_liberty(chain) else {
        return false;
    };
    if plies >= MAX_PLIES || *budget == 0 || takes_an_attacker(board, chain, defender.other()) {
        return false;
    }
    *budget -= 1;
    if board.ko_cell() == Some(run) || board.liberties_after(run, defender, 1).is_empty() {
        return true;
    }
    let mut after = board.clone();
    after.place(run, defender);
    match after.chain_liberties(chain, 3).len() {
        0 | 1 => true,
        2 => attacker_catches(&after, chain, defender.other(), plies + 1, budget),
        _ => false,
    }
}

/// With the attacker to move and the chain through `chain` at two liberties: whether an
/// atari at either liberty catches it.
fn attacker_catches(
    board: &Board,
    chain: u16,
    attacker: Color,
    plies: u32,
    budget: &mut u32,
) -> bool {
    let liberties = board.chain_liberties(chain, 2);
    for &at in liberties.as_slice() {
        if !attacker_may_play(board, at, attacker) {
            continue;
        }
        let mut after = board.clone();
        after.place(at, attacker);
        if defender_caught(&after, chain, plies + 1, budget) {
            return true;
        }
    }
    false
}

/// Whether a chain of `attacker`'s beside the chain through `chain` is in atari: the
/// defender escapes by taking it (read as an escape, as most programs do).
fn takes_an_attacker(board: &Board, chain: u16, attacker: Color) -> bool {
    touching_chains(board, chain, attacker).any(|q| board.atari_liberty(q).is_some())
}

/// An attacker's move the ladder considers: legal (empty, not the ko cell) and not in
/// atari itself, where the defender would simply take it.
fn attacker_may_play(board: &Board, at: u16, attacker: Color) -> bool {
    board.is_empty_cell(at)
        && board.ko_cell() != Some(at)
        && board.liberties_after(at, attacker, 2).len() >= 2
}

/// Black (2,2) with White above, left and diagonally below right: two liberties, (3,2)
/// and (2,3), and an atari at (2,3) starts a ladder toward the top edge. With `atari`
/// White holds (2,3) already; with `breaker` Black (4,1) breaks the ladder.
#[cfg(test)]
pub(crate) fn ladder_rows(atari: bool, breaker: bool) -> [&'static str; 9] {
    let row1 = if breaker { "..O.X...." } else { "..O......" };
    let row3 = if atari { "..OO....." } else { "...O....." };
    let empty = ".........";
    [
        empty,
        row1,
        ".OX......",
        row3,
        empty,
        empty,
        empty,
        empty,
        empty,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use stonefield_rules::classic::{Point, diagram_stones};

    fn board(rows: &[&str]) -> Board {
        let (size, stones) = diagram_stones(rows).expect("a diagram");
        let mut b = Board::new(size);
        for s in stones {
            b.place(b.cell(s.at).expect("on board"), s.color);
        }
        b
    }

    fn cell(b: &Board, x: u32, y: u32) -> u16 {
        b.cell(Point::new(x, y, b.size()).expect("on board"))
            .expect("cell")
    }

    fn ladder_shape(atari: bool, breaker: bool) -> Board {
        board(&ladder_rows(atari, breaker))
    }

    #[test]
    fn a_stone_in_a_ladder_toward_the_edge_is_caught() {
        let b = ladder_shape(true, false);
        assert_eq!(b.atari_liberty(cell(&b, 2, 2)), Some(cell(&b, 3, 2)));
        assert!(escape_fails(&b, cell(&b, 2, 2)));
    }

    #[test]
    fn a_ladder_breaker_lets_the_stone_escape() {
        let b = ladder_shape(true, true);
        assert!(!escape_fails(&b, cell(&b, 2, 2)));
    }

    #[test]
    fn an_atari_that_starts_a_working_ladder_captures() {
        let b = ladder_shape(false, false);
        let stone = cell(&b, 2, 2);
        assert_eq!(b.chain_liberties(stone, 3).len(), 2);
        assert!(atari_captures(&b, stone, cell(&b, 2, 3), Color::White));
        let broken = ladder_shape(false, true);
        assert!(!atari_captures(
            &broken,
            stone,
            cell(&b, 2, 3),
            Color::White
        ));
    }

    #[test]
    fn a_chain_with_three_liberties_after_running_escapes() {
        // No stone below: running at (2,3) reaches three liberties.
        let b = board(&[
            ".........",
            "..O......",
            ".OXO.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert!(!escape_fails(&b, cell(&b, 2, 2)));
    }

    #[test]
    fn reading_ends_on_random_boards_and_never_calls_a_free_run_caught() {
        let mut rng = fastrand::Rng::with_seed(41);
        let mut read = 0;
        for _ in 0..40 {
            let mut b = Board::new(19);
            let mut color = Color::Black;
            for _ in 0..rng.usize(50..300) {
                stonefield_rules::classic::random_move(&mut b, color, &mut rng);
                color = color.other();
            }
            for i in b.empty_cells().to_vec() {
                for c in b.cell_neighbours(i) {
                    let Some(owner) = b.stone_at(c) else { continue };
                    if b.atari_liberty(c) == Some(i) && escape_fails(&b, c) {
                        read += 1;
                        assert!(b.liberties_after(i, owner, 3).len() < 3, "{i} in {b:?}");
                    }
                    ladder_moves(&b, &[c], owner.other());
                }
            }
        }
        assert!(read > 10, "random boards hold caught chains: {read}");
    }

    #[test]
    fn a_defender_that_can_take_an_attacker_in_atari_escapes() {
        // The ladder of `ladder_shape`, but White (1,2) is itself in atari at (1,3).
        let b = board(&[
            ".........",
            ".XO......",
            "XOX......",
            "..OO.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert_eq!(b.atari_liberty(cell(&b, 1, 2)), Some(cell(&b, 1, 3)));
        assert_eq!(b.atari_liberty(cell(&b, 2, 2)), Some(cell(&b, 3, 2)));
        assert!(!escape_fails(&b, cell(&b, 2, 2)));
    }
}
