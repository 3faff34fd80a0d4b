//! The game layer as the server sees it: moves, views and reports as JSON, so that any
//! variant plugs in without server changes. The server never looks inside a position.
//!
//! ```
//! use serde_json::json;
//! use stonefield_server::engine;
//!
//! let mut game = engine::open("classic", &json!({"board_size": 9}), None).unwrap();
//! let report = game.apply(&json!({"color": "white", "at": [2, 2]})).unwrap();
//! assert_eq!(report["reason"], "not-your-turn");
//! ```

use serde_json::Value;
use stonefield_record::AnyGame;
use stonefield_rules::{ByColor, Color, Outcome, Phase};

use crate::any_engine::AnyEngine;

/// Why the game layer refused a request that is not a move (a move gets a report instead).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    /// The variant is not known to the server's game layer.
    #[error("unknown or unsupported variant {0:?}")]
    Variant(String),
    /// The rules or setup cannot make a game.
    #[error("bad rules: {0}")]
    Rules(String),
    /// A move, point or request that is not well formed.
    #[error("malformed: {0}")]
    Malformed(String),
    /// A well-formed request refused by the rules, with the kebab-case reason.
    #[error("{0}")]
    Refused(String),
}

/// One game of any variant, driven through JSON values shaped as in the record format.
pub trait Engine: Send + Sync + std::fmt::Debug {
    /// Plays a record move (`{"color","at"}`, `{"color","pass":true}`, ...) and returns the
    /// per-move report of `replay --json` (`result`, `reason`, `at`, `captured`, `score`),
    /// plus `notation`, the move's name for people, when it changed the game.
    /// An illegal move is a report with `"result": "illegal"`, and changes nothing.
    ///
    /// # Errors
    /// [`EngineError::Malformed`] for a move that cannot be read.
    fn apply(&mut self, mv: &Value) -> Result<Value, EngineError>;
    /// Every move played so far in the variant's notation (`E7`, `C5`, `(3.25, 4.10)`,
    /// `pass`), as each accepted move's report gives it under `notation`
    /// (`stonefield_record`'s notation).
    fn move_names(&self) -> &[String];
    /// The colour to move.
    fn to_move(&self) -> Color;
    /// Playing, marking dead stones, or finished.
    fn phase(&self) -> Phase;
    /// The live score (after marking: the score with the marked stones removed).
    fn score(&self) -> ByColor<f64>;
    /// Everything a client needs to draw the position: geometry, stones, prisoners, dead
    /// marks. Passed to clients untouched.
    fn view(&self) -> Value;
    /// The view to send with every move when the variant draws more than its stones
    /// (territory, atari, trees, pyramids), which clients cannot work out from the move's
    /// report; `None` when the report is enough.
    fn move_view(&self) -> Option<Value>;
    /// The count as players are shown it while dead stones are marked and after an end by
    /// the count (items, totals, owned points or cells); `None` otherwise. See
    /// [`AnyGame::count`].
    fn count(&self) -> Option<Value>;
    /// Marks or unmarks the group at `at` as dead (marking phase only).
    ///
    /// # Errors
    /// A malformed point, or a refusal (wrong phase, no stone there).
    fn toggle_dead(&mut self, at: &Value) -> Result<(), EngineError>;
    /// Ends the marking phase with the count.
    ///
    /// # Errors
    /// Outside the marking phase.
    fn accept_count(&mut self) -> Result<Outcome, EngineError>;
    /// Leaves the marking phase: play goes on.
    ///
    /// # Errors
    /// Outside the marking phase.
    fn resume_play(&mut self) -> Result<(), EngineError>;
    /// What a request would do if played (hover preview). Never changes the game.
    ///
    /// # Errors
    /// [`EngineError::Malformed`] for a request that cannot be read.
    fn preview(&self, request: &Value) -> Result<Value, EngineError>;
    /// The game itself, for the computer player, which searches a copy off the runtime
    /// (the room passes it on without looking inside).
    fn game(&self) -> &AnyGame;
}

/// Starts a game of `variant` under the `rules` object of the record format.
///
/// # Errors
/// An unknown variant, or rules or setup that cannot make a game.
pub fn open(
    variant: &str,
    rules: &Value,
    setup: Option<&Value>,
) -> Result<Box<dyn Engine>, EngineError> {
    Ok(Box::new(AnyEngine::new(variant, rules, setup)?))
}

/// Whether [`open`] can start a game of `variant` (with default rules).
pub fn supported(variant: &str) -> bool {
    open(variant, &serde_json::json!({}), None).is_ok()
}

/// The JSON score object `{"black": b, "white": w}`.
pub fn score_json(s: ByColor<f64>) -> Value {
    serde_json::json!({"black": s.black, "white": s.white})
}

/// The phase as a short name for clients: `playing`, `marking`, `finished`.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Playing => "playing",
        Phase::MarkingDead => "marking",
        Phase::Finished(_) => "finished",
    }
}
