//! Responses a browser keeps and revalidates: the web client's files and
//! the boards' layouts. Each is sent with `Cache-Control: no-cache` and an
//! ETag from its bytes' SHA-256, and a request that names that tag in
//! `If-None-Match` gets a bodiless 304.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `body` of type `content_type`, whose SHA-256 in hexadecimal is `sha256`,
/// or a 304 when the request's `headers` say the browser has it.
pub fn respond(body: impl Into<Body>, sha256: &str, content_type: &str, headers: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", &sha256[..32]);
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mut response = Response::new(body.into());
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(content_type) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
