//! What the play loop reads of a server message: its type and the few
//! fields it acts on. Parsing whole [`protocol::ServerMessage`]s (views,
//! notation, clocks) through serde's tagged-enum buffering took more of the
//! generator's CPU than the server spent on the same messages, and the
//! generator shares the machine it measures.

use protocol::Phase;
use serde::Deserialize;
use serde_json::value::RawValue;

/// A server message, as far as the play loop cares.
#[derive(Deserialize)]
pub struct Heard {
    /// The message type (`acted`, `event`, `error`, …).
    #[serde(rename = "type")]
    pub kind: String,
    /// `acted`: the client's action id.
    pub id: Option<String>,
    /// `acted`: the action's event number.
    pub seq: Option<u64>,
    /// `event`: the event.
    pub event: Option<EventSeq>,
    /// `event`: the state after it.
    pub state: Option<State>,
    /// `legal`: a part of the legal actions of the state at `seq`, too
    /// many for that state's frame.
    pub legal: Option<Vec<SeatActions>>,
    /// `error`: its code.
    pub code: Option<String>,
    /// `error`: its text.
    pub message: Option<String>,
}

/// An event's number.
#[derive(Deserialize)]
pub struct EventSeq {
    pub seq: u64,
}

/// A state update: its number, phase and legal actions.
#[derive(Deserialize)]
pub struct State {
    pub seq: u64,
    pub phase: Phase,
    pub legal: Vec<SeatActions>,
}

/// One seat's legal actions, each kept as the JSON to send back.
#[derive(Deserialize)]
pub struct SeatActions {
    pub actions: Vec<Action>,
}

/// A legal action's JSON form.
#[derive(Deserialize)]
pub struct Action {
    pub action: Box<RawValue>,
}
