//! What one node asks of the node that runs a table, on the table's
//! subject. Each names the asking node and its connection, which the
//! table's door maps to a connection of its own.

use protocol::{ClientMessage, PlayerInfo, Seat};
use serde::{Deserialize, Serialize};

/// A command for a table run on another node.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToTable {
    /// Is the table's door open? (Answered like any command sent as a
    /// request; nothing else is done.)
    Probe,
    /// A connection follows the table (as `Command::Subscribe`).
    Subscribe {
        /// The connection's node.
        node: String,
        /// The connection's id there.
        conn: u64,
        /// Who is connected.
        player: PlayerInfo,
        /// The last event number the client saw.
        last_seq: Option<u64>,
        /// The client came with the invite code.
        via_code: bool,
    },
    /// A connection's request (as `Command::Request`).
    Request {
        /// The connection's node.
        node: String,
        /// The connection's id there.
        conn: u64,
        /// Who asks.
        player: PlayerInfo,
        /// The request.
        message: ClientMessage,
    },
    /// A connection stops following.
    Unsubscribe {
        /// The connection's node.
        node: String,
        /// The connection's id there.
        conn: u64,
    },
    /// Seat a player of the match this lobby is the rematch of (as
    /// `Command::SeatForRematch`).
    SeatForRematch {
        /// The player.
        player: PlayerInfo,
        /// The seat.
        seat: Seat,
    },
}

/// A node's public lobbies, all of them, told on every change and with
/// every heartbeat (so that a node that starts learns them soon, and a
/// lost message is mended).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Lobbies {
    /// The node.
    pub node: String,
    /// Its public lobbies.
    pub lobbies: Vec<protocol::LobbySummary>,
}
