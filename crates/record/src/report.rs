//! What happened to one move: the object `replay --json` prints per move and the server
//! sends after each move (`docs/record-format.md`).

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::Value;
use stonefield_rules::{ByColor, Color, IllegalMove};

/// The result of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveResult {
    Placed,
    Pass,
    Resign,
    /// MarGo's swap of colours after White's first ball.
    Swap,
    /// A group marked dead, or alive again, while dead stones are marked.
    Mark,
    /// Play resumed after the passes.
    Resume,
    /// The player lost on time.
    Timeout,
    /// The game reached its length limit and was counted as it stood.
    Limit,
    /// A request that resolved to no point (continuous Go).
    NoPoint,
    Illegal,
}

impl MoveResult {
    /// The result as the record and the protocol name it (`placed`, `no-point`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            MoveResult::Placed => "placed",
            MoveResult::Pass => "pass",
            MoveResult::Resign => "resign",
            MoveResult::Swap => "swap",
            MoveResult::Mark => "mark",
            MoveResult::Resume => "resume",
            MoveResult::Timeout => "timeout",
            MoveResult::Limit => "limit",
            MoveResult::NoPoint => "no-point",
            MoveResult::Illegal => "illegal",
        }
    }
}

/// One move as replay reports it: `index`, `color`, `result`, then `reason` (illegal),
/// `at` and `captured` (placed) and `score` (placed and pass).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveReport {
    pub index: usize,
    #[serde(serialize_with = "color_name")]
    pub color: Color,
    pub result: MoveResult,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "reason_name"
    )]
    pub reason: Option<IllegalMove>,
    /// Where the stone went, in the variant's coordinates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Value>,
    /// Stones removed by the move, `[x, y, "colour"]` (`[x, y, level, "colour"]` in MarGo).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<Vec<Value>>,
    /// The live score after the move.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "score_value"
    )]
    pub score: Option<ByColor<f64>>,
    /// The move as a move list writes it (`E7`, MarGo's `C5`, `(3.00, 4.50)`, `pass`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
}

impl MoveReport {
    /// A move that changed nothing, with its reason.
    pub fn illegal(index: usize, color: Color, reason: IllegalMove) -> MoveReport {
        MoveReport {
            index,
            color,
            result: MoveResult::Illegal,
            reason: Some(reason),
            at: None,
            captured: None,
            score: None,
            notation: None,
        }
    }

    /// A move with `result` and no detail yet; fill `at`, `captured`, `score` as fits.
    pub fn plain(index: usize, color: Color, result: MoveResult) -> MoveReport {
        MoveReport {
            index,
            color,
            result,
            reason: None,
            at: None,
            captured: None,
            score: None,
            notation: None,
        }
    }

    /// True when the move changed the game.
    pub fn accepted(&self) -> bool {
        !matches!(self.result, MoveResult::Illegal | MoveResult::NoPoint)
    }
}

/// One readable line per move, for `stonefield replay` without `--json`:
/// `12 white placed at [3.5, 3.0], captured [3.0, 3.0, "black"]; score black 80, white 95.5`.
impl std::fmt::Display for MoveReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let result = serde_json::to_value(self.result).unwrap_or_default();
        write!(
            f,
            "{} {} {}",
            self.index,
            self.color,
            result.as_str().unwrap_or("?")
        )?;
        if let Some(r) = self.reason {
            write!(f, " ({})", r.reason())?;
        }
        if let Some(at) = &self.at {
            write!(f, " at {}", short(at))?;
        }
        if let Some(c) = self.captured.as_deref().filter(|c| !c.is_empty()) {
            let stones: Vec<String> = c.iter().map(short).collect();
            write!(f, ", captured {}", stones.join(" "))?;
        }
        if let Some(s) = self.score {
            write!(
                f,
                "; score black {}, white {}",
                round(s.black, 2),
                round(s.white, 2)
            )?;
        }
        Ok(())
    }
}

/// `x` rounded to `places` decimals, for people (JSON keeps every digit).
fn round(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    let r = (x * k).round() / k;
    if r.is_finite() { r } else { x }
}

/// A point or stone on one line with coordinates to 3 decimals.
fn short(v: &Value) -> String {
    let rounded = match v {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|x| match x.as_f64() {
                    Some(f) if !x.is_i64() && !x.is_u64() => Value::from(round(f, 3)),
                    _ => x.clone(),
                })
                .collect(),
        ),
        other => other.clone(),
    };
    crate::json_text::compact(&rounded)
}

fn color_name<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

#[allow(clippy::ref_option)] // serde's serialize_with hands over `&Option<T>`.
fn reason_name<S: Serializer>(r: &Option<IllegalMove>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(r.reason()),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)] // serde's serialize_with hands over `&Option<T>`.
fn score_value<S: Serializer>(v: &Option<ByColor<f64>>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => score_map(v, s),
        None => s.serialize_none(),
    }
}

/// `{"black": b, "white": w}`.
pub(crate) fn score_map<S: Serializer>(v: &ByColor<f64>, s: S) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(2))?;
    m.serialize_entry("black", &v.black)?;
    m.serialize_entry("white", &v.white)?;
    m.end()
}

/// `{"black": b, "white": w}` as a JSON value.
pub(crate) fn score_json(v: ByColor<f64>) -> Value {
    serde_json::json!({"black": v.black, "white": v.white})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_names_are_the_serialized_ones() {
        use MoveResult::*;
        for r in [
            Placed, Pass, Resign, Swap, Mark, Resume, Timeout, Limit, NoPoint, Illegal,
        ] {
            assert_eq!(serde_json::to_value(r).expect("a name"), r.name());
        }
    }

    #[test]
    fn serializes_like_replay_json() {
        let mut r = MoveReport::plain(0, Color::Black, MoveResult::Placed);
        r.at = Some(serde_json::json!([3, 3]));
        r.captured = Some(vec![]);
        r.score = Some(ByColor {
            black: 81.0,
            white: 6.5,
        });
        let s = serde_json::to_string(&r).expect("serialize");
        assert_eq!(
            s,
            r#"{"index":0,"color":"black","result":"placed","at":[3,3],"captured":[],"score":{"black":81.0,"white":6.5}}"#
        );
        let i = MoveReport::illegal(1, Color::White, IllegalMove::NotYourTurn);
        let s = serde_json::to_string(&i).expect("serialize");
        assert_eq!(
            s,
            r#"{"index":1,"color":"white","result":"illegal","reason":"not-your-turn"}"#
        );
        assert!(!i.accepted());
        assert_eq!(i.to_string(), "1 white illegal (not-your-turn)");
        r.captured = Some(vec![serde_json::json!([3.51234, 3.0, "white"])]);
        r.score = Some(ByColor {
            black: 80.234999,
            white: 6.5,
        });
        assert_eq!(
            r.to_string(),
            "0 black placed at [3, 3], captured [3.512, 3.0, \"white\"]; score black 80.23, white 6.5"
        );
    }
}
