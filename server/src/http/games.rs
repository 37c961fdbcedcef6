//! `GET /api/games`: the registered games and their options; and
//! `GET /api/dev/layouts`: the boards of the layout gallery (/dev/layouts).

use axum::Json;
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

/// Every registered game.
pub async fn list() -> Json<Vec<GameEntry>> {
    Json(
        rules::registry::games()
            .iter()
            .map(|g| GameEntry { info: g.info().clone(), options: g.option_specs() })
            .collect(),
    )
}

/// The gallery's boards, each with a sample view, for the page that shows
/// the one renderer drawing the boards of the games to come.
pub async fn layouts() -> Json<Vec<Exhibit>> {
    Json(exhibits())
}
