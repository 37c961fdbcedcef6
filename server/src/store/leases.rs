//! Which node runs each table, when several nodes share one PostgreSQL.
//!
//! Why leases in rows rather than advisory locks: an advisory lock lives
//! as long as the connection that took it, so a node cut off from the
//! database would lose it without knowing, while the node itself kept
//! running the table; and a lock has no number to fence writes with. Here
//! a node keeps itself alive with a heartbeat (`nodes.alive_until`), a
//! table's lease names the node that runs it, and a claim succeeds only
//! when the lease names nobody, the claimer itself, or a node whose
//! heartbeat has stopped. Every claim and every release adds one to the
//! lease's [`Term`], and every write of the table (its journal, and its
//! lobby's seats, phase and chat through [`Store::begin_under`]) carries the term its
//! node claimed: the write lands only while the lease still has that term,
//! and locks the lease row until it commits (`FOR SHARE`), so a claim
//! waits for a write under way and a write after a claim finds a new term.
//! A node that was paused or cut off, and whose tables were claimed
//! meanwhile, can therefore store nothing more of them, whatever it
//! believes (migrations/0008_leases.sql, docs/scaling.md).
//!
//! Times are read from the database's clock, so the nodes' clocks need not
//! agree. Only PostgreSQL holds leases: SQLite is one node's file.

use super::{Backend, Store, StoreError};
use protocol::TableId;
use sqlx::{AnyConnection, AnyPool, Row};
use std::fmt;
use std::time::Duration;

/// The database's clock, in milliseconds since the Unix epoch.
const NOW_MS: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";

/// How many times a table's lease has been claimed or given up: the token
/// that fences its journal writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Term(pub u64);

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a claim of a table's lease got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The lease is this node's, under this term.
    Granted(Term),
    /// Another node, alive, runs the table.
    Held {
        /// That node's id.
        node: String,
    },
}

/// This node's leases.
#[derive(Clone, Debug)]
pub struct Leases {
    pool: AnyPool,
    node: String,
    alive_for: Duration,
}

impl Store {
    /// The leases of node `node`, which counts as alive for `alive_for`
    /// after each heartbeat. Only PostgreSQL holds leases.
    pub fn leases(&self, node: &str, alive_for: Duration) -> Result<Leases, StoreError> {
        if self.backend() != Backend::Postgres {
            return Err(StoreError::NeedsPostgres);
        }
        Ok(Leases { pool: self.pool().clone(), node: node.to_string(), alive_for })
    }
}

impl Leases {
    /// This node's id.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Keeps this node alive for another `alive_for`, forgets the nodes
    /// whose heartbeat has stopped, and lists the leases
    /// it still holds: a table it runs that is not listed, or is listed
    /// under another term, was claimed by another node meanwhile.
    pub async fn heartbeat(&self) -> Result<Vec<(TableId, Term)>, StoreError> {
        let sql = format!(
            "INSERT INTO nodes (id, alive_until) VALUES ($1, {NOW_MS} + $2) \
             ON CONFLICT (id) DO UPDATE SET alive_until = EXCLUDED.alive_until"
        );
        sqlx::query(&sql).bind(self.node.clone()).bind(self.alive_for.as_millis() as i64).execute(&self.pool).await?;
        // Nodes gone quiet are forgotten: a lease that names a node with no
        // row is as free as one whose node's heartbeat stopped.
        let forgotten =
            sqlx::query(&format!("DELETE FROM nodes WHERE alive_until < {NOW_MS}")).execute(&self.pool).await;
        if let Err(error) = forgotten {
            // Only tidying: this node's own heartbeat is in.
            tracing::warn!(%error, "could not forget the nodes gone quiet");
        }
        let rows = sqlx::query("SELECT table_id, term FROM leases WHERE node = $1")
            .bind(self.node.clone())
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| Ok((row.try_get("table_id")?, Term(row.try_get::<i64, _>("term")? as u64)))).collect()
    }

    /// Claims table `table` for this node: granted, under a new term, when
    /// its lease names nobody, this node, or a node whose heartbeat has
    /// stopped.
    pub async fn claim(&self, table: &str) -> Result<Claim, StoreError> {
        let sql = format!(
            "INSERT INTO leases (table_id, node, term) VALUES ($1, $2, 1) \
             ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, term = leases.term + 1 \
             WHERE leases.node = '' OR leases.node = EXCLUDED.node \
             OR NOT EXISTS (SELECT 1 FROM nodes WHERE nodes.id = leases.node AND nodes.alive_until > {NOW_MS}) \
             RETURNING term"
        );
        loop {
            let granted =
                sqlx::query(&sql).bind(table.to_string()).bind(self.node.clone()).fetch_optional(&self.pool).await?;
            if let Some(row) = granted {
                return Ok(Claim::Granted(Term(row.try_get::<i64, _>("term")? as u64)));
            }
            let holder: String = sqlx::query("SELECT node FROM leases WHERE table_id = $1")
                .bind(table.to_string())
                .fetch_one(&self.pool)
                .await?
                .try_get("node")?;
            // A lease given up between the two statements is claimed again.
            if !holder.is_empty() {
                return Ok(Claim::Held { node: holder });
            }
        }
    }

    /// Gives up table `table`'s lease, if this node still holds it under
    /// `term`; any node may claim it at once. Whether it was held.
    pub async fn release(&self, table: &str, term: Term) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE leases SET node = '', term = term + 1 WHERE table_id = $1 AND node = $2 AND term = $3")
                .bind(table.to_string())
                .bind(self.node.clone())
                .bind(term.0 as i64)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The tables some live node runs now (for the housekeeping of every
    /// node, which must not close a lobby another node is running).
    pub async fn running_anywhere(&self) -> Result<Vec<TableId>, StoreError> {
        let sql =
            format!("SELECT l.table_id FROM leases l JOIN nodes n ON n.id = l.node WHERE n.alive_until > {NOW_MS}");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok(row.try_get("table_id")?)).collect()
    }

    /// Gives up every lease this node holds and says it is gone, as a
    /// node that drained does before it stops.
    pub async fn leave(&self) -> Result<(), StoreError> {
        sqlx::query("UPDATE leases SET node = '', term = term + 1 WHERE node = $1")
            .bind(self.node.clone())
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM nodes WHERE id = $1").bind(self.node.clone()).execute(&self.pool).await?;
        Ok(())
    }
}

impl Store {
    /// A transaction for writes of table `table_id` that holds its lease
    /// under `term` until it ends (see [`hold`]).
    pub(super) async fn begin_under(
        &self,
        table_id: &str,
        term: Option<Term>,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.pool().begin().await?;
        hold(&mut tx, table_id, term).await?;
        Ok(tx)
    }
}

/// Keeps table `table_id`'s lease under `term` until the transaction on
/// `conn` ends, so that a claim waits for it, or refuses with
/// [`StoreError::Fenced`] if the lease has moved on: the fence of a
/// table's writes outside the journal (a lobby's seats, a lobby closed, a
/// line of chat, a note that it could not be restored). With no term (one
/// node) there is nothing to hold.
async fn hold(conn: &mut AnyConnection, table_id: &str, term: Option<Term>) -> Result<(), StoreError> {
    let Some(term) = term else { return Ok(()) };
    let held = sqlx::query("SELECT 1 AS held FROM leases WHERE table_id = $1 AND term = $2 FOR SHARE")
        .bind(table_id.to_string())
        .bind(term.0 as i64)
        .fetch_optional(&mut *conn)
        .await?;
    match held {
        Some(_) => Ok(()),
        None => Err(StoreError::Fenced(table_id.to_string())),
    }
}
