//! The stonefield JSON record (`docs/record-format.md`): reading with errors that name the
//! place, and writing that reads back equal. Unknown top-level fields are kept so that a
//! rewrite loses nothing.

use serde_json::{Map, Value};
use stonefield_rules::{ByColor, Color};

use crate::fields::{self, index, join};
use crate::json_text::{Field, compact, document};
use crate::setup::{read_stones, stones_value};
use crate::{
    RecordError, RecordErrorKind, RecordMove, Setup, SetupStone, TimeControl, Variant, variants,
};

/// The `format` tag of records this crate writes.
pub const FORMAT: &str = "stonefield-record/1";

/// What a record says about one player.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Player {
    pub name: Option<String>,
    /// Other fields (a rank, a rating...), kept as written.
    pub extra: Map<String, Value>,
}

impl Player {
    fn is_empty(&self) -> bool {
        self.name.is_none() && self.extra.is_empty()
    }
}

/// A game of any variant, as the JSON record holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub variant: Variant,
    /// The variant's options as written; each variant's adapter interprets them.
    pub rules: Map<String, Value>,
    pub players: ByColor<Player>,
    pub moves: Vec<RecordMove>,
    pub setup: Option<Setup>,
    /// `B+3.5`, `W+R`, `Draw`... as written.
    pub result: Option<String>,
    /// When the game was played, as written (SGF's DT).
    pub date: Option<String>,
    /// The clock the game was played under (SGF's TM and OT).
    pub time_control: Option<TimeControl>,
    /// The stones marked dead when the players accepted the count: present (even empty)
    /// when the game ended by an accepted count, which replay then repeats.
    pub dead: Option<Vec<SetupStone>>,
    /// Top-level fields this version does not know, kept so that nothing is lost.
    pub extra: Map<String, Value>,
}

const KNOWN: [&str; 10] = [
    "format",
    "variant",
    "rules",
    "players",
    "moves",
    "setup",
    "result",
    "date",
    "time_control",
    "dead",
];

impl Record {
    /// An empty record of `variant` with default rules.
    pub fn new(variant: Variant) -> Record {
        Record {
            variant,
            rules: Map::new(),
            players: ByColor::default(),
            moves: Vec::new(),
            setup: None,
            result: None,
            date: None,
            time_control: None,
            dead: None,
            extra: Map::new(),
        }
    }

    /// Reads a record.
    ///
    /// # Errors
    /// Invalid JSON, an unknown variant or option, a malformed move or setup, or a position
    /// that cannot start a game; the error names the place (`moves[12].at`).
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new("", RecordErrorKind::Json(e.to_string())))?;
        Record::from_value(&v)
    }

    /// Reads a record from parsed JSON.
    ///
    /// # Errors
    /// As [`Record::from_json`].
    pub fn from_value(v: &Value) -> Result<Record, RecordError> {
        let top = fields::object(v, "")?;
        if let Some(f) = top.get("format") {
            let f = fields::string(f, "format")?;
            if f != FORMAT {
                return Err(RecordError::invalid(
                    "format",
                    format!("unknown format {f:?} (expected {FORMAT:?})"),
                ));
            }
        }
        let variant: Variant =
            fields::string(fields::required(top, "variant", "")?, "variant")?.parse()?;
        let rules = match top.get("rules") {
            Some(r) => fields::object(r, "rules")?.clone(),
            None => Map::new(),
        };
        let record = Record {
            variant,
            rules,
            players: read_players(top.get("players"))?,
            moves: read_moves(top.get("moves"), variant)?,
            setup: top
                .get("setup")
                .map(|s| Setup::from_value(s, variant, "setup"))
                .transpose()?,
            result: optional_string(top, "result")?,
            date: optional_string(top, "date")?,
            time_control: top
                .get("time_control")
                .map(TimeControl::from_value)
                .transpose()?,
            dead: top
                .get("dead")
                .map(|d| read_stones(d, variant, "dead"))
                .transpose()?,
            extra: top
                .iter()
                .filter(|(k, _)| !KNOWN.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        };
        variants::check_record(&record)?;
        Ok(record)
    }

    /// The record as pretty JSON, one move per line; it reads back equal.
    pub fn to_json(&self) -> String {
        let mut out = vec![
            ("format".to_owned(), Field::One(compact(FORMAT))),
            (
                "variant".to_owned(),
                Field::One(compact(self.variant.name())),
            ),
            ("rules".to_owned(), Field::One(compact(&self.rules))),
        ];
        if !self.players.black.is_empty() || !self.players.white.is_empty() {
            out.push((
                "players".to_owned(),
                Field::One(compact(&players_value(&self.players))),
            ));
        }
        if let Some(setup) = &self.setup {
            out.push((
                "setup".to_owned(),
                Field::One(compact(&setup.written(self.variant))),
            ));
        }
        let moves = self
            .moves
            .iter()
            .map(|m| compact(&m.written(self.variant)))
            .collect();
        out.push(("moves".to_owned(), Field::Lines(moves)));
        for (key, v) in [("result", &self.result), ("date", &self.date)] {
            if let Some(v) = v {
                out.push((key.to_owned(), Field::One(compact(v))));
            }
        }
        if let Some(t) = &self.time_control {
            out.push(("time_control".to_owned(), Field::One(compact(t))));
        }
        if let Some(dead) = &self.dead {
            let stones = stones_value(dead, self.variant);
            out.push(("dead".to_owned(), Field::One(compact(&stones))));
        }
        for (k, v) in &self.extra {
            out.push((k.clone(), Field::One(compact(v))));
        }
        document(&out)
    }
}

