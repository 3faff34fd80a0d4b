//! Game clocks kept by the server: none, absolute, Fischer and byo-yomi. Pure bookkeeping
//! over millisecond timestamps given by the caller, so it is tested without waiting.
//!
//! ```
//! use stonefield_rules::Color;
//! use stonefield_server::clock::{Clock, Flagged, TimeControl};
//!
//! let mut clock = Clock::new(TimeControl::Absolute { main_ms: 1_000 });
//! clock.start(Color::Black, 0);
//! assert_eq!(clock.deadline(), Some((Color::Black, 1_000)));
//! assert_eq!(clock.stop(1_500), Err(Flagged(Color::Black)));
//! ```

use serde::{Deserialize, Serialize};
pub use stonefield_record::{TimeControl, TimeControlError};
use stonefield_rules::Color;

/// One player's time left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Remaining {
    /// Main time left, ms.
    pub main_ms: u64,
    /// Byo-yomi periods left.
    pub periods: u32,
    /// In a view only, for the running side in byo-yomi: what is left of the period it is
    /// in, ms (the stored clocks keep whole periods: a move within a period keeps it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_left_ms: Option<u64>,
}

/// Both players' clocks and whose is running since when (a timestamp given by the
/// caller: the server's are wall-clock milliseconds). Serialized into the store with every
/// event, the running side's start included, so that every instance serving a game counts
/// to the same deadline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    control: TimeControl,
    left: [Remaining; 2],
    #[serde(default, with = "running")]
    running: Option<(Color, u64)>,
}

/// The moves a player is assumed still to have to make when its main time is shared out.
pub const MOVES_AHEAD: u64 = 30;

/// The running side as `["black", since]` (colours have no serde of their own).
mod running {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use stonefield_rules::Color;

    pub(super) fn serialize<S: Serializer>(
        running: &Option<(Color, u64)>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        running.map(|(c, since)| (c.name(), since)).serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<(Color, u64)>, D::Error> {
        let running: Option<(String, u64)> = Option::deserialize(d)?;
        running
            .map(|(c, since)| {
                let color = c.parse::<Color>().map_err(D::Error::custom)?;
                Ok((color, since))
            })
            .transpose()
    }
}

/// A player ran out of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged(pub Color);

impl Clock {
    /// Fresh clocks for `control`.
    pub fn new(control: TimeControl) -> Clock {
        let r = match control {
            TimeControl::None => Remaining::default(),
            TimeControl::Absolute { main_ms } | TimeControl::Fischer { main_ms, .. } => Remaining {
                main_ms,
                ..Remaining::default()
            },
            TimeControl::ByoYomi {
                main_ms, periods, ..
            } => Remaining {
                main_ms,
                periods,
                period_left_ms: None,
            },
        };
        Clock {
            control,
            left: [r, r],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `color`'s clock at `now` (ms); any running clock is stopped without charge.
    pub fn start(&mut self, color: Color, now: u64) {
        if self.control != TimeControl::None {
            self.running = Some((color, now));
        }
    }

    /// Whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// When the running side's turn started (ms), if a clock runs.
    pub fn running_since(&self) -> Option<u64> {
        self.running.map(|(_, since)| since)
    }

    /// Does not charge the running side `ms` of its turn (time nobody could move in).
    pub fn forgive(&mut self, ms: u64) {
        if let Some((_, since)) = &mut self.running {
            *since = since.saturating_add(ms);
        }
    }

    /// Stops the clock without charging the running side (game over).
    pub fn halt(&mut self) {
        self.running = None;
    }

    fn budget(&self, c: Color) -> u64 {
        let r = self.left[c.index()];
        match self.control {
            TimeControl::None => u64::MAX,
            TimeControl::ByoYomi { period_ms, .. } => r.main_ms + period_ms * u64::from(r.periods),
            _ => r.main_ms,
        }
    }

    /// When (ms timestamp) the running side would run out of time, if a clock runs.
    pub fn deadline(&self) -> Option<(Color, u64)> {
        let (c, since) = self.running?;
        Some((c, since.saturating_add(self.budget(c))))
    }

    /// How long `color` may think at `now`, on its own turn, and stay well ahead of its
    /// clock: a share of the main time left (as if [`MOVES_AHEAD`] moves remained) plus
    /// most of a Fischer increment, or half of what is left of the byo-yomi period once
    /// main time is spent. `None` without a clock or on the other side's turn.
    pub fn thinking_ms(&self, color: Color, now: u64) -> Option<u64> {
        let (running, since) = self.running?;
        if running != color {
            return None;
        }
        let spent = now.saturating_sub(since);
        let left = self.left[color.index()];
        let main = left.main_ms.saturating_sub(spent);
        let share = main / MOVES_AHEAD;
        match self.control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } => Some(share),
            TimeControl::Fischer { increment_ms, .. } => {
                Some((share + increment_ms / 5 * 4).min(main / 2))
            }
            TimeControl::ByoYomi { period_ms, .. } if main > 0 => {
                Some(share.max(main.min(period_ms / 2)))
            }
            TimeControl::ByoYomi { period_ms, .. } => {
                let over = spent.saturating_sub(left.main_ms);
                let in_period = period_ms - over % period_ms.max(1);
                Some(in_period / 2)
            }
        }
    }

