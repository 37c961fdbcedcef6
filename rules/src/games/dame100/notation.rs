//! Standard numeric move notation: `32-28` for a move, `19x28` for a
//! capture, and `28x19x10` when the squares the piece lands on along the way
//! must be named to tell two captures apart. Parsed without a position and
//! resolved against one by [`Dame100::resolve`](super::Dame100).

use super::board::Square;
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

/// A move as written: the squares named, in order, and whether it captures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Start, any landing squares named on the way, end.
    pub squares: Vec<Square>,
    /// Written with `x`.
    pub capture: bool,
}

impl MoveText {
    /// The start square.
    pub fn from(&self) -> Square {
        self.squares[0]
    }

    /// The end square.
    pub fn to(&self) -> Square {
        *self.squares.last().expect("at least two squares")
    }
}

impl FromStr for MoveText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<MoveText, NotationError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let capture = compact.contains(['x', 'X', '×', ':']);
        let quiet = compact.contains('-');
        if capture == quiet {
            return Err(NotationError::syntax(text, "expected a move like 32-28 or a capture like 19x28"));
        }
        let squares = compact
            .split(['x', 'X', '×', ':', '-'])
            .map(|part| part.parse::<Square>().map_err(|e| NotationError::syntax(text, e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        if squares.len() < 2 || (quiet && squares.len() != 2) {
            return Err(NotationError::syntax(text, "a move names its start and end squares"));
        }
        Ok(MoveText { squares, capture })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture { "x" } else { "-" };
        let parts: Vec<String> = self.squares.iter().map(Square::to_string).collect();
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
        for bad in ["32-28-23", "32", "51-46", "32x28-23", "a-b", ""] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad} should not parse");
        }
    }
}
