//! Tables (a lobby and its match), their seats, and loading them back.

use super::sql::Sql;
use super::{Store, StoreError, StoredEvent, Term};
use protocol::{Phase, TimeControl};
use rules::{Seat, SeatSet};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A table as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// Id.
    pub id: String,
    /// Invite code.
    pub code: String,
    /// Game id.
    pub game: String,
    /// Options, JSON.
    pub options: String,
    /// Number of seats.
    pub seat_count: u8,
    /// Listed publicly.
    pub public: bool,
    /// The clock.
    pub clock: Option<TimeControl>,
    /// The host's player id.
    pub host_id: String,
    /// Where the table is in its life.
    pub phase: Phase,
    /// The seed (hex), once started.
    pub seed: Option<String>,
    /// SHA-256 of the seed, once started.
    pub seed_commitment: Option<String>,
    /// The result (JSON), once over.
    pub result: Option<String>,
    /// Turns played, once over.
    pub turns: u32,
    /// The table this is a rematch of.
    pub rematch_of: Option<String>,
    /// Created (ms since the epoch).
    pub created_at: u64,
    /// Started.
    pub started_at: Option<u64>,
    /// Ended.
    pub ended_at: Option<u64>,
    /// The version of the game's rules it was created with, and is replayed by.
    pub rules_version: u32,
    /// Why it could not be restored, when it last could not be.
    pub restore_error: Option<String>,
    /// The bot that takes over the seat of a player who goes away, in a
    /// match of three or more seats.
    pub takeover: Option<String>,
    /// The match starts as soon as every seat is taken.
    pub auto_start: bool,
    /// Spectators may not chat.
    pub quiet_spectators: bool,
}

/// A seat as stored, with its player's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// The seat.
    pub seat: Seat,
    /// The player.
    pub player: protocol::PlayerInfo,
    /// The place, once over.
    pub place: Option<u8>,
}

pub(super) const TABLE_COLUMNS: &str = "id, code, game, options, seat_count, public, clock_initial_ms, \
    clock_increment_ms, host_id, phase, seed, seed_commitment, result, turns, rematch_of, created_at, started_at, ended_at, rules_version, restore_error, takeover, auto_start, quiet_spectators, clock_setup_ms";

impl TableRow {
    pub(super) fn read(row: &AnyRow) -> Result<TableRow, sqlx::Error> {
        let initial: Option<i64> = row.try_get("clock_initial_ms")?;
        let increment: Option<i64> = row.try_get("clock_increment_ms")?;
        let setup: Option<i64> = row.try_get("clock_setup_ms")?;
        Ok(TableRow {
            id: row.try_get("id")?,
            code: row.try_get("code")?,
            game: row.try_get("game")?,
            options: row.try_get("options")?,
            seat_count: row.try_get::<i64, _>("seat_count")? as u8,
            public: row.try_get::<i64, _>("public")? != 0,
            clock: initial.map(|i| TimeControl {
                initial_ms: i as u64,
                increment_ms: increment.unwrap_or(0) as u64,
                setup_ms: setup.map(|s| s as u64),
            }),
            host_id: row.try_get("host_id")?,
            phase: {
                let name: String = row.try_get("phase")?;
                Phase::named(&name).ok_or_else(|| sqlx::Error::Decode(format!("no phase {name:?}").into()))?
            },
            seed: row.try_get("seed")?,
            seed_commitment: row.try_get("seed_commitment")?,
            result: row.try_get("result")?,
            turns: row.try_get::<i64, _>("turns")? as u32,
            rematch_of: row.try_get("rematch_of")?,
            created_at: row.try_get::<i64, _>("created_at")? as u64,
            started_at: row.try_get::<Option<i64>, _>("started_at")?.map(|t| t as u64),
            ended_at: row.try_get::<Option<i64>, _>("ended_at")?.map(|t| t as u64),
            rules_version: row.try_get::<i64, _>("rules_version")? as u32,
            restore_error: row.try_get("restore_error")?,
            takeover: row.try_get("takeover")?,
            auto_start: row.try_get::<i64, _>("auto_start")? != 0,
            quiet_spectators: row.try_get::<i64, _>("quiet_spectators")? != 0,
        })
    }
}

