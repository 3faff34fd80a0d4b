//! The computer player behind `genmove`: the tree search at a level or an explicit budget,
//! time spent by the clock (more on undecided moves), and the pass/resign policy (a won
//! game is never thrown, and under area scoring no pass while dead stones of the
//! opponent's stay on the board).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use stonefield_ai::classic::{
    self, ClassicPolicy, ClassicSearch, HeavyConfig, HeavyPolicy, SearchPolicy, choose_move,
    estimate_dead,
};
use stonefield_ai::search::{
    Action, Choice, Parallelism, RaveSchedule, SearchConfig, SearchResult, Selection,
};
use stonefield_rules::classic::{ClassicGame, Point, Scoring};
use stonefield_rules::{Game, Outcome, Phase, Stone};

use super::clock::Budget;

/// Playouts of the dead-stone estimate behind counts and the pass policy.
pub const ESTIMATE_PLAYOUTS: u32 = 1_000;

/// The tree's node cap for the GTP engine, which plays one game with the machine to
/// itself: 10 million nodes of about 56 bytes, under 600 MB, and at most as much
/// again in the arena the last re-rooting copied out of, kept for the next. The search's own
/// default (2 million, for the server's many games at once) was nearly reached within
/// one move on 9x9 at 40,000 playouts (1.9 million nodes with the subtree kept from the
/// move before), and past it no leaf is expanded.
pub const MAX_TREE_NODES: usize = 10_000_000;

/// How strong and how fast the player is.
#[derive(Debug, Clone, clap::Args)]
pub struct Options {
    /// Strength from 1 (a beginner's opponent) to 10 (full strength, 1 s a move); the
    /// README lists each level's budget.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Playouts a move, instead of the level's budget.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Seconds a move, instead of the level's budget (a game clock set by the controller
    /// shortens it when it must).
    #[arg(long)]
    pub time: Option<f64>,
    /// Search threads (default: every core; levels 1-8 use one unless this is given).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the search's random numbers: one thread and a playout budget repeat a game.
    /// Each new game (`clear_board`, `boardsize`) searches with the next seed, so that the
    /// games of one match differ while the whole match still repeats.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The previous player instead of the tree search: flat UCB1 over the root moves
    /// (20,000 playouts unless --playouts says otherwise), kept to measure progress.
    #[arg(long)]
    pub flat: bool,
    /// The tree search on the light playouts instead of the heavy ones (to measure the
    /// heavy policy against).
    #[arg(long, hide = true)]
    pub light: bool,
    /// Search and playout parameters for tuning matches, as `name=value` pairs separated
    /// by commas ([`Tuning::NAMES`]); unknown names or bad values are refused at start.
    #[arg(long, hide = true, value_parser = Tuning::parse)]
    pub tune: Option<Tuning>,
    /// Think on the opponent's time: after `genmove` the search goes on, on the same
    /// threads, until a command that changes the position or searches, and the
    /// opponent's reply finds its subtree grown.
    #[arg(long)]
    pub ponder: bool,
}

/// Overrides of the search's and the heavy playouts' defaults, for measuring a change by
/// matches before it becomes the default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tuning {
    pairs: Vec<(String, f64)>,
}

impl Tuning {
    pub const NAMES: [&str; 31] = [
        "exploration",
        "criticality",
        "criticality_visits",
        "rave_equivalence",
        "rave_minimum_error",
        "rave_first_play",
        "prior_in_mean",
        "rave_distance",
        "first_play_urgency",
        "expand_after",
        "max_nodes",
        "puct",
        "capture",
        "pattern",
        "reject_lone_self_atari",
        "priors",
        "pattern_prior",
        "score_weight",
        "root_parallel",
        "two_liberties",
        "nakade",
        "replies",
        "read_ladders",
        "ko_retake",
        "careful_captures",
        "self_atari_other",
        "nakade_fill",
        "weighted_patterns",
        "race_ataris",
        "eye_fix",
        "eye_fill_redirect",
    ];

