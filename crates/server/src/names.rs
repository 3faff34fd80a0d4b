//! Player names: what a player may call themselves when creating a game or taking its
//! second seat. Optional (a seat without one is anonymous); trimmed, 1 to 40 characters,
//! no control characters and no invisible ones (bidirectional controls, zero-width
//! characters), since every other player's page and every record shows it: a right-to-left
//! override would turn the text after it around, a zero-width space make two names look the
//! same.
//!
//! ```
//! use stonefield_server::names::{NameError, player_name};
//!
//! assert_eq!(player_name("  Ann ").as_deref(), Ok("Ann"));
//! assert_eq!(player_name(" "), Err(NameError::Empty));
//! assert_eq!(player_name("a\u{7}b"), Err(NameError::Control));
//! assert_eq!(player_name("Ann\u{202e}"), Err(NameError::Invisible('\u{202e}')));
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
    /// An invisible character that changes how text shows ([`invisible`]).
    #[error(
        "name: U+{:04X} is not allowed (no direction controls or zero-width characters)",
        u32::from(*.0)
    )]
    Invisible(char),
}

/// Whether `c` shows nothing yet changes how the text around it shows: the bidirectional
/// embeddings, overrides, isolates and marks (U+202A-202E, U+2066-2069, U+200E-200F,
/// U+061C), the zero-width and invisible characters (U+200B-200D, U+2060-2064, U+FEFF,
/// U+180E, U+00AD), the separators and unused format characters of those blocks
/// (U+2028-2029, U+206A-206F), and the tags (U+E0000-E007F).
pub fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}')
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
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        return Err(NameError::Invisible(c));
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
        assert_eq!(player_name("é 李 🙂"), Ok("é 李 🙂".into()));
        for c in [
            '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{200b}', '\u{200f}',
        ] {
            assert_eq!(player_name(&format!("a{c}b")), Err(NameError::Invisible(c)));
        }
        for c in ['\u{feff}', '\u{2060}', '\u{061c}', '\u{00ad}', '\u{e0041}'] {
            assert_eq!(player_name(&format!("a{c}b")), Err(NameError::Invisible(c)));
        }
        assert_eq!(
            NameError::Invisible('\u{202e}').to_string(),
            "name: U+202E is not allowed (no direction controls or zero-width characters)"
        );
        assert_eq!(NameField::default().checked(), Ok(None));
    }
}
