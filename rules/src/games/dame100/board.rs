//! Squares of the 10×10 draughts board as bits of a `u64`.
//!
//! The 50 dark squares are numbered 1 to 50 row by row from Black's side, as
//! in standard notation (1–5 is Black's back row, 46–50 White's). Square `n`
//! lives at bit `(n-1) + (n-1)/10`: after every two rows one unused "ghost"
//! bit is skipped. With that padding, the four diagonal neighbours of every
//! square are exactly 6 and 5 bits below it (towards Black: up-left,
//! up-right) and 5 and 6 bits above it (towards White: down-left,
//! down-right), and a step off the side of the board lands on a ghost bit,
//! which [`VALID`] masks away. Moves of all pieces in one direction are then
//! a single shift.

use crate::board::Cell;
use crate::layout::CellId;
use std::fmt;
use std::str::FromStr;

/// Bits of the 50 squares (ghost bits 10, 21, 32 and 43 left out).
pub const VALID: u64 = {
    let mut bits = 0u64;
    let mut n = 1;
    while n <= 50 {
        bits |= 1 << index(n);
        n += 1;
    }
    bits
};

/// The four diagonal directions as bit offsets: up-left, up-right (towards
/// squares 1–5, White's forward), down-left, down-right (Black's forward).
/// Direction `i` and `3 - i` are opposite.
pub const DIRECTIONS: [i32; 4] = [-6, -5, 5, 6];

/// Squares 1–5: where White's men become kings.
pub const WHITE_PROMOTION: u64 = 0b11111;
/// Squares 46–50: where Black's men become kings.
pub const BLACK_PROMOTION: u64 = 0b11111 << 49;

/// The bit index of square `n` (1 to 50).
pub const fn index(n: u8) -> u32 {
    let m = n as u32 - 1;
    m + m / 10
}

/// Every bit of `bits` moved one step in direction `offset`, off-board steps dropped.
#[inline(always)]
pub const fn shift(bits: u64, offset: i32) -> u64 {
    if offset > 0 { (bits << offset) & VALID } else { (bits >> -offset) & VALID }
}

/// A dark square of the board as the move generator knows it, by its
/// number 1 to 50 and its bit. Actions and notation name it by its [`Cell`]
/// (the same number); its layout cell id is the number less one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square `n`, if `n` is 1 to 50.
    pub fn new(n: u8) -> Option<Square> {
        (1..=50).contains(&n).then_some(Square(n))
    }

    /// Square `n`, in a constant: `n` must be 1 to 50.
    pub const fn new_const(n: u8) -> Square {
        assert!(n >= 1 && n <= 50, "a square is numbered 1 to 50");
        Square(n)
    }

    /// The square a cell name stands for, if it is a number 1 to 50.
    pub fn of(cell: Cell) -> Option<Square> {
        if !cell.letters().is_empty() {
            return None;
        }
        u8::try_from(cell.number()).ok().and_then(Square::new)
    }

    /// The square's name.
    pub fn cell(self) -> Cell {
        Cell::numbered(u16::from(self.0))
    }

    /// The square's cell id in the layout.
    pub fn id(self) -> CellId {
        CellId::from(self.0 - 1)
    }

    /// The square's number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its bit.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << index(self.0)
    }

    /// The square at bit index `i` (which must be a valid square bit).
    #[inline]
    pub const fn from_index(i: u32) -> Square {
        Square((i - i / 11 + 1) as u8)
    }

    /// The square of a one-bit set.
    #[inline]
    pub const fn from_bit(bit: u64) -> Square {
        Square::from_index(bit.trailing_zeros())
    }

    /// Rows from Black's side, 0 to 9.
    pub const fn row_from_top(self) -> u8 {
        (self.0 - 1) / 5
    }

    /// Column from White's left, 0 to 9.
    pub const fn column(self) -> u8 {
        let k = (self.0 - 1) % 5;
        if self.row_from_top() % 2 == 0 { 2 * k + 1 } else { 2 * k }
    }
}

/// The squares of a bit set, in ascending order.
pub fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let square = Square::from_index(bits.trailing_zeros());
            bits &= bits - 1;
            square
        })
    })
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that names no square.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a square (1 to 50)")]
pub struct BadSquare(pub String);

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(s: &str) -> Result<Square, BadSquare> {
        let digits = s.trim();
        let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        numeric
            .then(|| digits.parse::<u8>().ok())
            .flatten()
            .and_then(Square::new)
            .ok_or_else(|| BadSquare(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn neighbours(n: u8) -> Vec<u8> {
        let mut v: Vec<u8> = DIRECTIONS
            .iter()
            .filter_map(|d| Some(shift(Square(n).bit(), *d)).filter(|b| *b != 0))
            .map(|b| Square::from_bit(b).0)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn diagonal_neighbours_match_the_numbered_board() {
        assert_eq!(neighbours(1), [6, 7]);
        assert_eq!(neighbours(5), [10]);
        assert_eq!(neighbours(6), [1, 11]);
        assert_eq!(neighbours(28), [22, 23, 32, 33]);
        assert_eq!(neighbours(46), [41]);
        assert_eq!(neighbours(45), [40, 50]);
        assert_eq!(neighbours(15), [10, 20]);
        assert_eq!(VALID.count_ones(), 50);
        for n in 1..=50 {
            assert_eq!(Square::from_bit(Square(n).bit()).0, n);
        }
    }

    #[test]
    fn rows_and_columns_put_square_46_bottom_left() {
        assert_eq!((Square(46).row_from_top(), Square(46).column()), (9, 0));
        assert_eq!((Square(1).row_from_top(), Square(1).column()), (0, 1));
        assert_eq!((Square(5).row_from_top(), Square(5).column()), (0, 9));
        assert_eq!((Square(50).row_from_top(), Square(50).column()), (9, 8));
    }
}
