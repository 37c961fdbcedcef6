//! Errors of the rules crate.

use crate::seat::Seat;
use thiserror::Error;

/// Why the rules refused something.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The match has ended; nobody may act.
    #[error("the match is over")]
    MatchOver,
    /// The seat may not act now.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// The seat does not exist in this match.
    #[error("{0} is not at this table")]
    NoSuchSeat(Seat),
    /// The action is well formed but not legal now.
    #[error("illegal action: {0}")]
    Illegal(String),
    /// A default answer given before the deadline of a whole response
    /// window, which gives it itself when the deadline passes.
    #[error("the window stays open until its deadline, when this answer is given for you")]
    AnswerAtDeadline,
    /// The action's JSON form could not be read.
    #[error("unreadable action: {0}")]
    BadAction(String),
    /// Notation that could not be read or matched to a legal action.
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// Options that do not describe a valid match.
    #[error("invalid options: {0}")]
    BadOptions(String),
    /// No game is registered under this id.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// A rules version of a game that this build does not have (a match
    /// stored by a newer server, say).
    #[error("this server does not have version {version} of the rules of {game}")]
    UnknownRulesVersion {
        /// The game's id.
        game: String,
        /// The version asked for.
        version: u32,
    },
}

/// Why a piece of notation could not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text does not follow the notation's syntax.
    #[error("cannot read {text:?}: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text is well formed but names no legal action here.
    #[error("{text:?} is not legal here: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why it does not fit the position.
        reason: String,
    },
    /// The text fits more than one legal action.
    #[error("{text:?} is ambiguous here: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// Each action it could stand for, written so that it names that
        /// action alone (with what tells it apart, in words).
        candidates: Vec<String>,
    },
}

impl NotationError {
    /// A syntax error.
    pub fn syntax(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError::Syntax { text: text.to_string(), reason: reason.into() }
    }

    /// A legality error.
    pub fn illegal(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError::Illegal { text: text.to_string(), reason: reason.into() }
    }
}
