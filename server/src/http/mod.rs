//! HTTP: the JSON API, the web client's files, health and metrics.

pub mod assets;
mod bots;
pub mod computed;
mod games;
mod headers;
mod identity;
mod matches;
mod ops;
mod revalidate;

use crate::{AppState, ws};
use axum::Json;
use axum::Router;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use protocol::ErrorCode;
use serde::de::DeserializeOwned;
use serde_json::json;

/// The whole HTTP surface, every response with the security headers;
/// `/metrics` among it unless it is served apart.
pub fn router(state: AppState, metrics_apart: bool) -> Router {
    let routes = Router::new().route("/healthz", get(ops::healthz));
    let routes = if metrics_apart {
        routes.route("/metrics", any(|| async { ApiError::new(ErrorCode::NotFound, "metrics are served apart") }))
    } else {
        routes.route("/metrics", get(ops::metrics))
    };
    headers::secured(routes.merge(site()).with_state(state))
}

/// `/metrics` alone, for an address of its own.
pub fn metrics_router(state: AppState) -> Router {
    Router::new().route("/metrics", get(ops::metrics)).with_state(state)
}

fn site() -> Router<AppState> {
    Router::new()
        .route("/ws", get(ws::upgrade))
        .route("/api/bots", get(bots::list))
        .route("/api/games", get(games::list))
        .route("/api/games/{id}/layout", get(games::layout))
        .route("/api/dev/layouts", get(games::layouts))
        .route("/api/session", post(identity::session))
        .route("/api/me", get(identity::me))
        .route("/api/me/name", post(identity::rename))
        .route("/api/register", post(identity::register))
        .route("/api/login", post(identity::login))
        .route("/api/logout", post(identity::logout))
        .route("/api/matches", get(matches::list))
        .route("/api/matches/{id}", get(matches::detail))
        .route("/api/matches/{id}/events", get(matches::events))
        .route("/api/matches/{id}/export", get(matches::export))
        .route("/api/matches/{id}/replay", get(matches::replay))
        .route("/api/{*rest}", any(|| async { ApiError::new(ErrorCode::NotFound, "no such API endpoint") }))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(assets::page)
        .method_not_allowed_fallback(|| async {
            ApiError::new(ErrorCode::MethodNotAllowed, "this method is not allowed here")
        })
}

/// A JSON body whose errors come back as [`ApiError`] JSON.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(ApiError::new(ErrorCode::BadRequest, rejection.body_text())),
        }
    }
}

/// Query parameters whose errors come back as [`ApiError`] JSON.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => Err(ApiError::new(ErrorCode::BadRequest, rejection.body_text())),
        }
    }
}

/// An API error: a code from the protocol's list and a message, as JSON.
#[derive(Clone, Debug)]
pub struct ApiError {
    code: ErrorCode,
    message: String,
    /// Seconds to wait before trying again, sent as `Retry-After`.
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error with a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into(), retry_after: None }
    }

    /// Tells the client how many seconds to wait before trying again.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
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
        let mut response = (status, Json(json!({ "error": self.code, "message": self.message }))).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}
