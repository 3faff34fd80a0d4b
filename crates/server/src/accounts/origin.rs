//! The origin check: a state-changing API request (POST, PUT, DELETE... under `/api/`) or
//! a WebSocket upgrade whose `Origin` is not the server's own (or that the browser marks
//! `Sec-Fetch-Site: cross-site`) is refused with 403, so that another site cannot act with
//! a visitor's session cookie. Clients that send no `Origin` (not browsers) pass.

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The middleware (`axum::middleware::from_fn`).
pub async fn same_origin(req: Request, next: Next) -> Response {
    if guarded(req.method(), req.uri().path()) && !allowed(req.headers()) {
        return (
            StatusCode::FORBIDDEN,
            Json(serde_json::json!({"error": "cross-origin request refused"})),
        )
            .into_response();
    }
    next.run(req).await
}

/// Whether a request to `path` with `method` is checked.
fn guarded(method: &Method, path: &str) -> bool {
    let reads = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    (path.starts_with("/api/") && !reads) || path.starts_with("/ws/")
}

/// Whether the request comes from the server's own pages (or from no browser page).
pub fn allowed(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if text("sec-fetch-site").is_some_and(|s| s.eq_ignore_ascii_case("cross-site")) {
        return false;
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return true;
    };
    let Some(origin_host) = origin
        .strip_prefix("https://")
        .map(|h| (h, "443"))
        .or_else(|| origin.strip_prefix("http://").map(|h| (h, "80")))
    else {
        return false;
    };
    let (origin_host, default_port) = origin_host;
    let hosts = [text(header::HOST.as_str()), text("x-forwarded-host")];
    hosts
        .into_iter()
        .flatten()
        .any(|h| same_host(origin_host, h, default_port))
}

/// `a` and `b` (`host[:port]`) name the same host and port, a missing port being `port`.
fn same_host(a: &str, b: &str, port: &str) -> bool {
    let with_port = |h: &str| {
        let h = h.trim().to_ascii_lowercase();
        let bare_v6 = h.starts_with('[') && h.ends_with(']');
        if h.rsplit_once(':')
            .is_some_and(|(_, p)| p.bytes().all(|c| c.is_ascii_digit()))
            && !bare_v6
        {
            h
        } else {
            format!("{h}:{port}")
        }
    };
    with_port(a) == with_port(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_the_servers_own_origin_passes() {
        let host = ("host", "play.example:8080");
        assert!(allowed(&headers(&[host])));
        assert!(allowed(&headers(&[
            host,
            ("origin", "http://play.example:8080")
        ])));
        assert!(!allowed(&headers(&[
            host,
            ("origin", "http://evil.example:8080")
        ])));
        assert!(!allowed(&headers(&[host, ("origin", "null")])));
        assert!(!allowed(&headers(&[
            host,
            ("sec-fetch-site", "cross-site")
        ])));
        let plain = ("host", "play.example");
        assert!(allowed(&headers(&[
            plain,
            ("origin", "https://play.example:443")
        ])));
        assert!(allowed(&headers(&[
            plain,
            ("origin", "http://PLAY.example")
        ])));
        assert!(!allowed(&headers(&[
            plain,
            ("origin", "https://play.example.evil")
        ])));
    }

    #[test]
    fn reads_pass_and_writes_and_sockets_are_checked() {
        assert!(!guarded(&Method::GET, "/api/games"));
        assert!(guarded(&Method::POST, "/api/games"));
        assert!(guarded(&Method::DELETE, "/api/session"));
        assert!(guarded(&Method::GET, "/ws/0123456789ab"));
        assert!(!guarded(&Method::POST, "/static/x"));
    }
}
