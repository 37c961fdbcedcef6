//! `GET /api/bots`: the computer players a host may seat, weakest first,
//! for the home page's "Play against the computer" and the lobby's seats.

use axum::Json;
use serde::Serialize;

/// One bot as a page offers it.
#[derive(Serialize)]
pub struct BotEntry {
    /// The name a `seat_bot` or `computer` setting gives.
    name: &'static str,
    /// The player's name people see.
    display_name: &'static str,
    /// How long it may think over one decision, in milliseconds; absent
    /// for a bot that plays at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    think_ms: Option<u64>,
}

/// Every bot, weakest first.
pub async fn list() -> Json<Vec<BotEntry>> {
    Json(
        rules::bot::bots()
            .iter()
            .map(|b| BotEntry {
                name: b.name(),
                display_name: b.display_name(),
                think_ms: b.time_budget().map(|t| t.as_millis() as u64),
            })
            .collect(),
    )
}
