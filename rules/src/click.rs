//! What a person clicks to choose an action.
//!
//! The web client knows no rules. For every legal action the server sends the
//! sequence of clicks that chooses it: board cells and named choices, such as
//! `[b4, c5, "2 pieces"]`. The client narrows the legal actions as the person
//! clicks (the narrowing rule is in docs/protocol.md). For that to work the
//! click sequences of the legal actions of one seat must be distinct and no
//! sequence may be a prefix of another; the conformance suite checks both.

use crate::layout::CellId;
use serde::{Deserialize, Serialize};

/// One click.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Click {
    /// A cell of the board, by its id in the layout.
    Cell(CellId),
    /// A named choice offered as a button: "stop", "2 pieces", "roll".
    Choice(String),
}

impl Click {
    /// A named choice.
    pub fn choice(name: impl Into<String>) -> Click {
        Click::Choice(name.into())
    }
}

/// Whether some sequence in `sequences` equals another or is a prefix of
/// another. Returns the first offending pair of indexes.
pub fn find_prefix_clash(sequences: &[Vec<Click>]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..sequences.len()).collect();
    order.sort_by(|a, b| sequences[*a].cmp(&sequences[*b]));
    // After sorting, a sequence that is a prefix of others sorts right before
    // the first of them, so neighbours suffice.
    order.windows(2).find_map(|pair| {
        let (a, b) = (&sequences[pair[0]], &sequences[pair[1]]);
        b.starts_with(a).then_some((pair[0], pair[1]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_and_duplicates_are_found() {
        let a = vec![Click::Cell(1), Click::Cell(2)];
        let b = vec![Click::Cell(1), Click::Cell(2), Click::choice("2")];
        let c = vec![Click::Cell(1), Click::Cell(3)];
        assert_eq!(find_prefix_clash(&[a.clone(), c.clone()]), None);
        assert!(find_prefix_clash(&[c.clone(), b, a.clone()]).is_some());
        assert!(find_prefix_clash(&[a.clone(), c, a]).is_some());
        assert_eq!(serde_json::to_string(&Click::Cell(4)).unwrap(), r#"{"cell":4}"#);
        assert_eq!(serde_json::to_string(&Click::choice("stop")).unwrap(), r#"{"choice":"stop"}"#);
    }
}
