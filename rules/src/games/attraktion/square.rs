//! A square of the Attraktion board, named like a chess square: a file
//! letter from `a` at White's left and a rank number from 1 on White's side.
//!
//! A name is read without knowing the board size (so it can serve as the
//! turn notation and the action's JSON form); whether the square is on the
//! board is checked against a match.

use crate::error::NotationError;
use serde_with::{DeserializeFromStr, SerializeDisplay};
use std::fmt;
use std::str::FromStr;

/// The most files (and ranks) a name can have: `a` to `z`.
pub const MAX_NAMED: u8 = 26;

/// A square by file and rank, both counted from 0. Its text and JSON form is
/// its name, such as `"d5"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr)]
pub struct Square {
    /// The file, 0 for `a`.
    pub col: u8,
    /// The rank, 0 for rank 1 (White's side).
    pub row: u8,
}

impl Square {
    /// The square on file `col` and rank `row`, both from 0.
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    /// Whether the square lies on a `size` × `size` board.
    pub const fn on_board(self, size: u8) -> bool {
        self.col < size && self.row < size
    }
}

impl FromStr for Square {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Square, NotationError> {
        let bad = || NotationError::syntax(text, "expected a square name like d5");
        let name = text.trim();
        let mut chars = name.chars();
        let file = chars.next().filter(char::is_ascii_alphabetic).ok_or_else(bad)?;
        let rank = chars.as_str();
        let digits_only = !rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit()) && !rank.starts_with('0');
        if !digits_only || rank.len() > 2 {
            return Err(bad());
        }
        let rank: u8 = rank.parse().map_err(|_| bad())?;
        if rank > MAX_NAMED {
            return Err(bad());
        }
        Ok(Square { col: file.to_ascii_lowercase() as u8 - b'a', row: rank - 1 })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_write_back() {
        for name in ["a1", "d5", "h8", "j10", "n14", "z26"] {
            assert_eq!(name.parse::<Square>().unwrap().to_string(), name);
        }
        assert_eq!("D5".parse::<Square>().unwrap(), Square::new(3, 4));
        assert_eq!(" j10 ".parse::<Square>().unwrap(), Square::new(9, 9));
        assert_eq!(serde_json::to_string(&Square::new(3, 4)).unwrap(), "\"d5\"");
        assert_eq!(serde_json::from_str::<Square>("\"d5\"").unwrap(), Square::new(3, 4));
    }

    #[test]
    fn malformed_names_are_refused() {
        for bad in ["", "d", "5", "d0", "d05", "d+5", "d27", "dd5", "d 5", "5d", "ä5", "d100"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} should not parse");
        }
        assert!(serde_json::from_str::<Square>("{\"no such\": 1}").is_err());
        assert!(serde_json::from_str::<Square>("null").is_err());
    }
}
