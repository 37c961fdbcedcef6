//! Players and their sessions.

use super::{Store, StoreError};
use crate::epoch::now_ms;
use protocol::Phase;
use sqlx::Row;
use sqlx::any::AnyRow;

/// How often a session's last use is written down: once a day.
const SESSION_USE_NOTED_EVERY_MS: u64 = 24 * 3600 * 1000;

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Stable id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Login name, for registered players.
    pub username: Option<String>,
    /// Argon2 hash of the password, for registered players.
    pub password_hash: Option<String>,
}

impl PlayerRow {
    fn read(row: &AnyRow) -> Result<PlayerRow, sqlx::Error> {
        Ok(PlayerRow {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            username: row.try_get("username")?,
            password_hash: row.try_get("password_hash")?,
        })
    }

    /// The player as the protocol shows it.
    pub fn info(&self) -> protocol::PlayerInfo {
        // A session is always a person's: bots have none.
        let registered = self.username.is_some();
        protocol::PlayerInfo { id: self.id.clone(), name: self.name.clone(), registered, bot: None }
    }
}

/// The player id a bot plays as.
pub fn bot_player_id(bot: &str) -> String {
    format!("bot:{bot}")
}

impl Store {
    /// Creates a guest player.
    pub async fn create_player(&self, id: &str, name: &str) -> Result<PlayerRow, StoreError> {
        sqlx::query("INSERT INTO players (id, name, created_at) VALUES ($1, $2, $3)")
            .bind(id.to_string())
            .bind(name.to_string())
            .bind(now_ms() as i64)
            .execute(self.pool())
            .await?;
        Ok(PlayerRow { id: id.to_string(), name: name.to_string(), username: None, password_hash: None })
    }

    /// The player `bot` plays as, created the first time it is needed.
    pub async fn bot_player(&self, bot: &dyn rules::bot::Bot) -> Result<protocol::PlayerInfo, StoreError> {
        let id = bot_player_id(bot.name());
        sqlx::query(
            "INSERT INTO players (id, name, bot, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id.clone())
        .bind(bot.display_name().to_string())
        .bind(bot.name().to_string())
        .bind(now_ms() as i64)
        .execute(self.pool())
        .await?;
        let name = bot.display_name().to_string();
        Ok(protocol::PlayerInfo { id, name, registered: false, bot: Some(bot.name().to_string()) })
    }

    /// Records a session token (its hash) for a player.
    pub async fn add_session(&self, token_hash: &str, player_id: &str) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)")
            .bind(token_hash.to_string())
            .bind(player_id.to_string())
            .bind(now_ms() as i64)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The player a session token (its hash) belongs to. The session's last
    /// use is noted, at most once a day (a write on every request would cost
    /// more than it tells).
    pub async fn player_by_session(&self, token_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.name, p.username, p.password_hash, COALESCE(s.last_used_at, s.created_at) AS used \
             FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1",
        )
        .bind(token_hash.to_string())
        .fetch_optional(self.pool())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let now = now_ms();
        let used = row.try_get::<i64, _>("used")? as u64;
        if now.saturating_sub(used) >= SESSION_USE_NOTED_EVERY_MS {
            sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE token_hash = $2")
                .bind(now as i64)
                .bind(token_hash.to_string())
                .execute(self.pool())
                .await?;
        }
        Ok(Some(PlayerRow::read(&row)?))
    }

    /// Ends the sessions of guests (players without a username) unused since
    /// `before` (ms since the epoch); returns how many.
    pub async fn expire_guest_sessions(&self, before: u64) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "DELETE FROM sessions WHERE COALESCE(last_used_at, created_at) < $1 \
             AND player_id IN (SELECT id FROM players WHERE username IS NULL)",
        )
        .bind(before as i64)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }

    /// A player by id.
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query("SELECT id, name, username, password_hash FROM players WHERE id = $1")
            .bind(id.to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(PlayerRow::read).transpose()?)
    }

    /// A registered player by login name.
    pub async fn player_by_username(&self, username: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query("SELECT id, name, username, password_hash FROM players WHERE username = $1")
            .bind(username.to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(PlayerRow::read).transpose()?)
    }

    /// Ends a session.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash.to_string())
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Changes a player's display name.
    pub async fn rename(&self, id: &str, name: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET name = $1 WHERE id = $2")
            .bind(name.to_string())
            .bind(id.to_string())
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Turns a guest into a registered player. Returns false if the username is taken.
    pub async fn register(&self, id: &str, username: &str, password_hash: &str) -> Result<bool, StoreError> {
        let result =
            sqlx::query("UPDATE players SET username = $1, password_hash = $2 WHERE id = $3 AND username IS NULL")
                .bind(username.to_string())
                .bind(password_hash.to_string())
                .bind(id.to_string())
                .execute(self.pool())
                .await;
        match result {
            Ok(done) => Ok(done.rows_affected() == 1),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// How many matches being played a player sits in.
    pub async fn live_seats(&self, player_id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(DISTINCT s.table_id) AS n FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.player_id = $1 AND t.phase = $2",
        )
        .bind(player_id.to_string())
        .bind(Phase::Live.name())
        .fetch_one(self.pool())
        .await?;
        Ok(row.try_get::<i64, _>("n")?)
    }

    /// Moves a guest's finished matches to another player (on login). Lobbies
    /// and live matches stay with the guest: their tables know players by id.
    pub async fn move_matches(&self, from: &str, to: &str) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "UPDATE seats SET player_id = $1 WHERE player_id = $2 \
             AND table_id IN (SELECT id FROM tables WHERE phase IN ($3, $4))",
        )
        .bind(to.to_string())
        .bind(from.to_string())
        .bind(Phase::Finished.name())
        .bind(Phase::Aborted.name())
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE tables SET host_id = $1 WHERE host_id = $2 AND phase IN ($3, $4)")
            .bind(to.to_string())
            .bind(from.to_string())
            .bind(Phase::Finished.name())
            .bind(Phase::Aborted.name())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
