//! Word that a node has claimed a table whose lease it did not hold. When
//! the node that ran the table was lost (killed, or cut off past its
//! lease), stand-ins for the table on other nodes still point at it, and
//! would wait until its silence is noticed (`alive_for`, and a check more)
//! before their players reconnect. Told of the claim at once, they stop,
//! and their players find the table where it runs now.

use super::{Cluster, subject};
use crate::registry::Registry;
use crate::table::Command;
use futures_util::StreamExt;
use std::sync::Arc;
use tokio::sync::watch;

/// Tells every node that this node has claimed table `table`.
pub(super) async fn tell(cluster: &Cluster, table: &str) {
    if let Err(error) = cluster.broker.publish(subject::CLAIMED, table.to_string().into()).await {
        tracing::warn!(table, %error, "could not tell the other nodes of a claim");
    }
}

/// Stops this node's stand-in for each table claimed elsewhere, until
/// `stopped` turns true.
pub(super) async fn listen(cluster: Arc<Cluster>, registry: Arc<Registry>, mut stopped: watch::Receiver<bool>) {
    let mut claims = match cluster.broker.subscribe(subject::CLAIMED).await {
        Ok(claims) => claims,
        Err(error) => {
            tracing::error!(%error, "could not follow the other nodes' claims");
            return;
        }
    };
    loop {
        let message = tokio::select! {
            message = claims.next() => message,
            _ = stopped.wait_for(|stop| *stop) => return,
        };
        let Some(message) = message else { return };
        let Ok(table) = std::str::from_utf8(&message.payload) else { continue };
        // A table run here holds a term; only a stand-in has none.
        if let Some(stand_in) = registry.get(table).filter(|handle| handle.term.is_none()) {
            tracing::info!(table, "a table followed here was claimed by another node");
            stand_in.try_send(Command::Moved);
        }
    }
}
