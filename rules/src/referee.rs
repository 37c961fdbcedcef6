//! The referee of a match: the one place where a match moves on and where
//! what each viewer learns is worked out.
//!
//! A [`Referee`] holds the rules state, the match's seed stream and the turn
//! under way. It takes a seat's action, checks it, plays it, draws every
//! chance outcome that then falls due, and returns the [`Entry`] of each
//! step: the change in its JSON form, its notation, what every seat and a
//! spectator learns of it and of its whole turn, and which seats' pending
//! actions it makes stale. Seats leaving, draws by agreement and the
//! defaults of an expired response window go through it too, so the server
//! decides no outcome itself. Live play, restoring a table, the history,
//! the replay page, the exports and the `tactica replay` tool all apply a
//! history through [`Referee::apply`]: there is one replay path.
//!
//! The typed action crosses into the referee once ([`AnyReferee::act`]
//! reads its JSON); everything else is worked out on the typed values.

use crate::any::AnyMatch;
use crate::chance::{Seed, SeedStream};
use crate::error::RulesError;
use crate::game::{Game, StepOf};
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::{Opening, turn_as_seen};
use crate::status::{Decision, DecisionKind, Status};
use crate::step::{Leave, Step};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Debug;

/// One change to a match, as a history stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// A seat's action, in the game's JSON form.
    Act {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Value,
        /// Given for the seat when a response window's deadline passed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_default: bool,
    },
    /// A chance outcome, in the game's JSON form.
    Chance {
        /// The outcome.
        outcome: Value,
    },
    /// A seat left the match.
    Leave {
        /// The seat.
        seat: Seat,
        /// Why.
        leave: Leave,
    },
    /// The players agreed to a draw.
    Draw,
}

/// A change as the referee recorded it, with what each viewer learns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// What changed.
    pub change: Change,
    /// The turn it belongs to.
    pub turn: u32,
    /// Its notation in full.
    pub text: String,
    /// What each seat (by index) and, last, a spectator reads of it; `None`
    /// for a viewer who learns only that something happened.
    pub seen: Vec<Option<String>>,
    /// The notation of its whole turn so far, in full (for steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_text: Option<String>,
    /// What each viewer reads of the turn so far (as `seen`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn_seen: Vec<Option<String>>,
    /// The seats whose actions chosen before this entry are stale: it
    /// changed what they could see, and it was not an independent part of
    /// a simultaneous decision or a window made by another seat.
    #[serde(default)]
    pub stales: SeatSet,
    /// A seat's part of a simultaneous decision (a secret set-up): move
    /// lists gather these apart from the turns that follow.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub simultaneous: bool,
    /// What the rules did by themselves as the turn after this step began
    /// (an archer volley), which every viewer reads, for move lists to
    /// write at the start of that turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
}

impl Entry {
    /// Whether the match's state changed by a step of the rules (an action
    /// or chance), rather than by a seat leaving or an agreement.
    pub fn is_step(&self) -> bool {
        matches!(self.change, Change::Act { .. } | Change::Chance { .. })
    }

    /// What whoever holds `seats` reads of it, and of its turn so far: a
    /// player holding several seats reads what any of them reads; nobody
    /// seated reads what a spectator does.
    pub fn read_by(&self, seats: SeatSet) -> (Option<String>, Option<String>) {
        let spectator = self.seen.len().saturating_sub(1);
        // The seat that acted reads its own action in full; otherwise the
        // first seat that reads more than a spectator does.
        let actor = match &self.change {
            Change::Act { seat, .. } | Change::Leave { seat, .. } if seats.contains(*seat) => Some(seat.index()),
            _ => None,
        };
        let index = actor
            .or_else(|| seats.iter().map(Seat::index).find(|i| self.seen.get(*i) != self.seen.get(spectator)))
            .or_else(|| seats.first().map(Seat::index))
            .unwrap_or(spectator);
        (self.seen.get(index).cloned().flatten(), self.turn_seen.get(index).cloned().flatten())
    }

    /// What whoever holds `seats` reads of it and of its turn so far, as
    /// [`Entry::read_by`]; once the match is over (`revealed`), anyone reads
    /// it in full: the fullest reading, which keeps what the rules told
    /// beyond the notation (an attack's ranks), else the notation.
    pub fn read(&self, seats: SeatSet, revealed: bool) -> (Option<String>, Option<String>) {
        if !revealed {
            return self.read_by(seats);
        }
        let (text, turn) = self.read_by(SeatSet::all(self.seen.len().saturating_sub(1)));
        (text.or_else(|| Some(self.text.clone())), turn.or_else(|| self.turn_text.clone()))
    }
}