pub(super) fn read_seat(row: &AnyRow) -> Result<SeatRow, sqlx::Error> {
    let username: Option<String> = row.try_get("username")?;
    Ok(SeatRow {
        seat: Seat(row.try_get::<i64, _>("seat")? as u8),
        player: protocol::PlayerInfo {
            id: row.try_get("player_id")?,
            name: row.try_get("name")?,
            registered: username.is_some(),
            bot: row.try_get("bot")?,
        },
        place: row.try_get::<Option<i64>, _>("place")?.map(|p| p as u8),
    })
}

fn read_event(row: &AnyRow) -> Result<StoredEvent, sqlx::Error> {
    Ok(StoredEvent {
        table_id: row.try_get("table_id")?,
        seq: row.try_get::<i64, _>("seq")? as u64,
        kind: row.try_get("kind")?,
        seat: row.try_get::<Option<i64>, _>("seat")?.map(|s| Seat(s as u8)),
        client_id: row.try_get("client_id")?,
        payload: row.try_get("payload")?,
        created_at: row.try_get::<i64, _>("created_at")? as u64,
    })
}

impl Store {
    /// Stores a new table (a lobby) with the seats taken as it is created,
    /// both or neither.
    pub async fn insert_table(&self, t: &TableRow, seats: &[(Seat, String)]) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "INSERT INTO tables (id, code, game, options, seat_count, public, clock_initial_ms, clock_increment_ms, \
             host_id, phase, rematch_of, created_at, rules_version, takeover, auto_start, quiet_spectators, \
             clock_setup_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(t.id.clone())
        .bind(t.code.clone())
        .bind(t.game.clone())
        .bind(t.options.clone())
        .bind(i64::from(t.seat_count))
        .bind(i64::from(t.public))
        .bind(t.clock.map(|c| c.initial_ms as i64))
        .bind(t.clock.map(|c| c.increment_ms as i64))
        .bind(t.host_id.clone())
        .bind(t.phase.name())
        .bind(t.rematch_of.clone())
        .bind(t.created_at as i64)
        .bind(i64::from(t.rules_version))
        .bind(t.takeover.clone())
        .bind(i64::from(t.auto_start))
        .bind(i64::from(t.quiet_spectators))
        .bind(t.clock.and_then(|c| c.setup_ms).map(|s| s as i64))
        .execute(&mut *tx)
        .await?;
        insert_seats(&mut tx, &t.id, seats).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces a lobby's seats, if its lease still has `term` (several nodes).
    pub async fn set_lobby_seats(
        &self,
        table_id: &str,
        term: Option<Term>,
        seats: &[(Seat, String)],
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_under(table_id, term).await?;
        sqlx::query("DELETE FROM seats WHERE table_id = $1").bind(table_id.to_string()).execute(&mut *tx).await?;
        insert_seats(&mut tx, table_id, seats).await?;
        tx.commit().await?;
        Ok(())
    }

