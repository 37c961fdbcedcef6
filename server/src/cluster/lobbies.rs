//! The public lobby list across nodes. Each node tells the others its own
//! public lobbies, whole, whenever they change and with every heartbeat;
//! each keeps the others' lists beside its own in its registry, which
//! every watcher reads as one list, and drops the list of a node that has
//! gone quiet.

use super::wire::Lobbies;
use super::{Cluster, subject};
use crate::registry::Registry;
use futures_util::StreamExt;
use std::collections::HashSet;
use std::sync::Arc;
use tokio::sync::watch;

/// Shares this node's lobbies and keeps the others' until `stopped`.
pub(super) async fn share(cluster: Arc<Cluster>, registry: Arc<Registry>, mut stopped: watch::Receiver<bool>) {
    let mut heard = match cluster.broker.subscribe(subject::LOBBIES).await {
        Ok(heard) => heard,
        Err(error) => {
            tracing::error!(%error, "could not follow the other nodes' lobbies");
            return;
        }
    };
    let mut every = tokio::time::interval(cluster.alive_for / 3);
    // The nodes whose lists are kept.
    let mut listed: HashSet<String> = HashSet::new();
    loop {
        tokio::select! {
            message = heard.next() => {
                let Some(message) = message else { return };
                let Ok(told) = serde_json::from_slice::<Lobbies>(&message.payload) else { continue };
                if told.node != cluster.node {
                    cluster.heard_from(&told.node);
                    registry.lobbies_elsewhere(&told.node, Some(told.lobbies));
                    listed.insert(told.node);
                }
            }
            () = registry.own_lobbies_changed() => tell(&cluster, registry.own_lobbies()).await,
            _ = every.tick() => {
                tell(&cluster, registry.own_lobbies()).await;
                listed.retain(|node| {
                    let alive = cluster.is_alive(node);
                    if !alive {
                        registry.lobbies_elsewhere(node, None);
                    }
                    alive
                });
            }
            () = async { drop(stopped.wait_for(|stop| *stop).await) } => {
                // Gone: the others drop this node's lobbies at once.
                tell(&cluster, Vec::new()).await;
                return;
            }
        }
    }
}

async fn tell(cluster: &Cluster, lobbies: Vec<protocol::LobbySummary>) {
    let told = Lobbies { node: cluster.node.clone(), lobbies };
    let payload = serde_json::to_vec(&told).expect("lobbies serialize");
    if let Err(error) = cluster.broker.publish(subject::LOBBIES, payload.into()).await {
        tracing::warn!(%error, "could not tell the other nodes this node's lobbies");
    }
}
