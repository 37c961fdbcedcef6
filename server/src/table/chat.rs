//! Table chat: who may say what, and who reads it. Players talk among
//! themselves and spectators among themselves (unless the host keeps them
//! quiet), so that nobody watching can advise a player. Each line is
//! limited in length and in rate, stored before anyone reads it, and sent
//! only to its channel. A table keeps its latest lines for snapshots; all
//! of them stay in the database with the match.

use super::actor::Table;
use crate::epoch::now_ms;
use crate::rate_limit::PerKey;
use protocol::{CHAT_MAX_CHARS, ChatChannel, ChatLine, ErrorCode, PlayerInfo, ServerMessage};
use std::collections::VecDeque;
use std::time::Duration;
use unicode_normalization::UnicodeNormalization;

/// Lines a player may say at once, before the rate below holds them back.
const BURST: u32 = 5;
/// Then one line per this long.
const EVERY: Duration = Duration::from_secs(2);

/// Why a line is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChatError {
    /// Nothing but spaces.
    #[error("say something first")]
    Empty,
    /// Longer than the limit.
    #[error("a line of chat is at most {CHAT_MAX_CHARS} characters")]
    TooLong,
    /// A control character (a line break, a tab, an escape).
    #[error("a line of chat may not hold control characters")]
    Control,
    /// A character that reorders the text around it.
    #[error("a line of chat may not hold direction-changing characters")]
    Direction,
}

/// The text to store for `raw`: normalized to NFC and trimmed, or why not.
pub fn chat_text(raw: &str) -> Result<String, ChatError> {
    let text: String = raw.nfc().collect();
    let text = text.trim();
    if text.is_empty() {
        return Err(ChatError::Empty);
    }
    if text.chars().count() > CHAT_MAX_CHARS {
        return Err(ChatError::TooLong);
    }
    if text.chars().any(char::is_control) {
        return Err(ChatError::Control);
    }
    // Embeddings, overrides and isolates (a line could otherwise make the
    // name beside it, or the next line, read backwards).
    if text.chars().any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')) {
        return Err(ChatError::Direction);
    }
    Ok(text.to_string())
}

/// A table's chat: its latest lines, and each player's allowance.
pub(super) struct Chat {
    /// The latest lines of both channels, oldest first.
    recent: VecDeque<ChatLine>,
    /// The number of the last line said at the table.
    last: u64,
    /// Each player's allowance, by player id.
    allowance: PerKey<String>,
}

impl Chat {
    /// Lines a table keeps in memory, both channels together.
    pub(super) const KEPT: usize = 60;

    /// A chat that has said `recent` (oldest first) so far.
    pub(super) fn new(recent: Vec<ChatLine>) -> Chat {
        Chat {
            last: recent.last().map_or(0, |line| line.n),
            recent: recent.into(),
            allowance: PerKey::with_burst(BURST, EVERY),
        }
    }

    /// The latest lines `channel` reads, oldest first.
    pub(super) fn read_by(&self, channel: ChatChannel) -> Vec<ChatLine> {
        self.recent.iter().filter(|line| line.channel == channel).cloned().collect()
    }

    fn keep(&mut self, line: ChatLine) {
        self.last = line.n;
        self.recent.push_back(line);
        while self.recent.len() > Chat::KEPT {
            self.recent.pop_front();
        }
    }
}

impl Table {
    /// Which channel `player` talks and reads in: the players' if they hold
    /// a seat, else the spectators'.
    pub(super) fn channel_of(&self, player: &PlayerInfo) -> ChatChannel {
        if self.seats_of(player).is_empty() { ChatChannel::Spectators } else { ChatChannel::Players }
    }

    /// `player` says `text`: checked, stored, then sent to the channel's readers.
    pub(super) async fn say(&mut self, player: &PlayerInfo, text: &str) -> Result<(), (ErrorCode, String)> {
        let text = chat_text(text).map_err(|e| (ErrorCode::BadRequest, e.to_string()))?;
        let channel = self.channel_of(player);
        if channel == ChatChannel::Spectators && self.setup.quiet_spectators {
            return Err((ErrorCode::Forbidden, "the host has spectators watch in silence at this table".into()));
        }
        if !self.chat.allowance.allow(&player.id) {
            return Err((ErrorCode::RateLimited, "you are talking too fast: wait a moment".into()));
        }
        let line = ChatLine { n: self.chat.last + 1, at: now_ms(), channel, player: player.clone(), text };
        self.ctx.store.insert_chat(&self.id, self.term, &line).await.map_err(|e| {
            self.refused_by_store(e, "store a line of chat", "the line could not be stored; say it again")
        })?;
        self.chat.keep(line.clone());
        let message = super::serialize(&ServerMessage::Chat { table: self.id.clone(), line });
        let channels: Vec<_> = self.followers.iter().map(|f| self.channel_of(&f.player)).collect();
        self.send_each(|i| (channels[i] == channel).then(|| vec![message.clone()]));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_and_normalized_and_refused_when_it_could_mislead() {
        assert_eq!(chat_text("  good luck!  "), Ok("good luck!".to_string()));
        assert_eq!(chat_text("cafe\u{301}"), Ok("caf\u{e9}".to_string()), "one form for one text");
        assert_eq!(chat_text("   "), Err(ChatError::Empty));
        assert_eq!(chat_text(&"x".repeat(CHAT_MAX_CHARS)).map(|t| t.len()), Ok(CHAT_MAX_CHARS));
        assert_eq!(chat_text(&"x".repeat(CHAT_MAX_CHARS + 1)), Err(ChatError::TooLong));
        assert_eq!(chat_text("gg\nwp"), Err(ChatError::Control));
        assert_eq!(chat_text("gg \u{202E}pw"), Err(ChatError::Direction));
        assert_eq!(chat_text("<b>markup</b> is text"), Ok("<b>markup</b> is text".to_string()));
        assert_eq!(chat_text("👨\u{200D}👩\u{200D}👧 family"), Ok("👨\u{200D}👩\u{200D}👧 family".to_string()));
    }
}
