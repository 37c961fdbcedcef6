//! Games behind one object-safe interface, with actions in their JSON form.
//!
//! The server, the tools and the JSON half of the conformance suite handle
//! every game alike: [`AnyGame`] is a registered game (its options, new
//! matches and referees, its tools), [`AnyMatch`] a rules state with the
//! game's types erased. A match is played through its
//! [`AnyReferee`](crate::referee::AnyReferee); every `Game` gets both for free.

use crate::bot::SearchSettings;
use crate::chance::{Seed, SeedStream};
use crate::click::Click;
use crate::conformance::{ConformanceConfig, ConformanceReport};
use crate::error::RulesError;
use crate::game::{Game, GameInfo, OptionSpec};
use crate::layout::{CellId, Layout};
use crate::record::{Record, RecordMeta};
use crate::referee::{AnyReferee, Referee, settle};
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::tools::playout::{PlayoutReport, playouts};
use crate::view::View;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::any::Any;
use std::fmt::Debug;
use std::marker::PhantomData;

/// A legal action as the client receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The seat it is for.
    pub seat: Seat,
    /// The action's JSON form, to send back unchanged.
    pub action: Value,
    /// Its notation.
    pub text: String,
    /// The clicks that choose it.
    pub clicks: Vec<Click>,
    /// Other orders of clicks that choose it too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_clicks: Vec<Vec<Click>>,
    /// The cells it passes through ([`Game::paths`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<CellId>,
}

impl LegalAction {
    /// Every click sequence that chooses it, the usual one first.
    pub fn all_clicks(&self) -> impl Iterator<Item = &Vec<Click>> {
        std::iter::once(&self.clicks).chain(&self.other_clicks)
    }
}

/// A rules state of some game, with the game's types erased.
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
    /// The answer `seat` gives only when the deadline of the whole response
    /// window open now passes (its default answer), as its JSON form in
    /// [`AnyMatch::legal`]; none in any other decision. A person is not
    /// offered it and a bot that chooses it waits.
    fn answer_at_deadline(&self, seat: Seat) -> Option<Value>;
    /// See [`Game::view`].
    fn view(&self, viewer: Viewer) -> View;
    /// Checks and plays an action given in JSON, then draws any chance
    /// outcome due from `stream` (for tools and tests; matches are played
    /// through a referee). On error the state is unchanged.
    fn apply_json(&mut self, seat: Seat, action: &Value, stream: &mut SeedStream) -> Result<(), RulesError>;
    /// See [`Game::resample`].
    fn resample(&self, viewer: Seat, seed: Seed) -> Box<dyn AnyMatch>;
    /// See [`Game::evaluate`].
    fn evaluate(&self) -> Option<Vec<f64>>;
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
    /// A searching bot's action for `seat` here (a state it may know), in
    /// its JSON form: the game's own searcher where it has one and the
    /// settings ask for it ([`Game::own_search`]), else
    /// [`crate::bot::search`] on the concrete game.
    fn search(&self, seat: Seat, settings: &SearchSettings, stream: &mut SeedStream, stop: &dyn Fn() -> bool) -> Value;
}

