//! Random identifiers: game ids (short, for links), seat tokens (capabilities: whoever
//! holds one plays that colour) and invite tokens (one claim of a seat), the secrets from
//! the OS random source.
//!
//! ```
//! let id = stonefield_server::ids::game_id().unwrap();
//! assert!(stonefield_server::ids::is_game_id(&id));
//! ```

/// Why the OS random source failed.
#[derive(Debug, thiserror::Error)]
#[error("no randomness available: {0}")]
pub struct RandomError(String);

fn random_hex(bytes: usize) -> Result<String, RandomError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| RandomError(e.to_string()))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new game id: 12 hex digits.
///
/// # Errors
/// The OS random source failed.
pub fn game_id() -> Result<String, RandomError> {
    random_hex(6)
}

/// A new seat token: 128 random bits as 32 hex digits.
///
/// # Errors
/// The OS random source failed.
pub fn seat_token() -> Result<String, RandomError> {
    random_hex(16)
}

/// A new invite token (the one-time secret of an invite link): as a seat token.
///
/// # Errors
/// The OS random source failed.
pub fn invite_token() -> Result<String, RandomError> {
    random_hex(16)
}

/// Compares tokens in time independent of where they differ (tokens are secrets).
pub fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Whether `s` has the shape of a game id (so it can be used in a query or a path).
pub fn is_game_id(s: &str) -> bool {
    s.len() == 12 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_have_their_shape_and_differ() {
        let a = game_id().unwrap();
        assert!(is_game_id(&a));
        assert!(!is_game_id("../etc"));
        let (t, u) = (seat_token().unwrap(), seat_token().unwrap());
        assert_eq!(t.len(), 32);
        assert_ne!(t, u);
    }
}
