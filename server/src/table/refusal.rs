//! A request a table refuses: the protocol's error code and a message for
//! the client who sent it. Nothing about the table changes.

use protocol::ErrorCode;

/// A refusal: the code and a message for the client.
pub(super) type Refusal = (ErrorCode, String);

/// Refuses with `code` and `message`.
pub(super) fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err((code, message.into()))
}

/// Refuses what only a match being played allows.
pub(super) fn not_live<T>() -> Result<T, Refusal> {
    refuse(ErrorCode::MatchNotLive, "the match is not being played")
}
