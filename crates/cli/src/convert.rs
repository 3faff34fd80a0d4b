//! `stonefield convert IN OUT`: classic records between SGF and the JSON record, the
//! formats taken from the extensions. SGF to SGF keeps the whole tree; SGF to JSON keeps
//! what the record cannot hold in an `"sgf"` field.

use std::path::Path;

use stonefield_record::{replay, sgf};

use crate::bad_input::BadInput;
use crate::replay::{Format, Loaded, load};

/// Runs `convert`.
///
/// # Errors
/// [`BadInput`] for an unreadable input or an unknown output extension; an I/O error when
/// the output cannot be written.
pub fn run(input: &Path, output: &Path) -> anyhow::Result<()> {
    let format = Format::of_path(output).ok_or_else(|| {
        BadInput(format!(
            "{}: unknown output format (use .sgf or .json)",
            output.display()
        ))
    })?;
    let loaded = load(input)?;
    let text = match (&loaded, format) {
        (Loaded::Sgf(g), Format::Sgf) => g.to_sgf(),
        (Loaded::Sgf(g), Format::Json) => g.record_keeping_tree().to_json(),
        (Loaded::Json(r), Format::Json) => r.to_json(),
        (Loaded::Json(r), Format::Sgf) => {
            let dropped = replay(r)
                .map(|rep| rep.moves.iter().filter(|m| !m.accepted()).count())
                .unwrap_or(0);
            if dropped > 0 {
                eprintln!("stonefield: note: {dropped} illegal attempts are left out of the SGF");
            }
            sgf::write(r).map_err(|e| BadInput(format!("{}: {e}", input.display())))?
        }
    };
    std::fs::write(output, text)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", output.display()))?;
    Ok(())
}
