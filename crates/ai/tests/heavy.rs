//! Heavy playouts of classic Go: every move they make is legal (replaying the recorded
//! moves through the checked game reaches the same final board), they repeat for a seed,
//! and the tree search on them, the default of `classic::new_search`, chooses legal moves.

use proptest::prelude::*;
use stonefield_ai::classic::heavy::{self, HeavyConfig};
use stonefield_ai::classic::{HeavyPolicy, SearchPolicy, new_search, new_search_with};
use stonefield_ai::search::Choice;
use stonefield_ai::search::{Policy, SearchConfig, Trace};
use stonefield_rules::Game;
use stonefield_rules::classic::{ClassicGame, KoRule, MAX_SIZE, Point, Rules};

/// A game under Chinese rules with simple ko (the playouts know only simple ko), after
/// `moves` random legal moves.
fn position(size: u8, moves: usize, seed: u64, ko: KoRule) -> ClassicGame {
    let mut rules = Rules::preset("chinese", size).expect("preset");
    rules.ko = ko;
    let mut game = ClassicGame::new(rules).expect("rules");
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..moves {
        let candidates = game.candidate_moves();
        if candidates.is_empty() {
            break;
        }
        let mut next = game.clone();
        next.play(&candidates[rng.usize(..candidates.len())])
            .expect("legal");
        game = next;
    }
    game
}

fn point_of(key: u64, size: u8) -> Point {
    let m = u64::from(MAX_SIZE);
    Point::new((key % m) as u32, (key / m) as u32, size).expect("on board")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn heavy_playouts_play_legal_moves_to_a_valid_end(
        size in prop::sample::select(vec![5u8, 7, 9, 13, 19]),
        moves in 0usize..40,
        seed in 0u64..1_000,
        every_rule in any::<bool>(),
    ) {
        let start = position(size, moves, seed, KoRule::Simple);
        // Every kind of move at its highest rate, or the defaults.
        let config = if every_rule {
            HeavyConfig {
                capture: 1.0,
                two_liberties: 1.0,
                nakade: 1.0,
                race_ataris: 1.0,
                eye_fix: 1.0,
                eye_fill_redirect: 1.0,
                read_ladders: 1.0,
                ko_retake: 1.0,
                careful_captures: 1.0,
                self_atari_other: 1.0,
                nakade_fill: 1.0,
                weighted_patterns: 0.5,
                pattern: 1.0,
                ..HeavyConfig::default()
            }
        } else {
            HeavyConfig::default()
        };
        let mut board = start.board().clone();
        let mut trace = Trace::new_enabled();
        let mut rng = fastrand::Rng::with_seed(seed);
        let result = heavy::traced_playout(
            &mut board,
            start.to_move(),
            start.last_move(),
            &config,
            &mut rng,
            &mut trace,
        );
        let [black, white] = board.area();
        prop_assert_eq!(result.area_difference, black as i32 - white as i32);
        prop_assert!(result.moves as usize >= trace.moves().len());
        // Replaying the recorded moves (a repeated colour means the other passed) through
        // the checked game: each is legal and the final boards agree.
        let mut game = start.clone();
        for &(color, key) in trace.moves() {
            if game.to_move() != color {
                game.pass().expect("pass");
            }
            let p = point_of(key, size);
            prop_assert_eq!(game.check(&p), Ok(()), "{:?} by {:?} in {:?}", p, color, game);
            game.play(&p).expect("legal");
        }
        prop_assert_eq!(game.board().hash(), board.hash());
        // The playout ended by two passes or at its move limit.
        let limit = 3 * u32::from(size) * u32::from(size);
        prop_assert!(result.moves <= limit);
    }
}

#[test]
fn heavy_playouts_repeat_for_a_seed() {
    let start = position(9, 12, 4, KoRule::Simple);
    let run = |seed| {
        let mut board = start.board().clone();
        let mut trace = Trace::new_enabled();
        let r = heavy::traced_playout(
            &mut board,
            start.to_move(),
            start.last_move(),
            &HeavyConfig::default(),
            &mut fastrand::Rng::with_seed(seed),
            &mut trace,
        );
        (r, board.hash(), trace.moves().to_vec())
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1).2, run(2).2);
}

