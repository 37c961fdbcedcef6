//! ATTACTICS' notation. The rulebook has none; Tactica writes a player's
//! go as its parts, in order, after the player's name:
//!
//! `Red: Mo k30-k28 2 points; roll 3-5; Mj in g30-g25 5; Mn m24xm21 3; squeeze n21`
//!
//! - `roll 3-5`: the throw (bare `roll`, the choice to throw without
//!   spending points, is written only when the dice are not stated);
//! - `Mj g30-g25 5`: a Major moves 5 squares (a die or the sum of the two);
//!   `x` instead of `-` when it captures; `in` when it comes in from off the
//!   board on the entry square named first;
//! - `Mo k30-k28 2 points`: the Monarch's points move before a throw;
//! - `squeeze n21`: a Squeeze Play announced on the piece at `n21`;
//! - `stop`: the other die left unused;
//! - `opening Red 3-5, Green 6-2`: the opening roll, with no name before it.
//!
//! Kinds are `Mo` (Monarch), `Ms` (Master), `Mj` (Major) and `Mn` (Minor).
//! The syntax is read without a position and resolved against one.

use super::{Attactics, AttacticsAction, Dice, Kind, NAMES, Throw, board};
use crate::board::Cell;
use crate::error::NotationError;
use crate::game::{Game, StepOf};
use crate::seat::Seat;
use crate::step::Step;
use std::fmt;
use std::str::FromStr;

/// One part of a go as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// `opening Red 3-5, Green 6-2`.
    Opening(Vec<(String, Dice)>),
    /// `roll 3-5`, or `roll` with the dice left to the seed.
    Roll(Option<Dice>),
    /// `Mo k30-k28 2 points`.
    Points {
        /// Where the Monarch stands.
        from: Cell,
        /// Where it ends.
        to: Cell,
        /// Points spent.
        points: u8,
        /// It captures on `to`.
        capture: bool,
    },
    /// `Mj g30-g25 5`, `Mj in g30xg25 5`.
    Move {
        /// The kind.
        kind: Kind,
        /// Where it starts (the entry square when it comes in).
        from: Cell,
        /// It comes in from off the board.
        enter: bool,
        /// Squares moved.
        count: u8,
        /// Where it ends.
        to: Cell,
        /// It captures on `to`.
        capture: bool,
    },
    /// `squeeze n21`.
    Squeeze(Cell),
    /// `stop`.
    Stop,
}

/// A go as written: the player's name (none for the opening roll) and its
/// parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttacticsTurn {
    /// Whose go, by the name of its corner's colour.
    pub seat: Option<&'static str>,
    /// Its parts, in order.
    pub parts: Vec<Part>,
}

impl Part {
    /// An action written as played from `state`.
    pub(super) fn of_action<const R: u32>(state: &Attactics<R>, action: &AttacticsAction) -> Part {
        let taken = |cell: &Cell| board::id(*cell).is_some_and(|id| state.squares[usize::from(id)].is_some());
        match *action {
            AttacticsAction::Roll => Part::Roll(None),
            AttacticsAction::Points { from, to, points } => Part::Points { from, to, points, capture: taken(&to) },
            AttacticsAction::Move { kind, from, enter, count, to } => {
                Part::Move { kind, from, enter, count, to, capture: taken(&to) }
            }
            AttacticsAction::Squeeze { target } => Part::Squeeze(target),
            AttacticsAction::Stop => Part::Stop,
        }
    }

    /// A chance outcome written as drawn in `state`.
    pub(super) fn of_chance<const R: u32>(state: &Attactics<R>, outcome: &Throw) -> Part {
        match outcome {
            Throw::Opening(rolls) => Part::Opening(
                state.contenders.iter().zip(rolls).map(|(seat, dice)| (state.name(seat).to_string(), *dice)).collect(),
            ),
            Throw::Roll(dice) => Part::Roll(Some(*dice)),
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = |capture: bool| if capture { 'x' } else { '-' };
        match self {
            Part::Opening(rolls) => {
                let rolls: Vec<String> = rolls.iter().map(|(name, dice)| format!("{name} {dice}")).collect();
                write!(f, "opening {}", rolls.join(", "))
            }
            Part::Roll(Some(dice)) => write!(f, "roll {dice}"),
            Part::Roll(None) => f.write_str("roll"),
            Part::Points { from, to, points, capture } => write!(f, "Mo {from}{}{to} {points} points", sep(*capture)),
            Part::Move { kind, from, enter, count, to, capture } => {
                let enter = if *enter { "in " } else { "" };
                write!(f, "{} {enter}{from}{}{to} {count}", kind.short(), sep(*capture))
            }
            Part::Squeeze(target) => write!(f, "squeeze {target}"),
            Part::Stop => f.write_str("stop"),
        }
    }
}

impl fmt::Display for AttacticsTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(seat) = self.seat {
            write!(f, "{seat}: ")?;
        }
        let parts: Vec<String> = self.parts.iter().map(Part::to_string).collect();
        f.write_str(&parts.join("; "))
    }
}

