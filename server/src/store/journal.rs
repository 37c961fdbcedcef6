//! The event journal: every numbered event of every match goes through one
//! writer task, which commits whatever has queued up together and only then
//! tells each waiting table actor that its event is durable.
//!
//! Why one writer with two commits in flight: a commit costs a disk flush.
//! With a writer per match, a thousand actions a second would be a thousand
//! flushes a second; here the events that arrive while commits are under way
//! share the next one (group commit), so flushes fall as the load rises,
//! while an event under light load waits for just one commit. Allowing a
//! second commit in flight keeps one slow flush from holding up every event
//! queued behind it; more than two only split the load into smaller batches
//! whose commits compete for the database's CPU (docs/performance.md). Two
//! commits in flight are safe because a table never has two events in
//! flight: each table actor awaits its acknowledgement before it applies or
//! announces anything (which is what makes "stored before told" hold), so
//! the order of one table's events never depends on commit order. Each
//! commit slot keeps its own connection.
//! SQLite takes one writer at a time: there, commits in flight would only
//! wait on each other's lock (in its busy handler's sleeps), so it gets one
//! and larger batches instead.
//!
//! A table writes a group of events at once when one request makes several
//! (an action and the chance it sets off); a group commits whole or not at
//! all. A batch of events alone is one multi-row `INSERT`, atomic by itself;
//! a batch that also changes table rows (a match starting or ending) is one
//! transaction.
//!
//! When several nodes share the database, a group is written under the
//! [`Term`] of its table's lease: the `INSERT` keeps only the rows whose
//! lease still has their term, locking those leases until it commits, and
//! a group whose rows it dropped is answered [`StoreError::Fenced`] while
//! the rest of the batch commits (see `leases`).

use super::StoreError;
use super::leases::Term;
use super::sql::Sql;
use crate::metrics::Metrics;
use protocol::Phase;
use rules::Seat;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Row};
use std::collections::HashSet;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Most groups committed together.
const MAX_BATCH: usize = 256;
/// Most commits in flight at once (PostgreSQL; SQLite takes one): at 8,000
/// actions a second, two held p99 under 32 ms in three runs of four, where
/// four let it reach 46 ms (docs/performance.md).
pub const IN_FLIGHT: usize = 2;

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
    pub seat: Option<Seat>,
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
        phase: Phase,
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
pub struct JournalEntry {
    /// The event.
    pub event: StoredEvent,
    /// Changes to commit with it.
    pub change: Option<TableChange>,
}

enum Request {
    Write(Waiting),
    Close(oneshot::Sender<()>),
}

/// A handle to the journal writer.
#[derive(Clone, Debug)]
pub struct Journal {
    tx: mpsc::UnboundedSender<Request>,
}

impl Journal {
    /// Starts the writer task, with `in_flight` commits at once at most.
    pub fn start(pool: AnyPool, in_flight: usize, metrics: Arc<Metrics>) -> Journal {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(writer(pool, in_flight.max(1), rx, metrics));
        Journal { tx }
    }

    /// Writes a group of entries, all or none; returns once it is committed.
    pub async fn write(&self, group: Vec<JournalEntry>) -> Result<(), StoreError> {
        self.send(group, None).await
    }

    /// Writes a group of entries of one table, all or none, if its lease
    /// still has term `term` (several nodes); returns once it is committed,
    /// or [`StoreError::Fenced`] if the lease has moved on.
    pub async fn write_under(&self, group: Vec<JournalEntry>, term: Term) -> Result<(), StoreError> {
        self.send(group, Some(term)).await
    }

    async fn send(&self, entries: Vec<JournalEntry>, term: Option<Term>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        let group = Waiting { entries, term, done };
        self.tx.send(Request::Write(group)).map_err(|_| StoreError::JournalClosed)?;
        wait.await.unwrap_or(Err(StoreError::JournalClosed))
    }

