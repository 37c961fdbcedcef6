//! What one viewer sees of a match.
//!
//! A view holds nothing its viewer may not know: a game builds it from its
//! state for a given [`Viewer`](crate::Viewer), leaving out opposing hidden
//! ranks, other seats' cards and the order of decks. The shape is the same
//! for every game so that one client can draw all of them: stacks of pieces
//! on cells, attributes of cells that change in play (a territory's owner,
//! points stored on a field), a panel per seat (facts, a hand of cards shown
//! as a count to others), the teams, who acts and why.

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

/// What a cell shows besides its pieces, while it differs from the start: a
/// territory's owner, points stored on it, a mark or a counter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attribute {
    /// The cell.
    pub cell: CellId,
    /// The seat that owns or holds it, drawn in that seat's colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Seat>,
    /// A number shown on it (points stored on a field, a counter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// A short word shown on it ("moved", "disputed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

/// Cards in a seat's hand as one viewer sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    /// The cards this viewer may read.
    pub cards: Vec<String>,
    /// How many more cards the seat holds, face down for this viewer.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hidden: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Dice a seat threw, as they lie on the table while it plays them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    /// Each die's face, 1 to 6.
    pub faces: Vec<u8>,
    /// Per die: whether it has been used.
    pub used: Vec<bool>,
    /// Which throw of the match this is, counted from 1, so that a client
    /// can tell a new throw from the same faces thrown again.
    pub number: u32,
}

/// What is shown beside the board for one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Panel {
    /// Labelled numbers and words: pieces in hand, coins, points.
    pub facts: Vec<Fact>,
    /// The seat's cards, for games with cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
    /// The dice the seat threw and is playing now, for games with dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<Roll>,
}

impl Panel {
    /// A panel of facts only.
    pub fn facts(facts: Vec<Fact>) -> Panel {
        Panel { facts, hand: None, roll: None }
    }
}

/// A viewer's whole picture of a match at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct View {
    /// Occupied cells in ascending cell order.
    pub stacks: Vec<Stack>,
    /// Cells whose attributes differ from the start, in ascending cell order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<Attribute>,
    /// One panel per seat, indexed by seat.
    pub seats: Vec<Panel>,
    /// The alliances now: each set of seats on one side, when seats are
    /// allied (empty when every seat plays for itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<SeatSet>,
    /// The seats that may act now.
    pub acting: SeatSet,
    /// What is being waited for, in words ("White: second move from c4, or stop").
    pub prompt: String,
    /// Cells to mark: those of the last action the viewer may see.
    pub marks: Vec<CellId>,
    /// What only this viewer knows (held cards, own set-up), in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub private: Vec<String>,
    /// What the whole table must notice while it lasts (a Squeeze Play
    /// waiting to be answered), shown to every viewer as a banner until the
    /// rules take it back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<String>,
    /// The result, once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}
