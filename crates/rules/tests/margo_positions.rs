//! The positions of `rules/margo.md` ("Positions to test", 1-8), the setup checks, the
//! options and the display aids, each as a test of the public API.

use stonefield_rules::margo::{MargoGame, MargoRules, Point, SetupError};
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase, Stone, WinBy};

fn rules(size: u32) -> MargoRules {
    MargoRules::with_size(size).expect("valid size")
}

fn pt(x: u32, y: u32, level: u32, size: u32) -> Point {
    Point::new(x, y, level, size as u8).expect("point on the board")
}

/// Setup stones from level-0 rows (`W`, `B`, `.`; x right, y down) plus upper balls.
fn setup(size: u32, rows: &[&str], upper: &[(u32, u32, u32, Color)]) -> Vec<Stone<Point>> {
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let color = match ch {
                'W' => Color::White,
                'B' => Color::Black,
                _ => continue,
            };
            stones.push(Stone {
                at: pt(x as u32, y as u32, 0, size),
                color,
            });
        }
    }
    for &(x, y, k, color) in upper {
        stones.push(Stone {
            at: pt(x, y, k, size),
            color,
        });
    }
    stones
}

fn game(
    r: MargoRules,
    rows: &[&str],
    upper: &[(u32, u32, u32, Color)],
    to_move: Color,
) -> MargoGame {
    let size = u32::from(r.board_size);
    MargoGame::from_setup(r, &setup(size, rows, upper), to_move).expect("valid setup")
}

fn captured(game: &mut MargoGame, p: Point) -> Vec<[u8; 3]> {
    let mut v: Vec<[u8; 3]> = game
        .play(&p)
        .expect("legal move")
        .captured
        .iter()
        .map(|s| s.at.coords())
        .collect();
    v.sort();
    v
}

#[test]
fn position_1_plane_capture() {
    let mut g = game(rules(5), &[".W...", "WBW..", "....."], &[], Color::White);
    assert_eq!(captured(&mut g, pt(1, 2, 0, 5)), [[1, 1, 0]]);
    assert_eq!(g.ball_at(pt(1, 1, 0, 5)), None);
    assert_eq!(g.ball_count(), ByColor { black: 0, white: 4 });
    assert_eq!(g.balls_lost().black, 1);
}

fn zombie_position() -> MargoGame {
    let mut g = game(
        rules(4),
        &["BW..", "BW.."],
        &[(0, 0, 1, Color::White)],
        Color::White,
    );
    assert!(captured(&mut g, pt(0, 2, 0, 4)).is_empty());
    g
}

#[test]
fn position_2_zombies_stay_pinned() {
    let g = zombie_position();
    let pair = [pt(0, 0, 0, 4), pt(0, 1, 0, 4)];
    for p in pair {
        assert_eq!(g.ball_at(p), Some(Color::Black));
        assert!(g.is_zombie(p) && g.is_pinned(p));
    }
    assert_eq!(g.zombies(), pair);
    assert!(!g.is_zombie(pt(1, 0, 0, 4)));
    // Zombies count as balls in play.
    assert_eq!(
        g.score(),
        ByColor {
            black: 2.0,
            white: 4.0
        }
    );
    let black = g.groups().into_iter().find(|gr| gr.color == Color::Black);
    assert_eq!(
        black.map(|gr| (gr.balls, gr.has_freedom)),
        Some((pair.to_vec(), false))
    );
}

#[test]
fn position_3_zombies_released_when_their_pin_goes() {
    // Black takes the white group that holds the pinning ball (White plays elsewhere).
    // Its level-0 balls leave holes next to the pair, which then has freedom and stays.
    let mut g = zombie_position();
    for (b, w) in [((2, 0), (3, 3)), ((2, 1), (2, 3))] {
        g.play(&pt(b.0, b.1, 0, 4)).expect("black fills a freedom");
        g.play(&pt(w.0, w.1, 0, 4)).expect("white elsewhere");
    }
    let taken = captured(&mut g, pt(1, 2, 0, 4));
    assert_eq!(taken, [[0, 0, 1], [1, 0, 0], [1, 1, 0]]);
    for p in [pt(0, 0, 0, 4), pt(0, 1, 0, 4)] {
        assert_eq!(g.ball_at(p), Some(Color::Black));
        assert!(!g.is_pinned(p) && !g.is_zombie(p));
    }
}

