//! The fixed geometry of a board: its cells, their names and where to draw them.
//!
//! A layout does not change during a match, so it is sent once per match and
//! views refer to cells by [`CellId`]. The web client has one renderer per
//! [`Shape`]; the coordinates of a cell mean what that shape says.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A cell's index in [`Layout::cells`].
pub type CellId = u16;

/// The kinds of board the client can draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Points on a hexagon of side `(rows + 1) / 2` with horizontal rows:
    /// `row` counts rows from seat 0's side, `col` is a doubled horizontal
    /// coordinate (neighbours in a row are 2 apart, and a cell's neighbours in
    /// the next row are 1 to its left and right).
    Hex,
    /// Squares of a `rows` × `cols` chequerboard; `row` 0 is the rank nearest
    /// seat 0 and `col` 0 is seat 0's left. Only the listed cells are playable.
    Squares,
    /// Points where the lines of a `rows` × `cols` grid cross, same coordinates
    /// as [`Shape::Squares`].
    Intersections,
}

/// One playable cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// Its name in the game's notation ("c4", "32").
    pub label: String,
    /// Row, in the shape's coordinates.
    pub row: u16,
    /// Column, in the shape's coordinates.
    pub col: u16,
}

/// A named group of cells drawn tinted: a castle, a home area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    /// What players call it ("White's castle").
    pub name: String,
    /// The seat it belongs to, for its colour.
    pub owner: Option<Seat>,
    /// Its cells.
    pub cells: Vec<CellId>,
}

/// How a seat's pieces look.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStyle {
    /// The seat's name in the rulebook ("White").
    pub name: String,
    /// A CSS colour for its pieces.
    pub colour: String,
}

/// The whole fixed geometry of a match's board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Which renderer draws it.
    pub shape: Shape,
    /// Number of rows in the shape's coordinates.
    pub rows: u16,
    /// Number of columns in the shape's coordinates.
    pub cols: u16,
    /// The playable cells; a cell's index is its [`CellId`].
    pub cells: Vec<Cell>,
    /// Tinted groups of cells.
    pub zones: Vec<Zone>,
    /// One style per seat.
    pub seats: Vec<SeatStyle>,
}

/// White's seat in games of White against Black where White moves first.
pub const WHITE: Seat = Seat(0);
/// Black's seat in those games.
pub const BLACK: Seat = Seat(1);

/// The names of seat 0 and seat 1 in games of White against Black.
pub const WHITE_AND_BLACK: [&str; 2] = ["White", "Black"];

/// "White" for seat 0, "Black" for seat 1.
pub fn white_or_black(seat: Seat) -> &'static str {
    WHITE_AND_BLACK[seat.index()]
}

/// The styles of a White seat 0 and a Black seat 1.
pub fn white_and_black() -> Vec<SeatStyle> {
    vec![
        SeatStyle { name: WHITE_AND_BLACK[0].into(), colour: "#f4f1e8".into() },
        SeatStyle { name: WHITE_AND_BLACK[1].into(), colour: "#2b2b2b".into() },
    ]
}

impl Layout {
    /// The id of the cell named `label`.
    pub fn find(&self, label: &str) -> Option<CellId> {
        self.cells.iter().position(|c| c.label == label).map(|i| i as CellId)
    }
}
