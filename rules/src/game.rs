//! The one API every game implements.
//!
//! A [`Game`] value is the complete state of one match: the board, whose turn
//! it is and any hidden information. It is pure: no I/O, no clocks, and no
//! randomness of its own; chance outcomes are drawn by the
//! [`Referee`](crate::referee::Referee) from the match's seed and played into
//! the state like actions, so a match replays exactly from (options, seed,
//! steps), and no view can depend on a roll still to come.
//!
//! The model (see docs/architecture.md for how each game maps onto it):
//!
//! - **Who acts.** [`Game::status`] names a decision (a turn, a simultaneous
//!   decision, a response window with its deadline), that chance is due, or
//!   the end ([`crate::status`]).
//! - **Turns.** A turn is a sequence of steps by one seat, chance outcomes
//!   included; the game decides when it ends. [`Game::turn`] counts completed
//!   turns.
//! - **Legality, once.** [`Game::legal_actions`] is the only place a game
//!   says what is legal; [`Game::check`] is built on it and
//!   [`Game::explain`] only words a refusal.
//! - **Hidden information.** [`Game::view`] gives each viewer only what it may
//!   know; [`Game::observe`] says what a viewer learns of a step, judged with
//!   the state after it; [`Game::resample`] makes another state that the
//!   viewer cannot tell apart, which is how the conformance suite proves
//!   views do not leak.
//! - **Notation.** [`Game::Notation`] is the syntax of one turn, parsed
//!   without a state and resolved against one ([`Game::resolve`]); it may
//!   state chance outcomes, which replays check against the seed.
//! - **Leaving.** [`Game::withdraw`] and [`Game::agree_draw`] are how a seat
//!   leaves or the players agree: the rules, not the server, decide what
//!   follows.

use crate::Seed;
use crate::bot::Strength;
use crate::chance::SeedStream;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::layout::{CellId, Layout};
use crate::outcome::Outcome;
use crate::record::{Record, RecordMeta, read_lines, write_lines};
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::{Opening, Seen};
use crate::status::Status;
use crate::step::{Leave, Step};
use crate::view::View;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// What players, the lobby, the server and the conformance suite need to
/// know about a game before a match: its identity and what kind of game it
/// is (after OpenSpiel's `GameType`).
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
    /// Whether chance takes part (dice, cards, random arrangements).
    pub chance: bool,
    /// Whether a seat may not see everything (hidden ranks, held cards).
    /// Without it, `view` is the same for every viewer, and the server
    /// draws it once for all.
    pub hidden_information: bool,
    /// Whether it has simultaneous decisions.
    pub simultaneous: bool,
    /// Whether it has response windows.
    pub windows: bool,
    /// The version of these rules, from 1: bumped by any change that alters
    /// legal actions, chance use or outcomes. A match is stored with the
    /// version it was created with and is always replayed by that version's
    /// code, which stays registered while matches use it
    /// ([`crate::registry::Catalog`]).
    pub rules_version: u32,
}

impl GameInfo {
    /// A game of perfect information without chance, one seat acting at a
    /// time: the kind most abstract games are.
    pub const fn abstract_game(
        id: &'static str,
        name: &'static str,
        summary: &'static str,
        min_seats: u8,
        max_seats: u8,
    ) -> GameInfo {
        GameInfo {
            id,
            name,
            summary,
            min_seats,
            max_seats,
            chance: false,
            hidden_information: false,
            simultaneous: false,
            windows: false,
            rules_version: 1,
        }
    }
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

/// A step of the game `G`.
pub type StepOf<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// A game's rules, as the state of one match.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// What a host chooses when creating a match: variant, board size, number
    /// of players. `{}` must mean the standard game.
    type Options: Clone + Default + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One action by one seat. Its serde form is the stable JSON form.
    type Action: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One chance outcome (a roll, a drawn card, a random arrangement);
    /// [`NoChance`](crate::step::NoChance) for games without chance. Its
    /// serde form is the stable JSON form.
    type Chance: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// The syntax of one whole turn in the game's notation, parsed without a
    /// state. `Display` writes it back in canonical form.
    type Notation: FromStr<Err = NotationError> + Display;

    /// The game's identity and kind.
    const INFO: GameInfo;

    /// The options a host can set, for the lobby form.
    fn option_specs() -> Vec<OptionSpec> {
        Vec::new()
    }

    /// A new match.
    fn new(options: &Self::Options) -> Result<Self, RulesError>;

    /// A match from a position written in the game's position format (FEN
    /// for draughts), for tools and tests.
    fn from_position(_options: &Self::Options, _position: &str) -> Result<Self, RulesError> {
        Err(RulesError::BadOptions(format!("{} has no position format", Self::INFO.name)))
    }

