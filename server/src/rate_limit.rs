//! Token buckets: a burst is allowed, then a steady rate. One per
//! WebSocket connection for its messages, and one per client address for
//! creating guest sessions.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use tokio::time::{Duration, Instant};

/// Allows `burst` messages at once and `per_second` after that.
#[derive(Debug)]
pub struct RateLimit {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(burst: u32, per_second: u32) -> RateLimit {
        RateLimit::per_duration(burst, per_second, Duration::from_secs(1))
    }

    /// A full bucket refilling `count` tokens per `period`.
    pub fn per_duration(burst: u32, count: u32, period: Duration) -> RateLimit {
        let per_second = f64::from(count) / period.as_secs_f64();
        RateLimit { tokens: f64::from(burst), burst: f64::from(burst), per_second, last: Instant::now() }
    }

    /// Takes a token if there is one.
    pub fn allow(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A bucket per client address, for guest sessions. A plain mutex: each
/// use is a quick lookup, never held across an await.
#[derive(Debug)]
pub struct PerAddress {
    buckets: Mutex<HashMap<IpAddr, RateLimit>>,
    burst: u32,
    per_minute: u32,
}

impl PerAddress {
    /// `per_minute` a minute for each address, in bursts of as many.
    pub fn new(per_minute: u32) -> PerAddress {
        PerAddress { buckets: Mutex::default(), burst: per_minute, per_minute }
    }

    /// Takes a token for `address` if it has one.
    pub fn allow(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("rate limit lock");
        if buckets.len() > 10_000 {
            // Forget addresses whose buckets have refilled.
            let refill = Duration::from_secs(60);
            buckets.retain(|_, bucket| now.saturating_duration_since(bucket.last) < refill);
        }
        let bucket = buckets
            .entry(address)
            .or_insert_with(|| RateLimit::per_duration(self.burst, self.per_minute, Duration::from_secs(60)));
        bucket.allow(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let start = Instant::now();
        let mut limit = RateLimit::new(3, 2);
        assert!((0..3).all(|_| limit.allow(start)));
        assert!(!limit.allow(start));
        assert!(limit.allow(start + Duration::from_millis(500)));
        assert!(!limit.allow(start + Duration::from_millis(600)));
    }

    #[test]
    fn each_address_has_its_own_bucket() {
        let limits = PerAddress::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limits.allow(a) && limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}
