//! Topological Go's computer player: over many random positions every candidate and every
//! move its search returns is legal; one thread with a seed repeats its move; and the
//! priors do what they are for (joining trees starts best).

use proptest::prelude::*;
use stonefield_ai::search::{Action, Choice, Policy, Search, SearchConfig};
use stonefield_ai::topological::TopoPolicy;
use stonefield_rules::topological::{Point, TopoGame, TopoMove, TopoRules, TopoSetup};
use stonefield_rules::{Color, Game, Stone};

/// A game on a board of side `size` after `moves` random legal turns (about one in 40 a
/// pass), stopping short of the end.
fn random_position(size: u8, reserve: u32, moves: usize, seed: u64) -> TopoGame {
    let rules = TopoRules::new(u32::from(size), reserve).expect("valid rules");
    let mut game = TopoGame::new(rules);
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..moves {
        let legal = game.legal_moves();
        let mut next = game.clone();
        match legal.get(rng.usize(..legal.len() + legal.len() / 40 + 1)) {
            Some(mv) => {
                next.play(mv).expect("a listed move is legal");
            }
            None => next.pass().expect("passing while playing"),
        }
        if next.is_over() {
            break;
        }
        game = next;
    }
    game
}

fn search(game: &TopoGame, playouts: u32, seed: u64) -> Choice<TopoMove> {
    let config = SearchConfig {
        playouts: Some(playouts),
        seed,
        ..SearchConfig::default()
    };
    Search::new(game.clone(), TopoPolicy, config).run().choice
}

fn positions() -> impl Strategy<Value = (u8, u32, usize, u64)> {
    (6u8..=12, 0u32..=5, 0usize..120, any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_candidate_and_searched_move_is_legal((size, reserve, moves, seed) in positions()) {
        let game = random_position(size, reserve, moves, seed);
        let policy = TopoPolicy;
        for mv in policy.candidates(&game) {
            prop_assert_eq!(game.check(&mv), Ok(()), "{:?}", mv);
        }
        let actions: Vec<Action<TopoMove>> =
            policy.candidates(&game).into_iter().map(Action::Play).collect();
        let experience = policy.prior_experience(&game, &actions).expect("priors");
        prop_assert_eq!(experience.len(), actions.len());
        prop_assert!(experience.iter().all(|&(n, w)| w >= 0.0 && w <= n as f32));
        match search(&game, 60, seed) {
            Choice::Play(mv) => prop_assert_eq!(game.check(&mv), Ok(())),
            Choice::Pass => prop_assert!(game.clone().pass().is_ok()),
            Choice::Resign => prop_assert!(!game.is_over()),
        }
    }
}

#[test]
fn one_thread_with_a_seed_plays_the_same_move() {
    for (moves, seed) in [(0, 1), (17, 2), (40, 3)] {
        let game = random_position(10, 5, moves, seed);
        let first = search(&game, 400, seed);
        assert_eq!(search(&game, 400, seed), first, "position {moves}/{seed}");
    }
}

fn p(x: u32, y: u32) -> Point {
    Point::new(x, y, 10).expect("on the board")
}

/// A 10x10 setup from rows of `W`, `B` and `.`.
fn setup(rows: &[&str], to_move: Color) -> TopoGame {
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'W' => Color::White,
                'B' => Color::Black,
                _ => continue,
            };
            stones.push(Stone {
                at: p(x as u32, y as u32),
                color,
            });
        }
    }
    let setup = TopoSetup::new(stones, to_move)
        .with_reserve_left(stonefield_rules::ByColor::new_with(|_| 0));
    TopoGame::from_setup(TopoRules::default(), &setup).expect("a valid setup")
}

