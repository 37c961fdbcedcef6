//! HTTP: the JSON API, the web client's files, health and metrics.

pub mod assets;
mod games;
mod identity;
mod matches;
mod ops;

use crate::{AppState, ws};
use axum::Json;
use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use protocol::ErrorCode;
use serde_json::json;

/// The whole HTTP surface.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/ws", get(ws::upgrade))
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .route("/api/games", get(games::list))
        .route("/api/session", post(identity::session))
        .route("/api/me", get(identity::me))
        .route("/api/me/name", post(identity::rename))
        .route("/api/register", post(identity::register))
        .route("/api/login", post(identity::login))
        .route("/api/logout", post(identity::logout))
        .route("/api/matches", get(matches::list))
        .route("/api/matches/{id}", get(matches::detail))
        .route("/api/matches/{id}/export", get(matches::export))
        .route("/api/matches/{id}/replay", get(matches::replay))
        .route("/api/{*rest}", any(|| async { ApiError::new(ErrorCode::BadRequest, "no such API endpoint") }))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(assets::page)
        .with_state(state)
}

/// An API error: a code from the protocol's list and a message, as JSON.
#[derive(Debug)]
pub struct ApiError {
    code: ErrorCode,
    message: String,
}

impl ApiError {
    /// An error with a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into() }
    }

    /// An internal error, logged.
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        tracing::error!(%error, "request failed");
        ApiError::new(ErrorCode::Internal, "the server failed; try again")
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(error: crate::store::StoreError) -> ApiError {
        ApiError::internal(error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.code.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
        (status, Json(json!({ "error": self.code, "message": self.message }))).into_response()
    }
}
