//! Tactics' notation. The rulebook has none; Tactica writes a turn as its
//! steps in order, separated by `; `, each action after its country's
//! letter, squares by their names (`NW12`: square 12 of the north-west
//! ocean; `N5`: square 5 of North's home area; `Z3`: the safety zone):
//!
//! `N: BS NW12-NW13; card PLANE RAID; N: strikes TR SE4; E: accepts protest`
//!
//! - `BS NW12-NW13` a step; `BS NW12xNW14xNW16` a battleship's jumps;
//!   `stand` when no piece can move; `demand NW4` a demand that a neutral
//!   piece leave a blockade;
//! - `card PLANE RAID` the card drawn (`card SUBMARINE NW9` for its holder;
//!   others read `card kept`);
//! - `strikes TR SE4`, `TR NW1-SW12` (a card's move), `TR back to N3`,
//!   `W pays a coin`, `declines`, `protest on N` — what a card does;
//! - `torpedo NW9`, `pass` in a submarine window; `accepts protest`,
//!   `refuses protest`; `joins North`; `TR home E5`; `gives up TR S4`;
//! - `opening N 3, S 5, E 1` the throw for the first move.
//!
//! A turn's syntax is read without a position and resolved against one.

use super::board::Board;
use super::pieces::Card;
use super::{Tactics1940, Tactics1940Action, Tactics1940Chance};
use crate::error::NotationError;
use crate::game::{Game, StepOf};
use crate::seat::Seat;
use crate::step::Step;
use std::fmt;
use std::str::FromStr;

/// One turn as written: its steps' texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactics1940Turn(pub Vec<String>);

impl FromStr for Tactics1940Turn {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, NotationError> {
        let parts: Vec<String> = text
            .split(';')
            .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            return Err(NotationError::syntax(text, "an empty turn"));
        }
        Ok(Tactics1940Turn(parts))
    }
}

impl fmt::Display for Tactics1940Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

/// An action as written, after its country's letter.
pub fn action_text<const R: u32>(state: &Tactics1940<R>, seat: Seat, action: &Tactics1940Action) -> String {
    let board = Board::get();
    let kind_on =
        |cell: &crate::board::Cell| board.id(*cell).and_then(|id| state.piece(id)).map_or("?", |p| p.kind.short());
    let words = match action {
        Tactics1940Action::Move { from, to } => format!("{} {from}-{to}", kind_on(from)),
        Tactics1940Action::Jump { path } => {
            let squares: Vec<String> = path.iter().map(ToString::to_string).collect();
            format!("{} {}", kind_on(&path[0]), squares.join("x"))
        }
        Tactics1940Action::Stand => "stand".into(),
        Tactics1940Action::Demand { at } => format!("demand {at}"),
        Tactics1940Action::Pass => "pass".into(),
        Tactics1940Action::Torpedo => match state.window_square() {
            Some(square) => format!("torpedo {square}"),
            None => "torpedo".into(),
        },
        Tactics1940Action::Accept => "accepts protest".into(),
        Tactics1940Action::Refuse => "refuses protest".into(),
        Tactics1940Action::Join { side } => format!("joins {}", side.name()),
        Tactics1940Action::Home { to } => format!("TR home {to}"),
        Tactics1940Action::Strike { at } => format!("strikes {} {at}", kind_on(at)),
        Tactics1940Action::Forfeit { seat } => format!("{} pays a coin", state.country(*seat).letter()),
        Tactics1940Action::Place { from, to } => format!("{} {from}-{to}", kind_on(from)),
        Tactics1940Action::Enlist { to } => format!("TR back to {to}"),
        Tactics1940Action::Decline => "declines".into(),
        Tactics1940Action::Serve { seat } => format!("protest on {}", state.country(*seat).letter()),
        Tactics1940Action::Sacrifice { at } => format!("gives up {} {at}", kind_on(at)),
    };
    format!("{}: {words}", state.country(seat).letter())
}

/// The steps a written turn stands for, played from `state`.
pub fn resolve<const R: u32>(
    state: &Tactics1940<R>,
    turn: &Tactics1940Turn,
) -> Result<Vec<StepOf<Tactics1940<R>>>, NotationError> {
    let text = turn.to_string();
    let mut now = state.clone();
    let mut steps = Vec::new();
    for part in &turn.0 {
        let step = if let Some(rest) = part.strip_prefix("opening ") {
            Step::Chance(Tactics1940Chance::Opening(opening(&now, rest).ok_or_else(|| {
                NotationError::syntax(part, "an opening throw is each country's letter and die: opening N 3, S 5")
            })?))
        } else if part == "card kept" {
            return Err(NotationError::illegal(&text, "a hidden card cannot be replayed; write the card"));
        } else if let Some(name) = part.strip_prefix("card ") {
            let card = card_named(name).ok_or_else(|| NotationError::syntax(part, "no such card"))?;
            Step::Chance(Tactics1940Chance::Draw(card))
        } else {
            let (letter, _) = part.split_once(':').ok_or_else(|| {
                NotationError::syntax(part, "an action follows its country's letter: N: BS NW12-NW13")
            })?;
            let seat = now
                .seats()
                .find(|s| now.country(*s).letter() == letter.trim())
                .ok_or_else(|| NotationError::syntax(part, "no such country in this match"))?;
            Step::Act(seat, now.parse_action(seat, part)?)
        };
        match &step {
            Step::Chance(outcome) => {
                now.check_chance(outcome).map_err(|e| NotationError::illegal(&text, e.to_string()))?;
                now.play_chance(outcome);
            }
            Step::Act(seat, action) => {
                now.apply(*seat, action).map_err(|e| NotationError::illegal(&text, e.to_string()))?;
            }
        }
        steps.push(step);
    }
    Ok(steps)
}

/// The notation of a turn played from `state`.
pub fn notate<const R: u32>(state: &Tactics1940<R>, turn: &[StepOf<Tactics1940<R>>]) -> Tactics1940Turn {
    let mut now = state.clone();
    let mut parts = Vec::new();
    for step in turn {
        parts.push(now.step_text(step));
        match step {
            Step::Chance(outcome) => now.play_chance(outcome),
            Step::Act(seat, action) => now.play(*seat, action),
        }
    }
    Tactics1940Turn(parts)
}

/// `N 3, S 5, E 1` read against the seats of `state`.
fn opening<const R: u32>(state: &Tactics1940<R>, text: &str) -> Option<Vec<u8>> {
    let mut dice = vec![0u8; state.seat_count()];
    for throw in text.split(',') {
        let (letter, die) = throw.trim().split_once(' ')?;
        let seat = state.seats().find(|s| state.country(*s).letter() == letter)?;
        dice[seat.index()] = die.trim().parse().ok()?;
    }
    dice.iter().all(|d| *d > 0).then_some(dice)
}

/// The card written `name` (as [`Card`]'s `Display` writes it).
fn card_named(name: &str) -> Option<Card> {
    if let Some(square) = name.strip_prefix("SUBMARINE ") {
        return square.trim().parse().ok().map(Card::Submarine);
    }
    Card::COUNTS.iter().map(|(card, _)| *card).find(|card| card.to_string() == name.trim())
}