    /// The options this match was created with.
    fn options(&self) -> &Self::Options;

    /// The fixed geometry of the board.
    fn layout(&self) -> Layout;

    /// How many seats this match has.
    fn seat_count(&self) -> usize;

    /// Who may act now, whether chance is due, or the outcome.
    fn status(&self) -> Status;

    /// How many turns have been completed.
    fn turn(&self) -> u32;

    /// Appends every legal action of `seat` to `out`: nothing when the seat
    /// may not act. Each distinct action appears once. This is where a game
    /// says what is legal, and the only place.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// How many legal actions `seat` has; games may count faster than they
    /// generate (the conformance suite checks they agree).
    fn count_legal(&self, seat: Seat) -> usize {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        actions.len()
    }

    /// One of `seat`'s legal actions drawn uniformly from `stream`, as a
    /// random playout plays: the one at `stream.below(n)` in the list of `n`
    /// that [`Game::legal_actions`] makes (listed into `scratch`). Games
    /// whose lists are long may find that action without listing the rest;
    /// it must be the same one, from the same draw (the conformance suite
    /// checks). `seat` must have a legal action.
    fn random_action(&self, seat: Seat, stream: &mut SeedStream, scratch: &mut Vec<Self::Action>) -> Self::Action {
        random_listed(self, seat, stream, scratch)
    }

    /// The action a search's playout plays for `seat`: by default one drawn
    /// uniformly ([`Game::random_action`]). A game whose random matches
    /// seldom reach what decides its real ones may lean its playouts
    /// towards it, so that a search sees it happen (Tactics' blockade). It
    /// must be one of `seat`'s legal actions, drawn from `stream` alone (the
    /// conformance suite checks the first; the second keeps a search that
    /// is given the same seed the same).
    fn playout_action(&self, seat: Seat, stream: &mut SeedStream, scratch: &mut Vec<Self::Action>) -> Self::Action {
        self.random_action(seat, stream, scratch)
    }

    /// Plays an action already known to be legal.
    fn play(&mut self, seat: Seat, action: &Self::Action);

    /// Why `seat` may not play `action`, in words, for the error a client
    /// gets. It only explains: legality is [`Game::legal_actions`]'s. The
    /// words may use only what `seat` may know.
    fn explain(&self, _seat: Seat, _action: &Self::Action) -> String {
        "not a legal action here".to_string()
    }