impl Clone for Box<dyn AnyMatch> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
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

    fn answer_at_deadline(&self, seat: Seat) -> Option<Value> {
        Game::status(self).decision().filter(|d| d.is_whole() && d.seats.contains(seat))?;
        self.default_action(seat).map(|a| to_json(&a))
    }

    fn legal(&self, seat: Seat) -> Vec<LegalAction> {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        let mut paths = self.paths(seat, &actions).into_iter();
        actions
            .iter()
            .map(|a| LegalAction {
                seat,
                action: to_json(a),
                text: Game::action_text(self, seat, a),
                clicks: self.clicks(seat, a),
                other_clicks: self.other_clicks(seat, a),
                path: paths.next().unwrap_or_default(),
            })
            .collect()
    }

    fn view(&self, viewer: Viewer) -> View {
        Game::view(self, viewer)
    }

    fn apply_json(&mut self, seat: Seat, action: &Value, stream: &mut SeedStream) -> Result<(), RulesError> {
        let action = G::Action::deserialize(action).map_err(|e| RulesError::BadAction(e.to_string()))?;
        self.apply(seat, &action)?;
        settle(self, stream);
        Ok(())
    }

    fn resample(&self, viewer: Seat, seed: Seed) -> Box<dyn AnyMatch> {
        Box::new(Game::resample(self, viewer, seed))
    }

    fn evaluate(&self) -> Option<Vec<f64>> {
        Game::evaluate(self)
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

    fn search(&self, seat: Seat, settings: &SearchSettings, stream: &mut SeedStream, stop: &dyn Fn() -> bool) -> Value {
        let own = settings.own_search.and_then(|positions| self.own_search(seat, positions, stream, stop));
        to_json(&own.unwrap_or_else(|| crate::bot::search::search(self, seat, settings, stream, stop)))
    }
}

/// A registered game, with the game's types erased.
pub trait AnyGame: Send + Sync {
    /// The game's identity and kind.
    fn info(&self) -> &'static GameInfo;
    /// The options a host can set.
    fn option_specs(&self) -> Vec<OptionSpec>;
    /// Every choice of options a lobby form offers, in full: the defaults
    /// first, then each offered value of each option with the others left
    /// at their defaults, or where it needs others, at the first values
    /// that make a match.
    fn option_choices(&self) -> Vec<Value>;
    /// Checks options given in JSON (`null` means the defaults) and returns
    /// them in full, with defaults filled in.
    fn normalize_options(&self, options: &Value) -> Result<Value, RulesError>;
    /// How many seats a match with these options has.
    fn seat_count(&self, options: &Value) -> Result<usize, RulesError>;
    /// A new match's rules state (chance not yet drawn).
    fn new_match(&self, options: &Value) -> Result<Box<dyn AnyMatch>, RulesError>;
    /// A match from a position in the game's position format.
    fn match_at(&self, options: &Value, position: &str) -> Result<Box<dyn AnyMatch>, RulesError>;
    /// A referee for a new match with chance from `seed`, from the start or
    /// from `position`.
    fn referee(&self, options: &Value, position: Option<&str>, seed: Seed) -> Result<Box<dyn AnyReferee>, RulesError>;
    /// Splits a game record into its start position and turns.
    fn read_record(&self, text: &str) -> Result<Record, RulesError>;
    /// The perft count at `depth`, from the start or from `position`.
    fn perft(&self, options: &Value, position: Option<&str>, depth: u32) -> Result<u64, RulesError>;
    /// Runs the conformance suite with these options (see [`crate::conformance`]).
    fn conformance(&self, options: &Value, config: ConformanceConfig) -> Result<ConformanceReport, String>;
    /// Checks that `check` accepts exactly the legal actions, for arbitrary
    /// actions in a reachable state (see [`crate::conformance::legality`]).
    fn legality(&self, options: &Value, seed: u64, depth: usize, picks: &[u32]) -> Result<usize, String>;
    /// Uniformly random playouts (see [`playouts`]).
    fn playouts(&self, options: &Value, games: u64, seed: u64, max_actions: u64) -> Result<PlayoutReport, RulesError>;
}

/// The [`AnyGame`] of the game `G`.
pub struct Registered<G>(PhantomData<fn() -> G>);

impl<G: Game> Registered<G> {
    /// The entry for `G`.
    pub const ENTRY: Registered<G> = Registered(PhantomData);
    const INFO: GameInfo = G::INFO;

    /// Whether `options` make a match.
    fn valid(options: &Value) -> bool {
        Self::options(options).and_then(|o| G::new(&o)).is_ok()
    }