    /// Charges the running side for its turn up to `now`; a move ends a turn, so Fischer
    /// adds its increment and a byo-yomi period used in time is kept.
    ///
    /// # Errors
    /// [`Flagged`] if the running side had run out of time.
    pub fn stop(&mut self, now: u64) -> Result<(), Flagged> {
        let Some((c, since)) = self.running.take() else {
            return Ok(());
        };
        let spent = now.saturating_sub(since);
        let r = &mut self.left[c.index()];
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } if spent >= r.main_ms => {
                r.main_ms = 0;
                return Err(Flagged(c));
            }
            TimeControl::Absolute { .. } => r.main_ms -= spent,
            TimeControl::Fischer { increment_ms, .. } => {
                r.main_ms = (r.main_ms - spent + increment_ms).min(TimeControl::MAX_MS);
            }
            TimeControl::ByoYomi { period_ms, .. } => {
                if spent < r.main_ms {
                    r.main_ms -= spent;
                } else {
                    let over = spent - r.main_ms;
                    r.main_ms = 0;
                    let lost = over / period_ms;
                    if lost >= u64::from(r.periods) {
                        r.periods = 0;
                        return Err(Flagged(c));
                    }
                    r.periods -= u32::try_from(lost).unwrap_or(u32::MAX);
                }
            }
        }
        Ok(())
    }

    /// What clients draw: each side's time left at `now` and whose clock runs.
    pub fn view(&self, now: u64) -> serde_json::Value {
        let mut left = self.left;
        if let Some((c, since)) = self.running {
            let mut probe = self.clone();
            if probe.stop(now).is_ok() {
                left[c.index()] = probe.left[c.index()];
                // stop() added an increment that belongs to the move not yet made
                if let TimeControl::Fischer { increment_ms, .. } = self.control {
                    let m = &mut left[c.index()].main_ms;
                    *m = m.saturating_sub(increment_ms);
                }
                if let TimeControl::ByoYomi { period_ms, .. } = self.control {
                    let over = now
                        .saturating_sub(since)
                        .checked_sub(self.left[c.index()].main_ms);
                    left[c.index()].period_left_ms =
                        over.map(|over| period_ms - over % period_ms.max(1));
                }
            } else {
                left[c.index()] = Remaining::default();
            }
        }
        serde_json::json!({
            "control": self.control,
            "black": left[0], "white": left[1],
            "running": self.running.map(|(c, _)| c.name()),
        })
    }
}

