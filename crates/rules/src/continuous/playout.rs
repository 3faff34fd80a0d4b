//! Random playouts for the computer player's search. Each move is a random pointer
//! resolved and checked by the exact engine (ko included), as a person's click is; the
//! Voronoi cells are left stale while the stones come and go and computed once at the end,
//! which gives the same score as updating them move by move.

use super::game::ContinuousGame;
use super::plan::Plan;
use super::point::V;
use super::resolve::SnapMode;
use crate::{ByColor, Color, Game, IllegalMove, Outcome, Phase};

/// Random pointers tried for one move before the player passes: on a full board nearly
/// every pointer resolves to nothing legal, and two passes end the playout.
const TRIES: usize = 12;

/// What a playout did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutResult {
    /// Stones placed.
    pub moves: u32,
    /// The live score at the end, komi included, as [`Game::score`] gives it.
    pub score: ByColor<f64>,
}

impl PlayoutResult {
    /// Black's value of the end: 1 a Black win, 0 a White win, ½ a draw, by the count's
    /// own rule ([`Outcome::from_scores`]: scores equal to 0.01 draw).
    pub fn black_value(&self) -> f64 {
        match Outcome::from_scores(self.score.black, self.score.white) {
            Outcome::Win {
                winner: Color::Black,
                ..
            } => 1.0,
            Outcome::Win { .. } => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

/// Plays random moves from `game` until both players pass in turn (no legal, useful
/// point found), the game leaves play, or `max_moves` stones were placed; then scores the
/// end exactly. `game` is left at the end of the playout, its cells and score up to date.
///
/// A player never fills its own eye (a point where the opponent's stone would be suicide,
/// touching only its own groups) nor places a stone that takes its own stones off.
///
/// ```
/// use stonefield_rules::continuous::{ContinuousGame, ContinuousRules, random_playout};
///
/// let mut game = ContinuousGame::new(ContinuousRules::default()).unwrap();
/// let end = random_playout(&mut game, &mut fastrand::Rng::with_seed(1), 500);
/// assert!(end.moves > 50);
/// let komi = ContinuousRules::default().komi;
/// assert!((end.score.black + end.score.white - komi - 169.0).abs() < 1e-6);
/// ```
pub fn random_playout(
    game: &mut ContinuousGame,
    rng: &mut fastrand::Rng,
    max_moves: u32,
) -> PlayoutResult {
    let mut moves = 0;
    while game.ending.phase() == Phase::Playing && moves < max_moves {
        if game.random_move(rng) {
            moves += 1;
        } else if game.pass().is_err() {
            break;
        }
    }
    if moves > 0 {
        game.pos.refresh_all_cells();
    }
    PlayoutResult {
        moves,
        score: game.score(),
    }
}

impl ContinuousGame {
    /// Places a stone for the player to move at a random pointer's point, leaving the
    /// cells stale; false when [`TRIES`] pointers found no point worth playing.
    fn random_move(&mut self, rng: &mut fastrand::Rng) -> bool {
        let (lo, hi) = self.pos.board.bbox();
        let color = self.to_move();
        for _ in 0..TRIES {
            let pointer = V::new(
                lo.x + rng.f64() * (hi.x - lo.x),
                lo.y + rng.f64() * (hi.y - lo.y),
            );
            // The bench's mix: contact moves come from the snapping modes.
            let mode = match rng.u8(0..10) {
                0..=5 => SnapMode::Nearest,
                6 | 7 => SnapMode::Own,
                _ => SnapMode::Opponent,
            };
            let Some(at) = self.pos.resolve(pointer, mode, color) else {
                continue;
            };
            let Ok(plan) = self.plan(at) else {
                continue;
            };
            if plan
                .removed
                .iter()
                .any(|&id| self.pos.stone(id).color == color)
            {
                continue;
            }
            // A stone that captures nothing and keeps a free point of its own leaves the
            // opponent the same free point there: not an eye.
            if plan.removed.is_empty()
                && plan.joins_own()
                && !plan.has_own_liberty()
                && self.is_eye_of(at, color, &plan)
            {
                continue;
            }
            self.commit_areas(plan, None);
            return true;
        }
        false
    }

    /// True when a stone of the other colour at `at` would be suicide, given the mover's
    /// `plan` there, which captures nothing and leaves the new stone no free point.
    fn is_eye_of(&self, at: V, color: Color, plan: &Plan) -> bool {
        // Covering is blind to colour: the opponent's stone would have no free point
        // either, and would take from the mover's groups what the mover's stone takes.
        // When each group the mover's stone joins keeps a free stone, the opponent's stone
        // captures nothing; joining none of its own, it then has no liberty at all.
        if plan.joined_keep_liberties() && !self.pos.connects_to(at, color.other()) {
            if cfg!(test) {
                assert!(self.is_suicide_for(at, color.other()), "an eye at {at:?}");
            }
            return true;
        }
        self.is_suicide_for(at, color.other())
    }

    /// True when a stone of `color` at `at` would be suicide.
    fn is_suicide_for(&self, at: V, color: Color) -> bool {
        matches!(self.pos.plan(at, color), Err(IllegalMove::Suicide))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuous::ContinuousRules;
    use crate::continuous::point::Point;

    /// Move by move through random playouts: no stone fills its own eye, judged by the
    /// opponent's whole plan at that point, and none takes its own stones off. (Each eye
    /// that the playout finds without that plan is checked against it as it is found.)
    #[test]
    fn playouts_never_fill_their_own_eyes() {
        // Quiet joining moves checked, and those among them without a free point of
        // their own (where the opponent's plan had to decide).
        let (mut joining, mut crowded) = (0, 0);
        for seed in 0..6u64 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut game = ContinuousGame::new(ContinuousRules::default()).expect("rules");
            while game.ending.phase() == Phase::Playing {
                let before = game.clone();
                let color = game.to_move();
                if !game.random_move(&mut rng) {
                    if game.pass().is_err() {
                        break;
                    }
                    continue;
                }
                let new: Vec<Point> = game
                    .stones()
                    .into_iter()
                    .filter(|s| before.stone_at(s.at).is_none())
                    .map(|s| s.at)
                    .collect();
                assert_eq!(new.len(), 1, "seed {seed}: one new stone");
                let at = V::from(new[0]);
                let plan = before.pos.plan(at, color).expect("a played move is legal");
                assert!(
                    plan.removed
                        .iter()
                        .all(|&id| before.pos.stone(id).color != color),
                    "seed {seed}: a move took its own stones"
                );
                if plan.removed.is_empty() && plan.joins_own() {
                    joining += 1;
                    crowded += usize::from(!plan.has_own_liberty());
                    assert!(
                        !before.is_suicide_for(at, color.other()),
                        "seed {seed}: {color:?} filled its own eye at {}",
                        new[0]
                    );
                }
            }
        }
        assert!(
            joining > 100 && crowded > 10,
            "{joining} joining, {crowded} crowded"
        );
    }
}
