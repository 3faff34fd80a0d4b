use super::*;
use stonefield_rules::classic::{Rules, diagram_stones};

/// The board of a diagram (`X` Black, `O` White, `.` empty; row 0 at the top).
fn board(rows: &[&str]) -> Board {
    let (size, stones) = diagram_stones(rows).expect("a diagram");
    let rules = Rules::preset("chinese", size).expect("preset");
    let game = ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
    game.board().clone()
}

fn cell(b: &Board, x: u32, y: u32) -> u16 {
    b.cell(Point::new(x, y, b.size()).expect("on board"))
        .expect("a cell")
}

#[test]
fn the_vital_points_of_a_straight_three_and_a_pyramid_four() {
    // White's eye space on the top edge: (1,0) (2,0) (3,0), closed by White.
    let b = board(&[
        "O...O..", //
        "OOOOO..", //
        ".......", //
        ".......", //
        ".......", //
        ".......", //
        ".......",
    ]);
    assert_eq!(nakade_point(&b, cell(&b, 0, 0)), Some(cell(&b, 2, 0)));
    // Beside (2,1): the top row and its ends are seven points, too many; the pyramid
    // (2,2) (1,3) (2,3) (3,3) has its vital point in the middle of its base.
    let pyramid = board(&[
        ".....", //
        ".XXX.", //
        "XX.XX", //
        "X...X", //
        "XXXXX",
    ]);
    assert_eq!(
        nakade_point(&pyramid, cell(&pyramid, 2, 1)),
        Some(cell(&pyramid, 2, 3))
    );
}

#[test]
fn no_vital_point_in_one_point_a_straight_four_an_open_or_a_shared_space() {
    let one = board(&[
        "X.X", //
        "XXX", //
        "X.X",
    ]);
    assert_eq!(nakade_point(&one, cell(&one, 1, 1)), None);
    let four = board(&[
        "......", //
        "XXXXXX", //
        "X....X", //
        "XXXXXX", //
        "......", //
        "......",
    ]);
    assert_eq!(nakade_point(&four, cell(&four, 1, 1)), None);
    let open = board(&["........."; 9]);
    assert_eq!(nakade_point(&open, cell(&open, 4, 4)), None);
    let shared = board(&[
        "X...O", //
        "XXXOO", //
        ".....", //
        ".....", //
        ".....",
    ]);
    assert_eq!(nakade_point(&shared, cell(&shared, 0, 0)), None);
}

#[test]
fn two_liberty_moves_atari_what_cannot_run_and_extend_own_chains() {
    // White (3,3) has the liberties (4,3) and (3,4); Black's chains beside it have
    // three or more.
    let free = board(&[
        ".......", //
        ".......", //
        "...X...", //
        "..XO...", //
        "..X....", //
        ".......", //
        ".......",
    ]);
    let mut out = Vec::new();
    two_liberty_moves(&free, cell(&free, 3, 3), Color::Black, &mut out);
    assert!(out.is_empty(), "White runs from either atari: {out:?}");
    // With Black at (4,4) too, running from an atari at (4,3) to (3,4) leaves White
    // one liberty, (3,5); running from (3,4) to (4,3) leaves two.
    let net = board(&[
        ".......", //
        ".......", //
        "...X...", //
        "..XO...", //
        "..X.X..", //
        ".......", //
        ".......",
    ]);
    let mut out = Vec::new();
    two_liberty_moves(&net, cell(&net, 3, 3), Color::Black, &mut out);
    assert_eq!(out, vec![cell(&net, 4, 3)]);
    // White extends at (4,3) to three liberties; at (3,4) it would have two.
    let mut out = Vec::new();
    two_liberty_moves(&net, cell(&net, 3, 3), Color::White, &mut out);
    assert_eq!(out, vec![cell(&net, 4, 3)]);
}

#[test]
fn cell_keys_go_both_ways() {
    let b = board(&["......."; 7]);
    for &i in b.empty_cells() {
        assert_eq!(cell_of_key(&b, key_of(&b, i)), Some(i));
    }
    assert_eq!(cell_of_key(&b, u64::from(MAX_SIZE) * 7), None);
}

#[test]
fn a_playout_plays_the_last_good_reply() {
    // White's last move was (3,3); Black's learnt reply to it is (5,1).
    let b = board(&["......."; 7]);
    let (last, reply) = (cell(&b, 3, 3), cell(&b, 5, 1));
    let mut board = b.clone();
    board.place(last, Color::White);
    let mut trace = Trace::new_enabled();
    let taught = [(Color::White, last), (Color::Black, reply)];
    trace.learn_replies(taught.iter().map(|&(c, i)| Some((c, key_of(&b, i)))), 1.0);
    trace.reset(true);
    let config = HeavyConfig {
        replies: 1.0,
        ..HeavyConfig::default()
    };
    let point = b.cell_point(last);
    let mut rng = fastrand::Rng::with_seed(5);
    run(
        &mut board,
        Color::Black,
        Some(point),
        &config,
        &mut rng,
        &mut trace,
    );
    assert_eq!(trace.moves()[0], (Color::Black, key_of(&b, reply)));
}
