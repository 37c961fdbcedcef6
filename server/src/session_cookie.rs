//! The session cookie: how a browser keeps its player's token between
//! visits. Built and read with the `cookie` crate. It is HttpOnly (no
//! script ever reads it), SameSite=Lax (other sites' pages do not send it
//! with their requests), a year long, and Secure whenever the server's
//! public address is https, so it never travels unencrypted.

use cookie::time::Duration;
use cookie::{Cookie, SameSite};

/// The cookie's name.
pub const NAME: &str = "tactica_session";

/// The `Set-Cookie` value that stores `token`.
pub fn set(token: &str, secure: bool) -> String {
    build(token.to_string(), Duration::days(365), secure)
}

/// The `Set-Cookie` value that removes the cookie.
pub fn clear(secure: bool) -> String {
    build(String::new(), Duration::ZERO, secure)
}

fn build(value: String, max_age: Duration, secure: bool) -> String {
    Cookie::build((NAME, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(max_age)
        .secure(secure)
        .build()
        .to_string()
}

/// The session token in a `Cookie` request header, if any.
pub fn token(header: &str) -> Option<String> {
    Cookie::split_parse(header).flatten().find(|c| c.name() == NAME).map(|c| c.value().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_read_from_among_other_cookies() {
        assert_eq!(token("a=1; tactica_session=abc; b=2").as_deref(), Some("abc"));
        assert_eq!(token("a=1"), None);
        assert_eq!(token("broken; tactica_session=abc").as_deref(), Some("abc"));
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_behind_https() {
        let plain = set("abc", false);
        for part in ["tactica_session=abc", "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"] {
            assert!(plain.contains(part), "{plain} lacks {part}");
        }
        assert!(!plain.contains("Secure"), "{plain}");
        assert!(set("abc", true).contains("Secure"));
        assert!(clear(true).contains("Max-Age=0"));
    }
}
