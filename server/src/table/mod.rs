//! Tables: a lobby, then the match played at it. Each table lives in one
//! tokio task that owns all of its state — seats, the rules state, the
//! numbered events, clocks, who is watching — so nothing about a table is
//! shared or locked: connections send it [`Command`]s over a channel and it
//! answers each follower with what that follower may see.
//!
//! Why one task per table: every action must be checked against the current
//! state, stored, then applied and announced, in that order, one at a time.
//! A task processing its queue in order gives exactly that, and tables never
//! wait for each other.

mod actor;
mod bots;
mod chat;
mod clocks;
mod events;
mod followers;
mod live;
mod lobby;
mod over;
mod recent;
mod refusal;
mod setup;
mod snapshot;
mod stage;
mod supervision;
mod write;

pub use actor::{Context, Table, TableError};
pub use events::{Body, Event};
pub use supervision::FAILED;

/// Events a table keeps in memory; older ones are read from the database.
pub const RECENT_KEPT: usize = recent::Recent::KEPT;

use axum::extract::ws::Utf8Bytes;
use protocol::{ClientMessage, ErrorCode, ErrorMessage, PlayerInfo, ServerMessage, TableId};
use rules::Seat;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;

/// How a table reaches one WebSocket connection.
#[derive(Clone, Debug)]
pub struct Conn {
    /// The connection's id, unique in this server.
    pub id: u64,
    /// Messages to send, already serialized.
    pub tx: mpsc::Sender<Utf8Bytes>,
    /// Notified when the connection must close (it cannot keep up).
    pub kill: Arc<Notify>,
}

impl Conn {
    /// Queues a message. A connection whose queue is full is too slow to
    /// follow the game: it is told to close, and its client will reconnect
    /// and catch up. Returns false if the connection is gone or closing.
    pub fn send_text(&self, text: Utf8Bytes) -> bool {
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kill.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues frames in order; false as soon as one cannot be.
    pub fn send_frames(&self, frames: Vec<Utf8Bytes>) -> bool {
        frames.into_iter().all(|frame| self.send_text(frame))
    }

    /// Serializes and queues a message, in as many frames as it takes.
    pub fn send(&self, message: &ServerMessage) -> bool {
        self.send_frames(frames(message))
    }

    /// Sends an error to this connection only.
    pub fn error(&self, code: ErrorCode, message: impl Into<String>, table: Option<&str>, id: Option<&str>) {
        self.send(&ServerMessage::Error(ErrorMessage {
            code,
            message: message.into(),
            table: table.map(str::to_string),
            id: id.map(str::to_string),
            dropped: None,
        }));
    }
}

/// A message as JSON text.
pub fn serialize(message: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("server messages serialize"))
}

/// A message as the frames that carry it: its JSON text, then, for a state
/// whose legal actions did not fit its frame, a `legal` frame for each part
/// of them (docs/protocol.md).
pub fn frames(message: &ServerMessage) -> Vec<Utf8Bytes> {
    let (table, seq, parts) = match message {
        ServerMessage::Snapshot(snapshot) => (&snapshot.table, snapshot.seq, &snapshot.legal_parts),
        ServerMessage::Event { state, .. } | ServerMessage::CatchUp { state, .. } => {
            (&state.table, state.seq, &state.legal_parts)
        }
        _ => return vec![serialize(message)],
    };
    let mut frames = vec![serialize(message)];
    for part in parts {
        let legal = ServerMessage::Legal { table: table.clone(), seq, legal: part.clone() };
        frames.push(serialize(&legal));
    }
    frames
}

/// What a table task is asked to do.
#[derive(Debug)]
pub enum Command {
    /// Follow the table: receive a snapshot (or the events after
    /// `last_seq`) and then every change.
    Subscribe {
        /// The connection.
        conn: Conn,
        /// Who is connected.
        player: PlayerInfo,
        /// The last event number the client saw.
        last_seq: Option<u64>,
        /// The client came with the invite code.
        via_code: bool,
    },
    /// Stop following.
    Unsubscribe {
        /// The connection.
        conn_id: u64,
    },
    /// A lobby or match request from a player.
    Request {
        /// The connection to answer.
        conn: Conn,
        /// Who asks.
        player: PlayerInfo,
        /// The request.
        message: ClientMessage,
        /// When the server received it, for latency metrics.
        received: Instant,
    },
    /// Seat a player of the finished match this lobby is the rematch of,
    /// who asked for the rematch after it was created.
    SeatForRematch {
        /// The player.
        player: PlayerInfo,
        /// The seat after the one they held.
        seat: Seat,
    },
    /// Start the match of a lobby whose seats are all taken without the
    /// host starting it: a match against the computer, filled on creation,
    /// or a lobby that starts by itself, restored full.
    StartFull,
    /// A bot's choice for `seat`, made at event `seq`.
    BotActs {
        /// The seat.
        seat: Seat,
        /// The event it decided at.
        seq: u64,
        /// What it chose.
        choice: BotChoice,
    },
    /// This node has lost the table's lease to another node (several
    /// nodes): stop without writing anything, and close every follower's
    /// connection so that its client reconnects and finds the table there.
    /// A stand-in gets it when another node claimed its table.
    Moved,
    /// Stop (the server is shutting down); everything is already stored.
    Shutdown {
        /// Answered when stopped.
        done: oneshot::Sender<()>,
    },
}

/// What a bot decided for its seat.
#[derive(Debug)]
pub enum BotChoice {
    /// This action, in its JSON form.
    Play(serde_json::Value),
    /// To let a whole response window run to its deadline, where its
    /// default answer is given.
    Wait,
    /// Nothing: the bot panicked.
    Failed,
}

/// A handle to a table task.
#[derive(Clone, Debug)]
pub struct TableHandle {
    /// The table's id.
    pub id: TableId,
    /// Its invite code.
    pub code: String,
    /// The term of the lease under which this node runs it (several
    /// nodes); none for a server alone, or a stand-in for a table run on
    /// another node.
    pub term: Option<crate::store::Term>,
    tx: mpsc::Sender<Command>,
}

impl TableHandle {
    /// A handle to a task that takes commands on `tx`.
    pub(crate) fn new(id: TableId, code: String, term: Option<crate::store::Term>, tx: mpsc::Sender<Command>) -> Self {
        TableHandle { id, code, term, tx }
    }

    /// Sends a command if the task's queue has room; false if not, or if
    /// the task has stopped.
    pub fn try_send(&self, command: Command) -> bool {
        self.tx.try_send(command).is_ok()
    }

    /// Waits until the task has stopped.
    pub async fn closed(&self) {
        self.tx.closed().await;
    }

    /// Sends a command; gives it back if the task has stopped.
    pub async fn send(&self, command: Command) -> Result<(), Command> {
        self.tx.send(command).await.map_err(|e| e.0)
    }

    /// Whether the task has stopped.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
