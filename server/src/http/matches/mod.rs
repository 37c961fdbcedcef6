//! The match history over HTTP: lists with filters, one match with its
//! moves, a page of its events, exports in the game's notation and as an
//! open JSON record, and the states after each turn for the replay page.
//! Nothing hidden is shown before a match is over: everything is read
//! through [`history::Loaded`], the match as one requester may see it.

mod export;
mod history;
mod replay;

pub use export::export;
pub use replay::replay;

use super::identity::who;
use super::{ApiError, ApiQuery};
use crate::AppState;
use crate::store::{MatchFilter, MatchRow, ResultFilter, SeatRow, TableRow};
use crate::table::Event;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use history::load;
use protocol::{ErrorCode, EventPage, MatchDetail, MatchList, MatchResult, MatchSummary, SeatSummary};
use serde::Deserialize;
use serde_json::Value;

fn summary(row: &TableRow, seats: &[SeatRow]) -> MatchSummary {
    MatchSummary {
        table: row.id.clone(),
        game: row.game.clone(),
        options: serde_json::from_str(&row.options).unwrap_or(Value::Null),
        phase: row.phase,
        seats: seats.iter().map(|s| SeatSummary { seat: s.seat, player: s.player.clone(), place: s.place }).collect(),
        result: row.result.as_deref().and_then(|r| serde_json::from_str::<MatchResult>(r).ok()),
        started_at: row.started_at.unwrap_or(row.created_at),
        ended_at: row.ended_at,
        turns: row.turns,
        rules_version: row.rules_version,
        unrestorable: row.restore_error.clone(),
    }
}

/// Filters of `GET /api/matches`.
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    player: Option<String>,
    mine: Option<bool>,
    game: Option<String>,
    result: Option<String>,
    opponent: Option<String>,
    from: Option<u64>,
    to: Option<u64>,
    page: Option<u32>,
    per_page: Option<u32>,
}

/// `GET /api/matches`: newest first. Private matches are listed only to
/// their players.
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Json<MatchList>, ApiError> {
    let viewer = who(&state, &headers).await?;
    let viewer_id = viewer.as_ref().map(|p| p.id.clone());
    let player = if q.mine == Some(true) {
        Some(viewer_id.clone().ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "mine=true needs a session"))?)
    } else {
        q.player.clone()
    };
    let result = match q.result.as_deref() {
        None | Some("") => None,
        Some("win") => Some(ResultFilter::Win),
        Some("loss") => Some(ResultFilter::Loss),
        Some("draw") => Some(ResultFilter::Draw),
        Some(other) => {
            return Err(ApiError::new(ErrorCode::BadRequest, format!("result is win, loss or draw, not {other:?}")));
        }
    };
    if let Some(game) = &q.game {
        if !game.is_empty() && state.ctx.game(game).is_err() {
            return Err(ApiError::new(ErrorCode::UnknownGame, format!("no game {game:?}")));
        }
    }
    let filter = MatchFilter {
        viewer: viewer_id,
        player,
        game: q.game.filter(|g| !g.is_empty()),
        result,
        opponent: q.opponent.filter(|o| !o.trim().is_empty()),
        from: q.from,
        to: q.to,
        page: q.page.unwrap_or(1).clamp(1, 100_000),
        per_page: q.per_page.unwrap_or(20),
    };
    let (rows, more) = state.ctx.store.list_matches(&filter).await?;
    let matches = rows.iter().map(|MatchRow { table, seats }| summary(table, seats)).collect();
    Ok(Json(MatchList { matches, page: filter.page, more }))
}

/// Access to one match by id.
#[derive(Debug, Default, Deserialize)]
pub struct MatchQuery {
    pub(super) code: Option<String>,
    pub(super) seat: Option<rules::Seat>,
    pub(super) format: Option<String>,
}

/// `GET /api/matches/{id}`.
pub async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Json<MatchDetail>, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?.read_events(&state).await?;
    let events = m.events.iter().map(|e| e.view_for(m.held, m.revealed)).collect();
    Ok(Json(MatchDetail {
        summary: summary(&m.row, &m.seats),
        public: m.row.public,
        clock: m.row.clock,
        seed_commitment: m.row.seed_commitment.clone(),
        seed: if m.revealed { m.row.seed.clone() } else { None },
        events,
    }))
}

/// Events per page of `GET /api/matches/{id}/events`, at most.
pub const EVENTS_PER_PAGE: u32 = 500;

/// Which events `GET /api/matches/{id}/events` returns.
#[derive(Debug, Default, Deserialize)]
pub struct EventsQuery {
    code: Option<String>,
    /// Events before this number (all the latest without it).
    before: Option<u64>,
    /// At most this many, up to [`EVENTS_PER_PAGE`].
    limit: Option<u32>,
}

/// `GET /api/matches/{id}/events?before=&limit=`: a page of events, the
/// newest before `before`, oldest first, as the requester may see them.
pub async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<EventsQuery>,
) -> Result<Json<EventPage>, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let limit = q.limit.unwrap_or(EVENTS_PER_PAGE).clamp(1, EVENTS_PER_PAGE);
    let stored = state.ctx.store.table_events_before(&id, q.before.unwrap_or(u64::MAX), limit).await?;
    let events = stored
        .iter()
        .map(|s| Event::from_stored(s).map(|e| e.view_for(m.held, m.revealed)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(Json(EventPage { events }))
}
