//! What a variant tells the search: its candidate moves, whether it may pass, its playout,
//! and optionally priors and the keys RAVE pools moves under. Defaults go through the
//! [`Game`] trait alone, so any variant can be searched with [`RandomPolicy`].

use stonefield_rules::{Color, Game, Outcome};

use super::replies::Replies;
use super::types::Action;

/// The moves a playout made, as (mover, AMAF key) pairs, for RAVE. Recording is off when
/// the search does not use RAVE: policies may skip the work then. It also carries the
/// worker's last good replies, learnt from earlier iterations when the policy asks for
/// them ([`Policy::learns_replies`]).
#[derive(Debug, Default, Clone)]
pub struct Trace {
    enabled: bool,
    played: Vec<(Color, u64)>,
    replies: Replies,
    /// The keys whose holder at the playout's end the search asks for (criticality).
    owners_wanted: Vec<u64>,
    /// Who holds each wanted key's point, once the policy has recorded it.
    owners: Vec<Option<Color>>,
}

impl Trace {
    pub(super) fn new(enabled: bool) -> Self {
        Trace {
            enabled,
            ..Trace::default()
        }
    }

    /// The last good reply of `color` to the opponent's move keyed `previous`.
    pub fn reply(&self, color: Color, previous: u64) -> Option<u64> {
        self.replies.reply(color, previous)
    }

    /// Teaches the last good replies one iteration: the tree's moves down the path
    /// (`None` for a pass or a move without a key), then the moves recorded.
    pub(crate) fn learn_replies(
        &mut self,
        in_tree: impl Iterator<Item = Option<(Color, u64)>>,
        black_value: f64,
    ) {
        let played = self.played.iter().map(|&m| Some(m));
        self.replies.learn(in_tree.chain(played), black_value);
    }

    /// A trace that records, for tests of a policy's playout.
    pub fn new_enabled() -> Self {
        Trace::new(true)
    }

    /// The moves recorded so far.
    pub fn moves(&self) -> &[(Color, u64)] {
        &self.played
    }

    /// Whether moves should be recorded.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// Records that `color` played the move with AMAF key `key` (ignored when disabled).
    pub fn push(&mut self, color: Color, key: u64) {
        if self.enabled {
            self.played.push((color, key));
        }
    }

    pub(crate) fn reset(&mut self, enabled: bool) {
        self.enabled = enabled;
        self.played.clear();
        self.owners_wanted.clear();
        self.owners.clear();
    }

    /// Whether the search asks who holds some points at the playout's end: then a policy
    /// that can tell calls [`Trace::record_owners`] once the playout is over.
    pub fn wants_owners(&self) -> bool {
        !self.owners_wanted.is_empty()
    }

    /// Records who holds the point of each key the search asked for (`None`: no stone
    /// there), at the end of the playout.
    pub fn record_owners(&mut self, owner_of: impl Fn(u64) -> Option<Color>) {
        self.owners.clear();
        self.owners
            .extend(self.owners_wanted.iter().map(|&key| owner_of(key)));
    }

    /// Asks for the holders of `key`'s point at the playout's end.
    pub(super) fn want_owner(&mut self, key: u64) {
        self.owners_wanted.push(key);
    }

    /// The holders recorded, in the order asked; empty if the policy recorded none.
    pub(super) fn owners(&self) -> &[Option<Color>] {
        &self.owners
    }

    pub(super) fn take(&mut self) -> std::vec::Drain<'_, (Color, u64)> {
        self.played.drain(..)
    }
}

/// A variant's knowledge, as the search asks for it. Only [`Policy::playout`] needs a
/// variant-specific body for speed; every other method has a default through [`Game`].
pub trait Policy<G: Game>: Sync {
    /// The moves the search considers in `game`, passing aside.
    fn candidates(&self, game: &G) -> Vec<G::Move> {
        game.candidate_moves()
    }

