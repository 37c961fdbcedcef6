//! `GET /api/games`: the registered games and their options.
//!
//! `GET /api/games/{id}/layout`: a game's board. A table's snapshot names
//! it (`Table::layout_url`) rather than carries it: a 36 × 36 maze is
//! 100 KB of JSON, more than a frame may hold, and the same for every match
//! with those options, so the browser keeps it.
//!
//! `GET /api/dev/layouts`: the boards of the layout gallery (/dev/layouts).

use super::{ApiError, ApiQuery};
use crate::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use protocol::ErrorCode;
use rules::layout::Layout;
use rules::layout::gallery::{Exhibit, exhibits};
use rules::{GameInfo, OptionSpec};
use serde::Deserialize;
use serde::Serialize;

/// One game for the home page and the lobby form.
#[derive(Serialize)]
pub struct GameEntry {
    #[serde(flatten)]
    info: GameInfo,
    options: Vec<OptionSpec>,
}

/// Every registered game (and the test game, on a server that hosts it).
pub async fn list(State(state): State<AppState>) -> Json<Vec<GameEntry>> {
    Json(state.ctx.catalog.games().map(|g| GameEntry { info: g.info().clone(), options: g.option_specs() }).collect())
}

/// The gallery's boards, each with a sample view, for the page that shows
/// the one renderer drawing the boards of the games to come.
pub async fn layouts() -> Json<Vec<Exhibit>> {
    Json(exhibits())
}

/// Which board: the rules version (the current one if absent) and the
/// options, as JSON (the defaults if absent).
#[derive(Deserialize)]
pub struct LayoutQuery {
    version: Option<u32>,
    options: Option<String>,
}

/// A game's board. Its address names the game, rules version and options,
/// but a board's drawing may change without a new rules version, so it is
/// revalidated against an ETag of its bytes (see [`super::revalidate`]).
pub async fn layout(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<LayoutQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let catalog = state.ctx.catalog;
    let game = match query.version {
        Some(version) => catalog.game_at(&id, version),
        None => catalog.game(&id),
    }
    .map_err(|e| ApiError::new(ErrorCode::NotFound, e.to_string()))?;
    let options = match query.options.as_deref() {
        Some(text) => serde_json::from_str(text)
            .map_err(|e| ApiError::new(ErrorCode::BadRequest, format!("options are not JSON: {e}")))?,
        None => serde_json::Value::Null,
    };
    let layout: Layout =
        game.new_match(&options).map_err(|e| ApiError::new(ErrorCode::BadRequest, e.to_string()))?.layout();
    let body = serde_json::to_vec(&layout).map_err(ApiError::internal)?;
    let sha256 = crate::identity::sha256_hex(&body);
    Ok(super::revalidate::respond(body, &sha256, "application/json", &headers))
}
