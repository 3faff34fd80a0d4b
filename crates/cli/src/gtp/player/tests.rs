use super::*;
use stonefield_rules::Color;
use stonefield_rules::classic::Rules;

fn game_from(size: u8, moves: &[(u32, u32)]) -> ClassicGame {
    let mut g = ClassicGame::new(Rules::preset("chinese", size).expect("rules")).expect("game");
    for &(x, y) in moves {
        let p = Point::new(x, y, size).expect("on board");
        g.play(&p).expect("legal");
    }
    g
}

#[test]
fn a_chain_in_atari_is_saved_before_passing_under_area_scoring() {
    // The end of a game against GNU Go: Black's B9 is in atari at A9 (a ko White can
    // start), and connecting at A9 saves it; the count with B9 alive says Black wins.
    let rows = [
        ".XOOO.O..",
        "XOOO.O...",
        "XXOXOOO..",
        ".XXXOO.OO",
        "..X.XXOO.",
        ".....XO.O",
        "...X.XXOO",
        "......XXO",
        "...X...XO",
    ];
    let (size, stones) = stonefield_rules::classic::diagram_stones(&rows).expect("diagram");
    let rules = Rules {
        komi: 7.5,
        ..Rules::preset("chinese", size).expect("rules")
    };
    let game = ClassicGame::from_setup(rules, &stones, Color::Black).expect("setup");
    let a9 = Point::new(0, 0, size).expect("on board");
    assert_eq!(rescue(&game, false), Some(a9));
    let mut player = Player::new(Options::playouts(200, 1));
    assert_eq!(player.choose(&game, None, true, false), Choice::Play(a9));
    let japanese = ClassicGame::from_setup(
        Rules::preset("japanese", size).expect("rules"),
        &stones,
        Color::Black,
    )
    .expect("setup");
    assert_eq!(
        rescue(&japanese, false),
        None,
        "filling costs a point there"
    );
}

#[test]
fn tuning_sets_what_it_names_and_refuses_the_rest() {
    let tune = Tuning::parse("exploration=0.1, rave_equivalence=2000,priors=0,capture=0.5")
        .expect("valid");
    let mut search = SearchConfig::default();
    tune.apply_search(&mut search);
    assert_eq!(search.exploration, 0.1);
    assert_eq!(search.rave_equivalence, 2000.0);
    let mut heavy = HeavyConfig::default();
    tune.apply_heavy(&mut heavy);
    assert!(!heavy.priors);
    assert_eq!(heavy.capture, 0.5);
    for bad in [
        "explore=1",
        "exploration",
        "exploration=x",
        "capture=-1",
        "pattern=inf",
    ] {
        assert!(Tuning::parse(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn every_tuning_name_changes_a_setting() {
    for name in Tuning::NAMES {
        // 0.37 differs from every default; `priors` is switched off by 0.
        let value = if name == "priors" { 0.0 } else { 0.37 };
        let tune = Tuning::parse(&format!("{name}={value}")).expect("a known name");
        let (mut search, mut heavy) = (SearchConfig::default(), HeavyConfig::default());
        tune.apply_search(&mut search);
        tune.apply_heavy(&mut heavy);
        let changed = search != SearchConfig::default() || heavy != HeavyConfig::default();
        assert!(changed, "{name} changes nothing");
    }
}

#[test]
fn each_new_game_searches_with_another_seed() {
    let game = game_from(9, &[]);
    let mut player = Player::new(Options::playouts(40, 3));
    let first = player.config(None).seed;
    player.new_game();
    let second = player.config(None).seed;
    assert_ne!(first, second);
    let mut again = Player::new(Options::playouts(40, 3));
    again.new_game();
    assert_eq!(again.config(None).seed, second, "the sequence repeats");
    assert!(matches!(
        player.choose(&game, None, false, false),
        Choice::Play(_)
    ));
}

#[test]
fn the_same_seed_chooses_the_same_move() {
    let game = game_from(9, &[(4, 4), (2, 2)]);
    let choose = || Player::new(Options::playouts(300, 7)).choose(&game, None, false, false);
    assert_eq!(choose(), choose());
}

#[test]
fn low_levels_choose_legal_moves_by_chance() {
    let game = game_from(7, &[(3, 3)]);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..8 {
        let mut p = Player::new(Options {
            level: 1,
            threads: Some(1),
            seed,
            ..Options::playouts(0, seed)
        });
        p.options.playouts = None;
        match p.choose(&game, None, false, false) {
            Choice::Play(at) => {
                assert!(game.check(&at).is_ok(), "{at:?}");
                seen.insert(at);
            }
            other => panic!("level 1 on an open board: {other:?}"),
        }
    }
    assert!(seen.len() > 1, "level 1 varies its moves: {seen:?}");
}

#[test]
fn a_won_game_is_ended_by_passing_back() {
    // Black owns the whole 5x5 board but one corner stone of White's, which is dead.
    let mut game = ClassicGame::new(Rules::preset("chinese", 5).expect("rules")).expect("game");
    for (x, y) in [(1, 0), (1, 1), (0, 1), (2, 2), (3, 3)] {
        game.play(&Point::new(x, y, 5).expect("p")).expect("black");
        game.pass().expect("white passes");
    }
    let mut p = Player::new(Options::playouts(200, 1));
    // Under area scoring Black does not pass with White's dead stones left: none here.
    assert_eq!(p.choose(&game, None, true, false), Choice::Pass);
}

#[test]
fn no_pass_while_dead_stones_must_be_cleared() {
    let stats = |action, visits| stonefield_ai::search::MoveStats {
        action,
        visits,
        win_rate: 0.9,
        prior: 0.0,
    };
    let c3 = Point::new(2, 2, 9).expect("p");
    let result = SearchResult {
        choice: stonefield_ai::search::Choice::Pass,
        win_rate: 0.9,
        moves: vec![stats(Action::Pass, 90), stats(Action::Play(c3), 10)],
        playouts: 100,
        root_visits: 100,
    };
    assert_eq!(settle(Choice::Pass, &result, true), Choice::Play(c3));
    assert_eq!(settle(Choice::Pass, &result, false), Choice::Pass);
    let only_pass = SearchResult {
        moves: vec![stats(Action::Pass, 100)],
        ..result.clone()
    };
    assert_eq!(settle(Choice::Pass, &only_pass, true), Choice::Pass);
    assert_eq!(settle(Choice::Resign, &result, true), Choice::Resign);
}

#[test]
fn dead_opponent_stones_are_cleared_under_area_scoring_or_in_cleanup() {
    let white = |x, y| Stone {
        at: Point::new(x, y, 9).expect("p"),
        color: stonefield_rules::Color::White,
    };
    for (preset, area) in [
        ("chinese", true),
        ("tromp-taylor", true),
        ("japanese", false),
    ] {
        let game = ClassicGame::new(Rules::preset(preset, 9).expect("rules")).expect("game");
        // Black to move: a white stone thought dead is the opponent's.
        assert_eq!(must_clear(&game, &[white(2, 2)], false), area, "{preset}");
        assert!(must_clear(&game, &[white(2, 2)], true), "{preset} cleanup");
        assert!(!must_clear(&game, &[], true), "{preset}: nothing dead");
    }
}
