//! One entry of a record's `moves` list, mirroring `docs/record-format.md`: a placement at
//! coordinates, a continuous-Go request with its snap mode, a pass or a resignation, and
//! what else the players did that changes the game: marking a group dead, resuming play
//! after the passes, losing on time, reaching the game's length limit.

use std::fmt;
use std::str::FromStr;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};
use stonefield_rules::Color;

use crate::fields::{self, join};
use crate::{RecordError, Variant};

/// How a continuous-Go request is resolved to a legal point (`rules/continuous.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Snap {
    /// The requested point if legal, else the nearest legal point.
    Nearest,
    /// Snap against the mover's own stones.
    Own,
    /// Snap against the opponent's stones.
    Opponent,
}

impl Snap {
    /// The name used in records.
    pub const fn name(self) -> &'static str {
        match self {
            Snap::Nearest => "nearest",
            Snap::Own => "own",
            Snap::Opponent => "opponent",
        }
    }
}

impl fmt::Display for Snap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Snap {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Snap::Nearest, Snap::Own, Snap::Opponent]
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown snap {s:?} (expected nearest, own or opponent)"))
    }
}

/// What a move does.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveKind {
    /// A stone exactly here: `[x, y]`, or `[x, y, level]` in MarGo.
    At(Vec<f64>),
    /// A continuous-Go request that replay resolves to a legal point.
    Request {
        at: [f64; 2],
        snap: Snap,
    },
    Pass,
    Resign,
    /// MarGo with the `swap` option: right after White's first ball, Black takes White's
    /// side instead of moving (`{"color": "black", "swap": true}`).
    Swap,
    /// While dead stones are marked: the group at this point is marked dead, or alive
    /// again if it was marked (`{"color", "mark": [x, y]}`; classic and continuous Go).
    Mark(Vec<f64>),
    /// While dead stones are marked: play goes on, the marks forgotten (`{"color",
    /// "resume": true}`; classic and continuous Go).
    Resume,
    /// The player ran out of time and loses (`{"color", "timeout": true}`).
    Timeout,
    /// The game reached the most moves a game may have and ends, counted as it stands
    /// (`{"color", "limit": true}`; the colour is the player who was to move).
    Limit,
}

/// One entry of `moves`: who, what, and (Topological Go) whether it is a reserve stone.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordMove {
    pub color: Color,
    pub kind: MoveKind,
    /// A Topological Go reserve stone; false everywhere else.
    pub reserve: bool,
}

impl RecordMove {
    /// A stone of `color` at `at`.
    pub fn at(color: Color, at: Vec<f64>) -> RecordMove {
        RecordMove {
            color,
            kind: MoveKind::At(at),
            reserve: false,
        }
    }

    /// A pass by `color`.
    pub fn pass(color: Color) -> RecordMove {
        RecordMove {
            color,
            kind: MoveKind::Pass,
            reserve: false,
        }
    }

    /// A resignation by `color`.
    pub fn resign(color: Color) -> RecordMove {
        RecordMove::of(color, MoveKind::Resign)
    }

    /// An entry of `kind` by `color` (not a reserve stone).
    pub fn of(color: Color, kind: MoveKind) -> RecordMove {
        RecordMove {
            color,
            kind,
            reserve: false,
        }
    }

    /// Whether this entry is a stone, a pass or a resignation: a move of play, as SGF and
    /// move lists have them, rather than marking, resuming or an end from outside play.
    pub fn is_play(&self) -> bool {
        !matches!(
            self.kind,
            MoveKind::Mark(_) | MoveKind::Resume | MoveKind::Timeout | MoveKind::Limit
        )
    }

