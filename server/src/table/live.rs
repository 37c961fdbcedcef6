//! The match: actions, resignation, draws, abort, clocks, absent players,
//! the end, and rebuilding a match from its stored events.
//!
//! Every change follows the same order: check, store the event (waiting
//! until the journal says it is durable), then apply it and tell the
//! followers. A failed store changes nothing.

use super::Conn;
use super::actor::Table;
use super::clocks::ClockState;
use super::events::{Body, Event};
use super::lobby::Refusal;
use crate::store::TableChange;
use crate::time::now_ms;
use protocol::{ErrorCode, MatchResult, Phase, PlayerInfo, ServerMessage, Termination};
use rules::{Outcome, RulesError, Seat, SeatAction, Seed, Status, Viewer, turn_as_seen};
use serde_json::Value;
use std::sync::atomic::Ordering::Relaxed;
use tokio::time::Instant;

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err((code, message.into()))
}

/// The protocol's error code for a rules refusal.
fn rules_code(error: &RulesError) -> ErrorCode {
    match error {
        RulesError::MatchOver => ErrorCode::MatchNotLive,
        RulesError::NotYourTurn(_) => ErrorCode::NotYourTurn,
        RulesError::NoSuchSeat(_) => ErrorCode::NoSuchSeat,
        RulesError::Illegal(_) | RulesError::Notation(_) => ErrorCode::IllegalAction,
        RulesError::BadAction(_) => ErrorCode::BadAction,
        RulesError::BadOptions(_) => ErrorCode::InvalidOptions,
        RulesError::UnknownGame(_) => ErrorCode::UnknownGame,
    }
}

impl Table {
    fn live_seat(&self, player: &PlayerInfo) -> Result<u8, Refusal> {
        if self.phase != Phase::Live || self.pending_end.is_some() {
            return refuse(ErrorCode::MatchNotLive, "the match is not being played");
        }
        self.seat_of(player).ok_or((ErrorCode::NotSeated, "you do not play in this match".to_string()))
    }

    /// What each seat and a spectator may see of an action, worked out
    /// from the state before it; `text` is the action as written.
    fn seen(&self, seat: u8, action: &Value, text: &str) -> Vec<Option<String>> {
        let seats = self.seats.len() as u8;
        (0..seats)
            .map(|s| Viewer::Seat(Seat(s)))
            .chain([Viewer::Spectator])
            .map(|viewer| self.state.describe_for(Seat(seat), action, viewer).ok().and_then(|seen| seen.text_of(text)))
            .collect()
    }

    /// The notation of the turn `turn` including a new action, in full and
    /// as each viewer may read it ([`turn_as_seen`]).
    fn turn_notation(
        &self,
        turn: u32,
        seat: u8,
        action: &Value,
        text: &str,
        seen: &[Option<String>],
    ) -> (Option<String>, Vec<Option<String>>) {
        let mut earlier: Vec<&Event> = self
            .events
            .iter()
            .rev()
            .take_while(|e| matches!(&e.body, Body::Action { turn: t, .. } if *t == turn))
            .collect();
        earlier.reverse();
        if earlier.is_empty() {
            // A turn of one action is written as that action.
            return (Some(text.to_string()), seen.to_vec());
        }
        let mut actions: Vec<SeatAction> = Vec::new();
        let mut parts: Vec<(&[Option<String>], &str)> = Vec::new();
        for e in &earlier {
            if let Body::Action { action, text, seen, .. } = &e.body {
                actions.push(SeatAction { seat: Seat(e.seat.unwrap_or_default()), action: action.clone() });
                parts.push((seen, text));
            }
        }
        actions.push(SeatAction { seat: Seat(seat), action: action.clone() });
        parts.push((seen, text));
        let Ok(whole) = self.turn_start.notate_turn(&actions) else { return (None, vec![None; seen.len()]) };
        let visible = (0..seen.len())
            .map(|viewer| {
                let read: Vec<(Option<&str>, &str)> =
                    parts.iter().map(|(seen, full)| (seen.get(viewer).and_then(|s| s.as_deref()), *full)).collect();
                turn_as_seen(&whole, &read)
            })
            .collect();
        (Some(whole), visible)
    }

