//! Hand-written positions for the rules of classic Go that random games rarely settle:
//! counting (area and territory, komi, dead stones, prisoners), the end of play, resignation,
//! handicaps, the difference between the ko rules, and points off the board.

mod common;

use std::collections::BTreeSet;

use common::{from_diagram, gtp, new_game, pt, rules, stones_of};
use stonefield_rules::classic::{
    ClassicGame, Handicap, Placement, Point, Rules, SetupError, random_move,
};
use stonefield_rules::{Color, Game, IllegalMove, Outcome, Phase, Stone, WinBy};

/// Black owns the left column, White the right one, the middle column is neutral.
const WALLS: [&str; 5] = [".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."];

/// The same walls with a hopeless white stone inside Black's area.
const WALLS_WITH_INVADER: [&str; 5] = [".X.O.", ".X.O.", "OX.O.", ".X.O.", ".X.O."];

fn walls(preset: &str, rows: &[&str]) -> ClassicGame {
    from_diagram(rules(preset, 5), rows, Color::Black)
}

fn pass_twice(game: &mut ClassicGame) {
    game.pass().expect("first pass");
    game.pass().expect("second pass");
}

fn win(winner: Color, margin: f64) -> Outcome {
    Outcome::Win {
        winner,
        by: WinBy::Score(margin),
    }
}

#[test]
fn area_counts_stones_and_surrounded_points() {
    let mut game = walls("chinese", &WALLS);
    assert_eq!((game.score().black, game.score().white), (10.0, 17.5));
    pass_twice(&mut game);
    assert_eq!(game.phase(), Phase::MarkingDead);
    assert_eq!(game.accept_count(), Ok(win(Color::White, 7.5)));
    assert_eq!(game.phase(), Phase::Finished(win(Color::White, 7.5)));
}

#[test]
fn territory_counts_surrounded_points_only() {
    let mut game = walls("japanese", &WALLS);
    pass_twice(&mut game);
    let s = game.final_score();
    assert_eq!((s.black, s.white), (5.0, 11.5));
    assert_eq!(game.accept_count(), Ok(win(Color::White, 6.5)));
}

#[test]
fn komi_decides_an_even_count() {
    let mut game = from_diagram(
        Rules {
            komi: 0.0,
            ..rules("chinese", 5)
        },
        &WALLS,
        Color::Black,
    );
    pass_twice(&mut game);
    assert_eq!(game.accept_count(), Ok(Outcome::Draw));
    let mut game = from_diagram(
        Rules {
            komi: -0.5,
            ..rules("chinese", 5)
        },
        &WALLS,
        Color::Black,
    );
    pass_twice(&mut game);
    assert_eq!(game.accept_count(), Ok(win(Color::Black, 0.5)));
}

#[test]
fn territory_adds_prisoners_taken_in_play() {
    let rows = [".X.O.", "XX.O.", "OX.O.", ".X.O.", ".X.O."];
    let mut game = from_diagram(rules("japanese", 5), &rows, Color::Black);
    let placed = game.play(&pt(0, 3)).expect("capture");
    assert_eq!(
        placed.captured,
        vec![Stone {
            at: pt(0, 2),
            color: Color::White
        }]
    );
    assert_eq!(game.prisoners().black, 1);
    pass_twice(&mut game);
    // Empty (0,0), (0,2), (0,4) plus one prisoner; the stones themselves count nothing.
    let s = game.final_score();
    assert_eq!((s.black, s.white), (4.0, 11.5));
}

#[test]
fn dead_stones_count_for_the_surrounding_player_once_marked() {
    let mut game = walls("chinese", &WALLS_WITH_INVADER);
    pass_twice(&mut game);
    // Unmarked, the invader spoils Black's area: only Black's wall counts.
    let s = game.final_score();
    assert_eq!((s.black, s.white), (5.0, 18.5));
    game.toggle_dead(pt(0, 2)).expect("mark");
    assert_eq!(
        game.dead_stones(),
        vec![Stone {
            at: pt(0, 2),
            color: Color::White
        }]
    );
    let s = game.final_score();
    assert_eq!((s.black, s.white), (10.0, 17.5));
    assert_eq!(game.accept_count(), Ok(win(Color::White, 7.5)));
}

#[test]
fn dead_stones_under_territory_count_as_point_and_prisoner() {
    let mut game = walls("japanese", &WALLS_WITH_INVADER);
    pass_twice(&mut game);
    game.toggle_dead(pt(0, 2)).expect("mark");
    // Four empty points, the dead stone's point, and the dead stone as a prisoner.
    let s = game.final_score();
    assert_eq!((s.black, s.white), (6.0, 11.5));
    assert_eq!(game.accept_count(), Ok(win(Color::White, 5.5)));
}

