//! The session cookie: `stonefield_session`, 256 random bits, `HttpOnly`, `SameSite=Lax`,
//! `Path=/`, 30 days, `Secure` when served over HTTPS; the store keeps only its SHA-256
//! ([`crate::ids::token_hash`]), so a copy of the database signs nobody in.

use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};

use crate::app_state::AppState;
use crate::error::AppError;
use crate::ids;
use crate::store::SESSION_MS;

/// The cookie's name.
pub const COOKIE_NAME: &str = "stonefield_session";

/// The session secret the request's cookie carries, if it has the shape of one.
pub fn secret_in(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE_NAME)
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether the request came over HTTPS: `--secure-cookies`, or a proxy's
/// `X-Forwarded-Proto: https`.
pub fn over_https(state: &AppState, headers: &HeaderMap) -> bool {
    state.accounts.secure_cookies
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` value that holds `secret` (or with `None`, that clears the cookie).
pub fn cookie(secret: Option<&str>, secure: bool) -> HeaderValue {
    let (value, age) = match secret {
        Some(s) => (s, SESSION_MS / 1000),
        None => ("", 0),
    };
    let secure = if secure { "; Secure" } else { "" };
    let text =
        format!("{COOKIE_NAME}={value}; HttpOnly; SameSite=Lax; Path=/; Max-Age={age}{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The account of the request's session, if it has a live one.
///
/// # Errors
/// A store failure.
pub async fn signed_in(state: &AppState, headers: &HeaderMap) -> Result<Option<String>, AppError> {
    let Some(secret) = secret_in(headers) else {
        return Ok(None);
    };
    Ok(state
        .rooms
        .store()
        .session(&ids::token_hash(&secret))
        .await?)
}

/// The account of the request's session.
///
/// # Errors
/// 401 without a live session; a store failure.
pub async fn required(state: &AppState, headers: &HeaderMap) -> Result<String, AppError> {
    signed_in(state, headers)
        .await?
        .ok_or_else(|| AppError::Unauthorized("not signed in".into()))
}

/// Starts a session of `account`: the `Set-Cookie` header that carries it.
///
/// # Errors
/// No randomness, or a store failure.
pub async fn start(
    state: &AppState,
    headers: &HeaderMap,
    account: &str,
) -> Result<(axum::http::HeaderName, HeaderValue), AppError> {
    let secret = new_secret()?;
    state
        .rooms
        .store()
        .create_session(&ids::token_hash(&secret), account)
        .await?;
    Ok((
        SET_COOKIE,
        cookie(Some(&secret), over_https(state, headers)),
    ))
}

/// A fresh session secret.
///
/// # Errors
/// The OS random source failed.
pub fn new_secret() -> Result<String, AppError> {
    ids::session_secret().map_err(|e| AppError::Internal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_read_among_others_and_only_in_its_shape() {
        let secret = "a".repeat(64);
        let mut h = HeaderMap::new();
        let line = format!("theme=dark; {COOKIE_NAME}={secret}; x=1");
        h.insert(COOKIE, HeaderValue::from_str(&line).unwrap());
        assert_eq!(secret_in(&h), Some(secret));
        h.insert(COOKIE, HeaderValue::from_static("stonefield_session=../x"));
        assert_eq!(secret_in(&h), None);
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_over_https() {
        let c = cookie(Some("ab"), true);
        let c = c.to_str().unwrap();
        for part in [
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Max-Age=2592000",
            "Secure",
        ] {
            assert!(c.contains(part), "{c}");
        }
        assert!(!cookie(None, false).to_str().unwrap().contains("Secure"));
        assert!(cookie(None, false).to_str().unwrap().contains("Max-Age=0"));
    }
}
