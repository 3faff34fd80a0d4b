//! `stonefield bench classic|margo|topological`: random playouts per second on two board
//! sizes each, median of several timed runs, one thread, all measured and printed alike.

use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use stonefield_ai::classic::{HeavyConfig, heavy};
use stonefield_ai::search::{Parallelism, Policy, Trace};
use stonefield_ai::variants::MargoPolicy;
use stonefield_rules::classic::{self, Board};
use stonefield_rules::margo::{self, MargoGame, MargoRules, PlayoutScratch};
use stonefield_rules::topological::{self, TopoGame, TopoRules};
use stonefield_rules::{Color, Game};

use super::median::median;
use super::search;

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
    /// Median over the runs of playouts per second of wall-clock time.
    playouts_per_s: f64,
    /// Median over the runs of playouts per second of this thread's CPU time, where the
    /// system reports it (see [`thread_cpu_time`]).
    cpu_playouts_per_s: Option<f64>,
    moves_per_playout: f64,
    /// Share of timed playouts stopped by the move limit before the game ended.
    unfinished: f64,
}

/// The CPU time this thread has run for, from Linux's `/proc/thread-self/schedstat`
/// (nanoseconds, the first field); `None` where that file is missing or unreadable. The
/// kernel brings the figure up to date at scheduler ticks, so it may lag by a few
/// milliseconds: next to a timed run of 400 ms, about 1%.
///
/// Wall-clock rates drop whenever the machine is shared; a rate per CPU second does not,
/// and is what other engines' benchmarks report (libego divides by the process's user
/// time), so the two are compared on the same footing. std has no thread CPU clock, and
/// the `libc` call would need `unsafe`, which this workspace forbids.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Times `playout` (which returns the moves it made and whether the game ended) for
/// `budget`: the median rates of the timed runs (by wall-clock and by CPU time), the mean
/// length of every timed playout and the share left unfinished.
fn measure(budget: Budget, mut playout: impl FnMut() -> (u32, bool)) -> Figures {
    for _ in 0..budget.warmup {
        playout();
    }
    let (mut moves, mut playouts, mut unfinished) = (0u64, 0u64, 0u64);
    let (rates, cpu_rates): (Vec<f64>, Vec<Option<f64>>) = (0..budget.runs.max(1))
        .map(|_| {
            let cpu_start = thread_cpu_time();
            let start = Instant::now();
            let mut n = 0u64;
            while n == 0 || start.elapsed() < budget.run_for {
                let (m, ended) = playout();
                moves += u64::from(m);
                unfinished += u64::from(!ended);
                n += 1;
            }
            let wall = start.elapsed();
            let cpu = thread_cpu_time()
                .zip(cpu_start)
                .map(|(end, begin)| end.saturating_sub(begin))
                .filter(|t| !t.is_zero());
            playouts += n;
            (
                n as f64 / wall.as_secs_f64(),
                cpu.map(|t| n as f64 / t.as_secs_f64()),
            )
        })
        .unzip();
    // A run too short for the CPU clock to move gives no CPU rate.
    let cpu_rates: Vec<f64> = cpu_rates.into_iter().flatten().collect();
    Figures {
        playouts_per_s: median(rates),
        cpu_playouts_per_s: (!cpu_rates.is_empty()).then(|| median(cpu_rates)),
        moves_per_playout: moves as f64 / playouts as f64,
        unfinished: unfinished as f64 / playouts as f64,
    }
}

fn classic_size(size: u8, budget: Budget) -> anyhow::Result<Figures> {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    Ok(measure(budget, || {
        board.clone_from(&empty);
        (
            classic::playout(&mut board, Color::Black, &mut rng).moves,
            true,
        )
    }))
}

