//! Accounts, optional: a name and an Argon2id-hashed password, sessions kept in the store
//! behind an `HttpOnly` cookie (so every instance accepts them), throttled sign-ins, the
//! origin check of state-changing requests, and Glicko-2 ratings of rated games.

pub mod handlers;
pub mod origin;
pub mod password;
pub mod ratings;
pub mod session;
pub mod throttle;

use std::time::Duration;

/// What the account routes keep between requests: the sign-in throttles, and whether
/// cookies are always marked `Secure`.
#[derive(Debug)]
pub struct Accounts {
    /// Failed sign-ins per account name.
    pub by_name: throttle::Throttle,
    /// Failed sign-ins per client address.
    pub by_address: throttle::Throttle,
    /// `--secure-cookies`: the server is reached over HTTPS only.
    pub secure_cookies: bool,
}

impl Accounts {
    /// Empty throttles ([`throttle::PER_NAME`], [`throttle::PER_ADDRESS`] failures a
    /// quarter hour).
    pub fn new(secure_cookies: bool) -> Accounts {
        let window: Duration = throttle::WINDOW;
        Accounts {
            by_name: throttle::Throttle::new(throttle::PER_NAME, window),
            by_address: throttle::Throttle::new(throttle::PER_ADDRESS, window),
            secure_cookies,
        }
    }
}
