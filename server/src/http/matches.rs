//! The match history: lists with filters, one match with its moves, exports
//! in the game's notation and as an open JSON record, and the states after
//! each turn for the replay page. Nothing hidden is shown before a match is
//! over: events and views are built for the requester's seat (or as a
//! spectator), exactly as live play would show them.

use super::computed::{self, Computed};
use super::identity::who;
use super::{ApiError, ApiQuery};
use crate::AppState;
use crate::store::{MatchFilter, MatchRow, ResultFilter, SeatRow, TableRow};
use crate::table::Event;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use protocol::{
    ErrorCode, EventPage, MatchDetail, MatchList, MatchResult, MatchSummary, Replay, ReplayStep, SeatSummary,
};
use rules::record::RecordMeta;
use rules::referee::{AnyReferee, Change, Entry};
use rules::tools::replay::JsonRecord;
use rules::{AnyGame, Seat, SeatSet, Seed, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};

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

/// A match loaded for one requester, with what they may see.
struct Loaded {
    row: TableRow,
    seats: Vec<SeatRow>,
    /// Read last, by [`Loaded::read_events`].
    events: Vec<Event>,
    game: &'static dyn AnyGame,
    options: Value,
    /// The requester's seats, if they played.
    held: SeatSet,
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
    let requester = who(state, headers).await?;
    // One query whether the match does not exist or may not be seen, so
    // that the answer's timing does not tell a private match exists.
    let requester_id = requester.as_ref().map(|p| p.id.as_str());
    let row = state.ctx.store.visible_table(id, requester_id, code).await?;
    let row = row.ok_or_else(|| ApiError::new(ErrorCode::NoSuchTable, "no such match"))?;
    let seats = state.ctx.store.table_seats(id).await?;
    let held = requester.as_ref().map_or(SeatSet::EMPTY, |p| {
        seats
            .iter()
            .filter(|s| s.player.id == p.id && usize::from(s.seat) < rules::seat::MAX_SEATS)
            .map(|s| Seat(s.seat))
            .collect()
    });
    let game = state
        .ctx
        .game_at(&row.game, row.rules_version)
        .map_err(|e| ApiError::new(ErrorCode::Unrestorable, e.to_string()))?;
    let options: Value = serde_json::from_str(&row.options).map_err(ApiError::internal)?;
    let revealed = row.phase.is_over();
    Ok(Loaded { row, seats, events: Vec::new(), game, options, held, revealed })
}

impl Loaded {
    /// Reads the match's events (left for last: a cached answer needs none).
    async fn read_events(mut self, state: &AppState) -> Result<Loaded, ApiError> {
        let stored = state.ctx.store.table_events(&self.row.id).await?;
        self.events =
            stored.iter().map(Event::from_stored).collect::<Result<Vec<_>, _>>().map_err(ApiError::internal)?;
        Ok(self)
    }

    fn seed(&self) -> Result<Seed, ApiError> {
        self.row
            .seed
            .as_deref()
            .ok_or_else(|| ApiError::new(ErrorCode::MatchNotLive, "the match has not started"))?
            .parse()
            .map_err(ApiError::internal)
    }

    /// Replays the match through the referee, the one path every stored
    /// match is rebuilt by, calling `each` after every change with the
    /// event (its record complete), the changes it applied (chance an old
    /// event leaves to the seed included) and the referee after it.
    fn rebuild(
        &self,
        mut each: impl FnMut(&Event, &[Change], &dyn AnyReferee) -> Result<(), ApiError>,
    ) -> Result<Box<dyn AnyReferee>, ApiError> {
        let mut referee = self.game.referee(&self.options, None, self.seed()?).map_err(ApiError::internal)?;
        for event in &self.events {
            let mut event = event.clone();
            let changes = event.apply_to(referee.as_mut()).map_err(ApiError::internal)?;
            if !changes.is_empty() {
                each(&event, &changes, referee.as_ref())?;
            }
        }
        Ok(referee)
    }