/// The heavy playouts of the computer player's search (captures, escapes, patterns, no
/// self-atari), from the empty board.
fn heavy_size(size: u8, budget: Budget) -> anyhow::Result<Figures> {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    let config = HeavyConfig::default();
    Ok(measure(budget, || {
        board.clone_from(&empty);
        let r = heavy::playout(&mut board, Color::Black, None, &config, &mut rng);
        (r.moves, true)
    }))
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
            if let Some(cpu) = f.cpu_playouts_per_s {
                v["cpu_playouts_per_s"] = json!(cpu.round());
            }
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
            let cpu = f
                .cpu_playouts_per_s
                .map(|r| format!("  ({r:.0} per CPU second)"))
                .unwrap_or_default();
            println!(
                "  {name:>5}: {:>9.0} playouts/s  {:>6.1} moves/playout{cpu}",
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

/// The playouts of the computer player's search: [`MargoPolicy::default`], random balls up
/// to its move cap and then its evaluation, from the empty board.
fn margo_policy_size(size: u8, budget: Budget) -> anyhow::Result<Figures> {
    let start = MargoGame::new(MargoRules::with_size(u32::from(size))?)?;
    let mut game = start.clone();
    let mut rng = fastrand::Rng::with_seed(u64::from(size));
    let policy = MargoPolicy::default();
    let mut trace = Trace::default();
    Ok(measure(budget, || {
        game.clone_from(&start);
        policy.playout(&mut game, &mut rng, &mut trace);
        (game.moves_played(), game.is_over())
    }))
}

fn margo_with(json: bool, budget: Budget) -> anyhow::Result<()> {
    let figures = sized(&[7, 9], |s| margo_size(s, budget))?;
    let policy = sized(&[7, 9], |s| margo_policy_size(s, budget))?;
    if json {
        let mut v = figures_json(&figures);
        let policy_json = figures_json(&policy);
        for (name, _) in &figures {
            v[name]["policy"] = policy_json[name].clone();
        }
        println!("{v}");
        return Ok(());
    }
    print("MarGo", &figures, false, budget);
    let cap = MargoPolicy::default().max_moves;
    println!("MarGo search playouts ({cap} random balls, then the evaluation), one thread");
    for (name, f) in &policy {
        println!(
            "  {name:>5}: {:>9.0} playouts/s  {:>6.1} moves/playout",
            f.playouts_per_s, f.moves_per_playout
        );
    }
    Ok(())
}

fn topological_with(json: bool, budget: Budget) -> anyhow::Result<()> {
    let figures = sized(&[10, 19], |s| topological_size(s, budget))?;
    print("Topological Go", &figures, json, budget);
    Ok(())
}

/// Classic light playouts per second (uniform among legal points that do not fill an own
/// eye, simple ko, two passes end, area count) from the empty 9x9 and 19x19 boards, then
/// the heavy playouts of the computer player's search and the search itself (one thread,
/// every core); `json` prints `{"9x9": {"playouts_per_s": N, "moves_per_playout": M,
/// "cpu_playouts_per_s": C, "heavy": {the same fields}, "search": {"threads": [1, T],
/// "playouts_per_s": [N1, NT], "root_parallel_playouts_per_s": R}}, "19x19": ...}` (the
/// search's threads share one tree; R is T threads with a tree each),
/// `cpu_playouts_per_s` (per second of the thread's CPU time) only where the system
/// reports that time (Linux).
///
/// # Errors
/// None in practice: the board sizes are fixed and valid.
pub fn classic(json: bool) -> anyhow::Result<()> {
    classic_with(json, FULL, SEARCH_SECONDS)
}

/// Seconds of each timed search from the empty board (three, median taken).
const SEARCH_SECONDS: f64 = 1.0;

fn classic_with(json: bool, budget: Budget, search_seconds: f64) -> anyhow::Result<()> {
    let light = sized(&[9, 19], |s| classic_size(s, budget))?;
    let heavy = sized(&[9, 19], |s| heavy_size(s, budget))?;
    let threads = [1, search::all_threads()];
    let searched = [9u8, 19]
        .iter()
        .map(|&s| {
            threads
                .iter()
                .map(|&t| search::playouts_per_s(s, t, Parallelism::Tree, search_seconds, 3))
                .collect::<anyhow::Result<Vec<f64>>>()
        })
        .collect::<anyhow::Result<Vec<Vec<f64>>>>()?;
    let root_parallel = [9u8, 19]
        .iter()
        .map(|&s| search::playouts_per_s(s, threads[1], Parallelism::Root, search_seconds, 3))
        .collect::<anyhow::Result<Vec<f64>>>()?;
    if json {
        let mut v = figures_json(&light);
        let heavy_json = figures_json(&heavy);
        for (i, (name, _)) in light.iter().enumerate() {
            v[name]["heavy"] = heavy_json[name].clone();
            v[name]["search"] = json!({
                "threads": threads,
                "playouts_per_s": searched[i].iter().map(|r| r.round()).collect::<Vec<f64>>(),
                "root_parallel_playouts_per_s": root_parallel[i].round(),
            });
        }
        println!("{v}");
        return Ok(());
    }
    print("classic light", &light, false, budget);
    print("classic heavy (the search's policy)", &heavy, false, budget);
    println!(
        "classic tree search from the empty board, heavy playouts, median of 3 searches of {search_seconds} s"
    );
    for (i, (name, _)) in light.iter().enumerate() {
        let rates: Vec<String> = threads
            .iter()
            .zip(&searched[i])
            .map(|(t, r)| format!("{r:.0} playouts/s on {t} thread(s)"))
            .collect();
        println!(
            "  {name:>5}: {} (one tree); {:.0} on {} threads with a tree each",
            rates.join(", "),
            root_parallel[i],
            threads[1]
        );
    }
    Ok(())
}

/// MarGo random playouts per second from the empty 7x7 and 9x9 boards, under the book's
/// rules (superko included), played to the end, then the search's capped and evaluated
/// playouts; `json` prints `{"7x7": {"playouts_per_s": N, ..., "policy": {the same
/// fields}}, "9x9": ...}`.
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
        let c = sized(&[9], |s| classic_size(s, TINY)).expect("classic");
        assert!(
            c[0].1.moves_per_playout > 50.0,
            "a 9x9 playout fills the board"
        );
        if cfg!(target_os = "linux") {
            assert!(thread_cpu_time().is_some(), "Linux reports thread CPU time");
        }
        // Runs this short may not move the CPU clock; when they do, the rate is reported.
        assert_eq!(
            figures_json(&c)["9x9"]["cpu_playouts_per_s"].as_f64(),
            c[0].1.cpu_playouts_per_s.map(f64::round)
        );
        assert!(c[0].1.cpu_playouts_per_s.is_none_or(|r| r > 0.0));
        margo_with(true, TINY).expect("margo bench");
        margo_with(false, TINY).expect("margo bench as text");
        let p = sized(&[7], |s| margo_policy_size(s, TINY)).expect("margo policy");
        assert_eq!(
            p[0].1.moves_per_playout,
            f64::from(MargoPolicy::default().max_moves),
            "the search's playouts stop at the cap"
        );
        classic_with(true, TINY, 0.01).expect("classic bench with the search");
        let h = sized(&[9], |s| heavy_size(s, TINY)).expect("heavy");
        assert!(
            h[0].1.moves_per_playout > 50.0,
            "a heavy 9x9 playout fills the board"
        );
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
