//! `stonefield review FILE [--json] [--level N]`: the computer's review of a game (JSON
//! record or SGF, any variant): Black's win estimate after every move, what each move
//! lost for its player, the move the computer preferred, the largest swings marked. A
//! progress bar on standard error while it searches.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use stonefield_ai::level::Level;
use stonefield_ai::review::{REVIEW_LEVEL, Review, review};

use crate::bad_input::BadInput;
use crate::progress::stderr_bar;
use crate::replay::load;

/// Reviews the game in `path` at `level` (default [`REVIEW_LEVEL`]) and prints the table,
/// or the review's JSON with `json`.
///
/// # Errors
/// [`BadInput`] for a file that cannot be read or replayed, or a level outside 1..=10.
pub fn run(path: &Path, json: bool, level: Option<u8>) -> anyhow::Result<()> {
    let n = level.unwrap_or(REVIEW_LEVEL);
    let level = Level::get(n).ok_or_else(|| BadInput(format!("--level {n} is outside 1..=10")))?;
    let loaded = load(path)?;
    let record = loaded.record();
    let moves = record.moves.iter().filter(|m| m.is_play()).count() as u64;
    let bar = stderr_bar(moves, "reviewing {bar:30} {pos}/{len} moves  [{elapsed}]");
    let reviewed = review(record, level, 1, |done, _| bar.set_position(done as u64))
        .map_err(|e| BadInput(format!("{}: {e}", path.display())))
        .context("the game cannot be reviewed")?;
    bar.finish_and_clear();
    if json {
        println!("{}", reviewed.to_json());
    } else {
        print!("{}", table(&reviewed));
    }
    Ok(())
}

/// One line a move: number, player, Black's estimate after it, what it lost, the
/// computer's preference; a swing is starred.
fn table(r: &Review) -> String {
    let mut out = format!("start: Black {:.0}%\n", r.black_start * 100.0);
    for m in &r.moves {
        let preferred = match (&m.preferred_notation, &m.preferred) {
            (Some(name), _) => format!("  preferred {name}"),
            (None, Some(p)) => format!("  preferred {}", compact(p)),
            (None, None) => String::new(),
        };
        let _ = writeln!(
            out,
            "{:>4} {:<5} {:<6} Black {:>3.0}%  lost {:>3.0}%{}{}",
            m.number,
            m.color.name(),
            m.notation.as_deref().unwrap_or("-"),
            m.black_after * 100.0,
            m.lost * 100.0,
            if m.swing { " *" } else { "" },
            preferred,
        );
    }
    out
}

/// A preferred record move without its colour (the line names the player).
fn compact(mv: &serde_json::Value) -> String {
    let mut mv = mv.clone();
    if let Some(o) = mv.as_object_mut() {
        o.remove("color");
    }
    mv.to_string()
}
