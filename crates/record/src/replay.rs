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
    /// [`AnyGame::describe`] of the final position: rules, geometry and the renderer's
    /// view. Not part of `replay --json`.
    pub describe: Value,
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

impl ReplayReport {
    /// The readable board and moves of the variants whose boards a plain grid cannot show
    /// (`None` for classic Go): MarGo's levels and every move with the book's cell name
    /// and its captures with their levels; Topological Go's grid with its closed points,
    /// longest trees and reserve stones left.
    pub fn variant_text(&self) -> Option<String> {
        match self.variant {
            Variant::Margo => Some(text::margo(self)),
            Variant::Topological => Some(text::topological(self)),
            Variant::Classic | Variant::Continuous => None,
        }
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
    if let Some(dead) = &record.dead {
        game.accept_marked(dead)?;
    }
    Ok(ReplayReport {
        variant: record.variant,
        moves,
        final_view: game.final_view(),
        describe: game.describe(),
    })
}

/// The text pictures of [`ReplayReport::variant_text`].
mod text {
    use std::fmt::Write as _;

    use serde_json::Value;

    use super::ReplayReport;
    use crate::variants::margo_notation;
    use crate::{MoveReport, MoveResult};

    /// Whole numbers of a JSON list, up to its first non-number.
    fn ints(v: &Value) -> Vec<usize> {
        v.as_array()
            .into_iter()
            .flatten()
            .map_while(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
            .collect()
    }

    fn color_of(v: &Value) -> Option<&str> {
        v.as_array()?.last()?.as_str()
    }

    fn size_of(r: &ReplayReport) -> usize {
        r.describe["board"]["size"]
            .as_u64()
            .and_then(|s| usize::try_from(s).ok())
            .unwrap_or(0)
            .min(25)
    }

    /// A square of characters with column and row numbers from 0.
    fn grid(cells: &[Vec<char>], indent: usize) -> String {
        let pad = " ".repeat(indent);
        let head: String = (0..cells.len())
            .map(|x| format!("{:>2}", x % 100))
            .collect();
        let mut out = format!("{pad}   {head}\n");
        for (y, row) in cells.iter().enumerate() {
            let line: String = row.iter().map(|c| format!(" {c}")).collect();
            let _ = writeln!(out, "{pad}{y:>2} {line}");
        }
        out
    }

    /// `X` black, `O` white; lower case for a MarGo zombie.
    fn mark(color: Option<&str>, zombie: bool) -> char {
        match (color, zombie) {
            (Some("black"), false) => 'X',
            (Some("black"), true) => 'x',
            (Some(_), false) => 'O',
            (Some(_), true) => 'o',
            (None, _) => '.',
        }
    }

    /// Every level that holds a ball (level 0 always), then one line per move.
    pub(super) fn margo(r: &ReplayReport) -> String {
        let n = size_of(r);
        let view = &r.describe["view"];
        let zombies: Vec<Vec<usize>> = view["zombies"]
            .as_array()
            .into_iter()
            .flatten()
            .map(ints)
            .collect();
        let mut levels: Vec<Vec<Vec<char>>> =
            (0..n).map(|k| vec![vec!['.'; n - k]; n - k]).collect();
        for s in r.final_view["stones"].as_array().into_iter().flatten() {
            if let [x, y, k, ..] = ints(s)[..]
                && k < n
                && x < n - k
                && y < n - k
            {
                let z = zombies.iter().any(|p| p[..] == [x, y, k]);
                levels[k][y][x] = mark(color_of(s), z);
            }
        }
        let mut out = String::new();
        for (k, cells) in levels.iter().enumerate() {
            if k == 0 || cells.iter().flatten().any(|&c| c != '.') {
                let _ = writeln!(out, "level {k} ({0}x{0}):", n - k);
                out.push_str(&grid(cells, k));
            }
        }
        out.push_str("zombies in lower case\nmoves:\n");
        for m in &r.moves {
            let _ = writeln!(out, "  {}", margo_move(m, n));
        }
        out
    }

    fn ball(v: &Value, n: usize) -> String {
        let at: Vec<f64> = ints(v).iter().map(|&c| c as f64).collect();
        let cell = u8::try_from(n)
            .ok()
            .and_then(|n| margo_notation(&at, n))
            .unwrap_or_default();
        let coords: Vec<String> = at.iter().map(ToString::to_string).collect();
        format!("{cell} [{}]", coords.join(", "))
    }

    /// `3 white C5 [1, 1, 1], captures black K8 [3, 1, 0]`, or the move's result.
    fn margo_move(m: &MoveReport, n: usize) -> String {
        let head = format!("{:>3} {:<5}", m.index, m.color.name());
        match (m.result, &m.at) {
            (MoveResult::Placed, Some(at)) => {
                let caps: Vec<String> = m
                    .captured
                    .iter()
                    .flatten()
                    .map(|c| format!("{} {}", color_of(c).unwrap_or("?"), ball(c, n)))
                    .collect();
                let caps = if caps.is_empty() {
                    String::new()
                } else {
                    format!(", captures {}", caps.join(", "))
                };
                format!("{head} {}{caps}", ball(at, n))
            }
            (MoveResult::Illegal, _) => {
                format!("{head} illegal ({})", m.reason.map_or("?", |r| r.reason()))
            }
            (result, _) => {
                let name = serde_json::to_value(result).unwrap_or_default();
                format!("{head} {}", name.as_str().unwrap_or("?"))
            }
        }
    }

    /// The grid (`+` on closed points), then the longest trees and reserve stones left.
    pub(super) fn topological(r: &ReplayReport) -> String {
        let n = size_of(r);
        let view = &r.describe["view"];
        let mut cells = vec![vec!['.'; n]; n];
        for p in view["closed"].as_array().into_iter().flatten() {
            if let [x, y] = ints(p)[..]
                && x < n
                && y < n
            {
                cells[y][x] = '+';
            }
        }
        for s in r.final_view["stones"].as_array().into_iter().flatten() {
            if let [x, y, ..] = ints(s)[..]
                && x < n
                && y < n
            {
                cells[y][x] = mark(color_of(s), false);
            }
        }
        let mut out = grid(&cells, 0);
        out.push_str("closed points marked +\n");
        for c in ["black", "white"] {
            let longest = view["longest_tree"][c].as_array().map_or(0, Vec::len);
            let _ = writeln!(
                out,
                "{c}: longest tree {longest}, reserve stones left {}",
                view["reserve_left"][c]
            );
        }
        out
    }
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
