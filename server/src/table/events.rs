//! The numbered events of a table as the server keeps them: complete, with
//! what each viewer may see of an action worked out when it was played.
//! [`Event::view_for`] turns one into what a given viewer receives.

use crate::store::StoredEvent;
use protocol::{EventDetail, EventView, MatchResult, PlayerInfo};
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
    pub seat: Option<u8>,
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
    /// An action.
    Action {
        /// The turn it belongs to.
        turn: u32,
        /// Its JSON form.
        action: Value,
        /// Its full notation.
        text: String,
        /// What each seat (by index) and, last, a spectator may see of it.
        seen: Vec<Option<String>>,
        /// The notation of its whole turn so far.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_text: Option<String>,
        /// What each viewer may see of the turn so far (as `seen`).
        #[serde(default)]
        turn_seen: Vec<Option<String>>,
        /// The client's action id.
        client_id: String,
        /// Clocks right after it, for timed matches.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<u64>>,
    },
    /// A draw offer.
    DrawOffered,
    /// A declined draw offer.
    DrawDeclined,
    /// A resignation that ends the match.
    Resigned,
    /// A seat left for good; the match goes on.
    Withdrew {
        /// Why.
        reason: String,
    },
    /// The end.
    Ended {
        /// The result.
        result: MatchResult,
        /// The seed, revealed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
    },
}

impl Body {
    /// The `kind` column value.
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Started { .. } => "started",
            Body::Action { .. } => "action",
            Body::DrawOffered => "draw_offered",
            Body::DrawDeclined => "draw_declined",
            Body::Resigned => "resigned",
            Body::Withdrew { .. } => "withdrew",
            Body::Ended { .. } => "ended",
        }
    }
}

/// Whom an event is shown to: a seat, or anyone else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The player in this seat.
    Seat(u8),
    /// Spectators (and everyone, once the match is over).
    Spectator,
}

impl Event {
    /// The event as stored.
    pub fn to_stored(&self, table_id: &str) -> StoredEvent {
        let client_id = match &self.body {
            Body::Action { client_id, .. } => Some(client_id.clone()),
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

    /// An event read back from the store.
    pub fn from_stored(stored: &StoredEvent) -> Result<Event, String> {
        let body: Body = serde_json::from_str(&stored.payload).map_err(|e| format!("event {}: {e}", stored.seq))?;
        Ok(Event { seq: stored.seq, at: stored.created_at, seat: stored.seat, body })
    }

    /// What `audience` may see of the event; `revealed` once the match is
    /// over (then everyone sees everything).
    pub fn view_for(&self, audience: Audience, revealed: bool) -> EventView {
        let detail = match &self.body {
            Body::Started { seed_commitment, players, .. } => {
                EventDetail::Started { seed_commitment: seed_commitment.clone(), players: players.clone() }
            }
            Body::Action { turn, text, seen, turn_text, turn_seen, .. } => {
                let index = match audience {
                    Audience::Seat(s) => s as usize,
                    Audience::Spectator => seen.len().saturating_sub(1),
                };
                let (visible, whole) = if revealed {
                    (Some(text.clone()), turn_text.clone())
                } else {
                    (seen.get(index).cloned().flatten(), turn_seen.get(index).cloned().flatten())
                };
                EventDetail::Action { turn: *turn, hidden: visible.is_none(), text: visible, turn_text: whole }
            }
            Body::DrawOffered => EventDetail::DrawOffered,
            Body::DrawDeclined => EventDetail::DrawDeclined,
            Body::Resigned => EventDetail::Resigned,
            Body::Withdrew { reason } => EventDetail::Withdrew { reason: reason.clone() },
            Body::Ended { result, seed } => EventDetail::Ended { result: result.clone(), seed: seed.clone() },
        };
        EventView { seq: self.seq, at: self.at, seat: self.seat, detail }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_action_shows_only_its_number_until_the_match_is_over() {
        let event = Event {
            seq: 7,
            at: 1,
            seat: Some(0),
            body: Body::Action {
                turn: 0,
                action: Value::Null,
                text: "secret set-up".into(),
                seen: vec![Some("secret set-up".into()), None, None],
                turn_text: Some("secret set-up".into()),
                turn_seen: vec![Some("secret set-up".into()), None, None],
                client_id: "a".into(),
                clocks: None,
            },
        };
        let other = event.view_for(Audience::Seat(1), false);
        assert_eq!(other.detail, EventDetail::Action { turn: 0, text: None, hidden: true, turn_text: None });
        assert_eq!(other.seq, 7);
        let spectator = serde_json::to_string(&event.view_for(Audience::Spectator, false)).unwrap();
        assert!(!spectator.contains("secret"), "{spectator}");
        let after = event.view_for(Audience::Spectator, true);
        assert_eq!(
            after.detail,
            EventDetail::Action {
                turn: 0,
                text: Some("secret set-up".into()),
                hidden: false,
                turn_text: Some("secret set-up".into())
            }
        );
        let back = Event::from_stored(&event.to_stored("t")).unwrap();
        assert_eq!(back, event);
    }
}
