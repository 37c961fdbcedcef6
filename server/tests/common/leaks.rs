//! The leak tests' checks, for any game and any number of seats: once a
//! match has ended and its seed is revealed, it is rebuilt in the rules
//! crate from the changes the server stored, and every frame a viewer got
//! before the end is held against what the rules say that viewer may know
//! at that event:
//!
//! - the view is the viewer's view of the state then, and it stays the same
//!   when what the viewer may not know is drawn anew (`resample`);
//! - the legal actions are the seat's own (none for a spectator), less a
//!   default answer that waits for its window's deadline;
//! - each action and chance reads as the rules word it for that viewer.

use rules::referee::{Change, Entry};
use rules::{AnyMatch, Seat, Seed, Viewer};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;

/// Resamples tried per view checked.
const RESAMPLES: u64 = 2;

/// A match rebuilt in the rules crate: the state after each event number,
/// and the rules' own record of each change (with what each viewer reads).
pub struct Rebuilt {
    states: BTreeMap<u64, Box<dyn AnyMatch>>,
    entries: BTreeMap<u64, Entry>,
    /// The events a client's action began: between two of them the server
    /// goes on only by itself (a window's deadline, the chance an action
    /// sets off).
    sent: BTreeSet<u64>,
    /// The last event.
    last: u64,
    seats: usize,
}

impl Rebuilt {
    /// Match `table` of `game` with `options`, played with `seed`, from the
    /// changes stored in the database at `url`.
    pub async fn from_store(url: &str, table: &str, game: &str, options: &Value, seed: Seed) -> Rebuilt {
        let events = super::stored_events(url, table).await;
        let mut referee = rules::registry::game(game).unwrap().referee(options, None, seed).unwrap();
        let mut states = BTreeMap::new();
        let mut entries = BTreeMap::new();
        let mut sent = BTreeSet::new();
        let mut last = 0;
        states.insert(0, referee.state().clone_box());
        for event in events {
            let seq = event.seq;
            last = seq;
            if event.client_id.is_some() {
                sent.insert(seq);
            }
            let body: Value = serde_json::from_str(&event.payload).unwrap();
            let Some(change) = body.get("entry").map(|e| e["change"].clone()) else { continue };
            let change: Change = serde_json::from_value(change).unwrap();
            let entry = referee.apply(&change).unwrap_or_else(|e| panic!("event {seq} does not replay: {e}"));
            states.insert(seq, referee.state().clone_box());
            entries.insert(seq, entry);
        }
        let seats = referee.state().seat_count();
        Rebuilt { states, entries, sent, last, seats }
    }

    /// The events a response asked for at event `seq` may show: `seq` and
    /// those the server reached by itself before the next action a client
    /// sent (a burst of a window's default answers may still be on its way
    /// to the client that saw `seq`).
    pub fn reached_from(&self, seq: u64) -> RangeInclusive<u64> {
        let next_sent = self.sent.range(seq + 1..).next();
        seq..=next_sent.map_or(self.last, |next| next - 1)
    }

    /// The state once event `seq` happened (other events change nothing).
    pub fn at(&self, seq: u64) -> &dyn AnyMatch {
        self.states.range(..=seq).next_back().expect("a state").1.as_ref()
    }