    /// Commits everything queued so far, then stops the writer.
    pub async fn close(&self) {
        let (done, wait) = oneshot::channel();
        if self.tx.send(Request::Close(done)).is_ok() {
            let _ = wait.await;
        }
    }
}

/// A group waiting to be committed.
struct Waiting {
    entries: Vec<JournalEntry>,
    /// The term of its table's lease it is written under, if leased.
    term: Option<Term>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

impl Waiting {
    fn rows(&self) -> impl Iterator<Item = EventRow<'_>> {
        self.entries.iter().map(|entry| EventRow { entry, term: self.term })
    }

    fn table(&self) -> Option<&str> {
        self.entries.first().map(|e| e.event.table_id.as_str())
    }

    /// Answers the table: stored, unless fenced off (its table is missing
    /// from `landed`, the tables whose leased rows the commit kept).
    fn answer(self, landed: &Landed) {
        let result = match (self.term, self.table()) {
            (Some(_), Some(table)) if !landed.contains(table) => Err(StoreError::Fenced(table.to_string())),
            _ => Ok(()),
        };
        let _ = self.done.send(result);
    }
}

/// A row to insert: an entry, with the term it is written under if leased.
#[derive(Clone, Copy)]
struct EventRow<'a> {
    entry: &'a JournalEntry,
    term: Option<Term>,
}

/// The tables whose rows written under a term a commit kept.
type Landed = HashSet<String>;

async fn writer(pool: AnyPool, in_flight: usize, mut rx: mpsc::UnboundedReceiver<Request>, metrics: Arc<Metrics>) {
    // The commit slots, each with the connection it keeps between commits
    // (none before its first commit, nor after one failed).
    let (free, mut slots) = mpsc::channel::<Slot>(in_flight);
    for _ in 0..in_flight {
        free.try_send(None).expect("the channel holds every slot");
    }
    let mut batch: Vec<Waiting> = Vec::new();
    let mut closing = None;
    while let Some(first) = rx.recv().await {
        // Wait for a free commit slot first: whatever queues meanwhile joins this batch.
        let slot = slots.recv().await.expect("the writer holds a sender");
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Write(group) => batch.push(group),
                Request::Close(done) => closing = Some(done),
            }
            if batch.len() < MAX_BATCH && closing.is_none() {
                next = rx.try_recv().ok();
            }
        }
        if batch.is_empty() {
            free.try_send(slot).expect("a slot taken has room to come back");
        } else {
            let work = std::mem::take(&mut batch);
            let (pool, metrics) = (pool.clone(), metrics.clone());
            let lease = Lease { free: Some(free.clone()) };
            tokio::spawn(async move {
                lease.give_back(commit_batch(&pool, slot, work, &metrics).await);
            });
        }
        if let Some(done) = closing.take() {
            // Every commit in flight finishes first: every slot comes back.
            for _ in 0..in_flight {
                let _ = slots.recv().await;
            }
            let _ = done.send(());
            return;
        }
    }
}

/// A commit slot out with a commit, given back with the connection the
/// commit hands back; dropped without being given back (the commit
/// panicked), it comes back without one, and the connection goes back to
/// the pool, which rolls back whatever it was in the middle of.
struct Lease {
    free: Option<mpsc::Sender<Slot>>,
}

