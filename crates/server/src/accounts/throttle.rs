//! Sign-in throttling: the failures of the last quarter hour are counted per client address
//! and per account name; beyond a bound the next attempt is refused (429, `Retry-After`)
//! until the oldest failure leaves the window. Counts live in each instance's memory.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a failure counts.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Failures of one account name within [`WINDOW`] before its sign-ins are refused.
pub const PER_NAME: usize = 5;
/// Failures from one address within [`WINDOW`] before its sign-ins are refused.
pub const PER_ADDRESS: usize = 20;
/// Keys kept at most: beyond, the stale ones are dropped, and if none is, the oldest.
const MAX_KEYS: usize = 100_000;

/// Failures per key within the window.
#[derive(Debug)]
pub struct Throttle {
    limit: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Throttle {
    /// At most `limit` failures per key within `window`.
    pub fn new(limit: usize, window: Duration) -> Throttle {
        Throttle {
            limit,
            window,
            failures: Mutex::default(),
        }
    }

    /// `Err(wait)` when `key` has failed `limit` times within the window: how long until
    /// it may try again.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(times) = map.get_mut(key) else {
            return Ok(());
        };
        while times.front().is_some_and(|t| now - *t >= self.window) {
            times.pop_front();
        }
        if times.len() < self.limit {
            return Ok(());
        }
        let oldest = times.front().copied().unwrap_or(now);
        Err(self.window.saturating_sub(now - oldest))
    }

    /// Counts a failure of `key`.
    pub fn fail(&self, key: &str) {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= MAX_KEYS && !map.contains_key(key) {
            map.retain(|_, times| times.back().is_some_and(|t| now - *t < self.window));
            if map.len() >= MAX_KEYS
                && let Some(k) = map.keys().next().cloned()
            {
                map.remove(&k);
            }
        }
        let times = map.entry(key.to_owned()).or_default();
        times.push_back(now);
        while times.len() > self.limit {
            times.pop_front();
        }
    }

    /// Forgets `key`'s failures (a successful sign-in of that account).
    pub fn clear(&self, key: &str) {
        self.failures
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_th_failure_closes_the_key_until_the_window_passes() {
        let t = Throttle::new(3, Duration::from_millis(200));
        for _ in 0..2 {
            t.fail("a");
            assert!(t.check("a").is_ok());
        }
        t.fail("a");
        let wait = t.check("a").unwrap_err();
        assert!(wait > Duration::ZERO && wait <= Duration::from_millis(200));
        assert!(t.check("b").is_ok(), "keys are apart");
        std::thread::sleep(Duration::from_millis(220));
        assert!(t.check("a").is_ok());
        t.fail("a");
        t.clear("a");
        assert!(t.check("a").is_ok());
    }
}