#[test]
fn revealed_capture_needs_a_later_round_of_the_same_move() {
    // The book's example (conformance case revealed-capture): removing the black pyramid top
    // reveals that white balls under it have lost their freedom, and they go in a later
    // round of the same move, with balls of both colours removed.
    let upper = [
        (0, 2, 1, Color::Black),
        (0, 2, 2, Color::Black),
        (0, 3, 1, Color::White),
        (1, 2, 1, Color::White),
        (1, 3, 1, Color::White),
    ];
    let rows = [".....", "BB.B.", "WWBW.", "BBBW.", "BBBW."];
    let mut g = game(rules(5), &rows, &upper, Color::White);
    let taken = g.play(&pt(2, 1, 0, 5)).expect("legal").captured;
    let first_white = taken.iter().position(|s| s.color == Color::White);
    let last_black = taken.iter().rposition(|s| s.color == Color::Black);
    assert!(
        first_white > last_black,
        "black is lifted in the first round, white after"
    );
    assert_eq!(taken.len(), 7);
}

#[test]
fn position_4_bridges_cut_the_contact_below() {
    let rows = ["WWW.", "BBB.", "WWW.", "...."];
    let upper = [(1, 0, 1, Color::White)];
    let mut g = game(rules(4), &rows, &upper, Color::White);
    assert_eq!(captured(&mut g, pt(1, 1, 1, 4)), [[0, 1, 0]]);
    // (1, 1) stayed as the bridge pins it; the hole left at (0, 1) now gives it freedom.
    assert_eq!(g.ball_at(pt(1, 1, 0, 4)), Some(Color::Black));
    assert!(g.is_pinned(pt(1, 1, 0, 4)) && !g.is_zombie(pt(1, 1, 0, 4)));
    assert_eq!(g.ball_at(pt(2, 1, 0, 4)), Some(Color::Black));
    assert!(!g.is_zombie(pt(2, 1, 0, 4)));
    assert_eq!(g.cut_contacts(), [(pt(1, 1, 0, 4), pt(2, 1, 0, 4))]);

    let off = MargoRules {
        bridge_cutting: false,
        ..rules(4)
    };
    let mut g = game(off, &rows, &upper, Color::White);
    assert!(captured(&mut g, pt(1, 1, 1, 4)).is_empty());
    assert!(g.cut_contacts().is_empty());
}

#[test]
fn position_5_suicide_is_refused() {
    let mut g = game(rules(4), &[".W..", "W..."], &[], Color::Black);
    let before = g.clone();
    assert_eq!(g.play(&pt(0, 0, 0, 4)), Err(IllegalMove::Suicide));
    assert_eq!(g.stones(), before.stones());
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn position_6_ko_is_superko() {
    let rows = [".BW..", "BW.W.", ".BW..", ".....", "....."];
    let mut g = game(rules(5), &rows, &[], Color::Black);
    assert_eq!(captured(&mut g, pt(2, 1, 0, 5)), [[1, 1, 0]]);
    let retake = pt(1, 1, 0, 5);
    assert_eq!(g.check(&retake), Err(IllegalMove::Superko));
    assert_eq!(g.play(&retake), Err(IllegalMove::Superko));
    assert!(!g.legal_moves().contains(&retake));
    g.play(&pt(4, 4, 0, 5)).expect("white elsewhere");
    g.play(&pt(0, 4, 0, 5)).expect("black elsewhere");
    assert_eq!(captured(&mut g, retake), [[2, 1, 0]]);
}

#[test]
fn position_7_stacking_needs_four_supports() {
    let mut g = MargoGame::new(rules(5)).expect("game");
    let top = pt(0, 0, 1, 5);
    assert_eq!(g.play(&top), Err(IllegalMove::Unsupported));
    for (x, y) in [(0, 0), (1, 0), (0, 1)] {
        g.play(&pt(x, y, 0, 5)).expect("legal");
        assert_eq!(g.check(&top), Err(IllegalMove::Unsupported));
    }
    assert_eq!(g.check(&pt(0, 0, 2, 5)), Err(IllegalMove::Unsupported));
    g.play(&pt(1, 1, 0, 5)).expect("legal");
    g.play(&top).expect("four supports");
    assert_eq!(g.play(&pt(0, 0, 2, 5)), Err(IllegalMove::Unsupported));
    assert_eq!(g.play(&top), Err(IllegalMove::Occupied));
    // A point of a larger board is outside this one.
    assert_eq!(g.play(&pt(5, 0, 0, 7)), Err(IllegalMove::Outside));
    assert_eq!(g.play(&pt(0, 0, 5, 7)), Err(IllegalMove::Outside));
}

#[test]
fn position_8_the_game_ends_when_the_player_to_move_is_stuck() {
    for seed in 0..20 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut g = MargoGame::new(rules(2)).expect("game");
        let mut moves = 0;
        while !g.is_over() {
            let legal = g.legal_moves();
            assert!(!legal.is_empty(), "a game in play has a legal move");
            g.play(&legal[rng.usize(..legal.len())])
                .expect("listed move");
            moves += 1;
            assert!(moves < 1000, "superko ends every game");
        }
        let c = g.ball_count();
        // The estimate shown beside the board agrees with the final count.
        assert_eq!(g.estimate(), c);
        let by_count = Outcome::from_scores(f64::from(c.black), f64::from(c.white));
        assert_eq!(g.outcome(), Some(by_count));
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.play(&pt(0, 0, 0, 2)), Err(IllegalMove::GameOver));
        assert_eq!(g.pass(), Err(IllegalMove::GameOver));
    }
}

