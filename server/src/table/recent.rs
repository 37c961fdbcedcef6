//! A table's recent events: the newest [`Recent::KEPT`] in a ring, so that
//! a live match's memory does not grow with its length. Older events are in
//! the database: a snapshot carries the recent ones and the client pages
//! the rest over HTTP; a client further behind than the ring gets a
//! snapshot instead of a catch-up (after lila-ws's bounded history).
//!
//! The ids clients gave the actions in the ring are kept beside it, so that
//! an action resent after a reconnect is applied once; an action is resent
//! only for an event the client has not seen, which is always recent.

use super::events::{Body, Event};
use rules::Seat;
use rules::referee::Change;
use std::collections::{HashMap, VecDeque};

/// The newest events of a table, and the client ids of their actions.
#[derive(Debug, Default)]
pub(super) struct Recent {
    events: VecDeque<Event>,
    /// The event number of each action in the ring, by (seat, client id).
    client_ids: HashMap<(Seat, String), u64>,
    /// Whether anything but chance has happened in the match (an action, a
    /// seat leaving), which the ring may no longer show.
    acted: bool,
}

impl Recent {
    /// How many events are kept: enough for a client that missed a few
    /// seconds of play to catch up with events. An event takes about 1.6 KB
    /// in memory: with 64 kept, 1,000 idle matches held 163 MB; with 16,
    /// under 100 MB (docs/performance.md).
    pub const KEPT: usize = 16;

    /// Adds the newest event, letting the oldest go past [`Recent::KEPT`].
    pub fn push(&mut self, event: Event) {
        if let Some((seat, id)) = action_id(&event) {
            self.client_ids.insert((seat, id.to_string()), event.seq);
        }
        self.acted |= is_play(&event);
        self.events.push_back(event);
        if self.events.len() > Self::KEPT {
            let gone = self.events.pop_front().expect("the ring is not empty");
            if let Some((seat, id)) = action_id(&gone) {
                self.client_ids.remove(&(seat, id.to_string()));
            }
        }
    }

    /// The number of the last event (0 before the first).
    pub fn last_seq(&self) -> u64 {
        self.events.back().map_or(0, |e| e.seq)
    }

    /// When the last event happened (ms since the epoch).
    pub fn last_at(&self) -> Option<u64> {
        self.events.back().map(|e| e.at)
    }

    /// Whether anything but chance has happened.
    pub fn acted(&self) -> bool {
        self.acted
    }

    /// The event number of the action `seat` sent with client id `id`, if
    /// it is recent.
    pub fn applied(&self, seat: Seat, id: &str) -> Option<u64> {
        self.client_ids.get(&(seat, id.to_string())).copied()
    }

    /// The events after event `seen`, oldest first, if the ring still holds
    /// all of them.
    pub fn after(&self, seen: u64) -> Option<impl DoubleEndedIterator<Item = &Event>> {
        let first = self.events.front().map_or(self.last_seq() + 1, |e| e.seq);
        (seen + 1 >= first).then(|| self.events.iter().filter(move |e| e.seq > seen))
    }

    /// Every event kept, oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Event> {
        self.events.iter()
    }
}

fn action_id(event: &Event) -> Option<(Seat, &str)> {
    match &event.body {
        Body::Change { entry, client_id: Some(id), .. } => match entry.change {
            Change::Act { seat, .. } => Some((seat, id.as_str())),
            _ => None,
        },
        _ => None,
    }
}

fn is_play(event: &Event) -> bool {
    event.body.entry().is_some_and(|entry| !matches!(entry.change, Change::Chance { .. }))
}
