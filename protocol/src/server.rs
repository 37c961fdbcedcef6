//! Messages from the server to the browser.

use crate::legal::SeatMoves;
use crate::table::{Clocks, EventView, LobbySummary, MatchResult, Phase, PlayerInfo, SeatPresence, TableSnapshot};
use crate::{ChatLine, ErrorCode, TableId};
use rules::{Seat, View};
use serde::{Deserialize, Serialize};

/// An error, sent only to the client that caused it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// What kind of error.
    pub code: ErrorCode,
    /// Details for people.
    pub message: String,
    /// The table concerned, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableId>,
    /// The id of the refused action, for `act`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// For `rate_limited`: how many messages were dropped since the last
    /// such error (one is sent at most once a second, however many).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped: Option<u32>,
}

/// A viewer's state after an event or a catch-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateUpdate {
    /// The table.
    pub table: TableId,
    /// The number of the last event.
    pub seq: u64,
    /// Where the table is in its life.
    pub phase: Phase,
    /// The viewer's view.
    pub view: View,
    /// The viewer's legal actions, when they fit this frame.
    pub legal: Vec<SeatMoves>,
    /// How many `legal` frames follow with the rest of the legal actions.
    #[serde(default, skip_serializing_if = "crate::legal::is_zero")]
    pub legal_follows: usize,
    /// Those frames' lists, sent after this one (see [`crate::legal::frame`]).
    #[serde(skip)]
    pub legal_parts: Vec<Vec<SeatMoves>>,
    /// Clocks, for a timed match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// The seats that offered or accepted a draw, while an offer is open.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw_offers: Vec<Seat>,
    /// When the open response window closes at the latest (milliseconds
    /// since the epoch): every seat it asks gives its default answer then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_until: Option<u64>,
    /// The seed, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The result, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<MatchResult>,
}

/// Every message the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The server's protocol version.
        protocol: u32,
        /// Who the client is; absent for a visitor (no session), who may
        /// watch but must get a session before playing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you: Option<PlayerInfo>,
        /// The server's clock (milliseconds since the epoch).
        server_time: u64,
        /// The address players reach the server at (`--public-url`), if the
        /// operator set one: invite links are built on it, not on the
        /// address this page was opened at (which may be 127.0.0.1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        public_url: Option<String>,
    },
    /// The answer to `ping`.
    Pong {
        /// The client's value, echoed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        t: Option<u64>,
        /// The server's clock.
        server_time: u64,
    },
    /// A refusal.
    Error(ErrorMessage),
    /// The public lobbies, whenever they change (to watchers).
    Lobbies {
        /// Open public lobbies, newest first.
        lobbies: Vec<LobbySummary>,
    },
    /// The whole table as the viewer may see it: after `join`, when the
    /// viewer's catch-up would be too long, and when the lobby changes.
    Snapshot(Box<TableSnapshot>),
    /// Legal actions of the state just sent that did not fit its frame: a
    /// part of the list, to be added to the state's `legal`.
    Legal {
        /// The table.
        table: TableId,
        /// The event the state is at.
        seq: u64,
        /// A part of the list.
        legal: Vec<SeatMoves>,
    },
    /// One new numbered event, and the viewer's state after it.
    Event {
        /// The event as the viewer may see it.
        event: EventView,
        /// The state after it.
        state: Box<StateUpdate>,
    },
    /// Catch-up after a reconnect: the events after the client's `last_seq`,
    /// then its current state.
    CatchUp {
        /// The missed events, in order.
        events: Vec<EventView>,
        /// The state after them.
        state: Box<StateUpdate>,
    },
    /// The client's action was stored and applied as event `seq` (chance it
    /// set off follows in the next events).
    Acted {
        /// The table.
        table: TableId,
        /// The client's action id.
        id: String,
        /// The event number of the action.
        seq: u64,
    },
    /// Who is connected to a live table.
    Presence {
        /// The table.
        table: TableId,
        /// Per seat.
        seats: Vec<SeatPresence>,
        /// How many people follow the table without a seat.
        #[serde(default, skip_serializing_if = "crate::chat::nobody")]
        spectators: u32,
    },
    /// A line of chat, sent to those who may read its channel.
    Chat {
        /// The table.
        table: TableId,
        /// The line.
        line: ChatLine,
    },
    /// A lobby was created for the client (`create_lobby` or `rematch`).
    Created {
        /// The new table.
        table: TableId,
        /// Its invite code.
        code: String,
    },
    /// Someone opened a rematch lobby after a match the client followed.
    RematchOffered {
        /// The finished table.
        table: TableId,
        /// The new lobby.
        rematch: TableId,
        /// Its invite code.
        code: String,
        /// Who offered it.
        by: PlayerInfo,
    },
}