fn dice(text: &str, whole: &str) -> Result<Dice, NotationError> {
    let bad = || NotationError::syntax(whole, format!("\"{text}\" is not a throw such as 3-5"));
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let dice = Dice(a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if dice.valid() { Ok(dice) } else { Err(bad()) }
}

fn cell(text: &str, whole: &str) -> Result<Cell, NotationError> {
    text.parse().map_err(|_| NotationError::syntax(whole, format!("\"{text}\" is not a square")))
}

fn seat_name(text: &str, whole: &str) -> Result<&'static str, NotationError> {
    NAMES.iter().find(|n| n.eq_ignore_ascii_case(text.trim())).copied().ok_or_else(|| {
        NotationError::syntax(whole, format!("\"{}\" is not a player (Red, Blue, Green, Gold)", text.trim()))
    })
}

impl FromStr for Part {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Part, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let syntax = |why: &str| NotationError::syntax(text, why);
        match words.as_slice() {
            ["opening", ..] => {
                let rest = text.trim().trim_start_matches("opening");
                let rolls = rest
                    .split(',')
                    .map(|roll| {
                        let (name, thrown) =
                            roll.trim().split_once(' ').ok_or_else(|| syntax("write each roll as Red 3-5"))?;
                        Ok((seat_name(name, text)?.to_string(), dice(thrown, text)?))
                    })
                    .collect::<Result<Vec<_>, NotationError>>()?;
                Ok(Part::Opening(rolls))
            }
            ["roll"] => Ok(Part::Roll(None)),
            ["roll", thrown] => Ok(Part::Roll(Some(dice(thrown, text)?))),
            ["squeeze", target] => Ok(Part::Squeeze(cell(target, text)?)),
            ["stop"] => Ok(Part::Stop),
            [kind, rest @ ..] => {
                let kind = Kind::ALL
                    .into_iter()
                    .find(|k| k.short().eq_ignore_ascii_case(kind))
                    .ok_or_else(|| syntax("a part is roll, a move such as Mj g30-g25 5, squeeze, stop or opening"))?;
                let (enter, rest) = match rest {
                    ["in", rest @ ..] => (true, rest),
                    _ => (false, rest),
                };
                let (path, count, points) = match rest {
                    [path, count] => (path, count, false),
                    [path, count, "points" | "point"] => (path, count, true),
                    _ => return Err(syntax("a move is written Mj g30-g25 5: the squares, then the count")),
                };
                // The square names hold letters too (x13), so the separator is
                // the first character after the first name's digits.
                let letters = path.find(|c: char| c.is_ascii_digit()).unwrap_or(path.len());
                let digits = path[letters..].find(|c: char| !c.is_ascii_digit()).map_or(path.len(), |i| letters + i);
                let (from, rest) = path.split_at(digits);
                let capture = rest.starts_with('x');
                let to = rest
                    .strip_prefix(['-', 'x'])
                    .ok_or_else(|| syntax("write a move's squares as g30-g25, or g30xg25 for a capture"))?;
                let (from, to) = (cell(from, text)?, cell(to, text)?);
                let count: u8 = count.parse().map_err(|_| syntax("the count is a number of squares"))?;
                match (points, kind, enter) {
                    (true, Kind::Monarch, false) => Ok(Part::Points { from, to, points: count, capture }),
                    (true, _, _) => Err(syntax("only the Monarch on the board moves with points")),
                    (false, _, _) => Ok(Part::Move { kind, from, enter, count, to, capture }),
                }
            }
            [] => Err(syntax("an empty part")),
        }
    }
}

