//! The one API every game implements.
//!
//! A [`Game`] value is the complete state of one match: the board, whose turn
//! it is, any hidden information and the match's own chance stream. It is
//! pure: no I/O, no clocks, no global randomness, so a match replays exactly
//! from (options, seed, actions).
//!
//! The model (see docs/architecture.md for how each game maps onto it):
//!
//! - **Who acts.** [`Game::status`] names the set of seats that may act now.
//!   Usually one seat; several for simultaneous phases (secret set-up) and
//!   response windows (a submarine card), where each acting seat submits its
//!   own action in any order and the state keeps what others may not see.
//! - **Turns.** A turn is a sequence of actions by one seat; the game decides
//!   when it ends (a release in Accasta, an explicit "stop", a chance card
//!   carried out). [`Game::turn`] counts completed turns.
//! - **Chance.** Rolls and shuffles happen inside [`Game::play`], drawn from the
//!   [`Chance`](crate::Chance) stream the state owns, seeded by the server.
//! - **Hidden information.** [`Game::view`] gives each viewer only what it may
//!   know; [`Game::describe_for`] says what a viewer may see of an action;
//!   [`Game::resample`] makes another state that the viewer cannot tell apart,
//!   which is how the conformance suite proves views do not leak.
//! - **Notation.** [`Game::Notation`] is the syntax of one turn, parsed
//!   without a state and resolved against one ([`Game::resolve`]); a single
//!   action has a text form too ([`Game::action_text`]) and a JSON form (serde).

use crate::Seed;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::layout::Layout;
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::tools::record::{Record, RecordMeta, read_lines, write_lines};
use crate::view::View;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// Who may act, or how the match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// These seats may act now (at least one).
    Acting(SeatSet),
    /// The match is over.
    Over(Outcome),
}

impl Status {
    /// The seats that may act; empty once the match is over.
    pub fn acting(&self) -> SeatSet {
        match self {
            Status::Acting(seats) => *seats,
            Status::Over(_) => SeatSet::EMPTY,
        }
    }

    /// The status of a game in which one seat acts at a time: over with
    /// `outcome` if there is one, else `to_move` acts.
    pub fn one_seat(outcome: &Option<Outcome>, to_move: Seat) -> Status {
        match outcome {
            Some(outcome) => Status::Over(outcome.clone()),
            None => Status::Acting(SeatSet::only(to_move)),
        }
    }

    /// The outcome, once the match is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Over(outcome) => Some(outcome),
            Status::Acting(_) => None,
        }
    }
}

/// What a viewer may learn of an action.
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

/// What players and the lobby need to know about a game before a match.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// Stable identifier used in URLs, the protocol and the database.
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// One paragraph for the home page.
    pub summary: &'static str,
    /// The fewest seats it can be played with.
    pub min_seats: u8,
    /// The most seats it can be played with.
    pub max_seats: u8,
}

/// One option a lobby host can set, with its allowed values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionSpec {
    /// Its key in the options JSON object.
    pub key: String,
    /// What to call it in a form.
    pub label: String,
    /// The allowed values and their labels.
    pub choices: Vec<OptionChoice>,
    /// The value used when the key is absent.
    pub default: serde_json::Value,
}

/// One allowed value of an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionChoice {
    /// The JSON value.
    pub value: serde_json::Value,
    /// What to call it in a form.
    pub label: String,
}

