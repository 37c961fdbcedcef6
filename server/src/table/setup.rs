//! What the host chose for a table when creating it: the game and its
//! options, the clock, who may see it. Fixed for the table's whole life,
//! its lobby, its match and after; a rematch copies it.

use protocol::TimeControl;
use rules::AnyGame;
use serde_json::Value;

/// A table's settings.
pub(super) struct Setup {
    /// The invite code.
    pub(super) code: String,
    /// The game, at the rules version the table was created with.
    pub(super) game: &'static dyn AnyGame,
    /// The game's options (`{}` for the standard game).
    pub(super) options: Value,
    /// Listed publicly, or reachable only by the invite link.
    pub(super) public: bool,
    /// The time control, if the match is timed.
    pub(super) clock: Option<TimeControl>,
    /// The bot that takes over the seat of a player who goes away (games
    /// of three or more seats).
    pub(super) takeover: Option<&'static dyn rules::bot::Bot>,
    /// The match starts as soon as every seat is taken.
    pub(super) auto_start: bool,
    /// Spectators may not chat.
    pub(super) quiet_spectators: bool,
    /// The finished table this lobby is the rematch of: only its players
    /// (and the host's bots) sit down here.
    pub(super) rematch_of: Option<String>,
    /// The host's player id.
    pub(super) host: String,
    /// When the table was created (milliseconds since the epoch).
    pub(super) created_at: u64,
}
