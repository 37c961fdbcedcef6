//! Games behind one object-safe interface, with actions in their JSON form.
//!
//! The server, the replay tool and the conformance suite handle every game
//! alike: they create a match by game id from JSON options, and exchange
//! actions as JSON values. [`AnyMatch`] is the [`Game`] trait with the types
//! erased; every `Game` gets it for free.

use crate::Seed;
use crate::click::Click;
use crate::conformance::{ConformanceConfig, ConformanceReport};
use crate::error::RulesError;
use crate::game::{Game, GameInfo, OptionSpec, Seen, Status};
use crate::layout::Layout;
use crate::seat::{Seat, Viewer};
use crate::tools::playout::{PlayoutReport, playouts};
use crate::tools::record::{Record, RecordMeta};
use crate::view::View;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::any::Any;
use std::fmt::Debug;
use std::marker::PhantomData;

/// A legal action as the client receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The action's JSON form, to send back unchanged.
    pub action: Value,
    /// Its notation.
    pub text: String,
    /// The clicks that choose it.
    pub clicks: Vec<Click>,
    /// Other orders of clicks that choose it too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_clicks: Vec<Vec<Click>>,
}

impl LegalAction {
    /// Every click sequence that chooses it, the usual one first.
    pub fn all_clicks(&self) -> impl Iterator<Item = &Vec<Click>> {
        std::iter::once(&self.clicks).chain(&self.other_clicks)
    }
}

/// One action of a recorded match: who played what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAction {
    /// The seat that played it.
    pub seat: Seat,
    /// Its JSON form.
    pub action: Value,
}