impl FromStr for AttacticsTurn {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<AttacticsTurn, NotationError> {
        let (seat, rest) = match text.split_once(':') {
            Some((name, rest)) => (Some(seat_name(name, text)?), rest),
            None => (None, text),
        };
        let parts = rest
            .split(';')
            .map(|part| part.parse::<Part>().map_err(|e| NotationError::syntax(text, e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(AttacticsTurn { seat, parts })
    }
}

/// The steps a written go stands for, played from `state`.
pub(super) fn resolve<const R: u32>(
    state: &Attactics<R>,
    turn: &AttacticsTurn,
) -> Result<Vec<StepOf<Attactics<R>>>, NotationError> {
    let text = turn.to_string();
    let illegal = |why: String| NotationError::illegal(&text, why);
    let mut state = state.clone();
    let mut steps = Vec::new();
    let seat = match turn.seat {
        Some(name) => Some(
            (0..state.seat_count())
                .map(|i| Seat(i as u8))
                .find(|s| state.name(*s) == name)
                .ok_or_else(|| illegal(format!("{name} does not play in this match")))?,
        ),
        None => None,
    };
    let need_seat = || seat.ok_or_else(|| NotationError::illegal(&text, "a move needs the player's name before it"));
    let go = state.turns;
    for (i, part) in turn.parts.iter().enumerate() {
        if state.turns != go {
            return Err(illegal(format!("the go is over before \"{part}\"")));
        }
        let chance = match part {
            Part::Opening(rolls) => {
                let names: Vec<&str> = state.contenders.iter().map(|s| state.name(s)).collect();
                if rolls.iter().map(|(n, _)| n.as_str()).ne(names.iter().copied()) {
                    return Err(illegal(format!("the opening roll is thrown by {}", names.join(", "))));
                }
                Some(Throw::Opening(rolls.iter().map(|(_, d)| *d).collect()))
            }
            Part::Roll(dice) => {
                let seat = need_seat()?;
                if state.mover != seat {
                    return Err(illegal(format!("it is {}'s throw", state.name(state.mover))));
                }
                if state.status().decision().is_some() {
                    state.apply(seat, &AttacticsAction::Roll).map_err(|e| illegal(e.to_string()))?;
                    steps.push(Step::Act(seat, AttacticsAction::Roll));
                }
                match dice {
                    Some(dice) => Some(Throw::Roll(*dice)),
                    None if i + 1 == turn.parts.len() => None,
                    None => return Err(illegal("state the dice of a throw that more parts follow".into())),
                }
            }
            _ => {
                let seat = need_seat()?;
                let (action, capture) = match *part {
                    Part::Points { from, to, points, capture } => {
                        (AttacticsAction::Points { from, to, points }, capture)
                    }
                    Part::Move { kind, from, enter, count, to, capture } => {
                        (AttacticsAction::Move { kind, from, enter, count, to }, capture)
                    }
                    Part::Squeeze(target) => (AttacticsAction::Squeeze { target }, false),
                    _ => (AttacticsAction::Stop, false),
                };
                if let Part::Points { to, .. } | Part::Move { to, .. } = part {
                    let taken = board::id(*to).is_some_and(|id| state.squares[usize::from(id)].is_some());
                    if taken != capture {
                        return Err(illegal(format!(
                            "{to} is {}",
                            if taken { "taken: write x" } else { "empty: write -" }
                        )));
                    }
                }
                state.apply(seat, &action).map_err(|e| illegal(e.to_string()))?;
                steps.push(Step::Act(seat, action));
                None
            }
        };
        if let Some(outcome) = chance {
            state.check_chance(&outcome).map_err(|e| illegal(e.to_string()))?;
            state.play_chance(&outcome);
            steps.push(Step::Chance(outcome));
        }
    }
    Ok(steps)
}

/// A go written from its steps, played from `state`.
pub(super) fn notate<const R: u32>(state: &Attactics<R>, turn: &[StepOf<Attactics<R>>]) -> AttacticsTurn {
    let mut state = state.clone();
    let mut parts: Vec<Part> = Vec::new();
    let mut seat = None;
    for step in turn {
        match step {
            Step::Act(s, action) => {
                seat = Some(state.name(*s));
                parts.push(Part::of_action(&state, action));
                state.play(*s, action);
            }
            Step::Chance(outcome) => {
                let part = Part::of_chance(&state, outcome);
                if let Throw::Roll(_) = outcome {
                    seat.get_or_insert(state.name(state.mover));
                }
                match (parts.last_mut(), part) {
                    (Some(last @ Part::Roll(None)), part @ Part::Roll(Some(_))) => *last = part,
                    (_, part) => parts.push(part),
                }
                state.play_chance(outcome);
            }
        }
    }
    AttacticsTurn { seat, parts }
}
