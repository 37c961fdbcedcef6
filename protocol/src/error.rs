//! The one list of error codes a client can receive.

use serde::{Deserialize, Serialize};

/// Why the server refused a message. Sent in [`crate::ServerMessage::Error`]
/// and in the `error` field of HTTP error bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The text was not JSON.
    BadJson,
    /// JSON, but not a message of this protocol.
    UnknownMessage,
    /// A message over the size limit.
    FrameTooLarge,
    /// Too many messages; slow down.
    RateLimited,
    /// No valid identity: missing or wrong token, or no `hello` yet.
    Unauthorized,
    /// The client speaks another protocol version.
    ProtocolMismatch,
    /// No such table, or not one this client may see.
    NoSuchTable,
    /// The client may not do this (not the host, not a participant).
    Forbidden,
    /// The seat does not exist.
    NoSuchSeat,
    /// Someone sits there already.
    SeatTaken,
    /// The player already has a seat at this table.
    AlreadySeated,
    /// The player has no seat at this table.
    NotSeated,
    /// The lobby phase is over (or not reached).
    NotInLobby,
    /// A seat is still empty.
    LobbyNotFull,
    /// The match is not being played (not started, or over).
    MatchNotLive,
    /// It is not this seat's turn.
    NotYourTurn,
    /// A well-formed action the rules do not allow now.
    IllegalAction,
    /// An action whose JSON form the game cannot read.
    BadAction,
    /// Something this seat could see changed after the client's event number.
    StaleSequence,
    /// No draw offer is open (or the seat has already agreed).
    NoDrawOffer,
    /// Too late: the first action has been played.
    TooLate,
    /// Another seat is present, or its grace period is not over.
    NotAbsent,
    /// Options the game does not accept.
    InvalidOptions,
    /// No game of that id.
    UnknownGame,
    /// Credentials that do not match.
    BadCredentials,
    /// The request conflicts with the current state (a username taken,
    /// logging in during a guest's live match).
    Conflict,
    /// A per-connection or per-address limit was reached.
    LimitReached,
    /// No such HTTP resource.
    NotFound,
    /// The HTTP method is not allowed here.
    MethodNotAllowed,
    /// Any other input error in an HTTP request.
    BadRequest,
    /// The server failed; the request may be retried.
    Internal,
    /// A fault in the server stopped the table; its match is stored as failed.
    TableFailed,
    /// The server is full; try again soon.
    Unavailable,
    /// The match cannot be restored by this server (its rules version is
    /// unknown here, or its events do not replay); it stays stored as it was.
    Unrestorable,
}

impl ErrorCode {
    /// The HTTP status that goes with the code.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::Unauthorized => 401,
            ErrorCode::Forbidden | ErrorCode::BadCredentials => 403,
            ErrorCode::NoSuchTable | ErrorCode::NotFound => 404,
            ErrorCode::MethodNotAllowed => 405,
            ErrorCode::RateLimited | ErrorCode::LimitReached => 429,
            ErrorCode::Internal | ErrorCode::TableFailed => 500,
            ErrorCode::Unavailable | ErrorCode::Unrestorable => 503,
            ErrorCode::SeatTaken | ErrorCode::AlreadySeated | ErrorCode::StaleSequence | ErrorCode::Conflict => 409,
            _ => 400,
        }
    }
}
