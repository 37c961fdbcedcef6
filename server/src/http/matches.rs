//! The match history: lists with filters, one match with its moves, exports
//! in the game's notation and as an open JSON record, and the states after
//! each turn for the replay page. Nothing hidden is shown before a match is
//! over: events and views are built for the requester's seat (or as a
//! spectator), exactly as live play would show them.

use super::identity::who;
use super::{ApiError, ApiQuery};
use crate::AppState;
use crate::store::{MatchFilter, MatchRow, ResultFilter, SeatRow, TableRow};
use crate::table::{Audience, Body, Event};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use protocol::{ErrorCode, MatchDetail, MatchList, MatchResult, MatchSummary, Phase, Replay, ReplayStep, SeatSummary};
use rules::tools::record::RecordMeta;
use rules::tools::replay::JsonRecord;
use rules::{AnyGame, AnyMatch, Seat, SeatAction, Seed, Seen, Viewer, turn_as_seen};
use serde::Deserialize;
use serde_json::{Value, json};

fn phase_of(text: &str) -> Phase {
    match text {
        "lobby" => Phase::Lobby,
        "live" => Phase::Live,
        "aborted" => Phase::Aborted,
        _ => Phase::Finished,
    }
}

fn summary(row: &TableRow, seats: &[SeatRow]) -> MatchSummary {
    MatchSummary {
        table: row.id.clone(),
        game: row.game.clone(),
        options: serde_json::from_str(&row.options).unwrap_or(Value::Null),
        phase: phase_of(&row.phase),
        seats: seats.iter().map(|s| SeatSummary { seat: s.seat, player: s.player.clone(), place: s.place }).collect(),
        result: row.result.as_deref().and_then(|r| serde_json::from_str::<MatchResult>(r).ok()),
        started_at: row.started_at.unwrap_or(row.created_at),
        ended_at: row.ended_at,
        turns: row.turns,
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
        if !game.is_empty() && rules::registry::game(game).is_err() {
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

/// A match loaded for one requester, with what they may see.
struct Loaded {
    row: TableRow,
    seats: Vec<SeatRow>,
    events: Vec<Event>,
    game: &'static dyn AnyGame,
    options: Value,
    /// The requester's seat, if they played.
    seat: Option<u8>,
    /// Whether the match is over (everything may be shown).
    revealed: bool,
}

/// Access to one match by id.
#[derive(Debug, Default, Deserialize)]
pub struct MatchQuery {
    code: Option<String>,
    seat: Option<u8>,
    format: Option<String>,
}

async fn load(state: &AppState, headers: &HeaderMap, id: &str, code: Option<&str>) -> Result<Loaded, ApiError> {
    let not_found = || ApiError::new(ErrorCode::NoSuchTable, "no such match");
    let (row, seats, stored) = state.ctx.store.load_table(id).await?.ok_or_else(not_found)?;
    let requester = who(state, headers).await?;
    let seat = requester.as_ref().and_then(|p| seats.iter().find(|s| s.player.id == p.id)).map(|s| s.seat);
    if !(row.public || seat.is_some() || code == Some(row.code.as_str())) {
        return Err(not_found());
    }
    let events = stored.iter().map(Event::from_stored).collect::<Result<Vec<_>, _>>().map_err(ApiError::internal)?;
    let game = rules::registry::game(&row.game).map_err(ApiError::internal)?;
    let options: Value = serde_json::from_str(&row.options).map_err(ApiError::internal)?;
    let revealed = matches!(row.phase.as_str(), "finished" | "aborted");
    Ok(Loaded { row, seats, events, game, options, seat, revealed })
}

impl Loaded {
    fn audience(&self) -> Audience {
        self.seat.map_or(Audience::Spectator, Audience::Seat)
    }

    fn seed(&self) -> Result<Seed, ApiError> {
        self.row
            .seed
            .as_deref()
            .ok_or_else(|| ApiError::new(ErrorCode::MatchNotLive, "the match has not started"))?
            .parse()
            .map_err(ApiError::internal)
    }

    /// Every action in order, with the turn it belongs to.
    fn moves(&self) -> Vec<(u32, SeatAction)> {
        self.steps()
            .into_iter()
            .filter_map(|step| match step {
                Step::Act(turn, action) => Some((turn, action)),
                Step::Withdraw(..) => None,
            })
            .collect()
    }

    /// Every action and withdrawal in order, as the rules need them.
    fn steps(&self) -> Vec<Step> {
        self.events
            .iter()
            .filter_map(|e| match &e.body {
                Body::Action { turn, action, .. } => Some(Step::Act(
                    *turn,
                    SeatAction { seat: Seat(e.seat.unwrap_or_default()), action: action.clone() },
                )),
                Body::Withdrew { reason } => Some(Step::Withdraw(Seat(e.seat.unwrap_or_default()), reason.clone())),
                _ => None,
            })
            .collect()
    }

    /// Whether every action is visible to the requester.
    fn all_visible(&self) -> bool {
        // Every action must read exactly as written: a part ("arranges a
        // piece") would let the full notation give away the rest.
        self.revealed
            || self.events.iter().all(|e| match (&e.body, e.view_for(self.audience(), false).detail) {
                (Body::Action { text, .. }, protocol::EventDetail::Action { text: seen, .. }) => {
                    seen.as_ref() == Some(text)
                }
                _ => true,
            })
    }
}

/// `GET /api/matches/{id}`.
pub async fn detail(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Json<MatchDetail>, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let events = m.events.iter().map(|e| e.view_for(m.audience(), m.revealed)).collect();
    Ok(Json(MatchDetail {
        summary: summary(&m.row, &m.seats),
        public: m.row.public,
        clock: m.row.clock,
        seed_commitment: m.row.seed_commitment.clone(),
        seed: if m.revealed { m.row.seed.clone() } else { None },
        events,
    }))
}

/// A change to the rules state, from the stored events.
enum Step {
    /// An action of a turn.
    Act(u32, SeatAction),
    /// A seat leaving a match of more than two seats.
    Withdraw(Seat, String),
}

/// Replays a match, calling `each` with the state before every whole turn
/// and that turn's actions (the last one possibly incomplete), and applying
/// withdrawals where they happened.
fn walk_turns(
    m: &Loaded,
    mut each: impl FnMut(&dyn AnyMatch, &[SeatAction], bool) -> Result<(), ApiError>,
) -> Result<Box<dyn AnyMatch>, ApiError> {
    let mut state = m.game.new_match(&m.options, m.seed()?).map_err(ApiError::internal)?;
    let steps = m.steps();
    let mut i = 0;
    while i < steps.len() {
        let turn = match &steps[i] {
            Step::Withdraw(seat, reason) => {
                state.withdraw(*seat, reason);
                i += 1;
                continue;
            }
            Step::Act(turn, _) => *turn,
        };
        let mut actions = Vec::new();
        while let Some(Step::Act(t, action)) = steps.get(i) {
            if *t != turn {
                break;
            }
            actions.push(action.clone());
            i += 1;
        }
        let mut after = state.clone_box();
        for a in &actions {
            after.apply_json(a.seat, &a.action).map_err(ApiError::internal)?;
        }
        let complete = after.turn() != turn || after.status().outcome().is_some();
        each(state.as_ref(), &actions, complete)?;
        state = after;
    }
    Ok(state)
}

fn turn_text(
    state: &dyn AnyMatch,
    actions: &[SeatAction],
    complete: bool,
    viewer: Viewer,
    revealed: bool,
) -> Option<String> {
    let mut probe = state.clone_box();
    let mut texts = Vec::new();
    let mut seen = Vec::new();
    for a in actions {
        // Once the match is over everyone reads everything.
        let described = if revealed { Some(Seen::All) } else { probe.describe_for(a.seat, &a.action, viewer).ok() };
        let text = probe.apply_json(a.seat, &a.action).ok()?;
        seen.push(described.and_then(|d| d.text_of(&text)));
        texts.push(text);
    }
    let whole = if complete { state.notate_turn(actions).ok()? } else { texts.join(", ") };
    let parts: Vec<(Option<&str>, &str)> =
        seen.iter().map(Option::as_deref).zip(texts.iter().map(String::as_str)).collect();
    turn_as_seen(&whole, &parts)
}

/// `GET /api/matches/{id}/export?format=notation|json`.
pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Response, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let names: Vec<String> = m.seats.iter().map(|s| s.player.name.clone()).collect();
    match q.format.as_deref().unwrap_or("notation") {
        "json" => {
            if !m.revealed {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "the JSON record, with its seed, is available once the match is over",
                ));
            }
            let record = JsonRecord {
                game: m.row.game.clone(),
                options: m.options.clone(),
                seed: m.seed()?,
                actions: m.moves().into_iter().map(|(_, a)| a).collect(),
            };
            let mut body = serde_json::to_value(&record).map_err(ApiError::internal)?;
            body["table"] = json!(m.row.id);
            body["players"] = json!(names);
            body["seed_commitment"] = json!(m.row.seed_commitment);
            body["result"] = m.row.result.as_deref().and_then(|r| serde_json::from_str(r).ok()).unwrap_or(Value::Null);
            body["started_at"] = json!(m.row.started_at);
            let text = serde_json::to_string_pretty(&body).map_err(ApiError::internal)?;
            Ok(download(text, "application/json", &format!("tactica-{}-{}.json", m.row.game, m.row.id)))
        }
        "notation" => {
            if !m.all_visible() {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "some moves are hidden from you until the match is over",
                ));
            }
            let mut turns = Vec::new();
            let start = m.game.new_match(&m.options, m.seed()?).map_err(ApiError::internal)?;
            walk_turns(&m, |before, actions, complete| {
                if let Some(text) = turn_text(before, actions, complete, Viewer::Spectator, true) {
                    turns.push(text);
                }
                Ok(())
            })?;
            let meta = RecordMeta {
                event: format!("Tactica match {}", m.row.id),
                date: m.row.started_at.map(date_of),
                players: names,
                outcome: m
                    .row
                    .result
                    .as_deref()
                    .and_then(|r| serde_json::from_str::<MatchResult>(r).ok())
                    .and_then(|r| r.outcome),
                position: None,
            };
            let text = start.write_record(&turns, &meta);
            let extension = if m.row.game == "dame100" { "pdn" } else { "txt" };
            Ok(download(text, "text/plain; charset=utf-8", &format!("tactica-{}-{}.{extension}", m.row.game, m.row.id)))
        }
        other => Err(ApiError::new(ErrorCode::BadRequest, format!("format is notation or json, not {other:?}"))),
    }
}

