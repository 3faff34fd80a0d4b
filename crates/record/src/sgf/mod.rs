//! SGF FF\[4\] for classic Go, through the `sgf-parse` crate: reading a file into a
//! [`Record`] (the main line is played) and writing a record as SGF.
//!
//! SGF holds more than a record (variations, comments, markup), so [`read`] keeps the
//! parsed trees: [`SgfGame::to_sgf`] writes them back whole, and
//! [`SgfGame::record_keeping_tree`] carries them in a `"sgf"` field of the JSON record when
//! the record alone would lose something. [`write()`] uses that field while it still
//! matches the record.
//!
//! ```
//! let game = stonefield_record::sgf::read("(;GM[1]SZ[9]KM[6.5];B[cc]C[nice];W[gg])").unwrap();
//! assert_eq!(game.record().moves.len(), 2);
//! assert!(game.to_sgf().contains("C[nice]"));
//! ```

mod read;
mod scan;
mod text;
mod write;

use serde_json::Value;
use std::collections::HashSet;

use sgf_parse::go::Prop;
use sgf_parse::{SgfNode, SgfProp};

use crate::{Record, RecordError, RecordErrorKind, variants};

pub use scan::MAX_DEPTH;

/// The field of a JSON record that carries the SGF it came from.
pub const TREE_FIELD: &str = "sgf";

/// A parsed SGF collection and the record of its first game's main line.
#[derive(Debug, Clone)]
pub struct SgfGame {
    trees: Vec<SgfNode<Prop>>,
    record: Record,
}

/// Reads SGF text.
///
/// # Errors
/// Text that is not SGF (with the line and column of a truncation), a game that is not
/// Go, a board stonefield does not support, a move off the board... naming the place.
pub fn read(text: &str) -> Result<SgfGame, RecordError> {
    scan::check(text)?;
    let mut trees = sgf_parse::go::parse(text).map_err(|e| {
        let what = match e {
            sgf_parse::SgfParseError::UnexpectedGameType
            | sgf_parse::SgfParseError::InvalidGameType => "the game is not Go (GM[1])".to_owned(),
            other => format!("unreadable SGF: {other}"),
        };
        RecordError::new("SGF", RecordErrorKind::Sgf(what))
    })?;
    trees.iter_mut().for_each(normalize);
    let first = trees.first().ok_or_else(|| {
        RecordError::new("SGF", RecordErrorKind::Sgf("no game in the file".into()))
    })?;
    let record = read::record_of(first)?;
    variants::check_record(&record)?;
    Ok(SgfGame { trees, record })
}

impl SgfGame {
    /// The record of the first game's main line.
    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn into_record(self) -> Record {
        self.record
    }

    /// The whole collection as SGF, variations, comments and markup included. Writing is
    /// deterministic: what this writes reads back and writes again identically.
    pub fn to_sgf(&self) -> String {
        self.trees.iter().map(text::tree).collect()
    }

    /// The record, plus the SGF text in the [`TREE_FIELD`] field when writing the record
    /// alone as SGF would not give this SGF back.
    pub fn record_keeping_tree(&self) -> Record {
        let whole = self.to_sgf();
        let mut record = self.record.clone();
        if write_fresh(&record).ok().as_deref() != Some(whole.as_str()) {
            record.extra.insert(TREE_FIELD.into(), Value::from(whole));
        }
        record
    }
}

/// A classic record as SGF. If the record carries the SGF it came from (the
/// [`TREE_FIELD`] field) and that SGF still reads to this record, it is written whole.
///
/// # Errors
/// A record of another variant, or one whose start position cannot be built.
pub fn write(record: &Record) -> Result<String, RecordError> {
    let mut plain = record.clone();
    if let Some(Value::String(kept)) = plain.extra.remove(TREE_FIELD)
        && let Ok(game) = read(&kept)
        && game.record == plain
    {
        return Ok(game.to_sgf());
    }
    write_fresh(&plain)
}

/// Keeps, in every node, the first property of each identifier and only FF\[4\] identifiers
/// (upper-case letters): what the reader honours is then exactly what the writer writes.
fn normalize(root: &mut SgfNode<Prop>) {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let mut seen = HashSet::new();
        node.properties.retain(|p| {
            let id = p.identifier();
            !id.is_empty() && id.chars().all(|c| c.is_ascii_uppercase()) && seen.insert(id)
        });
        stack.extend(node.children.iter_mut());
    }
}

fn write_fresh(record: &Record) -> Result<String, RecordError> {
    write::tree_of(record).map(|t| text::tree(&t))
}

#[cfg(test)]
mod tests;
