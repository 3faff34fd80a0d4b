//! The computer's searches run on tokio's blocking threads, never on the runtime's workers,
//! and at most a fixed number at once (a fair semaphore: first asked, first served), so
//! that rooms and sockets keep their threads however many computers think.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// A bounded set of thinking slots.
#[derive(Debug, Clone)]
pub struct ThinkPool {
    slots: Arc<Semaphore>,
}

impl ThinkPool {
    /// At most `slots` searches at once (at least one).
    pub fn new(slots: usize) -> ThinkPool {
        ThinkPool {
            slots: Arc::new(Semaphore::new(slots.max(1))),
        }
    }

    /// Half the cores, at least one: searches are pure CPU, and the other half keeps the
    /// runtime (moves, sockets, the store) as quick as without them.
    pub fn for_cores() -> ThinkPool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        ThinkPool::new(cores / 2)
    }

    /// Runs `job` on a blocking thread once a slot is free, unless `wanted` says by then
    /// that its answer is no longer needed (the game moved on while it queued). `None`
    /// when skipped or when the job panicked.
    pub async fn run<T, W, J>(&self, wanted: W, job: J) -> Option<T>
    where
        T: Send + 'static,
        W: FnOnce() -> bool,
        J: FnOnce() -> T + Send + 'static,
    {
        let _slot = Arc::clone(&self.slots).acquire_owned().await.ok()?;
        if !wanted() {
            return None;
        }
        tokio::task::spawn_blocking(job).await.ok()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn no_more_jobs_run_at_once_than_there_are_slots() {
        let pool = ThinkPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..8).map(|_| {
            let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
            tokio::spawn(async move {
                pool.run(
                    || true,
                    move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // Long enough for the other jobs to try to start meanwhile.
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                        1
                    },
                )
                .await
            })
        });
        let mut done = 0;
        for job in jobs.collect::<Vec<_>>() {
            done += job.await.expect("joined").expect("ran");
        }
        assert_eq!(done, 8);
        assert!(most.load(Ordering::SeqCst) <= 2);
    }

    #[tokio::test]
    async fn a_job_no_longer_wanted_is_skipped() {
        let pool = ThinkPool::new(1);
        assert_eq!(pool.run(|| false, || 1).await, None);
        assert_eq!(pool.run(|| true, || 2).await, Some(2));
    }
}