    pub(crate) fn parse(text: &str) -> Result<Tuning, String> {
        let mut pairs = Vec::new();
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("`{pair}` is not name=value"))?;
            let name = name.trim();
            if !Self::NAMES.contains(&name) {
                return Err(format!(
                    "unknown parameter `{name}` (known: {})",
                    Self::NAMES.join(", ")
                ));
            }
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("`{value}` is not a number >= 0 for {name}"))?;
            pairs.push((name.to_string(), value));
        }
        Ok(Tuning { pairs })
    }

    fn apply_search(&self, config: &mut SearchConfig) {
        for (name, v) in &self.pairs {
            match name.as_str() {
                "exploration" => config.exploration = *v,
                "rave_equivalence" => config.rave_equivalence = *v,
                "rave_minimum_error" if *v != 0.0 => {
                    config.rave_schedule = RaveSchedule::MinimumError;
                }
                "rave_first_play" => config.rave_first_play = *v != 0.0,
                "prior_in_mean" => config.prior_in_mean = *v != 0.0,
                "rave_distance" => config.rave_distance = *v,
                "criticality" => config.criticality = *v,
                "criticality_visits" => config.criticality_visits = *v as u32,
                "first_play_urgency" => config.first_play_urgency = *v,
                "expand_after" => config.expand_after = *v as u32,
                "max_nodes" => config.max_nodes = *v as usize,
                "puct" if *v != 0.0 => config.selection = Selection::Puct,
                "root_parallel" if *v != 0.0 => config.parallelism = Parallelism::Root,
                _ => {}
            }
        }
    }

    pub(crate) fn apply_heavy(&self, config: &mut HeavyConfig) {
        for (name, v) in &self.pairs {
            match name.as_str() {
                "capture" => config.capture = *v as f32,
                "two_liberties" => config.two_liberties = *v as f32,
                "nakade" => config.nakade = *v as f32,
                "read_ladders" => config.read_ladders = *v as f32,
                "ko_retake" => config.ko_retake = *v as f32,
                "careful_captures" => config.careful_captures = *v as f32,
                "self_atari_other" => config.self_atari_other = *v as f32,
                "nakade_fill" => config.nakade_fill = *v as f32,
                "weighted_patterns" => config.weighted_patterns = *v as f32,
                "race_ataris" => config.race_ataris = *v as f32,
                "eye_fix" => config.eye_fix = *v as f32,
                "eye_fill_redirect" => config.eye_fill_redirect = *v as f32,
                "replies" => config.replies = *v as f32,
                "pattern" => config.pattern = *v as f32,
                "reject_lone_self_atari" => config.reject_lone_self_atari = *v as f32,
                "priors" => config.priors = *v != 0.0,
                "pattern_prior" => config.pattern_prior = *v as f32,
                "score_weight" => config.score_weight = *v as f32,
                _ => {}
            }
        }
    }
}

impl Options {
    /// A fixed playout budget on one thread (tests, referees).
    pub fn playouts(playouts: u32, seed: u64) -> Options {
        Options {
            level: 10,
            playouts: Some(playouts),
            time: None,
            threads: Some(1),
            seed,
            flat: false,
            light: false,
            tune: None,
            ponder: false,
        }
    }
}

pub use stonefield_ai::classic::count;
pub use stonefield_ai::level::{LEVELS, Level};

/// The last search, for `stonefield-search_stats`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SearchStats {
    pub playouts: u32,
    pub seconds: f64,
    /// The chosen move's win estimate for the player; `None` when not searched (the flat
    /// player, or a pass decided by the count).
    pub win_rate: Option<f64>,
    /// Playouts made on the opponent's time after the move before (with `--ponder`).
    pub pondered: u32,
}

/// The search going on while the opponent thinks, and the flag that ends it.
#[derive(Debug)]
struct Pondering {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<(ClassicSearch, u32)>,
}

/// The player: its options and the search tree it keeps between moves.
#[derive(Debug)]
pub struct Player {
    options: Options,
    search: Option<ClassicSearch>,
    pondering: Option<Pondering>,
    /// Playouts pondered since the last move was chosen.
    pondered: u32,
    rng: fastrand::Rng,
    /// New games begun since the start: the offset of the search's seed.
    games: u64,
    pub last: SearchStats,
}

impl Player {
    pub fn new(options: Options) -> Player {
        let rng = fastrand::Rng::with_seed(options.seed);
        Player {
            options,
            search: None,
            pondering: None,
            pondered: 0,
            rng,
            games: 0,
            last: SearchStats::default(),
        }
    }

    /// A new game begins: its searches take the next seed. Without this, a deterministic
    /// player meeting a deterministic opponent plays the same game again and again.
    pub fn new_game(&mut self) {
        self.stop_pondering();
        self.games = self.games.wrapping_add(1);
        self.search = None;
    }

    /// On the opponent's time, on another thread until [`Player::stop_pondering`]: moves
    /// the kept tree to `game` (the position after this player's move), and with
    /// `--ponder` goes on searching it. Re-rooting is the larger share of the work of
    /// keeping the tree (up to a sixth of a second on 9x9): the next move's clock pays
    /// only for the opponent's reply.
    pub fn ponder(&mut self, game: &ClassicGame) {
        if self.options.flat || game.is_over() {
            return;
        }
        self.stop_pondering();
        let Some(mut search) = self.search.take() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (game, searches) = (game.clone(), self.options.ponder);
        let thread = std::thread::spawn(move || {
            search.set_game(game);
            let made = if searches { search.ponder(&flag) } else { 0 };
            (search, made)
        });
        self.pondering = Some(Pondering { stop, thread });
    }

