//! Bad input to the continuous engine gives typed errors, never a panic: non-finite
//! coordinates, bad outlines, impossible radii and komi, requests far off the board.

use stonefield_rules::continuous::{
    BoardShape, ContinuousGame, ContinuousRules, Point, Polygon, PolygonError, Preset, RulesError,
    SetupError, SnapMode,
};
use stonefield_rules::{Game, IllegalMove, Phase};

fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y).expect("finite")
}

#[test]
fn coordinates_must_be_finite() {
    for (x, y) in [
        (f64::NAN, 1.0),
        (1.0, f64::INFINITY),
        (f64::NEG_INFINITY, 0.0),
    ] {
        assert!(Point::new(x, y).is_err());
    }
}

#[test]
fn outlines_must_be_simple_polygons() {
    let bad: [&[[f64; 2]]; 4] = [
        &[[0.0, 0.0], [1.0, 1.0]],
        &[[0.0, 0.0], [4.0, 4.0], [4.0, 0.0], [0.0, 4.0]],
        &[[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
        &[[0.0, 0.0], [f64::NAN, 0.0], [0.0, 1.0]],
    ];
    for coords in bad {
        assert!(Polygon::from_coords(coords).is_err(), "{coords:?}");
    }
    assert!(matches!(
        Polygon::from_coords(&[[0.0, 0.0], [2.0, 2.0], [2.0, 0.0], [0.0, 2.0]]),
        Err(PolygonError::SelfIntersecting(..))
    ));
}

#[test]
fn radius_and_komi_are_checked() {
    let with = |f: &dyn Fn(&mut ContinuousRules)| {
        let mut rules = ContinuousRules::default();
        f(&mut rules);
        ContinuousGame::new(rules)
    };
    for r in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            with(&|x| x.stone_radius = r),
            Err(SetupError::Rules(RulesError::Radius(_)))
        ));
    }
    let small =
        Polygon::from_coords(&[[0.0, 0.0], [5.0, 0.0], [5.0, 5.0], [0.0, 5.0]]).expect("square");
    assert!(matches!(
        with(&|x| {
            x.board = BoardShape::Polygon(small.clone());
            x.stone_radius = 2.6;
        }),
        Err(SetupError::Rules(RulesError::RadiusTooLarge(_)))
    ));
    for k in [f64::NAN, f64::INFINITY, 1e9] {
        assert!(matches!(
            with(&|x| x.komi = k),
            Err(SetupError::Rules(RulesError::Komi(_)))
        ));
    }
    assert!(matches!(
        with(&|x| x.stone_radius = 1e300),
        Err(SetupError::Rules(_))
    ));
}

/// A pointer beyond any sensible range lands where a nearer one in the same direction does,
/// on a board with slanted edges too: pulling it in keeps its direction.
#[test]
fn far_pointers_clamp_along_their_direction() {
    let rules = ContinuousRules {
        board: BoardShape::Preset(Preset::Hexagon),
        ..ContinuousRules::default()
    };
    let game = ContinuousGame::new(rules).expect("rules");
    for k in 0..24 {
        let a = f64::from(k) * std::f64::consts::TAU / 24.0 + 0.1;
        let (dx, dy) = (a.cos(), a.sin());
        let near = game
            .resolve(pt(1e12 * dx, 1e12 * dy), SnapMode::Nearest)
            .expect("a point");
        let far = game
            .resolve(pt(1e300 * dx, 1e300 * dy), SnapMode::Nearest)
            .expect("a point");
        assert!(
            (near.x() - far.x()).abs() < 1e-6 && (near.y() - far.y()).abs() < 1e-6,
            "direction {a:.2}: {near} and {far}"
        );
    }
}

#[test]
fn wild_requests_and_moves_are_refused_cleanly() {
    let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
    game.play(&pt(6.5, 6.5)).expect("a move");
    for far in [pt(1e300, -1e300), pt(-1e12, 3.0), pt(f64::MAX, f64::MAX)] {
        assert_eq!(game.check(&far), Err(IllegalMove::Outside));
        for mode in SnapMode::ALL {
            if let Some(p) = game.resolve(far, mode) {
                assert!(game.board().fits(p), "{far} resolved off the board to {p}");
            }
        }
    }
    let clamped = game
        .resolve(pt(1e300, 6.5), SnapMode::Nearest)
        .expect("a point");
    assert!((clamped.x() - 12.5).abs() < 1e-9, "{clamped}");
    for (far, near) in [(pt(1e308, 6.5), 12.5), (pt(-1e308, 6.5), 0.5)] {
        let got = game.resolve(far, SnapMode::Nearest).expect("a point");
        assert_eq!((got.x(), got.y()), (near, 6.5), "{far}");
    }
    assert_eq!(game.play(&pt(6.5, 6.6)), Err(IllegalMove::Overlap));
    assert_eq!(game.toggle_dead(pt(6.5, 6.5)), Err(IllegalMove::WrongPhase));
    game.pass().expect("pass");
    game.pass().expect("pass");
    assert_eq!(game.phase(), Phase::MarkingDead);
    assert_eq!(game.play(&pt(2.0, 2.0)), Err(IllegalMove::WrongPhase));
    assert_eq!(
        game.toggle_dead(pt(1.0, 1.0)),
        Err(IllegalMove::Unsupported)
    );
}

/// Section 3 of the rules: the misclick test looks at the pointer after clamping, so a click
/// outside the board that clamps onto an edge stone places nothing, in every snap mode.
#[test]
fn a_click_outside_the_board_that_clamps_onto_an_edge_stone_is_a_misclick() {
    let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
    game.play(&pt(0.55, 6.5)).expect("black on the left edge");
    game.play(&pt(12.5, 0.5)).expect("white in a corner");
    for (click, why) in [
        (
            pt(-3.0, 6.5),
            "clamps to (0.5, 6.5), 0.05 from the black stone",
        ),
        (
            pt(-1e9, 6.55),
            "clamps to (0.5, 6.55), within r/5 of the black stone",
        ),
        (pt(14.0, -2.0), "clamps onto the white corner stone itself"),
    ] {
        for mode in SnapMode::ALL {
            assert_eq!(game.resolve(click, mode), None, "{click} ({why}), {mode}");
        }
    }
    // Clamped farther than r/5 from every stone: an ordinary request again.
    let p = game
        .resolve(pt(-3.0, 6.7), SnapMode::Nearest)
        .expect("clamps to (0.5, 6.7), 0.206 from the stone: snaps beside it");
    assert!(game.check(&p).is_ok(), "{p}");
    assert!(
        (p.distance(pt(0.55, 6.5)) - 1.0).abs() < 1e-9,
        "{p} touches the stone"
    );
}
