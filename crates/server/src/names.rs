//! Player names: what a player may call themselves when creating a game or taking its
//! second seat. Optional (a seat without one is anonymous); trimmed, 1 to 40 characters,
//! no control characters, since every other player's page shows it.
//!
//! ```
//! use stonefield_server::names::{NameError, player_name};
//!
//! assert_eq!(player_name("  Ann ").as_deref(), Ok("Ann"));
//! assert_eq!(player_name(" "), Err(NameError::Empty));
//! assert_eq!(player_name("a\u{7}b"), Err(NameError::Control));
//! ```

use serde::Deserialize;

/// The most characters (Unicode scalar values) of a name.
pub const MAX_NAME_CHARS: usize = 40;

/// Why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NameError {
    /// Nothing but spaces (leave the name out to stay anonymous).
    #[error("name: empty (leave it out to play without a name)")]
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    #[error("name: {0} characters, more than {MAX_NAME_CHARS}")]
    TooLong(usize),
    /// A control character (a newline, a tab, an escape...).
    #[error("name: control characters are not allowed")]
    Control,
}

/// The name as stored: `raw` trimmed, if it is one.
///
/// # Errors
/// The [`NameError`] naming what is wrong.
pub fn player_name(raw: &str) -> Result<String, NameError> {
    let name = raw.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError::Empty);
    }
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong(chars));
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    Ok(name.to_owned())
}

/// The `name` of a request body (creation or claim), which may hold other fields.
#[derive(Debug, Default, Deserialize)]
pub struct NameField {
    /// The name as sent; absent or null for an anonymous player.
    #[serde(default)]
    pub name: Option<String>,
}

impl NameField {
    /// The checked name, if one was sent.
    ///
    /// # Errors
    /// As [`player_name`].
    pub fn checked(&self) -> Result<Option<String>, NameError> {
        self.name.as_deref().map(player_name).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(player_name(&"é".repeat(40)), Ok("é".repeat(40)));
        assert_eq!(player_name(&"x".repeat(41)), Err(NameError::TooLong(41)));
        assert_eq!(player_name("a\nb"), Err(NameError::Control));
        assert_eq!(player_name("\u{202e}"), Ok("\u{202e}".into()));
        assert_eq!(NameField::default().checked(), Ok(None));
    }
}
