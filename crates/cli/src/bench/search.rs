//! `bench classic`'s search figures: playouts a second of the tree search (the policy the
//! computer player uses) from the empty board, on one thread and on every core (one
//! shared tree, and one tree per thread).

use std::time::Duration;

use stonefield_ai::classic;
use stonefield_ai::search::{Parallelism, SearchConfig};
use stonefield_rules::classic::{ClassicGame, Rules};

use super::median::median;

/// Playouts a second of searches of `seconds` each from the empty `size` board with
/// `threads` threads sharing the work by `parallelism`: the median of `runs` searches,
/// each from a fresh tree.
pub fn playouts_per_s(
    size: u8,
    threads: usize,
    parallelism: Parallelism,
    seconds: f64,
    runs: usize,
) -> anyhow::Result<f64> {
    let game = ClassicGame::new(Rules::preset("chinese", size)?)?;
    let time = Duration::from_secs_f64(seconds);
    let rates: Vec<f64> = (0..runs.max(1))
        .map(|run| {
            let config = SearchConfig {
                playouts: None,
                time: Some(time),
                threads,
                parallelism,
                seed: run as u64,
                ..classic::search_config()
            };
            let mut search = classic::new_search(game.clone(), config);
            let started = std::time::Instant::now();
            let result = search.run();
            f64::from(result.playouts) / started.elapsed().as_secs_f64()
        })
        .collect();
    Ok(median(rates))
}

/// Every core this process may use.
pub fn all_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_search_reports_a_rate() {
        let rate = playouts_per_s(9, 1, Parallelism::Tree, 0.02, 1).expect("search");
        assert!(rate > 0.0);
        assert!(all_threads() >= 1);
    }
}
