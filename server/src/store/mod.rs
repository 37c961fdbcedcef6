//! Persistence through sqlx's `Any` driver: an embedded SQLite file by
//! default, PostgreSQL in production, the same SQL for both (see
//! migrations/0001_init.sql). Placeholders are written `$1, $2, …` in order
//! of first use, which both databases read as numbered parameters; where a
//! statement's shape depends on its input, [`sql::Sql`] numbers them.

mod chat;
mod history;
mod journal;
mod leases;
mod players;
mod sql;
mod tables;

pub use history::{MatchFilter, MatchRow, ResultFilter};
pub use journal::{Journal, JournalEntry, StoredEvent, TableChange};
pub use leases::{Claim, Leases, Term};
pub use players::PlayerRow;
pub use tables::{SeatRow, TableRow};

use crate::metrics::Metrics;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Executor};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// A database error, with what we were doing.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations failed.
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// A stored value could not be read back.
    #[error("corrupt stored value: {0}")]
    Corrupt(String),
    /// The journal writer has stopped (the server is shutting down).
    #[error("the journal is closed")]
    JournalClosed,
    /// A write under a lease that this node no longer holds under that
    /// term: another node runs the table now (see `leases`).
    #[error("table {0}'s lease has passed to another term: this node may no longer write it")]
    Fenced(String),
    /// Leases (several nodes) need PostgreSQL.
    #[error("several nodes need PostgreSQL: SQLite is one node's file")]
    NeedsPostgres,
}

/// Which database we talk to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// The database: a connection pool and the event journal.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    journal: Journal,
}

/// When SQLite copies its write-ahead log into the database file: once the
/// log holds 16,000 pages (64 MB), not the default 1,000. The commit that
/// crosses the mark does the copying and its events wait for it, and so do
/// those queued behind; copying a log in which the journal's few pages were
/// rewritten many times costs about the same at any length, so a longer log
/// makes those slow commits rarer (docs/performance.md).
const CHECKPOINT_AT: &str = "PRAGMA wal_autocheckpoint = 16000";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

impl Store {
    /// Connects to `url` (`sqlite://path` or `postgres://…`), creating an
    /// SQLite file if needed, and applies the migrations.
    pub async fn connect(url: &str, metrics: Arc<Metrics>) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        let mut options = AnyConnectOptions::from_str(&sqlite_create_mode(url))?;
        options = options.disable_statement_logging();
        let pool_options = match backend {
            // One writer at a time is all SQLite allows; a small pool keeps
            // readers concurrent. WAL mode lets them read during writes, and
            // synchronous=FULL makes a commit durable before it returns.
            Backend::Sqlite => AnyPoolOptions::new().max_connections(4).after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA synchronous = FULL").await?;
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    conn.execute(CHECKPOINT_AT).await?;
                    Ok(())
                })
            }),
            Backend::Postgres => AnyPoolOptions::new().max_connections(16),
        };
        let pool = pool_options.acquire_timeout(Duration::from_secs(10)).connect_with(options).await?;
        MIGRATOR.run(&pool).await?;
        // SQLite has one writer at a time (see the journal).
        let in_flight = if backend == Backend::Sqlite { 1 } else { journal::IN_FLIGHT };
        let journal = Journal::start(pool.clone(), in_flight, metrics);
        Ok(Store { pool, backend, journal })
    }

    /// The connection pool.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The event journal.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Flushes the journal and closes the pool.
    pub async fn close(&self) {
        self.journal.close().await;
        self.pool.close().await;
    }
}

/// SQLite URLs open read-write and create the file unless the URL says otherwise.
fn sqlite_create_mode(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") && !url.contains(":memory:") {
        let separator = if url.contains('?') { '&' } else { '?' };
        format!("{url}{separator}mode=rwc")
    } else {
        url.to_string()
    }
}
