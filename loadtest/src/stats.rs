//! Latency percentiles.

use std::time::Duration;

/// Latencies in microseconds.
#[derive(Default)]
pub struct Latencies(pub Vec<u64>);

impl Latencies {
    /// Adds one.
    pub fn record(&mut self, latency: Duration) {
        self.0.push(latency.as_micros() as u64);
    }

    /// "p50 1.23 ms, p99 …" over everything recorded.
    pub fn summary(&mut self) -> String {
        if self.0.is_empty() {
            return "no samples".into();
        }
        self.0.sort_unstable();
        let at = |q: f64| {
            let index = ((self.0.len() as f64 * q).ceil() as usize).clamp(1, self.0.len()) - 1;
            self.0[index] as f64 / 1000.0
        };
        format!(
            "p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms ({} samples)",
            at(0.5),
            at(0.99),
            at(0.999),
            at(1.0),
            self.0.len()
        )
    }
}