#[test]
fn the_policy_playout_is_the_same_on_a_fresh_thread_and_after_other_boards() {
    // The policy's playout board is kept per thread between playouts: what it held before
    // (a larger board, a finished playout) must not show.
    let small = position(9, 12, 4, KoRule::Simple);
    let large = position(19, 40, 5, KoRule::Simple);
    let policy = HeavyPolicy::default();
    let play = |game: &ClassicGame, seed| {
        let mut trace = Trace::new_enabled();
        let mut g = game.clone();
        let v = policy.playout(&mut g, &mut fastrand::Rng::with_seed(seed), &mut trace);
        (v, trace.moves().to_vec())
    };
    let fresh = std::thread::scope(|s| s.spawn(|| play(&small, 7)).join().expect("thread"));
    let after_others = std::thread::scope(|s| {
        s.spawn(|| {
            play(&large, 1);
            play(&small, 2);
            play(&small, 7)
        })
        .join()
        .expect("thread")
    });
    assert_eq!(fresh, after_others);
    assert!(!fresh.1.is_empty());
}

#[test]
fn the_heavy_policy_values_are_black_values() {
    // A playout from the empty board gives Black's value in [0, 1].
    let game = position(9, 0, 0, KoRule::Simple);
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..50 {
        let mut g = game.clone();
        let v = HeavyPolicy::default().playout(&mut g, &mut rng, &mut Trace::default());
        assert!((0.0..=1.0).contains(&v));
    }
}

#[test]
fn the_heavy_search_chooses_legal_moves() {
    for (k, size) in [5u8, 9, 9, 13].into_iter().enumerate() {
        let game = position(size, 3 + 7 * k, k as u64, KoRule::PositionalSuperko);
        let config = SearchConfig {
            playouts: Some(600),
            seed: k as u64,
            ..SearchConfig::default()
        };
        let mut search = new_search(game.clone(), config.clone());
        assert!(matches!(search.policy(), SearchPolicy::Heavy(_)));
        let first = search.run();
        match first.choice {
            Choice::Play(p) => assert_eq!(game.check(&p), Ok(()), "{p:?}"),
            Choice::Pass => assert!(game.clone().pass().is_ok()),
            Choice::Resign => {}
        }
        assert_eq!(first.playouts, 600);
        // The same seed repeats the search on one thread.
        let again = new_search(game.clone(), config.clone()).run();
        assert_eq!(again, first);
        // The light policy is still there.
        let mut light = new_search_with(game, config, SearchPolicy::Light(Default::default()));
        assert_eq!(light.run().playouts, 600);
    }
}

/// Playouts per second of the heavy and the light playouts from the empty 9x9 and 19x19
/// boards, one thread (`cargo test --release -- --ignored --nocapture playout_rates`).
#[test]
#[ignore = "a measurement, not a test"]
fn playout_rates() {
    use std::time::{Duration, Instant};
    for size in [9u8, 19] {
        let start = position(size, 0, 0, KoRule::Simple);
        let mut rng = fastrand::Rng::with_seed(1);
        let rate = |f: &mut dyn FnMut() -> u32| {
            let t = Instant::now();
            let (mut n, mut moves) = (0u32, 0u64);
            while t.elapsed() < Duration::from_secs(2) {
                moves += u64::from(f());
                n += 1;
            }
            (
                f64::from(n) / t.elapsed().as_secs_f64(),
                moves as f64 / f64::from(n),
            )
        };
        let heavy = rate(&mut || {
            let mut b = start.board().clone();
            let c = HeavyConfig::default();
            heavy::playout(&mut b, start.to_move(), None, &c, &mut rng).moves
        });
        let mut rng = fastrand::Rng::with_seed(1);
        let light = rate(&mut || {
            let mut b = start.board().clone();
            stonefield_rules::classic::playout(&mut b, start.to_move(), &mut rng).moves
        });
        println!(
            "{size}x{size}: heavy {:.0} playouts/s ({:.1} moves), light {:.0} playouts/s ({:.1} moves)",
            heavy.0, heavy.1, light.0, light.1
        );
    }
}
