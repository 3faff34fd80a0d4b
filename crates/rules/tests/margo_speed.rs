//! Rough speed figures for the MarGo engine, run by hand:
//! `cargo test --release -p stonefield-rules --test margo_speed -- --ignored --nocapture`.

use std::time::Instant;

use stonefield_rules::Game;
use stonefield_rules::margo::{MargoGame, MargoRules, PlayoutScratch, random_playout_with};

fn playouts(size: u32, count: u64) {
    let start_game = MargoGame::new(MargoRules::with_size(size).expect("size")).expect("game");
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    let mut scratch = PlayoutScratch::default();
    let (mut n, mut moves, mut unfinished) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    while n < count {
        let mut game = start_game.clone();
        let r = random_playout_with(&mut game, &mut rng, 20_000, &mut scratch);
        moves += u64::from(r.moves);
        unfinished += u64::from(r.outcome.is_none());
        n += 1;
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size}: {:.0} playouts/s, {:.1} moves per playout, {:.2} us per move, {unfinished} unfinished",
        n as f64 / t,
        moves as f64 / n as f64,
        t * 1e6 / moves as f64
    );
}

fn checked_moves(size: u32) {
    let mut rng = fastrand::Rng::with_seed(1);
    let (mut plays, mut lists, mut t_play, mut t_list) = (0u64, 0u64, 0.0, 0.0);
    for _ in 0..50 {
        let mut game = MargoGame::new(MargoRules::with_size(size).expect("size")).expect("game");
        while !game.is_over() {
            let s = Instant::now();
            let legal = game.legal_moves();
            t_list += s.elapsed().as_secs_f64();
            lists += 1;
            let mv = legal[rng.usize(..legal.len())];
            let s = Instant::now();
            game.play(&mv).expect("listed moves are legal");
            t_play += s.elapsed().as_secs_f64();
            plays += 1;
        }
    }
    println!(
        "{size}x{size}: play() {:.2} us, legal_moves() {:.2} us (averages over random games)",
        t_play * 1e6 / plays as f64,
        t_list * 1e6 / lists as f64
    );
}

#[test]
#[ignore = "timing figures, run by hand in release mode"]
fn speed_figures() {
    for size in [7, 9] {
        playouts(size, if size == 7 { 400 } else { 60 });
        checked_moves(size);
    }
}

#[test]
#[ignore = "a fixed workload for instruction counts (valgrind --tool=callgrind)"]
fn fixed_workload() {
    playouts(7, 40);
}
