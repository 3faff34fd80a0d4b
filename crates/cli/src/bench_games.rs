//! `stonefield bench margo|topological`: random playouts per second of the MarGo and
//! Topological Go engines on two board sizes each, median of several timed runs, one
//! thread, printed like the classic figures.

use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use stonefield_rules::margo::{self, MargoGame, MargoRules, PlayoutScratch};
use stonefield_rules::topological::{self, TopoGame, TopoRules};

/// How long to measure: timed runs of `run_for` each, after `warmup` untimed playouts.
#[derive(Debug, Clone, Copy)]
struct Budget {
    runs: usize,
    run_for: Duration,
    warmup: u32,
}

const FULL: Budget = Budget {
    runs: 7,
    run_for: Duration::from_millis(400),
    warmup: 50,
};

/// A MarGo playout stops here if the game has not ended (superko bounds every game, but
/// not tightly); the figure reports how often that happened.
const MARGO_MAX_MOVES: u32 = 10_000;

#[derive(Debug, Clone, Copy, PartialEq)]
struct Figures {
    playouts_per_s: f64,
    moves_per_playout: f64,
    /// Share of timed playouts stopped by the move limit before the game ended.
    unfinished: f64,
}

/// Times `playout` (which returns the moves it made and whether the game ended) for
/// `budget`: the median rate of the timed runs, the mean length of every timed playout and
/// the share left unfinished.
fn measure(budget: Budget, mut playout: impl FnMut() -> (u32, bool)) -> Figures {
    for _ in 0..budget.warmup {
        playout();
    }
    let (mut moves, mut playouts, mut unfinished) = (0u64, 0u64, 0u64);
    let mut rates: Vec<f64> = (0..budget.runs.max(1))
        .map(|_| {
            let start = Instant::now();
            let mut n = 0u64;
            while n == 0 || start.elapsed() < budget.run_for {
                let (m, ended) = playout();
                moves += u64::from(m);
                unfinished += u64::from(!ended);
                n += 1;
            }
            playouts += n;
            n as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    Figures {
        playouts_per_s: rates[rates.len() / 2],
        moves_per_playout: moves as f64 / playouts as f64,
        unfinished: unfinished as f64 / playouts as f64,
    }
}

fn margo_size(size: u8, budget: Budget) -> anyhow::Result<Figures> {
    let start = MargoGame::new(MargoRules::with_size(u32::from(size))?)?;
    let mut game = start.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    let mut scratch = PlayoutScratch::default();
    Ok(measure(budget, || {
        game.clone_from(&start);
        let r = margo::random_playout_with(&mut game, &mut rng, MARGO_MAX_MOVES, &mut scratch);
        (r.moves, r.outcome.is_some())
    }))
}

fn topological_size(size: u8, budget: Budget) -> anyhow::Result<Figures> {
    let start = TopoGame::new(TopoRules::new(u32::from(size), TopoRules::DEFAULT_RESERVE)?);
    let mut game = start.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    Ok(measure(budget, || {
        game.clone_from(&start);
        (topological::random_playout(&mut game, &mut rng).moves, true)
    }))
}

/// The JSON object of the figures: `{"7x7": {"playouts_per_s": N, ...}, ...}`.
fn figures_json(figures: &[(String, Figures)]) -> Value {
    let obj: Map<String, Value> = figures
        .iter()
        .map(|(name, f)| {
            let mut v = json!({
                "playouts_per_s": f.playouts_per_s.round(),
                "moves_per_playout": (f.moves_per_playout * 10.0).round() / 10.0,
            });
            if f.unfinished > 0.0 {
                v["unfinished_share"] = json!((f.unfinished * 1000.0).round() / 1000.0);
            }
            (name.clone(), v)
        })
        .collect();
    Value::Object(obj)
}

fn print(title: &str, figures: &[(String, Figures)], json: bool, budget: Budget) {
    if json {
        println!("{}", figures_json(figures));
    } else {
        println!(
            "{title} random playouts, one thread, median of {} runs",
            budget.runs
        );
        for (name, f) in figures {
            println!(
                "  {name:>5}: {:>9.0} playouts/s  {:>6.1} moves/playout",
                f.playouts_per_s, f.moves_per_playout
            );
            if f.unfinished > 0.0 {
                println!(
                    "         {:.1}% stopped at {MARGO_MAX_MOVES} moves before the end",
                    f.unfinished * 100.0
                );
            }
        }
    }
}

fn sized(
    sizes: &[u8],
    mut f: impl FnMut(u8) -> anyhow::Result<Figures>,
) -> anyhow::Result<Vec<(String, Figures)>> {
    sizes
        .iter()
        .map(|&s| Ok((format!("{s}x{s}"), f(s)?)))
        .collect()
}

fn margo_with(json: bool, budget: Budget) -> anyhow::Result<()> {
    let figures = sized(&[7, 9], |s| margo_size(s, budget))?;
    print("MarGo", &figures, json, budget);
    Ok(())
}

fn topological_with(json: bool, budget: Budget) -> anyhow::Result<()> {
    let figures = sized(&[10, 19], |s| topological_size(s, budget))?;
    print("Topological Go", &figures, json, budget);
    Ok(())
}

/// MarGo random playouts per second from the empty 7x7 and 9x9 boards, under the book's
/// rules (superko included); `json` prints `{"7x7": {"playouts_per_s": N, ...}, "9x9": ...}`.
///
/// # Errors
/// None in practice: the board sizes are fixed and valid.
pub fn margo(json: bool) -> anyhow::Result<()> {
    margo_with(json, FULL)
}

/// Topological Go random playouts per second from the start position on 10x10 and 19x19
/// (5 reserve stones); `json` prints `{"10x10": {"playouts_per_s": N, ...}, "19x19": ...}`.
///
/// # Errors
/// None in practice: the board sizes are fixed and valid.
pub fn topological(json: bool) -> anyhow::Result<()> {
    topological_with(json, FULL)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: Budget = Budget {
        runs: 3,
        run_for: Duration::from_millis(5),
        warmup: 1,
    };

    #[test]
    fn both_benches_run_and_report_every_size() {
        margo_with(true, TINY).expect("margo bench");
        topological_with(false, TINY).expect("topological bench");
        let m = sized(&[7, 9], |s| margo_size(s, TINY)).expect("margo");
        let t = sized(&[10, 19], |s| topological_size(s, TINY)).expect("topological");
        let v = figures_json(&m);
        assert!(v["7x7"]["playouts_per_s"].as_f64().is_some_and(|r| r > 0.0));
        assert!(
            v["9x9"]["moves_per_playout"]
                .as_f64()
                .is_some_and(|r| r >= 1.0)
        );
        let v = figures_json(&t);
        // Every Topological Go playout ends with two passes at least.
        assert!(
            v["10x10"]["moves_per_playout"]
                .as_f64()
                .is_some_and(|r| r >= 2.0)
        );
        // A 19x19 game places more stones than a 10x10 one.
        assert!(t[1].1.moves_per_playout > t[0].1.moves_per_playout);
    }
}
