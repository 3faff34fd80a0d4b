//! The full state as sent, written once per kind of seat (Black, White, spectator) and
//! kept until the game changes: a `sync` or a join then costs an `Arc` clone, and every
//! connection that gets the state shares one text instead of holding a copy of its own.
//! The room empties it whenever it handles anything that may change the game. While a
//! clock runs, the state shows its time left, so a text is kept for [`CLOCK_FRESH`] only.

use std::sync::Arc;
use std::time::{Duration, Instant};

use stonefield_rules::Color;

/// How long a state written while a clock runs is sent as it is: the clock it shows is at
/// most this old, as if the state had taken that much longer to arrive.
pub(super) const CLOCK_FRESH: Duration = Duration::from_millis(100);

/// The states written since the game last changed.
#[derive(Debug, Default)]
pub(super) struct StateCache {
    texts: Vec<(Option<Color>, Arc<str>, Instant)>,
}

impl StateCache {
    /// The state for `seat`, if written since the last change (and, when `clock_runs`,
    /// within [`CLOCK_FRESH`] of `now`).
    pub(super) fn get(
        &self,
        seat: Option<Color>,
        clock_runs: bool,
        now: Instant,
    ) -> Option<Arc<str>> {
        let (_, text, at) = self.texts.iter().find(|(s, _, _)| *s == seat)?;
        let fresh = now.saturating_duration_since(*at) <= CLOCK_FRESH;
        (!clock_runs || fresh).then(|| Arc::clone(text))
    }

    /// Keeps `text`, written at `now`, as the state for `seat`.
    pub(super) fn put(&mut self, seat: Option<Color>, text: Arc<str>, now: Instant) {
        self.texts.retain(|(s, _, _)| *s != seat);
        self.texts.push((seat, text, now));
    }

    /// Forgets every state: the game may have changed.
    pub(super) fn clear(&mut self) {
        self.texts.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_kept_per_seat_until_cleared_and_briefly_while_a_clock_runs() {
        let mut cache = StateCache::default();
        let text: Arc<str> = "state".into();
        let t0 = Instant::now();
        cache.put(None, Arc::clone(&text), t0);
        assert!(Arc::ptr_eq(&cache.get(None, false, t0).unwrap(), &text));
        assert!(cache.get(None, true, t0).is_some());
        assert!(cache.get(Some(Color::Black), false, t0).is_none());
        let later = t0 + CLOCK_FRESH * 2;
        assert!(
            cache.get(None, true, later).is_none(),
            "the clock it shows is old"
        );
        assert!(
            cache.get(None, false, later).is_some(),
            "no clock: kept until a change"
        );
        cache.clear();
        assert!(cache.get(None, false, t0).is_none());
    }
}