fn download(body: String, content_type: &str, filename: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")),
        ],
        body,
    )
        .into_response()
}

/// YYYY-MM-DD of a time in milliseconds since the epoch (UTC).
fn date_of(ms: u64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let days = (ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `GET /api/matches/{id}/replay?seat=N`: the start and the state after
/// each turn, as seat N (or a spectator) saw it. Before the match is over
/// only the requester's own seat or a spectator's view may be asked for.
pub async fn replay(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Json<Replay>, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let seat = q.seat.or(if m.revealed { None } else { m.seat });
    if let Some(asked) = seat {
        if usize::from(asked) >= m.seats.len() {
            return Err(ApiError::new(ErrorCode::NoSuchSeat, "no such seat"));
        }
        if !m.revealed && Some(asked) != m.seat {
            return Err(ApiError::new(ErrorCode::Forbidden, "other seats' views are shown once the match is over"));
        }
    }
    let viewer = seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s)));
    let start = m.game.new_match(&m.options, m.seed()?).map_err(ApiError::internal)?;
    let mut steps = vec![ReplayStep { turn: 0, text: None, seat: None, view: start.view(viewer) }];
    let revealed = m.revealed;
    walk_turns(&m, |before, actions, complete| {
        let text = turn_text(before, actions, complete, viewer, revealed);
        let mut after = before.clone_box();
        for a in actions {
            after.apply_json(a.seat, &a.action).map_err(ApiError::internal)?;
        }
        steps.push(ReplayStep {
            turn: after.turn(),
            text,
            seat: actions.first().map(|a| a.seat.0),
            view: after.view(viewer),
        });
        Ok(())
    })?;
    Ok(Json(Replay { layout: start.layout(), steps }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400_000), "2000-02-29");
        assert_eq!(date_of(1_795_000_000_000), "2026-11-18");
    }
}
