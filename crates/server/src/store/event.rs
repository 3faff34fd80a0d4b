//! The events of a game's log as they are stored: a kind and a JSON body. This module is
//! the one place that writes and reads the bodies (the player's colour, a marked point,
//! where an undo cuts), so rooms and records work with typed values, and games stored by
//! older versions (a mark as a bare point, a resumption without a body) read as they were.

use std::fmt;
use std::str::FromStr;

use serde_json::{Value, json};
use stonefield_record::{RecordError, RecordMove, Variant};
use stonefield_rules::Color;

/// What an event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// A record move: a stone, a pass, a resignation, the end at the length limit.
    Move,
    /// A group marked dead or alive again while counting.
    Mark,
    /// Play resumed from the count.
    Resume,
    /// A player accepted the count.
    Accept,
    /// A player asked to take back the last move.
    UndoRequest,
    /// The opponent declined it.
    UndoDecline,
    /// The opponent accepted it: the events from `from` on are taken back.
    Undo,
    /// A player's time ran out.
    Timeout,
}

const KINDS: [(EventKind, &str); 8] = [
    (EventKind::Move, "move"),
    (EventKind::Mark, "mark"),
    (EventKind::Resume, "resume"),
    (EventKind::Accept, "accept"),
    (EventKind::UndoRequest, "undo_request"),
    (EventKind::UndoDecline, "undo_decline"),
    (EventKind::Undo, "undo"),
    (EventKind::Timeout, "timeout"),
];

impl EventKind {
    /// The kind as stored.
    pub fn name(self) -> &'static str {
        KINDS
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, n)| n)
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stored kind this version does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown event kind {0:?}")]
pub struct UnknownKind(pub String);

impl FromStr for EventKind {
    type Err = UnknownKind;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KINDS
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(k, _)| *k)
            .ok_or_else(|| UnknownKind(s.to_owned()))
    }
}

/// One stored event of a game. The log only grows (an undo is an event that takes back
/// those before it), so that every instance serving the game reads the same sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// 0-based position in the game's log.
    pub seq: i64,
    /// What the event did.
    pub kind: EventKind,
    /// The body as stored: the record move, or the player and what they did.
    pub body: Value,
}

impl Event {
    /// A record move played by its player, written as a record of `variant` writes it.
    pub fn played(seq: i64, mv: &RecordMove, variant: Variant) -> Event {
        Event {
            seq,
            kind: EventKind::Move,
            body: mv.to_value(variant),
        }
    }

    /// What `color` did that needs no more than its kind: accept, resume, ask for an
    /// undo, decline one, run out of time.
    pub fn by(seq: i64, kind: EventKind, color: Color) -> Event {
        Event {
            seq,
            kind,
            body: json!({"color": color.name()}),
        }
    }

    /// `color` marked the group at `at`.
    pub fn mark(seq: i64, color: Color, at: &[f64]) -> Event {
        Event {
            seq,
            kind: EventKind::Mark,
            body: json!({"color": color.name(), "at": point_value(at)}),
        }
    }

    /// `color` accepted the undo of the events from `from` on.
    pub fn undo(seq: i64, color: Color, from: i64) -> Event {
        Event {
            seq,
            kind: EventKind::Undo,
            body: json!({"from": from, "color": color.name()}),
        }
    }

    /// The player the event names (who moved, accepted, asked, ran out of time); `None`
    /// for marks and resumptions stored before they named their player.
    pub fn color(&self) -> Option<Color> {
        self.body.get("color")?.as_str()?.parse().ok()
    }

    /// Whether the event is a pass.
    pub fn is_pass(&self) -> bool {
        self.kind == EventKind::Move && self.body.get("pass") == Some(&Value::Bool(true))
    }

    /// The record move of a `move` event, read for `variant`.
    ///
    /// # Errors
    /// A body that is not a record move of the variant.
    pub fn record_move(&self, variant: Variant) -> Result<RecordMove, RecordError> {
        RecordMove::from_value(&self.body, variant, "move")
    }

    /// The point of a `mark` event: `{"color", "at"}`, or the bare point of games stored
    /// before marks named their player.
    pub fn marked_point(&self) -> Option<Vec<f64>> {
        let at = self.body.get("at").unwrap_or(&self.body).as_array()?;
        let point: Vec<f64> = at.iter().filter_map(Value::as_f64).collect();
        (point.len() == at.len() && !point.is_empty()).then_some(point)
    }

    /// Where an `undo` cuts the log: the first event it takes back.
    pub fn undo_from(&self) -> Option<i64> {
        self.body.get("from")?.as_i64()
    }
}

/// A point as the record writes it: whole numbers without a fraction (grid points).
pub fn point_value(at: &[f64]) -> Value {
    at.iter()
        .map(|&v| {
            if v.fract() == 0.0 && v.abs() < 1e15 {
                json!(v as i64)
            } else {
                json!(v)
            }
        })
        .collect()
}

/// The events of a log that stand: those an `undo` took back are left out, and so are
/// the undos.
pub fn effective(log: &[Event]) -> Vec<Event> {
    let mut kept: Vec<Event> = Vec::with_capacity(log.len());
    for e in log {
        if e.kind == EventKind::Undo {
            let from = e.undo_from().unwrap_or(e.seq);
            kept.retain(|k| k.seq < from);
        } else {
            kept.push(e.clone());
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_back_as_written_and_unknown_ones_are_errors() {
        for (kind, name) in KINDS {
            assert_eq!(kind.name(), name);
            assert_eq!(name.parse::<EventKind>(), Ok(kind));
        }
        assert!("castle".parse::<EventKind>().is_err());
    }

    #[test]
    fn bodies_say_who_did_what_old_ones_included() {
        let mark = Event::mark(3, Color::White, &[2.0, 3.5]);
        assert_eq!(mark.body, json!({"color": "white", "at": [2, 3.5]}));
        assert_eq!(mark.color(), Some(Color::White));
        assert_eq!(mark.marked_point(), Some(vec![2.0, 3.5]));
        let old = Event {
            seq: 3,
            kind: EventKind::Mark,
            body: json!([4, 4]),
        };
        assert_eq!(
            (old.color(), old.marked_point()),
            (None, Some(vec![4.0, 4.0]))
        );
        let undo = Event::undo(9, Color::Black, 7);
        assert_eq!(
            (undo.undo_from(), undo.color()),
            (Some(7), Some(Color::Black))
        );
        let pass = Event::played(1, &RecordMove::pass(Color::Black), Variant::Classic);
        assert!(pass.is_pass());
        assert_eq!(
            pass.record_move(Variant::Classic),
            Ok(RecordMove::pass(Color::Black))
        );
    }

    #[test]
    fn an_undo_takes_back_the_events_from_its_point() {
        let at = |seq: i64| RecordMove::at(Color::Black, vec![0.0, seq as f64]);
        let mv = |seq| Event::played(seq, &at(seq), Variant::Classic);
        let log = [mv(0), mv(1), mv(2), Event::undo(3, Color::White, 1), mv(4)];
        let kept: Vec<i64> = effective(&log).iter().map(|e| e.seq).collect();
        assert_eq!(kept, [0, 4]);
    }
}
