//! Players and their sessions.

use super::{Store, StoreError};
use crate::epoch::now_ms;
use sqlx::Row;
use sqlx::any::AnyRow;

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
        protocol::PlayerInfo { id: self.id.clone(), name: self.name.clone(), registered: self.username.is_some() }
    }
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

    /// The player a session token (its hash) belongs to.
    pub async fn player_by_session(&self, token_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.name, p.username, p.password_hash FROM sessions s JOIN players p ON p.id = s.player_id \
             WHERE s.token_hash = $1",
        )
        .bind(token_hash.to_string())
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(PlayerRow::read).transpose()?)
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
            "SELECT COUNT(*) AS n FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.player_id = $1 AND t.phase = 'live'",
        )
        .bind(player_id.to_string())
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
             AND table_id IN (SELECT id FROM tables WHERE phase IN ('finished', 'aborted'))",
        )
        .bind(to.to_string())
        .bind(from.to_string())
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE tables SET host_id = $1 WHERE host_id = $2 AND phase IN ('finished', 'aborted')")
            .bind(to.to_string())
            .bind(from.to_string())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
