//! `GET /api/matches/{id}/replay`: the start and the state after each turn,
//! as one seat (or a spectator) saw them, for the replay page.

use super::super::computed::{self, Computed};
use super::super::{ApiError, ApiQuery};
use super::MatchQuery;
use super::history::{Loaded, is_step, load};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use protocol::{ErrorCode, Replay, ReplayStep};
use rules::referee::Change;
use rules::{Seat, SeatSet, Viewer};

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
    let seat = q.seat.or(if m.revealed { None } else { m.held.first() });
    if let Some(asked) = seat {
        if asked.index() >= m.seats.len() {
            return Err(ApiError::new(ErrorCode::NoSuchSeat, "no such seat"));
        }
        if !m.revealed && !m.held.contains(asked) {
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
    fn replay(&self, seat: Option<Seat>) -> Result<Replay, ApiError> {
        let m = self;
        let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
        let start = m.game.new_match(&m.options).map_err(ApiError::internal)?;
        let mut steps = vec![ReplayStep {
            turn: 0,
            seq: 0,
            text: None,
            seat: None,
            simultaneous: false,
            opening: None,
            view: start.view(viewer),
        }];
        // A step of the replay is a whole turn: the entries of one turn replace
        // the step they continue.
        let mut open_turn: Option<u32> = None;
        m.rebuild(|event, _, referee| {
            let Some(entry) = event.body.entry() else { return Ok(()) };
            let step = if is_step(entry) {
                let (text, turn) = entry.read(seat.map_or(SeatSet::EMPTY, SeatSet::only), m.revealed);
                let text = if m.revealed { turn.or(text) } else { turn };
                let continues = open_turn == Some(entry.turn);
                open_turn = Some(entry.turn);
                let acted = match &entry.change {
                    Change::Act { seat, .. } => Some(*seat),
                    _ => None,
                };
                let seat = if continues { steps.last().and_then(|s| s.seat).or(acted) } else { acted };
                let view = referee.state().view(viewer);
                let simultaneous = entry.simultaneous || (continues && steps.last().is_some_and(|s| s.simultaneous));
                let opening = entry.opening.clone();
                let step = ReplayStep {
                    turn: referee.state().turn(),
                    seq: event.seq,
                    text,
                    seat,
                    simultaneous,
                    opening,
                    view,
                };
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
                ReplayStep {
                    turn: referee.state().turn(),
                    seq: event.seq,
                    text: Some(entry.text.clone()),
                    seat: event.seat,
                    simultaneous: false,
                    opening: None,
                    view,
                }
            };
            steps.push(step);
            Ok(())
        })?;
        Ok(Replay { layout: start.layout(), steps })
    }
}
