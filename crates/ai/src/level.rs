//! The computer player's strength levels, 1 (a beginner's opponent) to 10 (full strength):
//! a playout or time budget, how many threads, and how much chance picks the move. One
//! table for every front end: `stonefield gtp`, `stonefield match` and the game server.

use std::time::Duration;

use crate::search::SearchConfig;

/// What a level means: a budget and how much chance picks the move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    pub playouts: Option<u32>,
    pub seconds: Option<f64>,
    /// Below 10, the move is drawn among the searched moves with a chance that grows with
    /// their visits (`visits^(1/temperature)`); 0 takes the most visited.
    pub temperature: f64,
    /// Whether the level searches on every core it is given.
    pub all_threads: bool,
}

/// Levels 1 to 10.
pub const LEVELS: [Level; 10] = [
    level(Some(25), None, 1.0),
    level(Some(50), None, 0.7),
    level(Some(100), None, 0.5),
    level(Some(250), None, 0.3),
    level(Some(500), None, 0.0),
    level(Some(1_000), None, 0.0),
    level(Some(2_500), None, 0.0),
    level(Some(5_000), None, 0.0),
    Level {
        all_threads: true,
        ..level(None, Some(0.5), 0.0)
    },
    Level {
        all_threads: true,
        ..level(None, Some(1.0), 0.0)
    },
];

const fn level(playouts: Option<u32>, seconds: Option<f64>, temperature: f64) -> Level {
    Level {
        playouts,
        seconds,
        temperature,
        all_threads: false,
    }
}

impl Level {
    /// Level `n` (1..=10); `None` outside that range.
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// `base` with this level's budget, on one thread, or on `cores` threads for the
    /// levels that search on every core.
    ///
    /// ```
    /// use stonefield_ai::level::Level;
    /// use stonefield_ai::search::SearchConfig;
    ///
    /// let config = Level::get(3).unwrap().search_config(SearchConfig::default(), 8);
    /// assert_eq!((config.playouts, config.threads), (Some(100), 1));
    /// ```
    pub fn search_config(&self, base: SearchConfig, cores: usize) -> SearchConfig {
        SearchConfig {
            playouts: self.playouts,
            time: self.seconds.map(Duration::from_secs_f64),
            threads: if self.all_threads { cores.max(1) } else { 1 },
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_budget_and_lose_their_chance() {
        let budget = |l: &Level| l.playouts.map_or(1e9, f64::from) + l.seconds.unwrap_or(0.0) * 1e9;
        for pair in LEVELS.windows(2) {
            assert!(budget(&pair[0]) <= budget(&pair[1]), "{pair:?}");
            assert!(pair[0].temperature >= pair[1].temperature, "{pair:?}");
        }
        assert_eq!(LEVELS[9].seconds, Some(1.0));
    }

    #[test]
    fn only_levels_one_to_ten_exist() {
        assert!(Level::get(0).is_none());
        assert!(Level::get(11).is_none());
        assert_eq!(Level::get(10), Some(LEVELS[9]));
        let timed = Level::get(10)
            .unwrap()
            .search_config(SearchConfig::default(), 4);
        assert_eq!(
            (timed.playouts, timed.time, timed.threads),
            (None, Some(Duration::from_secs(1)), 4)
        );
    }
}
