//! The rules of Topological Go (`rules/topological.md`), one position per rule: placing the
//! two kinds of stone, enclosures, the end and the count, refused moves and setups.

use stonefield_rules::topological::{Point, SetupError, TopoGame, TopoMove, TopoRules, TopoSetup};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone, WinBy};

/// A position drawn as rows of `W`, `B` and `.`, on a square board of that side.
fn setup(rows: &[&str], to_move: Color) -> TopoSetup {
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows.len(), "row {y} of a square diagram");
        for (x, ch) in row.chars().enumerate() {
            let color = match ch {
                'W' => Color::White,
                'B' => Color::Black,
                _ => continue,
            };
            let at = Point::new(x as u32, y as u32, rows.len() as u8).expect("on the board");
            stones.push(Stone { at, color });
        }
    }
    TopoSetup::new(stones, to_move)
}

fn game(rows: &[&str], to_move: Color) -> TopoGame {
    let rules = TopoRules::new(rows.len() as u32, 5).expect("rules");
    TopoGame::from_setup(rules, &setup(rows, to_move)).expect("valid setup")
}

/// The same, with every reserve stone already used unless `reserve_left` says otherwise.
fn counted(rows: &[&str], reserve_left: ByColor<u32>) -> TopoGame {
    let rules = TopoRules::new(rows.len() as u32, 5).expect("rules");
    let s = setup(rows, Color::White).with_reserve_left(reserve_left);
    TopoGame::from_setup(rules, &s).expect("valid setup")
}

fn p(x: u32, y: u32) -> Point {
    Point::new(x, y, 25).expect("coordinates below 25")
}

fn normal(x: u32, y: u32) -> TopoMove {
    TopoMove::normal(p(x, y))
}

fn reserve(x: u32, y: u32) -> TopoMove {
    TopoMove::reserve(p(x, y))
}

fn end_by_passes(g: &mut TopoGame) -> Outcome {
    g.pass().expect("first pass");
    assert!(!g.is_over(), "one pass does not end the game");
    g.pass().expect("second pass");
    g.outcome().expect("two passes end the game")
}

#[test]
fn the_game_starts_from_opposite_corners_with_white_to_move() {
    let g = TopoGame::new(TopoRules::default());
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.stone_at(p(0, 0)), Some(Color::White));
    assert_eq!(g.stone_at(p(9, 9)), Some(Color::White));
    assert_eq!(g.stone_at(p(9, 0)), Some(Color::Black));
    assert_eq!(g.stone_at(p(0, 9)), Some(Color::Black));
    assert_eq!(g.stones().len(), 4);
    for c in Color::ALL {
        // floor(100 / 2) = 50 stones each, two of them already on the corners.
        assert_eq!(g.stones_left(c), 48);
        assert_eq!(g.reserve_left(c), 5);
        assert_eq!(g.normal_left(c), 43);
    }
    assert_eq!(
        g.score(),
        ByColor {
            black: 2.0,
            white: 1.0
        }
    );
    // Two normal stones per corner plus every empty point touching no own stone.
    assert_eq!(g.legal_moves().len(), 2 + 2 + (96 - 4));
}

#[test]
fn a_normal_stone_must_touch_an_own_stone_orthogonally() {
    let mut g = game(
        &[
            "W.....B", //
            ".......", //
            "..B....", //
            ".......", //
            ".......", //
            ".......", //
            "B.....W", //
        ],
        Color::White,
    );
    // Diagonal to the corner, next to the opponent only, or far away: not connected.
    for (x, y) in [(1, 1), (3, 2), (4, 4)] {
        assert_eq!(g.play(&normal(x, y)), Err(IllegalMove::NotConnected));
    }
    assert_eq!(g.stones().len(), 5, "a refused move changes nothing");
    assert_eq!(g.to_move(), Color::White);
    g.play(&normal(1, 0)).expect("touches the corner");
    assert_eq!(g.longest_tree_length(Color::White), 2);
    // Black may grow the stone at (2, 2) and the corners.
    g.play(&normal(2, 3)).expect("touches Black's stone");
    assert_eq!(g.normal_left(Color::Black), 24 - 5 - 3 - 1);
}

