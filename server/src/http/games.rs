//! `GET /api/games`: the registered games and their options; and
//! `GET /api/dev/layouts`: the boards of the layout gallery (/dev/layouts).

use crate::AppState;
use axum::Json;
use axum::extract::State;
use rules::layout::gallery::{Exhibit, exhibits};
use rules::{GameInfo, OptionSpec};
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
