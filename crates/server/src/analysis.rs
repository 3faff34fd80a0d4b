//! Analysis of any position of a record: the computer's suggested move and the win
//! estimate, for the replay page (always available there, unlike hints in live games).
//! The search runs on the computer's thinking pool, as every search does.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use stonefield_ai::level::Level;
use stonefield_record::{AnyGame, Record};
use stonefield_rules::{Color, Phase};

use crate::computer::{HINT_LEVEL, Task, Thought, think};
use crate::error::AppError;
use crate::http::AppState;

/// Searches waiting per thinking thread beyond which an analysis is refused: a flood of
/// analyses must not hold up the computers of the games being played.
const MAX_QUEUED_PER_THREAD: usize = 4;

/// What to analyse: a JSON record and how many of its moves lead to the position.
#[derive(Debug, Deserialize)]
pub struct AnalysisRequest {
    /// A record of any variant (as the replay answers give it).
    pub record: Value,
    /// Moves played before the position (more than the record has means all of them).
    pub moves: usize,
}

/// `POST /api/analysis`: `{"move", "win_rate", "black_win_rate", "to_move"}`, the move and
/// rates null when the position is not in play (counted or over).
///
/// # Errors
/// A record the game layer cannot read, a pool too busy, or a search that failed.
pub async fn analyse(
    State(s): State<AppState>,
    Json(req): Json<AnalysisRequest>,
) -> Result<Json<Value>, AppError> {
    let record =
        Record::from_value(&req.record).map_err(|e| AppError::BadRequest(e.to_string()))?;
    let mut game =
        AnyGame::from_record(&record).map_err(|e| AppError::BadRequest(e.to_string()))?;
    for mv in record.moves.iter().take(req.moves) {
        game.apply(mv);
    }
    let to_move = game.to_move();
    if game.phase() != Phase::Playing {
        return Ok(Json(
            json!({"move": null, "win_rate": null, "black_win_rate": null, "to_move": to_move.name()}),
        ));
    }
    let pool = s.rooms.pool();
    if pool.queued() >= MAX_QUEUED_PER_THREAD * pool.threads() {
        return Err(AppError::Busy("the computer is busy; try again".into()));
    }
    let level = Level::get(HINT_LEVEL).ok_or_else(|| AppError::Internal("hint level".into()))?;
    let seed = req.moves as u64;
    let thought = pool
        .run(|| true, move || think(&game, level, Task::Hint, seed))
        .await
        .ok_or_else(|| AppError::Internal("the analysis failed".into()))?;
    let Thought::Hint { mv, win_rate } = thought else {
        return Err(AppError::Internal("the analysis gave no move".into()));
    };
    let black = win_rate.map(|w| if to_move == Color::Black { w } else { 1.0 - w });
    Ok(Json(
        json!({"move": mv, "win_rate": win_rate, "black_win_rate": black, "to_move": to_move.name()}),
    ))
}
