//! Hand-made positions for the board's capture, merge, suicide and ko handling; random
//! playouts (in `playout.rs` and `count.rs`) cover the rest against recounts.

use super::{Board, Idx};
use crate::Color;
use crate::classic::Point;

/// A board from rows of `X` (black), `O` (white) and `.`, placed without captures.
fn board(rows: &[&str]) -> Board {
    let b = Board::from_diagram(rows).expect("a diagram without captures");
    b.assert_consistent();
    b
}

fn idx(b: &Board, x: usize, y: usize) -> Idx {
    let p = Point::new(x as u32, y as u32, b.size()).expect("on the board");
    b.idx(p).expect("on the board")
}

fn sorted(b: &Board) -> Vec<Idx> {
    let mut v = b.captured().to_vec();
    v.sort_unstable();
    v
}

#[test]
fn a_move_captures_every_chain_it_takes_the_last_liberty_of() {
    // The white corner chain touches (1,1) twice, the white stone right of it once.
    let mut b = board(&[
        "OOX..", //
        "O.OX.", //
        "X.X..", //
        ".....", //
        ".....",
    ]);
    b.play(idx(&b, 1, 1), Color::Black);
    b.assert_consistent();
    let mut want = vec![idx(&b, 0, 0), idx(&b, 1, 0), idx(&b, 0, 1), idx(&b, 2, 1)];
    want.sort_unstable();
    assert_eq!(sorted(&b), want);
    assert_eq!(b.stone_count(Color::White), 0);
    assert_eq!(b.ko(), None);
    assert_eq!(b.liberties(Point::new(1, 1, 5).expect("p")), 4);
}

#[test]
fn joining_three_chains_keeps_one_chain_with_their_liberties() {
    let mut b = board(&[
        ".....", //
        "..X..", //
        ".X.X.", //
        ".....", //
        ".....",
    ]);
    b.play(idx(&b, 2, 2), Color::Black);
    b.assert_consistent();
    assert_eq!(b.chain_of(idx(&b, 2, 2)).len(), 4);
    assert_eq!(b.liberties(Point::new(2, 2, 5).expect("p")), 8);
}

#[test]
fn suicide_removes_the_whole_own_chain() {
    let mut b = board(&[
        "X.O..", //
        "OOO..", //
        ".....", //
        ".....", //
        ".....",
    ]);
    b.play(idx(&b, 1, 0), Color::Black);
    b.assert_consistent();
    let mut want = vec![idx(&b, 0, 0), idx(&b, 1, 0)];
    want.sort_unstable();
    assert_eq!(sorted(&b), want);
    assert_eq!(b.stone_count(Color::Black), 0);
    assert!(b.is_empty_at(idx(&b, 0, 0)) && b.is_empty_at(idx(&b, 1, 0)));
}

#[test]
fn a_single_stone_recapture_point_is_the_ko_until_the_next_move() {
    let mut b = board(&[
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
        ".....",
    ]);
    b.play(idx(&b, 2, 1), Color::Black);
    assert_eq!(b.captured(), [idx(&b, 1, 1)]);
    assert_eq!(b.ko(), Some(idx(&b, 1, 1)));
    assert!(!b.playout_may_play(idx(&b, 1, 1), Color::White));
    b.play(idx(&b, 4, 4), Color::White);
    assert_eq!(b.ko(), None);
    assert!(b.playout_may_play(idx(&b, 1, 1), Color::White));
    b.assert_consistent();
}

#[test]
fn capturing_two_single_stones_sets_no_ko() {
    let mut b = board(&[
        "XO...", //
        ".O...", //
        "XO...", //
        "O....", //
        ".....",
    ]);
    b.play(idx(&b, 0, 1), Color::White);
    let mut want = vec![idx(&b, 0, 0), idx(&b, 0, 2)];
    want.sort_unstable();
    assert_eq!(sorted(&b), want);
    assert_eq!(b.ko(), None);
    b.assert_consistent();
}