    /// Plays an action: check, store, apply, acknowledge, announce.
    pub(super) async fn act(
        &mut self,
        conn: &Conn,
        player: &PlayerInfo,
        id: &str,
        seq: Option<u64>,
        action: &Value,
    ) -> Result<(), Refusal> {
        if id.is_empty() || id.len() > 64 {
            return refuse(ErrorCode::BadAction, "an action id is 1 to 64 characters");
        }
        if let Some(done) = self.seat_of(player).and_then(|seat| self.client_ids.get(&(seat, id.to_string()))) {
            // Resent after a reconnect: it was applied once already (even if
            // it ended the match).
            conn.send(&ServerMessage::Acted { table: self.id.clone(), id: id.to_string(), seq: *done });
            return Ok(());
        }
        let seat = self.live_seat(player)?;
        if let Some(seen) = seq {
            if seen != self.seq() {
                return refuse(
                    ErrorCode::StaleSequence,
                    format!("you acted on event {seen}, but the table is at event {}", self.seq()),
                );
            }
        }
        let now = Instant::now();
        if self.clocks.as_ref().and_then(|c| c.flagged(now)) == Some(seat) {
            self.flag(seat).await;
            return refuse(ErrorCode::MatchNotLive, "your time ran out");
        }
        let turn = self.state.turn();
        let mut next = self.state.clone_box();
        let text = next.apply_json(Seat(seat), action).map_err(|e| (rules_code(&e), e.to_string()))?;
        let canonical = next.canonical_action(action).unwrap_or_else(|_| action.clone());
        let seen = self.seen(seat, &canonical, &text);
        let (turn_text, turn_seen) = self.turn_notation(turn, seat, &canonical, &text, &seen);
        let completed = (next.turn() != turn).then_some(seat);
        let mut clocks = self.clocks.clone();
        if let Some(c) = clocks.as_mut() {
            c.update(next.status().acting(), completed, now);
        }
        let event = Event {
            seq: self.seq() + 1,
            at: now_ms(),
            seat: Some(seat),
            body: Body::Action {
                turn,
                action: canonical,
                text,
                seen,
                turn_text,
                turn_seen,
                client_id: id.to_string(),
                clocks: clocks.as_ref().map(|c| c.left_all(now)),
            },
        };
        self.store_event(&event, None).await?;
        if completed.is_some() {
            self.turn_start = next.clone_box();
        }
        self.state = next;
        self.clocks = clocks;
        self.client_ids.insert((seat, id.to_string()), event.seq);
        if self.draw_offer.is_some_and(|offerer| offerer != seat) {
            // Playing on declines the opponent's offer.
            self.draw_offer = None;
        }
        self.events.push(event.clone());
        self.ctx.metrics.actions_total.fetch_add(1, Relaxed);
        conn.send(&ServerMessage::Acted { table: self.id.clone(), id: id.to_string(), seq: event.seq });
        self.broadcast_event(&event);
        if let Status::Over(outcome) = self.state.status() {
            // The action stands; an end that fails to store is retried.
            let _ = self.end(Termination::Rules, Some(outcome)).await;
        }
        Ok(())
    }

