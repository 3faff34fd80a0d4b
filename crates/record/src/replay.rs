//! Replaying a record from its start: the object `stonefield replay --json` prints.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::Value;

use crate::json_text::{Field, compact, document};
use crate::{AnyGame, MoveReport, Record, RecordError, Variant};

/// Every move's report and the final position.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayReport {
    pub variant: Variant,
    pub moves: Vec<MoveReport>,
    /// The `final` object: stones, player to move, over, score.
    pub final_view: Value,
}

impl ReplayReport {
    /// The report as pretty JSON, one move per line.
    pub fn to_json(&self) -> String {
        document(&[
            ("variant".into(), Field::One(compact(self.variant.name()))),
            (
                "moves".into(),
                Field::Lines(self.moves.iter().map(compact).collect()),
            ),
            ("final".into(), Field::One(compact(&self.final_view))),
        ])
    }
}

impl Serialize for ReplayReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("variant", self.variant.name())?;
        m.serialize_entry("moves", &self.moves)?;
        m.serialize_entry("final", &self.final_view)?;
        m.end()
    }
}

/// Replays `record` from its start; illegal moves are reported and skipped.
///
/// # Errors
/// A record whose start position cannot be built (its variant has no engine yet, or it
/// was built by hand with bad rules).
pub fn replay(record: &Record) -> Result<ReplayReport, RecordError> {
    let mut game = AnyGame::from_record(record)?;
    let moves = record.moves.iter().map(|m| game.apply(m)).collect();
    Ok(ReplayReport {
        variant: record.variant,
        moves,
        final_view: game.final_view(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveResult;

    #[test]
    fn replays_a_capture_and_a_ko_refusal() {
        // Black captures at (1, 1)... a ko shape on 4x4: W takes, B may not retake at once.
        let text = r#"{"variant": "classic", "rules": {"preset": "japanese", "board_size": 4},
          "setup": {"stones": [[1,0,"black"],[0,1,"black"],[1,2,"black"],
                               [2,0,"white"],[3,1,"white"],[2,2,"white"],[1,1,"white"]],
                    "to_move": "black"},
          "moves": [{"color": "black", "at": [2, 1]}, {"color": "white", "at": [1, 1]},
                    {"color": "white", "pass": true}]}"#;
        let r = replay(&Record::from_json(text).expect("record")).expect("replay");
        assert_eq!(r.moves[0].result, MoveResult::Placed);
        assert_eq!(
            r.moves[0].captured,
            Some(vec![serde_json::json!([1, 1, "white"])])
        );
        assert_eq!(r.moves[1].reason.map(|m| m.reason()), Some("ko"));
        assert_eq!(r.moves[2].result, MoveResult::Pass);
        let v: Value = serde_json::from_str(&r.to_json()).expect("json");
        assert_eq!(v, serde_json::to_value(&r).expect("value"));
        assert_eq!(v["final"]["to_move"], "black");
    }
}