#[test]
fn toggling_dead_marks_a_whole_chain_and_back() {
    let rows = [".X.O.", "OX.O.", "OX.O.", ".X.O.", ".X.O."];
    let mut game = walls("chinese", &rows);
    assert_eq!(game.toggle_dead(pt(0, 1)), Err(IllegalMove::WrongPhase));
    pass_twice(&mut game);
    game.toggle_dead(pt(0, 1)).expect("mark");
    let dead: BTreeSet<Point> = game.dead_stones().iter().map(|s| s.at).collect();
    assert_eq!(dead, BTreeSet::from([pt(0, 1), pt(0, 2)]));
    game.toggle_dead(pt(0, 2))
        .expect("unmark through the other stone");
    assert!(game.dead_stones().is_empty());
    assert_eq!(game.toggle_dead(pt(2, 2)), Err(IllegalMove::Unsupported));
    assert_eq!(game.toggle_dead(pt(5, 2)), Err(IllegalMove::Outside));
}

#[test]
fn resuming_play_clears_marks_and_needs_two_new_passes() {
    let mut game = walls("chinese", &WALLS_WITH_INVADER);
    assert_eq!(game.resume_play(), Err(IllegalMove::WrongPhase));
    assert_eq!(game.accept_count(), Err(IllegalMove::WrongPhase));
    pass_twice(&mut game);
    assert_eq!(game.play(&pt(2, 2)), Err(IllegalMove::GameOver));
    game.toggle_dead(pt(0, 2)).expect("mark");
    game.resume_play().expect("resume");
    assert_eq!(game.phase(), Phase::Playing);
    assert!(game.dead_stones().is_empty());
    assert_eq!(game.to_move(), Color::Black);
    game.pass().expect("one pass");
    assert_eq!(game.phase(), Phase::Playing);
    game.play(&pt(2, 2)).expect("White plays on");
    game.pass().expect("pass after a move");
    assert_eq!(game.phase(), Phase::Playing);
    game.pass().expect("second pass in a row");
    assert_eq!(game.phase(), Phase::MarkingDead);
}

#[test]
fn two_passes_end_play_and_tromp_taylor_counts_at_once() {
    for preset in ["chinese", "japanese", "aga", "new-zealand"] {
        let mut game = walls(preset, &WALLS);
        pass_twice(&mut game);
        assert_eq!(game.phase(), Phase::MarkingDead, "{preset}");
        assert!(game.candidate_moves().is_empty());
    }
    let mut game = walls("tromp-taylor", &WALLS_WITH_INVADER);
    pass_twice(&mut game);
    // The invader stays on the board: Black counts only the wall.
    assert_eq!(game.outcome(), Some(win(Color::White, 18.5 - 5.0)));
    assert_eq!(game.toggle_dead(pt(0, 2)), Err(IllegalMove::WrongPhase));
    assert_eq!(game.pass(), Err(IllegalMove::GameOver));
}

#[test]
fn resignation_ends_the_game_at_any_turn() {
    let mut game = new_game("chinese", 9);
    game.play(&pt(4, 4)).expect("move");
    game.resign(Color::Black)
        .expect("Black resigns on White's turn");
    let outcome = game.outcome().expect("finished");
    assert_eq!(outcome.to_string(), "W+R");
    assert_eq!(game.play(&pt(3, 3)), Err(IllegalMove::GameOver));
    assert_eq!(game.pass(), Err(IllegalMove::GameOver));
    assert_eq!(game.resign(Color::White), Err(IllegalMove::GameOver));

    let mut game = walls("japanese", &WALLS);
    pass_twice(&mut game);
    game.resign(Color::White).expect("resign while marking");
    assert_eq!(
        game.outcome().map(|o| o.to_string()).as_deref(),
        Some("B+R")
    );
}

fn handicap(preset: &str, size: u8, stones: u8, placement: Placement) -> Rules {
    Rules {
        handicap: Handicap { stones, placement },
        ..rules(preset, size)
    }
}

fn gtp_set(points: &[&str], size: u8) -> BTreeSet<Point> {
    points.iter().map(|v| gtp(v, size)).collect()
}