    /// Reads one move of a `variant` record at `path` (such as `moves[3]`, or `move` for a
    /// move that arrives alone, as on the server's socket).
    ///
    /// # Errors
    /// A field the variant's moves do not have, a missing or doubled action, a wrong type.
    pub fn from_value(v: &Value, variant: Variant, path: &str) -> Result<RecordMove, RecordError> {
        let map = fields::object(v, path)?;
        fields::only_keys(map, allowed_keys(variant), path)?;
        let color = read_color(fields::required(map, "color", path)?, &join(path, "color"))?;
        let actions: Vec<&str> = ACTIONS
            .into_iter()
            .filter(|k| map.contains_key(*k))
            .collect();
        let kind = match actions.as_slice() {
            ["at"] => MoveKind::At(fields::numbers(
                &map["at"],
                at_len(variant),
                &join(path, "at"),
            )?),
            ["request"] => read_request(map, path)?,
            ["pass"] => read_flag(map, "pass", path, MoveKind::Pass)?,
            ["resign"] => read_flag(map, "resign", path, MoveKind::Resign)?,
            ["swap"] => read_flag(map, "swap", path, MoveKind::Swap)?,
            ["mark"] => MoveKind::Mark(fields::numbers(
                &map["mark"],
                at_len(variant),
                &join(path, "mark"),
            )?),
            ["resume"] => read_flag(map, "resume", path, MoveKind::Resume)?,
            ["timeout"] => read_flag(map, "timeout", path, MoveKind::Timeout)?,
            ["limit"] => read_flag(map, "limit", path, MoveKind::Limit)?,
            [] => {
                return Err(RecordError::invalid(
                    path,
                    "a move needs one of \"at\", \"pass\" or \"resign\"",
                ));
            }
            _ => {
                return Err(RecordError::invalid(
                    path,
                    format!(
                        "a move has one action, this one has {}",
                        actions.join(" and ")
                    ),
                ));
            }
        };
        if map.contains_key("snap") && !matches!(kind, MoveKind::Request { .. }) {
            return Err(RecordError::invalid(
                join(path, "snap"),
                "only a request has a snap mode",
            ));
        }
        let reserve = match map.get("reserve") {
            Some(r) => fields::boolean(r, &join(path, "reserve"))?,
            None => false,
        };
        Ok(RecordMove {
            color,
            kind,
            reserve,
        })
    }

    /// This move as a record of `variant` writes it (whole grid coordinates as integers),
    /// as [`RecordMove::from_value`] reads it back.
    pub fn to_value(&self, variant: Variant) -> Value {
        serde_json::to_value(self.written(variant)).unwrap_or(Value::Null)
    }

    /// This move as it is written in a record of `variant`.
    pub(crate) fn written(&self, variant: Variant) -> Written<'_> {
        Written {
            mv: self,
            grid: variant.is_grid(),
        }
    }
}

/// Every key that names what an entry does; an entry has exactly one.
const ACTIONS: [&str; 9] = [
    "at", "request", "pass", "resign", "swap", "mark", "resume", "timeout", "limit",
];

/// The fields a move of `variant` may have: marking and resuming only where dead stones
/// are marked after the passes.
fn allowed_keys(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Classic => &[
            "color", "at", "pass", "resign", "mark", "resume", "timeout", "limit",
        ],
        Variant::Continuous => &[
            "color", "at", "request", "snap", "pass", "resign", "mark", "resume", "timeout",
            "limit",
        ],
        Variant::Margo => &["color", "at", "pass", "resign", "swap", "timeout", "limit"],
        Variant::Topological => &[
            "color", "at", "reserve", "pass", "resign", "timeout", "limit",
        ],
    }
}

/// How many coordinates a point of `variant` has.
fn at_len(variant: Variant) -> usize {
    match variant {
        Variant::Margo => 3,
        _ => 2,
    }
}

pub(crate) fn read_color(v: &Value, path: &str) -> Result<Color, RecordError> {
    let s = fields::string(v, path)?;
    s.parse()
        .map_err(|e: stonefield_rules::ParseColorError| RecordError::invalid(path, e.to_string()))
}

fn read_flag(
    map: &Map<String, Value>,
    key: &str,
    path: &str,
    kind: MoveKind,
) -> Result<MoveKind, RecordError> {
    let p = join(path, key);
    if fields::boolean(&map[key], &p)? {
        Ok(kind)
    } else {
        Err(RecordError::invalid(
            p,
            format!("expected true (leave \"{key}\" out otherwise)"),
        ))
    }
}

fn read_request(map: &Map<String, Value>, path: &str) -> Result<MoveKind, RecordError> {
    let xy = fields::numbers(&map["request"], 2, &join(path, "request"))?;
    let snap = match map.get("snap") {
        Some(s) => {
            let p = join(path, "snap");
            fields::string(s, &p)?
                .parse()
                .map_err(|e: String| RecordError::invalid(p, e))?
        }
        None => Snap::Nearest,
    };
    Ok(MoveKind::Request {
        at: [xy[0], xy[1]],
        snap,
    })
}

