//! The 8×8 board of Tactique: squares `a1` to `h8`, the two halves the
//! armies are set up in, straight lines for movement and the archers' reach.
//!
//! Columns are lettered `a` to `h` from White's left, rows numbered 1 to 8
//! from White's side. White (seat 0) sets up on rows 1–4, Black (seat 1) on
//! rows 5–8. Actions name squares by [`Cell`]; the rules index them as a
//! [`Square`], `row * 8 + column`, which is also its cell id in the layout.

use crate::board::{Cell, Drawn, Geometry, Lines};
use crate::games::two_seats::{white_and_black, white_or_black};
use crate::layout::{Area, AreaStyle, CellId, Layout};
use crate::seat::Seat;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

/// Squares on a side of the board.
pub const SIDE: u8 = 8;
/// Squares on the board.
pub const SQUARES: usize = 64;

/// The four orthogonal steps (column, row): the lines pieces move along and
/// the neighbours they attack.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// Where an archer shoots: exactly two squares away orthogonally, or one
/// square away diagonally.
pub const ARCHER_REACH: [(i8, i8); 8] = [(0, 2), (2, 0), (0, -2), (-2, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One square as the rules index it, with the arithmetic of the 8×8 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl From<Square> for Cell {
    fn from(square: Square) -> Cell {
        square.name()
    }
}

impl Square {
    /// The square a cell name stands for, if it is one of `a1` to `h8`.
    pub fn of(cell: Cell) -> Option<Square> {
        let column = cell.letter()?;
        let row = u8::try_from(cell.number()).ok()?.checked_sub(1)?;
        Square::new(column, row)
    }

    /// The square's name.
    pub fn name(self) -> Cell {
        Cell::at(self.column(), u16::from(self.row()) + 1)
    }

    /// The square in `column` (0 = a) and `row` (0 = row 1).
    pub fn new(column: u8, row: u8) -> Option<Square> {
        (column < SIDE && row < SIDE).then(|| Square(row * SIDE + column))
    }

    /// The square with this index (0 = a1, 63 = h8).
    pub fn from_index(index: usize) -> Option<Square> {
        (index < SQUARES).then_some(Square(index as u8))
    }

    /// Every square, from a1 along row 1, then row 2 and so on.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// Its index, 0 to 63.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its cell id in the layout.
    pub fn cell(self) -> CellId {
        CellId::from(self.0)
    }

    /// Column, 0 for `a`.
    pub fn column(self) -> u8 {
        self.0 % SIDE
    }

    /// Row, 0 for row 1.
    pub fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// The square `dc` columns and `dr` rows away, if on the board.
    pub fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let column = self.column() as i8 + dc;
        let row = self.row() as i8 + dr;
        if (0..SIDE as i8).contains(&column) && (0..SIDE as i8).contains(&row) {
            Square::new(column as u8, row as u8)
        } else {
            None
        }
    }

    /// The orthogonally adjacent squares.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        ORTHOGONAL.into_iter().filter_map(move |(dc, dr)| self.offset(dc, dr))
    }

    /// Whether `other` is orthogonally adjacent.
    pub fn touches(self, other: Square) -> bool {
        let (dc, dr) = (self.column().abs_diff(other.column()), self.row().abs_diff(other.row()));
        dc + dr == 1
    }

    /// The seat whose half of the board holds the square.
    pub fn half(self) -> Seat {
        if self.row() < SIDE / 2 { Seat(0) } else { Seat(1) }
    }

    /// Which row of its half the square is in, counted from that seat's
    /// back edge: 1 to 4.
    pub fn row_from_back(self) -> u8 {
        if self.half() == Seat(0) { self.row() + 1 } else { SIDE - self.row() }
    }

    /// Whether the square is in the fourth row from its half's back edge,
    /// the row that holds only three pieces at the start.
    pub fn is_front_row(self) -> bool {
        self.row_from_back() == 4
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A square name that is not one of `a1` to `h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no square {0:?} on the board (a1 to h8)")]
pub struct BadSquare(pub String);

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Square, BadSquare> {
        let bad = || BadSquare(text.to_string());
        let bytes = text.trim().as_bytes();
        let [file, rank] = bytes else { return Err(bad()) };
        let column = file.to_ascii_lowercase().wrapping_sub(b'a');
        let row = rank.wrapping_sub(b'1');
        Square::new(column, row).ok_or_else(bad)
    }
}

/// The board: 64 squares.
static BOARD: LazyLock<Geometry> = LazyLock::new(|| Geometry::grid(SIDE, SIDE, Lines::Orthogonal, Drawn::Squares));

/// The board's layout: 64 squares, each half tinted in its owner's colour.
pub fn layout() -> Layout {
    let mut layout = BOARD.layout().clone().with_seats(white_and_black());
    for seat in [Seat(0), Seat(1)] {
        layout = layout.with_area(Area {
            name: format!("{}'s half", white_or_black(seat)),
            owner: Some(seat),
            cells: Square::all().filter(|s| s.half() == seat).map(Square::cell).collect(),
            style: AreaStyle::Tint(None),
        });
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_halves_split_at_row_four() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>().unwrap(), s);
        }
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(sq("a1").index(), 0);
        assert_eq!(sq("h8").index(), 63);
        assert_eq!(sq("d4").half(), Seat(0));
        assert_eq!(sq("d5").half(), Seat(1));
        assert!(sq("c4").is_front_row() && sq("c5").is_front_row());
        assert_eq!(sq("a8").row_from_back(), 1);
        assert!(sq("a1").touches(sq("a2")) && !sq("a1").touches(sq("b2")));
        for bad in ["i1", "a9", "a0", "", "a10", "1a"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
