//! Move features: shapes under symmetry, each tactical group, and gammas files.

use super::*;
use crate::classic::gammas::{Gammas, write};
use proptest::prelude::*;
use stonefield_rules::Stone;
use stonefield_rules::classic::{Rules, diagram_stones};

/// A Chinese-rules game from a diagram (`X` Black, `O` White), `to_move` to play.
fn game(rows: &[&str], to_move: Color) -> ClassicGame {
    let (size, stones) = diagram_stones(rows).expect("a diagram");
    let rules = Rules::preset("chinese", size).expect("preset");
    ClassicGame::from_setup(rules, &stones, to_move).expect("setup")
}

fn cell(g: &ClassicGame, x: u32, y: u32) -> u16 {
    let size = g.board().size();
    g.board()
        .cell(Point::new(x, y, size).expect("on board"))
        .expect("cell")
}

fn level(g: &ClassicGame, x: u32, y: u32, group: Group) -> u32 {
    let at = ALL_GROUPS.iter().position(|&x| x == group).expect("group");
    Position::of(g).features(cell(g, x, y))[at]
}

/// A random position of `size` after `moves` random legal moves from `seed`.
fn random_position(size: u8, moves: usize, seed: u64) -> ClassicGame {
    let rules = Rules::preset("chinese", size).expect("preset");
    let mut g = ClassicGame::new(rules).expect("rules");
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..moves {
        let legal: Vec<Point> = g
            .board()
            .points()
            .filter(|&p| g.board().get(p).is_none() && g.check(&p).is_ok())
            .collect();
        let Some(&p) = rng.choice(&legal) else {
            break;
        };
        g.play(&p).expect("legal");
    }
    g
}

/// `game`'s stones mapped by symmetry `t` (as `canonical_shape`'s), colours swapped
/// with `swap`, the same player to move.
fn transformed(game: &ClassicGame, t: u8, swap: bool) -> ClassicGame {
    let n = u32::from(game.board().size()) - 1;
    let map = |p: Point| {
        let (x, y) = (u32::from(p.x()), u32::from(p.y()));
        let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
        let x = if t & 1 != 0 { n - x } else { x };
        let y = if t & 2 != 0 { n - y } else { y };
        Point::new(x, y, game.board().size()).expect("on board")
    };
    let stones: Vec<Stone<Point>> = game
        .board()
        .points()
        .filter_map(|p| {
            let color = game.board().get(p)?;
            let color = if swap { color.other() } else { color };
            Some(Stone { at: map(p), color })
        })
        .collect();
    let me = if swap {
        game.to_move().other()
    } else {
        game.to_move()
    };
    ClassicGame::from_setup(*game.rules(), &stones, me).expect("setup")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A shape is one shape however the board is turned, and whichever colour moves:
    /// the canonical key of every empty point is that of its image.
    #[test]
    fn shapes_do_not_depend_on_symmetry_or_colour(seed in 0u64..10_000, moves in 0usize..60, t in 0u8..8, swap: bool) {
        let g = random_position(9, moves, seed);
        let image = transformed(&g, t, swap);
        let n = 8;
        for p in g.board().points().filter(|&p| g.board().get(p).is_none()) {
            let (x, y) = (u32::from(p.x()), u32::from(p.y()));
            let (ix, iy) = if t & 4 != 0 { (y, x) } else { (x, y) };
            let ix = if t & 1 != 0 { n - ix } else { ix };
            let iy = if t & 2 != 0 { n - iy } else { iy };
            let here = shape_key(g.board(), cell(&g, x, y), g.to_move());
            let there = shape_key(image.board(), cell(&image, ix, iy), image.to_move());
            prop_assert_eq!(canonical_shape(here), canonical_shape(there), "{:?}", p);
        }
    }
}

#[test]
fn canonical_shapes_are_fixed_points_and_the_smallest_of_their_images() {
    let symmetries = symmetries();
    for key in (0..SHAPE_KEYS).step_by(97) {
        let c = canonical_shape(key);
        assert_eq!(canonical_shape(c), c);
        assert!(symmetries.iter().all(|to| transform(key, to) >= c));
    }
}

#[test]
fn tactical_features_name_what_a_move_does() {
    let g = game(
        &[
            ".OX......", //
            "OX.......", //
            "XX.......", //
            ".........", //
            "....O....", //
            "...OXO...", //
            ".........", //
            "..XOX....", //
            ".........",
        ],
        Color::Black,
    );
    // (0, 0) takes the last liberty of White's (1, 0) and (0, 1): lone stones.
    assert_eq!(level(&g, 0, 0, Group::Capture), 1);
    // Black (4, 5) is in atari at (4, 6): extending there leaves three liberties.
    assert_eq!(level(&g, 4, 6, Group::Escape), 1);
    assert_eq!(level(&g, 3, 3, Group::Escape), 0);
    // (3, 8) puts White (3, 7) in atari.
    assert_eq!(level(&g, 3, 8, Group::Atari), 1);
    assert_eq!(level(&g, 6, 6, Group::Atari), 0);
    // On an open area of the first line, and the fourth line near stones.
    assert_eq!(level(&g, 8, 8, Group::Line), 6);
    assert_eq!(level(&g, 3, 4, Group::Line), 4);
}

