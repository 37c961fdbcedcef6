//! Abande's notation, as the rulebook's sample game writes it: a lone space
//! (`d4`) places a piece, `d5-d4` moves the piece or stack on d5 onto the
//! opposing one on d4, and `pass` passes. Every turn is one action, so the
//! action is its own notation: it is read without a position and checked
//! against one by [`Abande::resolve`](super::Abande).

use super::AbandeAction;
use crate::board::{BadCell, Cell};
use crate::error::NotationError;
use std::fmt;
use std::str::FromStr;

impl FromStr for AbandeAction {
    type Err = NotationError;

    /// Spaces are ignored anywhere (the printed sample game has `f 4`), and
    /// `pass` may be written in any case.
    fn from_str(text: &str) -> Result<AbandeAction, NotationError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let space = |name: &str| name.parse::<Cell>().map_err(|e: BadCell| NotationError::syntax(text, e.to_string()));
        if compact.eq_ignore_ascii_case("pass") {
            return Ok(AbandeAction::Pass);
        }
        if compact.is_empty() {
            return Err(NotationError::syntax(text, "expected a space such as d4, a move such as d5-d4, or pass"));
        }
        // A move onto an opposing stack is written with `-`; `x`, `×` and `:`
        // are read too, as some records write captures.
        match compact.split_once(['-', 'x', '×', ':']) {
            Some((from, to)) => Ok(AbandeAction::Move { from: space(from)?, to: space(to)? }),
            None => Ok(AbandeAction::Place(space(&compact)?)),
        }
    }
}

impl fmt::Display for AbandeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbandeAction::Place(space) => write!(f, "{space}"),
            AbandeAction::Move { from, to } => write!(f, "{from}-{to}"),
            AbandeAction::Pass => write!(f, "pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_turns_read_and_write_back() {
        for text in ["d4", "d5-d4", "pass", "g7", "a1-b1"] {
            let action: AbandeAction = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn printed_spacing_and_capitals_are_accepted() {
        assert_eq!("f 4".parse::<AbandeAction>().unwrap().to_string(), "f4");
        assert_eq!("d5- d4".parse::<AbandeAction>().unwrap().to_string(), "d5-d4");
        assert_eq!(" Pass ".parse::<AbandeAction>().unwrap(), AbandeAction::Pass);
        for capture in ["d5xd4", "d5 × d4", "d5:d4"] {
            assert_eq!(capture.parse::<AbandeAction>().unwrap().to_string(), "d5-d4", "{capture}");
        }
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in ["", "d4-", "-d4", "d4-d5-d6", "passe", "d4 d5", "4d"] {
            assert!(text.parse::<AbandeAction>().is_err(), "{text} should not parse");
        }
    }
}
