//! What the server tells a viewer about a table: its lobby, its match, its
//! numbered events, as that viewer may see them.

use crate::legal::SeatMoves;
use crate::{PlayerId, TableId, TimeControl};
use rules::{Leave, Opening, Outcome, Seat, View};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Stable id.
    pub id: PlayerId,
    /// Display name.
    pub name: String,
    /// Whether the player has registered (otherwise a guest).
    pub registered: bool,
    /// The bot this player is (its name, such as `"random"`); absent for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players are taking seats.
    Lobby,
    /// The match is being played.
    Live,
    /// The match has ended with a result.
    Finished,
    /// The match was aborted before its first action.
    Aborted,
}

impl Phase {
    /// Every phase.
    pub const ALL: [Phase; 4] = [Phase::Lobby, Phase::Live, Phase::Finished, Phase::Aborted];

    /// Its name, on the wire and in the database.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Lobby => "lobby",
            Phase::Live => "live",
            Phase::Finished => "finished",
            Phase::Aborted => "aborted",
        }
    }

    /// The phase of a name.
    pub fn named(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether the match is over, so that everything hidden may be shown.
    pub fn is_over(self) -> bool {
        matches!(self, Phase::Finished | Phase::Aborted)
    }
}

/// How a match came to an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// By the rules of the game.
    Rules,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A clock ran out.
    Timeout,
    /// A player left and the opponent claimed the win.
    Abandonment,
    /// Aborted before the first action; no result.
    Aborted,
    /// Stopped by a fault in the server (a bug); no result.
    Failed,
}

impl Termination {
    /// Whether a match ended this way has a result (places), or stopped
    /// without one.
    pub fn has_result(self) -> bool {
        !matches!(self, Termination::Aborted | Termination::Failed)
    }
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// How it ended.
    pub termination: Termination,
    /// Places (and scores) per seat; none for an aborted match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// The clocks of a timed match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Time left per seat, in milliseconds, as of `server_time`.
    pub remaining_ms: Vec<u64>,
    /// The seats whose clocks are running.
    pub running: Vec<Seat>,
    /// The server's clock (milliseconds since the Unix epoch) when measured.
    pub server_time: u64,
    /// While the match is in a set-up with a time of its own
    /// ([`crate::TimeControl::setup_ms`]): each seat's set-up time left and
    /// which of them run, as of `server_time`. The main clocks wait then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupClocks>,
}

/// The set-up clocks of a match whose set-up has a time of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupClocks {
    /// Set-up time left per seat, in milliseconds.
    pub remaining_ms: Vec<u64>,
    /// The seats still setting up, whose set-up clocks run.
    pub running: Vec<Seat>,
}

/// Whether a seat's player is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    /// The seat.
    pub seat: Seat,
    /// At least one connection follows the table.
    pub connected: bool,
    /// When the grace period to reconnect ends (milliseconds since the
    /// epoch), while the player is away during a live match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace_until: Option<u64>,
}

/// One numbered event of a table as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventView {
    /// Its number: 1, 2, 3, … without gaps.
    pub seq: u64,
    /// When it happened (milliseconds since the epoch).
    pub at: u64,
    /// The seat it concerns, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// What happened.
    #[serde(flatten)]
    pub detail: EventDetail,
}