    fn options(options: &Value) -> Result<G::Options, RulesError> {
        if options.is_null() {
            return Ok(G::Options::default());
        }
        G::Options::deserialize(options).map_err(|e| RulesError::BadOptions(e.to_string()))
    }

    fn start(options: &Value, position: Option<&str>) -> Result<G, RulesError> {
        let options = Self::options(options)?;
        match position {
            Some(position) => G::from_position(&options, position),
            None => G::new(&options),
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

    fn option_choices(&self) -> Vec<Value> {
        let defaults = to_json(&G::Options::default());
        let specs = G::option_specs();
        let mut choices = vec![defaults.clone()];
        for (i, spec) in specs.iter().enumerate() {
            for choice in spec.choices.iter().filter(|c| c.value != spec.default) {
                let mut options = defaults.clone();
                options[spec.key.as_str()] = choice.value.clone();
                // A choice that needs others (ATTACTICS' team versions need
                // allies, which need four players) is taken with the first
                // choices of the other options that make it valid.
                if !Self::valid(&options) {
                    let mut tries = vec![options.clone()];
                    for other in specs.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, o)| o) {
                        // Its default first, so that an option the choice
                        // does not need stays at it.
                        let values: Vec<&Value> = std::iter::once(&other.default)
                            .chain(other.choices.iter().map(|c| &c.value).filter(|v| **v != other.default))
                            .collect();
                        tries = tries
                            .iter()
                            .flat_map(|t| {
                                values.iter().map(|v| {
                                    let mut with = t.clone();
                                    with[other.key.as_str()] = (*v).clone();
                                    with
                                })
                            })
                            .collect();
                    }
                    options = tries.into_iter().find(Self::valid).unwrap_or(options);
                }
                choices.push(options);
            }
        }
        choices
    }

    fn normalize_options(&self, options: &Value) -> Result<Value, RulesError> {
        let typed = Self::options(options)?;
        // Building a match validates combinations of options.
        G::new(&typed)?;
        Ok(to_json(&typed))
    }

    fn seat_count(&self, options: &Value) -> Result<usize, RulesError> {
        Ok(Game::seat_count(&G::new(&Self::options(options)?)?))
    }

    fn new_match(&self, options: &Value) -> Result<Box<dyn AnyMatch>, RulesError> {
        Ok(Box::new(G::new(&Self::options(options)?)?))
    }

    fn match_at(&self, options: &Value, position: &str) -> Result<Box<dyn AnyMatch>, RulesError> {
        Ok(Box::new(G::from_position(&Self::options(options)?, position)?))
    }

    fn referee(&self, options: &Value, position: Option<&str>, seed: Seed) -> Result<Box<dyn AnyReferee>, RulesError> {
        let options = Self::options(options)?;
        let referee = match position {
            Some(position) => Referee::<G>::at(&options, position, seed)?,
            None => Referee::<G>::new(&options, seed)?,
        };
        Ok(Box::new(referee))
    }

    fn read_record(&self, text: &str) -> Result<Record, RulesError> {
        Ok(G::read_record(text)?)
    }

    fn perft(&self, options: &Value, position: Option<&str>, depth: u32) -> Result<u64, RulesError> {
        Ok(Self::start(options, position)?.perft(depth))
    }

    fn conformance(&self, options: &Value, config: ConformanceConfig) -> Result<ConformanceReport, String> {
        let options = Self::options(options).map_err(|e| e.to_string())?;
        crate::conformance::run::<G>(&options, config)
    }

    fn legality(&self, options: &Value, seed: u64, depth: usize, picks: &[u32]) -> Result<usize, String> {
        let options = Self::options(options).map_err(|e| e.to_string())?;
        crate::conformance::legality::<G>(&options, seed, depth, picks)
    }

    fn playouts(&self, options: &Value, games: u64, seed: u64, max_actions: u64) -> Result<PlayoutReport, RulesError> {
        let options = Self::options(options)?;
        playouts::<G>(&options, games, seed, max_actions)
    }
}