#[test]
fn fixed_handicap_stands_on_the_gtp_points_and_white_starts() {
    let cases: [(u8, u8, &[&str]); 4] = [
        (19, 4, &["D4", "Q16", "D16", "Q4"]),
        (
            19,
            9,
            &["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"],
        ),
        (13, 2, &["D4", "K10"]),
        (9, 5, &["C3", "G7", "C7", "G3", "E5"]),
    ];
    for (size, stones, points) in cases {
        let mut game =
            ClassicGame::new(handicap("japanese", size, stones, Placement::Fixed)).expect("rules");
        assert_eq!(stones_of(&game, Color::Black), gtp_set(points, size));
        assert!(stones_of(&game, Color::White).is_empty());
        assert_eq!(game.to_move(), Color::White, "{stones} on {size}x{size}");
        game.play(&pt(0, 0)).expect("White's first move");
        assert_eq!(game.to_move(), Color::Black);
    }
    for (size, stones) in [(8, 5), (5, 2), (19, 1), (19, 10)] {
        let refused = ClassicGame::new(handicap("japanese", size, stones, Placement::Fixed));
        assert!(
            matches!(refused, Err(SetupError::Rules(_))),
            "{stones} on {size}x{size}"
        );
    }
}

#[test]
fn free_handicap_lets_black_place_every_stone_first() {
    let mut game = ClassicGame::new(handicap("chinese", 9, 3, Placement::Free)).expect("rules");
    assert!(game.stones().is_empty());
    assert_eq!(game.handicap_left(), 3);
    for (i, v) in ["A1", "E5", "J9"].into_iter().enumerate() {
        assert_eq!(game.to_move(), Color::Black, "stone {i}");
        assert_eq!(game.pass(), Err(IllegalMove::WrongPhase));
        game.play(&gtp(v, 9)).expect("handicap stone");
    }
    assert_eq!(game.handicap_left(), 0);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(
        stones_of(&game, Color::Black),
        gtp_set(&["A1", "E5", "J9"], 9)
    );
    game.pass().expect("White may pass now");
    assert_eq!(game.to_move(), Color::Black);
}

/// Black throws in at (0,2), White captures two stones at (0,0), Black retakes one at
/// (0,1): the board is the starting board again, but with White to move ("send two,
/// return one").
const SEND_TWO: [&str; 5] = [".X...", "XO...", ".O...", "OO...", "....."];

fn send_two_return_one(preset: &str) -> (ClassicGame, Result<(), IllegalMove>) {
    let mut game = from_diagram(rules(preset, 5), &SEND_TWO, Color::Black);
    game.play(&pt(0, 2)).expect("throw-in");
    let placed = game.play(&pt(0, 0)).expect("White captures two");
    assert_eq!(placed.captured.len(), 2);
    let retake = game.check(&pt(0, 1));
    (game, retake)
}

#[test]
fn only_situational_superko_allows_a_board_back_with_the_other_player_to_move() {
    let (_, positional) = send_two_return_one("chinese");
    assert_eq!(positional, Err(IllegalMove::Superko));
    let (mut game, situational) = send_two_return_one("aga");
    assert_eq!(situational, Ok(()));
    game.play(&pt(0, 1)).expect("retake");
    assert_eq!(
        common::stone_map(&game),
        common::stone_map(&from_diagram(rules("aga", 5), &SEND_TWO, Color::Black))
    );
    // Simple ko only forbids retaking a single stone at once.
    let (_, simple) = send_two_return_one("japanese");
    assert_eq!(simple, Ok(()));
}

#[test]
fn an_immediate_ko_recapture_is_ko_under_every_preset() {
    // Superko rules forbid it too, but players know it as ko: superko is kept for the
    // longer cycles (see the sending-two-returning-one test above).
    let rows = [".XO..", "XO.O.", ".XO..", ".....", "....."];
    for preset in ["japanese", "chinese", "aga", "tromp-taylor"] {
        let reason = IllegalMove::Ko;
        let mut game = from_diagram(rules(preset, 5), &rows, Color::Black);
        let placed = game.play(&pt(2, 1)).expect("Black takes the ko");
        assert_eq!(placed.captured.len(), 1, "{preset}");
        assert_eq!(game.check(&pt(1, 1)), Err(reason), "{preset}");
        game.play(&pt(4, 4)).expect("White plays elsewhere");
        game.play(&pt(4, 3)).expect("Black answers");
        game.play(&pt(1, 1)).expect("the ko can be retaken later");
    }
}