fn optional_string(top: &Map<String, Value>, key: &str) -> Result<Option<String>, RecordError> {
    top.get(key)
        .map(|v| fields::string(v, key).map(str::to_owned))
        .transpose()
}

fn read_moves(v: Option<&Value>, variant: Variant) -> Result<Vec<RecordMove>, RecordError> {
    let Some(v) = v else { return Ok(Vec::new()) };
    let list = v.as_array().ok_or_else(|| {
        RecordError::invalid(
            "moves",
            format!("expected a list, got {}", fields::describe(v)),
        )
    })?;
    list.iter()
        .enumerate()
        .map(|(i, m)| RecordMove::from_value(m, variant, &index("moves", i)))
        .collect()
}

fn read_players(v: Option<&Value>) -> Result<ByColor<Player>, RecordError> {
    let Some(v) = v else {
        return Ok(ByColor::default());
    };
    let map = fields::object(v, "players")?;
    fields::only_keys(map, &["black", "white"], "players")?;
    let mut players = ByColor::<Player>::default();
    for c in Color::ALL {
        if let Some(p) = map.get(c.name()) {
            players[c] = read_player(p, &join("players", c.name()))?;
        }
    }
    Ok(players)
}

fn read_player(v: &Value, path: &str) -> Result<Player, RecordError> {
    let map = fields::object(v, path)?;
    let name = map
        .get("name")
        .map(|n| fields::string(n, &join(path, "name")).map(str::to_owned))
        .transpose()?;
    let mut extra = map.clone();
    extra.remove("name");
    Ok(Player { name, extra })
}

fn players_value(players: &ByColor<Player>) -> Value {
    let mut out = Map::new();
    for c in Color::ALL {
        let p = &players[c];
        if p.is_empty() {
            continue;
        }
        let mut m = Map::new();
        if let Some(n) = &p.name {
            m.insert("name".into(), Value::from(n.clone()));
        }
        m.extend(p.extra.clone());
        out.insert(c.name().into(), Value::Object(m));
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveKind;

    const SAMPLE: &str = r#"{
        "format": "stonefield-record/1", "variant": "classic",
        "rules": {"preset": "japanese", "board_size": 9},
        "players": {"black": {"name": "Ann", "rank": "3d"}, "white": {"name": "Bob"}},
        "moves": [{"color": "black", "at": [2, 2]}, {"color": "white", "pass": true},
                  {"color": "black", "resign": true}],
        "result": "W+R", "event": {"name": "club night"}
    }"#;

    #[test]
    fn reads_a_record_and_writes_it_back_equal() {
        let r = Record::from_json(SAMPLE).expect("valid record");
        assert_eq!(r.moves[0].kind, MoveKind::At(vec![2.0, 2.0]));
        assert_eq!(r.players.black.name.as_deref(), Some("Ann"));
        assert_eq!(r.extra["event"]["name"], "club night");
        let text = r.to_json();
        assert!(
            text.contains("\n    {\"color\": \"black\", \"at\": [2, 2]},\n"),
            "{text}"
        );
        assert_eq!(Record::from_json(&text), Ok(r));
    }

    #[test]
    fn refuses_bad_documents_naming_the_place() {
        let e = |t: &str| Record::from_json(t).expect_err("bad record").to_string();
        assert!(e("{\"variant\": ").starts_with("invalid JSON"));
        assert!(e(r#"{"variant": "chess"}"#).starts_with("variant: unknown variant \"chess\""));
        assert_eq!(e(r#"{"moves": []}"#), "variant: missing field");
        assert!(e(r#"{"variant": "classic", "moves": {}}"#).starts_with("moves: expected a list"));
        assert!(
            e(r#"{"variant": "classic", "format": "x"}"#).starts_with("format: unknown format")
        );
        assert!(
            e(r#"{"variant": "classic", "players": {"red": {}}}"#)
                .starts_with("players: unknown field")
        );
        assert!(
            e(r#"{"variant": "classic", "result": 3}"#).starts_with("result: expected a string")
        );
        assert!(
            e(r#"{"variant": "classic", "moves": [{"color": "black", "at": [1e999, 0]}]}"#)
                .starts_with("invalid JSON")
        );
    }
}