/// Draws and plays every chance outcome due, from `stream`. For tools and
/// tests that run the typed API without recording.
pub fn settle<G: Game>(state: &mut G, stream: &mut SeedStream) {
    while let Status::Chance = state.status() {
        let outcome = state.draw_chance(stream);
        state.play_chance(&outcome);
    }
}

/// Where a referee's chance comes from.
#[derive(Clone, Debug)]
enum Source {
    /// The match's seed: recorded outcomes must be the ones it draws.
    Seed(SeedStream),
    /// A record without a seed: outcomes are taken as recorded (checked to
    /// be possible); those left out are drawn from this stream.
    Record(SeedStream),
}

/// A match under way, with its chance and the turn under way.
#[derive(Clone, Debug)]
pub struct Referee<G: Game> {
    state: G,
    source: Source,
    /// The state when the current turn began, for its notation.
    turn_start: G,
    /// The steps of the current turn so far, with each one's full text and
    /// what each viewer read of it.
    turn_steps: Vec<(StepOf<G>, String, Vec<Option<String>>)>,
}

impl<G: Game> Referee<G> {
    /// A new match whose chance comes from `seed`.
    pub fn new(options: &G::Options, seed: Seed) -> Result<Referee<G>, RulesError> {
        Ok(Referee::on(G::new(options)?, Source::Seed(SeedStream::new(seed))))
    }

    /// A match from a position, for records that start elsewhere.
    pub fn at(options: &G::Options, position: &str, seed: Seed) -> Result<Referee<G>, RulesError> {
        Ok(Referee::on(G::from_position(options, position)?, Source::Seed(SeedStream::new(seed))))
    }

    /// From now on, recorded chance outcomes are taken as recorded (checked
    /// only to be possible): for records without a seed. Outcomes a record
    /// leaves out are still drawn from the referee's seed.
    pub fn take_recorded_chance(&mut self) {
        if let Source::Seed(stream) = &self.source {
            self.source = Source::Record(stream.clone());
        }
    }

    fn on(state: G, source: Source) -> Referee<G> {
        Referee { turn_start: state.clone(), state, source, turn_steps: Vec::new() }
    }

    /// The rules state now.
    pub fn state(&self) -> &G {
        &self.state
    }

    fn viewers(&self) -> impl Iterator<Item = Viewer> {
        (0..self.state.seat_count() as u8).map(|s| Viewer::Seat(Seat(s))).chain([Viewer::Spectator])
    }

    /// Plays a step known to be possible and records it.
    fn record(&mut self, step: StepOf<G>, by_default: bool) -> Entry {
        let before = self.state.clone();
        let turn = before.turn();
        let decision = before.status().decision();
        let text = before.step_text(&step);
        match &step {
            Step::Act(seat, action) => self.state.play(*seat, action),
            Step::Chance(outcome) => self.state.play_chance(outcome),
        }
        let seen: Vec<Option<String>> =
            self.viewers().map(|viewer| before.observe(&step, &self.state, viewer).text_of(&text)).collect();
        let independent_part = match (&step, decision) {
            (Step::Act(_, _), Some(decision)) => decision.parts_are_independent(),
            _ => false,
        };
        let actor = step.seat();
        let simultaneous =
            matches!((&step, decision), (Step::Act(..), Some(d)) if matches!(d.kind, DecisionKind::Simultaneous));
        let stales = (0..before.seat_count() as u8)
            .map(Seat)
            .filter(|s| seen[s.index()].is_some() && !(independent_part && actor != Some(*s)))
            .collect();
        if self.turn_steps.is_empty() || self.turn_start.turn() != turn {
            self.turn_start = before;
            self.turn_steps.clear();
        }
        let change = match &step {
            Step::Act(seat, action) => Change::Act { seat: *seat, action: to_json(action), by_default },
            Step::Chance(outcome) => Change::Chance { outcome: to_json(outcome) },
        };
        self.turn_steps.push((step, text.clone(), seen.clone()));
        let steps: Vec<StepOf<G>> = self.turn_steps.iter().map(|(step, _, _)| step.clone()).collect();
        let whole = self.turn_start.notate(&steps).to_string();
        let turn_seen = (0..seen.len())
            .map(|viewer| {
                let parts: Vec<(Option<&str>, &str)> =
                    self.turn_steps.iter().map(|(_, full, seen)| (seen[viewer].as_deref(), full.as_str())).collect();
                turn_as_seen(&whole, &parts)
            })
            .collect();
        let opening = (self.state.turn() != turn).then(|| self.state.opening()).flatten();
        Entry { change, turn, text, seen, turn_text: Some(whole), turn_seen, stales, simultaneous, opening }
    }

