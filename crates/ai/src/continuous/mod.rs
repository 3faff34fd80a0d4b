//! Continuous Go's search policy: the rules crate's candidate moves (touching points,
//! captures, the open board) weighed by cheap priors, and its random playouts, which leave
//! the Voronoi cells stale until the end and score the end exactly.

mod clickable;

pub use clickable::{CLICK_MARGIN, clickable_point};

use stonefield_rules::continuous::{self, ContinuousGame, Point};
use stonefield_rules::{Game, Phase, Stone};

use crate::baseline::{Greedy, greedy_or_pass};
use crate::ending::settled_by_playouts;
use crate::search::{Action, Choice, Policy, SearchConfig, Selection, Trace};
use crate::survival::dead_by_continuations;

/// Continuous Go's policy, for PUCT ([`ContinuousPolicy::search_config`]): a continuum of
/// moves leaves hundreds of candidates and a few hundred playouts a second, too few to try
/// every candidate once, so priors decide which are tried first.
///
/// A random game on the default board ends by itself after about 270 stones, and its
/// result is close to a coin toss from an early position; the area a few dozen random
/// stones later says more about who leads, at a seventh of the cost. So playouts stop
/// after `max_moves` stones and are valued by the lead there, through a logistic.
#[derive(Debug, Clone, Copy)]
pub struct ContinuousPolicy {
    /// Stones a playout places at most.
    pub max_moves: u32,
    /// The lead (in units of the board's area) worth 0.73 to the leader, twice that 0.88;
    /// a finished playout is worth 1, ½ or 0.
    pub scale: f64,
}

impl Default for ContinuousPolicy {
    fn default() -> Self {
        ContinuousPolicy {
            max_moves: 40,
            scale: 8.0,
        }
    }
}

/// [`ContinuousPolicy`] with playouts of at most `max_moves` stones.
pub fn continuous_policy(max_moves: u32) -> ContinuousPolicy {
    ContinuousPolicy {
        max_moves,
        ..ContinuousPolicy::default()
    }
}

impl ContinuousPolicy {
    /// The search settings the policy is made for: PUCT on its priors, and leaves expanded
    /// after a few playouts (a candidate list costs a plan per candidate).
    pub fn search_config() -> SearchConfig {
        SearchConfig {
            selection: Selection::Puct,
            exploration: 1.0,
            rave: false,
            expand_after: 4,
            ..SearchConfig::default()
        }
    }
}

/// The prior of a pass: small, as a pass only ends a game that is decided.
const PASS_WEIGHT: f64 = 0.05;

/// Random games played to their end per estimate of the dead stones.
const DEAD_PLAYOUTS: u32 = 64;
/// Stones such a random game places at most (one ends by itself after about 270).
const DEAD_MOVES: u32 = 600;

/// The stones of `game` (in play) that most random games played on from it capture: the
/// dead stones of continuous Go, which has no ownership map of its own.
pub fn dead_stones(game: &ContinuousGame, rng: &mut fastrand::Rng) -> Vec<Stone<Point>> {
    dead_by_continuations(game, DEAD_PLAYOUTS, rng, |continued, rng| {
        continuous::random_playout(continued, rng, DEAD_MOVES);
    })
}

/// Passes when no stone gains area ([`greedy_or_pass`]), and on a settled board
/// ([`settled_by_playouts`]) when the stone that gains most would die ([`dead_stones`]):
/// a stone dropped into the opponent's area takes a share of it on the live count at
/// once, so a greedy player blind to dead stones would invade settled areas for ever and
/// its games would not end. (On an open board a lone stone dies in most random games, so
/// there the test would make it pass at once.)
impl Greedy for ContinuousGame {
    fn greedy_choice(&self, rng: &mut fastrand::Rng) -> Choice<Self::Move> {
        match greedy_or_pass(self, rng) {
            Choice::Play(p)
                if self.clone().pass().is_ok()
                    && settled_by_playouts(self, &ContinuousPolicy::default(), rng)
                    && dies(self, p, rng) =>
            {
                Choice::Pass
            }
            other => other,
        }
    }
}

/// Whether the stone the player to move places at `p` is among the dead stones after it.
fn dies(game: &ContinuousGame, p: Point, rng: &mut fastrand::Rng) -> bool {
    let me = game.to_move();
    let mut next = game.clone();
    if next.play(&p).is_err() {
        return false;
    }
    dead_stones(&next, rng)
        .iter()
        .any(|s| s.color == me && s.at == p)
}

impl Policy<ContinuousGame> for ContinuousPolicy {
    fn may_pass(&self, game: &ContinuousGame) -> bool {
        // Passing is refused only outside play and while handicap stones are due.
        game.phase() == Phase::Playing && game.handicap_left() == 0
    }

    fn priors(&self, game: &ContinuousGame, actions: &[Action<Point>]) -> Option<Vec<f32>> {
        let features = Features::of(game);
        let weights: Vec<f64> = actions
            .iter()
            .map(|a| match a {
                Action::Play(p) => features.weight(*p),
                Action::Pass => PASS_WEIGHT,
            })
            .collect();
        let total: f64 = weights.iter().sum();
        Some(weights.iter().map(|w| (w / total) as f32).collect())
    }

