//! A bounded pool for CPU-heavy requests (replays, SGF decoding): they run on tokio's
//! blocking threads, a few at a time, so that the async workers stay free to carry every
//! game's moves while a long record is replayed.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::AppError;

/// How long a request waits for a place in the pool before it is told to come back.
const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// At most `size` jobs run at once; the others wait their turn, up to 10 s.
#[derive(Debug, Clone)]
pub struct HeavyPool {
    permits: Arc<Semaphore>,
}

impl HeavyPool {
    /// A pool running at most `size` jobs at once (at least one).
    pub fn new(size: usize) -> HeavyPool {
        HeavyPool {
            permits: Arc::new(Semaphore::new(size.max(1))),
        }
    }

    /// Half the machine's cores (at least one): the other half stays with the runtime.
    pub fn for_this_machine() -> HeavyPool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        HeavyPool::new(cores / 2)
    }

    /// Runs `job` on a blocking thread once a place is free.
    ///
    /// # Errors
    /// [`AppError::Busy`] when no place frees up in time; [`AppError::Internal`] when the
    /// job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let permit = tokio::time::timeout(QUEUE_WAIT, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| AppError::Busy("the server is busy with other replays: try again".into()))?
            .map_err(|e| AppError::Internal(e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .map_err(|e| AppError::Internal(format!("a replay failed: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn no_more_jobs_run_at_once_than_the_pool_allows() {
        let pool = HeavyPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..8).map(|_| {
            let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
            tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            })
        });
        for job in jobs.collect::<Vec<_>>() {
            job.await.unwrap().unwrap();
        }
        let most = most.load(Ordering::SeqCst);
        assert!((1..=2).contains(&most), "{most} jobs ran at once");
    }
}
