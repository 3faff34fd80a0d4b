//! Why a record could not be read: one error type that names the place in the record
//! (`moves[12].at`, `rules.preset`, `SGF node 7`) so that a person can fix the file.

use std::fmt;

/// What was wrong, without the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The text is not JSON at all.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// The text is not readable SGF, or an SGF property cannot be used.
    #[error("{0}")]
    Sgf(String),
    /// A required field is absent.
    #[error("missing field")]
    Missing,
    /// A field this place does not have.
    #[error("unknown field {0:?}")]
    UnknownField(String),
    /// A `variant` that stonefield does not know.
    #[error("unknown variant {0:?} (expected classic, continuous, margo or topological)")]
    UnknownVariant(String),
    /// The variant is known but has no rules engine in this build.
    #[error("no rules engine for the {0} variant yet")]
    NoEngine(&'static str),
    /// A value of the wrong type or out of range; the text says what was expected.
    #[error("{0}")]
    Invalid(String),
}

/// A record refused, with the place of the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    path: String,
    kind: RecordErrorKind,
}

impl RecordError {
    /// An error at `path` (empty for the whole document).
    pub fn new(path: impl Into<String>, kind: RecordErrorKind) -> RecordError {
        RecordError {
            path: path.into(),
            kind,
        }
    }

    /// A value at `path` that is not what was expected; `what` reads after the path.
    pub fn invalid(path: impl Into<String>, what: impl Into<String>) -> RecordError {
        RecordError::new(path, RecordErrorKind::Invalid(what.into()))
    }

    /// The place of the fault, such as `moves[12].at`; empty for the whole document.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What was wrong.
    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", self.path, self.kind)
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_starts_with_the_place() {
        let e = RecordError::invalid("moves[12].at", "expected 2 numbers");
        assert_eq!(e.to_string(), "moves[12].at: expected 2 numbers");
        let whole = RecordError::new("", RecordErrorKind::Json("eof".into()));
        assert_eq!(whole.to_string(), "invalid JSON: eof");
    }
}
