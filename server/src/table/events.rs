//! The numbered events of a table as the server keeps them: complete, with
//! what each viewer may see of every change worked out by the referee when
//! it happened. [`Event::view_for`] turns one into what a given viewer
//! receives.
//!
//! Events stored before chance became its own step (protocol 1) are read
//! too: an `action` becomes a change whose chance, if any fell due, is drawn
//! again from the seed when the match is replayed; `resigned` and
//! `withdrew` become a seat leaving.

use super::clocks::Reading;
use crate::store::StoredEvent;
use protocol::{EventDetail, EventView, MatchResult, PlayerInfo};
use rules::referee::{AnyReferee, Change, Entry};
use rules::{Leave, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One numbered event, complete.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Its number.
    pub seq: u64,
    /// When (ms since the epoch).
    pub at: u64,
    /// The seat concerned.
    pub seat: Option<Seat>,
    /// What happened.
    pub body: Body,
}

/// What happened, in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Body {
    /// The match started.
    Started {
        /// SHA-256 of the seed.
        seed_commitment: String,
        /// Players by seat.
        players: Vec<PlayerInfo>,
        /// Clocks at the start, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<u64>>,
    },
    /// A change to the match as the referee recorded it: an action, a chance
    /// outcome, a seat leaving, a draw by agreement.
    Change {
        /// The referee's record, with what each viewer learns.
        entry: Entry,
        /// The client's action id, for an action a client sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        client_id: Option<String>,
        /// Clocks right after it, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<u64>>,
        /// Set-up clocks right after it, during a set-up with a time of its own.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        setup_clocks: Option<Vec<u64>>,
        /// Stored before chance had events of its own: chance that fell due
        /// after it is drawn from the seed again when the match is replayed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        draws_chance: bool,
    },
    /// A bot took over the seat (the event's) of a player who went away.
    TakenOver {
        /// The bot, the seat's player from now on.
        player: PlayerInfo,
    },
    /// A draw offer.
    DrawOffered,
    /// A declined draw offer.
    DrawDeclined,
    /// The end.
    Ended {
        /// The result.
        result: MatchResult,
        /// The seed, revealed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
    },
}

/// The bodies of protocol 1 that are no longer written.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Legacy {
    Action {
        turn: u32,
        action: Value,
        text: String,
        seen: Vec<Option<String>>,
        #[serde(default)]
        turn_text: Option<String>,
        #[serde(default)]
        turn_seen: Vec<Option<String>>,
        client_id: String,
        #[serde(default)]
        clocks: Option<Vec<u64>>,
    },
    Resigned,
    Withdrew {
        reason: String,
    },
}

impl Legacy {
    /// The body it stands for today; `seat` is the event's seat.
    fn into_body(self, seat: Option<Seat>) -> Result<Body, String> {
        let seat = seat.ok_or("a legacy event without a seat")?;
        let viewers = |seen: &Vec<Option<String>>| SeatSet::all(seen.len().saturating_sub(1));
        Ok(match self {
            Legacy::Action { turn, action, text, seen, turn_text, turn_seen, client_id, clocks } => Body::Change {
                entry: Entry {
                    change: Change::Act { seat, action, by_default: false },
                    turn,
                    stales: viewers(&seen),
                    text,
                    seen,
                    turn_text,
                    turn_seen,
                    simultaneous: false,
                    opening: None,
                },
                client_id: Some(client_id),
                clocks,
                setup_clocks: None,
                draws_chance: true,
            },
            Legacy::Resigned => left(seat, Leave::Resigned),
            Legacy::Withdrew { reason } => {
                let leave = match reason.as_str() {
                    "resigned" => Leave::Resigned,
                    "time ran out" => Leave::TimeRanOut,
                    _ => Leave::Abandoned,
                };
                left(seat, leave)
            }
        })
    }
}

/// A seat leaving as protocol 1 stored it: the referee writes its entry
/// again when the match is replayed, so this one only needs its change.
fn left(seat: Seat, leave: Leave) -> Body {
    let entry = Entry {
        change: Change::Leave { seat, leave },
        turn: 0,
        text: String::new(),
        seen: Vec::new(),
        turn_text: None,
        turn_seen: Vec::new(),
        stales: SeatSet::EMPTY,
        simultaneous: false,
        opening: None,
    };
    Body::Change { entry, client_id: None, clocks: None, setup_clocks: None, draws_chance: false }
}