#[test]
fn joining_trees_starts_best_then_growing() {
    // White's trees of nine and four meet at (5, 4).
    let game = setup(
        &[
            "W........B",
            "W.........",
            "W.........",
            "W.........",
            "WWWWW.WWWW",
            "..........",
            "..........",
            "BBBBBBBBB.",
            "..........",
            "B........W",
        ],
        Color::White,
    );
    let policy = TopoPolicy;
    let actions: Vec<Action<TopoMove>> = policy
        .candidates(&game)
        .into_iter()
        .map(Action::Play)
        .chain([Action::Pass])
        .collect();
    let experience = policy.prior_experience(&game, &actions).expect("priors");
    let value = |mv: TopoMove| {
        let i = actions
            .iter()
            .position(|a| *a == Action::Play(mv))
            .expect("a candidate");
        experience[i].1 / experience[i].0 as f32
    };
    let join = value(TopoMove::normal(p(5, 4)));
    let best_other = actions
        .iter()
        .zip(&experience)
        .filter(|(a, _)| **a != Action::Play(TopoMove::normal(p(5, 4))))
        .map(|(_, &(n, w))| w / n as f32)
        .fold(0.0, f32::max);
    assert!(join > best_other, "join {join} against {best_other}");
    // Growing the longer tree towards Black's starts above a move far from both trees.
    assert!(value(TopoMove::normal(p(4, 5))) > value(TopoMove::normal(p(9, 8))));
}

/// One 10x10 game, `white` against `black` at `playouts` a move on one thread: the winner,
/// if any. A search that resigns loses.
fn duel<W, B>(white: &W, black: &B, playouts: u32, seed: u64) -> Option<Color>
where
    W: Policy<TopoGame> + Clone,
    B: Policy<TopoGame> + Clone,
{
    let mut game = TopoGame::new(TopoRules::default());
    let mut turn = 0;
    while !game.is_over() {
        let config = SearchConfig {
            playouts: Some(playouts),
            seed: seed * 1000 + turn,
            ..SearchConfig::default()
        };
        let choice = match game.to_move() {
            Color::White => {
                Search::new(game.clone(), white.clone(), config)
                    .run()
                    .choice
            }
            Color::Black => {
                Search::new(game.clone(), black.clone(), config)
                    .run()
                    .choice
            }
        };
        match choice {
            Choice::Play(mv) => {
                game.play(&mv).expect("the search plays legal moves");
            }
            Choice::Pass => game.pass().expect("passing while playing"),
            Choice::Resign => {
                let color = game.to_move();
                game.resign(color).expect("resigning while playing");
            }
        }
        turn += 1;
    }
    game.outcome().and_then(|o| o.winner())
}

/// [`TopoPolicy`] against the uniform policy at the same playouts a move, colours
/// alternating, game `i` seeded by `i` (`TOPO_PLAYOUTS`, default 3000; `TOPO_GAMES`,
/// default 20; `TOPO_FIRST`, the first game's number, default 0); run by hand:
/// `cargo test --release -p stonefield-ai --test topological against_uniform -- --ignored --nocapture`.
#[test]
#[ignore = "a match of minutes, for release builds"]
fn knowledge_against_uniform_playouts() {
    use stonefield_ai::topological::UniformTopoPolicy;
    let playouts = std::env::var("TOPO_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let games_wanted = std::env::var("TOPO_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let first: u64 = std::env::var("TOPO_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let (mut wins, mut draws, mut games) = (0, 0, 0);
    let start = std::time::Instant::now();
    for seed in first..first + games_wanted {
        let ours = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let winner = match ours {
            Color::White => duel(&TopoPolicy, &UniformTopoPolicy, playouts, seed),
            Color::Black => duel(&UniformTopoPolicy, &TopoPolicy, playouts, seed),
        };
        wins += u32::from(winner == Some(ours));
        draws += u32::from(winner.is_none());
        games += 1;
        println!(
            "game {seed}: winner {winner:?}, TopoPolicy plays {ours:?} ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
    }
    println!("TopoPolicy won {wins} of {games} ({draws} draws) at {playouts} playouts a move");
}

#[test]
fn the_greedy_player_places_its_reserve_stones() {
    // The generic greedy player never did (a reserve stone lengthens no tree at once) and
    // forfeited every game.
    for seed in 0..10 {
        let mut game = TopoGame::new(TopoRules::default());
        let mut rng = fastrand::Rng::with_seed(seed);
        while !game.is_over() {
            match stonefield_ai::topological::greedy_choice(&game, &mut rng) {
                Choice::Play(mv) => {
                    game.play(&mv).expect("the greedy player plays legal moves");
                }
                _ => game.pass().expect("passing while playing"),
            }
        }
        for c in Color::ALL {
            assert_eq!(game.reserve_left(c), 0, "{c:?} in game {seed}");
        }
    }
}
