//! What [`crate::AnyGame`] asks of each variant's adapter, with what most variants answer
//! the same way written once as default methods: the turn, phase and live score come from
//! the engine, and a variant without dead-stone marking refuses the marking moves.

use serde_json::Value;
use stonefield_rules::{ByColor, Color, Game, IllegalMove, Outcome, Phase};

use crate::{MoveReport, RecordError, RecordMove};

/// The part of an engine's [`Game`] an adapter reads without knowing its variant; every
/// game has it.
pub trait LiveGame {
    /// The player to move.
    fn to_move(&self) -> Color;
    /// Where the game stands.
    fn phase(&self) -> Phase;
    /// The live score, komi included.
    fn score(&self) -> ByColor<f64>;
}

impl<G: Game> LiveGame for G {
    fn to_move(&self) -> Color {
        Game::to_move(self)
    }
    fn phase(&self) -> Phase {
        Game::phase(self)
    }
    fn score(&self) -> ByColor<f64> {
        Game::score(self)
    }
}

/// A variant's engine driven through record moves and written as JSON.
pub trait Adapter {
    /// The engine's game, as far as every variant shares it.
    fn engine(&self) -> &dyn LiveGame;

    /// Plays a record move and says what happened; illegal moves change nothing.
    fn apply(&mut self, mv: &RecordMove) -> MoveReport;

    /// `{"stones", "to_move", "over", "score"}`, plus `"result"` once finished.
    fn final_view(&self) -> Value;

    /// The variant, the resolved rules and the board for drawing.
    fn describe(&self) -> Value;

    /// What a move would do, without changing the game (see [`crate::AnyGame::preview`]).
    ///
    /// # Errors
    /// A malformed request, naming the key.
    fn preview(&self, request: &Value) -> Result<Value, RecordError>;

    /// The player to move.
    fn to_move(&self) -> Color {
        self.engine().to_move()
    }

    /// Where the game stands.
    fn phase(&self) -> Phase {
        self.engine().phase()
    }

    /// The live score, komi included.
    fn score(&self) -> ByColor<f64> {
        self.engine().score()
    }

    /// The count the result comes from once play has stopped: the live score, unless the
    /// variant counts without the stones marked dead.
    fn count(&self) -> ByColor<f64> {
        self.score()
    }

    /// The board size that move names are written for (0: names need none).
    fn notation_size(&self) -> u8 {
        0
    }

    /// What a renderer draws: [`Adapter::final_view`] plus the variant's display state.
    fn view(&self) -> Value {
        self.final_view()
    }

    /// Marks or unmarks the group at `at` as dead.
    ///
    /// # Errors
    /// Outside the marking phase ([`IllegalMove::WrongPhase`], always in a variant without
    /// marking), or no stone there.
    fn toggle_dead(&mut self, _at: &[f64]) -> Result<(), IllegalMove> {
        Err(IllegalMove::WrongPhase)
    }

    /// The stones marked dead, in the variant's stone notation.
    fn dead_stones(&self) -> Vec<Value> {
        Vec::new()
    }

    /// Counts the game with the marked stones removed.
    ///
    /// # Errors
    /// Outside the marking phase (always in a variant without marking).
    fn accept_count(&mut self) -> Result<Outcome, IllegalMove> {
        Err(IllegalMove::WrongPhase)
    }

    /// Back to play after a disagreement on the marks.
    ///
    /// # Errors
    /// Outside the marking phase (always in a variant without marking).
    fn resume_play(&mut self) -> Result<(), IllegalMove> {
        Err(IllegalMove::WrongPhase)
    }
}
