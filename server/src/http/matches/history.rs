//! One match as one requester may see it: its rows, its events, the seats
//! the requester held, and whether it is over. Every answer about a stored
//! match (its moves, its export, its replay) is built from this, and every
//! rebuild of the match goes through the referee, as live play does.

use super::super::ApiError;
use super::super::identity::who;
use crate::AppState;
use crate::store::{SeatRow, TableRow};
use crate::table::Event;
use axum::http::HeaderMap;
use protocol::ErrorCode;
use rules::referee::{AnyReferee, Change, Entry};
use rules::{AnyGame, SeatSet, Seed};
use serde_json::Value;

/// A match loaded for one requester, with what they may see.
pub(super) struct Loaded {
    pub(super) row: TableRow,
    pub(super) seats: Vec<SeatRow>,
    /// Read last, by [`Loaded::read_events`].
    pub(super) events: Vec<Event>,
    pub(super) game: &'static dyn AnyGame,
    pub(super) options: Value,
    /// The requester's seats, if they played.
    pub(super) held: SeatSet,
    /// Whether the match is over (everything may be shown).
    pub(super) revealed: bool,
}

pub(super) async fn load(
    state: &AppState,
    headers: &HeaderMap,
    id: &str,
    code: Option<&str>,
) -> Result<Loaded, ApiError> {
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
            .filter(|s| s.player.id == p.id && s.seat.index() < rules::seat::MAX_SEATS)
            .map(|s| s.seat)
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
    pub(super) async fn read_events(mut self, state: &AppState) -> Result<Loaded, ApiError> {
        let stored = state.ctx.store.table_events(&self.row.id).await?;
        self.events =
            stored.iter().map(Event::from_stored).collect::<Result<Vec<_>, _>>().map_err(ApiError::internal)?;
        Ok(self)
    }

    pub(super) fn seed(&self) -> Result<Seed, ApiError> {
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
    pub(super) fn rebuild(
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
    pub(super) fn all_visible(&self) -> bool {
        // A part ("arranges a piece") would let the full notation give away the rest.
        self.revealed
            || self.events.iter().all(|e| match e.body.entry() {
                Some(entry) => entry.seen.is_empty() || entry.read_by(self.held).0.as_ref() == Some(&entry.text),
                None => true,
            })
    }
}

/// Whether an entry is a step of the rules (an action or chance), which
/// turns in notation are made of.
pub(super) fn is_step(entry: &Entry) -> bool {
    matches!(entry.change, Change::Act { .. } | Change::Chance { .. })
}
