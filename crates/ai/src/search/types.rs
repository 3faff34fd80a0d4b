//! What a search is asked and what it answers: its actions and choices, the selection
//! rule and parallelism, the configuration and the result with each root move's figures.

use std::time::Duration;

/// The index of a node in its tree's arena.
pub type NodeId = u32;

/// A move of the search tree: a variant's move, or passing.
#[derive(Debug, Clone, PartialEq)]
pub enum Action<M> {
    Play(M),
    Pass,
}

/// What the player should do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Choice<M> {
    Play(M),
    Pass,
    Resign,
}

/// How a child is chosen on the way down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selection {
    /// UCB1 on the mean value: `q + c·√(ln N / (n + 1))`; unvisited moves are worth
    /// [`SearchConfig::first_play_urgency`].
    #[default]
    Uct,
    /// AlphaZero's rule with the policy's priors: `q + c·P·√N / (1 + n)`; an unvisited move
    /// is worth what its parent is.
    Puct,
}

/// The weight `beta` of a move's AMAF value against its own mean, with `n` own visits,
/// `r` AMAF visits and `k` the [`SearchConfig::rave_equivalence`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RaveSchedule {
    /// Gelly and Silver's hand-set schedule, `sqrt(k / (3n + k))`: the AMAF value counts
    /// fully at first and fades with the move's own visits alone.
    #[default]
    Gelly,
    /// Silver's minimum-error schedule, `r / (r + n + n·r / k)`, as Pachi and Fuego use it
    /// (Pachi with `k` = 3,000 on 9x9): the AMAF value's weight grows with its own
    /// samples, so that it fades later where the playouts keep crediting the move.
    MinimumError,
}

/// How several threads share the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Parallelism {
    /// One tree for all threads; a move on its way down counts as a lost visit until its
    /// playout returns (virtual loss), so that the other threads look elsewhere.
    #[default]
    Tree,
    /// A tree per thread; the root statistics are summed at the end.
    Root,
}

/// How hard and how to search. Stops at whichever budget runs out first; with neither,
/// [`SearchConfig::DEFAULT_PLAYOUTS`].
#[derive(Debug, Clone, PartialEq)]
pub struct SearchConfig {
    /// Playouts in all, shared among the threads.
    pub playouts: Option<u32>,
    /// Wall-clock time for one [`Search::run`](super::Search::run).
    pub time: Option<Duration>,
    /// Threads (at least 1).
    pub threads: usize,
    /// One shared tree or one tree per thread.
    pub parallelism: Parallelism,
    /// Seeds thread `i` with `seed + i`: one thread with a playout budget repeats itself.
    pub seed: u64,
    pub selection: Selection,
    /// The `c` of the selection rule.
    pub exploration: f64,
    /// The value of a move not yet tried, under UCT (1: try every move once first).
    pub first_play_urgency: f64,
    /// Blend in all-moves-as-first values, for the moves the policy gives a key.
    pub rave: bool,
    /// The policy's prior experience counts in a move's own mean, as Pachi counts its
    /// priors, instead of starting its AMAF statistics, as Fuego does.
    pub prior_in_mean: bool,
    /// Visits at which a move's own value and its AMAF value weigh about the same.
    pub rave_equivalence: f64,
    /// How the AMAF value's weight fades as a move gathers visits of its own.
    pub rave_schedule: RaveSchedule,
    /// RAVE credits a move only to the player who played its point first in the
    /// iteration (as Pachi and Fuego do), not to both when the point was played again
    /// after a capture.
    pub rave_first_play: bool,
    /// How much more a move counts in RAVE the sooner after the node it was played: from
    /// `1 + d` right after it down to 1 at the playout's end, scaled to one on average
    /// (Pachi's `distance_rave`, 3 there); 0 counts every move alike.
    pub rave_distance: f64,
    /// Extra RAVE wins for a move whose point the playouts' winner tends to hold
    /// (criticality, Pachi's `crit_rave`, 1.1 there): this share of its AMAF visits times
    /// the covariance of holding the point and winning. 0 turns it off. It needs RAVE and
    /// a policy that records owners ([`super::Trace::record_owners`]).
    pub criticality: f64,
    /// Visits from which a move's criticality counts (Pachi's `crit_min_playouts`); a
    /// node gathers it from half as many.
    pub criticality_visits: u32,
    /// A leaf is expanded once it has this many visits (the root at once): cheap playouts
    /// decide first whether a position is worth the candidate generation.
    pub expand_after: u32,
    /// No leaf is expanded once a tree has this many nodes: memory stays bounded (a node
    /// of classic Go takes about 56 bytes).
    pub max_nodes: usize,
    /// Resign when the chosen move's win rate is below this after at least
    /// [`SearchConfig::RESIGN_MIN_VISITS`] visits.
    pub resign_below: Option<f64>,
}

impl SearchConfig {
    pub const DEFAULT_PLAYOUTS: u32 = 1000;
    pub const RESIGN_MIN_VISITS: u32 = 100;
    /// The longest time budget honoured (a year): longer ones are cut to it.
    pub const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 3600);
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: Some(Self::DEFAULT_PLAYOUTS),
            time: None,
            threads: 1,
            parallelism: Parallelism::Tree,
            seed: 0,
            selection: Selection::Uct,
            exploration: 0.5,
            first_play_urgency: 1.0,
            rave: true,
            prior_in_mean: false,
            rave_equivalence: 500.0,
            rave_schedule: RaveSchedule::Gelly,
            rave_first_play: false,
            rave_distance: 0.0,
            criticality: 0.0,
            criticality_visits: 2000,
            expand_after: 2,
            max_nodes: 2_000_000,
            resign_below: Some(0.03),
        }
    }
}

/// The statistics of one root move, summed over the threads' trees.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStats<M> {
    pub action: Action<M>,
    pub visits: u32,
    /// Mean playout value for the player to move (0.5 without visits).
    pub win_rate: f64,
    pub prior: f32,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// The most visited root move, or resignation; `Pass` when the game is already over.
    pub choice: Choice<M>,
    /// The win rate of the most visited move for the player to move.
    pub win_rate: f64,
    /// Every root move, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// Playouts made by this run, all threads together.
    pub playouts: u32,
    /// The roots' visits summed over the threads (more than `playouts` when a subtree was
    /// kept from an earlier search).
    pub root_visits: u32,
}

impl<M: Clone> SearchResult<M> {
    /// A move drawn among the visited moves that play a stone, each with a chance that
    /// grows as `visits^(1/temperature)`: the weaker levels' randomness. `None` when no
    /// such move was visited or `temperature` is not positive.
    pub fn draw_by_visits(&self, temperature: f64, rng: &mut fastrand::Rng) -> Option<M> {
        if temperature.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return None;
        }
        let weights: Vec<(f64, &M)> = self
            .moves
            .iter()
            .filter_map(|m| match &m.action {
                Action::Play(mv) if m.visits > 0 => {
                    Some((f64::from(m.visits).powf(1.0 / temperature), mv))
                }
                _ => None,
            })
            .collect();
        let total: f64 = weights.iter().map(|w| w.0).sum();
        let mut ticket = rng.f64() * total;
        for &(w, mv) in &weights {
            ticket -= w;
            if ticket <= 0.0 {
                return Some(mv.clone());
            }
        }
        weights.last().map(|&(_, mv)| mv.clone())
    }
}