/// What an event was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventDetail {
    /// The match started.
    Started {
        /// SHA-256 of the match seed, in hexadecimal.
        seed_commitment: String,
        /// The players by seat.
        players: Vec<PlayerInfo>,
    },
    /// A seat played an action.
    Action {
        /// The turn the action belongs to (from 0).
        turn: u32,
        /// Its notation, or what this viewer may read of it; `None` when
        /// the viewer learns only that the seat acted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Whether the action is hidden from this viewer (only its number is sent).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hidden: bool,
        /// The notation of the whole turn so far, or the parts of it this
        /// viewer may read.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_text: Option<String>,
        /// Given for the seat when a response window's deadline passed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_default: bool,
        /// The seat's part of a simultaneous decision (a secret set-up,
        /// each placement a turn of its own): move lists gather a seat's
        /// parts into one entry before the numbered moves.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        simultaneous: bool,
        /// What the rules did by themselves as the next turn began (an
        /// archer volley), with the seat whose turn it began: move lists
        /// write it at the start of that turn. Every viewer reads it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opening: Option<Opening>,
    },
    /// Chance decided: a roll, a drawn card, a random arrangement.
    Chance {
        /// The turn it belongs to.
        turn: u32,
        /// What this viewer may read of it, or `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Whether the outcome is hidden from this viewer.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hidden: bool,
        /// The turn so far, as for actions.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_text: Option<String>,
        /// What began the next turn, as for actions.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opening: Option<Opening>,
    },
    /// A seat left the match: the rules decide what follows (in a game of
    /// two seats, the other wins).
    Left {
        /// Why.
        leave: Leave,
        /// In words ("Black resigns").
        text: String,
    },
    /// A bot took over the seat (the event's) of a player who went away.
    TakenOver {
        /// The bot, now the seat's player.
        player: PlayerInfo,
    },
    /// A seat offered a draw.
    DrawOffered,
    /// The offer was declined (or lapsed when another seat played).
    DrawDeclined,
    /// Every seat in play agreed to a draw.
    DrawAgreed,
    /// The match ended.
    Ended {
        /// The result.
        result: MatchResult,
        /// The match seed, revealed (absent for a match aborted before it had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
    },
}

/// A public lobby in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbySummary {
    /// The table.
    pub table: TableId,
    /// The game id.
    pub game: String,
    /// The options.
    pub options: Value,
    /// The host's name.
    pub host: String,
    /// Names of the seated players, by seat.
    pub seats: Vec<Option<String>>,
    /// The clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// When it was created (milliseconds since the epoch).
    pub created_at: u64,
}

/// Everything a viewer needs to show a table from scratch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSnapshot {
    /// The table.
    pub table: TableId,
    /// The invite code (the link is `/t/<code>`).
    pub code: String,
    /// The game id.
    pub game: String,
    /// The options, with defaults filled in.
    pub options: Value,
    /// Listed publicly.
    pub public: bool,
    /// The clock, if timed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// The host.
    pub host: PlayerId,
    /// The bot (by name, as `GET /api/bots` lists them) that takes over
    /// the seat of a player who goes away, when the host chose one (games
    /// of three or more seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeover: Option<String>,
    /// The match starts as soon as every seat is taken.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auto_start: bool,
    /// Who sits where.
    pub seats: Vec<Option<PlayerInfo>>,
    /// The viewer's seats, in seat order: none for a spectator, several for
    /// a player holding more than one (in a game of three or more seats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub your_seats: Vec<Seat>,
    /// Where the table is in its life.
    pub phase: Phase,
    /// The number of the last event.
    pub seq: u64,
    /// Where to fetch the board's geometry (`GET`, a rules `Layout`): it
    /// depends only on the game, its rules version and the options, and
    /// may pass a frame's size.
    pub layout_url: String,
    /// The viewer's view of the match (of the start position in the lobby).
    pub view: View,
    /// The viewer's legal actions, seat by seat (see [`crate::legal`]),
    /// when they fit this frame.
    pub legal: Vec<SeatMoves>,
    /// How many `legal` frames follow with the rest of the legal actions.
    #[serde(default, skip_serializing_if = "crate::legal::is_zero")]
    pub legal_follows: usize,
    /// Those frames' lists, sent after this one (see [`crate::legal::frame`]).
    #[serde(skip)]
    pub legal_parts: Vec<Vec<SeatMoves>>,
    /// Every event so far, as this viewer may see it.
    pub events: Vec<EventView>,
    /// Clocks, for a timed match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// The seats that offered or accepted a draw, while an offer is open.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw_offers: Vec<Seat>,
    /// When the open response window closes at the latest (milliseconds
    /// since the epoch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_until: Option<u64>,
    /// Who is connected.
    pub presence: Vec<SeatPresence>,
    /// SHA-256 of the seed, once the match has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    /// The seed, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The result, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<MatchResult>,
    /// A rematch lobby opened after this match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<TableId>,
    /// The match this table is the rematch of: only its players sit down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<TableId>,
    /// How many people follow the table without a seat.
    #[serde(default, skip_serializing_if = "crate::chat::nobody")]
    pub spectators: u32,
    /// Spectators may not chat (the host chose so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quiet_spectators: bool,
    /// The latest lines of the viewer's chat channel, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<crate::ChatLine>,
}