impl Lease {
    fn give_back(mut self, slot: Slot) {
        if let Some(free) = self.free.take() {
            // There is always room: the channel holds as many as there are slots.
            let _ = free.try_send(slot);
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(free) = self.free.take() {
            let _ = free.try_send(None);
        }
    }
}

/// A commit slot's connection. Why a slot keeps one: taking a connection
/// from sqlx's pool and giving it back costs two round trips to the
/// database (sqlx pings a connection as it hands it out and as it takes it
/// back), on every commit.
type Slot = Option<PoolConnection<Any>>;

/// Commits a batch on the slot's connection (one from the pool if it has
/// none) and answers each waiting table; hands back the connection if the
/// commit succeeded. A failed one goes back to the pool, which closes it if
/// it is broken.
async fn commit_batch(pool: &AnyPool, slot: Slot, batch: Vec<Waiting>, metrics: &Metrics) -> Slot {
    let rows: Vec<EventRow<'_>> = batch.iter().flat_map(Waiting::rows).collect();
    let started = std::time::Instant::now();
    let (result, slot) = match commit_on(pool, slot, &rows).await {
        Ok((landed, conn)) => (Ok(landed), Some(conn)),
        Err(error) => (Err(error), None),
    };
    metrics.commit_latency.record(started.elapsed().as_secs_f64());
    metrics.journal_commits_total.increment(1);
    metrics.journal_events_total.increment(rows.len() as u64);
    drop(rows);
    match result {
        Ok(landed) => batch.into_iter().for_each(|group| group.answer(&landed)),
        Err(error) => {
            // One bad group must not fail the others: retry one by one.
            tracing::warn!(%error, size = batch.len(), "journal batch failed; retrying groups one by one");
            for group in batch {
                let rows: Vec<EventRow<'_>> = group.rows().collect();
                match retry(pool, &rows).await {
                    Ok(landed) => group.answer(&landed),
                    // The batch may have been written after all, its answer lost:
                    // the very same events already stored count as stored.
                    Err(sqlx::Error::Database(e))
                        if e.is_unique_violation() && all_stored(pool, &group.entries).await =>
                    {
                        let _ = group.done.send(Ok(()));
                    }
                    Err(error) => {
                        if let Some(first) = group.entries.first() {
                            tracing::error!(%error, table = %first.event.table_id, seq = first.event.seq, "journal write failed");
                        }
                        let _ = group.done.send(Err(StoreError::Database(error)));
                    }
                }
            }
        }
    }
    slot
}

/// Commits on the slot's connection, or one from the pool if it has none,
/// and hands the connection back.
async fn commit_on(
    pool: &AnyPool,
    slot: Slot,
    rows: &[EventRow<'_>],
) -> Result<(Landed, PoolConnection<Any>), sqlx::Error> {
    let mut conn = match slot {
        Some(conn) => conn,
        None => pool.acquire().await?,
    };
    let landed = commit(&mut conn, rows).await?;
    Ok((landed, conn))
}

/// Commits a group alone, on a connection from the pool.
async fn retry(pool: &AnyPool, rows: &[EventRow<'_>]) -> Result<Landed, sqlx::Error> {
    commit(&mut *pool.acquire().await?, rows).await
}

/// Whether exactly these events are in the database already.
async fn all_stored(pool: &AnyPool, group: &[JournalEntry]) -> bool {
    for entry in group {
        if !already_stored(pool, &entry.event).await {
            return false;
        }
    }
    true
}

/// Whether exactly this event is in the database already.
async fn already_stored(pool: &AnyPool, event: &StoredEvent) -> bool {
    let row = sqlx::query("SELECT kind, payload FROM events WHERE table_id = $1 AND seq = $2")
        .bind(event.table_id.clone())
        .bind(event.seq as i64)
        .fetch_optional(pool)
        .await;
    matches!(row, Ok(Some(row))
        if row.try_get::<String, _>("kind").is_ok_and(|k| k == event.kind)
            && row.try_get::<String, _>("payload").is_ok_and(|p| p == event.payload))
}

/// The multi-row `INSERT` of a batch's events. With rows written under a
/// term, it keeps only those whose lease still has their term, locks those
/// leases until the commit (so that a claim waits for it), and returns the
/// tables of the rows it kept.
fn insert_events<'a>(rows: &[EventRow<'a>]) -> Sql<'a> {
    let leased = rows.iter().any(|row| row.term.is_some());
    let mut sql = Sql::new(if leased {
        "INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) \
         SELECT v.table_id, v.seq, v.kind, v.seat, v.client_id, v.payload, v.created_at FROM (VALUES "
    } else {
        "INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at) VALUES "
    });
    for (i, row) in rows.iter().enumerate() {
        let e = &row.entry.event;
        sql.push(if i == 0 { "(" } else { ", (" })
            .bind(e.table_id.as_str())
            .push(", ")
            .bind(e.seq as i64)
            .push(", ")
            .bind(e.kind.as_str())
            .push(", ")
            .bind(e.seat.map(|s| i64::from(s.0)))
            .push(", ")
            .bind(e.client_id.as_deref())
            .push(", ")
            .bind(e.payload.as_str())
            .push(", ")
            .bind(e.created_at as i64);
        if leased {
            sql.push(", ").bind(row.term.map(|t| t.0 as i64));
        }
        sql.push(")");
    }
    if leased {
        sql.push(
            ") AS v (table_id, seq, kind, seat, client_id, payload, created_at, term) \
             WHERE v.term IS NULL OR EXISTS \
             (SELECT 1 FROM leases WHERE leases.table_id = v.table_id AND leases.term = v.term FOR SHARE) \
             RETURNING table_id",
        );
    }
    sql
}

