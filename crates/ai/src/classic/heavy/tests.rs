use super::*;
use crate::classic::chains::touching_chains;
use crate::classic::tactics::{
    eye_fill_alternative, is_nakade_fill, runs_into_ladder, self_atari_alternative,
};
use crate::search::{ROOT, SearchConfig};
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

/// The playout's urgent moves for `me` around the cell at (x, y), with ladders read or
/// not and careful captures or not.
fn urgent(b: &Board, (x, y): (u32, u32), me: Color, flags: (bool, bool)) -> Vec<u16> {
    let mut out = Vec::new();
    atari_moves(b, &[cell(b, x, y)], me, flags, &mut out);
    out
}

#[test]
fn a_run_to_two_liberties_is_an_escape_only_when_its_ladder_fails() {
    let caught = board(&super::super::ladder::ladder_rows(true, false));
    let broken = board(&super::super::ladder::ladder_rows(true, true));
    let run = cell(&caught, 3, 2);
    // Unread, two liberties after running never count.
    assert!(urgent(&broken, (2, 2), Color::Black, (false, false)).is_empty());
    assert!(urgent(&caught, (2, 2), Color::Black, (true, false)).is_empty());
    assert_eq!(
        urgent(&broken, (2, 2), Color::Black, (true, false)),
        vec![run]
    );
    // White captures all the same.
    assert_eq!(
        urgent(&caught, (2, 2), Color::White, (true, true)),
        vec![run]
    );
}

#[test]
fn careful_captures_skip_a_snapback() {
    // White's stone at (3,1) is in atari at (3,0), and so is Black's chain around it:
    // Black taking at (3,0) is retaken at (3,1) with eight stones.
    let b = board(&[
        ".OX.XO.", //
        ".OXOXO.", //
        ".OXXXO.", //
        ".OOOOO.", //
        ".......", //
        ".......", //
        ".......",
    ]);
    let take = cell(&b, 3, 0);
    assert_eq!(urgent(&b, (3, 1), Color::Black, (false, false)), vec![take]);
    assert!(urgent(&b, (3, 1), Color::Black, (false, true)).is_empty());
    // Black's chain in atari beside it does not take by the other door either.
    assert!(urgent(&b, (2, 1), Color::Black, (false, true)).is_empty());
    // A capture whose point has an empty neighbour is no snapback.
    let plain = board(&[
        ".XO..", //
        "..X..", //
        ".....", //
        ".....", //
        ".....",
    ]);
    let take = cell(&plain, 3, 0);
    assert_eq!(
        urgent(&plain, (2, 0), Color::Black, (false, true)),
        vec![take]
    );
}

#[test]
fn careful_captures_do_not_run_a_lone_stone_into_its_own_eye() {
    // Black (2,0) is in atari at (1,0), a point only Black's stones surround: running
    // there fills Black's own eye. Unread, the run has three liberties and counts.
    let b = board(&[
        "X.XO.", //
        "XXO..", //
        ".X...", //
        ".....", //
        ".....",
    ]);
    let run = cell(&b, 1, 0);
    assert_eq!(b.atari_liberty(cell(&b, 2, 0)), Some(run));
    assert_eq!(urgent(&b, (2, 0), Color::Black, (false, false)), vec![run]);
    assert!(urgent(&b, (2, 0), Color::Black, (false, true)).is_empty());
}

#[test]
fn a_rejected_self_atari_turns_into_the_approach_beside_it() {
    // Black at (2,0) would have one liberty; White (1,0) and (3,0) have two each, and
    // their other liberties (0,0) and (4,0) approach them from outside.
    let b = board(&[
        ".O.O.", //
        "XX.XX", //
        ".....", //
        ".....", //
        ".....",
    ]);
    let at = cell(&b, 2, 0);
    assert!(b.is_self_atari(at, Color::Black));
    let approaches = [cell(&b, 0, 0), cell(&b, 4, 0)];
    let mut rng = fastrand::Rng::with_seed(3);
    let mut seen = Vec::new();
    for _ in 0..32 {
        let j = self_atari_alternative(&b, at, Color::Black, &mut rng).expect("an approach");
        assert!(approaches.contains(&j));
        if !seen.contains(&j) {
            seen.push(j);
        }
    }
    assert_eq!(seen.len(), 2, "both approaches are drawn");
    // Nothing beside an empty area.
    let open = board(&[".....", ".....", ".....", ".....", "....."]);
    assert_eq!(
        self_atari_alternative(&open, cell(&open, 2, 2), Color::Black, &mut rng),
        None
    );
}