#[test]
fn white_moves_first_and_nobody_passes() {
    let mut g = MargoGame::new(MargoRules::default()).expect("game");
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.pass(), Err(IllegalMove::PassNotAllowed));
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.legal_moves().len(), 49);
    g.resign(Color::White).expect("resigning is allowed");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            by: WinBy::Resignation
        })
    );
    assert_eq!(g.resign(Color::Black), Err(IllegalMove::GameOver));
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("B+R".to_owned()));
}

#[test]
fn setups_are_refused_when_play_could_not_reach_them() {
    let r = rules(4);
    let w = |x, y, k| Stone {
        at: pt(x, y, k, 4),
        color: Color::White,
    };
    let unsupported = [w(0, 0, 0), w(0, 0, 1)];
    assert_eq!(
        MargoGame::from_setup(r, &unsupported, Color::Black).err(),
        Some(SetupError::Unsupported(pt(0, 0, 1, 4)))
    );
    let twice = [w(0, 0, 0), w(0, 0, 0)];
    assert_eq!(
        MargoGame::from_setup(r, &twice, Color::Black).err(),
        Some(SetupError::Duplicate(pt(0, 0, 0, 4)))
    );
    let big = [Stone {
        at: pt(5, 5, 0, 7),
        color: Color::Black,
    }];
    assert_eq!(
        MargoGame::from_setup(r, &big, Color::Black).err(),
        Some(SetupError::OffBoard(pt(5, 5, 0, 7)))
    );
    let dead = setup(4, &["BW..", "W..."], &[]);
    assert_eq!(
        MargoGame::from_setup(r, &dead, Color::White).err(),
        Some(SetupError::Unsettled(pt(0, 0, 0, 4)))
    );
    let bad_size = MargoRules {
        board_size: 20,
        ..r
    };
    assert!(matches!(
        MargoGame::from_setup(bad_size, &[], Color::White),
        Err(SetupError::Rules(_))
    ));
}

#[test]
fn final_positions_are_valid_setups_and_stuck_ones_finish_at_once() {
    let mut finished_at_once = 0;
    for seed in 0..30 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut g = MargoGame::new(rules(3)).expect("game");
        while !g.is_over() {
            let legal = g.legal_moves();
            g.play(&legal[rng.usize(..legal.len())])
                .expect("listed move");
        }
        let again = MargoGame::from_setup(rules(3), &g.stones(), g.to_move())
            .expect("a position reached in play is a valid setup");
        // Without the history, only superko could make the fresh position playable.
        if again.is_over() {
            assert_eq!(again.outcome(), g.outcome());
            finished_at_once += 1;
        }
    }
    assert!(finished_at_once > 0);
}

#[test]
fn buried_balls_are_hidden_unless_the_option_is_off() {
    let upper = [
        (1, 1, 1, Color::Black),
        (1, 1, 2, Color::White),
        (1, 2, 1, Color::White),
        (2, 1, 1, Color::White),
        (2, 2, 1, Color::Black),
    ];
    let rows = [".WB...", ".WBW..", ".WBW..", ".WWB.."];
    let hidden = game(rules(6), &rows, &upper, Color::White);
    let buried = pt(2, 2, 0, 6);
    assert!(hidden.is_buried(buried));
    assert!(!hidden.is_buried(pt(2, 1, 0, 6)));
    let mut h = hidden.clone();
    assert_eq!(captured(&mut h, pt(3, 0, 0, 6)), [[2, 0, 0]]);
    let shown = MargoRules {
        buried_hidden: false,
        ..rules(6)
    };
    let mut s = game(shown, &rows, &upper, Color::White);
    assert!(s.is_buried(buried));
    assert!(captured(&mut s, pt(3, 0, 0, 6)).is_empty());
}