    /// Whether the player to move may pass (then passing is searched like a move). The
    /// default tries it on a copy of the game; variants override it with a cheap test.
    fn may_pass(&self, game: &G) -> bool {
        game.clone().pass().is_ok()
    }

    /// Prior probabilities of `actions` (same order, summing to about 1) for PUCT; `None`
    /// for uniform priors.
    fn priors(&self, _game: &G, _actions: &[Action<G::Move>]) -> Option<Vec<f32>> {
        None
    }

    /// Prior knowledge as equivalent experience: for each of `actions` (same order),
    /// (visits, wins for the mover) with which its all-moves-as-first statistics start,
    /// the way Fuego initialises its RAVE values. With RAVE on, a new move's value is its
    /// AMAF value until it has visits of its own, so these steer the first visits and
    /// fade as real playouts add up. `None` (the default) starts every move empty.
    fn prior_experience(&self, _game: &G, _actions: &[Action<G::Move>]) -> Option<Vec<(u32, f32)>> {
        None
    }

    /// The key RAVE pools `mv` under: equal keys must mean "the same move" on every turn
    /// (a grid point). `None` (and `u64::MAX`) keeps the move out of RAVE.
    fn amaf_key(&self, _mv: &G::Move) -> Option<u64> {
        None
    }

    /// Whether the search should teach the playouts' [`Trace`] the last good replies
    /// (keyed like RAVE) after every iteration.
    fn learns_replies(&self) -> bool {
        false
    }

    /// Plays `game` on to its end (or a cap) and returns Black's value in [0, 1]: 1 a
    /// Black win, 0 a White win. Records the moves in `trace` when it is enabled.
    fn playout(&self, game: &mut G, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        random_playout(self, game, rng, trace, DEFAULT_PLAYOUT_MOVES)
    }

    /// Black's value of a position where the search stops without a playout (the game is
    /// over, or no move is left).
    fn value(&self, game: &G) -> f64 {
        black_value(game)
    }
}

/// The move cap of the default playout: random games of some variants run for hundreds of
/// moves before they end, and a capped one is still scored.
pub const DEFAULT_PLAYOUT_MOVES: u32 = 200;

/// Black's value of `game`: 1, 0 or ½ by the result once there is one, else by the
/// result if play ended now ([`Game::count_now`]).
pub fn black_value<G: Game>(game: &G) -> f64 {
    let outcome = game.outcome().unwrap_or_else(|| game.count_now());
    match outcome {
        Outcome::Win {
            winner: Color::Black,
            ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// The trivial playout: uniformly random candidates of `policy`, passing only when there is
/// none, until the game is over or `max_moves` moves were made; then [`Policy::value`].
pub fn random_playout<G: Game, P: Policy<G> + ?Sized>(
    policy: &P,
    game: &mut G,
    rng: &mut fastrand::Rng,
    trace: &mut Trace,
    max_moves: u32,
) -> f64 {
    for _ in 0..max_moves {
        if game.is_over() {
            break;
        }
        let color = game.to_move();
        let moves = policy.candidates(game);
        if moves.is_empty() {
            if game.pass().is_err() {
                break;
            }
            continue;
        }
        let mv = &moves[rng.usize(..moves.len())];
        if game.play(mv).is_err() {
            break;
        }
        if let Some(key) = policy.amaf_key(mv) {
            trace.push(color, key);
        }
    }
    policy.value(game)
}

/// A policy for any variant through the [`Game`] trait alone: its candidate moves, uniform
/// priors, no RAVE, and random playouts of at most `max_moves` moves.
#[derive(Debug, Clone, Copy)]
pub struct RandomPolicy {
    pub max_moves: u32,
}

impl Default for RandomPolicy {
    fn default() -> Self {
        RandomPolicy {
            max_moves: DEFAULT_PLAYOUT_MOVES,
        }
    }
}

impl<G: Game> Policy<G> for RandomPolicy {
    fn playout(&self, game: &mut G, rng: &mut fastrand::Rng, trace: &mut Trace) -> f64 {
        random_playout(self, game, rng, trace, self.max_moves)
    }
}
