//! A table's door: on the node that runs the table, it takes the commands
//! other nodes send for their connections and hands them to the table as
//! if those connections were here. Each such connection gets a [`Conn`] of
//! this node, whose frames a small task publishes to the connection's own
//! subject, in order; when the table tells it to close (it cannot keep up,
//! or the table stopped here), its node is told to close it.

use super::Cluster;
use super::subject::{self, Mail};
use super::wire::ToTable;
use crate::table::{Command, Conn, TableHandle};
use futures_util::StreamExt;
use protocol::{ClientMessage, ErrorCode, ErrorMessage, ServerMessage};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

/// Frames waiting to be published for one connection of another node,
/// as many as a connection of this node may have queued.
const QUEUE: usize = 256;

/// Opens the door of a table that has just started here; it closes when
/// the table stops, telling every follower elsewhere to reconnect.
pub async fn open(cluster: &Arc<Cluster>, handle: TableHandle) {
    let inbox = match cluster.broker.subscribe(subject::table(&handle.id)).await {
        Ok(inbox) => inbox,
        Err(error) => {
            // Other nodes then find no one at the table's subject and
            // their players reconnect; this node's own players play on.
            tracing::error!(table = %handle.id, %error, "could not open a table's door on the broker");
            return;
        }
    };
    let task = tokio::spawn(serve(cluster.clone(), handle, inbox));
    let mut doors = cluster.doors.lock().expect("doors lock");
    doors.retain(|door| !door.is_finished());
    doors.push(task);
}

async fn serve(cluster: Arc<Cluster>, handle: TableHandle, mut inbox: async_nats::Subscriber) {
    // The connections of other nodes served here: by node and their id there.
    let mut guests: HashMap<(String, u64), Conn> = HashMap::new();
    let every = cluster.alive_for / 3;
    let mut check = tokio::time::interval_at(Instant::now() + every, every);
    loop {
        let message = tokio::select! {
            message = inbox.next() => message,
            () = handle.closed() => None,
            _ = check.tick() => {
                // The connections of a node gone quiet follow no more: their
                // seats go on to their grace periods.
                let gone: Vec<(String, u64)> =
                    guests.keys().filter(|(node, _)| !cluster.is_alive(node)).cloned().collect();
                for key in gone {
                    if let Some(local) = guests.remove(&key) {
                        let _ = handle.send(Command::Unsubscribe { conn_id: local.id }).await;
                    }
                }
                continue;
            }
        };
        let Some(message) = message else { break };
        if let Some(reply) = message.reply.clone() {
            // A subscription waits for the answer that the door is here.
            let _ = cluster.broker.publish(reply, bytes::Bytes::new()).await;
        }
        let Ok(command) = serde_json::from_slice::<ToTable>(&message.payload) else {
            tracing::warn!(table = %handle.id, "a node sent a command this node cannot read");
            continue;
        };
        let command = match command {
            ToTable::Subscribe { node, conn, player, last_seq, via_code } => {
                if let Some(old) = guests.remove(&(node.clone(), conn)) {
                    let _ = handle.send(Command::Unsubscribe { conn_id: old.id }).await;
                }
                let local = guest(&cluster, &handle.id, &node, conn);
                guests.insert((node, conn), local.clone());
                Command::Subscribe { conn: local, player, last_seq, via_code }
            }
            ToTable::Request { node, conn, player, message } => match guests.get(&(node.clone(), conn)) {
                Some(local) => Command::Request { conn: local.clone(), player, message, received: Instant::now() },
                None => {
                    // Not following here (any more): told so, as the table tells a stranger.
                    let id = if let ClientMessage::Act { id, .. } = &message { Some(id.clone()) } else { None };
                    let refusal = ServerMessage::Error(ErrorMessage {
                        code: ErrorCode::NoSuchTable,
                        message: "join the table first".into(),
                        table: Some(handle.id.clone()),
                        id,
                        dropped: None,
                    });
                    let frame = bytes::Bytes::from(serde_json::to_vec(&refusal).expect("server messages serialize"));
                    let _ = cluster.broker.publish(subject::mail(&node, Mail::Frame, &handle.id, conn), frame).await;
                    continue;
                }
            },
            ToTable::Unsubscribe { node, conn } => match guests.remove(&(node, conn)) {
                Some(local) => Command::Unsubscribe { conn_id: local.id },
                None => continue,
            },
            ToTable::SeatForRematch { player, seat } => Command::SeatForRematch { player, seat },
            ToTable::Probe => continue,
        };
        if handle.send(command).await.is_err() {
            break;
        }
    }
    let _ = inbox.unsubscribe().await;
    for ((node, conn), _) in guests {
        let _ = cluster.broker.publish(subject::mail(&node, Mail::Close, &handle.id, conn), bytes::Bytes::new()).await;
    }
    let _ = cluster.broker.flush().await;
}

/// A connection of this node standing for connection `conn` of node
/// `node`, with the task that publishes its frames.
fn guest(cluster: &Arc<Cluster>, table: &str, node: &str, conn: u64) -> Conn {
    let (tx, mut rx) = mpsc::channel(QUEUE);
    let kill = Arc::new(Notify::new());
    let local = Conn { id: cluster.next_conn_id(), tx, kill: kill.clone() };
    let (broker, frames, close) = (
        cluster.broker.clone(),
        subject::mail(node, Mail::Frame, table, conn),
        subject::mail(node, Mail::Close, table, conn),
    );
    tokio::spawn(async move {
        loop {
            tokio::select! {
                frame = rx.recv() => match frame {
                    Some(text) => {
                        let payload = bytes::Bytes::copy_from_slice(text.as_str().as_bytes());
                        if broker.publish(frames.clone(), payload).await.is_err() {
                            break;
                        }
                    }
                    // The table and the door have let it go.
                    None => return,
                },
                () = kill.notified() => break,
            }
        }
        let _ = broker.publish(close, bytes::Bytes::new()).await;
    });
    local
}