    /// How many lobbies `host` has waiting to start.
    pub async fn open_lobbies(&self, host: &str) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS open FROM tables WHERE host_id = $1 AND phase = $2")
            .bind(host.to_string())
            .bind(Phase::Lobby.name())
            .fetch_one(self.pool())
            .await?;
        Ok(row.try_get::<i64, _>("open")? as u64)
    }

    /// Closes the lobbies created before `before` (ms since the epoch) that
    /// never started, except those in `spared`; returns how many.
    pub async fn expire_lobbies(&self, before: u64, spared: &[String]) -> Result<u64, StoreError> {
        let mut sql = Sql::new("UPDATE tables SET phase = ");
        sql.bind(Phase::Aborted.name()).push(" WHERE phase = ").bind(Phase::Lobby.name());
        sql.push(" AND created_at < ").bind(before as i64);
        if !spared.is_empty() {
            sql.push(" AND id NOT IN (").bind_list(spared.iter().map(String::as_str)).push(")");
        }
        Ok(sql.execute(self.pool()).await?.rows_affected())
    }

    /// Sets a lobby's phase without an event (a lobby closed before
    /// starting), if its lease still has `term` (several nodes).
    pub async fn set_phase(&self, table_id: &str, term: Option<Term>, phase: Phase) -> Result<(), StoreError> {
        let mut tx = self.begin_under(table_id, term).await?;
        sqlx::query("UPDATE tables SET phase = $1 WHERE id = $2")
            .bind(phase.name())
            .bind(table_id.to_string())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Notes why a match could not be restored, or (`None`) that it was,
    /// if its lease still has `term` (several nodes).
    pub async fn set_restore_error(
        &self,
        table_id: &str,
        term: Option<Term>,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_under(table_id, term).await?;
        sqlx::query("UPDATE tables SET restore_error = $1 WHERE id = $2")
            .bind(error.map(str::to_string))
            .bind(table_id.to_string())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A table with its seats and events.
    pub async fn load_table(&self, id: &str) -> Result<Option<(TableRow, Vec<SeatRow>, Vec<StoredEvent>)>, StoreError> {
        let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
            .bind(id.to_string())
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        let table = TableRow::read(&row)?;
        Ok(Some((table, self.table_seats(id).await?, self.table_events(id).await?)))
    }

    /// A table if it may be seen by `player` (public, hosted or played at by
    /// them, or asked for with its invite `code`): one query, which takes
    /// the same time for a table that is hidden as for one that does not
    /// exist.
    pub async fn visible_table(
        &self,
        id: &str,
        player: Option<&str>,
        code: Option<&str>,
    ) -> Result<Option<TableRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1 AND (public = 1 OR code = $2 OR host_id = $3 OR EXISTS \
             (SELECT 1 FROM seats WHERE seats.table_id = tables.id AND seats.player_id = $3))"
        ))
        .bind(id.to_string())
        .bind(code.unwrap_or_default().to_string())
        .bind(player.unwrap_or_default().to_string())
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(TableRow::read).transpose()?)
    }

    /// A table's seats, with their players.
    pub async fn table_seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        Ok(self.seats_of(&[id.to_string()]).await?.into_iter().map(|(_, s)| s).collect())
    }

    /// The event number of the action that one of `seats` sent with
    /// `client_id` at this table, if it was stored: a resend older than the
    /// events the table keeps in memory.
    pub async fn acted_seq(&self, table_id: &str, seats: SeatSet, client_id: &str) -> Result<Option<u64>, StoreError> {
        for seat in seats.iter() {
            let seq = sqlx::query("SELECT seq FROM events WHERE table_id = $1 AND seat = $2 AND client_id = $3")
                .bind(table_id.to_string())
                .bind(i64::from(seat.0))
                .bind(client_id.to_string())
                .fetch_optional(self.pool())
                .await?;
            if let Some(row) = seq {
                return Ok(Some(row.try_get::<i64, _>("seq")? as u64));
            }
        }
        Ok(None)
    }

    /// A table's events, in order.
    pub async fn table_events(&self, id: &str) -> Result<Vec<StoredEvent>, StoreError> {
        let events = sqlx::query(
            "SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events WHERE table_id = $1 ORDER BY seq",
        )
        .bind(id.to_string())
        .fetch_all(self.pool())
        .await?
        .iter()
        .map(read_event)
        .collect::<Result<Vec<_>, _>>()?;
        Ok(events)
    }

    /// Up to `limit` of a table's events numbered below `before`, the
    /// newest of them, in order.
    pub async fn table_events_before(&self, id: &str, before: u64, limit: u32) -> Result<Vec<StoredEvent>, StoreError> {
        let mut events = sqlx::query(
            "SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events \
             WHERE table_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3",
        )
        .bind(id.to_string())
        .bind(before.min(i64::MAX as u64) as i64)
        .bind(i64::from(limit))
        .fetch_all(self.pool())
        .await?
        .iter()
        .map(read_event)
        .collect::<Result<Vec<_>, _>>()?;
        events.reverse();
        Ok(events)
    }

    /// The id of the table with this invite code.
    pub async fn table_by_code(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT id FROM tables WHERE code = $1")
            .bind(code.to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.try_get("id")).transpose()?)
    }

    /// The rematch lobby opened after a table, if any: its id and code.
    pub async fn rematch_of(&self, table_id: &str) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query("SELECT id, code FROM tables WHERE rematch_of = $1 ORDER BY created_at LIMIT 1")
            .bind(table_id.to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| Ok::<_, sqlx::Error>((r.try_get("id")?, r.try_get("code")?))).transpose()?)
    }

    /// A table's invite code.
    pub async fn table_code(&self, table_id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT code FROM tables WHERE id = $1")
            .bind(table_id.to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.try_get("code")).transpose()?)
    }

    /// The ids of matches being played that go on by themselves: timed
    /// ones, whose clocks must run, and those with a bot, which may be to
    /// move. They are restored at start; the others load when someone joins.
    pub async fn running_live_tables(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id FROM tables t WHERE t.phase = $1 AND (t.clock_initial_ms IS NOT NULL OR EXISTS \
             (SELECT 1 FROM seats s JOIN players p ON p.id = s.player_id WHERE s.table_id = t.id AND p.bot IS NOT NULL)) \
             ORDER BY t.created_at",
        )
        .bind(Phase::Live.name())
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(|r| r.try_get("id")).collect::<Result<Vec<_>, _>>()?)
    }

    /// The ids of untimed matches being played whose last event is older
    /// than `before` (ms since the epoch): due to be adjudicated. Those that
    /// could not be restored wait for a server that can.
    pub async fn idle_untimed_tables(&self, before: u64) -> Result<Vec<String>, StoreError> {
        let mut sql = Sql::new("SELECT t.id FROM tables t WHERE t.phase = ");
        sql.bind(Phase::Live.name()).push(
            " AND t.clock_initial_ms IS NULL \
             AND t.restore_error IS NULL AND COALESCE((SELECT e.created_at FROM events e WHERE e.table_id = t.id \
             ORDER BY e.seq DESC LIMIT 1), t.created_at) < ",
        );
        sql.bind(before as i64).push(" ORDER BY t.created_at");
        let rows = sql.fetch_all(self.pool()).await?;
        Ok(rows.iter().map(|r| r.try_get("id")).collect::<Result<Vec<_>, _>>()?)
    }

    /// The seats of several tables, with player names, by table id.
    pub(super) async fn seats_of(&self, tables: &[String]) -> Result<Vec<(String, SeatRow)>, StoreError> {
        if tables.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = Sql::new(
            "SELECT s.table_id, s.seat, s.place, s.player_id, p.name, p.username, p.bot FROM seats s \
             JOIN players p ON p.id = s.player_id WHERE s.table_id IN (",
        );
        sql.bind_list(tables.iter().map(String::as_str)).push(") ORDER BY s.table_id, s.seat");
        let rows = sql.fetch_all(self.pool()).await?;
        rows.iter()
            .map(|r| Ok((r.try_get("table_id")?, read_seat(r)?)))
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map_err(Into::into)
    }
}

async fn insert_seats(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table_id: &str,
    seats: &[(Seat, String)],
) -> Result<(), StoreError> {
    for (seat, player) in seats {
        sqlx::query("INSERT INTO seats (table_id, seat, player_id) VALUES ($1, $2, $3)")
            .bind(table_id.to_string())
            .bind(i64::from(seat.0))
            .bind(player.clone())
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
