//! A quick pass over SGF text before parsing: finds where a truncated or unbalanced file
//! goes wrong (line and column, which the parser does not give) and refuses trees too deep
//! to handle safely.

use crate::{RecordError, RecordErrorKind};

/// The longest line of nodes accepted (the longest real games have about 1,000 moves).
pub const MAX_DEPTH: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Pos {
    line: usize,
    column: usize,
}

fn error(at: Pos, what: &str) -> RecordError {
    RecordError::new(
        format!("SGF line {}, column {}", at.line, at.column),
        RecordErrorKind::Sgf(what.to_owned()),
    )
}

/// Checks that brackets and parentheses close and that no line of nodes is deeper than
/// [`MAX_DEPTH`].
///
/// # Errors
/// The first fault, with its line and column.
pub fn check(text: &str) -> Result<(), RecordError> {
    let mut pos = Pos { line: 1, column: 0 };
    let mut open: Vec<(Pos, usize)> = Vec::new();
    let mut value_start: Option<Pos> = None;
    let mut escaped = false;
    let mut depth = 0usize;
    for c in text.chars() {
        if c == '\n' {
            pos.line += 1;
            pos.column = 0;
        } else {
            pos.column += 1;
        }
        if value_start.is_some() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => value_start = None,
                _ => {}
            }
            continue;
        }
        match c {
            '[' => value_start = Some(pos),
            '(' => open.push((pos, depth)),
            ')' => match open.pop() {
                Some((_, d)) => depth = d,
                None => return Err(error(pos, "')' closes nothing")),
            },
            ';' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(error(
                        pos,
                        &format!("more than {MAX_DEPTH} nodes in one line of play"),
                    ));
                }
            }
            _ => {}
        }
    }
    if let Some(at) = value_start {
        return Err(error(
            at,
            "property value never closed with ']' (truncated file?)",
        ));
    }
    if let Some((at, _)) = open.last() {
        return Err(error(*at, "'(' never closed (truncated file?)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_is_located() {
        assert!(check("(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc]))").is_ok());
        let e = check("(;GM[1]\n;B[aa];W[b").expect_err("truncated");
        assert_eq!(
            e.to_string(),
            "SGF line 2, column 9: property value never closed with ']' (truncated file?)"
        );
        let e = check("(;GM[1];B[aa]").expect_err("truncated");
        assert!(
            e.to_string()
                .starts_with("SGF line 1, column 1: '(' never closed")
        );
        assert!(check("(;C[a \\] b])").is_ok());
        assert!(check(")").is_err());
    }

    #[test]
    fn deep_lines_are_refused() {
        let deep = format!("({})", ";".repeat(MAX_DEPTH + 1));
        assert!(check(&deep).is_err());
        let wide = format!("({})", "(;)".repeat(MAX_DEPTH + 1));
        assert!(check(&wide).is_ok());
    }
}