#[test]
fn a_ko_is_retaken_after_one_threat_and_its_answer() {
    // White takes the ko by playing (1,1); Black is banned from (2,1).
    let mut b = board(&[
        ".XO....", //
        "X.XO...", //
        ".XO....", //
        ".......", //
        ".......", //
        ".......", //
        ".......",
    ]);
    b.place(cell(&b, 1, 1), Color::White);
    let ko = cell(&b, 2, 1);
    assert_eq!(b.ko_cell(), Some(ko));
    let taken = Some((ko, Color::Black, 0));
    assert_eq!(ko_to_retake(&b, taken, Color::Black, 1), None, "banned");
    b.place(cell(&b, 6, 6), Color::Black); // the threat
    assert_eq!(
        ko_to_retake(&b, taken, Color::White, 2),
        None,
        "not White's ko"
    );
    let answer = cell(&b, 6, 5);
    b.place(answer, Color::White);
    assert_eq!(ko_to_retake(&b, taken, Color::Black, 3), Some(ko));
    assert_eq!(ko_to_retake(&b, taken, Color::Black, 5), None, "too old");
    let mut filled = b.clone();
    filled.place(ko, Color::White);
    assert_eq!(
        ko_to_retake(&filled, taken, Color::Black, 3),
        None,
        "filled"
    );
    // A playout that always retakes does so at once.
    let config = HeavyConfig {
        ko_retake: 1.0,
        ..HeavyConfig::default()
    };
    let mut rng = fastrand::Rng::with_seed(1);
    let played = choose(
        &mut b,
        Color::Black,
        (Some(answer), None, Some(ko)),
        &config,
        patterns::table(),
        &mut rng,
        &Trace::default(),
        &mut Vec::new(),
    );
    assert_eq!(played, Some(ko));
}

#[test]
fn a_small_self_atari_that_ataris_from_inside_an_eye_is_a_nakade_fill() {
    // White's eye space on the top edge is (1,0) (2,0) (3,0); Black holds its vital point
    // and White's outside. Black at (1,0) gives up two stones but puts White in atari.
    let b = board(&[
        "O.X.OX", //
        "OOOOOX", //
        "XXXXXX", //
        "......", //
        "......", //
        "......",
    ]);
    let fill = cell(&b, 1, 0);
    assert!(b.is_self_atari(fill, Color::Black));
    assert!(is_nakade_fill(&b, fill, Color::Black));
    // White filling its own eye puts nothing of Black's in atari.
    assert!(!is_nakade_fill(&b, fill, Color::White));
    // In a space of five, Black's chain would be four stones: not let through.
    let wide = board(&[
        "O.XXX.OX", //
        "OOOOOOOX", //
        "XXXXXXXX", //
        "........", //
        "........", //
        "........", //
        "........", //
        "........",
    ]);
    let fill = cell(&wide, 1, 0);
    assert!(wide.is_self_atari(fill, Color::Black));
    assert!(!is_nakade_fill(&wide, fill, Color::Black));
}

#[test]
fn a_weighted_pattern_move_is_a_matching_shape_and_never_a_run_into_a_ladder() {
    let caught = board(&super::super::ladder::ladder_rows(true, false));
    let broken = board(&super::super::ladder::ladder_rows(true, true));
    let run = cell(&caught, 3, 2);
    assert!(runs_into_ladder(&caught, run, Color::Black));
    assert!(!runs_into_ladder(&broken, run, Color::Black));
    assert!(!runs_into_ladder(
        &caught,
        cell(&caught, 5, 5),
        Color::Black
    ));
    // The hane under a contact matches; an empty corner point does not.
    let b = board(&[".....", ".XOX.", ".....", ".....", "....."]);
    let table = patterns::table();
    let (hane, corner) = (cell(&b, 2, 2), cell(&b, 4, 4));
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..20 {
        let picked = pick_weighted_pattern(&b, Color::White, &[corner, hane], table, &mut rng);
        assert_eq!(picked, Some(hane));
    }
    assert_eq!(
        pick_weighted_pattern(&b, Color::White, &[corner], table, &mut rng),
        None
    );
}

#[test]
fn the_holder_of_a_rave_key_is_the_stone_on_its_point() {
    let b = board(&[
        "XO...", //
        ".X...", //
        "..O..", //
        ".....", //
        ".....",
    ]);
    for p in b.points() {
        assert_eq!(holder(&b, point_key(p)), b.get(p), "{p:?}");
    }
    // A key off this board (x = 6 on 5x5) has no holder.
    assert_eq!(holder(&b, 6), None);
}

#[test]
fn with_criticality_on_the_busy_moves_gather_who_holds_their_points() {
    let rules = Rules::preset("chinese", 7).expect("preset");
    let mut game = ClassicGame::new(rules).expect("rules");
    for (x, y) in [(3, 3), (2, 4), (4, 2)] {
        game.play(&Point::new(x, y, 7).expect("on board"))
            .expect("legal");
    }
    let config = |criticality| SearchConfig {
        playouts: Some(2_000),
        criticality,
        criticality_visits: 100,
        ..super::super::search_config()
    };
    let mut on = super::super::new_search(game.clone(), config(1.1));
    on.run();
    let tree = on.trees().next().expect("a tree");
    let busy: Vec<_> = tree
        .children(ROOT)
        .filter(|&c| tree.visits(c) >= 100)
        .collect();
    assert!(!busy.is_empty());
    for c in busy {
        let crit = tree.criticality(c).expect("gathered");
        assert!((-1.0..=1.0).contains(&crit), "{crit}");
    }
    let mut off = super::super::new_search(game, config(0.0));
    off.run();
    let tree = off.trees().next().expect("a tree");
    assert!(tree.children(ROOT).all(|c| tree.criticality(c).is_none()));
}

