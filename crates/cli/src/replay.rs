//! `stonefield replay FILE [--json]`: replays a JSON record or an SGF file and prints the
//! board and the result, or `docs/record-format.md`'s JSON object. Also loads records for
//! `convert`.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;
use stonefield_record::{MoveReport, MoveResult, Record, ReplayReport, replay, sgf};

use crate::bad_input::BadInput;

/// A record as loaded from a file, with the SGF trees when it was an SGF file.
#[derive(Debug)]
pub enum Loaded {
    Json(Record),
    Sgf(sgf::SgfGame),
}

impl Loaded {
    pub fn record(&self) -> &Record {
        match self {
            Loaded::Json(r) => r,
            Loaded::Sgf(g) => g.record(),
        }
    }
}

/// The two formats, from a file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Sgf,
}

impl Format {
    /// The format a file name's extension names, if any.
    pub fn of_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "json" => Some(Format::Json),
            "sgf" => Some(Format::Sgf),
            _ => None,
        }
    }
}

/// Reads and parses `path`, choosing the format from the content (`(` or `{`), else from
/// the extension.
///
/// # Errors
/// [`BadInput`] for a file that cannot be read or parsed, naming the place.
pub fn load(path: &Path) -> Result<Loaded, BadInput> {
    let shown = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|e| BadInput(format!("cannot read {shown}: {e}")))?;
    let format = match text.trim_start().chars().next() {
        Some('(') => Some(Format::Sgf),
        Some('{') => Some(Format::Json),
        _ => Format::of_path(path),
    };
    let bad = |e: stonefield_record::RecordError| BadInput(format!("{shown}: {e}"));
    match format {
        Some(Format::Sgf) => sgf::read(&text).map(Loaded::Sgf).map_err(bad),
        Some(Format::Json) => Record::from_json(&text).map(Loaded::Json).map_err(bad),
        None => Err(BadInput(format!("{shown}: neither a JSON record nor SGF"))),
    }
}

/// Runs `replay`: prints the report as JSON or as a board.
///
/// # Errors
/// A file that cannot be loaded or replayed.
pub fn run(path: &Path, json: bool) -> anyhow::Result<()> {
    let loaded = load(path)?;
    let report =
        replay(loaded.record()).map_err(|e| BadInput(format!("{}: {e}", path.display())))?;
    if json {
        print!("{}", report.to_json());
    } else {
        print!("{}", text_report(loaded.record(), &report));
    }
    Ok(())
}

/// Column letters as in GTP and GNU Go: no `I`.
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn coords(v: &Value) -> Option<(usize, usize)> {
    let x = usize::try_from(v.get(0)?.as_u64()?).ok()?;
    let y = usize::try_from(v.get(1)?.as_u64()?).ok()?;
    Some((x, y))
}

/// The board of a grid variant, `X` black and `O` white, the last stone in parentheses.
fn board_text(size: usize, stones: &[Value], last: Option<(usize, usize)>) -> String {
    let mut grid = vec![vec!['.'; size]; size];
    for s in stones {
        let color = s.as_array().and_then(|a| a.last()).and_then(Value::as_str);
        if let (Some((x, y)), Some(c)) = (coords(s), color)
            && x < size
            && y < size
        {
            grid[y][x] = if c == "black" { 'X' } else { 'O' };
        }
    }
    let letters: String = LETTERS[..size]
        .iter()
        .map(|&c| format!(" {}", char::from(c)))
        .collect();
    let mut out = format!("   {letters}\n");
    for (y, row) in grid.iter().enumerate() {
        let n = size - y;
        let _ = write!(out, "{n:>2} ");
        for (x, c) in row.iter().enumerate() {
            out.push(separator(last, x, y));
            out.push(*c);
        }
        out.push(separator(last, size, y));
        let _ = writeln!(out, "{n}");
    }
    let _ = writeln!(out, "   {letters}");
    out
}

/// The character before column `x` of row `y`: brackets around the last stone.
fn separator(last: Option<(usize, usize)>, x: usize, y: usize) -> char {
    match last {
        Some((lx, ly)) if ly == y && lx == x => '(',
        Some((lx, ly)) if ly == y && lx + 1 == x => ')',
        _ => ' ',
    }
}

fn last_placed(moves: &[MoveReport]) -> Option<&MoveReport> {
    moves.iter().rev().find(|m| m.accepted())
}

/// The readable report: board, last move, counts, score and result.
fn text_report(record: &Record, report: &ReplayReport) -> String {
    let mut out = String::new();
    let f = &report.final_view;
    let last = last_placed(&report.moves);
    let size = record
        .rules
        .get("board_size")
        .and_then(Value::as_u64)
        .unwrap_or(19);
    if let Some(text) = report.variant_text() {
        out.push_str(&text);
    } else if let (true, Some(stones)) = (report.variant.is_grid(), f["stones"].as_array()) {
        let placed = report
            .moves
            .iter()
            .rev()
            .find(|m| m.result == MoveResult::Placed);
        let at = placed.and_then(|m| m.at.as_ref()).and_then(coords);
        out.push_str(&board_text(
            usize::try_from(size).unwrap_or(19).min(25),
            stones,
            at,
        ));
    }
    if !report.variant.is_grid() {
        // No board to draw off the grid: every move with its result, captures and score.
        for m in &report.moves {
            let _ = writeln!(out, "{m}");
        }
    }
    let count = |r: MoveResult| report.moves.iter().filter(|m| m.result == r).count();
    let _ = writeln!(
        out,
        "{} moves: {} placed, {} passes, {} illegal",
        report.moves.len(),
        count(MoveResult::Placed),
        count(MoveResult::Pass),
        count(MoveResult::Illegal)
    );
    if let Some(m) = last {
        let what = match (&m.at, m.result) {
            (Some(at), _) => format!("{} at {at}", m.color),
            (None, r) => format!(
                "{} {}",
                m.color,
                serde_json::to_value(r)
                    .unwrap_or_default()
                    .as_str()
                    .unwrap_or("")
            ),
        };
        let _ = writeln!(out, "last move: {what} (move {})", m.index);
    }
    let _ = writeln!(out, "to move: {}", f["to_move"].as_str().unwrap_or("?"));
    let _ = writeln!(
        out,
        "score as the position stands: black {}, white {}",
        f["score"]["black"], f["score"]["white"]
    );
    let result = f["result"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| record.result.clone());
    match result {
        Some(r) => {
            let _ = writeln!(out, "result: {r}");
        }
        None if f["over"] == true => {
            out.push_str("result: play has ended; dead stones not yet agreed\n")
        }
        None => out.push_str("result: game not finished\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn board_marks_stones_and_the_last_move() {
        let b = board_text(
            3,
            &[json!([0, 0, "black"]), json!([1, 1, "white"])],
            Some((1, 1)),
        );
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines[0], "    A B C");
        assert_eq!(lines[1], " 3  X . . 3");
        assert_eq!(lines[2], " 2  .(O). 2");
        assert_eq!(lines[3], " 1  . . . 1");
    }
}
