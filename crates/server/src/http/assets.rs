//! The browser client (`web/`), embedded in the binary and served with its content type.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "../../web/"]
struct Web;

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        // The notes and licence beside vendored code (web/vendor/).
        Some("md") => "text/plain; charset=utf-8",
        _ if path.ends_with("LICENSE") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path` (relative to `web/`), or 404.
pub fn serve(path: &str) -> Response {
    // Only plain relative names: debug builds read `web/` from disk.
    if path
        .split('/')
        .any(|seg| seg.is_empty() || seg == ".." || seg.contains('\\'))
    {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    match Web::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            file.data.into_owned(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
