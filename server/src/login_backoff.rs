//! Exponential back-off on failed logins, per username and per client
//! address: a few mistakes cost nothing, then each failure doubles the wait
//! before the next attempt (1 s, 2 s, 4 s, … up to 15 minutes), and a
//! success clears it. Counted for any username, existing or not, so the
//! back-off tells nobody which accounts exist. A name or address that stays
//! quiet for an hour is forgotten.

use moka::sync::Cache;
use std::time::{Duration, Instant};

/// Failures that cost no wait (typing mistakes).
const FREE_FAILURES: u32 = 3;
/// The longest wait.
const LONGEST: Duration = Duration::from_secs(15 * 60);
/// How long a quiet key is remembered.
const REMEMBERED: Duration = Duration::from_secs(60 * 60);
/// Keys remembered at most.
const KEYS: u64 = 100_000;

/// Failures in a row, and when the last was.
#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
}

impl Failures {
    /// When the next attempt may be made.
    fn next_attempt(self) -> Instant {
        let doublings = self.count.saturating_sub(FREE_FAILURES);
        let wait = match doublings {
            0 => Duration::ZERO,
            n => Duration::from_secs(1u64 << (n - 1).min(20)).min(LONGEST),
        };
        self.last + wait
    }
}

/// Failed logins by key (a username or an address).
#[derive(Clone, Debug)]
pub struct LoginBackoff(Cache<String, Failures>);

impl Default for LoginBackoff {
    fn default() -> LoginBackoff {
        LoginBackoff(Cache::builder().max_capacity(KEYS).time_to_idle(REMEMBERED).build())
    }
}

impl LoginBackoff {
    /// How long `key` must wait before its next attempt, at `now`.
    pub fn wait(&self, key: &str, now: Instant) -> Duration {
        self.0.get(key).map_or(Duration::ZERO, |f| f.next_attempt().saturating_duration_since(now))
    }

    /// A failed attempt by `key` at `now`.
    pub fn failed(&self, key: &str, now: Instant) {
        self.0.entry(key.to_string()).and_upsert_with(|entry| {
            let count = entry.map_or(0, |e| e.into_value().count);
            Failures { count: count.saturating_add(1), last: now }
        });
    }

    /// A successful attempt by `key`: its failures are forgotten.
    pub fn succeeded(&self, key: &str) {
        self.0.invalidate(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_failures_are_free_then_each_doubles_the_wait() {
        let backoff = LoginBackoff::default();
        let start = Instant::now();
        let mut waits = Vec::new();
        for n in 0..8 {
            let at = start + Duration::from_secs(n * 1000);
            backoff.failed("ann", at);
            waits.push(backoff.wait("ann", at).as_secs());
        }
        assert_eq!(waits, [0, 0, 0, 1, 2, 4, 8, 16]);
        assert_eq!(backoff.wait("bob", start), Duration::ZERO, "keys back off apart");
        let later = start + Duration::from_secs(7000 + 15);
        assert_eq!(backoff.wait("ann", later).as_secs(), 1, "the wait runs down");
        backoff.succeeded("ann");
        assert_eq!(backoff.wait("ann", later), Duration::ZERO, "a success clears it");
    }

    #[test]
    fn the_wait_stops_growing_at_fifteen_minutes() {
        let backoff = LoginBackoff::default();
        let at = Instant::now();
        for _ in 0..100 {
            backoff.failed("ann", at);
        }
        assert_eq!(backoff.wait("ann", at), LONGEST);
    }
}
