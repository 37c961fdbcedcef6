//! CPU-heavy work off the async runtime: rebuilding a whole match for the
//! history, an export or a table's restore, and hashing a password. Each
//! runs on tokio's blocking threads, and a pool lets only so many run at
//! once, so a burst of such requests waits its turn instead of taking every
//! core (or, for Argon2, all the memory) from live play. A panic in the work
//! comes back as an error to the one request that asked for it.

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
    /// The pool is shutting down.
    #[error("the pool is closed")]
    Closed,
}

impl Pool {
    /// A pool running at most `size` jobs at once, counted in `running`
    /// and `ran`.
    pub fn new(size: usize, running: Gauge, ran: Counter) -> Pool {
        Pool { permits: Arc::new(Semaphore::new(size.max(1))), running, ran }
    }

    /// A pool running one job per core at most.
    pub fn per_core(running: Gauge, ran: Counter) -> Pool {
        Pool::new(std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get), running, ran)
    }

    /// Runs `work` once a place is free, and waits for its answer.
    pub async fn run<T, F>(&self, work: F) -> Result<T, PoolError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.permits.clone().acquire_owned().await.map_err(|_| PoolError::Closed)?;
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