/// A move with the knowledge of how to write its numbers.
#[derive(Debug)]
pub(crate) struct Written<'a> {
    mv: &'a RecordMove,
    grid: bool,
}

impl Written<'_> {
    /// A point's coordinates, whole numbers on grids.
    fn point(&self, at: &[f64]) -> Vec<Value> {
        at.iter()
            .map(|&x| fields::coordinate(x, self.grid))
            .collect()
    }
}

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("color", self.mv.color.name())?;
        match &self.mv.kind {
            MoveKind::At(at) => m.serialize_entry("at", &self.point(at))?,
            MoveKind::Request { at, snap } => {
                m.serialize_entry("request", at)?;
                m.serialize_entry("snap", snap.name())?;
            }
            MoveKind::Pass => m.serialize_entry("pass", &true)?,
            MoveKind::Resign => m.serialize_entry("resign", &true)?,
            MoveKind::Swap => m.serialize_entry("swap", &true)?,
            MoveKind::Mark(at) => m.serialize_entry("mark", &self.point(at))?,
            MoveKind::Resume => m.serialize_entry("resume", &true)?,
            MoveKind::Timeout => m.serialize_entry("timeout", &true)?,
            MoveKind::Limit => m.serialize_entry("limit", &true)?,
        }
        if self.mv.reserve {
            m.serialize_entry("reserve", &true)?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value, variant: Variant) -> Result<RecordMove, RecordError> {
        RecordMove::from_value(&v, variant, "moves[3]")
    }

    #[test]
    fn reads_every_kind_of_move() {
        let c = Variant::Continuous;
        assert_eq!(
            read(json!({"color": "black", "at": [3, 3]}), c),
            Ok(RecordMove::at(Color::Black, vec![3.0, 3.0]))
        );
        assert_eq!(
            read(json!({"color": "white", "pass": true}), c),
            Ok(RecordMove::pass(Color::White))
        );
        let r = read(
            json!({"color": "white", "request": [3.9, 3.1], "snap": "own"}),
            c,
        )
        .expect("request");
        assert_eq!(
            r.kind,
            MoveKind::Request {
                at: [3.9, 3.1],
                snap: Snap::Own
            }
        );
        let t = read(
            json!({"color": "black", "at": [1, 2], "reserve": true}),
            Variant::Topological,
        )
        .expect("reserve");
        assert!(t.reserve);
    }

    #[test]
    fn refuses_malformed_moves_naming_the_place() {
        let e = |v| {
            read(v, Variant::Classic)
                .expect_err("malformed")
                .to_string()
        };
        assert_eq!(
            e(json!({"color": "black", "at": [3]})),
            "moves[3].at: expected 2 numbers"
        );
        assert_eq!(
            e(json!({"color": "black", "at": [3, 3], "x": 1})),
            "moves[3]: unknown field \"x\""
        );
        assert_eq!(
            e(json!({"color": "black", "request": [3, 3]})),
            "moves[3]: unknown field \"request\""
        );
        assert!(
            e(json!({"color": "red", "pass": true})).starts_with("moves[3].color: unknown colour")
        );
        assert!(
            e(json!({"color": "black", "pass": false})).starts_with("moves[3].pass: expected true")
        );
        assert!(e(json!({"color": "black", "pass": true, "resign": true})).contains("one action"));
        assert_eq!(e(json!({"at": [1, 1]})), "moves[3].color: missing field");
        assert!(e(json!([1, 2])).starts_with("moves[3]: expected an object"));
    }

    #[test]
    fn writes_fields_in_record_order() {
        let m = RecordMove::at(Color::Black, vec![3.0, 4.0]);
        let s = serde_json::to_string(&m.written(Variant::Classic)).expect("serialize");
        assert_eq!(s, r#"{"color":"black","at":[3,4]}"#);
        let s = serde_json::to_string(&m.written(Variant::Continuous)).expect("serialize");
        assert_eq!(s, r#"{"color":"black","at":[3.0,4.0]}"#);
    }
}
