//! The security headers every response carries: what the browser may load
//! and run on our pages, that no other site may frame them, that files are
//! taken as the type we say, and that no address (an invite link holds its
//! table's code) is sent on to another site.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// Scripts, styles, images and connections from our own origin only; no
/// inline script (the client needs none) and no inline style sheet (styles
/// set from scripts go through the CSS object model, which the policy
/// allows); no plugin, no `<base>`, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The headers, each set unless the handler chose its own.
const HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    // For browsers that predate `frame-ancestors`.
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// `router` with the security headers on every response.
pub fn secured<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    HEADERS.into_iter().fold(router, |router, (name, value)| {
        router.layer(SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value)))
    })
}
