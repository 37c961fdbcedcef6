//! The browser↔server protocol of Tactica: every message of the WebSocket at
//! `/ws` and the JSON bodies of the HTTP API, as serde types. docs/protocol.md
//! describes each with an example.
//!
//! Messages are JSON objects tagged by `"type"`. A client first sends
//! [`ClientMessage::Hello`] with [`PROTOCOL_VERSION`]; the server answers
//! [`ServerMessage::Welcome`] or an error.

mod chat;
mod client;
mod error;
mod history;
pub mod legal;
mod server;
mod table;

pub use chat::{CHAT_MAX_CHARS, ChatChannel, ChatLine};
pub use client::{AgainstComputer, ClientMessage, HostSeat, LobbySettings, ParseError, TimeControl};
pub use error::ErrorCode;
pub use history::{EventPage, MatchDetail, MatchList, MatchSummary, Replay, ReplayStep, SeatSummary};
pub use legal::SeatMoves;
/// A seat, numbered from 0 in turn order: the rules crate's type, which goes on the wire as its number.
pub use rules::Seat;
pub use server::{ErrorMessage, ServerMessage, StateUpdate};
pub use table::{
    Clocks, EventDetail, EventView, LobbySummary, MatchResult, Phase, PlayerInfo, SeatPresence, SetupClocks,
    TableSnapshot, Termination,
};

/// The protocol version; a client speaking another is refused.
pub const PROTOCOL_VERSION: u32 = 7;

/// A table's identifier: a lobby and the match played at it.
pub type TableId = String;

/// A player's identifier.
pub type PlayerId = String;