/// Commits rows, all or none, except those of leased tables whose lease
/// has moved on; returns the leased tables whose rows were kept.
async fn commit(conn: &mut AnyConnection, rows: &[EventRow<'_>]) -> Result<Landed, sqlx::Error> {
    let query = insert_events(rows);
    if rows.iter().all(|row| row.entry.change.is_none()) {
        // One statement is atomic by itself: a single round trip.
        return insert(query, rows, conn).await;
    }
    let mut tx = conn.begin().await?;
    let landed = insert(query, rows, &mut tx).await?;
    for row in rows {
        let kept = row.term.is_none() || landed.contains(&row.entry.event.table_id);
        if let (Some(change), true) = (&row.entry.change, kept) {
            apply_change(&mut tx, &row.entry.event, change).await?;
        }
    }
    tx.commit().await?;
    Ok(landed)
}

/// Runs the `INSERT` of `rows`; returns the leased tables whose rows it kept.
async fn insert(query: Sql<'_>, rows: &[EventRow<'_>], conn: &mut AnyConnection) -> Result<Landed, sqlx::Error> {
    if rows.iter().all(|row| row.term.is_none()) {
        query.execute(conn).await?;
        return Ok(Landed::new());
    }
    let kept = query.fetch_all(conn).await?;
    kept.iter().map(|row| row.try_get::<String, _>("table_id")).collect()
}

async fn apply_change(
    tx: &mut sqlx::Transaction<'_, Any>,
    event: &StoredEvent,
    change: &TableChange,
) -> Result<(), sqlx::Error> {
    let table = &event.table_id;
    let at = event.created_at as i64;
    match change {
        TableChange::Started { seed, commitment, players } => {
            sqlx::query("UPDATE tables SET phase = $1, seed = $2, seed_commitment = $3, started_at = $4 WHERE id = $5")
                .bind(Phase::Live.name())
                .bind(seed.clone())
                .bind(commitment.clone())
                .bind(at)
                .bind(table.clone())
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM seats WHERE table_id = $1").bind(table.clone()).execute(&mut **tx).await?;
            for (seat, player) in players.iter().enumerate() {
                sqlx::query("INSERT INTO seats (table_id, seat, player_id) VALUES ($1, $2, $3)")
                    .bind(table.clone())
                    .bind(seat as i64)
                    .bind(player.clone())
                    .execute(&mut **tx)
                    .await?;
            }
        }
        TableChange::Ended { phase, result, places, turns } => {
            sqlx::query("UPDATE tables SET phase = $1, result = $2, ended_at = $3, turns = $4 WHERE id = $5")
                .bind(phase.name())
                .bind(result.clone())
                .bind(at)
                .bind(i64::from(*turns))
                .bind(table.clone())
                .execute(&mut **tx)
                .await?;
            for (seat, place) in places.iter().enumerate() {
                sqlx::query("UPDATE seats SET place = $1 WHERE table_id = $2 AND seat = $3")
                    .bind(place.map(i64::from))
                    .bind(table.clone())
                    .bind(seat as i64)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(())
}