    /// Whether every change reads to the requester as written.
    fn all_visible(&self) -> bool {
        // A part ("arranges a piece") would let the full notation give away the rest.
        self.revealed
            || self.events.iter().all(|e| match e.body.entry() {
                Some(entry) => entry.seen.is_empty() || entry.read_by(self.held).0.as_ref() == Some(&entry.text),
                None => true,
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

/// Whether an entry is a step of the rules (an action or chance), which
/// turns in notation are made of.
fn is_step(entry: &Entry) -> bool {
    matches!(entry.change, Change::Act { .. } | Change::Chance { .. })
}

/// `GET /api/matches/{id}/export?format=notation|json`.
pub async fn export(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Response, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let format = q.format.unwrap_or_else(|| "notation".to_string());
    // The players' names are written in the record, and a name can change.
    let asked = m.revealed.then(|| format!("export/{format}/{:?}", m.names()));
    if let Some(answer) = computed::cached(&state, &id, asked.as_deref()).await {
        return Ok(answer);
    }
    let m = m.read_events(&state).await?;
    match format.as_str() {
        "json" if !m.revealed => {
            return Err(ApiError::new(
                ErrorCode::Forbidden,
                "the JSON record, with its seed, is available once the match is over",
            ));
        }
        "notation" if !m.all_visible() => {
            return Err(ApiError::new(ErrorCode::Forbidden, "some moves are hidden from you until the match is over"));
        }
        "json" | "notation" => {}
        other => {
            return Err(ApiError::new(ErrorCode::BadRequest, format!("format is notation or json, not {other:?}")));
        }
    }
    computed::answer(&state, &id, asked, move || if format == "json" { m.json_record() } else { m.notation() }).await
}

impl Loaded {
    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.player.name.clone()).collect()
    }

    /// The open JSON record: the seed and every change, chance included.
    fn json_record(&self) -> Result<Computed, ApiError> {
        let mut history = Vec::new();
        self.rebuild(|_, changes, _| {
            history.extend_from_slice(changes);
            Ok(())
        })?;
        let record = JsonRecord {
            game: self.row.game.clone(),
            options: self.options.clone(),
            seed: self.seed()?,
            history,
            actions: vec![],
        };
        let mut body = serde_json::to_value(&record).map_err(ApiError::internal)?;
        body["table"] = json!(self.row.id);
        body["players"] = json!(self.names());
        body["seed_commitment"] = json!(self.row.seed_commitment);
        body["result"] = self.row.result.as_deref().and_then(|r| serde_json::from_str(r).ok()).unwrap_or(Value::Null);
        body["started_at"] = json!(self.row.started_at);
        let text = serde_json::to_string_pretty(&body).map_err(ApiError::internal)?;
        Ok(Computed {
            body: text.into(),
            content_type: "application/json",
            filename: Some(format!("tactica-{}-{}.json", self.row.game, self.row.id)),
        })
    }

    /// The record in the game's notation: each turn as the referee wrote it.
    fn notation(&self) -> Result<Computed, ApiError> {
        // Each turn's text is that of its last step.
        let mut turns: Vec<(u32, String)> = Vec::new();
        for entry in self.events.iter().filter_map(|e| e.body.entry()).filter(|e| is_step(e)) {
            let text = entry.turn_text.clone().unwrap_or_else(|| entry.text.clone());
            match turns.last_mut() {
                Some((turn, last)) if *turn == entry.turn => *last = text,
                _ => turns.push((entry.turn, text)),
            }
        }
        let turns: Vec<String> = turns.into_iter().map(|(_, text)| text).collect();
        let start = self.game.new_match(&self.options).map_err(ApiError::internal)?;
        let meta = RecordMeta {
            event: format!("Tactica match {}", self.row.id),
            date: self.row.started_at.map(date_of),
            players: self.names(),
            outcome: self
                .row
                .result
                .as_deref()
                .and_then(|r| serde_json::from_str::<MatchResult>(r).ok())
                .and_then(|r| r.outcome),
            position: None,
        };
        let text = start.write_record(&turns, &meta);
        let extension = if self.row.game == "dame100" { "pdn" } else { "txt" };
        Ok(Computed {
            body: text.into(),
            content_type: "text/plain; charset=utf-8",
            filename: Some(format!("tactica-{}-{}.{extension}", self.row.game, self.row.id)),
        })
    }
}

/// YYYY-MM-DD of a time in milliseconds since the epoch (UTC).
fn date_of(ms: u64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000);
    at.map_or_else(|_| "????-??-??".to_string(), |at| at.date().to_string())
}

/// `GET /api/matches/{id}/replay?seat=N`: the start and the state after
/// each turn (and each seat leaving that changed the board), as seat N (or
/// a spectator) saw it.
/// Before the match is over only the requester's own seat or a spectator's
/// view may be asked for.
pub async fn replay(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<MatchQuery>,
) -> Result<Response, ApiError> {
    let m = load(&state, &headers, &id, q.code.as_deref()).await?;
    let seat = q.seat.or(if m.revealed { None } else { m.held.first().map(|s| s.0) });
    if let Some(asked) = seat {
        if usize::from(asked) >= m.seats.len() {
            return Err(ApiError::new(ErrorCode::NoSuchSeat, "no such seat"));
        }
        if !m.revealed && !m.held.contains(Seat(asked)) {
            return Err(ApiError::new(ErrorCode::Forbidden, "other seats' views are shown once the match is over"));
        }
    }
    let asked = m.revealed.then(|| format!("replay/{seat:?}"));
    if let Some(answer) = computed::cached(&state, &id, asked.as_deref()).await {
        return Ok(answer);
    }
    let m = m.read_events(&state).await?;
    computed::answer(&state, &id, asked, move || {
        let replay = m.replay(seat)?;
        let body = serde_json::to_vec(&replay).map_err(ApiError::internal)?;
        Ok(Computed { body: body.into(), content_type: "application/json", filename: None })
    })
    .await
}

impl Loaded {
    /// The start and the state after each turn as `seat` (or a spectator) saw it.
    fn replay(&self, seat: Option<u8>) -> Result<Replay, ApiError> {
        let m = self;
        let viewer = seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s)));
        let start = m.game.new_match(&m.options).map_err(ApiError::internal)?;
        let mut steps = vec![ReplayStep { turn: 0, text: None, seat: None, view: start.view(viewer) }];
        // A step of the replay is a whole turn: the entries of one turn replace
        // the step they continue.
        let mut open_turn: Option<u32> = None;
        m.rebuild(|event, _, referee| {
            let Some(entry) = event.body.entry() else { return Ok(()) };
            let step = if is_step(entry) {
                let text = if m.revealed {
                    entry.turn_text.clone().or_else(|| Some(entry.text.clone()))
                } else {
                    entry.read_by(seat.map_or(SeatSet::EMPTY, |s| SeatSet::only(Seat(s)))).1
                };
                let continues = open_turn == Some(entry.turn);
                open_turn = Some(entry.turn);
                let acted = match &entry.change {
                    Change::Act { seat, .. } => Some(seat.0),
                    _ => None,
                };
                let seat = if continues { steps.last().and_then(|s| s.seat).or(acted) } else { acted };
                let view = referee.state().view(viewer);
                let step = ReplayStep { turn: referee.state().turn(), text, seat, view };
                if continues {
                    steps.pop();
                }
                step
            } else {
                // A seat leaving (or a draw) is a step of its own only where it
                // changes the board, as when a game clears a leaving seat's pieces.
                open_turn = None;
                let view = referee.state().view(viewer);
                if steps.last().is_some_and(|last| last.view.stacks == view.stacks) {
                    return Ok(());
                }
                ReplayStep { turn: referee.state().turn(), text: Some(entry.text.clone()), seat: event.seat, view }
            };
            steps.push(step);
            Ok(())
        })?;
        Ok(Replay { layout: start.layout(), steps })
    }
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
