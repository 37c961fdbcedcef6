//! Messages from the browser to the server.

use crate::{ErrorCode, TableId};
use rules::Seat;

/// Why a client's text is not a message.
#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    /// Not JSON at all.
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    /// JSON, but no message of this protocol.
    #[error("not a message of this protocol: {0}")]
    NotAMessage(serde_json::Error),
}

impl ParseError {
    /// The code the client is told.
    pub fn code(&self) -> ErrorCode {
        match self {
            ParseError::NotJson(_) => ErrorCode::BadJson,
            ParseError::NotAMessage(_) => ErrorCode::UnknownMessage,
        }
    }
}
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A chess-style clock: a starting time and a time added after each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Time each seat starts with, in milliseconds.
    pub initial_ms: u64,
    /// Time added to a seat's clock when it completes a turn, in milliseconds.
    pub increment_ms: u64,
    /// A time of its own for a secret set-up (a simultaneous decision, such
    /// as Tactique's), in milliseconds: each seat's set-up clock runs
    /// instead of its main clock, and when it runs out the rules complete
    /// the seat's set-up for it (Tactique: the rest at random, then ready).
    /// Without it a set-up runs on the main clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_ms: Option<u64>,
}

/// What a host chooses when creating a lobby.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbySettings {
    /// The game id.
    pub game: String,
    /// The game's options (`{}` or absent for the standard game).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub options: Value,
    /// The number of seats; must agree with the options when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<u8>,
    /// Listed publicly (otherwise reachable only by the invite link).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// A clock, or none for untimed play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// In a game of three or more seats, the bot (by name) that takes over
    /// the seat of a player who goes away past the grace period; without
    /// it, the others may have that seat leave the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeover: Option<String>,
    /// A match against the computer, started at once: no lobby to fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<AgainstComputer>,
    /// Seat the host as the lobby is created; without it the host takes a
    /// seat like anyone. Not with `computer`, which seats the host itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_seat: Option<HostSeat>,
    /// Start the match as soon as every seat is taken (by at least two
    /// players), rather than when the host says so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auto_start: bool,
    /// Spectators may not chat among themselves (players always may).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quiet_spectators: bool,
}

/// The seat the host takes on creating a lobby.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostSeat {
    /// The seat; a random one when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
}

/// Playing against the computer: the host takes one seat, a bot every
/// other, and the match starts as soon as it is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgainstComputer {
    /// The bot on the other seats, by name (`GET /api/bots` lists them).
    pub bot: String,
    /// The host's seat; a random one when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
}

