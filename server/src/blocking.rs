//! CPU-heavy work off the async runtime: rebuilding a whole match for the
//! history or an export, restoring a table, and hashing a password. Each
//! runs on tokio's blocking threads, where it cannot hold up the runtime's
//! threads that serve play, and a pool per kind lets at most one job per
//! core run at once, so a burst of such requests waits its turn instead of
//! piling up threads (or, for Argon2, exhausting memory), and a burst of
//! replays does not hold up restoring the tables people play at. A panic in the work comes
//! back as an error to those waiting for it.

use metrics::{Counter, Gauge};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// A bounded pool of blocking work.
#[derive(Clone, Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    /// How many run right now (for `/metrics`).
    running: Gauge,
    /// How many have run.
    ran: Counter,
}

/// Why pooled work gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// The work panicked (a bug); it is logged where it is caught.
    #[error("the work panicked")]
    Panicked,
}

impl Pool {
    /// A pool running at most `size` jobs at once, counted in `running`
    /// and `ran`.
    pub fn new(size: usize, running: Gauge, ran: Counter) -> Pool {
        Pool { permits: Arc::new(Semaphore::new(size.max(1))), running, ran }
    }

    /// A pool running one job per core at most (two on a single core).
    pub fn per_core(running: Gauge, ran: Counter) -> Pool {
        // Two at least, so that one long job never holds up all the others.
        Pool::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get).max(2), running, ran)
    }

    /// Runs `work` once a place is free, and waits for its answer.
    pub async fn run<T, F>(&self, work: F) -> Result<T, PoolError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.permits.clone().acquire_owned().await.expect("the pool's semaphore is never closed");
        let running = self.running.clone();
        self.ran.increment(1);
        // The place is held until the work ends, even if the asker gives up.
        tokio::task::spawn_blocking(move || {
            running.increment(1.0);
            let _ends = Ends { running, _place: permit };
            work()
        })
        .await
        .map_err(|_| PoolError::Panicked)
    }
}

/// Gives the place back and counts the job out when the work ends, even by a panic.
struct Ends {
    running: Gauge,
    _place: tokio::sync::OwnedSemaphorePermit,
}

impl Drop for Ends {
    fn drop(&mut self) {
        self.running.decrement(1.0);
    }
}
