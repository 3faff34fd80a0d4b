//! Helpers of the account tests: signing up and in over HTTP, and requests that carry the
//! session cookie.

use std::net::SocketAddr;

use serde_json::{Value, json};

use super::http_request;

/// An answer: status, header block, JSON body (`null` when empty).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: Value,
}

impl Answer {
    /// The value of the header `name` (case-insensitive), if any.
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_owned())
        })
    }

    /// The session cookie this answer sets (`name=value`), if any.
    pub fn cookie(&self) -> Option<String> {
        let set = self.header("set-cookie")?;
        Some(set.split(';').next()?.trim().to_owned())
    }
}

/// A request with `cookie` (a `name=value` pair) and `extra` header lines.
pub async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    extra: &str,
    body: &str,
) -> Answer {
    let mut headers = extra.to_owned();
    if let Some(c) = cookie {
        headers.push_str(&format!("Cookie: {c}\r\n"));
    }
    let (status, head, text) = http_request(addr, method, path, &headers, body).await;
    let body = if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    Answer { status, head, body }
}

/// `POST /api/accounts` for `name` and `password`.
pub async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = json!({"name": name, "password": password}).to_string();
    call(addr, "POST", "/api/accounts", None, "", &body).await
}

/// `POST /api/session` for `name` and `password`.
pub async fn sign_in(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = json!({"name": name, "password": password}).to_string();
    call(addr, "POST", "/api/session", None, "", &body).await
}

/// Signs up `name` and returns the session cookie.
pub async fn account(addr: SocketAddr, name: &str, password: &str) -> String {
    let a = sign_up(addr, name, password).await;
    assert_eq!(a.status, 201, "{:?}", a.body);
    a.cookie().expect("a session cookie")
}

/// `GET /api/me` with `cookie`.
pub async fn me(addr: SocketAddr, cookie: &str) -> Answer {
    call(addr, "GET", "/api/me", Some(cookie), "", "").await
}
