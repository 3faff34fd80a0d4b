//! Speed figures of the continuous engine on `square-19` at about 200 stones: a whole move
//! (resolve + play + captures + score update) and a preview, median over many requests.
//! Timing needs an optimised build, so the test is ignored by default:
//! `cargo test --release -p stonefield-rules --test continuous_speed -- --ignored --nocapture`

use std::time::{Duration, Instant};

use stonefield_rules::continuous::ContinuousGame;

// The workload `stonefield bench continuous` times, owned by the cli.
#[path = "../../cli/src/bench/workload.rs"]
#[allow(dead_code)] // the crowded game is the cli's alone
mod workload;
use workload::{BenchRequests, bench_game};

fn percentile(v: &mut [Duration], p: f64) -> Duration {
    v.sort_unstable();
    v[((v.len() - 1) as f64 * p) as usize]
}

/// Times moves and previews from positions of `stones` stones over several seeds.
fn measure(stones: usize) -> (Vec<Duration>, Vec<Duration>) {
    let mut moves = Vec::new();
    let mut previews = Vec::new();
    for seed in 0..40u64 {
        let start: ContinuousGame = bench_game(seed, stones - 10);
        let mut game = start.clone();
        let requests: Vec<_> = BenchRequests::new(seed ^ 0xbe4c).take(400).collect();
        for &(request, mode) in &requests[..200] {
            let t = Instant::now();
            let p = game.preview(request, mode);
            previews.push(t.elapsed());
            std::hint::black_box(p);
        }
        for &(request, mode) in &requests[200..] {
            if game.stone_count() >= stones + 10 {
                break;
            }
            let t = Instant::now();
            let r = game.play_request(request, mode);
            moves.push(t.elapsed());
            std::hint::black_box(r.is_ok());
        }
    }
    (moves, previews)
}

#[test]
#[ignore = "timing: run in release mode"]
fn a_move_and_a_preview_take_microseconds_at_200_stones() {
    for stones in [50, 200, 300] {
        let (mut moves, mut previews) = measure(stones);
        let (m50, m90) = (percentile(&mut moves, 0.5), percentile(&mut moves, 0.9));
        let (p50, p90) = (
            percentile(&mut previews, 0.5),
            percentile(&mut previews, 0.9),
        );
        println!(
            "{stones} stones: move median {m50:?} p90 {m90:?} ({} moves); \
             preview median {p50:?} p90 {p90:?} ({} previews)",
            moves.len(),
            previews.len()
        );
        if stones == 200 && !cfg!(debug_assertions) {
            assert!(m50 <= Duration::from_micros(15), "move median {m50:?}");
            assert!(p50 <= Duration::from_micros(15), "preview median {p50:?}");
        }
    }
}
