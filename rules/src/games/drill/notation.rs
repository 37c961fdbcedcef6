//! The Drill's notation: one turn per line.
//!
//! - `deal` or, stating chance's outcome, `deal 4 2 6` (each seat's lucky
//!   number in seat order);
//! - `Red: bid 2 with card`, `Blue: bid 3` (a seat's part of the prepare
//!   phase);
//! - `Red: roll`, or stating the roll and the answers of the window that
//!   followed, `Red: roll 4; Blue pass; Green block`.

use super::{Answer, SEAT_NAMES};
use crate::error::NotationError;
use crate::seat::Seat;
use std::fmt;
use std::str::FromStr;

/// One turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillTurn {
    /// The deal of lucky numbers, stated or not.
    Deal(Option<Vec<u8>>),
    /// A seat's bid, and whether it keeps a block card.
    Prepare {
        /// The seat.
        seat: Seat,
        /// Its bid, 1 to 3 (4 under rules version 2; the rules check it).
        bid: u8,
        /// Whether it keeps a block card.
        card: bool,
    },
    /// A seat's race turn: the roll (stated or not) and the answers.
    Race {
        /// The seat that rolls.
        seat: Seat,
        /// The roll, if stated.
        roll: Option<u8>,
        /// The answers of the window, in the order given.
        answers: Vec<(Seat, Answer)>,
    },
}

/// The seat with this name.
pub(super) fn seat_named(name: &str) -> Option<Seat> {
    SEAT_NAMES.iter().position(|n| n.eq_ignore_ascii_case(name.trim())).map(|i| Seat(i as u8))
}

fn number(word: &str, text: &str, range: std::ops::RangeInclusive<u8>) -> Result<u8, NotationError> {
    word.parse::<u8>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| NotationError::syntax(text, format!("{word:?} is not a number from {:?}", range)))
}

impl FromStr for DrillTurn {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<DrillTurn, NotationError> {
        let syntax = |why: &str| NotationError::syntax(text, why);
        let trimmed = text.trim();
        if let Some(rest) = trimmed.strip_prefix("deal") {
            let numbers = rest.split_whitespace().map(|w| number(w, text, 1..=6)).collect::<Result<Vec<_>, _>>()?;
            return Ok(DrillTurn::Deal((!numbers.is_empty()).then_some(numbers)));
        }
        let (name, rest) = trimmed.split_once(':').ok_or_else(|| syntax("expected \"Red: …\" or \"deal\""))?;
        let seat = seat_named(name).ok_or_else(|| syntax("expected Red, Blue or Green before ':'"))?;
        let mut parts = rest.split(';');
        let first: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
        match first.as_slice() {
            ["bid", bid] => Ok(DrillTurn::Prepare { seat, bid: number(bid, text, 1..=4)?, card: false }),
            ["bid", bid, "with", "card"] => Ok(DrillTurn::Prepare { seat, bid: number(bid, text, 1..=4)?, card: true }),
            ["roll", rest @ ..] => {
                let roll = match rest {
                    [] => None,
                    [n] => Some(number(n, text, 1..=6)?),
                    _ => return Err(syntax("a roll is one number")),
                };
                let answers = parts
                    .map(|part| {
                        let words: Vec<&str> = part.split_whitespace().collect();
                        let [name, answer] = words.as_slice() else { return Err(syntax("an answer is \"Blue pass\"")) };
                        let seat = seat_named(name).ok_or_else(|| syntax("an answer names a seat"))?;
                        let answer = match *answer {
                            "pass" => Answer::Pass,
                            "block" => Answer::Block,
                            _ => return Err(syntax("an answer is pass or block")),
                        };
                        Ok((seat, answer))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(DrillTurn::Race { seat, roll, answers })
            }
            _ => Err(syntax("expected \"bid N\", \"bid N with card\" or \"roll\"")),
        }
    }
}

impl fmt::Display for DrillTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrillTurn::Deal(None) => write!(f, "deal"),
            DrillTurn::Deal(Some(numbers)) => {
                let numbers: Vec<String> = numbers.iter().map(u8::to_string).collect();
                write!(f, "deal {}", numbers.join(" "))
            }
            DrillTurn::Prepare { seat, bid, card } => {
                write!(f, "{}: bid {bid}{}", SEAT_NAMES[seat.index()], if *card { " with card" } else { "" })
            }
            DrillTurn::Race { seat, roll, answers } => {
                write!(f, "{}: roll", SEAT_NAMES[seat.index()])?;
                if let Some(roll) = roll {
                    write!(f, " {roll}")?;
                }
                for (seat, answer) in answers {
                    write!(f, "; {} {}", SEAT_NAMES[seat.index()], answer.word())?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_and_writes_back() {
        for text in [
            "deal",
            "deal 4 2 6",
            "Red: bid 2 with card",
            "Blue: bid 3",
            "Gold: bid 4",
            "Red: roll",
            "Red: roll 4; Blue pass; Green block",
        ] {
            assert_eq!(text.parse::<DrillTurn>().unwrap().to_string(), text);
        }
        for bad in ["", "deal 7", "Red: bid 5", "Purple: roll", "Red: roll 4; Blue stop", "Red: jump"] {
            assert!(bad.parse::<DrillTurn>().is_err(), "{bad}");
        }
    }
}
