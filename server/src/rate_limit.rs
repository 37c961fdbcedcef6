//! Rate limits, through the governor crate (GCRA: a burst at once, then a
//! steady rate): a connection's messages; and per key, forgetting keys
//! once their allowance has refilled: guest sessions per client address,
//! login attempts per address and per account.

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::hash::Hash;
use std::num::NonZeroU32;

/// Keys a keyed limit holds before it forgets those whose allowance has refilled.
const KEYS_KEPT: usize = 10_000;

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

/// One connection's messages: `burst` at once, then `per_second`.
#[derive(Debug)]
pub struct RateLimit(DefaultDirectRateLimiter);

impl RateLimit {
    /// A full allowance.
    pub fn new(burst: u32, per_second: u32) -> RateLimit {
        RateLimit(RateLimiter::direct(Quota::per_second(at_least_one(per_second)).allow_burst(at_least_one(burst))))
    }

    /// Takes one from the allowance, if there is one.
    pub fn allow(&self) -> bool {
        self.0.check().is_ok()
    }
}

/// `per_minute` a minute for each key, in bursts of as many.
#[derive(Debug)]
pub struct PerKey<K: Hash + Eq + Clone>(DefaultKeyedRateLimiter<K>);

impl<K: Hash + Eq + Clone> PerKey<K> {
    /// A full allowance for every key.
    pub fn per_minute(per_minute: u32) -> PerKey<K> {
        PerKey(RateLimiter::keyed(Quota::per_minute(at_least_one(per_minute))))
    }

    /// `burst` at once for each key, then one per `every`.
    pub fn with_burst(burst: u32, every: std::time::Duration) -> PerKey<K> {
        let quota = Quota::with_period(every).unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN));
        PerKey(RateLimiter::keyed(quota.allow_burst(at_least_one(burst))))
    }

    /// Takes one from `key`'s allowance, if there is one.
    pub fn allow(&self, key: &K) -> bool {
        if self.0.len() > KEYS_KEPT {
            self.0.retain_recent();
        }
        self.0.check_key(key).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let limit = RateLimit::new(3, 1);
        assert!((0..3).all(|_| limit.allow()));
        assert!(!limit.allow(), "the burst is spent and a second has not passed");
    }

    #[test]
    fn each_key_has_its_own_allowance() {
        let limits = PerKey::per_minute(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!(limits.allow(&a) && limits.allow(&a));
        assert!(!limits.allow(&a));
        assert!(limits.allow(&b));
    }
}
