//! Counters for `GET /metrics`, in the Prometheus text format.
//!
//! Plain atomics: they are bumped on hot paths from many tasks and read only
//! when scraped, so no lock is worth having.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Upper bounds of the latency histogram buckets, in seconds.
const LATENCY_BUCKETS: [f64; 12] = [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0];

/// A latency histogram with fixed buckets.
#[derive(Debug, Default)]
pub struct Histogram {
    buckets: [AtomicU64; LATENCY_BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Histogram {
    /// Records one observation.
    pub fn observe(&self, seconds: f64) {
        for (bound, bucket) in LATENCY_BUCKETS.iter().zip(&self.buckets) {
            if seconds <= *bound {
                bucket.fetch_add(1, Relaxed);
            }
        }
        self.count.fetch_add(1, Relaxed);
        self.sum_micros.fetch_add((seconds * 1e6) as u64, Relaxed);
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}");
        let _ = writeln!(out, "# TYPE {name} histogram");
        for (bound, bucket) in LATENCY_BUCKETS.iter().zip(&self.buckets) {
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {}", bucket.load(Relaxed));
        }
        let count = self.count.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "{name}_sum {}", self.sum_micros.load(Relaxed) as f64 / 1e6);
        let _ = writeln!(out, "{name}_count {count}");
    }
}

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Open WebSocket connections.
    pub connections: AtomicU64,
    /// WebSocket connections ever opened.
    pub connections_total: AtomicU64,
    /// Matches being played.
    pub live_matches: AtomicU64,
    /// Tables in memory.
    pub tables: AtomicU64,
    /// Actions applied.
    pub actions_total: AtomicU64,
    /// Client messages refused with an error.
    pub errors_total: AtomicU64,
    /// Messages dropped by the rate limit.
    pub rate_limited_total: AtomicU64,
    /// Time from receiving an action to acknowledging it.
    pub action_latency: Histogram,
    /// Time a journal commit takes.
    pub commit_latency: Histogram,
    /// Events written by the journal.
    pub journal_events_total: AtomicU64,
    /// Commits made by the journal (events per commit is the batch size).
    pub journal_commits_total: AtomicU64,
}

impl Metrics {
    /// Records the time from receiving an action to acknowledging it.
    pub fn observe_action_latency(&self, seconds: f64) {
        self.action_latency.observe(seconds);
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut gauge = |name: &str, help: &str, kind: &str, value: u64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}");
        };
        gauge("tactica_connections", "Open WebSocket connections.", "gauge", self.connections.load(Relaxed));
        gauge(
            "tactica_connections_total",
            "WebSocket connections opened.",
            "counter",
            self.connections_total.load(Relaxed),
        );
        gauge("tactica_live_matches", "Matches being played.", "gauge", self.live_matches.load(Relaxed));
        gauge("tactica_tables", "Tables (lobbies and matches) in memory.", "gauge", self.tables.load(Relaxed));
        gauge(
            "tactica_actions_total",
            "Actions applied; its rate is actions per second.",
            "counter",
            self.actions_total.load(Relaxed),
        );
        gauge(
            "tactica_client_errors_total",
            "Client messages refused with an error.",
            "counter",
            self.errors_total.load(Relaxed),
        );
        gauge(
            "tactica_rate_limited_total",
            "Client messages dropped by the rate limit.",
            "counter",
            self.rate_limited_total.load(Relaxed),
        );
        gauge(
            "tactica_journal_events_total",
            "Events committed by the journal.",
            "counter",
            self.journal_events_total.load(Relaxed),
        );
        gauge(
            "tactica_journal_commits_total",
            "Journal commits; events per commit is the batch size.",
            "counter",
            self.journal_commits_total.load(Relaxed),
        );
        self.action_latency.render(
            &mut out,
            "tactica_action_latency_seconds",
            "Time from receiving an action to acknowledging it (stored and applied).",
        );
        self.commit_latency.render(&mut out, "tactica_journal_commit_seconds", "Time one journal commit takes.");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_lands_in_every_bucket_at_or_above_it() {
        let metrics = Metrics::default();
        metrics.observe_action_latency(0.004);
        let text = metrics.render();
        assert!(text.contains("tactica_action_latency_seconds_bucket{le=\"0.003\"} 0"));
        assert!(text.contains("tactica_action_latency_seconds_bucket{le=\"0.005\"} 1"));
        assert!(text.contains("tactica_action_latency_seconds_count 1"));
    }
}
