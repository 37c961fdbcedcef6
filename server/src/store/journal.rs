//! The event journal: every numbered event of every match goes through one
//! writer task, which commits whatever has queued up in one transaction and
//! only then tells each waiting table actor that its event is durable.
//!
//! Why one writer: a commit costs a disk flush. With a writer per match, a
//! thousand actions a second would be a thousand flushes a second; here the
//! events that arrive while a commit is under way share the next commit
//! (group commit), so the number of flushes falls as the load rises while an
//! event under light load still waits for just one commit. The table actors
//! await their acknowledgement before applying or announcing anything, which
//! is what makes "stored before told" hold.

use super::StoreError;
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

/// Most entries committed together.
const MAX_BATCH: usize = 256;

/// One numbered event as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEvent {
    /// The table.
    pub table_id: String,
    /// Its number in the table.
    pub seq: u64,
    /// What kind of event (see `table::events`).
    pub kind: String,
    /// The seat it concerns.
    pub seat: Option<u8>,
    /// The client's action id, for actions.
    pub client_id: Option<String>,
    /// The details, as JSON.
    pub payload: String,
    /// When it happened (milliseconds since the epoch).
    pub created_at: u64,
}

/// Changes to a table's row that must commit together with an event.
#[derive(Clone, Debug, PartialEq)]
pub enum TableChange {
    /// The match started with these players and this seed.
    Started {
        /// The seed, hex.
        seed: String,
        /// SHA-256 of the seed, hex.
        commitment: String,
        /// Players by seat.
        players: Vec<String>,
    },
    /// The match ended.
    Ended {
        /// `live` ended as `finished` or `aborted`.
        phase: &'static str,
        /// The result, as JSON.
        result: String,
        /// Places by seat.
        places: Vec<Option<u8>>,
        /// Turns played.
        turns: u32,
    },
}

/// An event and the table changes that go with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The event.
    pub event: StoredEvent,
    /// Changes to commit with it.
    pub change: Option<TableChange>,
}

enum Request {
    Write(Entry, oneshot::Sender<Result<(), String>>),
    Close(oneshot::Sender<()>),
}

/// A handle to the journal writer.
#[derive(Clone, Debug)]
pub struct Journal {
    tx: mpsc::UnboundedSender<Request>,
}

impl Journal {
    /// Starts the writer task.
    pub fn start(pool: AnyPool) -> Journal {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(writer(pool, rx));
        Journal { tx }
    }

    /// Writes an entry; returns once it is committed.
    pub async fn write(&self, entry: Entry) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.tx.send(Request::Write(entry, done)).map_err(|_| StoreError::JournalClosed)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(StoreError::Corrupt(message)),
            Err(_) => Err(StoreError::JournalClosed),
        }
    }

    /// Commits everything queued so far, then stops the writer.
    pub async fn close(&self) {
        let (done, wait) = oneshot::channel();
        if self.tx.send(Request::Close(done)).is_ok() {
            let _ = wait.await;
        }
    }
}

async fn writer(pool: AnyPool, mut rx: mpsc::UnboundedReceiver<Request>) {
    let mut batch: Vec<(Entry, oneshot::Sender<Result<(), String>>)> = Vec::new();
    let mut closing = None;
    while let Some(first) = rx.recv().await {
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Write(entry, done) => batch.push((entry, done)),
                Request::Close(done) => closing = Some(done),
            }
            if batch.len() < MAX_BATCH && closing.is_none() {
                next = rx.try_recv().ok();
            }
        }
        if !batch.is_empty() {
            let entries: Vec<&Entry> = batch.iter().map(|(e, _)| e).collect();
            match commit(&pool, &entries).await {
                Ok(()) => batch.drain(..).for_each(|(_, done)| drop(done.send(Ok(())))),
                Err(error) => {
                    // One bad entry must not fail the others: retry one by one.
                    tracing::warn!(%error, size = batch.len(), "journal batch failed; retrying entries one by one");
                    for (entry, done) in batch.drain(..) {
                        let result = commit(&pool, &[&entry]).await.map_err(|e| e.to_string());
                        if let Err(error) = &result {
                            tracing::error!(%error, table = %entry.event.table_id, seq = entry.event.seq, "journal write failed");
                        }
                        let _ = done.send(result);
                    }
                }
            }
        }
        if let Some(done) = closing.take() {
            let _ = done.send(());
            return;
        }
    }
}

async fn commit(pool: &AnyPool, entries: &[&Entry]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut sql =
        String::from("INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) VALUES ");
    for i in 0..entries.len() {
        let b = i * 7;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("(${}, ${}, ${}, ${}, ${}, ${}, ${})", b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7));
    }
    let mut query = sqlx::query(&sql);
    for entry in entries {
        let e = &entry.event;
        query = query
            .bind(e.table_id.clone())
            .bind(e.seq as i64)
            .bind(e.kind.clone())
            .bind(e.seat.map(i64::from))
            .bind(e.client_id.clone())
            .bind(e.payload.clone())
            .bind(e.created_at as i64);
    }
    query.execute(&mut *tx).await?;
    for entry in entries {
        let table = &entry.event.table_id;
        let at = entry.event.created_at as i64;
        match &entry.change {
            None => {}
            Some(TableChange::Started { seed, commitment, players }) => {
                sqlx::query(
                    "UPDATE tables SET phase = 'live', seed = $1, seed_commitment = $2, started_at = $3 WHERE id = $4",
                )
                .bind(seed.clone())
                .bind(commitment.clone())
                .bind(at)
                .bind(table.clone())
                .execute(&mut *tx)
                .await?;
                sqlx::query("DELETE FROM seats WHERE table_id = $1").bind(table.clone()).execute(&mut *tx).await?;
                for (seat, player) in players.iter().enumerate() {
                    sqlx::query("INSERT INTO seats (table_id, seat, player_id) VALUES ($1, $2, $3)")
                        .bind(table.clone())
                        .bind(seat as i64)
                        .bind(player.clone())
                        .execute(&mut *tx)
                        .await?;
                }
            }
            Some(TableChange::Ended { phase, result, places, turns }) => {
                sqlx::query("UPDATE tables SET phase = $1, result = $2, ended_at = $3, turns = $4 WHERE id = $5")
                    .bind(phase.to_string())
                    .bind(result.clone())
                    .bind(at)
                    .bind(i64::from(*turns))
                    .bind(table.clone())
                    .execute(&mut *tx)
                    .await?;
                for (seat, place) in places.iter().enumerate() {
                    sqlx::query("UPDATE seats SET place = $1 WHERE table_id = $2 AND seat = $3")
                        .bind(place.map(i64::from))
                        .bind(table.clone())
                        .bind(seat as i64)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
    }
    tx.commit().await
}
