//! The clock a game was played under, as a record keeps it (`"time_control"`, the same
//! object the server's creation body takes), and its SGF form (`TM` and `OT`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::RecordError;

/// A time control: none, absolute, Fischer or byo-yomi; times in milliseconds. The one
/// type for the record, the server's creation body and its clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// A fixed amount of time per player for the whole game.
    Absolute {
        /// Main time, ms.
        main_ms: u64,
    },
    /// Main time plus an increment after every move.
    Fischer {
        /// Main time, ms.
        main_ms: u64,
        /// Added after each move, ms.
        increment_ms: u64,
    },
    /// Main time, then `periods` periods of `period_ms`; a move within a period keeps it.
    ByoYomi {
        /// Main time, ms.
        main_ms: u64,
        /// Length of one period, ms.
        period_ms: u64,
        /// Number of periods.
        periods: u32,
    },
}

/// Why a time control cannot be used: the field and the bound it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("time control: {field} {value} is out of range ({bound})")]
pub struct TimeControlError {
    field: &'static str,
    value: u64,
    bound: &'static str,
}

/// The longest main time, increment or period: 30 days.
const MAX_MS: u64 = TimeControl::MAX_MS;

/// The most byo-yomi periods.
const MAX_PERIODS: u32 = 100;

/// `value` of `field` within `lo..=MAX_MS`, ms.
fn check_ms(field: &'static str, value: u64, lo: u64) -> Result<(), TimeControlError> {
    if (lo..=MAX_MS).contains(&value) {
        return Ok(());
    }
    let bound = if lo == 0 {
        "0 to 2592000000 ms, 30 days"
    } else {
        "1 to 2592000000 ms, 30 days"
    };
    Err(TimeControlError {
        field,
        value,
        bound,
    })
}

fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

impl TimeControl {
    /// The longest main time, increment or period, ms: 30 days (also the most time a
    /// clock holds, increments included).
    pub const MAX_MS: u64 = 30 * 24 * 3600 * 1000;

    /// Checks the numbers (positive where needed, at most 30 days, at most 100 periods).
    ///
    /// # Errors
    /// The first value out of range, named with its bound.
    pub fn validate(self) -> Result<Self, TimeControlError> {
        match self {
            TimeControl::None => {}
            TimeControl::Absolute { main_ms } => check_ms("main_ms", main_ms, 1)?,
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => {
                check_ms("main_ms", main_ms, 1)?;
                check_ms("increment_ms", increment_ms, 0)?;
            }
            TimeControl::ByoYomi {
                main_ms,
                period_ms,
                periods,
            } => {
                check_ms("main_ms", main_ms, 0)?;
                check_ms("period_ms", period_ms, 1)?;
                if !(1..=MAX_PERIODS).contains(&periods) {
                    return Err(TimeControlError {
                        field: "periods",
                        value: u64::from(periods),
                        bound: "1 to 100",
                    });
                }
            }
        }
        Ok(self)
    }

    /// Reads `time_control` of a record.
    ///
    /// # Errors
    /// An object that is not one of the four kinds, naming the field.
    pub(crate) fn from_value(v: &Value) -> Result<TimeControl, RecordError> {
        serde_json::from_value(v.clone())
            .map_err(|e| RecordError::invalid("time_control", e.to_string()))
    }

    /// The time control of SGF's `TM` (main time, seconds) and `OT` (overtime, as
    /// [`TimeControl::sgf_overtime`] and other programs write it: `5x30 byo-yomi`,
    /// `10 fischer`); `None` without `TM`, or with an overtime this type cannot hold
    /// (Canadian, say), which would be misread as absolute time.
    pub fn from_sgf(tm: Option<f64>, ot: Option<&str>) -> Option<TimeControl> {
        let ms = |s: f64| (s.is_finite() && s >= 0.0).then(|| (s * 1000.0).round() as u64);
        let main_ms = ms(tm?)?;
        let Some(ot) = ot.map(str::trim).filter(|o| !o.is_empty()) else {
            return (main_ms > 0).then_some(TimeControl::Absolute { main_ms });
        };
        let lower = ot.to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let (amount, kind) = (words.next()?, words.next()?);
        match kind {
            "byo-yomi" | "byoyomi" => {
                let (periods, period) = amount.split_once('x')?;
                Some(TimeControl::ByoYomi {
                    main_ms,
                    period_ms: ms(period.parse().ok()?)?,
                    periods: periods.parse().ok()?,
                })
            }
            "fischer" => Some(TimeControl::Fischer {
                main_ms,
                increment_ms: ms(amount.parse().ok()?)?,
            }),
            _ => None,
        }
    }

