//! Accasta's turn notation, as the rulebook writes it.
//!
//! `b4: 2-c5, +e3` means: from b4, move two pieces to the empty point c5,
//! then (from b4 again) move one piece onto an own piece at e3. The count is
//! the number of pieces moved, with 1 left out; the sign says where the move
//! lands: `-` on an empty point, `+` on an own stack, `×` (or `x`) on an
//! opposing stack. The syntax is parsed without a position and resolved
//! against one by [`Accasta::resolve`](super::Accasta).

use crate::board::{BadCell, Cell};
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

/// Where a move lands, as its sign says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// `-`: an empty point.
    Empty,
    /// `+`: a stack the mover controls.
    Own,
    /// `×`: a stack the opponent controls.
    Capture,
}

impl Landing {
    fn sign(self) -> char {
        match self {
            Landing::Empty => '-',
            Landing::Own => '+',
            Landing::Capture => '×',
        }
    }
}

/// One move of a turn as written: how many pieces, landing how, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Pieces moved, 1 or more.
    pub count: u8,
    /// The sign.
    pub landing: Landing,
    /// The destination.
    pub to: Cell,
}

/// A whole turn as written: the point all its moves depart from, and the moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnText {
    /// The point every move of the turn departs from.
    pub from: Cell,
    /// One to three moves.
    pub moves: Vec<MoveText>,
}

impl FromStr for TurnText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<TurnText, NotationError> {
        let err = |reason: &str| NotationError::syntax(text, reason);
        let (from, moves) = text.split_once(':').ok_or_else(|| err("expected \"from: moves\", e.g. \"b4: 2-c5\""))?;
        let from: String = from.chars().filter(|c| !c.is_whitespace()).collect();
        let from: Cell = from.parse().map_err(|e: BadCell| err(&e.to_string()))?;
        let moves =
            moves.split(',').map(|m| parse_move(m).map_err(|reason| err(&reason))).collect::<Result<Vec<_>, _>>()?;
        if moves.len() > 3 {
            return Err(err("a turn has at most three moves"));
        }
        Ok(TurnText { from, moves })
    }
}

fn parse_move(text: &str) -> Result<MoveText, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let digits: String = compact.chars().take_while(char::is_ascii_digit).collect();
    let rest = &compact[digits.len()..];
    let count =
        if digits.is_empty() { 1 } else { digits.parse::<u8>().map_err(|_| format!("bad count in {text:?}"))? };
    if count == 0 {
        return Err(format!("a move carries at least one piece: {text:?}"));
    }
    let mut chars = rest.chars();
    let landing = match chars.next() {
        Some('-') => Landing::Empty,
        Some('+') => Landing::Own,
        Some('×' | 'x' | 'X') => Landing::Capture,
        _ => return Err(format!("expected '-', '+' or '×' in {text:?}")),
    };
    let to = chars.as_str().parse().map_err(|e: BadCell| e.to_string())?;
    Ok(MoveText { count, landing, to })
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count > 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "{}{}", self.landing.sign(), self.to)
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.from)?;
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_turns_read_and_write_back() {
        for text in ["b4: 2-c5", "e4: +e3", "f2: +f3, +e3", "e3: +e5, ×d4", "d5: 6-b5", "b5: 3-a4, ×b4, 2+a4"] {
            let turn: TurnText = text.parse().unwrap();
            assert_eq!(turn.to_string(), text);
        }
    }

    #[test]
    fn x_and_spacing_and_a_written_one_are_accepted() {
        let turn: TurnText = "c3:x e4 ,1- c2".parse().unwrap();
        assert_eq!(turn.to_string(), "c3: ×e4, -c2");
        let printed: TurnText = "f 2: +f 3, +e3".parse().unwrap();
        assert_eq!(printed.to_string(), "f2: +f3, +e3", "spaces the PDF put inside names");
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in ["b4 2-c5", "b4: 2c5", "b4: 0-c5", "b4: -c5, -c6, -c4, -d4", "b4:", "a+1: -b2", "b4: -c+5"] {
            assert!(text.parse::<TurnText>().is_err(), "{text} should not parse");
        }
    }
}
