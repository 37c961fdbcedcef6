//! `GET /api/games`: the registered games and their options.

use axum::Json;
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