#[test]
fn suicide_is_refused_or_removes_the_movers_group() {
    let rows = ["X.X..", ".X...", ".....", ".....", "....."];
    let game = from_diagram(rules("chinese", 5), &rows, Color::White);
    assert_eq!(game.check(&pt(1, 0)), Err(IllegalMove::Suicide));
    // Multi-stone suicide where it is allowed: White's two stones go.
    let rows = ["X.OX.", "XOX..", ".X...", ".....", "....."];
    let mut game = from_diagram(rules("tromp-taylor", 5), &rows, Color::White);
    let placed = game.play(&pt(1, 0)).expect("suicide allowed");
    let gone: BTreeSet<(Point, Color)> = placed.captured.iter().map(|s| (s.at, s.color)).collect();
    let white = |x, y| (pt(x, y), Color::White);
    assert_eq!(
        gone,
        BTreeSet::from([white(1, 0), white(2, 0), white(1, 1)])
    );
    assert_eq!(game.prisoners().black, 3);
    assert!(stones_of(&game, Color::White).is_empty());
    // A lone stone's suicide would recreate the board: positional superko refuses it.
    let rows = [".X...", "X....", ".....", ".....", "....."];
    game = from_diagram(rules("tromp-taylor", 5), &rows, Color::White);
    assert_eq!(game.check(&pt(0, 0)), Err(IllegalMove::Superko));
}

#[test]
fn points_off_the_board_are_refused_and_change_nothing() {
    let mut game = new_game("chinese", 9);
    game.play(&pt(4, 4)).expect("move");
    let hash = game.position_hash();
    for p in [pt(9, 0), pt(0, 9), pt(9, 9), pt(24, 24)] {
        assert_eq!(game.check(&p), Err(IllegalMove::Outside), "{p}");
        assert_eq!(game.play(&p), Err(IllegalMove::Outside), "{p}");
    }
    assert_eq!(game.position_hash(), hash);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.stones().len(), 1);
    assert!(Point::new(9, 0, 9).is_none());
    assert!(Point::from_gtp("K1", 9).is_none());
    assert!(Point::from_gtp("A10", 9).is_none());
    let off = Stone {
        at: pt(9, 0),
        color: Color::Black,
    };
    assert_eq!(
        ClassicGame::from_setup(rules("chinese", 9), &[off], Color::Black).err(),
        Some(SetupError::OffBoard(pt(9, 0)))
    );
}

#[test]
fn setups_refuse_duplicates_and_chains_without_liberty() {
    let s = |x, y, color| Stone {
        at: pt(x, y),
        color,
    };
    let r = rules("chinese", 5);
    let twice = [s(1, 1, Color::Black), s(1, 1, Color::White)];
    assert_eq!(
        ClassicGame::from_setup(r, &twice, Color::Black).err(),
        Some(SetupError::Duplicate(pt(1, 1)))
    );
    let smothered = [
        s(0, 0, Color::White),
        s(1, 0, Color::Black),
        s(0, 1, Color::Black),
    ];
    assert!(matches!(
        ClassicGame::from_setup(r, &smothered, Color::Black),
        Err(SetupError::NoLiberty(_))
    ));
}

/// Regression: the simple-ko ban outlived a pass, so that after Black took a ko and White
/// passed, Black could not fill the ko (and after a resumed game the ban still stood).
#[test]
fn a_pass_lifts_the_simple_ko_ban() {
    let rows = [".XO..", "XO.O.", ".XO..", ".....", "....."];
    let mut game = from_diagram(rules("japanese", 5), &rows, Color::Black);
    game.play(&pt(2, 1)).expect("Black takes the ko");
    assert_eq!(game.check(&pt(1, 1)), Err(IllegalMove::Ko));
    game.pass().expect("White passes instead of retaking");
    assert_eq!(game.check(&pt(1, 1)), Ok(()), "Black fills the ko");
    game.play(&pt(4, 4)).expect("Black plays elsewhere");
    game.play(&pt(1, 1))
        .expect("White retakes after the exchange");
}

/// After Black takes the ko at (2,1), Black's only acceptable playout move is to fill the
/// ko at (1,1): every other empty point is a true eye of Black or suicide inside White's
/// eyes.
const KO_FILL_ONLY: [&str; 5] = [".XOO.", "XO.OO", "XXOO.", "XXXOO", ".XXO."];

/// In a playout, when White passes after Black took a ko, Black may fill it. The board
/// keeps the ko point through the pass, so `random_move` finds nothing and passes too,
/// ending the playout early.
#[test]
fn a_pass_lifts_the_ko_ban_in_playouts() {
    let mut game = from_diagram(rules("japanese", 5), &KO_FILL_ONLY, Color::Black);
    game.play(&pt(2, 1)).expect("Black takes the ko");
    game.pass().expect("White passes");
    assert_eq!(
        common::legal_points(&game),
        BTreeSet::from([pt(1, 1), pt(0, 0), pt(0, 4)])
    );
    // The playout's view of the same moment: Black to play on the board after the capture.
    let mut board = game.board().clone();
    let mut rng = fastrand::Rng::with_seed(1);
    assert!(
        random_move(&mut board, Color::Black, &mut rng),
        "Black found no move"
    );
    assert_eq!(board.get(pt(1, 1)), Some(Color::Black));
}
