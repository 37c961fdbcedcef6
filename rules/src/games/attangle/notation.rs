//! Attangle's turn notation, as the rulebook's sample game writes it.
//!
//! A placement is the point's name, `e1`. A capture names the two points the
//! capturing pieces or stacks come from and the point they meet on:
//! `f5,c5-e6`. The two origins may be given in either order; Tactica writes
//! them in name order (letter, then number: `c5,f5-e6`). Spaces are ignored
//! (the printed rulebook has `f5,c 5-e6`). The syntax is parsed without a
//! position and resolved against one by [`Attangle::resolve`](super::Attangle).

use crate::board::{BadCell, Cell};
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

/// A turn as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnText {
    /// A new piece on an empty point.
    Place(Cell),
    /// Two own pieces or stacks, from `from` (in name order), onto `to`.
    Capture {
        /// The origins, the smaller name first.
        from: [Cell; 2],
        /// The opposing piece or stack they capture.
        to: Cell,
    },
}

impl FromStr for TurnText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<TurnText, NotationError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let err = |reason: &str| NotationError::syntax(text, reason);
        let spot = |name: &str| name.parse::<Cell>().map_err(|e: BadCell| err(&e.to_string()));
        // The target follows `-`; `x`, `×` and `:` are read too.
        let Some((origins, to)) = compact.split_once(['-', 'x', '×', ':']) else {
            if compact.contains(',') {
                return Err(err("a capture is written \"origin,origin-target\", e.g. \"f5,c5-e6\""));
            }
            return Ok(TurnText::Place(spot(&compact)?));
        };
        let (a, b) = origins.split_once(',').ok_or_else(|| err("a capture names two origins, e.g. \"f5,c5-e6\""))?;
        let (a, b, to) = (spot(a)?, spot(b)?, spot(to)?);
        if a == b {
            return Err(err("the two capturing pieces come from two different points"));
        }
        if a == to || b == to {
            return Err(err("a capturing piece moves to another point"));
        }
        Ok(TurnText::Capture { from: [a.min(b), a.max(b)], to })
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnText::Place(at) => write!(f, "{at}"),
            TurnText::Capture { from, to } => write!(f, "{},{}-{to}", from[0], from[1]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_turns_read_and_write_back_with_the_origins_in_name_order() {
        for (text, written) in
            [("e1", "e1"), ("f5,c5-e6", "c5,f5-e6"), ("d4,c5-d6", "c5,d4-d6"), ("a4,b5-b4", "a4,b5-b4")]
        {
            let turn: TurnText = text.parse().unwrap();
            assert_eq!(turn.to_string(), written, "{text}");
        }
        let printed: TurnText = "f5,c 5-e6".parse().unwrap();
        assert_eq!(printed, "c5,f5-e6".parse().unwrap(), "spaces the PDF put inside names");
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in ["", "e0", "e1,f2", "e1-e2", "e1,e1-e2", "e1,e2-e1", "e1,e2,e3-e4", "e1,e2-", "e1,e2-e3-e4"] {
            assert!(text.parse::<TurnText>().is_err(), "{text} should not parse");
        }
    }
}
