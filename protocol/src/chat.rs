//! Table chat on the wire: who said what, and in which channel. Players
//! talk among themselves and spectators among themselves, so that nobody
//! watching can advise a player and no player reads the onlookers.

use crate::table::PlayerInfo;
use serde::{Deserialize, Serialize};

/// The longest line, in characters (Unicode scalar values).
pub const CHAT_MAX_CHARS: usize = 280;

/// Whether a count of people is zero (then left out of a message).
pub(crate) fn nobody(count: &u32) -> bool {
    *count == 0
}

/// Who reads a line: those seated at the table, or those watching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The players, whatever seats they hold.
    Players,
    /// The spectators (people following the table without a seat).
    Spectators,
}

impl ChatChannel {
    /// Its name on the wire and in the store.
    pub fn name(self) -> &'static str {
        match self {
            ChatChannel::Players => "players",
            ChatChannel::Spectators => "spectators",
        }
    }

    /// The channel of a stored name.
    pub fn from_name(name: &str) -> Option<ChatChannel> {
        match name {
            "players" => Some(ChatChannel::Players),
            "spectators" => Some(ChatChannel::Spectators),
            _ => None,
        }
    }
}

/// One line of chat. Its text is the player's own words: clients show it
/// as text, never as markup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number at the table: 1, 2, 3, … across both channels.
    pub n: u64,
    /// When it was said (milliseconds since the epoch).
    pub at: u64,
    /// Who reads it.
    pub channel: ChatChannel,
    /// Who said it.
    pub player: PlayerInfo,
    /// What was said.
    pub text: String,
}