#[test]
fn a_reserve_stone_must_not_touch_an_own_stone() {
    let mut g = game(
        &[
            "W.....B", //
            ".......", //
            "..B....", //
            ".......", //
            ".......", //
            ".......", //
            "B.....W", //
        ],
        Color::Black,
    );
    assert_eq!(g.play(&reserve(2, 1)), Err(IllegalMove::ReserveTouches));
    assert_eq!(g.play(&reserve(6, 1)), Err(IllegalMove::ReserveTouches));
    assert_eq!(g.reserve_left(Color::Black), 5);
    // Touching the opponent's corner and diagonal to its own stone are both fine.
    g.play(&reserve(3, 3)).expect("diagonal to (2, 2) only");
    assert_eq!(g.reserve_left(Color::Black), 4);
    g.play(&normal(1, 0)).expect("White grows");
    g.play(&reserve(2, 0))
        .expect("next to White's stone, no Black neighbour");
    let lengths: Vec<u32> = g.trees(Color::Black).iter().map(|t| t.length()).collect();
    assert_eq!(lengths, vec![1; 5], "reserve stones start new trees");
}

#[test]
fn a_line_between_adjacent_sides_closes_the_corner_to_both_players() {
    let rows = [
        "W..W...B", //
        ".B.W....", //
        "...W....", //
        "WWW.....", //
        "........", //
        "........", //
        "........", //
        "B......W", //
    ];
    let before = game(&rows, Color::Black);
    before
        .check(&normal(1, 2))
        .expect("open before the line is closed");
    let mut g = game(&rows, Color::White);
    assert!(g.closed_points().is_empty());
    // (3, 3) joins the two arms: the corner region now touches only the top and the left.
    g.play(&normal(3, 3)).expect("White closes the line");
    let inside = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)];
    let closed: Vec<Point> = inside.iter().map(|&(x, y)| p(x, y)).collect();
    let mut sorted = closed.clone();
    sorted.sort();
    assert_eq!(g.closed_points(), sorted);
    assert!(
        g.enclosed_by(Color::White).contains(&p(1, 1)),
        "Black's stone is inside"
    );
    assert!(g.enclosed_by(Color::Black).is_empty());
    // Black's stone inside stays but cannot grow, nor can a reserve stone go inside.
    assert_eq!(g.stone_at(p(1, 1)), Some(Color::Black));
    assert_eq!(g.play(&normal(1, 2)), Err(IllegalMove::Enclosed));
    assert_eq!(g.play(&reserve(2, 0)), Err(IllegalMove::Enclosed));
    g.play(&normal(6, 0)).expect("outside is open");
    // Nor can White, who made the enclosure.
    assert_eq!(g.play(&normal(2, 2)), Err(IllegalMove::Enclosed));
    assert!(g.legal_moves().iter().all(|m| !closed.contains(&m.at)));
}

#[test]
fn a_line_from_a_corner_to_the_far_side_along_an_edge_cuts_off_a_strip() {
    // Black's line runs from its top-right corner down the right side, then along row 2
    // to the left side. The strip above touches only the top and the left side, since the
    // right-hand points of rows 0 and 1 are Black's: it is enclosed, White's corner with it.
    let rows = [
        "W......B", //
        ".......B", //
        ".BBBBBBB", //
        "........", //
        "........", //
        "........", //
        "........", //
        "B......W", //
    ];
    let mut g = game(&rows, Color::Black);
    assert!(g.closed_points().is_empty());
    g.play(&normal(0, 2)).expect("Black reaches the left side");
    assert_eq!(g.closed_points().len(), 13);
    assert!(g.enclosed_by(Color::Black).contains(&p(0, 0)));
    assert_eq!(g.play(&normal(1, 0)), Err(IllegalMove::Enclosed));
    g.play(&normal(6, 7)).expect("White's other corner grows");
    // The part below the line touches three sides, two of them opposite: open.
    assert!(!g.is_closed(p(3, 3)));
}

#[test]
fn a_loop_closes_its_inside_and_the_stones_there_stay() {
    let rows = [
        "W........B", //
        "..........", //
        "..........", //
        "...BBBB...", //
        "...B..B...", //
        "...B.W..B.", //
        "...BBBB...", //
        "..........", //
        "..........", //
        "B........W", //
    ];
    let mut g = game(&rows, Color::Black);
    assert!(g.closed_points().is_empty(), "the loop has a gap at (6, 5)");
    g.play(&normal(6, 5)).expect("Black closes the loop");
    assert_eq!(g.closed_points(), vec![p(4, 4), p(5, 4), p(4, 5)]);
    assert_eq!(g.stone_at(p(5, 5)), Some(Color::White));
    assert!(g.enclosed_by(Color::Black).contains(&p(5, 5)));
    assert_eq!(g.play(&normal(5, 4)), Err(IllegalMove::Enclosed));
    assert_eq!(g.play(&reserve(4, 4)), Err(IllegalMove::Enclosed));
    assert_eq!(g.longest_tree_length(Color::Black), 12);
    let longest = g.longest_tree(Color::Black).expect("Black has stones");
    assert!(longest.contains(p(6, 5)) && !longest.contains(p(8, 5)));
}

