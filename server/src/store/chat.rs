//! Table chat as stored: each line with its table and number, written
//! before anyone reads it, and the latest lines read back when a table
//! loads.

use super::{Store, StoreError, Term};
use protocol::{ChatChannel, ChatLine, PlayerInfo};
use sqlx::Row;

impl Store {
    /// Stores a line of chat (its number is its table's next), if its
    /// table's lease still has `term` (several nodes).
    pub async fn insert_chat(&self, table_id: &str, term: Option<Term>, line: &ChatLine) -> Result<(), StoreError> {
        let mut tx = self.begin_under(table_id, term).await?;
        sqlx::query(
            "INSERT INTO chat (table_id, n, channel, player_id, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(table_id.to_string())
        .bind(line.n as i64)
        .bind(line.channel.name())
        .bind(line.player.id.clone())
        .bind(line.text.clone())
        .bind(line.at as i64)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The last `count` lines of a table's chat, both channels, oldest
    /// first, each with its speaker as they are named now.
    pub async fn recent_chat(&self, table_id: &str, count: usize) -> Result<Vec<ChatLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.n, c.channel, c.text, c.created_at, p.id AS player_id, p.name, p.username, p.bot \
             FROM chat c JOIN players p ON p.id = c.player_id WHERE c.table_id = $1 ORDER BY c.n DESC LIMIT $2",
        )
        .bind(table_id.to_string())
        .bind(count as i64)
        .fetch_all(self.pool())
        .await?;
        let mut lines = rows
            .iter()
            .map(|row| {
                let channel: String = row.try_get("channel")?;
                let username: Option<String> = row.try_get("username")?;
                Ok(ChatLine {
                    n: row.try_get::<i64, _>("n")? as u64,
                    at: row.try_get::<i64, _>("created_at")? as u64,
                    channel: ChatChannel::from_name(&channel)
                        .ok_or_else(|| StoreError::Corrupt(format!("chat channel {channel:?}")))?,
                    player: PlayerInfo {
                        id: row.try_get("player_id")?,
                        name: row.try_get("name")?,
                        registered: username.is_some(),
                        bot: row.try_get("bot")?,
                    },
                    text: row.try_get("text")?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        lines.reverse();
        Ok(lines)
    }
}