#[test]
fn first_capture_wins_ends_the_beginners_game() {
    let beginner = MargoRules {
        first_capture_wins: true,
        ..rules(5)
    };
    let mut g = game(beginner, &[".W...", "WBW..", "....."], &[], Color::White);
    g.play(&pt(1, 2, 0, 5)).expect("capture");
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("W+C".to_owned()));
    let mut plain = game(rules(5), &[".W...", "WBW..", "....."], &[], Color::White);
    plain.play(&pt(1, 2, 0, 5)).expect("capture");
    assert!(!plain.is_over());
}

#[test]
fn swap_is_offered_once_right_after_whites_first_ball() {
    let mut g = MargoGame::new(MargoRules {
        swap: true,
        ..MargoRules::default()
    })
    .expect("game");
    assert_eq!(g.swap(), Err(IllegalMove::WrongPhase));
    g.play(&pt(3, 3, 0, 7)).expect("first ball");
    let before = (g.stones(), g.to_move());
    g.swap().expect("black swaps");
    assert!(g.swapped());
    assert_eq!((g.stones(), g.to_move()), before);
    assert_eq!(g.swap(), Err(IllegalMove::WrongPhase));
    let mut no = MargoGame::new(MargoRules::default()).expect("game");
    no.play(&pt(3, 3, 0, 7)).expect("first ball");
    assert_eq!(no.swap(), Err(IllegalMove::Unsupported));
}

#[test]
fn the_estimate_adds_surrounded_holes_and_platforms() {
    let wall = [".W..", ".W..", ".W..", ".W.."];
    let g = game(rules(4), &wall, &[], Color::Black);
    assert_eq!(
        g.estimate(),
        ByColor {
            black: 0,
            white: 16
        }
    );
    let mixed = [".W..", ".W..", ".W..", ".W.B"];
    let g = game(rules(4), &mixed, &[], Color::White);
    assert_eq!(g.estimate(), ByColor { black: 1, white: 8 });
    let platform = ["WW..", "WW..", "....", "...B"];
    let g = game(rules(4), &platform, &[], Color::Black);
    assert_eq!(g.estimate(), ByColor { black: 1, white: 5 });
    assert_eq!(
        g.score(),
        ByColor {
            black: 1.0,
            white: 4.0
        }
    );
}

#[test]
fn play_reports_removals_of_both_colours_and_keeps_phase() {
    let mut g = game(rules(5), &[".W...", "WBW..", "....."], &[], Color::White);
    assert_eq!(g.phase(), Phase::Playing);
    let placed = g.play(&pt(1, 2, 0, 5)).expect("legal");
    assert_eq!(
        placed.captured,
        [Stone {
            at: pt(1, 1, 0, 5),
            color: Color::Black
        }]
    );
    assert_eq!(g.moves_played(), 1);
}

#[test]
fn the_capture_in_reach_is_what_the_best_capture_wins() {
    // Position 1: White takes the black ball at (1, 1) by filling its last freedom.
    let plane = [".W...", "WBW..", ".....", ".....", "....."];
    let g = game(rules(5), &plane, &[], Color::White);
    assert_eq!(g.capture_in_reach(), 1);
    // Black to move has nothing to take: every white ball has freedoms to spare.
    let g = game(rules(5), &plane, &[], Color::Black);
    assert_eq!(g.capture_in_reach(), 0);
    // Two black groups in atari: the larger one counts.
    let two = ["BB...", "WW...", ".....", "W....", "B...."];
    let g = game(rules(5), &two, &[], Color::White);
    assert_eq!(g.capture_in_reach(), 2);
    // The zombies of position 2 cannot be lifted: no capture is in reach.
    let zombie = ["BW..", "BW..", "W...", "...."];
    let g = game(rules(4), &zombie, &[(0, 0, 1, Color::White)], Color::White);
    assert_eq!(g.capture_in_reach(), 0);
}