#[test]
fn a_line_from_side_to_opposite_side_closes_nothing() {
    let mut g = game(
        &[
            "W..B...B", //
            "...B....", //
            "...B....", //
            "...B....", //
            "...B....", //
            "...B....", //
            "........", //
            "B......W", //
        ],
        Color::Black,
    );
    g.play(&normal(3, 6)).expect("Black extends");
    g.play(&normal(1, 0)).expect("White grows");
    g.play(&normal(3, 7)).expect("Black reaches the bottom");
    assert!(g.enclosed_by(Color::Black).is_empty());
    assert!(g.closed_points().is_empty());
    g.play(&normal(2, 0)).expect("White's side is still open");
    assert_eq!(g.longest_tree_length(Color::Black), 8);
}

#[test]
fn the_longer_tree_wins_with_blacks_point() {
    // Each player has used five reserve stones: Black's three single stones and two of
    // its longest tree.
    let rows = [
        "WWWWW.", //
        "......", //
        "B.B.B.", //
        "......", //
        "......", //
        "BBBB..", //
    ];
    let none = ByColor { black: 0, white: 0 };
    // White 5, Black 4 + 1: equal counts are a draw.
    let mut g = counted(&rows, none);
    assert_eq!(
        g.score(),
        ByColor {
            black: 5.0,
            white: 5.0
        }
    );
    assert_eq!(end_by_passes(&mut g), Outcome::Draw);
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("Draw".into()));
    assert_eq!(g.play(&normal(4, 5)), Err(IllegalMove::GameOver));
    assert_eq!(g.pass(), Err(IllegalMove::GameOver));
    // One more Black stone: B+1.
    let mut g = counted(&rows, none);
    g.pass().expect("White passes");
    g.play(&normal(4, 5)).expect("Black grows");
    assert_eq!(
        g.consecutive_passes(),
        0,
        "a stone breaks the run of passes"
    );
    assert_eq!(end_by_passes(&mut g).to_string(), "B+1");
    // White grows twice more: 7 against 5.
    let mut g = counted(&rows, none);
    g.play(&normal(5, 0)).expect("White grows");
    g.pass().expect("Black passes");
    g.play(&normal(5, 1)).expect("White grows");
    let o = end_by_passes(&mut g);
    assert_eq!(o.winner(), Some(Color::White));
    assert_eq!(o.to_string(), "W+2");
}

#[test]
fn a_player_with_a_reserve_stone_unplaced_loses_whatever_the_trees() {
    let rows = [
        "W....B", //
        "W....B", //
        "W....B", //
        "W....B", //
        "W....B", //
        ".....B", //
    ];
    // Black's tree is longer, but Black kept one reserve stone.
    let mut g = counted(&rows, ByColor { black: 1, white: 0 });
    assert_eq!(
        g.score(),
        ByColor {
            black: 7.0,
            white: 5.0
        }
    );
    let o = end_by_passes(&mut g);
    assert_eq!(
        o,
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Forfeit
        }
    );
    // White is the one who failed: Black wins the same way.
    let mut g = counted(&rows, ByColor { black: 0, white: 2 });
    assert_eq!(end_by_passes(&mut g).winner(), Some(Color::Black));
    // Both failed: the trees decide.
    let mut g = counted(&rows, ByColor { black: 1, white: 1 });
    assert_eq!(end_by_passes(&mut g).to_string(), "B+2");
}

#[test]
fn off_board_points_and_missing_stones_are_refused_with_their_reason() {
    let mut g = TopoGame::new(TopoRules::new(8, 1).expect("rules"));
    assert_eq!(g.play(&normal(8, 0)), Err(IllegalMove::Outside));
    assert_eq!(g.play(&reserve(3, 24)), Err(IllegalMove::Outside));
    assert_eq!(g.play(&normal(0, 0)), Err(IllegalMove::Occupied));
    g.play(&reserve(4, 4)).expect("White's only reserve stone");
    g.play(&reserve(3, 3)).expect("Black's only reserve stone");
    assert_eq!(g.play(&reserve(6, 2)), Err(IllegalMove::NoStonesLeft));
    assert_eq!(IllegalMove::NoStonesLeft.reason(), "no-stones-left");
    // Out of normal stones: 18 stones on 6x6 with 5 reserve leaves 13 normal ones.
    let full = [
        "WWWWWW", //
        "WWWWWW", //
        "W.....", //
        "......", //
        "......", //
        "B.....", //
    ];
    let mut g = game(&full, Color::White);
    assert_eq!(g.normal_left(Color::White), 0);
    assert_eq!(g.play(&normal(1, 2)), Err(IllegalMove::NoStonesLeft));
    g.play(&reserve(3, 4)).expect("reserve stones remain");
}