/// How much of the time from `since` to `now` (ms) falls in `outages`.
pub fn overlap(outages: &[(i64, i64)], since: i64, now: i64) -> i64 {
    outages
        .iter()
        .map(|&(from, to)| (to.min(now) - from.max(since)).max(0))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_time_shares_out_main_time_and_keeps_to_the_period() {
        let mut none = Clock::new(TimeControl::None);
        none.start(Color::Black, 0);
        assert_eq!(none.thinking_ms(Color::Black, 0), None);

        let mut c = Clock::new(TimeControl::Absolute { main_ms: 60_000 });
        c.start(Color::Black, 1_000);
        assert_eq!(c.thinking_ms(Color::White, 1_000), None, "not White's turn");
        assert_eq!(c.thinking_ms(Color::Black, 1_000), Some(2_000));
        assert_eq!(c.thinking_ms(Color::Black, 31_000), Some(1_000));

        let fischer = |main_ms| {
            let mut c = Clock::new(TimeControl::Fischer {
                main_ms,
                increment_ms: 5_000,
            });
            c.start(Color::White, 0);
            c.thinking_ms(Color::White, 0)
        };
        assert_eq!(fischer(9_000), Some(300 + 4_000));
        assert_eq!(
            fischer(1_000),
            Some(500),
            "never more than half the time left"
        );

        let mut byo = Clock::new(TimeControl::ByoYomi {
            main_ms: 1_000,
            period_ms: 10_000,
            periods: 3,
        });
        byo.start(Color::Black, 0);
        assert_eq!(byo.thinking_ms(Color::Black, 0), Some(1_000));
        // Main time spent and 3 s into a period: half of the 7 s left of it.
        assert_eq!(byo.thinking_ms(Color::Black, 4_000), Some(3_500));
    }

    #[test]
    fn thinking_time_always_ends_before_the_flag() {
        let controls = [
            TimeControl::Absolute { main_ms: 5_000 },
            TimeControl::Fischer {
                main_ms: 2_000,
                increment_ms: 3_000,
            },
            TimeControl::ByoYomi {
                main_ms: 2_000,
                period_ms: 1_000,
                periods: 2,
            },
        ];
        for control in controls {
            let mut c = Clock::new(control);
            for turn in 0..40 {
                let start = turn * 10_000;
                c.start(Color::Black, start);
                let think = c.thinking_ms(Color::Black, start).unwrap();
                let (_, deadline) = c.deadline().unwrap();
                assert!(start + think < deadline, "{control:?} turn {turn}");
                assert_eq!(c.stop(start + think), Ok(()), "{control:?} turn {turn}");
            }
        }
    }

    #[test]
    fn absolute_time_runs_out() {
        let mut c = Clock::new(TimeControl::Absolute { main_ms: 1000 });
        c.start(Color::Black, 0);
        assert_eq!(c.stop(400), Ok(()));
        c.start(Color::Black, 1000);
        assert_eq!(c.deadline(), Some((Color::Black, 1600)));
        assert_eq!(c.stop(1600), Err(Flagged(Color::Black)));
    }

    #[test]
    fn fischer_adds_the_increment() {
        let mut c = Clock::new(TimeControl::Fischer {
            main_ms: 1000,
            increment_ms: 500,
        });
        c.start(Color::White, 0);
        c.stop(900).unwrap();
        assert_eq!(c.left[1].main_ms, 600);
        assert_eq!(c.left[0].main_ms, 1000);
    }

    #[test]
    fn a_view_in_byo_yomi_shows_what_is_left_of_the_period() {
        let mut c = Clock::new(TimeControl::ByoYomi {
            main_ms: 1_000,
            period_ms: 10_000,
            periods: 3,
        });
        c.start(Color::White, 0);
        let in_main = c.view(500);
        assert_eq!(in_main["white"]["main_ms"], 500);
        assert!(
            in_main["white"].get("period_left_ms").is_none(),
            "{in_main}"
        );
        // 1 s of main time, a whole period lost, 4 s into the next: 6 s left of it.
        let view = c.view(1_000 + 10_000 + 4_000);
        assert_eq!(view["white"]["periods"], 2, "{view}");
        assert_eq!(view["white"]["period_left_ms"], 6_000, "{view}");
        assert!(view["black"].get("period_left_ms").is_none(), "{view}");
        // The stored clocks keep whole periods.
        c.stop(15_000).unwrap();
        assert_eq!(c.left[1].period_left_ms, None);
        let stored = serde_json::to_value(&c).unwrap();
        assert!(!stored.to_string().contains("period_left_ms"), "{stored}");
    }

    #[test]
    fn byo_yomi_keeps_a_period_used_in_time_and_loses_overruns() {
        let tc = TimeControl::ByoYomi {
            main_ms: 100,
            period_ms: 1000,
            periods: 3,
        };
        let mut c = Clock::new(tc);
        c.start(Color::Black, 0);
        c.stop(1050).unwrap(); // main gone, 950 into the first period: kept
        assert_eq!(
            c.left[0],
            Remaining {
                main_ms: 0,
                periods: 3,
                period_left_ms: None,
            }
        );
        c.start(Color::Black, 0);
        c.stop(2500).unwrap(); // two periods lost
        assert_eq!(c.left[0].periods, 1);
        c.start(Color::Black, 0);
        assert_eq!(c.deadline(), Some((Color::Black, 1000)));
        assert_eq!(c.stop(1000), Err(Flagged(Color::Black)));
    }

    #[test]
    fn the_running_side_is_stored_with_its_start() {
        let mut c = Clock::new(TimeControl::Absolute { main_ms: 1000 });
        c.start(Color::White, 42);
        let stored = serde_json::to_value(&c).unwrap();
        assert_eq!(stored["running"], serde_json::json!(["white", 42]));
        let back: Clock = serde_json::from_value(stored).unwrap();
        assert_eq!(back.deadline(), Some((Color::White, 1042)));
        let mut old = serde_json::to_value(&c).unwrap();
        old.as_object_mut().unwrap().remove("running");
        let old: Clock = serde_json::from_value(old).unwrap();
        assert_eq!(old.deadline(), None, "clocks stored before keep loading");
    }

    #[test]
    fn no_clock_never_flags_and_has_no_deadline() {
        let mut c = Clock::new(TimeControl::None);
        c.start(Color::Black, 0);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.stop(u64::MAX), Ok(()));
    }

    #[test]
    fn only_the_outage_within_the_turn_counts() {
        let outages = [(100, 200), (500, 800)];
        assert_eq!(overlap(&outages, 0, 1000), 400);
        assert_eq!(overlap(&outages, 150, 600), 150);
        assert_eq!(overlap(&outages, 300, 400), 0);
        assert_eq!(overlap(&[], 0, 1000), 0);
    }
}
