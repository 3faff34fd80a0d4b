//! Reading a stonefield JSON record, with errors that name the place, and checking it
//! against its variant's rules.

use serde_json::{Map, Value};
use stonefield_rules::{ByColor, Color};

use crate::fields::{self, index, join};
use crate::setup::read_stones;
use crate::{
    FORMAT, Player, Record, RecordError, RecordErrorKind, RecordMove, Setup, TimeControl, Variant,
    variants,
};

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