#[test]
fn a_self_atari_is_told_from_a_safe_move() {
    let g = game(
        &[
            "X.X..", //
            ".....", //
            "..O..", //
            ".XX..", //
            "X..X.",
        ],
        Color::White,
    );
    // A lone White stone at (1, 0) keeps one liberty and captures nothing.
    assert_eq!(level(&g, 1, 0, Group::SelfAtari), 1);
    // White (3, 2) and (2, 1) join (2, 2) and keep liberties enough.
    assert_eq!(level(&g, 3, 2, Group::SelfAtari), 0);
    assert_eq!(level(&g, 2, 1, Group::SelfAtari), 0);
}

#[test]
fn distances_grow_away_from_the_last_move() {
    let mut g = game(&["........."; 9], Color::Black);
    g.play(&Point::new(4, 4, 9).expect("a point"))
        .expect("legal");
    g.play(&Point::new(2, 2, 9).expect("a point"))
        .expect("legal");
    // Last move (2, 2), the one before (4, 4).
    assert_eq!(level(&g, 3, 2, Group::LastDistance), 1);
    assert_eq!(level(&g, 3, 3, Group::LastDistance), 2);
    assert_eq!(level(&g, 8, 8, Group::LastDistance), 16);
    assert_eq!(level(&g, 4, 5, Group::PreviousDistance), 1);
}

#[test]
fn gammas_survive_their_text_and_bad_text_is_refused() {
    let mut levels: [Vec<f32>; GROUPS] =
        std::array::from_fn(|g| vec![1.0; ALL_GROUPS[g].max_level() as usize + 1]);
    levels[0] = Vec::new();
    levels[1][2] = 7.5;
    let shape = canonical_shape(0x1_2345);
    let spatial = [(0xfeed_u64, 2.0), (0x1_0000_0000_u64, 0.25)];
    let text = write("a test", &levels, &[(shape, 3.0)], 0.5, &spatial);
    let gammas = Gammas::parse(&text).expect("parses");
    let mut f = [0; GROUPS];
    f[0] = 0x1_2345;
    f[1] = 2;
    assert!((gammas.strength(&f) - 22.5).abs() < 1e-4);
    f[0] = 0;
    assert!((gammas.strength(&f) - 3.75).abs() < 1e-4, "a rare shape");
    let dictionary = gammas.spatial_dictionary();
    assert_eq!(dictionary.get(&0xfeed), Some(&1));
    assert_eq!(dictionary.get(&0x1_0000_0000), Some(&2));
    f[Group::Spatial.index()] = 2;
    assert!(
        (gammas.strength(&f) - 0.9375).abs() < 1e-4,
        "a spatial pattern"
    );
    for (bad, line) in [
        ("capture 9 1.0", 1),
        ("spatial 00000000000000ff 1.0\nspatial ff 2.0", 2),
        ("spatial xyz 1.0", 1),
        ("# ok\ncapture 1 -2", 2),
        ("colour 1 1.0", 1),
        ("shape zz 1.0", 1),
        ("capture 1", 1),
    ] {
        let e = Gammas::parse(bad).expect_err(bad);
        assert_eq!(e.line, line, "{bad}: {e}");
    }
}

#[test]
fn the_built_in_gammas_rate_a_large_capture_above_a_first_line_move() {
    let g = random_position(9, 0, 0);
    let gammas = Gammas::builtin();
    let p = Position::of(&g);
    let edge = gammas.strength(&p.features(cell(&g, 0, 4)));
    let third = gammas.strength(&p.features(cell(&g, 2, 2)));
    assert!(third > 5.0 * edge, "third line {third}, edge {edge}");
    let g = game(
        &[
            "XXXX.....", //
            "OOOO.....", //
            "XXXX.....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........",
        ],
        Color::Black,
    );
    let p = Position::of(&g);
    let capture = gammas.strength(&p.features(cell(&g, 4, 1)));
    let elsewhere = gammas.strength(&p.features(cell(&g, 6, 6)));
    assert!(
        capture > 5.0 * elsewhere,
        "capture {capture}, elsewhere {elsewhere}"
    );
}

#[test]
fn capturing_races_are_told_apart() {
    let g = game(
        &[
            "XO.......", //
            "X........", //
            ".........", //
            ".........", //
            ".........", //
            ".XO......", //
            ".........", //
            ".........", //
            "......O..",
        ],
        Color::Black,
    );
    // Black's (0, 0)-(0, 1) has two liberties; (0, 2) gives it three.
    assert_eq!(level(&g, 0, 2, Group::Race), 1);
    // White (2, 5) has three liberties and touches Black (1, 5), which has three.
    assert_eq!(level(&g, 3, 5, Group::Race), 2);
    // White (6, 8) has three liberties and no Black neighbour.
    assert_eq!(level(&g, 6, 7, Group::Race), 3);
    assert_eq!(level(&g, 4, 2, Group::Race), 0);
}

#[test]
fn the_spatial_level_comes_from_the_dictionary_given() {
    let g = random_position(9, 0, 0);
    let four_four = cell(&g, 3, 3);
    let at = Group::Spatial.index();
    assert_eq!(Position::of(&g).features(four_four)[at], 0, "no dictionary");
    let gammas = Gammas::builtin();
    let position = Position::of(&g).with_dictionary(gammas.spatial_dictionary());
    let level = position.features(four_four)[at];
    assert!(
        level > 0,
        "the empty corner's 4-4 point is a pattern of the records"
    );
    let keys = position.spatial_keys(four_four);
    let largest = keys
        .iter()
        .rposition(|k| gammas.spatial_dictionary().contains_key(k))
        .expect("a key in the dictionary");
    assert_eq!(gammas.spatial_dictionary()[&keys[largest]], level);
}
