//! What one viewer sees of a match.
//!
//! A view holds nothing its viewer may not know: a game builds it from its
//! state for a given [`Viewer`](crate::Viewer), leaving out opposing hidden
//! ranks, other seats' cards and the order of decks. The shape is the same
//! for every game so that one client can draw all of them.

use crate::layout::CellId;
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// One piece as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub owner: Seat,
    /// What kind, if the game has kinds and the viewer may know it: "king",
    /// a rank such as "5", "D" for demoted. `None` for plain pieces and for
    /// pieces whose kind is hidden from the viewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// True when the piece's kind exists but is hidden from this viewer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

impl Piece {
    /// A plain piece of `owner`.
    pub fn plain(owner: Seat) -> Piece {
        Piece { owner, kind: None, hidden: false }
    }

    /// A piece of `owner` of a known kind.
    pub fn of_kind(owner: Seat, kind: &str) -> Piece {
        Piece { owner, kind: Some(kind.to_string()), hidden: false }
    }
}

/// The pieces on one cell, bottom first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stack {
    /// The cell.
    pub cell: CellId,
    /// Its pieces from the bottom up; the last one is on top.
    pub pieces: Vec<Piece>,
}

/// A labelled number or word shown for a seat ("in hand: 12").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fact {
    /// What it is.
    pub label: String,
    /// Its value.
    pub value: String,
}

impl Fact {
    /// A fact from anything printable.
    pub fn new(label: &str, value: impl std::fmt::Display) -> Fact {
        Fact { label: label.to_string(), value: value.to_string() }
    }
}

/// A viewer's whole picture of a match at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct View {
    /// Occupied cells in ascending cell order.
    pub stacks: Vec<Stack>,
    /// Public facts per seat, indexed by seat.
    pub seats: Vec<Vec<Fact>>,
    /// The seats that may act now.
    pub acting: SeatSet,
    /// What is being waited for, in words ("White: second move from c4, or stop").
    pub prompt: String,
    /// Cells to mark: those of the last action the viewer may see.
    pub marks: Vec<CellId>,
    /// What only this viewer knows (held cards, own set-up), in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private: Vec<String>,
    /// The result, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}