#[test]
fn resignation_ends_the_game_for_the_other_player() {
    let mut g = TopoGame::new(TopoRules::default());
    g.resign(Color::White).expect("resign");
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("B+R".into()));
    assert!(g.legal_moves().is_empty());
    assert!(!g.has_legal_move());
    assert_eq!(g.resign(Color::Black), Err(IllegalMove::GameOver));
    assert!(matches!(g.phase(), Phase::Finished(_)));
}

#[test]
fn a_player_without_a_legal_move_can_only_pass() {
    // White's corners are walled in by Black, and there are no reserve stones.
    let rows = [
        "WB....", //
        "BB....", //
        "......", //
        "......", //
        "....BB", //
        "....BW", //
    ];
    let rules = TopoRules::new(6, 0).expect("rules");
    let mut g = TopoGame::from_setup(rules, &setup(&rows, Color::White)).expect("setup");
    assert!(!g.has_legal_move());
    assert!(g.legal_moves().is_empty());
    g.pass().expect("White passes");
    assert!(g.has_legal_move());
}

#[test]
fn setups_are_checked() {
    let rules = TopoRules::new(6, 5).expect("rules");
    let stone = |x, y, color| Stone { at: p(x, y), color };
    let off = TopoSetup::new(vec![stone(6, 0, Color::Black)], Color::White);
    assert_eq!(
        TopoGame::from_setup(rules, &off).err(),
        Some(SetupError::OffBoard(p(6, 0)))
    );
    let twice = TopoSetup::new(
        vec![stone(1, 1, Color::Black), stone(1, 1, Color::White)],
        Color::White,
    );
    assert_eq!(
        TopoGame::from_setup(rules, &twice).err(),
        Some(SetupError::Duplicate(p(1, 1)))
    );
    let held =
        TopoSetup::new(Vec::new(), Color::White).with_reserve_left(ByColor { black: 6, white: 0 });
    assert!(matches!(
        TopoGame::from_setup(rules, &held),
        Err(SetupError::ReserveLeft {
            color: Color::Black,
            ..
        })
    ));
    // Two reserve stones used but only one White stone on the board.
    let short = TopoSetup::new(vec![stone(2, 2, Color::White)], Color::White)
        .with_reserve_left(ByColor { black: 5, white: 3 });
    assert!(matches!(
        TopoGame::from_setup(rules, &short),
        Err(SetupError::StoneCount {
            color: Color::White,
            ..
        })
    ));
    let too_many: Vec<Stone<Point>> = (0..14).map(|i| stone(i % 6, i / 6, Color::Black)).collect();
    assert!(matches!(
        TopoGame::from_setup(rules, &TopoSetup::new(too_many, Color::Black)),
        Err(SetupError::StoneCount {
            color: Color::Black,
            stones: 14,
            ..
        })
    ));
}

#[test]
fn hashes_follow_stones_turn_and_reserve_stones() {
    let a = TopoGame::new(TopoRules::default());
    let mut b = a.clone();
    assert_eq!(a.position_hash(), b.position_hash());
    b.pass().expect("pass");
    assert_ne!(a.position_hash(), b.position_hash(), "the turn is hashed");
    b.pass().expect("pass");
    let mut c = a.clone();
    c.play(&normal(1, 0)).expect("normal");
    let mut d = a.clone();
    d.play(&reserve(5, 5)).expect("reserve");
    assert_ne!(c.position_hash(), d.position_hash());
    // The same stones reached with a reserve stone instead of a normal one differ.
    let mut e = a.clone();
    e.play(&reserve(5, 5)).expect("reserve");
    e.play(&normal(8, 0)).expect("normal");
    let mut f = a.clone();
    f.play(&reserve(5, 5)).expect("reserve");
    f.play(&reserve(5, 3)).expect("reserve");
    assert_ne!(e.position_hash(), f.position_hash());
}