    /// An entry every viewer reads in full, that makes every pending action
    /// stale (a seat leaving, an agreement).
    fn announce(&self, change: Change, text: String) -> Entry {
        let viewers = self.state.seat_count() + 1;
        Entry {
            change,
            turn: self.state.turn(),
            text: text.clone(),
            seen: vec![Some(text); viewers],
            turn_text: None,
            turn_seen: Vec::new(),
            stales: SeatSet::all(self.state.seat_count()),
            simultaneous: false,
            opening: None,
        }
    }

    /// Draws and plays every chance outcome due now.
    pub fn settle(&mut self) -> Vec<Entry> {
        let mut entries = Vec::new();
        while let Status::Chance = self.state.status() {
            let stream = match &mut self.source {
                Source::Seed(stream) | Source::Record(stream) => stream,
            };
            let outcome = self.state.draw_chance(stream);
            entries.push(self.record(Step::Chance(outcome), false));
        }
        entries
    }

    /// `seat` plays `action`: checked, played and recorded, then every
    /// chance outcome that falls due is drawn. On error nothing changes.
    /// In a whole response window a seat's default answer is refused: the
    /// window gives it at its deadline ([`Referee::expire_window`]).
    pub fn act(&mut self, seat: Seat, action: &G::Action) -> Result<Vec<Entry>, RulesError> {
        self.state.check(seat, action)?;
        let waits = self.state.status().decision().is_some_and(Decision::is_whole);
        if waits && self.state.default_action(seat).as_ref() == Some(action) {
            return Err(RulesError::AnswerAtDeadline);
        }
        let mut entries = vec![self.record(Step::Act(seat, action.clone()), false)];
        entries.extend(self.settle());
        Ok(entries)
    }

