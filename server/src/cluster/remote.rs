//! A stand-in for a table run on another node. This node's connections
//! hold its [`TableHandle`] like any table's and send it the same
//! commands; it passes them to the table's node over the broker, and the
//! node's mailbox ([`receive`]) hands the frames that come back to the
//! connections. One stand-in serves every connection of this node that
//! follows the table, and stops when the last one leaves or when the
//! table's node is gone, closing its connections so that their clients
//! reconnect and find the table wherever it runs next.

use super::subject::{self, Mail};
use super::wire::ToTable;
use super::{Cluster, ClusterError};
use crate::table::{Command, Conn, Context, Table, TableHandle};
use axum::extract::ws::Utf8Bytes;
use futures_util::StreamExt;
use protocol::{ClientMessage, ErrorCode};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Commands waiting for a stand-in.
const QUEUE: usize = 1024;

/// How long a subscription waits for the table's door to answer.
const ANSWER_WAIT: Duration = Duration::from_secs(2);

/// Starts this node's mailbox: frames for its connections from tables run
/// elsewhere, and word to close them, read in the order they were sent.
pub(super) async fn receive(cluster: &Arc<Cluster>) -> Result<(), ClusterError> {
    let mut mailbox = cluster
        .broker
        .subscribe(subject::mailbox(&cluster.node))
        .await
        .map_err(|e| ClusterError::Broker(e.to_string()))?;
    let weak = Arc::downgrade(cluster);
    tokio::spawn(async move {
        while let Some(message) = mailbox.next().await {
            let (Some(cluster), Some((kind, table, conn))) = (weak.upgrade(), subject::addressee(&message.subject))
            else {
                continue;
            };
            let Some(follower) = cluster.follower(table, conn) else { continue };
            match kind {
                Mail::Frame => {
                    if let Ok(text) = String::from_utf8(message.payload.to_vec()) {
                        follower.send_text(Utf8Bytes::from(text));
                    }
                }
                Mail::Close => follower.kill.notify_one(),
            }
        }
    });
    Ok(())
}

impl Cluster {
    fn follower(&self, table: &str, conn: u64) -> Option<Conn> {
        self.followers.lock().expect("followers lock").get(&(table.to_string(), conn)).cloned()
    }
}

/// Opens a stand-in for table `id` (invite code `code`), run on node
/// `node`, and registers it.
pub fn open(ctx: &Context, cluster: &Arc<Cluster>, id: &str, code: &str, node: String) -> TableHandle {
    let (tx, rx) = mpsc::channel(QUEUE);
    let handle = TableHandle::new(id.to_string(), code.to_string(), None, tx);
    ctx.registry.insert(handle.clone());
    let stand_in =
        StandIn { ctx: ctx.clone(), cluster: cluster.clone(), table: id.to_string(), node, conns: HashMap::new() };
    tokio::spawn(stand_in.run(rx));
    handle
}

struct StandIn {
    ctx: Context,
    cluster: Arc<Cluster>,
    table: String,
    /// The node that runs the table.
    node: String,
    /// This node's connections following the table.
    conns: HashMap<u64, Conn>,
}

