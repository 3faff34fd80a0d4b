//! The reviews being made and the finished reviews of uploads, in memory: their progress,
//! and the bounds on how many are made at once, in all and for one address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};

use serde_json::{Value, json};

use crate::error::AppError;
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
pub(crate) struct Job {
    owner: IpAddr,
    done: usize,
    total: usize,
    started_ms: i64,
    /// The review's JSON, or why it failed; `None` while it runs.
    pub(crate) outcome: Option<Result<Value, String>>,
}

impl Job {
    pub(crate) fn to_json(&self) -> Value {
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

    pub(crate) fn get(&self, key: &str) -> Option<Job> {
        self.lock().get(key).cloned()
    }

    /// Registers a new job under `key` for `owner`, unless one is there already (then its
    /// state) or the bounds are reached.
    pub(crate) fn start(
        &self,
        key: &str,
        owner: IpAddr,
        total: usize,
    ) -> Result<Option<Job>, AppError> {
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

    pub(crate) fn progress(&self, key: &str, done: usize) {
        if let Some(job) = self.lock().get_mut(key) {
            job.done = done;
        }
    }

    /// Ends `key`'s job: a game's is dropped (the store keeps its review), an upload's
    /// kept, the oldest finished ones beyond [`MAX_KEPT`] dropped.
    pub(crate) fn finish(&self, key: &str, outcome: Result<Value, String>, keep: bool) {
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
