//! Several nodes: `tactica` processes sharing one PostgreSQL and one NATS
//! server, behind a load balancer (docs/scaling.md).
//!
//! Each table runs on one node at a time, the one holding its lease
//! (`store::leases`): a node that loads a table claims it first. A node
//! whose connections follow a table run elsewhere opens a stand-in for it
//! ([`remote`]), which passes their commands to the table's node over the
//! broker; there the table's door ([`door`]) gives each such connection a
//! [`Conn`] of its own, so the table serves it like any other and its frames
//! come back over the broker. The protocol does not change: a browser may
//! connect to any node.
//!
//! A node says it is alive twice: in the database, which decides leases,
//! and on the broker, which tells stand-ins that the node of their table is
//! gone so that its players reconnect (a `heartbeat`). A node that stops
//! or drains gives its leases up; one lost outright loses them when its
//! heartbeat has been silent for `alive_for`, and the next node asked for
//! its tables claims them and restores them from the journal.
//!
//! Why NATS: its subjects address a table or a connection directly, a
//! request to a subject nobody serves fails at once ("no responders"), and
//! it keeps nothing, which suits messages that only matter while both ends
//! are up, since the journal holds everything that must last
//! (docs/architecture.md).

mod claims;
pub mod door;
mod heartbeat;
mod lobbies;
pub mod remote;
mod subject;
mod wire;

use crate::config::ClusterSettings;
use crate::store::{Claim, Leases, Store, StoreError};
use crate::table::Conn;
use protocol::TableId;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Why a node could not join the others.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The broker could not be reached.
    #[error("could not reach the broker: {0}")]
    Broker(String),
    /// The database refused.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The node holding a table's lease counts as alive but its door for
    /// the table does not answer (it is failing, or gave the table up
    /// without releasing it): the table cannot be reached for now.
    #[error("table {table} is leased to node {node}, which does not answer for it")]
    Unanswered {
        /// The table.
        table: String,
        /// The node its lease names.
        node: String,
    },
}

/// This node, among the others.
#[derive(Debug)]
pub struct Cluster {
    /// This node's id, new at every start.
    pub node: String,
    /// This node's leases.
    pub leases: Leases,
    /// The broker.
    pub broker: async_nats::Client,
    /// How long a node counts as alive after its last heartbeat.
    pub alive_for: Duration,
    /// When each other node was last heard on the broker.
    heard: Mutex<HashMap<String, Instant>>,
    /// This node's connections that follow tables run elsewhere, by table
    /// and connection id: where the frames the broker brings go.
    followers: Mutex<HashMap<(TableId, u64), Conn>>,
    /// Ids for the connections of other nodes served here.
    next_conn_id: AtomicU64,
    /// The doors of the tables run here, waited for when the node stops.
    doors: Mutex<Vec<JoinHandle<()>>>,
}

impl Cluster {
    /// Joins the others: connects to the broker, says this node is alive,
    /// and starts its heartbeat and its followers' mailbox.
    pub async fn join(settings: &ClusterSettings, store: &Store) -> Result<std::sync::Arc<Cluster>, ClusterError> {
        let node = uuid::Uuid::new_v4().simple().to_string();
        let broker = async_nats::ConnectOptions::new()
            .name(format!("tactica-{node}"))
            .connect(settings.broker_url.as_str())
            .await
            .map_err(|e| ClusterError::Broker(e.to_string()))?;
        let leases = store.leases(&node, settings.alive_for)?;
        leases.heartbeat().await?;
        let cluster = std::sync::Arc::new(Cluster {
            node,
            leases,
            broker,
            alive_for: settings.alive_for,
            heard: Mutex::default(),
            followers: Mutex::default(),
            // Apart from the ids of this node's own connections, which count up from 1.
            next_conn_id: AtomicU64::new(1 << 48),
            doors: Mutex::default(),
        });
        remote::receive(&cluster).await?;
        heartbeat::listen(&cluster).await?;
        tracing::info!(node = %cluster.node, "joined the other nodes");
        Ok(cluster)
    }