    /// Whether a thread works on the opponent's time.
    #[cfg(test)]
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Ends the pondering, if any, and takes its tree back for the next move.
    pub fn stop_pondering(&mut self) {
        let Some(Pondering { stop, thread }) = self.pondering.take() else {
            return;
        };
        stop.store(true, Ordering::Relaxed);
        // A search that panicked loses its tree: the next move starts afresh.
        if let Ok((search, made)) = thread.join() {
            self.search = Some(search);
            self.pondered = self.pondered.saturating_add(made);
        }
    }

    fn level(&self) -> Level {
        LEVELS[usize::from(self.options.level.clamp(1, 10)) - 1]
    }

    /// The time for this move: the explicit `--time`, else the level's, shortened by the
    /// game clock's budget when there is one.
    fn budget(&self, clock: Option<Budget>) -> Option<Budget> {
        let own = match (self.options.time, self.options.playouts) {
            (Some(t), _) => Some(Budget::fixed(t)),
            (None, Some(_)) => None,
            (None, None) => self.level().seconds.map(Budget::fixed),
        };
        match (own, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn config(&self, budget: Option<Budget>) -> SearchConfig {
        let level = self.level();
        let playouts = self.options.playouts.or(if self.options.time.is_some() {
            None
        } else {
            level.playouts
        });
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = self
            .options
            .threads
            .unwrap_or(if level.all_threads { cores } else { 1 });
        let mut config = SearchConfig {
            playouts,
            time: budget.map(|b| b.target),
            threads: threads.max(1),
            // Threads take `seed + i`: games step by a stride far beyond any thread count.
            seed: self
                .options
                .seed
                .wrapping_add(self.games.wrapping_mul(1 << 20)),
            max_nodes: MAX_TREE_NODES,
            ..classic::search_config()
        };
        if let Some(tune) = &self.options.tune {
            tune.apply_search(&mut config);
        }
        config
    }

    /// The move for the player to move in `game`. `opponent_passed` says the last move
    /// was a pass; `cleanup` asks for every dead stone to be captured before passing
    /// (`kgs-genmove_cleanup`).
    pub fn choose(
        &mut self,
        game: &ClassicGame,
        clock: Option<Budget>,
        opponent_passed: bool,
        cleanup: bool,
    ) -> Choice<Point> {
        if game.phase() != Phase::Playing {
            return Choice::Pass;
        }
        if self.options.flat {
            let playouts = self.options.playouts.unwrap_or(20_000);
            let started = Instant::now();
            let choice = choose_move(game, playouts, &mut self.rng);
            self.last = SearchStats {
                playouts,
                seconds: started.elapsed().as_secs_f64(),
                win_rate: None,
                pondered: 0,
            };
            return choice;
        }
        // The dead-stone estimate costs about a thousand light playouts: it is made only
        // where a pass is in question.
        let mut estimate = None;
        if opponent_passed {
            let dead = self.estimate(game);
            // Passing back ends the game: do it when the count says we have won, once no
            // chain of ours can still be taken.
            if !must_clear(game, &dead, cleanup) && self.wins_count(game, &dead) {
                self.last = SearchStats::default();
                return rescue(game, cleanup).map_or(Choice::Pass, Choice::Play);
            }
            estimate = Some(dead);
        }
        let result = self.search(game, clock);
        let choice = self.pick(&result);
        if choice != Choice::Pass {
            return choice;
        }
        if let Some(p) = rescue(game, cleanup) {
            return Choice::Play(p);
        }
        let dead = estimate.unwrap_or_else(|| self.estimate(game));
        settle(choice, &result, must_clear(game, &dead, cleanup))
    }

    /// Runs the search, longer when the best two moves are close and the clock allows.
    fn search(&mut self, game: &ClassicGame, clock: Option<Budget>) -> SearchResult<Point> {
        let budget = self.budget(clock);
        let config = self.config(budget);
        let search = self.search.get_or_insert_with(|| {
            let policy = if self.options.light {
                SearchPolicy::Light(ClassicPolicy)
            } else {
                let mut heavy = HeavyConfig::default();
                if let Some(tune) = &self.options.tune {
                    tune.apply_heavy(&mut heavy);
                }
                SearchPolicy::Heavy(HeavyPolicy { config: heavy })
            };
            classic::new_search_with(game.clone(), config.clone(), policy)
        });
        let started = Instant::now();
        search.set_config(config.clone());
        search.set_game(game.clone());
        // Re-rooting a tree kept from earlier moves took up to a sixth of a second on 9x9:
        // it comes out of the move's time, so that a move takes no longer than its budget.
        let left = |t: Duration| {
            t.saturating_sub(started.elapsed())
                .max(Duration::from_millis(1))
        };
        search.set_config(SearchConfig {
            time: config.time.map(left),
            ..config.clone()
        });
        let mut result = search.run();
        let mut playouts = result.playouts;
        if let Some(b) = budget
            && b.limit > b.target
            && undecided(&result)
        {
            search.set_config(SearchConfig {
                time: Some(left(b.limit)),
                ..config
            });
            result = search.run();
            playouts += result.playouts;
        }
        self.last = SearchStats {
            playouts,
            seconds: started.elapsed().as_secs_f64(),
            win_rate: Some(result.win_rate),
            pondered: std::mem::take(&mut self.pondered),
        };
        result
    }

    /// The move of a finished search: the most visited, or at the low levels a draw among
    /// the visited moves that play a stone. A pass chosen from a few dozen playouts is
    /// noise, and one drawn by chance would end games early; resignation stands.
    fn pick(&mut self, result: &SearchResult<Point>) -> Choice<Point> {
        let explicit = self.options.playouts.is_some() || self.options.time.is_some();
        if explicit {
            return result.choice;
        }
        self.level().pick(result, &mut self.rng)
    }

    /// Every stone the estimate calls dead, whatever the rules do with dead stones.
    fn estimate(&mut self, game: &ClassicGame) -> Vec<Stone<Point>> {
        estimate_dead(game, ESTIMATE_PLAYOUTS, &mut self.rng)
    }

    /// The stones the count removes: the estimate's, or none where the rules mark no dead
    /// stones (Tromp-Taylor counts the board as it stands).
    pub fn dead(&mut self, game: &ClassicGame) -> Vec<Stone<Point>> {
        if !game.rules().mark_dead {
            return Vec::new();
        }
        self.estimate(game)
    }

    /// Whether the player to move wins if the game is counted now, with `estimate` the
    /// stones thought dead (removed only where the rules mark dead stones).
    fn wins_count(&self, game: &ClassicGame, estimate: &[Stone<Point>]) -> bool {
        let me = game.to_move();
        let removed = if game.rules().mark_dead {
            estimate
        } else {
            &[]
        };
        matches!(count(game, removed), Outcome::Win { winner, .. } if winner == me)
    }
}

/// Whether stones of the opponent's that `estimate` calls dead must be captured before the
/// player to move may pass: always in cleanup, and under area scoring, where capturing
/// them costs nothing and leaving them may cost the count (or, without marking, the game).
fn must_clear(game: &ClassicGame, estimate: &[Stone<Point>], cleanup: bool) -> bool {
    let opponent = game.to_move().other();
    (cleanup || game.rules().scoring == Scoring::Area)
        && estimate.iter().any(|s| s.color == opponent)
}

/// Before a pass where filling costs nothing (area scoring, or cleanup): the point that
/// saves a chain of the player to move in atari, if a stone there has two liberties. A
/// stone in atari left at the end is counted dead by referees (GNU Go among them) even
/// where random playouts call it alive, as at the end of a ko.
fn rescue(game: &ClassicGame, cleanup: bool) -> Option<Point> {
    if !(cleanup || game.rules().scoring == Scoring::Area) {
        return None;
    }
    let board = game.board();
    let me = game.to_move();
    board.points().find_map(|p| {
        if board.get(p) != Some(me) {
            return None;
        }
        let cell = board.cell(p)?;
        let liberty = board.atari_liberty(cell)?;
        let point = board.cell_point(liberty);
        (board.liberties_after(liberty, me, 2).len() >= 2 && game.check(&point).is_ok())
            .then_some(point)
    })
}

/// Whether the runner-up has more than half the visits of the best move.
fn undecided(result: &SearchResult<Point>) -> bool {
    match result.moves.as_slice() {
        [best, second, ..] => f64::from(second.visits) > 0.5 * f64::from(best.visits),
        _ => false,
    }
}

/// The search's choice, except a pass while dead stones must still be cleared: then the
/// most visited move that is not a pass, if there is one.
fn settle(choice: Choice<Point>, result: &SearchResult<Point>, must_clear: bool) -> Choice<Point> {
    if choice != Choice::Pass || !must_clear {
        return choice;
    }
    result
        .moves
        .iter()
        .find_map(|m| match m.action {
            Action::Play(p) if m.visits > 0 => Some(Choice::Play(p)),
            _ => None,
        })
        .unwrap_or(Choice::Pass)
}

#[cfg(test)]
mod tests;
