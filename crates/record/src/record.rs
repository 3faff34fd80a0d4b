//! The stonefield JSON record (`docs/record-format.md`) and its writing, which reads back
//! equal; reading is in `record_read`. Unknown top-level fields are kept so that a rewrite
//! loses nothing.

use serde_json::{Map, Value};
use stonefield_rules::{ByColor, Color};

use crate::json_text::{Field, compact, document};
use crate::setup::stones_value;
use crate::{RecordMove, Setup, SetupStone, TimeControl, Variant};

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

    /// The server's `chat` (docs/record-format.md) is kept as written, and a record
    /// without it reads as before.
    #[test]
    fn a_chat_is_kept_through_a_rewrite() {
        let with_chat = SAMPLE.replace(
            r#""result": "W+R","#,
            r#""result": "W+R", "chat": [{"channel": "players", "color": "black", "from": "Ann", "text": "<b>gg</b>", "at_ms": 5, "move": 3}],"#,
        );
        let r = Record::from_json(&with_chat).expect("valid record");
        assert_eq!(r.extra["chat"][0]["text"], "<b>gg</b>");
        assert_eq!(Record::from_json(&r.to_json()), Ok(r));
        assert!(
            Record::from_json(SAMPLE)
                .unwrap()
                .extra
                .get("chat")
                .is_none()
        );
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