    /// A viewer's place in an entry's readings: its seat, or last for a spectator.
    fn reading(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(seat) => seat.index(),
            Viewer::Spectator => self.seats,
        }
    }

    /// The texts of the changes up to event `seq` that `viewer` may not read as written.
    pub fn texts_hidden_from(&self, seq: u64, viewer: Viewer) -> Vec<String> {
        let at = self.reading(viewer);
        self.entries
            .range(..=seq)
            .filter(|(_, entry)| entry.seen[at].as_deref() != Some(entry.text.as_str()))
            .map(|(_, entry)| entry.text.clone())
            .collect()
    }

    /// The viewers: every seat, then a spectator.
    pub fn viewers(&self) -> Vec<Viewer> {
        (0..self.seats as u8).map(|s| Viewer::Seat(Seat(s))).chain([Viewer::Spectator]).collect()
    }

    /// The view `viewer` was sent at event `seq` is its view of the state
    /// then, and it stays the same whatever is drawn anew of what it may
    /// not know.
    pub fn check_view(&self, seq: u64, viewer: Viewer, view: &Value, context: &str) {
        let state = self.at(seq);
        let expected = serde_json::to_value(state.view(viewer)).unwrap();
        assert_eq!(view, &expected, "{context}: the view at event {seq} for {viewer:?}");
        let hidden_from: Vec<Seat> = match viewer {
            Viewer::Seat(seat) => vec![seat],
            Viewer::Spectator => (0..self.seats as u8).map(Seat).collect(),
        };
        for seat in hidden_from {
            for k in 0..RESAMPLES {
                let other = state.resample(seat, Seed::from_u64(seq * 31 + k));
                assert_eq!(
                    serde_json::to_value(other.view(viewer)).unwrap(),
                    expected,
                    "{context}: {viewer:?}'s view at event {seq} depends on what it may not know"
                );
            }
        }
    }

    /// [`Rebuilt::check_view`] for a view that may show any of the events
    /// `seqs`: the first whose view it is.
    pub fn check_view_in(&self, seqs: RangeInclusive<u64>, viewer: Viewer, view: &Value, context: &str) {
        let shown = seqs.clone().find(|seq| &serde_json::to_value(self.at(*seq).view(viewer)).unwrap() == view);
        self.check_view(shown.unwrap_or(*seqs.start()), viewer, view, context);
    }

    /// An action or chance event as `viewer` received it reads as the rules describe it.
    pub fn check_event(&self, event: &Value, viewer: Viewer, context: &str) {
        if event["kind"] != "action" && event["kind"] != "chance" {
            return;
        }
        let seq = event["seq"].as_u64().unwrap();
        let expected = self.entries[&seq].seen[self.reading(viewer)].clone();
        assert_eq!(event["text"].as_str().map(str::to_string), expected, "{context}: event {seq} for {viewer:?}");
        assert_eq!(event["hidden"].as_bool().unwrap_or(false), expected.is_none(), "{context}: event {seq}");
    }

    /// Checks the frames `viewer` received of `table` before event `end`
    /// (the match's `ended`); returns how many views were checked.
    pub fn check_frames(&self, table: &str, end: u64, viewer: Viewer, frames: &[Value]) -> usize {
        let mut checked = 0;
        for frame in frames {
            let named = frame["table"].as_str().or(frame["state"]["table"].as_str());
            if named != Some(table) {
                continue;
            }
            let state = state_of(frame);
            let Some(seq) = state["seq"].as_u64() else { continue };
            if seq >= end {
                continue;
            }
            let context = format!("{} frame", frame["type"]);
            assert!(state["seed"].is_null(), "{context} to {viewer:?} reveals the seed before the end");
            // Once the rules have ended the match (the `ended` event
            // follows), views show everything.
            if state["phase"] == "live" && !state["view"]["outcome"].is_object() {
                self.check_view(seq, viewer, &state["view"], &context);
                let legal = state["legal"].as_array().cloned().unwrap_or_default();
                match viewer {
                    Viewer::Seat(seat) => {
                        let rules = self.at(seq);
                        let waits = rules.answer_at_deadline(seat);
                        let expected: Vec<Value> = rules
                            .legal(seat)
                            .into_iter()
                            .map(|a| serde_json::to_value(a).unwrap())
                            .filter(|a| Some(&a["action"]) != waits.as_ref())
                            .collect();
                        assert_eq!(legal, expected, "{context}: the legal actions of {seat} at event {seq}");
                    }
                    Viewer::Spectator => assert!(legal.is_empty(), "{context}: a spectator was sent legal actions"),
                }
                checked += 1;
            }
            for event in events_of(frame) {
                self.check_event(event, viewer, &context);
            }
        }
        checked
    }
}

/// The table state a frame carries: a snapshot is one, an event or a
/// catch-up holds one.
pub fn state_of(frame: &Value) -> &Value {
    if frame["type"] == "snapshot" { frame } else { &frame["state"] }
}

/// The events a frame carries: a snapshot's or a catch-up's list, or an event's one.
pub fn events_of(frame: &Value) -> impl Iterator<Item = &Value> {
    frame["events"].as_array().into_iter().flatten().chain([&frame["event"]])
}
