//! Account passwords: Argon2id (the `argon2` crate's defaults, 19 MiB, 2 passes) stored as
//! PHC strings, which carry their salt and parameters. Hashing takes tens of milliseconds
//! of a core, so it runs on the blocking pool, never on the async workers.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::AppError;

/// The fewest and most characters of a password.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;

/// Checks a new password's length.
///
/// # Errors
/// Shorter than 8 or longer than 256 characters.
pub fn check_new(password: &str) -> Result<(), AppError> {
    let n = password.chars().count();
    if PASSWORD_CHARS.contains(&n) {
        Ok(())
    } else {
        Err(AppError::BadRequest(
            "password: expected 8 to 256 characters".into(),
        ))
    }
}

/// The PHC string of `password` with a fresh salt (on the blocking pool).
///
/// # Errors
/// No randomness for the salt, or the hasher failed.
pub async fn hash(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

fn hash_now(password: &str) -> Result<String, AppError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| AppError::Internal(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| AppError::Internal(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(format!("hashing a password: {e}")))
}

/// Whether `password` is the one `stored` was made from. Without a stored hash (no such
/// account) a dummy one is checked all the same, so that an unknown name takes as long to
/// refuse as a wrong password.
///
/// # Errors
/// The blocking pool failed.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let phc = match stored {
            Some(s) => s,
            None => dummy()?.to_owned(),
        };
        let Ok(parsed) = PasswordHash::new(&phc) else {
            tracing::error!("a stored password hash cannot be read");
            return Ok(false);
        };
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        Ok(ok && known)
    })
    .await
    .map_err(|e| AppError::Internal(e.to_string()))?
}

/// A hash of a random password, made once, checked in place of a missing account's.
fn dummy() -> Result<&'static str, AppError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(d) = DUMMY.get() {
        return Ok(d);
    }
    let mut secret = [0u8; 16];
    getrandom::fill(&mut secret).map_err(|e| AppError::Internal(e.to_string()))?;
    let made = hash_now(&format!("{secret:?}"))?;
    Ok(DUMMY.get_or_init(|| made))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_verifies_against_its_own_hash_only() {
        let phc = hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(!phc.contains("correct horse"));
        assert!(
            verify("correct horse".into(), Some(phc.clone()))
                .await
                .unwrap()
        );
        assert!(!verify("correct hors".into(), Some(phc)).await.unwrap());
        assert!(!verify("anything".into(), None).await.unwrap());
    }

    #[test]
    fn lengths_are_checked_in_characters() {
        assert!(check_new("1234567").is_err());
        assert!(check_new("12345678").is_ok());
        assert!(check_new(&"é".repeat(256)).is_ok());
        assert!(check_new(&"é".repeat(257)).is_err());
    }
}