impl Body {
    /// The `kind` column value.
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Started { .. } => "started",
            Body::Change { entry, .. } => match entry.change {
                Change::Act { .. } => "act",
                Change::Chance { .. } => "chance",
                Change::Leave { .. } => "leave",
                Change::Draw => "draw",
            },
            Body::TakenOver { .. } => "taken_over",
            Body::DrawOffered => "draw_offered",
            Body::DrawDeclined => "draw_declined",
            Body::Ended { .. } => "ended",
        }
    }

    /// The referee's entry, for a change.
    pub fn entry(&self) -> Option<&Entry> {
        match self {
            Body::Change { entry, .. } => Some(entry),
            _ => None,
        }
    }
}

impl Event {
    /// A change recorded by the referee, as event `seq`.
    pub fn change(seq: u64, at: u64, entry: Entry, client_id: Option<String>, clocks: Option<Reading>) -> Event {
        let seat = match &entry.change {
            Change::Act { seat, .. } | Change::Leave { seat, .. } => Some(*seat),
            Change::Chance { .. } | Change::Draw => None,
        };
        let (clocks, setup_clocks) = clocks.map_or((None, None), |r| (Some(r.main), r.setup));
        Event { seq, at, seat, body: Body::Change { entry, client_id, clocks, setup_clocks, draws_chance: false } }
    }

    /// The event as stored.
    pub fn to_stored(&self, table_id: &str) -> StoredEvent {
        let client_id = match &self.body {
            Body::Change { client_id, .. } => client_id.clone(),
            _ => None,
        };
        StoredEvent {
            table_id: table_id.to_string(),
            seq: self.seq,
            kind: self.body.kind().to_string(),
            seat: self.seat,
            client_id,
            payload: serde_json::to_string(&self.body).expect("events serialize"),
            created_at: self.at,
        }
    }

    /// An event read back from the store (of this protocol or the last).
    pub fn from_stored(stored: &StoredEvent) -> Result<Event, String> {
        let body = match serde_json::from_str::<Body>(&stored.payload) {
            Ok(body) => body,
            Err(error) => serde_json::from_str::<Legacy>(&stored.payload)
                .map_err(|_| format!("event {}: {error}", stored.seq))?
                .into_body(stored.seat)
                .map_err(|e| format!("event {}: {e}", stored.seq))?,
        };
        Ok(Event { seq: stored.seq, at: stored.created_at, seat: stored.seat, body })
    }

    /// Applies the event's change to `referee`: the one path by which a
    /// stored match is rebuilt, for a restored table, the history, the
    /// replay page and the exports. A change stored before chance had
    /// events of its own draws the chance due after it from the seed.
    /// Returns the changes applied, that chance included.
    pub fn apply_to(&mut self, referee: &mut dyn AnyReferee) -> Result<Vec<Change>, String> {
        let seq = self.seq;
        let Body::Change { entry, draws_chance, .. } = &mut self.body else { return Ok(Vec::new()) };
        let fresh = referee.apply(&entry.change).map_err(|e| format!("event {seq}: {e}"))?;
        if entry.seen.is_empty() {
            // A seat leaving as protocol 1 stored it: the referee writes
            // what each viewer reads.
            *entry = fresh;
        }
        let mut changes = vec![entry.change.clone()];
        if *draws_chance {
            changes.extend(referee.settle().into_iter().map(|e| e.change));
        }
        Ok(changes)
    }

    /// Whether the event changed what the seat could see, so that an action
    /// it chose before the event is stale.
    pub fn stales(&self, seat: Seat) -> bool {
        match &self.body {
            // Whatever was chosen before the start was chosen in the lobby.
            Body::Started { .. } => true,
            body => body.entry().is_some_and(|entry| entry.stales.contains(seat)),
        }
    }

