//! Standard numeric move notation: `32-28` for a move, `19x28` for a
//! capture, and `28x19x10` when the squares the piece lands on along the way
//! must be named to tell two captures apart. Parsed without a position and
//! resolved against one by [`Dame100::resolve`](super::Dame100).
//!
//! Real records are read leniently: spaces anywhere (`23 x 34`), and any of
//! `-`, `x`, `×` and `:` between squares. The separator only records what
//! the writer said; the squares decide the move when resolving.

use crate::board::Cell;
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

/// A move as written: the squares named, in order, and whether it captures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Start, any landing squares named on the way, end.
    pub squares: Vec<Cell>,
    /// Written with `x`.
    pub capture: bool,
}

impl MoveText {
    /// The start square.
    pub fn from(&self) -> Cell {
        self.squares[0]
    }

    /// The end square.
    pub fn to(&self) -> Cell {
        *self.squares.last().expect("at least two squares")
    }
}

impl FromStr for MoveText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<MoveText, NotationError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let capture = compact.contains(['x', 'X', '×', ':']);
        if !capture && !compact.contains('-') {
            return Err(NotationError::syntax(text, "expected a move like 32-28 or a capture like 19x28"));
        }
        let squares = compact
            .split(['x', 'X', '×', ':', '-'])
            .map(|part| part.parse::<Cell>().map_err(|e| NotationError::syntax(text, e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        if squares.len() < 2 {
            return Err(NotationError::syntax(text, "a move names its start and end squares"));
        }
        Ok(MoveText { squares, capture })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture { "x" } else { "-" };
        let parts: Vec<String> = self.squares.iter().map(Cell::to_string).collect();
        write!(f, "{}", parts.join(separator))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_captures_read_and_write_back() {
        for text in ["32-28", "19x28", "28x19x10", "46x5"] {
            assert_eq!(text.parse::<MoveText>().unwrap().to_string(), text);
        }
        assert_eq!("19 × 28".parse::<MoveText>().unwrap().to_string(), "19x28");
        for bad in ["32", "a0-b", "", "32 28", "32--28"] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad} should not parse");
        }
        // Lenient forms, for real records: the squares are what counts.
        let mixed: MoveText = "28x19-10".parse().unwrap();
        assert_eq!(mixed.squares.len(), 3);
        assert!(mixed.capture);
        assert_eq!("1- 6".parse::<MoveText>().unwrap().to_string(), "1-6");
    }
}
