//! The game flow of continuous Go through the public API: ko and superko, handicap, passes,
//! dead-stone marking of either colour, resuming, and the final count.

use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, KoRule, Point};
use stonefield_rules::{Color, Game, IllegalMove, Outcome, Phase};

fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y).expect("finite")
}

/// The square-grid ko of the conformance case `scenario-ko`, one diameter per grid step.
fn ko_position(ko: KoRule) -> ContinuousGame {
    let rules = ContinuousRules {
        ko,
        ..ContinuousRules::default()
    };
    let mut game = ContinuousGame::new(rules).expect("rules");
    for (x, y) in [
        (5.0, 4.0),
        (6.0, 4.0),
        (4.0, 5.0),
        (5.0, 5.0),
        (5.0, 6.0),
        (7.0, 5.0),
    ] {
        game.play(&pt(x, y)).expect("setup move");
    }
    game.pass().expect("black passes");
    game.play(&pt(6.0, 6.0)).expect("white");
    let taken = game.play(&pt(6.0, 5.0)).expect("black takes the ko");
    assert_eq!(taken.captured.len(), 1);
    assert_eq!(taken.captured[0].at, pt(5.0, 5.0));
    game
}

#[test]
fn single_recapture_forbids_the_immediate_retake_only() {
    let mut game = ko_position(KoRule::SingleRecapture);
    assert_eq!(game.play(&pt(5.0, 5.0)), Err(IllegalMove::Ko));
    game.play(&pt(10.0, 10.0)).expect("white elsewhere");
    game.play(&pt(2.0, 10.0)).expect("black elsewhere");
    let retake = game.play(&pt(5.0, 5.0)).expect("the retake is legal now");
    assert_eq!(retake.captured.len(), 1);
    game.audit().expect("consistent");
}

#[test]
fn positional_superko_forbids_repeating_a_position() {
    let mut game = ko_position(KoRule::PositionalSuperko);
    assert_eq!(game.play(&pt(5.0, 5.0)), Err(IllegalMove::Superko));
    assert_eq!(game.check(&pt(5.0, 5.0)), Err(IllegalMove::Superko));
}

#[test]
fn handicap_stones_come_first_and_komi_drops() {
    let rules = ContinuousRules {
        handicap: 3,
        ..ContinuousRules::default()
    };
    let mut game = ContinuousGame::new(rules).expect("rules");
    assert_eq!(game.score().white, 0.5);
    assert_eq!(game.pass(), Err(IllegalMove::WrongPhase));
    for (i, x) in [3.0, 6.5, 10.0].into_iter().enumerate() {
        assert_eq!(game.to_move(), Color::Black, "handicap stone {i}");
        game.play(&pt(x, 3.0)).expect("handicap stone");
    }
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.handicap_left(), 0);
}

#[test]
fn dead_groups_of_either_colour_are_marked_and_counted() {
    let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
    game.play(&pt(3.0, 3.0)).expect("black");
    game.play(&pt(10.0, 10.0)).expect("white");
    game.play(&pt(4.0, 3.0)).expect("black");
    game.pass().expect("white passes");
    game.pass().expect("black passes");
    assert_eq!(game.phase(), Phase::MarkingDead);
    let live = game.final_score();
    assert_eq!(live, game.score());
    game.toggle_dead(pt(4.1, 3.1)).expect("a black stone");
    assert_eq!(game.dead_stones().len(), 2, "the whole black group");
    let marked = game.final_score();
    assert!((marked.white - (169.0 + 6.5)).abs() < 1e-9, "{marked:?}");
    assert_eq!(marked.black, 0.0);
    game.toggle_dead(pt(3.0, 3.0)).expect("unmark");
    assert!(game.dead_stones().is_empty());
    game.toggle_dead(pt(10.0, 10.0)).expect("a white stone");
    game.resume_play().expect("disagree");
    assert_eq!(game.phase(), Phase::Playing);
    assert!(game.dead_stones().is_empty());
    game.pass().expect("pass");
    game.pass().expect("pass");
    game.toggle_dead(pt(10.0, 10.0)).expect("white dead");
    let outcome = game.accept_count().expect("counted");
    assert_eq!(outcome, Outcome::from_scores(169.0, 6.5));
    assert_eq!(outcome.to_string(), "B+162.5");
    assert!(game.is_over());
    assert_eq!(game.play(&pt(6.0, 6.0)), Err(IllegalMove::GameOver));
}

#[test]
fn a_stone_may_not_fill_its_own_last_liberty() {
    let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
    // Black walls in the corner point (0.5, 0.5).
    game.play(&pt(1.5, 0.5)).expect("black");
    game.play(&pt(8.0, 8.0)).expect("white");
    game.play(&pt(0.5, 1.5)).expect("black");
    assert_eq!(game.play(&pt(0.5, 0.5)), Err(IllegalMove::Suicide));
    assert_eq!(
        game.to_move(),
        Color::White,
        "a refused move changes nothing"
    );
    game.audit().expect("consistent");
}
