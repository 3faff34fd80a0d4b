//! Hover previews for the server: the request a client sends while the pointer moves
//! (`{"request": [x, y], "snap": "nearest"}` or `{"at": [x, y]}`) and the answer it gets
//! back, so that every variant reads and writes them the same way.

use serde_json::{Map, Value, json};
use stonefield_rules::{ByColor, Color, IllegalMove};

use crate::fields::{self, join};
use crate::record_move::read_color;
use crate::report::score_json;
use crate::variants::Adapter;
use crate::{MoveKind, MoveResult, RecordError, RecordMove, Snap};

/// Where a preview asks about: an exact point or a request to resolve.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Target {
    /// Exactly this point, in the variant's coordinates.
    At(Vec<f64>),
    /// A pointer position and how to snap it (continuous Go).
    Request([f64; 2], Snap),
}

/// A preview request: the target and, if given, the colour that asks.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ask {
    pub target: Target,
    pub color: Option<Color>,
}

/// Reads a preview request with `at_len` coordinates for `at`.
///
/// # Errors
/// Not an object, an unknown key, neither or both of `at` and `request`, a `snap` without a
/// request, wrong numbers or names; the message names the key.
pub(crate) fn read_ask(v: &Value, at_len: usize) -> Result<Ask, RecordError> {
    let map = fields::object(v, "preview")?;
    fields::only_keys(map, &["at", "request", "snap", "color"], "preview")?;
    let color = map
        .get("color")
        .map(|c| read_color(c, "preview.color"))
        .transpose()?;
    let target = match (map.get("at"), map.get("request")) {
        (Some(at), None) => {
            if map.contains_key("snap") {
                return Err(RecordError::invalid(
                    "preview.snap",
                    "only a request has a snap mode",
                ));
            }
            Target::At(fields::numbers(at, at_len, "preview.at")?)
        }
        (None, Some(req)) => {
            let xy = fields::numbers(req, 2, "preview.request")?;
            Target::Request([xy[0], xy[1]], read_snap(map)?)
        }
        _ => {
            return Err(RecordError::invalid(
                "preview",
                "expected one of \"at\" or \"request\"",
            ));
        }
    };
    Ok(Ask { target, color })
}

fn read_snap(map: &Map<String, Value>) -> Result<Snap, RecordError> {
    let path = join("preview", "snap");
    match map.get("snap") {
        Some(s) => fields::string(s, &path)?
            .parse()
            .map_err(|e: String| RecordError::invalid(path, e)),
        None => Ok(Snap::Nearest),
    }
}

/// The effect of a legal move that has not been played: captures and the score after it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Effect {
    pub captured: Vec<Value>,
    pub score: ByColor<f64>,
}

/// The answer `{"at", "legal", "reason"?, "captured", "score"}`. `at` is `None` when the
/// request resolved to no point; an illegal or unresolved move keeps the current score.
pub(crate) fn answer(
    at: Option<Value>,
    verdict: Result<Effect, IllegalMove>,
    current: ByColor<f64>,
) -> Value {
    match verdict {
        Ok(e) => json!({
            "at": at,
            "legal": true,
            "captured": e.captured,
            "score": score_json(e.score),
        }),
        Err(reason) => json!({
            "at": at,
            "legal": false,
            "reason": reason.reason(),
            "captured": [],
            "score": score_json(current),
        }),
    }
}

/// A preview made by playing the move on a copy of the game, for the variants whose moves
/// are exact points (MarGo `{"at": [x, y, level]}`, Topological Go `{"at": [x, y],
/// "reserve": true}`): the answer is the move's own report.
///
/// # Errors
/// Not an object, an unknown key, a missing or malformed `at`, `color` or `reserve`.
pub(crate) fn by_trial<A: Adapter + Clone>(
    game: &A,
    request: &Value,
    at_len: usize,
    reserve_allowed: bool,
) -> Result<Value, RecordError> {
    let map = fields::object(request, "preview")?;
    let keys: &[&str] = if reserve_allowed {
        &["at", "color", "reserve"]
    } else {
        &["at", "color"]
    };
    fields::only_keys(map, keys, "preview")?;
    let at = map
        .get("at")
        .ok_or_else(|| RecordError::invalid("preview", "expected \"at\""))?;
    let at = fields::numbers(at, at_len, "preview.at")?;
    let color = map
        .get("color")
        .map(|c| read_color(c, "preview.color"))
        .transpose()?
        .unwrap_or_else(|| game.to_move());
    let reserve = map
        .get("reserve")
        .map(|r| fields::boolean(r, "preview.reserve"))
        .transpose()?
        .unwrap_or(false);
    let mut trial = game.clone();
    let report = trial.apply(&RecordMove {
        color,
        kind: MoveKind::At(at),
        reserve,
    });
    let now = game.score();
    let verdict = match (report.result, report.reason) {
        (MoveResult::Placed, _) => Ok(Effect {
            captured: report.captured.unwrap_or_default(),
            score: report.score.unwrap_or(now),
        }),
        (_, reason) => Err(reason.unwrap_or(IllegalMove::Unsupported)),
    };
    Ok(answer(report.at, verdict, now))
}

/// The answer for a request that resolves to no point.
pub(crate) fn no_point(current: ByColor<f64>) -> Value {
    json!({
        "at": null,
        "legal": false,
        "reason": "no-point",
        "captured": [],
        "score": score_json(current),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_points_and_requests() {
        let a = read_ask(&json!({"at": [3, 4]}), 2).expect("at");
        assert_eq!(a.target, Target::At(vec![3.0, 4.0]));
        let r = read_ask(
            &json!({"request": [1.5, 2], "snap": "own", "color": "white"}),
            2,
        )
        .expect("request");
        assert_eq!(r.target, Target::Request([1.5, 2.0], Snap::Own));
        assert_eq!(r.color, Some(Color::White));
        let d = read_ask(&json!({"request": [1, 2]}), 2).expect("default snap");
        assert_eq!(d.target, Target::Request([1.0, 2.0], Snap::Nearest));
    }

    #[test]
    fn refuses_malformed_requests_naming_the_key() {
        let e = |v: Value| read_ask(&v, 2).expect_err("malformed").to_string();
        assert_eq!(e(json!({"at": [1]})), "preview.at: expected 2 numbers");
        assert!(e(json!({"request": [1, 2], "snap": "far"})).starts_with("preview.snap: unknown"));
        assert!(e(json!({"at": [1, 2], "snap": "own"})).starts_with("preview.snap:"));
        assert!(e(json!({})).starts_with("preview: expected one of"));
        assert!(e(json!({"at": [1, 2], "request": [1, 2]})).starts_with("preview: expected one"));
        assert_eq!(e(json!({"x": 1})), "preview: unknown field \"x\"");
        assert!(e(json!([1, 2])).starts_with("preview: expected an object"));
    }

    #[test]
    fn answers_keep_the_score_when_nothing_happens() {
        let now = ByColor {
            black: 1.0,
            white: 7.5,
        };
        let a = answer(Some(json!([1, 1])), Err(IllegalMove::Ko), now);
        assert_eq!(a["legal"], false);
        assert_eq!(a["reason"], "ko");
        assert_eq!(a["score"]["white"], 7.5);
        assert_eq!(no_point(now)["at"], Value::Null);
    }
}
