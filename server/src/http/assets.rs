//! The web client's files: built into the release binary from `web/`, or
//! read from a folder given with `--web-dir`. App pages (`/`, `/t/CODE`,
//! `/m/ID`, …) all get `index.html`, which routes in the browser.

use crate::AppState;
use crate::identity;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use std::borrow::Cow;
use std::path::PathBuf;

#[derive(RustEmbed)]
#[folder = "../web/"]
#[exclude = "tests/**"]
#[exclude = "**/node_modules/**"]
struct Embedded;

/// Where files come from.
#[derive(Debug)]
pub struct WebFiles {
    dir: Option<PathBuf>,
}

impl WebFiles {
    /// Files from `dir`, or the built-in copy.
    pub fn new(dir: Option<PathBuf>) -> WebFiles {
        WebFiles { dir }
    }

    /// A file's bytes and a validator for caching.
    fn get(&self, path: &str) -> Option<(Cow<'static, [u8]>, String)> {
        if path.split('/').any(|part| part == ".." || part.is_empty()) {
            return None;
        }
        match &self.dir {
            Some(dir) => {
                let bytes = std::fs::read(dir.join(path)).ok()?;
                let tag = identity::sha256_hex(&bytes);
                Some((Cow::Owned(bytes), tag))
            }
            None => {
                let file = Embedded::get(path)?;
                Some((file.data, hex::encode(file.metadata.sha256_hash())))
            }
        }
    }

    fn respond(&self, path: &str, headers: &HeaderMap) -> Response {
        let Some((bytes, tag)) = self.get(path) else {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        };
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        super::revalidate::respond(Body::from(bytes), &tag, mime.as_ref(), headers)
    }
}

/// `GET /assets/...`.
pub async fn asset(State(state): State<AppState>, headers: HeaderMap, Path(path): Path<String>) -> Response {
    state.web.respond(&format!("assets/{path}"), &headers)
}

/// Any other path: the app page. It creates no session: a visitor only
/// gets one (`POST /api/session`) when they do something that needs a
/// player, such as creating a table or taking a seat.
pub async fn page(State(state): State<AppState>, headers: HeaderMap, uri: axum::http::Uri) -> Response {
    if uri.path() == "/favicon.ico" {
        return state.web.respond("favicon.svg", &headers);
    }
    state.web.respond("index.html", &HeaderMap::new())
}