    /// Starts and stops clocks after the state changed.
    pub(super) fn run_clocks(&mut self, completed: Option<u8>) {
        let acting = self.state.status().acting();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.update(acting, completed, Instant::now());
        }
    }

    /// Stores a control event (draw offer, resignation, …); the caller
    /// applies it and then announces it.
    async fn store_control(&mut self, seat: Option<u8>, body: Body) -> Result<Event, Refusal> {
        let event = Event { seq: self.seq() + 1, at: now_ms(), seat, body };
        self.store_event(&event, None).await?;
        Ok(event)
    }

    /// Adds a stored event to the log and tells every follower.
    fn announce(&mut self, event: Event) {
        self.events.push(event.clone());
        self.broadcast_event(&event);
    }

    /// Stores, records and announces a control event that changes nothing else.
    async fn control(&mut self, seat: Option<u8>, body: Body) -> Result<(), Refusal> {
        let event = self.store_control(seat, body).await?;
        self.announce(event);
        Ok(())
    }

    pub(super) async fn resign(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let seat = self.live_seat(player)?;
        if self.seats.len() == 2 {
            self.control(Some(seat), Body::Resigned).await?;
            let outcome = Outcome::win(2, Seat(seat).opponent(), "resignation");
            self.end(Termination::Resignation, Some(outcome)).await
        } else {
            self.withdraw(seat, "resigned").await
        }
    }

    /// A seat leaves a match of more than two seats; the rules decide how
    /// play goes on.
    async fn withdraw(&mut self, seat: u8, reason: &str) -> Result<(), Refusal> {
        let event = self.store_control(Some(seat), Body::Withdrew { reason: reason.to_string() }).await?;
        self.state.withdraw(Seat(seat), reason);
        self.run_clocks(None);
        self.announce(event);
        if let Status::Over(outcome) = self.state.status() {
            self.end(Termination::Rules, Some(outcome)).await?;
        }
        Ok(())
    }

    pub(super) async fn offer_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let seat = self.live_seat(player)?;
        if self.seats.len() != 2 {
            return refuse(ErrorCode::NoDrawOffer, "draws by agreement are for two-seat games");
        }
        match self.draw_offer {
            Some(offerer) if offerer == seat => refuse(ErrorCode::NoDrawOffer, "you have already offered a draw"),
            Some(_) => self.accept_draw(player).await,
            None => {
                self.draw_offer = Some(seat);
                if let Err(refusal) = self.control(Some(seat), Body::DrawOffered).await {
                    self.draw_offer = None;
                    return Err(refusal);
                }
                Ok(())
            }
        }
    }

    pub(super) async fn accept_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let seat = self.live_seat(player)?;
        if self.draw_offer.is_none_or(|offerer| offerer == seat) {
            return refuse(ErrorCode::NoDrawOffer, "there is no draw offer to accept");
        }
        self.end(Termination::Agreement, Some(Outcome::draw(2, "agreement"))).await
    }

    pub(super) async fn decline_draw(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let seat = self.live_seat(player)?;
        if self.draw_offer.is_none_or(|offerer| offerer == seat) {
            return refuse(ErrorCode::NoDrawOffer, "there is no draw offer to decline");
        }
        self.draw_offer = None;
        if let Err(refusal) = self.control(Some(seat), Body::DrawDeclined).await {
            self.draw_offer = Some(1 - seat);
            return Err(refusal);
        }
        Ok(())
    }

    pub(super) async fn abort(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        self.live_seat(player)?;
        if self.events.iter().any(|e| matches!(e.body, Body::Action { .. })) {
            return refuse(ErrorCode::TooLate, "a match can be aborted only before its first action");
        }
        self.end(Termination::Aborted, None).await
    }

    pub(super) async fn claim_victory(&mut self, player: &PlayerInfo) -> Result<(), Refusal> {
        let seat = self.live_seat(player)?;
        if self.seats.len() != 2 {
            return refuse(
                ErrorCode::NotAbsent,
                "in games of more than two seats, play goes on without absent players",
            );
        }
        let other = 1 - seat;
        if self.is_connected(other) || self.grace_until[other as usize].is_some() {
            return refuse(ErrorCode::NotAbsent, "your opponent is connected or still has time to come back");
        }
        let outcome = Outcome::win(2, Seat(seat), "the opponent left");
        self.end(Termination::Abandonment, Some(outcome)).await
    }

    /// A clock ran out.
    pub(super) async fn flag(&mut self, seat: u8) {
        if self.phase != Phase::Live {
            return;
        }
        if self.seats.len() == 2 {
            let outcome = Outcome::win(2, Seat(seat).opponent(), "time ran out");
            let _ = self.end(Termination::Timeout, Some(outcome)).await;
        } else if let Err((_, message)) = self.withdraw(seat, "time ran out").await {
            tracing::error!(table = %self.id, %message, "could not record a flag fall");
        }
    }

    /// An absent player's grace period is over.
    pub(super) async fn grace_expired(&mut self, seat: u8) {
        if self.phase != Phase::Live || self.is_connected(seat) {
            return;
        }
        if self.seats.len() > 2 {
            if let Err((_, message)) = self.withdraw(seat, "left the match").await {
                tracing::error!(table = %self.id, %message, "could not record an abandonment");
            }
        } else {
            // The opponent may now claim the win; they see it in the presence.
            let message = super::serialize(&ServerMessage::Presence { table: self.id.clone(), seats: self.presence() });
            self.followers.retain(|f| f.conn.send_text(message.clone()));
        }
    }

    /// Ends the match: stores the result with the revealed seed, then
    /// shows everyone everything. If the end cannot be stored, the match
    /// takes no more actions and the end is tried again a second later.
    pub(super) async fn end(&mut self, termination: Termination, outcome: Option<Outcome>) -> Result<(), Refusal> {
        let result = MatchResult { termination, outcome: outcome.clone() };
        let seed = self.seed.map(|s| s.to_hex());
        let event =
            Event { seq: self.seq() + 1, at: now_ms(), seat: None, body: Body::Ended { result: result.clone(), seed } };
        let places = match &result.outcome {
            Some(outcome) => outcome.places.iter().map(|p| Some(*p)).collect(),
            None => vec![None; self.seats.len()],
        };
        let change = TableChange::Ended {
            phase: if termination == Termination::Aborted { "aborted" } else { "finished" },
            result: serde_json::to_string(&result).expect("results serialize"),
            places,
            turns: self.state.turn(),
        };
        if let Err(refusal) = self.store_event(&event, Some(change)).await {
            self.pending_end = Some((termination, outcome, Instant::now() + std::time::Duration::from_secs(1)));
            return Err(refusal);
        }
        self.pending_end = None;
        self.apply_end(event.clone());
        self.broadcast_event(&event);
        self.publish_lobby();
        Ok(())
    }

    fn apply_end(&mut self, event: Event) {
        let Body::Ended { result, .. } = &event.body else { return };
        if self.phase == Phase::Live {
            self.ctx.metrics.live_matches.fetch_sub(1, Relaxed);
        }
        self.phase = if result.termination == Termination::Aborted { Phase::Aborted } else { Phase::Finished };
        self.result = Some(result.clone());
        self.draw_offer = None;
        self.grace_until.iter_mut().for_each(|g| *g = None);
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.stop(Instant::now());
        }
        self.events.push(event);
    }

    /// Rebuilds a started match from its stored events: the rules state by
    /// replaying every action from the seed, then clocks, the open draw
    /// offer and the result.
    pub(super) fn replay(&mut self, seed: Seed, commitment: Option<String>, events: Vec<Event>) -> Result<(), String> {
        self.state = self.game.new_match(&self.options, seed).map_err(|e| e.to_string())?;
        self.turn_start = self.state.clone_box();
        self.seed = Some(seed);
        self.commitment = commitment;
        self.phase = Phase::Live;
        let mut last_clocks = None;
        for event in events {
            match &event.body {
                Body::Started { players, clocks, .. } => {
                    for (seat, player) in players.iter().enumerate() {
                        if let Some(slot) = self.seats.get_mut(seat) {
                            *slot = Some(player.clone());
                        }
                    }
                    last_clocks.clone_from(clocks);
                }
                Body::Action { action, client_id, clocks, turn, .. } => {
                    let seat = event.seat.ok_or("an action without a seat")?;
                    self.state.apply_json(Seat(seat), action).map_err(|e| format!("event {}: {e}", event.seq))?;
                    if self.state.turn() != *turn {
                        self.turn_start = self.state.clone_box();
                    }
                    self.client_ids.insert((seat, client_id.clone()), event.seq);
                    if self.draw_offer.is_some_and(|offerer| offerer != seat) {
                        self.draw_offer = None;
                    }
                    last_clocks.clone_from(clocks);
                }
                Body::DrawOffered => self.draw_offer = event.seat,
                Body::DrawDeclined => self.draw_offer = None,
                Body::Withdrew { reason } => {
                    let seat = event.seat.ok_or("a withdrawal without a seat")?;
                    self.state.withdraw(Seat(seat), reason);
                }
                Body::Resigned => {}
                Body::Ended { .. } => {
                    self.apply_end(event);
                    continue;
                }
            }
            self.events.push(event);
        }
        if let (Some(control), Some(remaining)) = (self.clock, last_clocks) {
            self.clocks = Some(ClockState::resume(control, remaining));
        }
        if self.phase == Phase::Live {
            // An end that was decided but not stored before a crash: end it now.
            let resigned = self.events.last().filter(|e| matches!(e.body, Body::Resigned)).and_then(|e| e.seat);
            let now = Instant::now();
            if let Some(seat) = resigned.filter(|_| self.seats.len() == 2) {
                let outcome = Outcome::win(2, Seat(seat).opponent(), "resignation");
                self.pending_end = Some((Termination::Resignation, Some(outcome), now));
            } else if let Status::Over(outcome) = self.state.status() {
                self.pending_end = Some((Termination::Rules, Some(outcome), now));
            }
        }
        if self.phase == Phase::Live {
            self.run_clocks(None);
        }
        Ok(())
    }
}
