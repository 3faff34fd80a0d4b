//! The clock a game was played under, as a record keeps it (`"time_control"`, the same
//! object the server's creation body takes), and its SGF form (`TM` and `OT`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::RecordError;

/// A time control: none, absolute, Fischer or byo-yomi; times in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    None,
    /// A fixed time per player for the whole game.
    Absolute { main_ms: u64 },
    /// Main time plus an increment after every move.
    Fischer { main_ms: u64, increment_ms: u64 },
    /// Main time, then `periods` periods of `period_ms`.
    ByoYomi {
        main_ms: u64,
        period_ms: u64,
        periods: u32,
    },
}

fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

impl TimeControl {
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
}