/// Every message a client may send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol version, and optionally the session
    /// token (browsers send it as a cookie instead).
    Hello {
        /// Must be [`crate::PROTOCOL_VERSION`].
        protocol: u32,
        /// The session token from `POST /api/session`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// Asks for a `pong`, to measure latency and the server's clock.
    Ping {
        /// Echoed back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        t: Option<u64>,
    },
    /// Receive the list of public lobbies now and whenever it changes.
    WatchLobbies,
    /// Stop receiving the list.
    UnwatchLobbies,
    /// Create a lobby; the creator becomes its host and joins it.
    CreateLobby(LobbySettings),
    /// Follow a table by id (public tables, or one's own) or by invite code.
    /// With `last_seq`, only the events after it are sent (when possible).
    Join {
        /// The table id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableId>,
        /// The invite code.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
        /// The last event number the client has seen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_seq: Option<u64>,
    },
    /// Stop following a table.
    Leave {
        /// The table.
        table: TableId,
    },
    /// Sit down in the lobby.
    TakeSeat {
        /// The table.
        table: TableId,
        /// The seat, from 0.
        seat: Seat,
    },
    /// Put a bot on an empty seat in the lobby (the host only). `bot` names
    /// one of the server's bots (`"random"`).
    SeatBot {
        /// The table.
        table: TableId,
        /// The seat, from 0.
        seat: Seat,
        /// The bot.
        bot: String,
    },
    /// Stand up in the lobby.
    LeaveSeat {
        /// The table.
        table: TableId,
        /// The seat to leave; without it, every seat the player holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// The host sets the seat order: seat `i` goes to whoever holds seat
    /// `order[i]` now (a permutation of every seat).
    ArrangeSeats {
        /// The table.
        table: TableId,
        /// The old seat of each new seat.
        order: Vec<Seat>,
    },
    /// The host removes whoever sits in a seat.
    RemovePlayer {
        /// The table.
        table: TableId,
        /// The seat.
        seat: Seat,
    },
    /// The host starts the match (every seat must be taken).
    Start {
        /// The table.
        table: TableId,
        /// Shuffle who sits where first, at random.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shuffle_seats: bool,
    },
    /// Play an action.
    Act {
        /// The table.
        table: TableId,
        /// A client-chosen id; resending the same id applies the action once.
        id: String,
        /// The seat it acts for (each legal action names its seat). Needed
        /// only by a player holding several seats; otherwise their seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        /// The last event number the client saw. If given, the action is
        /// refused as stale when a later event changed what this seat could
        /// see (another seat's part of a simultaneous decision or answer in
        /// a response window does not).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
        /// The action's JSON form, as listed in the legal actions.
        action: Value,
    },
    /// Resign the match (the rules decide what follows: in a game of two
    /// seats the other wins, in larger games play goes on without the seat).
    Resign {
        /// The table.
        table: TableId,
        /// The seat that resigns; without it, every seat the player holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// Offer a draw, or agree to the open offer; the match is drawn when
    /// every seat still playing has agreed.
    OfferDraw {
        /// The table.
        table: TableId,
    },
    /// Agree to the open draw offer.
    AcceptDraw {
        /// The table.
        table: TableId,
    },
    /// Decline the open draw offer.
    DeclineDraw {
        /// The table.
        table: TableId,
    },
    /// Abort the match before its first action.
    Abort {
        /// The table.
        table: TableId,
    },
    /// Claim the match when every other seat still playing is away and its
    /// grace period to reconnect is over: those seats leave it, and the
    /// rules decide the result.
    ClaimVictory {
        /// The table.
        table: TableId,
    },
    /// After the match: open a new lobby for the same players.
    Rematch {
        /// The finished table.
        table: TableId,
    },
    /// Say something at the table: a player to the players, a spectator to
    /// the spectators (see [`crate::ChatChannel`]).
    Chat {
        /// The table.
        table: TableId,
        /// The line: 1 to [`crate::CHAT_MAX_CHARS`] characters.
        text: String,
    },
}

impl ClientMessage {
    /// Reads a message as the server receives it.
    pub fn parse(text: &str) -> Result<ClientMessage, ParseError> {
        // In one pass; only a refused text is read again, to tell which.
        serde_json::from_str(text).map_err(|error| match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Ok(_) => ParseError::NotAMessage(error),
            Err(not_json) => ParseError::NotJson(not_json),
        })
    }

    /// The table a message concerns, if any.
    pub fn table(&self) -> Option<&TableId> {
        match self {
            ClientMessage::Leave { table }
            | ClientMessage::TakeSeat { table, .. }
            | ClientMessage::SeatBot { table, .. }
            | ClientMessage::LeaveSeat { table, .. }
            | ClientMessage::ArrangeSeats { table, .. }
            | ClientMessage::RemovePlayer { table, .. }
            | ClientMessage::Start { table, .. }
            | ClientMessage::Act { table, .. }
            | ClientMessage::Resign { table, .. }
            | ClientMessage::OfferDraw { table }
            | ClientMessage::AcceptDraw { table }
            | ClientMessage::DeclineDraw { table }
            | ClientMessage::Abort { table }
            | ClientMessage::ClaimVictory { table }
            | ClientMessage::Rematch { table }
            | ClientMessage::Chat { table, .. } => Some(table),
            ClientMessage::Join { table, .. } => table.as_ref(),
            _ => None,
        }
    }
}