    /// What the holder of `seats` may see of the event (no seats: a
    /// spectator); `revealed` once the match is over (then everyone sees
    /// everything).
    pub fn view_for(&self, seats: SeatSet, revealed: bool) -> EventView {
        let detail = match &self.body {
            Body::Started { seed_commitment, players, .. } => {
                EventDetail::Started { seed_commitment: seed_commitment.clone(), players: players.clone() }
            }
            Body::Change { entry, .. } => {
                let (text, turn_text) = entry.read(seats, revealed);
                let hidden = text.is_none();
                match &entry.change {
                    Change::Act { by_default, .. } => EventDetail::Action {
                        turn: entry.turn,
                        text,
                        hidden,
                        turn_text,
                        by_default: *by_default,
                        simultaneous: entry.simultaneous,
                        opening: entry.opening.clone(),
                    },
                    Change::Chance { .. } => EventDetail::Chance {
                        turn: entry.turn,
                        text,
                        hidden,
                        turn_text,
                        opening: entry.opening.clone(),
                    },
                    Change::Leave { leave, .. } => EventDetail::Left { leave: *leave, text: entry.text.clone() },
                    Change::Draw => EventDetail::DrawAgreed,
                }
            }
            Body::TakenOver { player } => EventDetail::TakenOver { player: player.clone() },
            Body::DrawOffered => EventDetail::DrawOffered,
            Body::DrawDeclined => EventDetail::DrawDeclined,
            Body::Ended { result, seed } => EventDetail::Ended { result: result.clone(), seed: seed.clone() },
        };
        EventView { seq: self.seq, at: self.at, seat: self.seat, detail }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> Event {
        let entry = Entry {
            change: Change::Act { seat: Seat(0), action: Value::Null, by_default: false },
            turn: 0,
            text: "secret set-up".into(),
            seen: vec![Some("secret set-up".into()), None, None],
            turn_text: Some("secret set-up".into()),
            turn_seen: vec![Some("secret set-up".into()), None, None],
            stales: SeatSet::only(Seat(0)),
            simultaneous: true,
            opening: None,
        };
        Event::change(7, 1, entry, Some("a".into()), None)
    }

    #[test]
    fn a_hidden_action_shows_only_its_number_until_the_match_is_over() {
        let event = secret();
        let other = event.view_for(SeatSet::only(Seat(1)), false);
        assert_eq!(
            other.detail,
            EventDetail::Action {
                turn: 0,
                text: None,
                hidden: true,
                turn_text: None,
                by_default: false,
                simultaneous: true,
                opening: None
            }
        );
        assert_eq!(other.seq, 7);
        let spectator = serde_json::to_string(&event.view_for(SeatSet::EMPTY, false)).unwrap();
        assert!(!spectator.contains("secret"), "{spectator}");
        let after = event.view_for(SeatSet::EMPTY, true);
        assert_eq!(
            after.detail,
            EventDetail::Action {
                turn: 0,
                text: Some("secret set-up".into()),
                hidden: false,
                turn_text: Some("secret set-up".into()),
                by_default: false,
                simultaneous: true,
                opening: None
            }
        );
        let both = event.view_for(SeatSet::only(Seat(1)).with(Seat(0)), false);
        assert!(
            matches!(both.detail, EventDetail::Action { text: Some(_), .. }),
            "a player holding two seats reads what either reads"
        );
        assert!(event.stales(Seat(0)) && !event.stales(Seat(1)));
        let back = Event::from_stored(&event.to_stored("t")).unwrap();
        assert_eq!(back, event);
    }

    #[test]
    fn events_of_protocol_one_are_read_as_changes() {
        let stored = |kind: &str, payload: &str| StoredEvent {
            table_id: "t".into(),
            seq: 3,
            kind: kind.into(),
            seat: Some(Seat(1)),
            client_id: None,
            payload: payload.into(),
            created_at: 5,
        };
        let action = stored(
            "action",
            r#"{"kind":"action","turn":2,"action":{"x":1},"text":"a1-b2","seen":["a1-b2","a1-b2","a1-b2"],"client_id":"c"}"#,
        );
        let event = Event::from_stored(&action).unwrap();
        let Body::Change { entry, client_id, draws_chance, .. } = &event.body else { panic!("{event:?}") };
        assert_eq!(entry.change, Change::Act { seat: Seat(1), action: serde_json::json!({"x": 1}), by_default: false });
        assert_eq!((entry.turn, client_id.as_deref(), *draws_chance), (2, Some("c"), true));
        assert!(event.stales(Seat(0)) && event.stales(Seat(1)), "an old action made every seat's older choices stale");
        for (kind, payload, leave) in [
            ("resigned", r#"{"kind":"resigned"}"#, Leave::Resigned),
            ("withdrew", r#"{"kind":"withdrew","reason":"time ran out"}"#, Leave::TimeRanOut),
            ("withdrew", r#"{"kind":"withdrew","reason":"left the match"}"#, Leave::Abandoned),
        ] {
            let event = Event::from_stored(&stored(kind, payload)).unwrap();
            assert_eq!(event.body.entry().unwrap().change, Change::Leave { seat: Seat(1), leave });
        }
        assert!(Event::from_stored(&stored("x", r#"{"kind":"nonsense"}"#)).is_err());
    }
}
