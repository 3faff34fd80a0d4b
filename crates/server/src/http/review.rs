//! The computer's review of a game: Black's win estimate after every move, the largest
//! swings and the moves it preferred ([`stonefield_ai::review`]). Started by a POST, made
//! one position at a time on the thinking pool (live games' computers take their turns in
//! between), its progress read by GET. A finished game's review is kept in the store; an
//! uploaded record's is kept in memory for a while.

use std::net::{IpAddr, SocketAddr};

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use stonefield_ai::level::Level;
use stonefield_ai::review::{REVIEW_LEVEL, Reviewer};
use stonefield_record::Record;

use crate::app_state::AppState;
use crate::error::AppError;
use crate::game::game_record::record_of;
use crate::http::gate::client_of;
use crate::http::replay::{check_record, read_upload};
use crate::ids;
use crate::store::now_ms;

/// `GET /api/games/{id}/review`: the kept review, the progress of the one being made, or
/// 404 `{"status": "none"}`.
///
/// # Errors
/// A store failure.
pub async fn game_review(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if !ids::is_game_id(&id) {
        return Err(AppError::NotFound);
    }
    if let Some(kept) = kept_review(&s, &id).await? {
        return Ok(Json(kept).into_response());
    }
    Ok(match s.reviews.get(&game_key(&id)) {
        Some(job) => Json(job.to_json()).into_response(),
        None => (StatusCode::NOT_FOUND, Json(json!({"status": "none"}))).into_response(),
    })
}

/// `POST /api/games/{id}/review`: starts the review of a finished game (202 and its
/// progress), or answers the kept one (200).
///
/// # Errors
/// No such game, a game still in play (a review would be a hint), or too many reviews.
pub async fn review_game(
    State(s): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    if let Some(kept) = kept_review(&s, &id).await? {
        return Ok(Json(kept).into_response());
    }
    let (row, events) = s.snapshot(&id).await?;
    if row.result.is_none() {
        return Err(AppError::BadRequest(
            "the game is still being played: it can be reviewed once it has ended".into(),
        ));
    }
    let record = Record::from_value(&record_of(&row, &events))
        .map_err(|e| AppError::Internal(format!("the game's record: {e}")))?;
    let (status, body) = start(&s, game_key(&id), client_of(peer.ip()), record, Some(id))?;
    Ok((status, Json(body)).into_response())
}

/// `POST /api/review`: starts the review of an uploaded record (a JSON record of any
/// variant or an SGF file); answers `{"key", ...progress}` with 202, the key naming it
/// for `GET /api/review/{key}`.
///
/// # Errors
/// Neither a record nor SGF, a record too long, or too many reviews.
pub async fn review_upload(
    State(s): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    let key = format!(
        "upload-{}",
        &ids::token_hash(&String::from_utf8_lossy(&body))[..24]
    );
    let value = s.heavy.run(move || read_upload(&body)).await??;
    check_record(&value)?;
    let record = Record::from_value(&value).map_err(|e| AppError::BadRequest(e.to_string()))?;
    let (status, mut body) = start(&s, key.clone(), client_of(peer.ip()), record, None)?;
    body["key"] = json!(key);
    Ok((status, Json(body)).into_response())
}

/// `GET /api/review/{key}`: an uploaded record's review or its progress.
///
/// # Errors
/// No such review (never started, or dropped after a while).
pub async fn upload_review(
    State(s): State<AppState>,
    Path(key): Path<String>,
) -> Result<Json<Value>, AppError> {
    let job = s.reviews.get(&key).filter(|_| key.starts_with("upload-"));
    job.map(|j| Json(j.to_json())).ok_or(AppError::NotFound)
}

fn game_key(id: &str) -> String {
    format!("game-{id}")
}

async fn kept_review(s: &AppState, id: &str) -> Result<Option<Value>, AppError> {
    let Some(text) = s.rooms.store().load_review(id).await? else {
        return Ok(None);
    };
    let review: Value = serde_json::from_str(&text)
        .map_err(|e| AppError::Internal(format!("a kept review is unreadable: {e}")))?;
    Ok(Some(json!({"status": "done", "review": review})))
}

/// Registers the job and runs it in the background: 202 with its progress, or the state
/// of the same review already under way (200 once it is done).
fn start(
    s: &AppState,
    key: String,
    owner: IpAddr,
    record: Record,
    game: Option<String>,
) -> Result<(StatusCode, Value), AppError> {
    let total = record.moves.iter().filter(|m| m.is_play()).count();
    if let Some(job) = s.reviews.start(&key, owner, total)? {
        let status = match job.outcome {
            Some(Ok(_)) => StatusCode::OK,
            _ => StatusCode::ACCEPTED,
        };
        return Ok((status, job.to_json()));
    }
    let job_state = s.reviews.get(&key).map_or(Value::Null, |j| j.to_json());
    let s = s.clone();
    tokio::spawn(async move {
        let outcome = run(&s, &key, record).await;
        if let (Some(id), Ok(review)) = (&game, &outcome) {
            let saved = s
                .rooms
                .store()
                .save_review(id, &review.to_string(), now_ms())
                .await;
            if let Err(e) = saved {
                tracing::warn!(game = %id, "a review could not be kept: {e}");
            }
        }
        s.reviews.finish(&key, outcome, game.is_none());
    });
    Ok((StatusCode::ACCEPTED, job_state))
}

/// Makes the review one search at a time on the thinking pool.
async fn run(s: &AppState, key: &str, record: Record) -> Result<Value, String> {
    let level = Level::get(REVIEW_LEVEL).ok_or("the review level")?;
    let pool = s.rooms.pool();
    let seed = record.moves.len() as u64;
    let mut reviewer = pool
        .run(|| true, move || Reviewer::new(&record, level, seed))
        .await
        .ok_or("the review failed")?
        .map_err(|e| e.to_string())?;
    loop {
        let (next, more) = pool
            .run(
                || true,
                move || {
                    let more = reviewer.step();
                    (reviewer, more)
                },
            )
            .await
            .ok_or("the review failed")?;
        reviewer = next;
        s.reviews.progress(key, reviewer.done());
        if !more {
            return Ok(reviewer.finish().to_json());
        }
    }
}