/// Asserts that `find` gives Black exactly the points `want` (in any order) on the board
/// of `rows` after White's move at `last`.
fn assert_finds(find: MoveFinder, rows: &[&str], last: (u32, u32), want: &[(u32, u32)]) {
    let b = board(rows);
    let mut out = Vec::new();
    find(&b, cell(&b, last.0, last.1), Color::Black, &mut out);
    out.sort_unstable();
    let mut want: Vec<u16> = want.iter().map(|&(x, y)| cell(&b, x, y)).collect();
    want.sort_unstable();
    assert_eq!(out, want, "{rows:?}");
}

#[test]
fn a_chain_left_with_three_liberties_ataris_a_two_liberty_neighbour() {
    // White's (1,1) took a liberty of Black's edge chain, now at three: (1,2) (1,3)
    // (0,4). White's two stones beside it have two, (2,1) and (1,2).
    let short = [
        "XOX..", //
        "XO...", //
        "X....", //
        "X....", //
        ".....",
    ];
    assert_finds(race_ataris, &short, (1, 1), &[(2, 1), (1, 2)]);
    // With five liberties Black's chain is in no race yet.
    let long = [
        "XOX....", //
        "XO.....", //
        "X......", //
        "X......", //
        "X......", //
        "X......", //
        ".......",
    ];
    assert_finds(race_ataris, &long, (1, 1), &[]);
}

#[test]
fn an_eye_about_to_be_made_false_is_fixed() {
    // White just played (4,0) beside its stone (3,0), which stands between Black's (2,1)
    // and the edge. White at (2,0) next would take the last sound diagonal of Black's eye
    // at (1,1), whose other diagonal (2,2) White holds: Black fills (2,0) first.
    let threatened = [
        "XX.OOO", //
        "X.XXO.", //
        "XXOO..", //
        "......", //
        "......", //
        "......",
    ];
    assert_finds(eye_fixes, &threatened, (4, 0), &[(2, 0)]);
    // With (2,2) Black's, one more White diagonal cannot make the eye false.
    let sound = [
        "XX.OOO", //
        "X.XXO.", //
        "XXXX..", //
        "......", //
        "......", //
        "......",
    ];
    assert_finds(eye_fixes, &sound, (4, 0), &[]);
    // A White stone in atari on the eye's diagonal is captured instead.
    let atari = [
        "XX.OOO", //
        "X.XXO.", //
        "XXOX..", //
        "XX.X..", //
        "......", //
        "......",
    ];
    assert_finds(eye_fixes, &atari, (4, 0), &[(2, 3)]);
}

#[test]
fn filling_an_own_eye_turns_into_an_atari_on_the_stone_diagonal_to_it() {
    let b = board(&[
        "......", //
        "..X...", //
        ".X.X..", //
        "..XO..", //
        "......", //
        "......",
    ]);
    let eye = cell(&b, 2, 2);
    let alternative = eye_fill_alternative(&b, eye, Color::Black);
    assert!(
        [Some(cell(&b, 4, 3)), Some(cell(&b, 3, 4))].contains(&alternative),
        "{alternative:?}"
    );
    // Not for a point that is no eye of Black's.
    assert_eq!(eye_fill_alternative(&b, cell(&b, 4, 4), Color::Black), None);
    // Not when filling the eye saves the stone above it, in atari.
    let saving = board(&[
        "..O...", //
        ".OXO..", //
        ".X.X..", //
        "..XO..", //
        "......", //
        "......",
    ]);
    assert_eq!(eye_fill_alternative(&saving, eye, Color::Black), None);
}

#[test]
fn the_chains_touching_a_chain_come_once_each() {
    // Black's three stones touch White's two above at two stones, and two more White
    // chains beside and below.
    let b = board(&[
        ".OO....", //
        ".XXXO..", //
        "..O....", //
        ".......", //
        ".......", //
        ".......", //
        ".......",
    ]);
    let black = cell(&b, 2, 1);
    let found: Vec<u16> = touching_chains(&b, black, Color::White)
        .map(|q| b.chain_id(q))
        .collect();
    let mut want: Vec<u16> = [(1, 0), (4, 1), (2, 2)]
        .iter()
        .map(|&(x, y)| b.chain_id(cell(&b, x, y)))
        .collect();
    let mut sorted = found.clone();
    sorted.sort_unstable();
    want.sort_unstable();
    assert_eq!(sorted, want, "{found:?}");
    assert_eq!(touching_chains(&b, black, Color::Black).count(), 0);
    let lone = cell(&b, 4, 1);
    let from_white: Vec<u16> = touching_chains(&b, lone, Color::Black).collect();
    assert_eq!(from_white.len(), 1);
    assert_eq!(b.chain_id(from_white[0]), b.chain_id(black));
}
