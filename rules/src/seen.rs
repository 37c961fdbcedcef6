//! What a viewer learns of a step: all of it, part of it in words, or only
//! that it happened; what it reads of a whole turn made of such steps; and
//! what the rules did by themselves as a turn began.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What the rules did by themselves as a seat's turn began, before the seat
/// chose anything: a volley of Tactique's archers. It belongs to that turn,
/// so move lists write it at the turn's start, not after the action that
/// ended the turn before. Every viewer reads it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Opening {
    /// The seat whose turn it began.
    pub seat: Seat,
    /// In words: "White's archers hit d5".
    pub text: String,
}

/// What a viewer may learn of a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seen {
    /// The action as written.
    All,
    /// Only that it happened.
    Nothing,
    /// This much of it, in words (a set-up seen as "set up their pieces").
    Only(String),
}

impl Seen {
    /// What a viewer reads of an action written `text`: nothing, all of it,
    /// or the part it may know.
    pub fn text_of(self, text: &str) -> Option<String> {
        match self {
            Seen::All => Some(text.to_string()),
            Seen::Nothing => None,
            Seen::Only(part) => Some(part),
        }
    }
}

/// What a viewer reads of a whole turn written `whole`, given for each of its
/// actions what the viewer reads of it and how it is written in full. Only a
/// viewer who may read every action as written gets the turn's notation;
/// anyone else gets the parts it may read, joined by ", ", or nothing.
pub fn turn_as_seen(whole: &str, parts: &[(Option<&str>, &str)]) -> Option<String> {
    if parts.iter().all(|(seen, full)| *seen == Some(*full)) {
        return Some(whole.to_string());
    }
    let visible: Vec<&str> = parts.iter().filter_map(|(seen, _)| *seen).collect();
    (!visible.is_empty()).then(|| visible.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_reads_in_full_only_to_a_viewer_who_sees_every_action_as_written() {
        let whole = "c2-c5xc6";
        assert_eq!(turn_as_seen(whole, &[(Some("c2-c5"), "c2-c5"), (Some("c5xc6"), "c5xc6")]).as_deref(), Some(whole));
        assert_eq!(
            turn_as_seen(whole, &[(Some("c2-c5"), "c2-c5"), (Some("c5xc6 (4 vs 3)"), "c5xc6")]).as_deref(),
            Some("c2-c5, c5xc6 (4 vs 3)")
        );
        assert_eq!(
            turn_as_seen("place 5 a1, ready", &[(Some("arranges a piece"), "place 5 a1"), (None, "x")]).as_deref(),
            Some("arranges a piece")
        );
        assert_eq!(turn_as_seen("secret", &[(None, "secret")]), None);
        assert_eq!(Seen::Only("part".into()).text_of("full").as_deref(), Some("part"));
        assert_eq!(Seen::All.text_of("full").as_deref(), Some("full"));
        assert_eq!(Seen::Nothing.text_of("full"), None);
    }
}
