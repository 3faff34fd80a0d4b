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
        assert_eq!(serde_json::to_value(t).expect("value"), byo);
        let f = json!({"kind": "fischer", "main_ms": 60_000, "increment_ms": 2_500});
        let t = TimeControl::from_value(&f).expect("fischer");
        assert_eq!(t.sgf_overtime().as_deref(), Some("2.5 fischer"));
        let none = TimeControl::from_value(&json!({"kind": "none"})).expect("none");
        assert_eq!(none.sgf_main_seconds(), None);
        let e = TimeControl::from_value(&json!({"kind": "hourglass"})).expect_err("unknown");
        assert!(e.to_string().starts_with("time_control:"), "{e}");
    }
}
