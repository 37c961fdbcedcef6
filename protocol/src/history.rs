//! Bodies of the match history API (`GET /api/matches`, `GET /api/matches/{id}`).

use crate::table::{EventView, MatchResult, Phase, PlayerInfo};
use crate::{TableId, TimeControl};
use rules::{Opening, Seat, View, layout::Layout};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A seat of a listed match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// Who played it.
    pub player: PlayerInfo,
    /// Its place, once the match is over (1 is best).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u8>,
}

/// One match in a list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// The table.
    pub table: TableId,
    /// The game id.
    pub game: String,
    /// The options.
    pub options: Value,
    /// Where it is in its life.
    pub phase: Phase,
    /// Its players.
    pub seats: Vec<SeatSummary>,
    /// The result, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<MatchResult>,
    /// When it started (milliseconds since the epoch).
    pub started_at: u64,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    /// Turns played.
    pub turns: u32,
    /// The version of the game's rules it is played and replayed under.
    pub rules_version: u32,
    /// Why a live match could not be restored, when it could not: it waits,
    /// stored as it was, for a server that can restore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrestorable: Option<String>,
}

/// A page of matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchList {
    /// The matches, newest first.
    pub matches: Vec<MatchSummary>,
    /// The page (from 1).
    pub page: u32,
    /// Whether there are more pages.
    pub more: bool,
}

/// One match with its moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchDetail {
    /// The summary.
    #[serde(flatten)]
    pub summary: MatchSummary,
    /// Public listing.
    pub public: bool,
    /// The clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
    /// SHA-256 of the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    /// The seed, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Every event, as the requester may see it.
    pub events: Vec<EventView>,
}

/// A page of a match's events, oldest first: what a table's snapshot,
/// which carries only the recent events, leaves to be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventPage {
    /// The events before the one asked for, as the requester may see them.
    pub events: Vec<EventView>,
}

/// The state after one turn, for stepping through a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayStep {
    /// Turns completed (0 is the start).
    pub turn: u32,
    /// The number of the last event the step takes in (0 for the start):
    /// the live move list names a turn by it when a player looks back.
    pub seq: u64,
    /// The turn's notation, if the viewer may see it (none for the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The seat that played the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// A seat's part of a simultaneous decision (a set-up), as
    /// `simultaneous` in an action event.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub simultaneous: bool,
    /// What the rules did by themselves as the next turn began (an archer
    /// volley, already on the board of this step), as `opening` in an
    /// action event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
    /// The board as the viewer sees it after the turn.
    pub view: View,
}

/// A whole match for the replay page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The board's geometry.
    pub layout: Layout,
    /// The start and the state after each turn.
    pub steps: Vec<ReplayStep>,
}
