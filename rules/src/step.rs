//! What a match's history is made of. A [`Step`] changes the state: a seat's
//! action, or chance's outcome (a roll, a drawn card, a random arrangement:
//! chance is a player whose moves are drawn from the seed, as in OpenSpiel,
//! so rolls sit in the history and records can state them). A [`Leave`] is
//! why a seat leaves before the end; the rules decide what follows.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// One step of a match, with the game's action and chance types.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step<A, C> {
    /// A seat acts.
    Act(Seat, A),
    /// Chance decides.
    Chance(C),
}

impl<A, C> Step<A, C> {
    /// The seat that acted, for an action.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Step::Act(seat, _) => Some(*seat),
            Step::Chance(_) => None,
        }
    }
}

/// The actions among `steps`, with their seats, in order (the chance
/// outcomes left out).
pub fn actions<A: Clone, C>(steps: &[Step<A, C>]) -> Vec<(Seat, A)> {
    steps
        .iter()
        .filter_map(|step| match step {
            Step::Act(seat, action) => Some((*seat, action.clone())),
            Step::Chance(_) => None,
        })
        .collect()
}

/// Why a seat leaves a match before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leave {
    /// The player resigned.
    Resigned,
    /// The seat's clock ran out.
    TimeRanOut,
    /// The player went away and did not come back in time.
    Abandoned,
}

impl Leave {
    /// In words, as outcomes give reasons.
    pub fn reason(self) -> &'static str {
        match self {
            Leave::Resigned => "resignation",
            Leave::TimeRanOut => "time ran out",
            Leave::Abandoned => "the opponent left",
        }
    }
}

/// A game without chance: no value of this type exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoChance {}