/// A match of some game, with the game's types erased.
pub trait AnyMatch: Debug + Send + Sync {
    /// The game.
    fn info(&self) -> &'static GameInfo;
    /// The options, as JSON.
    fn options_json(&self) -> Value;
    /// See [`Game::layout`].
    fn layout(&self) -> Layout;
    /// See [`Game::seat_count`].
    fn seat_count(&self) -> usize;
    /// See [`Game::status`].
    fn status(&self) -> Status;
    /// See [`Game::turn`].
    fn turn(&self) -> u32;
    /// The legal actions of `seat` with their notation and clicks.
    fn legal(&self, seat: Seat) -> Vec<LegalAction>;
    /// Checks and plays an action given in JSON; returns its notation.
    /// On error the state is unchanged.
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<String, RulesError>;
    /// Reads an action's JSON form and writes it back in canonical form.
    fn canonical_action(&self, action: &Value) -> Result<Value, RulesError>;
    /// Reads one action in notation and returns its JSON form.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Value, RulesError>;
    /// The notation of an action given in JSON.
    fn action_text(&self, seat: Seat, action: &Value) -> Result<String, RulesError>;
    /// See [`Game::describe_for`].
    fn describe_for(&self, seat: Seat, action: &Value, viewer: Viewer) -> Result<Seen, RulesError>;
    /// See [`Game::view`].
    fn view(&self, viewer: Viewer) -> View;
    /// Parses a turn in notation and resolves it against this state.
    fn resolve_turn(&self, text: &str) -> Result<Vec<SeatAction>, RulesError>;
    /// The notation of a whole turn played from this state.
    fn notate_turn(&self, turn: &[SeatAction]) -> Result<String, RulesError>;
    /// See [`Game::withdraw`].
    fn withdraw(&mut self, seat: Seat, reason: &str);
    /// See [`Game::resample`].
    fn resample(&self, viewer: Seat, seed: Seed) -> Box<dyn AnyMatch>;
    /// See [`Game::position`].
    fn position(&self) -> Option<String>;
    /// See [`Game::write_record`].
    fn write_record(&self, turns: &[String], meta: &RecordMeta) -> String;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyMatch>;
    /// Whether `other` is the same game in the same state.
    fn same_state(&self, other: &dyn AnyMatch) -> bool;
    /// For downcasting to the concrete game.
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn AnyMatch> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

fn read_action<G: Game>(action: &Value) -> Result<G::Action, RulesError> {
    G::Action::deserialize(action).map_err(|e| RulesError::BadAction(e.to_string()))
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

impl<G: Game> AnyMatch for G {
    fn info(&self) -> &'static GameInfo {
        &Registered::<G>::INFO
    }

    fn options_json(&self) -> Value {
        to_json(self.options())
    }

    fn layout(&self) -> Layout {
        Game::layout(self)
    }

    fn seat_count(&self) -> usize {
        Game::seat_count(self)
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn turn(&self) -> u32 {
        Game::turn(self)
    }

    fn legal(&self, seat: Seat) -> Vec<LegalAction> {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        actions
            .iter()
            .map(|a| LegalAction {
                action: to_json(a),
                text: Game::action_text(self, seat, a),
                clicks: self.clicks(seat, a),
                other_clicks: self.other_clicks(seat, a),
            })
            .collect()
    }

    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<String, RulesError> {
        let action = read_action::<G>(action)?;
        self.check(seat, &action)?;
        let text = Game::action_text(self, seat, &action);
        self.play(seat, &action);
        Ok(text)
    }

    fn canonical_action(&self, action: &Value) -> Result<Value, RulesError> {
        Ok(to_json(&read_action::<G>(action)?))
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Value, RulesError> {
        Ok(to_json(&Game::parse_action(self, seat, text)?))
    }

    fn action_text(&self, seat: Seat, action: &Value) -> Result<String, RulesError> {
        Ok(Game::action_text(self, seat, &read_action::<G>(action)?))
    }

    fn describe_for(&self, seat: Seat, action: &Value, viewer: Viewer) -> Result<Seen, RulesError> {
        Ok(Game::describe_for(self, seat, &read_action::<G>(action)?, viewer))
    }

    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }

    fn resolve_turn(&self, text: &str) -> Result<Vec<SeatAction>, RulesError> {
        let syntax: G::Notation = text.parse()?;
        let actions = self.resolve(&syntax)?;
        Ok(actions.into_iter().map(|(seat, a)| SeatAction { seat, action: to_json(&a) }).collect())
    }

    fn notate_turn(&self, turn: &[SeatAction]) -> Result<String, RulesError> {
        if turn.is_empty() {
            return Err(RulesError::BadAction("a turn has at least one action".into()));
        }
        let typed = turn
            .iter()
            .map(|sa| Ok((sa.seat, read_action::<G>(&sa.action)?)))
            .collect::<Result<Vec<_>, RulesError>>()?;
        Ok(self.notate(&typed).to_string())
    }

    fn withdraw(&mut self, seat: Seat, reason: &str) {
        Game::withdraw(self, seat, reason);
    }

    fn resample(&self, viewer: Seat, seed: Seed) -> Box<dyn AnyMatch> {
        Box::new(Game::resample(self, viewer, seed))
    }

    fn position(&self) -> Option<String> {
        Game::position(self)
    }

    fn write_record(&self, turns: &[String], meta: &RecordMeta) -> String {
        Game::write_record(self, turns, meta)
    }

    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(self.clone())
    }

    fn same_state(&self, other: &dyn AnyMatch) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A registered game, with the game's types erased.
pub trait AnyGame: Send + Sync {
    /// The game's identity.
    fn info(&self) -> &'static GameInfo;
    /// The options a host can set.
    fn option_specs(&self) -> Vec<OptionSpec>;
    /// Checks options given in JSON (`null` means the defaults) and returns
    /// them in full, with defaults filled in.
    fn normalize_options(&self, options: &Value) -> Result<Value, RulesError>;
    /// How many seats a match with these options has.
    fn seat_count(&self, options: &Value) -> Result<usize, RulesError>;
    /// A new match.
    fn new_match(&self, options: &Value, seed: Seed) -> Result<Box<dyn AnyMatch>, RulesError>;
    /// A match from a position in the game's position format.
    fn match_at(&self, options: &Value, position: &str, seed: Seed) -> Result<Box<dyn AnyMatch>, RulesError>;
    /// Splits a game record into its start position and turns.
    fn read_record(&self, text: &str) -> Result<Record, RulesError>;
    /// The perft count at `depth`, from the start or from `position`.
    fn perft(&self, options: &Value, position: Option<&str>, depth: u32) -> Result<u64, RulesError>;
    /// Runs the conformance suite (see [`crate::conformance`]).
    fn conformance(&self, config: ConformanceConfig) -> Result<ConformanceReport, String>;
    /// Uniformly random playouts (see [`playouts`]).
    fn playouts(&self, options: &Value, games: u64, seed: u64, max_actions: u64) -> Result<PlayoutReport, RulesError>;
}

/// The [`AnyGame`] of the game `G`.
pub struct Registered<G>(PhantomData<fn() -> G>);

impl<G: Game> Registered<G> {
    /// The entry for `G`.
    pub const ENTRY: Registered<G> = Registered(PhantomData);
    const INFO: GameInfo = G::INFO;

    fn options(options: &Value) -> Result<G::Options, RulesError> {
        if options.is_null() {
            return Ok(G::Options::default());
        }
        G::Options::deserialize(options).map_err(|e| RulesError::BadOptions(e.to_string()))
    }

    fn start(options: &Value, position: Option<&str>) -> Result<G, RulesError> {
        let options = Self::options(options)?;
        match position {
            Some(position) => G::from_position(&options, position, Seed::default()),
            None => G::new(&options, Seed::default()),
        }
    }
}

impl<G: Game> AnyGame for Registered<G> {
    fn info(&self) -> &'static GameInfo {
        &Self::INFO
    }

    fn option_specs(&self) -> Vec<OptionSpec> {
        G::option_specs()
    }

    fn normalize_options(&self, options: &Value) -> Result<Value, RulesError> {
        let typed = Self::options(options)?;
        // Building a match validates combinations of options.
        G::new(&typed, Seed::default())?;
        Ok(to_json(&typed))
    }

    fn seat_count(&self, options: &Value) -> Result<usize, RulesError> {
        Ok(Game::seat_count(&G::new(&Self::options(options)?, Seed::default())?))
    }

    fn new_match(&self, options: &Value, seed: Seed) -> Result<Box<dyn AnyMatch>, RulesError> {
        Ok(Box::new(G::new(&Self::options(options)?, seed)?))
    }

    fn match_at(&self, options: &Value, position: &str, seed: Seed) -> Result<Box<dyn AnyMatch>, RulesError> {
        Ok(Box::new(G::from_position(&Self::options(options)?, position, seed)?))
    }

    fn read_record(&self, text: &str) -> Result<Record, RulesError> {
        Ok(G::read_record(text)?)
    }

    fn perft(&self, options: &Value, position: Option<&str>, depth: u32) -> Result<u64, RulesError> {
        Ok(Self::start(options, position)?.perft(depth))
    }

    fn conformance(&self, config: ConformanceConfig) -> Result<ConformanceReport, String> {
        crate::conformance::run::<G>(config)
    }

    fn playouts(&self, options: &Value, games: u64, seed: u64, max_actions: u64) -> Result<PlayoutReport, RulesError> {
        let options = Self::options(options)?;
        playouts::<G>(&options, games, seed, max_actions)
    }
}
