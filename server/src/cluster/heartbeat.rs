//! A node's heartbeat, every third of `alive_for`: in the database, which
//! keeps its leases from running out and tells it which it still holds,
//! and on the broker, where stand-ins learn that the node of their table
//! is still there. A table run here whose lease another node claimed
//! meanwhile (this node was paused, or cut off from the database) is told
//! so and stops; if the database cannot be reached for `alive_for`, every
//! table here stops, since another node may claim any of them by then.

use super::{Cluster, ClusterError, subject};
use crate::registry::Registry;
use crate::table::Command;
use futures_util::StreamExt;
use std::sync::Arc;
use tokio::sync::watch;
use tokio::time::Instant;

/// Listens to the other nodes' heartbeats.
pub(super) async fn listen(cluster: &Arc<Cluster>) -> Result<(), ClusterError> {
    let mut beats = cluster.broker.subscribe(subject::ALIVE).await.map_err(|e| ClusterError::Broker(e.to_string()))?;
    let weak = Arc::downgrade(cluster);
    tokio::spawn(async move {
        while let Some(message) = beats.next().await {
            let Some(cluster) = weak.upgrade() else { return };
            if let Ok(node) = std::str::from_utf8(&message.payload) {
                cluster.heard_from(node);
            }
        }
    });
    Ok(())
}

/// Beats until `stopped` turns true.
pub(super) async fn run(cluster: Arc<Cluster>, registry: Arc<Registry>, mut stopped: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(cluster.alive_for / 3);
    let mut renewed = Instant::now();
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped.wait_for(|stop| *stop) => return,
        }
        let beat = cluster.broker.publish(subject::ALIVE, cluster.node.clone().into()).await;
        if beat.is_err() {
            tracing::warn!("could not say on the broker that this node is alive");
        }
        cluster.forget_quiet();
        // The tables here before the database is asked: each claimed its
        // lease before it was registered, so the answer lists it unless it
        // was lost.
        let running: Vec<_> = registry.all().into_iter().filter(|handle| handle.term.is_some()).collect();
        let lost = match cluster.leases.heartbeat().await {
            Ok(held) => {
                renewed = Instant::now();
                let held: std::collections::HashSet<_> = held.into_iter().map(|(id, term)| (id, Some(term))).collect();
                running.into_iter().filter(|handle| !held.contains(&(handle.id.clone(), handle.term))).collect()
            }
            Err(error) if renewed.elapsed() >= cluster.alive_for => {
                tracing::error!(%error, "the database has not renewed this node's leases in time: its tables stop");
                running
            }
            Err(error) => {
                tracing::warn!(%error, "could not renew this node's leases");
                Vec::new()
            }
        };
        for handle in lost {
            tracing::warn!(table = %handle.id, "another node claimed a table run here: it stops here");
            // Never waiting on a busy table, which would hold every lease's renewal up;
            // a table whose queue is full finds out at its next write.
            handle.try_send(Command::Moved);
        }
    }
}
