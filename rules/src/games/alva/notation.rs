//! Alva's turn notation. The rulebook has none, so Tactica defines one in the
//! style of draughts notation:
//!
//! - `c3xc5xe5`: a capturing turn, the jumping piece's points from its start
//!   through every landing point (each `x` is one jump);
//! - `d4-d5 e6`: a shift from d4 to d5, then a placement on e6;
//! - `e6`: a placement alone.
//!
//! A single action is written the same way: a jump `c3xc5`, a shift `d4-d5`,
//! a placement `e6`. The syntax is parsed without a position and resolved
//! against one by [`Alva::resolve`](super::Alva).

use crate::board::{BadCell, Cell};
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

/// A whole turn as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TurnText {
    /// A capturing turn: the start point, then every landing point (at least one).
    Jumps(Vec<Cell>),
    /// A placement on `at`, after an optional shift `(from, to)`.
    Place {
        /// The shift made first, if any.
        shift: Option<(Cell, Cell)>,
        /// Where the piece from hand is placed.
        at: Cell,
    },
}

fn point(text: &str, whole: &str) -> Result<Cell, NotationError> {
    text.trim().parse().map_err(|e: BadCell| NotationError::syntax(whole, e.to_string()))
}

/// The text trimmed, with spaces around `-`, `x` and `×` removed, so that
/// `c3 x c5` reads as `c3xc5` and `d4 - d5 e6` as `d4-d5 e6`.
fn join_separators(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    let separator = |c: char| matches!(c, '-' | 'x' | 'X' | '×');
    for (i, word) in words.iter().enumerate() {
        let glue = i > 0 && (word.starts_with(separator) || words[i - 1].ends_with(separator));
        if i > 0 && !glue {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

impl FromStr for TurnText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<TurnText, NotationError> {
        let joined = join_separators(text);
        let trimmed = joined.as_str();
        // A jump chain is one word of points joined by `x`; joined by `-`
        // (as some write) it can still only be a jump chain, since a shift
        // alone is not a turn.
        let one_word = !trimmed.contains(char::is_whitespace);
        if one_word && trimmed.contains(['x', 'X', '×', '-']) {
            let points = trimmed.split(['x', 'X', '×', '-']).map(|p| point(p, text)).collect::<Result<Vec<_>, _>>()?;
            if points.len() < 2 {
                return Err(NotationError::syntax(text, "a jump runs from one point to another"));
            }
            return Ok(TurnText::Jumps(points));
        }
        let mut words = trimmed.split_whitespace();
        let (Some(first), second, None) = (words.next(), words.next(), words.next()) else {
            return Err(NotationError::syntax(
                text,
                "expected a placement \"e6\" or a shift and a placement \"d4-d5 e6\"",
            ));
        };
        match (first.split_once(['-', 'x', 'X', '×']), second) {
            (None, None) => Ok(TurnText::Place { shift: None, at: point(first, text)? }),
            (Some((from, to)), Some(at)) => {
                Ok(TurnText::Place { shift: Some((point(from, text)?, point(to, text)?)), at: point(at, text)? })
            }
            (Some(_), None) => {
                Err(NotationError::syntax(text, "a shift is followed by a placement, e.g. \"d4-d5 e6\""))
            }
            (None, Some(_)) => Err(NotationError::syntax(text, "one placement a turn; a shift is written \"d4-d5\"")),
        }
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnText::Jumps(points) => {
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        write!(f, "x")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            TurnText::Place { shift: Some((from, to)), at } => write!(f, "{from}-{to} {at}"),
            TurnText::Place { shift: None, at } => write!(f, "{at}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_read_and_write_back() {
        for text in ["c3xc5xe5", "c3xc5", "d4-d5 e6", "e6", "a1xa3xi3xi9"] {
            let turn: TurnText = text.parse().unwrap();
            assert_eq!(turn.to_string(), text);
        }
    }

    #[test]
    fn spacing_and_other_capture_signs_are_accepted() {
        assert_eq!("  c3 × c5 X e5 ".parse::<TurnText>().unwrap().to_string(), "c3xc5xe5");
        assert_eq!(" d4-d5   e6".parse::<TurnText>().unwrap().to_string(), "d4-d5 e6");
        // Lenient forms: a chain joined by "-", a shift with "x", spaces around signs.
        assert_eq!("c3-c5-e5".parse::<TurnText>().unwrap().to_string(), "c3xc5xe5");
        assert_eq!("c3 x c5".parse::<TurnText>().unwrap().to_string(), "c3xc5");
        assert_eq!("d4xd5 e6".parse::<TurnText>().unwrap().to_string(), "d4-d5 e6");
        assert_eq!("d4 - d5 e6".parse::<TurnText>().unwrap().to_string(), "d4-d5 e6");
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in ["", "c3x", "xc5", "d4 e6", "d4-d5 e6 f7", "e0", "d4-d5-d6 e6"] {
            assert!(text.parse::<TurnText>().is_err(), "{text} should not parse");
        }
    }
}