    fn playout(&self, game: &mut ContinuousGame, rng: &mut fastrand::Rng, _: &mut Trace) -> f64 {
        let end = continuous::random_playout(game, rng, self.max_moves);
        if game.phase() != Phase::Playing {
            return end.black_value();
        }
        let lead = end.score.black - end.score.white;
        1.0 / (1.0 + (-lead / self.scale.max(f64::MIN_POSITIVE)).exp())
    }
}

/// What the priors read of a position, once per candidate list.
struct Features {
    radius: f64,
    /// Points that capture a group in atari: the opponent's (`true`) or the mover's.
    captures: Vec<(Point, bool)>,
    /// Centres of the opponent's stones.
    opponents: Vec<Point>,
    /// The board's outline, as segments.
    edges: Vec<(Point, Point)>,
}

impl Features {
    fn of(game: &ContinuousGame) -> Features {
        let me = game.to_move();
        let captures = game
            .groups_in_atari()
            .into_iter()
            .map(|a| {
                (
                    a.capture_at,
                    a.stones.first().is_some_and(|s| s.color != me),
                )
            })
            .collect();
        let opponents = game
            .stones()
            .into_iter()
            .filter(|s| s.color != me)
            .map(|s| s.at)
            .collect();
        let vs = game.board().polygon().vertices();
        let edges = vs
            .iter()
            .zip(vs.iter().cycle().skip(1))
            .map(|(&a, &b)| (a, b))
            .collect();
        Features {
            radius: game.board().stone_radius(),
            captures,
            opponents,
            edges,
        }
    }

    /// A Go player's first look at a point: taking a group in atari, saving one, contact
    /// with the opponent, and not crawling along the edge.
    fn weight(&self, p: Point) -> f64 {
        let diameter = 2.0 * self.radius;
        let mut w = 1.0;
        for &(at, theirs) in &self.captures {
            if at.distance(p) < self.radius / 5.0 {
                w *= if theirs { 8.0 } else { 4.0 };
            }
        }
        let edge = self
            .edges
            .iter()
            .map(|&(a, b)| segment_distance(p, a, b))
            .fold(f64::INFINITY, f64::min);
        // The first line (a stone touching the edge) and the second.
        if edge < 0.75 * diameter {
            w *= 0.3;
        } else if edge < 1.75 * diameter {
            w *= 0.7;
        }
        if self
            .opponents
            .iter()
            .any(|&o| o.distance(p) < 1.05 * diameter)
        {
            w *= 1.5;
        }
        w
    }
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x() - a.x(), b.y() - a.y());
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (cx, cy) = (a.x() + t * dx, a.y() + t * dy);
    (p.x() - cx).hypot(p.y() - cy)
}

#[cfg(test)]
mod tests {
    use stonefield_rules::continuous::{ContinuousRules, SnapMode};

    use super::*;

    fn point(x: f64, y: f64) -> Point {
        Point::new(x, y).expect("finite")
    }

    #[test]
    fn priors_favour_captures_and_shun_the_edge() {
        let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
        // A white stone in the corner with a black one beside it is in atari: one black
        // stone above it takes it.
        for (x, y) in [(6.5, 6.5), (0.5, 0.5), (1.5, 0.5), (9.5, 3.5)] {
            game.play(&point(x, y)).expect("legal");
        }
        let atari = game.groups_in_atari();
        assert_eq!(atari.len(), 1, "{atari:?}");
        let capture = atari[0].capture_at;
        let centre = point(9.5, 9.5);
        let edge = game
            .resolve(point(12.5, 9.5), SnapMode::Nearest)
            .expect("a point");
        let actions = [capture, centre, edge].map(Action::Play);
        let priors = ContinuousPolicy::default()
            .priors(&game, &actions)
            .expect("priors");
        assert!(priors[0] > priors[1] && priors[1] > priors[2], "{priors:?}");
        let sum: f32 = priors.iter().sum();
        assert!((sum - 1.0).abs() < 1e-5, "{sum}");
    }

    #[test]
    fn greedy_players_end_their_games_by_passing() {
        // Before they judged their stones' survival, two greedy players invaded each
        // other's areas for ever.
        for seed in 1..=3 {
            let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut stones = 0;
            while game.phase() == Phase::Playing && stones < 1_000 {
                match game.greedy_choice(&mut rng) {
                    Choice::Play(p) => {
                        game.play(&p).expect("greedy plays legal stones");
                        stones += 1;
                    }
                    Choice::Pass | Choice::Resign => game.pass().expect("a pass"),
                }
            }
            assert_ne!(game.phase(), Phase::Playing, "seed {seed}: {stones} stones");
            assert!(
                stones > 20,
                "seed {seed}: passed on an open board after {stones}"
            );
        }
    }
}
