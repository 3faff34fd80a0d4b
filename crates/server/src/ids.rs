//! Random identifiers: game ids (short, for links) and seat tokens (capabilities: whoever
//! holds one plays that colour), the secrets from the OS random source; the invite (one
//! claim of a seat) worked out from its creator's token; and the hashes in which the store
//! keeps the secrets.
//!
//! ```
//! let id = stonefield_server::ids::game_id().unwrap();
//! assert!(stonefield_server::ids::is_game_id(&id));
//! let token = stonefield_server::ids::seat_token().unwrap();
//! let stored = stonefield_server::ids::token_hash(&token);
//! assert!(stonefield_server::ids::matches_hash(&token, &stored));
//! assert!(!stonefield_server::ids::matches_hash(&stored, &stored));
//! ```

use sha2::{Digest, Sha256};

/// Why the OS random source failed.
#[derive(Debug, thiserror::Error)]
#[error("no randomness available: {0}")]
pub struct RandomError(String);

fn random_hex(bytes: usize) -> Result<String, RandomError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| RandomError(e.to_string()))?;
    Ok(hex(&buf))
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

/// A new session secret (the value of the session cookie): 256 random bits as 64 hex
/// digits; the store keeps its [`token_hash`].
///
/// # Errors
/// The OS random source failed.
pub fn session_secret() -> Result<String, RandomError> {
    random_hex(32)
}

/// Compares tokens in time independent of where they differ (tokens are secrets).
pub fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The form in which a secret token (a seat token, an invite) is stored: its SHA-256, as 64
/// hex digits. The tokens are 128 random bits, beyond any search: a plain hash is enough
/// (no salt, no slow hash), and someone who reads the store cannot take a seat with it.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `stored` has the shape [`token_hash`] gives (tokens stored in plain text before
/// had 32 hex digits).
pub fn is_token_hash(stored: &str) -> bool {
    stored.len() == 64 && stored.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Whether `given` is the token whose hash is `stored`, compared in constant time.
pub fn matches_hash(given: &str, stored: &str) -> bool {
    same_token(&token_hash(given), stored)
}

/// The invite of a game whose creator holds the seat token `creator_token`: 32 hex digits
/// worked out from it (a hash, so the invite does not give the token away), which lets the
/// server show the creator the invite again whenever they come back, though it stores only
/// the invite's hash.
pub fn invite_for(creator_token: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"stonefield invite\0");
    h.update(creator_token.as_bytes());
    hex(&h.finalize()[..16])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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

    #[test]
    fn tokens_are_stored_as_their_sha256() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1.
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(is_token_hash(&token_hash("x")));
        assert!(!is_token_hash(&seat_token().unwrap()), "a plain token");
        let invite = invite_for("0123");
        assert_eq!(invite.len(), 32);
        assert_eq!(invite, invite_for("0123"));
        assert_ne!(invite, invite_for("0124"));
    }
}
