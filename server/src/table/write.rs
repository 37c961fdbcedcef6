//! The write path of a table. A change the referee worked out on a copy of
//! the match is stored first, all its events or none, waiting until the
//! journal says they are durable; only then does the copy become the match
//! and do the events go out to the followers, each as its seats may see
//! them. A failed store changes nothing. The lobby's start and the match's
//! end store their events through the same door ([`Table::store_events`]).

use super::actor::Table;
use super::events::{Body, Event};
use super::live::{open_window, window_ms};
use super::refusal::{Refusal, not_live};
use crate::epoch::now_ms;
use crate::store::{JournalEntry, StoreError, TableChange};
use protocol::ErrorCode;
use rules::referee::{AnyReferee, Change, Entry};
use rules::{Decision, Seat};
use std::sync::atomic::Ordering;
use tokio::time::Instant;

/// A change worked out on a copy of the match, not yet stored.
pub(super) struct Pending {
    pub(super) referee: Box<dyn AnyReferee>,
    pub(super) entries: Vec<Entry>,
    /// The client's id of the action that made it.
    pub(super) client_id: Option<String>,
    /// The seat whose turn it completed, for the clock's increment.
    pub(super) completed: Option<Seat>,
}

/// A change stored and made the match's, to be announced.
pub(super) struct Committed {
    events: Vec<Event>,
    /// The match as it stood before the change, to rebuild the state after
    /// each of its events but the last.
    before: Box<dyn AnyReferee>,
}

impl Committed {
    pub(super) fn first_seq(&self) -> u64 {
        self.events[0].seq
    }
}

impl Table {
    /// Writes events to the journal, all or none (and waits until they are
    /// durable); `change` to the table's row goes with the first.
    pub(super) async fn store_events(&self, events: &[Event], change: Option<TableChange>) -> Result<(), Refusal> {
        let mut change = change;
        let group = events
            .iter()
            .map(|event| JournalEntry { event: event.to_stored(&self.id), change: change.take() })
            .collect();
        let journal = self.ctx.store.journal();
        let written = match self.term {
            Some(term) => journal.write_under(group, term).await,
            None => journal.write(group).await,
        };
        written.map_err(|e| {
            let what = format!("store events from {}", events.first().map_or(0, |e| e.seq));
            self.refused_by_store(e, &what, "the server could not store this; nothing was changed, try again")
        })
    }

    /// What the client whose request could not be stored is told, with
    /// `message`; the failure to `what` is logged. A write fenced off
    /// because another node runs the table now (several nodes) stops the
    /// table here, and its followers reconnect to find it there.
    pub(super) fn refused_by_store(&self, error: StoreError, what: &str, message: &str) -> Refusal {
        if let StoreError::Fenced(_) = error {
            self.lost.store(true, Ordering::Relaxed);
            return (ErrorCode::Internal, "this table moved to another server; reconnecting".to_string());
        }
        tracing::error!(table = %self.id, %error, "could not {what}");
        (ErrorCode::Internal, message.to_string())
    }

    /// Stores the events of a change, then makes it the match's: the events
    /// join the log, clocks and the response window follow the new decision,
    /// and an open draw offer lapses when a seat that did not agree to it
    /// plays on. The caller then announces the events.
    pub(super) async fn commit(&mut self, pending: Pending) -> Result<Committed, Refusal> {
        let Pending { referee, entries, client_id, completed } = pending;
        let now = Instant::now();
        let before = self.referee.state().status().decision();
        let status = referee.state().status();
        let Some(live) = self.stage.running() else {
            return not_live();
        };
        let mut clocks = live.clocks.clone();
        if let Some(c) = clocks.as_mut() {
            c.update(&status, completed, now);
        }
        let at = now_ms();
        let last = entries.len().saturating_sub(1);
        let events: Vec<Event> = entries
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                let id = if i == 0 { client_id.clone() } else { None };
                let clocks = if i == last { clocks.as_ref().map(|c| c.reading(now)) } else { None };
                Event::change(self.seq() + 1 + i as u64, at, entry, id, clocks)
            })
            .collect();
        self.store_events(&events, None).await?;
        let after = status.decision();
        let Some(live) = self.stage.live_mut() else { unreachable!("a change is stored only while live") };
        live.window = match window_ms(after) {
            Some(_) if live.window.is_some() && window_goes_on(before, &events, after) => live.window,
            Some(ms) => Some(open_window(now, at, ms)),
            None => None,
        };
        live.clocks = clocks;
        for event in &events {
            live.note(event);
            self.events.push(event.clone());
        }
        let before = std::mem::replace(&mut self.referee, referee);
        Ok(Committed { events, before })
    }

    /// Tells every follower the events of a change, each with the state
    /// just after it, as each follower may see them.
    pub(super) fn announce(&mut self, committed: Committed) {
        let Committed { events, mut before } = committed;
        let last = events.len().saturating_sub(1);
        for (i, event) in events.iter().enumerate() {
            if i == last {
                self.broadcast_event(event, None);
            } else {
                let Body::Change { entry, .. } = &event.body else { continue };
                if let Err(error) = before.apply(&entry.change) {
                    tracing::error!(table = %self.id, %error, "a stored change does not replay");
                }
                self.broadcast_event(event, Some(&*before));
            }
        }
    }
}

/// Whether the window open before `events` is still the one open after
/// them: one seat answered and the others are still asked.
fn window_goes_on(before: Option<Decision>, events: &[Event], after: Option<Decision>) -> bool {
    let [event] = events else { return false };
    let answered = match event.body.entry().map(|e| &e.change) {
        Some(Change::Act { seat, .. }) => *seat,
        _ => return false,
    };
    matches!((before, after), (Some(before), Some(after)) if before.same_window_after(answered, after))
}
