//! Tactique's notation. The rulebook has none; Tactica writes a move as
//! `c2-c5`, an attack as `c5xc6` and a charge (a move, then an attack from
//! where it ended) as one turn `c2-c5xc6`. Set-up actions are written
//! `place Commander 5 a1`, `shift a1-b1`, `White: random` and `White: ready`
//! (the last two name the seat, as both seats arrange at once).
//! The syntax is parsed without a position and resolved against one by
//! [`Tactique::resolve`](super::Tactique).

use super::army::Rank;
use super::board::Square;
use crate::board::Cell;
use crate::error::NotationError;
use crate::games::two_seats::WHITE_AND_BLACK;
use crate::seat::Seat;
use std::fmt;
use std::str::FromStr;

/// One turn as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TurnText {
    /// `place Commander 5 a1`.
    Place {
        /// The rank placed.
        rank: Rank,
        /// Where.
        cell: Cell,
    },
    /// `shift a1-b1`.
    Shift {
        /// The placed piece.
        from: Cell,
        /// Where it goes (swapping with an own piece there).
        to: Cell,
    },
    /// `White: random`.
    Random(Seat),
    /// `White: ready`.
    Ready(Seat),
    /// `c2-c5`, or a charge `c2-c5xc6`.
    Move {
        /// Where the piece starts.
        from: Cell,
        /// Where the move ends.
        to: Cell,
        /// The piece attacked from `to`, for a charge.
        attack: Option<Cell>,
    },
    /// `c5xc6`.
    Attack {
        /// The attacking piece.
        from: Cell,
        /// The attacked piece.
        to: Cell,
    },
    /// `end turn`: declining the attack after a move that ended next to an
    /// opposing piece (only a part of a turn; a whole turn is written `c2-c5`).
    EndTurn,
}

/// A square of the board by name (`a1` to `h8`, in either case).
fn square(text: &str, whole: &str) -> Result<Cell, NotationError> {
    text.parse::<Square>()
        .map(Square::name)
        .map_err(|e: super::board::BadSquare| NotationError::syntax(whole, e.to_string()))
}

fn seat_named(name: &str) -> Option<Seat> {
    WHITE_AND_BLACK.iter().position(|n| n.eq_ignore_ascii_case(name.trim())).map(|i| Seat(i as u8))
}

impl FromStr for TurnText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<TurnText, NotationError> {
        let whole = text;
        let text = text.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let lower = text.to_ascii_lowercase();
        if words.len() == 2 && words[0].eq_ignore_ascii_case("end") && words[1].eq_ignore_ascii_case("turn") {
            return Ok(TurnText::EndTurn);
        }
        if let Some(rest) = lower.strip_prefix("place ") {
            let rest = rest.trim();
            let (rank, cell) = rest
                .rsplit_once(' ')
                .ok_or_else(|| NotationError::syntax(whole, "expected \"place <rank> <square>\""))?;
            let rank =
                Rank::parse(rank).ok_or_else(|| NotationError::syntax(whole, format!("no rank {:?}", rank.trim())))?;
            return Ok(TurnText::Place { rank, cell: square(cell, whole)? });
        }
        if let Some(rest) = lower.strip_prefix("shift ") {
            let (from, to) = rest
                .split_once('-')
                .ok_or_else(|| NotationError::syntax(whole, "expected \"shift <square>-<square>\""))?;
            return Ok(TurnText::Shift { from: square(from, whole)?, to: square(to, whole)? });
        }
        if let Some((name, word)) = text.split_once(':') {
            let seat =
                seat_named(name).ok_or_else(|| NotationError::syntax(whole, "expected White or Black before ':'"))?;
            return match word.trim().to_ascii_lowercase().as_str() {
                "random" => Ok(TurnText::Random(seat)),
                "ready" => Ok(TurnText::Ready(seat)),
                _ => Err(NotationError::syntax(whole, "expected \"random\" or \"ready\" after the seat")),
            };
        }
        let compact: String =
            lower.chars().filter(|c| !c.is_whitespace()).map(|c| if c == '×' { 'x' } else { c }).collect();
        let (moving, attack) = match compact.split_once('x') {
            Some((moving, attack)) => (moving, Some(square(attack, whole)?)),
            None => (compact.as_str(), None),
        };
        match (moving.split_once('-'), attack) {
            (Some((from, to)), attack) => {
                Ok(TurnText::Move { from: square(from, whole)?, to: square(to, whole)?, attack })
            }
            (None, Some(to)) => Ok(TurnText::Attack { from: square(moving, whole)?, to }),
            (None, None) => Err(NotationError::syntax(
                whole,
                "expected a move \"c2-c5\", an attack \"c5xc6\" or a charge \"c2-c5xc6\"",
            )),
        }
    }
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnText::Place { rank, cell } => write!(f, "place {} {cell}", rank.choice()),
            TurnText::Shift { from, to } => write!(f, "shift {from}-{to}"),
            TurnText::Random(seat) => write!(f, "{}: random", WHITE_AND_BLACK[seat.index()]),
            TurnText::Ready(seat) => write!(f, "{}: ready", WHITE_AND_BLACK[seat.index()]),
            TurnText::Move { from, to, attack: None } => write!(f, "{from}-{to}"),
            TurnText::Move { from, to, attack: Some(target) } => write!(f, "{from}-{to}x{target}"),
            TurnText::Attack { from, to } => write!(f, "{from}x{to}"),
            TurnText::EndTurn => write!(f, "end turn"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_and_writes_back() {
        for text in [
            "place Commander 5 a1",
            "place Archer A h4",
            "place Flag b2",
            "shift a1-b1",
            "White: random",
            "Black: ready",
            "c2-c5",
            "c5xc6",
            "c2-c5xc6",
            "end turn",
        ] {
            let turn: TurnText = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(turn.to_string(), text);
        }
        assert_eq!("C2 - C5 × C6".parse::<TurnText>().unwrap().to_string(), "c2-c5xc6");
        assert_eq!("place commander a1".parse::<TurnText>().unwrap().to_string(), "place Commander 5 a1");
        assert_eq!("black:Random".parse::<TurnText>().unwrap(), TurnText::Random(Seat(1)));
    }

    #[test]
    fn malformed_turns_are_refused() {
        for text in
            ["", "c2", "c2-c9", "place Knight a1", "place a1", "shift a1", "Red: ready", "White: go", "c2xc3xc4", "x"]
        {
            assert!(text.parse::<TurnText>().is_err(), "{text:?} should not parse");
        }
    }
}
