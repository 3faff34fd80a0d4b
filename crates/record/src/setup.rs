//! A record's optional starting position (`"setup"`): stones already on the board and the
//! player to move, like SGF's AB/AW/PL.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;
use stonefield_rules::Color;

use crate::fields::{self, index, join};
use crate::record_move::read_color;
use crate::{RecordError, Variant};

/// A stone of the starting position: `[x, y]` (`[x, y, level]` in MarGo) and its colour.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupStone {
    pub at: Vec<f64>,
    pub color: Color,
}

/// The starting position of a record.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Setup {
    pub stones: Vec<SetupStone>,
    /// Who moves first; Black when absent.
    pub to_move: Option<Color>,
}

impl Setup {
    /// Reads `setup` of a `variant` record.
    ///
    /// # Errors
    /// Unknown fields, stones that are not `[x, y, "colour"]`, a bad colour.
    pub(crate) fn from_value(
        v: &Value,
        variant: Variant,
        path: &str,
    ) -> Result<Setup, RecordError> {
        let map = fields::object(v, path)?;
        fields::only_keys(map, &["stones", "to_move"], path)?;
        let to_move = match map.get("to_move") {
            Some(c) => Some(read_color(c, &join(path, "to_move"))?),
            None => None,
        };
        let stones = match map.get("stones") {
            Some(list) => read_stones(list, variant, &join(path, "stones"))?,
            None => Vec::new(),
        };
        Ok(Setup { stones, to_move })
    }

    /// The setup as written in a record of `variant`.
    pub(crate) fn written(&self, variant: Variant) -> Written<'_> {
        Written {
            setup: self,
            grid: variant.is_grid(),
        }
    }
}

/// Reads a list of stones `[x, y, "colour"]` (MarGo: `[x, y, level, "colour"]`) at `path`:
/// a setup's, or the stones a record marks dead.
///
/// # Errors
/// Not a list, or a stone of the wrong shape, naming it.
pub(crate) fn read_stones(
    v: &Value,
    variant: Variant,
    path: &str,
) -> Result<Vec<SetupStone>, RecordError> {
    let list = v
        .as_array()
        .ok_or_else(|| RecordError::invalid(path, "expected a list of stones"))?;
    list.iter()
        .enumerate()
        .map(|(i, s)| read_stone(s, variant, &index(path, i)))
        .collect()
}

/// Stones as a record writes them (whole numbers on grids).
pub(crate) fn stones_value(stones: &[SetupStone], variant: Variant) -> Value {
    let out: Vec<StoneOut<'_>> = stones
        .iter()
        .map(|st| StoneOut(st, variant.is_grid()))
        .collect();
    serde_json::to_value(out).unwrap_or_default()
}

fn read_stone(v: &Value, variant: Variant, path: &str) -> Result<SetupStone, RecordError> {
    let n = if variant == Variant::Margo { 3 } else { 2 };
    let shape = || {
        let coords = if n == 3 { "x, y, level" } else { "x, y" };
        RecordError::invalid(path, format!("expected [{coords}, \"colour\"]"))
    };
    let list = v
        .as_array()
        .filter(|a| a.len() == n + 1)
        .ok_or_else(shape)?;
    let at = list[..n]
        .iter()
        .enumerate()
        .map(|(i, x)| fields::number(x, &index(path, i)))
        .collect::<Result<_, _>>()?;
    let color = read_color(&list[n], &index(path, n))?;
    Ok(SetupStone { at, color })
}

/// A setup with the knowledge of how to write its numbers.
#[derive(Debug)]
pub(crate) struct Written<'a> {
    setup: &'a Setup,
    grid: bool,
}

struct StoneOut<'a>(&'a SetupStone, bool);

impl Serialize for StoneOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.at.len() + 1))?;
        for &x in &self.0.at {
            seq.serialize_element(&fields::coordinate(x, self.1))?;
        }
        seq.serialize_element(self.0.color.name())?;
        seq.end()
    }
}

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let stones: Vec<StoneOut<'_>> = self
            .setup
            .stones
            .iter()
            .map(|st| StoneOut(st, self.grid))
            .collect();
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("stones", &stones)?;
        if let Some(c) = self.setup.to_move {
            m.serialize_entry("to_move", c.name())?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_and_writes_a_position() {
        let v = json!({"stones": [[2, 2, "black"], [3, 2, "white"]], "to_move": "white"});
        let s = Setup::from_value(&v, Variant::Classic, "setup").expect("setup");
        assert_eq!(s.stones.len(), 2);
        assert_eq!(s.to_move, Some(Color::White));
        let back = serde_json::to_value(s.written(Variant::Classic)).expect("write");
        assert_eq!(back, v);
    }

    #[test]
    fn margo_stones_have_a_level() {
        let bad = json!({"stones": [[2, 2, "black"]]});
        let e = Setup::from_value(&bad, Variant::Margo, "setup").expect_err("no level");
        assert_eq!(
            e.to_string(),
            "setup.stones[0]: expected [x, y, level, \"colour\"]"
        );
    }
}