    /// Starts the heartbeat, which tells each table in `registry` that
    /// has lost its lease, the sharing of the public lobby list, and the
    /// word of claims that stops stale stand-ins, until `stopped` turns true.
    pub fn beat(
        self: &std::sync::Arc<Self>,
        registry: std::sync::Arc<crate::registry::Registry>,
        stopped: tokio::sync::watch::Receiver<bool>,
    ) {
        tokio::spawn(lobbies::share(self.clone(), registry.clone(), stopped.clone()));
        tokio::spawn(claims::listen(self.clone(), registry.clone(), stopped.clone()));
        tokio::spawn(heartbeat::run(self.clone(), registry, stopped));
    }

    /// Claims table `table`. When another node holds it, the table is
    /// there only if its door answers: a node lost, paused or stopping
    /// does not, and then the claim is made again until its lease runs out
    /// (at most `alive_for` and a half; after that the table cannot be
    /// reached, `ClusterError::Unanswered`). So a stand-in is opened only
    /// for a door that answered.
    pub async fn claim(&self, table: &str) -> Result<Claim, ClusterError> {
        let deadline = Instant::now() + self.alive_for + self.alive_for / 2;
        loop {
            match self.leases.claim(table).await? {
                Claim::Held { node } => {
                    if self.probe(table).await {
                        // Its stand-in here counts the node alive from now.
                        self.heard_from(&node);
                        return Ok(Claim::Held { node });
                    }
                    if Instant::now() >= deadline {
                        return Err(ClusterError::Unanswered { table: table.to_string(), node });
                    }
                    tokio::time::sleep(self.alive_for / 10).await;
                }
                Claim::Granted(term) => {
                    if term > crate::store::Term(1) {
                        // Taken from a node that let it go or was lost:
                        // stand-ins elsewhere may still point there.
                        claims::tell(self, table).await;
                    }
                    return Ok(Claim::Granted(term));
                }
            }
        }
    }

    /// Whether table `table`'s door answers within a third of `alive_for`.
    async fn probe(&self, table: &str) -> bool {
        self.ask(table, &wire::ToTable::Probe, self.alive_for / 3).await
    }

    /// Sends table `table` a command and waits up to `wait` for its door
    /// to say it is there; false if nobody answers at the table's subject.
    async fn ask(&self, table: &str, command: &wire::ToTable, wait: Duration) -> bool {
        let payload = serde_json::to_vec(command).expect("commands serialize");
        let request = async_nats::Request::new().payload(payload.into()).timeout(Some(wait));
        match self.broker.send_request(subject::table(table), request).await {
            Ok(_) => true,
            Err(error) => {
                tracing::info!(table, %error, "no answer from a table's node");
                false
            }
        }
    }

    /// Whether node `node` was heard within `alive_for`.
    pub fn is_alive(&self, node: &str) -> bool {
        node == self.node
            || self.heard.lock().expect("heard lock").get(node).is_some_and(|at| at.elapsed() < self.alive_for)
    }

    /// Forgets the nodes not heard within `alive_for`, which count as gone
    /// whether remembered or not.
    fn forget_quiet(&self) {
        self.heard.lock().expect("heard lock").retain(|_, at| at.elapsed() < self.alive_for);
    }

    fn heard_from(&self, node: &str) {
        if node != self.node {
            self.heard.lock().expect("heard lock").insert(node.to_string(), Instant::now());
        }
    }

    /// An id for a connection of another node served here.
    fn next_conn_id(&self) -> u64 {
        self.next_conn_id.fetch_add(1, Relaxed)
    }

    /// Gives up every lease, once the tables have stopped and the journal
    /// is flushed, so that other nodes take them over at once; the doors
    /// have told every follower elsewhere to reconnect.
    pub async fn leave(&self) {
        let doors: Vec<JoinHandle<()>> = std::mem::take(&mut *self.doors.lock().expect("doors lock"));
        let _ = tokio::time::timeout(Duration::from_secs(5), futures_util::future::join_all(doors)).await;
        if let Err(error) = self.leases.leave().await {
            tracing::error!(%error, "could not give up this node's leases: other nodes wait for them to run out");
        }
        let _ = self.broker.flush().await;
    }
}
