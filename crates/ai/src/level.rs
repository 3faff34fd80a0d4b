//! The computer player's strength levels, 1 (a beginner's opponent) to 10 (full strength):
//! a playout or time budget, how many threads, and how much chance picks the move. One
//! table for every front end: `stonefield gtp`, `stonefield match` and the game server.

use std::time::Duration;

use crate::search::{Action, Choice, SearchConfig, SearchResult};

/// What a level means: a budget and how much chance picks the move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    pub playouts: Option<u32>,
    pub seconds: Option<f64>,
    /// Below 10, the move is drawn among the searched moves with a chance that grows with
    /// their visits (`visits^(1/temperature)`); 0 takes the most visited.
    pub temperature: f64,
    /// The share of moves played at random among the search's candidates, whatever the
    /// search found: the blunders that make the lowest levels beatable in every variant.
    /// The priors alone of a variant with strong ones (continuous Go's captures and
    /// contacts) play better than one-ply greed, so a small budget is not weak enough.
    pub random_share: f64,
    /// Whether the level searches on every core it is given.
    pub all_threads: bool,
    /// Whether the level resigns a lost game ([`crate::ending::Ending`]): from level 4,
    /// where a beginner's opponent would rather play on.
    pub resigns: bool,
}

/// Levels 1 to 10.
pub const LEVELS: [Level; 10] = [
    Level {
        resigns: false,
        random_share: 0.5,
        ..level(Some(25), None, 1.0)
    },
    Level {
        resigns: false,
        random_share: 0.25,
        ..level(Some(50), None, 0.7)
    },
    Level {
        resigns: false,
        random_share: 0.1,
        ..level(Some(100), None, 0.5)
    },
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
        random_share: 0.0,
        all_threads: false,
        resigns: true,
    }
}

impl Level {
    /// Level `n` (1..=10); `None` outside that range.
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// The move this level plays after `result`: resignation stands; otherwise, with the
    /// chance [`Level::random_share`] when the search plays a stone, any of the root's
    /// moves that play a stone, else a draw by visits at [`Level::temperature`], else the
    /// search's own choice. A pass is never drawn by chance (one would end games early),
    /// and a pass the search chose is not traded for a random stone (one would only
    /// drag out a finished game).
    pub fn pick<M: Clone>(&self, result: &SearchResult<M>, rng: &mut fastrand::Rng) -> Choice<M> {
        if matches!(result.choice, Choice::Resign) {
            return Choice::Resign;
        }
        let plays = matches!(result.choice, Choice::Play(_));
        if plays && self.random_share > 0.0 && rng.f64() < self.random_share {
            let plays: Vec<&M> = result
                .moves
                .iter()
                .filter_map(|m| match &m.action {
                    Action::Play(mv) => Some(mv),
                    Action::Pass => None,
                })
                .collect();
            if !plays.is_empty() {
                return Choice::Play(plays[rng.usize(..plays.len())].clone());
            }
        }
        result
            .draw_by_visits(self.temperature, rng)
            .map_or_else(|| result.choice.clone(), Choice::Play)
    }

    /// This level, thinking at most `seconds` (a game clock's share): the playout budget
    /// stays, and whichever of the two runs out first ends the search.
    ///
    /// ```
    /// use stonefield_ai::level::Level;
    ///
    /// assert_eq!(Level::get(10).unwrap().within(0.25).seconds, Some(0.25));
    /// assert_eq!(Level::get(10).unwrap().within(5.0).seconds, Some(1.0));
    /// assert_eq!(Level::get(1).unwrap().within(0.25).playouts, Some(25));
    /// ```
    #[must_use]
    pub fn within(self, seconds: f64) -> Level {
        let seconds = self.seconds.map_or(seconds, |own| own.min(seconds));
        Level {
            seconds: Some(seconds.max(0.0)),
            ..self
        }
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
    use crate::search::MoveStats;

    #[test]
    fn levels_grow_in_budget_and_lose_their_chance() {
        let budget = |l: &Level| l.playouts.map_or(1e9, f64::from) + l.seconds.unwrap_or(0.0) * 1e9;
        for pair in LEVELS.windows(2) {
            assert!(budget(&pair[0]) <= budget(&pair[1]), "{pair:?}");
            assert!(pair[0].temperature >= pair[1].temperature, "{pair:?}");
            assert!(pair[0].random_share >= pair[1].random_share, "{pair:?}");
        }
        assert_eq!(LEVELS[9].seconds, Some(1.0));
    }

    fn searched(choice: Choice<u8>) -> SearchResult<u8> {
        let stats = |action, visits| MoveStats {
            action,
            visits,
            win_rate: 0.5,
            prior: 1.0,
        };
        SearchResult {
            choice,
            win_rate: 0.5,
            moves: vec![
                stats(Action::Play(1), 90),
                stats(Action::Pass, 8),
                stats(Action::Play(2), 2),
                stats(Action::Play(3), 0),
            ],
            playouts: 100,
            root_visits: 100,
        }
    }

    #[test]
    fn random_moves_come_from_the_candidates_and_never_pass() {
        let result = searched(Choice::Play(1));
        let blunderer = Level {
            random_share: 1.0,
            ..LEVELS[9]
        };
        let mut rng = fastrand::Rng::with_seed(3);
        let mut seen = [0u32; 4];
        for _ in 0..3_000 {
            match blunderer.pick(&result, &mut rng) {
                Choice::Play(m) => seen[usize::from(m)] += 1,
                other => panic!("drew {other:?}"),
            }
        }
        // Uniform among the three stone moves, unvisited ones included.
        assert_eq!(seen[0], 0);
        for n in &seen[1..] {
            assert!((800..1_200).contains(n), "{seen:?}");
        }
    }

    #[test]
    fn full_strength_plays_the_search_choice_and_resignation_stands() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..100 {
            assert_eq!(
                LEVELS[9].pick(&searched(Choice::Play(1)), &mut rng),
                Choice::Play(1)
            );
            assert_eq!(
                LEVELS[0].pick(&searched(Choice::Resign), &mut rng),
                Choice::Resign
            );
        }
    }

    #[test]
    fn a_chosen_pass_is_not_traded_for_a_random_stone() {
        let mut passing = searched(Choice::Pass);
        // Only the pass was visited: nothing else to draw by visits either.
        for m in &mut passing.moves {
            m.visits = u32::from(m.action == Action::Pass);
        }
        let blunderer = Level {
            random_share: 1.0,
            ..LEVELS[0]
        };
        let mut rng = fastrand::Rng::with_seed(4);
        for _ in 0..200 {
            assert_eq!(blunderer.pick(&passing, &mut rng), Choice::Pass);
        }
    }

    #[test]
    fn level_one_blunders_about_half_its_moves() {
        let result = searched(Choice::Play(1));
        let mut rng = fastrand::Rng::with_seed(9);
        let off_choice = (0..4_000)
            .filter(|_| LEVELS[0].pick(&result, &mut rng) != Choice::Play(1))
            .count();
        // Half at random (two in three of them elsewhere), plus the visit draw's 2%.
        assert!((1_250..1_550).contains(&off_choice), "{off_choice}");
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
