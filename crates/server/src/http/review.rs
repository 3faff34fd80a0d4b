//! The computer's review of a game: Black's win estimate after every move, the largest
//! swings and the moves it preferred ([`stonefield_ai::review`]). Started by a POST, made
//! one position at a time on the thinking pool (live games' computers take their turns in
//! between), its progress read by GET. A finished game's review is kept in the store; an
//! uploaded record's is kept in memory for a while.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};

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

/// Reviews being made at once, in all and for one address.
const MAX_RUNNING: usize = 4;
const MAX_RUNNING_PER_ADDRESS: usize = 1;
/// Uploaded records' reviews kept in memory (the oldest go first).
const MAX_KEPT: usize = 64;

/// The reviews being made, and the finished reviews of uploads.
#[derive(Debug, Default)]
pub struct Reviews {
    jobs: Mutex<HashMap<String, Job>>,
}

#[derive(Debug, Clone)]
struct Job {
    owner: IpAddr,
    done: usize,
    total: usize,
    started_ms: i64,
    /// The review's JSON, or why it failed; `None` while it runs.
    outcome: Option<Result<Value, String>>,
}

impl Job {
    fn to_json(&self) -> Value {
        match &self.outcome {
            None => json!({"status": "running", "done": self.done, "total": self.total}),
            Some(Ok(review)) => json!({"status": "done", "review": review}),
            Some(Err(why)) => json!({"status": "failed", "error": why}),
        }
    }
}

impl Reviews {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Job>> {
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn get(&self, key: &str) -> Option<Job> {
        self.lock().get(key).cloned()
    }

    /// Registers a new job under `key` for `owner`, unless one is there already (then its
    /// state) or the bounds are reached.
    fn start(&self, key: &str, owner: IpAddr, total: usize) -> Result<Option<Job>, AppError> {
        let mut jobs = self.lock();
        if let Some(job) = jobs.get(key) {
            return Ok(Some(job.clone()));
        }
        let running = || jobs.values().filter(|j| j.outcome.is_none());
        if running().count() >= MAX_RUNNING {
            return Err(AppError::Busy(
                "the computer is reviewing other games; try again soon".into(),
            ));
        }
        if running().filter(|j| j.owner == owner).count() >= MAX_RUNNING_PER_ADDRESS {
            return Err(AppError::Busy(
                "a review from this address is still being made".into(),
            ));
        }
        jobs.insert(
            key.to_string(),
            Job {
                owner,
                done: 0,
                total,
                started_ms: now_ms(),
                outcome: None,
            },
        );
        Ok(None)
    }

    fn progress(&self, key: &str, done: usize) {
        if let Some(job) = self.lock().get_mut(key) {
            job.done = done;
        }
    }

    /// Ends `key`'s job: a game's is dropped (the store keeps its review), an upload's
    /// kept, the oldest finished ones beyond [`MAX_KEPT`] dropped.
    fn finish(&self, key: &str, outcome: Result<Value, String>, keep: bool) {
        let mut jobs = self.lock();
        if !keep && outcome.is_ok() {
            jobs.remove(key);
            return;
        }
        if let Some(job) = jobs.get_mut(key) {
            job.outcome = Some(outcome);
        }
        let mut finished: Vec<(i64, String)> = jobs
            .iter()
            .filter(|(_, j)| j.outcome.is_some())
            .map(|(k, j)| (j.started_ms, k.clone()))
            .collect();
        if finished.len() > MAX_KEPT {
            finished.sort();
            for (_, k) in finished.iter().take(finished.len() - MAX_KEPT) {
                jobs.remove(k);
            }
        }
    }
}

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