    /// SGF's `TM`: the main time in seconds; `None` without a clock.
    pub fn sgf_main_seconds(self) -> Option<f64> {
        match self {
            TimeControl::None => None,
            TimeControl::Absolute { main_ms }
            | TimeControl::Fischer { main_ms, .. }
            | TimeControl::ByoYomi { main_ms, .. } => Some(seconds(main_ms)),
        }
    }

    /// SGF's `OT` (free text, as other programs write it): `5x30 byo-yomi`, `10 fischer`;
    /// `None` where there is no overtime.
    pub fn sgf_overtime(self) -> Option<String> {
        match self {
            TimeControl::None | TimeControl::Absolute { .. } => None,
            TimeControl::Fischer { increment_ms, .. } => {
                Some(format!("{} fischer", seconds(increment_ms)))
            }
            TimeControl::ByoYomi {
                period_ms, periods, ..
            } => Some(format!("{periods}x{} byo-yomi", seconds(period_ms))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_server_s_objects_and_names_them_in_sgf_terms() {
        let byo =
            json!({"kind": "byo-yomi", "main_ms": 600_000, "period_ms": 30_000, "periods": 5});
        let t = TimeControl::from_value(&byo).expect("byo-yomi");
        assert_eq!(t.sgf_main_seconds(), Some(600.0));
        assert_eq!(t.sgf_overtime().as_deref(), Some("5x30 byo-yomi"));
        assert_eq!(serde_json::to_value(t).expect("value"), byo.clone());
        let f = json!({"kind": "fischer", "main_ms": 60_000, "increment_ms": 2_500});
        let t = TimeControl::from_value(&f).expect("fischer");
        assert_eq!(serde_json::to_value(t).expect("value"), f);
        assert_eq!(t.sgf_overtime().as_deref(), Some("2.5 fischer"));
        let none = TimeControl::from_value(&json!({"kind": "none"})).expect("none");
        assert_eq!(none.sgf_main_seconds(), None);
        for t in [byo, f] {
            let t = TimeControl::from_value(&t).expect("time control");
            let back = TimeControl::from_sgf(t.sgf_main_seconds(), t.sgf_overtime().as_deref());
            assert_eq!(back, Some(t));
        }
        let absolute = TimeControl::from_sgf(Some(300.0), None);
        assert_eq!(absolute, Some(TimeControl::Absolute { main_ms: 300_000 }));
        assert_eq!(
            TimeControl::from_sgf(Some(300.0), Some("25/600 Canadian")),
            None
        );
        assert_eq!(TimeControl::from_sgf(None, Some("5x30 byo-yomi")), None);
        let e = TimeControl::from_value(&json!({"kind": "hourglass"})).expect_err("unknown");
        assert!(e.to_string().starts_with("time_control:"), "{e}");
    }

    #[test]
    fn invalid_controls_are_refused() {
        assert!(TimeControl::Absolute { main_ms: 0 }.validate().is_err());
        assert!(
            TimeControl::ByoYomi {
                main_ms: 0,
                period_ms: 0,
                periods: 1
            }
            .validate()
            .is_err()
        );
        assert!(
            TimeControl::Fischer {
                main_ms: 1,
                increment_ms: 0
            }
            .validate()
            .is_ok()
        );
    }

    #[test]
    fn a_refused_control_names_its_field_and_bound() {
        let refusal = |c: TimeControl| c.validate().unwrap_err().to_string();
        assert_eq!(
            refusal(TimeControl::ByoYomi {
                main_ms: 40 * 24 * 3600 * 1000,
                period_ms: 30_000,
                periods: 5
            }),
            "time control: main_ms 3456000000 is out of range (0 to 2592000000 ms, 30 days)"
        );
        assert_eq!(
            refusal(TimeControl::ByoYomi {
                main_ms: 0,
                period_ms: 30_000,
                periods: 101
            }),
            "time control: periods 101 is out of range (1 to 100)"
        );
        assert_eq!(
            refusal(TimeControl::Absolute { main_ms: 0 }),
            "time control: main_ms 0 is out of range (1 to 2592000000 ms, 30 days)"
        );
    }
}
