//! Analysis of any position of a game: the computer's suggested move and the win estimate,
//! for the replay page (always available there, unlike hints in live games). The search
//! runs on the computer's thinking pool, as every search does.

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::Deserialize;
use serde_json::{Value, json};
use stonefield_ai::level::Level;
use stonefield_record::{AnyGame, Record};
use stonefield_rules::{Color, Phase};

use crate::app_state::AppState;
use crate::error::AppError;
use crate::game::computer::{HINT_LEVEL, Task, Thought, think};
use crate::game::game_record::record_of;
use crate::http::replay::{check_record, read_upload};

/// Searches waiting per thinking thread beyond which an analysis is refused: a flood of
/// analyses must not hold up the computers of the games being played.
const MAX_QUEUED_PER_THREAD: usize = 4;

/// Which position: the one after `moves` moves (more than the game has means the end).
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Position {
    /// Moves played before the position.
    pub moves: usize,
}

/// `GET /api/games/{id}/analysis?moves=N`: the position of a stored game.
///
/// # Errors
/// No such game, a pool too busy, or a search that failed.
pub async fn analyse_game(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(at): Query<Position>,
) -> Result<Json<Value>, AppError> {
    let (row, events) = s.snapshot(&id).await?;
    analyse(&s, &record_of(&row, &events), at.moves).await
}

/// `POST /api/analysis?moves=N` with a record as the replay page uploads it: a JSON record
/// of any variant, or an SGF file of a classic game (read from its first `(`).
///
/// # Errors
/// Neither a record nor SGF, a pool too busy, or a search that failed.
pub async fn analyse_upload(
    State(s): State<AppState>,
    Query(at): Query<Position>,
    body: axum::body::Bytes,
) -> Result<Json<Value>, AppError> {
    let record = s.heavy.run(move || read_upload(&body)).await??;
    analyse(&s, &record, at.moves).await
}

/// `{"move", "notation", "win_rate", "black_win_rate", "to_move"}` for the position after `moves`
/// moves of `record`; the move and rates are null when the position is not in play.
async fn analyse(s: &AppState, record: &Value, moves: usize) -> Result<Json<Value>, AppError> {
    check_record(record)?;
    let record = Record::from_value(record).map_err(|e| AppError::BadRequest(e.to_string()))?;
    // Replaying up to the position is the replay's kind of work: on the same bounded pool.
    let game = s
        .heavy
        .run(move || {
            let mut game =
                AnyGame::from_record(&record).map_err(|e| AppError::BadRequest(e.to_string()))?;
            for mv in record.moves.iter().take(moves) {
                game.apply(mv);
            }
            Ok::<_, AppError>(game)
        })
        .await??;
    let (to_move, variant) = (game.to_move(), game.variant());
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
    let seed = moves as u64;
    // The suggestion is named by playing it on a copy, as the move list names moves.
    let mut probe = game.clone();
    let thought = pool
        .run(|| true, move || think(&game, level, Task::Hint, seed))
        .await
        .ok_or_else(|| AppError::Internal("the analysis failed".into()))?;
    let Thought::Hint { mv, win_rate } = thought else {
        return Err(AppError::Internal("the analysis gave no move".into()));
    };
    let black = win_rate.map(|w| if to_move == Color::Black { w } else { 1.0 - w });
    let notation = probe.apply(&mv).notation;
    let mv = mv.to_value(variant);
    Ok(Json(
        json!({"move": mv, "notation": notation, "win_rate": win_rate, "black_win_rate": black, "to_move": to_move.name()}),
    ))
}
