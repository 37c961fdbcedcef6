//! A token bucket: a burst of messages is allowed, then a steady rate.

use tokio::time::Instant;

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
        RateLimit {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            last: Instant::now(),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::time::Duration;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let start = Instant::now();
        let mut limit = RateLimit::new(3, 2);
        assert!((0..3).all(|_| limit.allow(start)));
        assert!(!limit.allow(start));
        assert!(limit.allow(start + Duration::from_millis(500)));
        assert!(!limit.allow(start + Duration::from_millis(600)));
    }
}