/// A game's rules, as the state of one match.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// What a host chooses when creating a match: variant, board size, number
    /// of players. `{}` must mean the standard game.
    type Options: Clone + Default + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One action by one seat. Its serde form is the stable JSON form.
    type Action: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// The syntax of one whole turn in the game's notation, parsed without a
    /// state. `Display` writes it back in canonical form.
    type Notation: FromStr<Err = NotationError> + Display;

    /// The game's identity.
    const INFO: GameInfo;

    /// The options a host can set, for the lobby form.
    fn option_specs() -> Vec<OptionSpec> {
        Vec::new()
    }

    /// A new match. `seed` decides every chance event of the match.
    fn new(options: &Self::Options, seed: Seed) -> Result<Self, RulesError>;

    /// A match from a position written in the game's position format (FEN
    /// for draughts), for tools and tests.
    fn from_position(_options: &Self::Options, _position: &str, _seed: Seed) -> Result<Self, RulesError> {
        Err(RulesError::BadOptions(format!("{} has no position format", Self::INFO.name)))
    }

    /// The options this match was created with.
    fn options(&self) -> &Self::Options;

    /// The fixed geometry of the board.
    fn layout(&self) -> Layout;

    /// How many seats this match has.
    fn seat_count(&self) -> usize;

    /// Who may act now, or the outcome.
    fn status(&self) -> Status;

    /// How many turns have been completed.
    fn turn(&self) -> u32;

    /// Appends every legal action of `seat` to `out`. Nothing when the seat
    /// may not act. Each distinct action appears once.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// How many legal actions `seat` has; games may count faster than they
    /// generate.
    fn count_legal(&self, seat: Seat) -> usize {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        actions.len()
    }

    /// Plays an action already known to be legal. Chance events it causes
    /// are drawn here.
    fn play(&mut self, seat: Seat, action: &Self::Action);

    /// Whether `seat` may play `action` now.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), RulesError> {
        if seat.index() >= self.seat_count() {
            return Err(RulesError::NoSuchSeat(seat));
        }
        match self.status() {
            Status::Over(_) => Err(RulesError::MatchOver),
            Status::Acting(seats) if !seats.contains(seat) => Err(RulesError::NotYourTurn(seat)),
            Status::Acting(_) => {
                let mut legal = Vec::new();
                self.legal_actions(seat, &mut legal);
                if legal.contains(action) {
                    Ok(())
                } else {
                    Err(RulesError::Illegal(format!(
                        "{} is not among the legal actions",
                        serde_json::to_string(action).unwrap_or_default()
                    )))
                }
            }
        }
    }

    /// Checks and plays an action. On error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), RulesError> {
        self.check(seat, action)?;
        self.play(seat, action);
        Ok(())
    }

    /// What `viewer` sees now. Once the match is over, everything is shown.
    fn view(&self, viewer: Viewer) -> View;

    /// What `viewer` may learn of `action` by `seat`, played from this state.
    /// The default: everyone sees every action as written.
    fn describe_for(&self, _seat: Seat, _action: &Self::Action, _viewer: Viewer) -> Seen {
        Seen::All
    }

    /// The clicks that choose `action` (see [`crate::click`]).
    fn clicks(&self, seat: Seat, action: &Self::Action) -> Vec<Click>;

    /// Other orders in which a person may click the same action, such as
    /// the two pieces of an Attangle capture taken in either order. Every
    /// sequence of every legal action of a seat counts in the prefix rule.
    fn other_clicks(&self, _seat: Seat, _action: &Self::Action) -> Vec<Vec<Click>> {
        Vec::new()
    }

    /// The action in the game's notation, played from this state.
    fn action_text(&self, seat: Seat, action: &Self::Action) -> String;

    /// Reads one action written as [`Game::action_text`] writes it.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, NotationError> {
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        let wanted = text.trim();
        legal
            .into_iter()
            .find(|a| self.action_text(seat, a) == wanted)
            .ok_or_else(|| NotationError::illegal(text, "no legal action is written this way"))
    }

    /// The actions, in order and with their seats, that a turn written in
    /// notation stands for, played from this state.
    fn resolve(&self, turn: &Self::Notation) -> Result<Vec<(Seat, Self::Action)>, NotationError>;

    /// The notation of a whole turn played from this state. A turn of one
    /// action is written as that action's [`Game::action_text`] (the
    /// conformance suite checks it).
    fn notate(&self, turn: &[(Seat, Self::Action)]) -> Self::Notation;

    /// The seat leaves the match (resignation, a lost flag, abandonment).
    /// In a two-seat game the other seat wins ([`withdraw_two_seats`]); games
    /// with more seats decide how play goes on without it.
    fn withdraw(&mut self, seat: Seat, reason: &str);

    /// Another state that `viewer` cannot tell apart from this one, with
    /// everything the viewer may not know drawn anew from `seed`. Games of
    /// perfect information without chance return a copy.
    fn resample(&self, _viewer: Seat, _seed: Seed) -> Self {
        self.clone()
    }

    /// Splits a game record file into its start position and turn texts.
    /// The default format is one turn per line, `#` starting a comment.
    fn read_record(text: &str) -> Result<Record, NotationError> {
        Ok(read_lines(text))
    }

    /// Writes a record of the turns played from this state, in the format
    /// [`Game::read_record`] reads.
    fn write_record(&self, turns: &[String], meta: &RecordMeta) -> String {
        write_lines(Self::INFO.name, turns, meta)
    }

    /// The position in the game's position format, if it has one.
    fn position(&self) -> Option<String> {
        None
    }

    /// Leaf count of the tree of legal actions `depth` deep (every action of
    /// every acting seat is a child). Games may override it with a faster
    /// search that must give the same numbers.
    fn perft(&self, depth: u32) -> u64 {
        crate::tools::perft::generic_perft(self, depth)
    }
}

/// The outcome of a two-seat game after `seat` withdraws: the other seat wins.
pub fn withdraw_two_seats(seat: Seat, reason: &str) -> Outcome {
    Outcome::win(2, seat.opponent(), reason)
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
