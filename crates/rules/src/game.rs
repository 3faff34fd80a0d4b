//! The one interface every variant implements, shaped like OpenSpiel's game API so that the
//! AI, the server and replay drive any variant without knowing its geometry.

use std::fmt::Debug;

use crate::{ByColor, Color, IllegalMove, Outcome};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Play has ended by two passes; dead stones are being marked before the count.
    MarkingDead,
    /// The game has a result.
    Finished(Outcome),
}

/// What every variant's [`Game::end`] does to its `phase`: the game takes `outcome` unless
/// it has a result already.
///
/// # Errors
/// [`IllegalMove::GameOver`] when `phase` is finished.
pub fn finish(phase: &mut Phase, outcome: Outcome) -> Result<(), IllegalMove> {
    if matches!(phase, Phase::Finished(_)) {
        return Err(IllegalMove::GameOver);
    }
    *phase = Phase::Finished(outcome);
    Ok(())
}

/// A stone that a move removed from the board, or a stone standing on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stone<P> {
    pub at: P,
    pub color: Color,
}

/// What a successful placement did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Placed<P> {
    /// Every stone removed by the move, of either colour, in removal order.
    pub captured: Vec<Stone<P>>,
}

/// A game of one variant: a position plus everything the rules need to judge the next move
/// (history for ko and superko, passes, the phase).
///
/// Clone is the undo: it is cheap enough for search, and a refused move changes nothing.
pub trait Game: Clone + Debug {
    /// A move of this variant: a grid point, a real coordinate, a point and level...
    type Move: Clone + Debug + PartialEq;
    /// Where a stone stands (what captures and `stones` report).
    type Point: Clone + Copy + Debug + PartialEq;

    /// The player whose turn it is.
    fn to_move(&self) -> Color;

    /// Whether `mv` by the player to move would be accepted, and why not.
    ///
    /// # Errors
    /// The reason the move is illegal.
    fn check(&self, mv: &Self::Move) -> Result<(), IllegalMove>;

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    /// The reason the move is illegal; the game is then unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<Placed<Self::Point>, IllegalMove>;

    /// The player to move passes.
    ///
    /// # Errors
    /// [`IllegalMove::PassNotAllowed`] in a variant without passes, or
    /// [`IllegalMove::GameOver`] once play has ended.
    fn pass(&mut self) -> Result<(), IllegalMove>;

    /// Ends the game with `outcome`, decided outside the rules of play: a resignation, a
    /// loss on time, a limit on the game's length. Allowed at any time before the game has
    /// a result (while dead stones are marked too). Variants implement it with [`finish`].
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game already has a result.
    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove>;

    /// `color` resigns; allowed at any time before the game has a result.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game already has a result.
    fn resign(&mut self, color: Color) -> Result<(), IllegalMove> {
        self.end(Outcome::resignation(color))
    }

    /// Where the game stands.
    fn phase(&self) -> Phase;

    /// True once no more moves are accepted.
    fn is_over(&self) -> bool {
        self.phase() != Phase::Playing
    }

    /// The result, once there is one.
    fn outcome(&self) -> Option<Outcome> {
        match self.phase() {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    /// The live count of the position as it stands (komi included), as the variant's rules
    /// page defines it.
    fn score(&self) -> ByColor<f64>;

    /// The result if play ended now: the higher [`Game::score`] wins, unless the variant's
    /// rules decide an ended game on more than the count (in Topological Go a player with
    /// reserve stones left loses). What a player who passes back stakes on.
    fn count_now(&self) -> Outcome {
        let score = self.score();
        Outcome::from_scores(score.black, score.white)
    }

    /// A hash of the position (stones and player to move); equal positions hash equal.
    fn position_hash(&self) -> u64;

    /// Every stone on the board.
    fn stones(&self) -> Vec<Stone<Self::Point>>;

    /// The moves an AI should consider: every legal placement where the move space is
    /// finite, a sample of candidates where it is continuous. Passing is not listed.
    fn candidate_moves(&self) -> Vec<Self::Move>;
}
