//! Where a table is in its life, as one value that owns what that stage
//! needs: a lobby (players take seats; nothing but the seats is kept), a
//! live match ([`Live`]: its seed, clocks, draw offers, seats that left,
//! response window, absent players, bots thinking), and a match that is
//! over ([`Over`]: its result and revealed seed, or a lobby closed before
//! it started). A table moves one way, lobby → live → over; a match the
//! server cannot restore never becomes a table at all (see
//! [`TableError::Unrestorable`](super::TableError::Unrestorable)).
//!
//! Everything else a table holds — its setup, seats, the rules state, the
//! recent events, who follows it — is the same in every stage.

use super::clocks::ClockState;
use super::live::Live;
use super::over::Over;
use protocol::Phase;
use rules::SeatSet;

/// The stage of a table's life.
pub(super) enum Stage {
    /// Players are taking seats.
    Lobby,
    /// The match is being played.
    Live(Box<Live>),
    /// The match ended, or the lobby was closed.
    Over(Box<Over>),
}

impl Stage {
    /// Its phase, as the wire and the database name it.
    pub(super) fn phase(&self) -> Phase {
        match self {
            Stage::Lobby => Phase::Lobby,
            Stage::Live(_) => Phase::Live,
            Stage::Over(over) => over.phase(),
        }
    }

    /// The live match, if the match is being played.
    pub(super) fn live(&self) -> Option<&Live> {
        match self {
            Stage::Live(live) => Some(live),
            Stage::Lobby | Stage::Over(_) => None,
        }
    }

    /// The live match, to change it.
    pub(super) fn live_mut(&mut self) -> Option<&mut Live> {
        match self {
            Stage::Live(live) => Some(live),
            Stage::Lobby | Stage::Over(_) => None,
        }
    }

    /// The live match if it still takes actions: not while an end waits to
    /// be stored.
    pub(super) fn running(&self) -> Option<&Live> {
        self.live().filter(|live| live.pending_end.is_none())
    }

    /// The seats that left the match (none before it starts).
    pub(super) fn left(&self) -> SeatSet {
        match self {
            Stage::Live(live) => live.left,
            Stage::Over(over) => over.left,
            Stage::Lobby => SeatSet::EMPTY,
        }
    }

    /// The SHA-256 of the match's seed, once it started.
    pub(super) fn commitment(&self) -> Option<&str> {
        match self {
            Stage::Live(live) => live.commitment.as_deref(),
            Stage::Over(over) => over.commitment.as_deref(),
            Stage::Lobby => None,
        }
    }

    /// The match's clocks: running while live, stopped once over.
    pub(super) fn clocks(&self) -> Option<&ClockState> {
        match self {
            Stage::Live(live) => live.clocks.as_ref(),
            Stage::Over(over) => over.clocks.as_ref(),
            Stage::Lobby => None,
        }
    }

    /// The ended match, if it is over.
    pub(super) fn over(&self) -> Option<&Over> {
        match self {
            Stage::Over(over) => Some(over),
            Stage::Lobby | Stage::Live(_) => None,
        }
    }
}
