//! Which pages may open the WebSocket: the server's own, and any origin the
//! operator lists. A browser sends the session cookie with every upgrade,
//! whatever page asks for it, and names that page's origin in `Origin`;
//! without this check a page on any site could play for whoever visits it
//! (cross-site WebSocket hijacking). Browsers always send `Origin` on an
//! upgrade; other clients (the load generator, bots, tests) send none, and
//! prove who they are with the token in `hello`, so they pass.

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};

/// Whether the upgrade's page may connect: no `Origin`, an origin whose
/// host and port are the `Host` asked for, or one of `allowed`.
pub fn allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    if allowed.iter().any(|o| o.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let host = headers.get(HOST).and_then(|h| h.to_str().ok());
    match (origin.split_once("://"), host) {
        (Some((_, authority)), Some(host)) => authority.eq_ignore_ascii_case(host),
        _ => false,
    }
}

/// Whether `text` is an origin: `http://` or `https://`, then a host and
/// perhaps a port, with no path.
pub fn is_origin(text: &str) -> bool {
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|authority| !authority.is_empty() && !authority.contains(['/', '?', '#', '@', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(HOST, HeaderValue::from_static(host));
        if let Some(origin) = origin {
            headers.insert(ORIGIN, HeaderValue::from_static(origin));
        }
        headers
    }

    #[test]
    fn the_servers_own_pages_and_listed_origins_pass_others_do_not() {
        let listed = ["https://play.example.org".to_string()];
        assert!(allowed(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"), &[]));
        assert!(allowed(&headers(None, "127.0.0.1:8080"), &[]), "not a browser");
        assert!(allowed(&headers(Some("https://play.example.org"), "127.0.0.1:8080"), &listed));
        assert!(!allowed(&headers(Some("https://evil.example"), "127.0.0.1:8080"), &listed));
        assert!(!allowed(&headers(Some("http://127.0.0.1:8081"), "127.0.0.1:8080"), &[]), "another port");
        assert!(!allowed(&headers(Some("null"), "127.0.0.1:8080"), &[]), "a sandboxed page");
    }

    #[test]
    fn an_origin_is_a_scheme_and_a_host() {
        assert!(is_origin("https://play.example.org"));
        assert!(is_origin("http://localhost:8080"));
        assert!(!is_origin("play.example.org"));
        assert!(!is_origin("https://play.example.org/"));
        assert!(!is_origin("https://"));
    }
}
