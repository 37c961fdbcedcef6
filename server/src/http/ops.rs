//! `GET /healthz` and `GET /metrics`, for operators.

use crate::AppState;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;

/// 200 "ok" when the database answers, 503 otherwise.
pub async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    match state.ctx.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(error) => {
            tracing::warn!(%error, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}

/// Prometheus text format.
pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.ctx.metrics.render())
}
