//! A square's file and rank as numbers, for stepping along the lines of the
//! board: file 0 is `a` at White's left, rank 0 is rank 1 on White's side.
//! Squares are named by [`Cell`] (`d5`); this is only their arithmetic.

use crate::board::Cell;
use std::fmt;

/// A square by file and rank, both counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// The file, 0 for `a`.
    pub col: u8,
    /// The rank, 0 for rank 1 (White's side).
    pub row: u8,
}

impl Coord {
    /// The square on file `col` and rank `row`, both from 0.
    pub const fn new(col: u8, row: u8) -> Coord {
        Coord { col, row }
    }

    /// The square a name stands for, if it names one by a file letter `a`–`z`
    /// and a rank: the board may still not have it.
    pub fn of(cell: Cell) -> Option<Coord> {
        let col = cell.letter().filter(|l| *l < 26)?;
        let rank = u8::try_from(cell.number()).ok().filter(|r| (1..=26).contains(r))?;
        Some(Coord { col, row: rank - 1 })
    }

    /// The square's name.
    pub fn cell(self) -> Cell {
        Cell::at(self.col, u16::from(self.row) + 1)
    }

    /// Whether the square lies on a `size` × `size` board.
    pub const fn on_board(self, size: u8) -> bool {
        self.col < size && self.row < size
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cell())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_agree() {
        for name in ["a1", "d5", "h8", "j10", "n14", "z26"] {
            let cell: Cell = name.parse().unwrap();
            assert_eq!(Coord::of(cell).unwrap().cell(), cell);
        }
        assert_eq!(Coord::of("d5".parse().unwrap()), Some(Coord::new(3, 4)));
        for off in ["a27", "A1", "32", "NW1"] {
            assert_eq!(Coord::of(off.parse().unwrap()), None, "{off}");
        }
    }
}