    /// `seat` leaves the match; the rules decide what follows.
    pub fn leave(&mut self, seat: Seat, leave: Leave) -> Vec<Entry> {
        self.state.withdraw(seat, leave);
        let name = self.state.layout().seats.get(seat.index()).map_or_else(|| seat.to_string(), |s| s.name.clone());
        let text = match leave {
            Leave::Resigned => format!("{name} resigns"),
            Leave::TimeRanOut => format!("{name}'s time ran out"),
            Leave::Abandoned => format!("{name} left the match"),
        };
        let mut entries = vec![self.announce(Change::Leave { seat, leave }, text)];
        entries.extend(self.settle());
        entries
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Vec<Entry> {
        self.state.agree_draw();
        vec![self.announce(Change::Draw, "draw agreed".into())]
    }

    /// A response window's deadline passed: every seat it still asks gives
    /// its default answer, in seat order.
    pub fn expire_window(&mut self) -> Vec<Entry> {
        let mut entries = Vec::new();
        while let Some(decision) = self.state.status().decision() {
            if !matches!(decision.kind, DecisionKind::Window { .. }) {
                break;
            }
            let Some((seat, action)) =
                decision.seats.iter().find_map(|seat| self.state.default_action(seat).map(|a| (seat, a)))
            else {
                break;
            };
            if self.state.check(seat, &action).is_err() {
                break;
            }
            entries.push(self.record(Step::Act(seat, action), true));
            entries.extend(self.settle());
        }
        entries
    }

    /// `seat`'s time for a simultaneous decision (its set-up) ran out: it
    /// gives its default parts ([`Game::default_action`]: Tactique places
    /// the rest at random, then is ready) until the decision no longer asks
    /// it. Empty when the game gives no default: the seat's time is then
    /// simply up, and the caller has it leave.
    pub fn expire_setup(&mut self, seat: Seat) -> Vec<Entry> {
        let mut entries = Vec::new();
        while let Some(decision) = self.state.status().decision() {
            if !matches!(decision.kind, DecisionKind::Simultaneous) || !decision.seats.contains(seat) {
                break;
            }
            let Some(action) = self.state.default_action(seat) else { break };
            if self.state.check(seat, &action).is_err() {
                break;
            }
            entries.push(self.record(Step::Act(seat, action), true));
            entries.extend(self.settle());
        }
        entries
    }

    /// Applies one recorded change. A chance outcome drawn from the match's
    /// seed must be the one recorded. On error nothing changes.
    pub fn apply(&mut self, change: &Change) -> Result<Entry, RulesError> {
        match change {
            Change::Act { seat, action, by_default } => {
                let action: G::Action = read(action)?;
                self.state.check(*seat, &action)?;
                Ok(self.record(Step::Act(*seat, action), *by_default))
            }
            Change::Chance { outcome } => {
                let outcome: G::Chance = read(outcome)?;
                if !matches!(self.state.status(), Status::Chance) {
                    return Err(RulesError::Illegal("no chance outcome is due here".into()));
                }
                match &mut self.source {
                    Source::Seed(stream) => {
                        let mut draw = stream.clone();
                        let drawn = self.state.draw_chance(&mut draw);
                        if drawn != outcome {
                            return Err(RulesError::Illegal(format!(
                                "the record says {}, but the match's seed gives {}",
                                self.state.chance_text(&outcome),
                                self.state.chance_text(&drawn)
                            )));
                        }
                        *stream = draw;
                    }
                    Source::Record(_) => self.state.check_chance(&outcome)?,
                }
                Ok(self.record(Step::Chance(outcome), false))
            }
            Change::Leave { seat, leave } => {
                if seat.index() >= self.state.seat_count() {
                    return Err(RulesError::NoSuchSeat(*seat));
                }
                Ok(self.leave(*seat, *leave).remove(0))
            }
            Change::Draw => Ok(self.agree_draw().remove(0)),
        }
    }
}

fn read<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, RulesError> {
    T::deserialize(value).map_err(|e| RulesError::BadAction(e.to_string()))
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

/// A [`Referee`] with the game's types erased, for the server and tools.
pub trait AnyReferee: Debug + Send + Sync {
    /// The rules state now.
    fn state(&self) -> &dyn AnyMatch;
    /// See [`Referee::act`]; the action in its JSON form.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Entry>, RulesError>;
    /// See [`Referee::leave`].
    fn leave(&mut self, seat: Seat, leave: Leave) -> Vec<Entry>;
    /// See [`Referee::agree_draw`].
    fn agree_draw(&mut self) -> Vec<Entry>;
    /// See [`Referee::expire_window`].
    fn expire_window(&mut self) -> Vec<Entry>;
    /// See [`Referee::expire_setup`].
    fn expire_setup(&mut self, seat: Seat) -> Vec<Entry>;
    /// `seat` plays `action` as a player at a table would: a default answer
    /// that waits for its whole window's deadline lets the deadline pass
    /// ([`Referee::expire_window`]); any other action is
    /// [`Referee::act`]. For tools and tests that pick among every legal
    /// action.
    fn act_or_expire(&mut self, seat: Seat, action: &Value) -> Result<Vec<Entry>, RulesError> {
        if self.state().answer_at_deadline(seat).as_ref() == Some(action) {
            return Ok(self.expire_window());
        }
        self.act(seat, action)
    }
    /// See [`Referee::apply`].
    fn apply(&mut self, change: &Change) -> Result<Entry, RulesError>;
    /// See [`Referee::settle`].
    fn settle(&mut self) -> Vec<Entry>;
    /// See [`Referee::take_recorded_chance`].
    fn take_recorded_chance(&mut self);
    /// The changes a turn written in the game's notation stands for, read
    /// against the state now (chance outcomes it leaves out are not listed).
    fn resolve_turn(&self, text: &str) -> Result<Vec<Change>, RulesError>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyReferee>;
}

impl Clone for Box<dyn AnyReferee> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<G: Game> AnyReferee for Referee<G> {
    fn state(&self) -> &dyn AnyMatch {
        &self.state
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Entry>, RulesError> {
        Referee::act(self, seat, &read(action)?)
    }

    fn leave(&mut self, seat: Seat, leave: Leave) -> Vec<Entry> {
        Referee::leave(self, seat, leave)
    }

    fn agree_draw(&mut self) -> Vec<Entry> {
        Referee::agree_draw(self)
    }

    fn expire_window(&mut self) -> Vec<Entry> {
        Referee::expire_window(self)
    }

    fn expire_setup(&mut self, seat: Seat) -> Vec<Entry> {
        Referee::expire_setup(self, seat)
    }

    fn apply(&mut self, change: &Change) -> Result<Entry, RulesError> {
        Referee::apply(self, change)
    }

    fn settle(&mut self) -> Vec<Entry> {
        Referee::settle(self)
    }

    fn take_recorded_chance(&mut self) {
        Referee::take_recorded_chance(self);
    }

    fn resolve_turn(&self, text: &str) -> Result<Vec<Change>, RulesError> {
        let syntax: G::Notation = text.parse()?;
        let steps = self.state.resolve(&syntax)?;
        Ok(steps
            .into_iter()
            .map(|step| match step {
                Step::Act(seat, action) => Change::Act { seat, action: to_json(&action), by_default: false },
                Step::Chance(outcome) => Change::Chance { outcome: to_json(&outcome) },
            })
            .collect())
    }

    fn clone_box(&self) -> Box<dyn AnyReferee> {
        Box::new(self.clone())
    }
}
