//! The server's counters, gauges and latency histograms for `GET /metrics`,
//! kept and rendered in the Prometheus text format by the `metrics` crate
//! and its Prometheus exporter.
//!
//! Each server has its own recorder rather than the process-wide one, so
//! servers started side by side (as the tests start them) count apart. The
//! handles are registered once, here, and bumped on hot paths from many
//! tasks: each is an atomic behind an `Arc`, so no lock is taken.

use metrics::{Counter, Gauge, Histogram, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::fmt;

/// Upper bounds of the latency histogram buckets, in seconds.
const LATENCY_BUCKETS: [f64; 12] = [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0];

/// The server's metrics.
#[derive(Clone)]
pub struct Metrics {
    /// Renders the text exposition.
    exposition: PrometheusHandle,
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// WebSocket connections ever opened.
    pub connections_total: Counter,
    /// Matches being played.
    pub live_matches: Gauge,
    /// Tables in memory.
    pub tables: Gauge,
    /// Actions applied.
    pub actions_total: Counter,
    /// Client messages refused with an error.
    pub client_errors_total: Counter,
    /// Messages dropped by the rate limit.
    pub rate_limited_total: Counter,
    /// Tables stopped by a panic (a bug): each is logged with its match id.
    pub table_panics_total: Counter,
    /// Match rebuilds for the history (replays, exports) running off the runtime.
    pub rebuilds_running: Gauge,
    /// Match rebuilds run.
    pub rebuilds_total: Counter,
    /// Tables being restored from their events off the runtime.
    pub restores_running: Gauge,
    /// Tables restored.
    pub restores_total: Counter,
    /// Live matches still to restore after a start.
    pub restores_pending: Gauge,
    /// Bots thinking off the runtime.
    pub bots_running: Gauge,
    /// Bot decisions made.
    pub bots_total: Counter,
    /// Password hashes running off the runtime.
    pub password_hashes_running: Gauge,
    /// Password hashes run.
    pub password_hashes_total: Counter,
    /// Time from receiving an action to acknowledging it.
    pub action_latency: Histogram,
    /// Time a journal commit takes.
    pub commit_latency: Histogram,
    /// Events written by the journal.
    pub journal_events_total: Counter,
    /// Commits made by the journal (events per commit is the batch size).
    pub journal_commits_total: Counter,
}

impl fmt::Debug for Metrics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Metrics")
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &LATENCY_BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let exposition = recorder.handle();
        metrics::with_local_recorder(&recorder, || {
            metrics::describe_gauge!("tactica_connections", "Open WebSocket connections.");
            metrics::describe_counter!("tactica_connections_total", "WebSocket connections opened.");
            metrics::describe_gauge!("tactica_live_matches", "Matches being played.");
            metrics::describe_gauge!("tactica_tables", "Tables (lobbies and matches) in memory.");
            metrics::describe_counter!("tactica_actions_total", "Actions applied; its rate is actions per second.");
            metrics::describe_counter!("tactica_client_errors_total", "Client messages refused with an error.");
            metrics::describe_counter!("tactica_rate_limited_total", "Client messages dropped by the rate limit.");
            metrics::describe_counter!(
                "tactica_table_panics_total",
                "Tables stopped by a panic; each match is ended as failed and logged with its id."
            );
            metrics::describe_gauge!(
                "tactica_rebuilds_running",
                "Matches being rebuilt off the runtime for replays and exports."
            );
            metrics::describe_gauge!("tactica_restores_running", "Tables being restored from their events.");
            metrics::describe_counter!("tactica_restores_total", "Tables restored from their events.");
            metrics::describe_gauge!("tactica_restores_pending", "Live matches still to restore after a start.");
            metrics::describe_counter!(
                "tactica_rebuilds_total",
                "Matches rebuilt off the runtime (cached answers are not)."
            );
            metrics::describe_gauge!("tactica_bots_running", "Bots thinking off the runtime.");
            metrics::describe_counter!("tactica_bots_total", "Bot decisions made.");
            metrics::describe_gauge!("tactica_password_hashes_running", "Password hashes running off the runtime.");
            metrics::describe_counter!("tactica_password_hashes_total", "Password hashes run.");
            metrics::describe_counter!("tactica_journal_events_total", "Events committed by the journal.");
            metrics::describe_counter!(
                "tactica_journal_commits_total",
                "Journal commits; events per commit is the batch size."
            );
            metrics::describe_histogram!(
                "tactica_action_latency_seconds",
                Unit::Seconds,
                "Time from receiving an action to acknowledging it (stored and applied)."
            );
            metrics::describe_histogram!(
                "tactica_journal_commit_seconds",
                Unit::Seconds,
                "Time one journal commit takes."
            );
            Metrics {
                exposition: exposition.clone(),
                connections: metrics::gauge!("tactica_connections"),
                connections_total: metrics::counter!("tactica_connections_total"),
                live_matches: metrics::gauge!("tactica_live_matches"),
                tables: metrics::gauge!("tactica_tables"),
                actions_total: metrics::counter!("tactica_actions_total"),
                client_errors_total: metrics::counter!("tactica_client_errors_total"),
                rate_limited_total: metrics::counter!("tactica_rate_limited_total"),
                table_panics_total: metrics::counter!("tactica_table_panics_total"),
                rebuilds_running: metrics::gauge!("tactica_rebuilds_running"),
                rebuilds_total: metrics::counter!("tactica_rebuilds_total"),
                restores_running: metrics::gauge!("tactica_restores_running"),
                restores_total: metrics::counter!("tactica_restores_total"),
                restores_pending: metrics::gauge!("tactica_restores_pending"),
                bots_running: metrics::gauge!("tactica_bots_running"),
                bots_total: metrics::counter!("tactica_bots_total"),
                password_hashes_running: metrics::gauge!("tactica_password_hashes_running"),
                password_hashes_total: metrics::counter!("tactica_password_hashes_total"),
                action_latency: metrics::histogram!("tactica_action_latency_seconds"),
                commit_latency: metrics::histogram!("tactica_journal_commit_seconds"),
                journal_events_total: metrics::counter!("tactica_journal_events_total"),
                journal_commits_total: metrics::counter!("tactica_journal_commits_total"),
            }
        })
    }
}

impl Metrics {
    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        self.exposition.render()
    }

    /// Folds the latency samples recorded since the last upkeep into their
    /// histograms. Run every few seconds: without it, samples pile up until
    /// someone scrapes `/metrics`, and nobody may.
    pub fn upkeep(&self) {
        self.exposition.run_upkeep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_lands_in_every_bucket_at_or_above_it() {
        let metrics = Metrics::default();
        metrics.action_latency.record(0.004);
        let text = metrics.render();
        assert!(text.contains("tactica_action_latency_seconds_bucket{le=\"0.003\"} 0"), "{text}");
        assert!(text.contains("tactica_action_latency_seconds_bucket{le=\"0.005\"} 1"), "{text}");
        assert!(text.contains("tactica_action_latency_seconds_count 1"), "{text}");
    }

    #[test]
    fn two_servers_count_apart() {
        let (one, two) = (Metrics::default(), Metrics::default());
        one.actions_total.increment(3);
        assert!(one.render().contains("tactica_actions_total 3"));
        assert!(two.render().contains("tactica_actions_total 0"), "{}", two.render());
    }
}
