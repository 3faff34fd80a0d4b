//! `stonefield bench ...`: engine speed figures, median of several timed runs, one thread.

use std::time::{Duration, Instant};

use clap::Subcommand;
use stonefield_rules::Color;
use stonefield_rules::classic::{Board, playout};

#[derive(Debug, Subcommand)]
pub enum Target {
    /// Light random playouts per second on 9x9 and 19x19.
    Classic {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Concurrent WebSocket games against an in-process server.
    Server(stonefield_server::bench::BenchConfig),
}

pub fn run(target: Target) -> anyhow::Result<()> {
    match target {
        Target::Classic { json } => classic(json),
        Target::Server(config) => stonefield_server::bench::run(config),
    }
}

/// The median of `runs` calls of `f`.
fn median(runs: usize, f: impl FnMut() -> f64) -> f64 {
    let mut v: Vec<f64> = std::iter::repeat_with(f).take(runs).collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Timed runs per figure; the median is reported.
const RUNS: usize = 7;

struct PlayoutFigures {
    playouts_per_s: f64,
    moves_per_playout: f64,
}

fn classic_size(size: u8) -> PlayoutFigures {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    let run_for = Duration::from_millis(400);
    // Warm up caches and branch predictors before timing.
    for _ in 0..200 {
        board.clone_from(&empty);
        playout(&mut board, Color::Black, &mut rng);
    }
    let mut moves_total = 0u64;
    let mut playouts_total = 0u64;
    let rate = median(RUNS, || {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed() < run_for {
            for _ in 0..100 {
                board.clone_from(&empty);
                let r = playout(&mut board, Color::Black, &mut rng);
                moves_total += u64::from(r.moves);
            }
            n += 100;
        }
        playouts_total += n;
        n as f64 / start.elapsed().as_secs_f64()
    });
    PlayoutFigures {
        playouts_per_s: rate,
        moves_per_playout: moves_total as f64 / playouts_total as f64,
    }
}

fn classic(json: bool) -> anyhow::Result<()> {
    let figures: Vec<(&str, PlayoutFigures)> =
        vec![("9x9", classic_size(9)), ("19x19", classic_size(19))];
    if json {
        let obj: serde_json::Map<String, serde_json::Value> = figures
            .iter()
            .map(|(name, f)| {
                (
                    (*name).to_owned(),
                    serde_json::json!({
                        "playouts_per_s": f.playouts_per_s.round(),
                        "moves_per_playout": (f.moves_per_playout * 10.0).round() / 10.0,
                    }),
                )
            })
            .collect();
        println!("{}", serde_json::Value::Object(obj));
    } else {
        println!("classic light playouts, one thread, median of {RUNS} runs");
        for (name, f) in &figures {
            println!(
                "  {name:>5}: {:>9.0} playouts/s  {:>6.1} moves/playout",
                f.playouts_per_s, f.moves_per_playout
            );
        }
    }
    Ok(())
}