    /// Whether `seat` may play `action` now: a seat at the table, acting, and
    /// the action among its legal ones. Not meant to be overridden; the
    /// property tests hold it to [`Game::legal_actions`].
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), RulesError> {
        if seat.index() >= self.seat_count() {
            return Err(RulesError::NoSuchSeat(seat));
        }
        match self.status() {
            Status::Over(_) => Err(RulesError::MatchOver),
            status if !status.acting().contains(seat) => Err(RulesError::NotYourTurn(seat)),
            _ => {
                let mut legal = Vec::new();
                self.legal_actions(seat, &mut legal);
                if legal.contains(action) { Ok(()) } else { Err(RulesError::Illegal(self.explain(seat, action))) }
            }
        }
    }

    /// Checks and plays an action. On error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), RulesError> {
        self.check(seat, action)?;
        self.play(seat, action);
        Ok(())
    }

    /// The chance outcome that is due, drawn from `stream` (the match's
    /// seed stream). Called only while [`Game::status`] is
    /// [`Status::Chance`].
    fn draw_chance(&self, _stream: &mut SeedStream) -> Self::Chance {
        panic!("{} has no chance, so its status is never Status::Chance", Self::INFO.name)
    }

    /// Whether `outcome` could be the chance outcome due now (for records
    /// that state what chance gave).
    fn check_chance(&self, _outcome: &Self::Chance) -> Result<(), RulesError> {
        Err(RulesError::Illegal(format!("{} has no chance", Self::INFO.name)))
    }

    /// Plays a chance outcome already known to be possible.
    fn play_chance(&mut self, _outcome: &Self::Chance) {
        panic!("{} has no chance", Self::INFO.name)
    }

    /// A chance outcome in the game's notation ("roll 3-5").
    fn chance_text(&self, _outcome: &Self::Chance) -> String {
        String::new()
    }

    /// The answer `seat` gives in a response window when the deadline passes
    /// before it answered (usually "pass"). Every seat a window asks has one.
    /// In a simultaneous decision (a set-up), the part `seat` gives when its
    /// set-up time runs out, again until the decision no longer asks it
    /// (Tactique: the rest of its pieces at random, then "ready"); without
    /// one, a seat whose set-up time runs out has run out of time.
    fn default_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// What `viewer` sees now. Once the match is over, everything is shown.
    fn view(&self, viewer: Viewer) -> View;

    /// What `viewer` learns of `step`, played from this state and leading to
    /// `after`. Judged with both states, so a drawn card can be shown to its
    /// drawer in the step that draws it. The default: everyone sees every
    /// step as written.
    fn observe(&self, _step: &StepOf<Self>, _after: &Self, _viewer: Viewer) -> Seen {
        Seen::All
    }

    /// What the rules did by themselves as the turn now under way began
    /// (see [`Opening`]), asked of the state after a step that ended a
    /// turn. It must tell only what every viewer may know. The default:
    /// nothing.
    fn opening(&self) -> Option<Opening> {
        None
    }

    /// The clicks that choose `action` (see [`crate::click`]).
    fn clicks(&self, seat: Seat, action: &Self::Action) -> Vec<Click>;

    /// Other orders in which a person may click the same action, such as
    /// the two pieces of an Attangle capture taken in either order. Every
    /// sequence of every legal action of a seat counts in the prefix rule.
    fn other_clicks(&self, _seat: Seat, _action: &Self::Action) -> Vec<Vec<Click>> {
        Vec::new()
    }

    /// For each of `actions`, the cells it passes through in order from
    /// where it starts to where it ends, for games where the path matters
    /// and the clicks do not show it (ATTACTICS' walks through the maze):
    /// the board shows it before the action is chosen. `actions` are legal
    /// actions of `seat` now, asked as a whole list at once, since actions of
    /// one piece share the search for their paths; a path may show only what
    /// `seat` may know. Empty (no paths at all) by default.
    fn paths(&self, _seat: Seat, _actions: &[Self::Action]) -> Vec<Vec<CellId>> {
        Vec::new()
    }

    /// The action in the game's notation, played from this state.
    fn action_text(&self, seat: Seat, action: &Self::Action) -> String;

    /// A step in the game's notation, played from this state.
    fn step_text(&self, step: &StepOf<Self>) -> String {
        match step {
            Step::Act(seat, action) => self.action_text(*seat, action),
            Step::Chance(outcome) => self.chance_text(outcome),
        }
    }

    /// Reads one action written as [`Game::action_text`] writes it, or with
    /// other separators and spacing when its words name exactly one legal
    /// action ([`crate::lenient`]).
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, NotationError> {
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        let wanted = text.trim();
        if let Some(exact) = legal.iter().find(|a| self.action_text(seat, a) == wanted) {
            return Ok(exact.clone());
        }
        let words = crate::lenient::words(wanted);
        let mut matching: Vec<Self::Action> =
            legal.into_iter().filter(|a| crate::lenient::words(&self.action_text(seat, a)) == words).collect();
        match matching.len() {
            0 => Err(NotationError::illegal(text, "no legal action is written this way")),
            1 => Ok(matching.remove(0)),
            _ => Err(NotationError::Ambiguous {
                text: wanted.to_string(),
                candidates: matching.iter().map(|a| self.action_text(seat, a)).collect(),
            }),
        }
    }

    /// The steps, in order, that a turn written in notation stands for,
    /// played from this state. Chance outcomes the notation states are
    /// steps too; those it leaves out are drawn when the turn is replayed.
    fn resolve(&self, turn: &Self::Notation) -> Result<Vec<StepOf<Self>>, NotationError>;

    /// The notation of a whole turn played from this state. A turn of one
    /// action is written as that action's [`Game::action_text`] (the
    /// conformance suite checks it).
    fn notate(&self, turn: &[StepOf<Self>]) -> Self::Notation;

    /// Ends the match with an outcome decided off the board: by agreement,
    /// or by a seat leaving. Only [`Game::withdraw`] and
    /// [`Game::agree_draw`] call it.
    fn finish(&mut self, outcome: Outcome);

    /// The seat leaves the match (resignation, a fallen flag, abandonment).
    /// The default ends the match with every other seat sharing first place:
    /// in a game of two seats, the other seat wins. Games with more seats
    /// decide how play goes on without it.
    fn withdraw(&mut self, seat: Seat, leave: Leave) {
        if self.status().outcome().is_none() {
            let others = SeatSet::all(self.seat_count()).without(seat);
            self.finish(Outcome::winners(self.seat_count(), others, leave.reason()));
        }
    }

    /// The players still in the match agree to end it drawn.
    fn agree_draw(&mut self) {
        if self.status().outcome().is_none() {
            self.finish(Outcome::draw(self.seat_count(), "agreement"));
        }
    }

    /// Another state that `viewer` cannot tell apart from this one, with
    /// everything the viewer may not know drawn anew from `seed`. Games of
    /// perfect information return a copy.
    fn resample(&self, _viewer: Seat, _seed: Seed) -> Self {
        self.clone()
    }

    /// How the unfinished match stands for each seat, from 0 (as good as
    /// lost) to 1 (as good as won), for a search that stops a random
    /// playout before the end (see [`crate::bot::search`]; a game of long
    /// random matches, such as ATTACTICS', needs one). Judged from this
    /// state as it is, which for a search is a state resampled from one
    /// seat's point of view. `None` (the default): the game has no estimate,
    /// and an unfinished playout counts as even.
    fn evaluate(&self) -> Option<Vec<f64>> {
        None
    }

    /// For a game that evaluates unfinished matches: how many random
    /// actions a search's playout from here should take before it asks
    /// [`Game::evaluate`], if fewer than the searching bot's own limit.
    /// Random play in a long game wanders, so a short look ahead and the
    /// evaluation judge a move better, and cheaper, than a long one. Asked
    /// of the state a search starts from, so that it may depend on the
    /// options (a game whose every move asks each seat to answer looks as
    /// many moves ahead at any number of seats).
    fn playout_actions(&self) -> Option<u32> {
        None
    }

    /// How many times its settings' iterations a decision from here a
    /// searching bot of `strength` should spend: 1 (the default) at every
    /// strength in most games. A game may ask for more or fewer: more for
    /// the stronger players where its rounds hold more decisions (the same
    /// budget would search fewer moves ahead there), fewer for the weaker
    /// ones where search gains less as it grows, to widen the step to the
    /// strength above ([`crate::bot::Strength`]). Asked of the state a
    /// search starts from, like [`Game::playout_actions`]; the bot's time
    /// budget still bounds the search.
    fn search_budget_scale(&self, _strength: Strength) -> f64 {
        1.0
    }

    /// How much `seat`'s `action` here is worth trying before its others,
    /// for a search that widens a node in order
    /// ([`crate::bot::SearchSettings::ordered`]): the untried actions of the
    /// highest priority first, drawn at random among themselves. 0 (the
    /// default) for every action leaves the order to chance alone. Asked of
    /// the untried actions each time such a node widens, so it must be
    /// cheap: what a move captures, say, not a look ahead.
    fn priority(&self, _seat: Seat, _action: &Self::Action) -> u32 {
        0
    }

    /// The game's own searcher, where it has one that plays better than the
    /// generic engine of [`crate::bot::search`]: the action it chooses for
    /// `seat` in this state (one the seat may know), visiting at most
    /// `positions` positions, drawing any randomness from `stream` and
    /// asking `stop` now and then whether its time is up. `None` (the
    /// default) leaves the choice to the generic engine.
    fn own_search(
        &self,
        _seat: Seat,
        _positions: u64,
        _stream: &mut SeedStream,
        _stop: &dyn Fn() -> bool,
    ) -> Option<Self::Action> {
        None
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
    /// every acting seat is a child; where chance is due, the outcomes
    /// drawn from a fixed seed stand for all).
    /// The last level is counted with [`Game::count_legal`]. Games may
    /// override it with a faster search that must give the same numbers.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let decision = match self.status() {
            Status::Over(_) => return 0,
            Status::Acting(decision) => decision,
            Status::Chance => {
                // Chance is not a level of the tree: the outcomes due, drawn
                // from a fixed stream so that counts repeat (one stream for a
                // run of chance steps, as a referee settles them), and the
                // walk goes on below them.
                let mut child = self.clone();
                crate::referee::settle(&mut child, &mut SeedStream::new(Seed::default()));
                return child.perft(depth);
            }
        };
        let mut total = 0;
        let mut actions = Vec::new();
        for seat in decision.seats.iter() {
            if depth == 1 {
                total += self.count_legal(seat) as u64;
                continue;
            }
            actions.clear();
            self.legal_actions(seat, &mut actions);
            for action in &actions {
                let mut child = self.clone();
                child.play(seat, action);
                total += child.perft(depth - 1);
            }
        }
        total
    }
}

/// [`Game::random_action`] by listing: the action at `stream.below(n)` of
/// the `n` that `game` lists into `scratch`. A game that finds it faster
/// falls back on this where it does not.
pub fn random_listed<G: Game>(
    game: &G,
    seat: Seat,
    stream: &mut SeedStream,
    scratch: &mut Vec<G::Action>,
) -> G::Action {
    scratch.clear();
    game.legal_actions(seat, scratch);
    scratch.swap_remove(stream.below(scratch.len() as u32) as usize)
}