impl StandIn {
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        // A connection that came to follow the table as its node went away:
        // it follows the table wherever it runs next.
        let mut newcomer: Option<Command> = None;
        let every = self.cluster.alive_for / 3;
        let mut check = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            let command = tokio::select! {
                command = rx.recv() => command,
                _ = check.tick() => {
                    if self.conns.is_empty() {
                        // Opened for no connection (a restore at start, a
                        // rematch seat passed on): nothing to stand in for.
                        break;
                    }
                    if self.cluster.is_alive(&self.node) {
                        continue;
                    }
                    tracing::info!(table = %self.table, node = %self.node, "the node of a table followed here is gone");
                    break;
                }
            };
            match command {
                Some(Command::Subscribe { conn, player, last_seq, via_code }) => {
                    let message = ToTable::Subscribe {
                        node: self.cluster.node.clone(),
                        conn: conn.id,
                        player: player.clone(),
                        last_seq,
                        via_code,
                    };
                    self.follow(conn.clone());
                    if !self.ask(&message).await {
                        // Its door is not there: the node stopped or lost the table.
                        self.unfollow(conn.id);
                        newcomer = Some(Command::Subscribe { conn, player, last_seq, via_code });
                        break;
                    }
                }
                Some(Command::Request { conn, player, message, .. }) => {
                    self.tell(&ToTable::Request { node: self.cluster.node.clone(), conn: conn.id, player, message })
                        .await;
                }
                Some(Command::Unsubscribe { conn_id }) => {
                    self.unfollow(conn_id);
                    self.tell(&ToTable::Unsubscribe { node: self.cluster.node.clone(), conn: conn_id }).await;
                    if self.conns.is_empty() {
                        break;
                    }
                }
                Some(Command::SeatForRematch { player, seat }) => {
                    self.tell(&ToTable::SeatForRematch { player, seat }).await;
                }
                Some(Command::Shutdown { done }) => {
                    let _ = done.send(());
                    break;
                }
                // Another node claimed the table: its node here is gone.
                Some(Command::Moved) => break,
                // Only a table's own task sends these, to itself.
                Some(Command::StartFull | Command::BotActs { .. }) => {}
                None => break,
            }
        }
        // Closed before it is forgotten, so that the registry sees it stopped.
        rx.close();
        self.ctx.registry.remove_stand_in(&self.table);
        // Every connection reconnects and joins again, finding the table
        // wherever it runs now; the table's door, if it is there, lets them go.
        let conn_ids: Vec<u64> = self.conns.keys().copied().collect();
        for conn_id in conn_ids {
            if let Some(conn) = self.conns.get(&conn_id) {
                conn.kill.notify_one();
            }
            self.unfollow(conn_id);
            self.tell(&ToTable::Unsubscribe { node: self.cluster.node.clone(), conn: conn_id }).await;
        }
        // What reached it as it stopped: who came to follow goes on to the
        // table wherever it runs next; a request is refused, to be sent again.
        let mut newcomers: Vec<Command> = newcomer.into_iter().collect();
        while let Ok(command) = rx.try_recv() {
            match command {
                Command::Subscribe { .. } => newcomers.push(command),
                Command::Request { conn, message, .. } => {
                    let id = if let ClientMessage::Act { id, .. } = &message { Some(id.as_str()) } else { None };
                    conn.error(ErrorCode::NoSuchTable, "the table has moved; join it again", Some(&self.table), id);
                }
                Command::Shutdown { done } => drop(done.send(())),
                _ => {}
            }
        }
        if !newcomers.is_empty() {
            self.hand_on(newcomers).await;
        }
    }

    /// Hands connections that came to follow the table to wherever it runs
    /// now (here, or a node whose door answered), or tells them it cannot
    /// be reached.
    async fn hand_on(&self, newcomers: Vec<Command>) {
        let handle = Table::load(&self.ctx, &self.table).await;
        for command in newcomers {
            let Command::Subscribe { conn, .. } = &command else { continue };
            let conn = conn.clone();
            let taken = match &handle {
                Ok(Some(handle)) => handle.send(command).await.is_ok(),
                _ => false,
            };
            if !taken {
                conn.error(
                    ErrorCode::NoSuchTable,
                    "the table could not be reached; join it again",
                    Some(&self.table),
                    None,
                );
            }
        }
    }

    fn follow(&mut self, conn: Conn) {
        self.cluster.followers.lock().expect("followers lock").insert((self.table.clone(), conn.id), conn.clone());
        self.conns.insert(conn.id, conn);
    }

    fn unfollow(&mut self, conn_id: u64) {
        self.cluster.followers.lock().expect("followers lock").remove(&(self.table.clone(), conn_id));
        self.conns.remove(&conn_id);
    }

    /// Sends a command and waits for the door to say it is there; false if
    /// nobody answers at the table's subject.
    async fn ask(&self, message: &ToTable) -> bool {
        self.cluster.ask(&self.table, message, ANSWER_WAIT).await
    }

    /// Sends a command without waiting.
    async fn tell(&self, message: &ToTable) {
        let payload = serde_json::to_vec(message).expect("commands serialize");
        if let Err(error) = self.cluster.broker.publish(subject::table(&self.table), payload.into()).await {
            tracing::warn!(table = %self.table, %error, "could not pass a command on to a table's node");
        }
    }
}
