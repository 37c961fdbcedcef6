//! History answers that rebuild a whole match (the replay page's states,
//! the exports). They are computed on the rebuild pool, off the runtime, so
//! they never hold up live play; and once a match is over, when the answer
//! can no longer change, each is kept per match and viewer in a cache
//! bounded by its size in bytes. Requests for an answer being computed wait
//! for that one computation instead of starting another.

use super::ApiError;
use crate::AppState;
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Bytes of answers the cache keeps.
const CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// A computed answer.
#[derive(Clone, Debug)]
pub struct Computed {
    /// The body.
    pub body: Bytes,
    /// Its media type.
    pub content_type: &'static str,
    /// Sent as a download under this name, if any.
    pub filename: Option<String>,
}

impl Computed {
    fn response(&self) -> Response {
        let mut response = ([(header::CONTENT_TYPE, self.content_type)], self.body.clone()).into_response();
        if let Some(name) = &self.filename {
            if let Ok(value) = format!("attachment; filename=\"{name}\"").parse() {
                response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
            }
        }
        response
    }
}

/// Answers of finished matches, by match id and what was asked (the kind
/// of answer and the viewer).
#[derive(Clone, Debug)]
pub struct ComputedCache(moka::future::Cache<(String, String), Arc<Computed>>);

impl Default for ComputedCache {
    fn default() -> ComputedCache {
        ComputedCache(
            moka::future::Cache::builder()
                .max_capacity(CACHE_BYTES)
                .weigher(|_, computed: &Arc<Computed>| u32::try_from(computed.body.len()).unwrap_or(u32::MAX))
                .build(),
        )
    }
}

/// The answer kept for match `id` as `asked`, if there is one.
pub async fn cached(state: &AppState, id: &str, asked: Option<&str>) -> Option<Response> {
    let key = (id.to_string(), asked?.to_string());
    state.computed.0.get(&key).await.map(|computed| computed.response())
}

/// The answer `work` computes for match `id`. `asked` names it among the
/// match's answers; it is cached when given (the match is over).
pub async fn answer(
    state: &AppState,
    id: &str,
    asked: Option<String>,
    work: impl FnOnce() -> Result<Computed, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let compute = async {
        match state.ctx.rebuilds.run(work).await {
            Ok(answer) => answer.map(Arc::new),
            Err(error) => Err(ApiError::internal(format!("rebuilding match {id}: {error}"))),
        }
    };
    let computed = match asked {
        Some(asked) => {
            state.computed.0.try_get_with((id.to_string(), asked), compute).await.map_err(|e| (*e).clone())?
        }
        None => compute.await?,
    };
    Ok(computed.response())
}
