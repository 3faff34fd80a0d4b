//! The computer's searches run on a few threads of their own, never on the runtime's
//! workers: at most one search per thread, queued first come first served. The threads
//! run at the lowest scheduling priority the OS gives a normal thread (nice 19 on Linux),
//! so that whenever the runtime has a move to handle it gets the core first: people's
//! moves keep their round trip however many computers think.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of low-priority thinking threads.
#[derive(Debug, Clone)]
pub struct ThinkPool {
    jobs: std_mpsc::Sender<Job>,
    threads: usize,
    /// Jobs sent and not yet started.
    queued: Arc<AtomicUsize>,
}

impl ThinkPool {
    /// `threads` thinking threads (at least one); they end when the last clone of the
    /// pool is dropped.
    pub fn new(threads: usize) -> ThinkPool {
        let threads = threads.max(1);
        let (jobs, queue) = std_mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("stonefield-think-{i}"))
                .spawn(move || work(&queue));
            if let Err(e) = spawned {
                tracing::error!("cannot start a thinking thread: {e}");
            }
        }
        ThinkPool {
            jobs,
            threads,
            queued: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Jobs waiting for a thread.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// How many searches run at once.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Half the cores, at least one: searches are pure CPU, and the other half keeps the
    /// runtime (moves, sockets, the store) free even on a machine without priorities.
    pub fn for_cores() -> ThinkPool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        ThinkPool::new(cores / 2)
    }

    /// Runs `job` on a thinking thread once one is free, unless `wanted` says by then
    /// that its answer is no longer needed (the game moved on while it queued). `None`
    /// when skipped, when the job panicked, or when the pool has no thread.
    pub async fn run<T, W, J>(&self, wanted: W, job: J) -> Option<T>
    where
        T: Send + 'static,
        W: FnOnce() -> bool + Send + 'static,
        J: FnOnce() -> T + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let queued = Arc::clone(&self.queued);
        let boxed: Job = Box::new(move || {
            queued.fetch_sub(1, Ordering::SeqCst);
            if wanted() {
                // A panicking search loses its answer, not the thread.
                if let Ok(result) = catch_unwind(AssertUnwindSafe(job)) {
                    let _ = answer.send(result);
                }
            }
        });
        self.queued.fetch_add(1, Ordering::SeqCst);
        if self.jobs.send(boxed).is_err() {
            self.queued.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        answered.await.ok()
    }
}

/// A thinking thread: lowers its own priority, then runs jobs until the pool is gone.
fn work(queue: &Mutex<std_mpsc::Receiver<Job>>) {
    use thread_priority::{ThreadPriority, set_current_thread_priority};
    if let Err(e) = set_current_thread_priority(ThreadPriority::Min) {
        tracing::warn!("a thinking thread keeps its priority: {e:?}");
    }
    loop {
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Barrier;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn jobs_run_on_the_pool_threads_one_each_at_a_time() {
        let pool = ThinkPool::new(2);
        // Two jobs meet at a barrier: both run at once, on two threads of the pool.
        let meet = Arc::new(Barrier::new(2));
        let names = (0..2).map(|_| {
            let (pool, meet) = (pool.clone(), Arc::clone(&meet));
            tokio::spawn(async move {
                pool.run(
                    || true,
                    move || {
                        meet.wait();
                        std::thread::current().name().map(str::to_owned)
                    },
                )
                .await
            })
        });
        let mut seen = Vec::new();
        for n in names.collect::<Vec<_>>() {
            seen.push(n.await.expect("joined").flatten().expect("named"));
        }
        seen.sort();
        assert_eq!(seen, ["stonefield-think-0", "stonefield-think-1"]);
    }

    #[tokio::test]
    async fn one_thread_runs_its_jobs_one_after_another() {
        let pool = ThinkPool::new(1);
        let running = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..6)
            .map(|_| {
                let (pool, running) = (pool.clone(), Arc::clone(&running));
                tokio::spawn(async move {
                    pool.run(
                        || true,
                        move || {
                            let alone = running.fetch_add(1, Ordering::SeqCst) == 0;
                            running.fetch_sub(1, Ordering::SeqCst);
                            alone
                        },
                    )
                    .await
                })
            })
            .collect();
        for j in jobs {
            assert_eq!(j.await.expect("joined"), Some(true));
        }
    }

    #[tokio::test]
    async fn a_job_no_longer_wanted_is_skipped_and_a_panic_loses_only_its_answer() {
        let pool = ThinkPool::new(1);
        assert_eq!(pool.run(|| false, || 1).await, None);
        assert_eq!(
            pool.run(|| true, || -> i32 { panic!("a search bug") })
                .await,
            None
        );
        assert_eq!(pool.run(|| true, || 2).await, Some(2));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn thinking_threads_run_at_the_lowest_priority() {
        let pool = ThinkPool::new(1);
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        // Field 19 of /proc/thread-self/stat is the thread's nice value.
        let nice = rt.block_on(pool.run(
            || true,
            || {
                let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("stat");
                let after_name = stat.rsplit(") ").next().expect("fields").to_owned();
                after_name.split(' ').nth(16).map(str::to_owned)
            },
        ));
        assert_eq!(nice.flatten().as_deref(), Some("19"));
    }
}
