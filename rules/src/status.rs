//! Who may act now, and how: the three kinds of decision a game can ask for,
//! chance, or the end.
//!
//! - A **turn**: one seat acts.
//! - A **simultaneous** decision: several seats each add their part (a
//!   secret set-up, a round of hidden moves), none waiting on the others;
//!   the parts are hidden from the others until the rules reveal them, so
//!   the order in which they arrive does not matter and no seat's part is
//!   refused because another's came first.
//! - A **response window**: after an event, the seats that may answer are
//!   asked; each has a default answer ([`Game::default_action`](crate::Game::default_action)),
//!   and the window closes when every seat has answered or its deadline has
//!   passed. Every seat that *might* answer is asked, whoever could really
//!   answer. A window may also be declared *whole*: then no seat can give
//!   its default answer early, so the window lasts its whole deadline
//!   unless an answer that shows itself (a torpedo) ends it, and how long
//!   it lasted tells nobody who could have answered.
//!
//! While chance is due ([`Status::Chance`]) nobody acts: the referee draws
//! the outcome from the match's seed stream at once.

use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How the seats of a decision act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// One seat's turn.
    Turn,
    /// Each seat adds its part, in any order.
    Simultaneous,
    /// Seats may answer what just happened until every one has answered or
    /// `deadline_ms` milliseconds have passed since the window opened; then
    /// each seat that has not answered gives its default answer. In a whole
    /// window the defaults are given only then, so it stays open its full
    /// length unless another answer ends it.
    Window {
        /// How long the window stays open at most.
        deadline_ms: u32,
        /// Whether the default answers are given only at the deadline, never
        /// early: when every seat but the one that could really answer would
        /// answer at once, a window that closed when all had answered would
        /// say by its length who could.
        whole: bool,
    },
}

/// A decision: who is asked, and how they act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Decision {
    /// The seats that may act now (at least one).
    pub seats: SeatSet,
    /// How.
    pub kind: DecisionKind,
}

impl Decision {
    /// `seat`'s turn.
    pub fn turn(seat: Seat) -> Decision {
        Decision { seats: SeatSet::only(seat), kind: DecisionKind::Turn }
    }

    /// A simultaneous decision of `seats`.
    pub fn simultaneous(seats: SeatSet) -> Decision {
        Decision { seats, kind: DecisionKind::Simultaneous }
    }

    /// A response window for `seats`, closing after `deadline_ms` at most.
    pub fn window(seats: SeatSet, deadline_ms: u32) -> Decision {
        Decision { seats, kind: DecisionKind::Window { deadline_ms, whole: false } }
    }

    /// A whole response window for `seats`: open for `deadline_ms`, unless
    /// an answer other than a default ends it first.
    pub fn whole_window(seats: SeatSet, deadline_ms: u32) -> Decision {
        Decision { seats, kind: DecisionKind::Window { deadline_ms, whole: true } }
    }

    /// Whether the seats' default answers wait for the deadline (a whole
    /// window).
    pub fn is_whole(self) -> bool {
        matches!(self.kind, DecisionKind::Window { whole: true, .. })
    }

    /// Whether the seats' parts are independent of each other: a part of
    /// one seat never makes another seat's pending action stale.
    pub fn parts_are_independent(self) -> bool {
        !matches!(self.kind, DecisionKind::Turn)
    }

    /// Whether `after`, the decision once `seat` answered this one, is the
    /// same response window still waiting for the others (so its deadline
    /// stands), rather than a new decision.
    pub fn same_window_after(self, seat: Seat, after: Decision) -> bool {
        matches!((self.kind, after.kind), (DecisionKind::Window { .. }, DecisionKind::Window { .. }))
            && after.seats.is_subset(self.seats.without(seat))
    }

    /// Whether `seat`, having acted in this decision, is still deciding in
    /// `after`, the one that follows: a seat arranging its pieces in a
    /// simultaneous set-up until it says it is ready. Its turn is not over
    /// for its clock until then, however many turns its parts are.
    pub fn still_deciding(self, seat: Seat, after: Decision) -> bool {
        matches!((self.kind, after.kind), (DecisionKind::Simultaneous, DecisionKind::Simultaneous))
            && after.seats.contains(seat)
    }

    /// Whether the seats' game clocks run while they decide (not in a
    /// response window, which has its own deadline).
    pub fn clocks_run(self) -> bool {
        !matches!(self.kind, DecisionKind::Window { .. })
    }
}

/// Who may act, or how the match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Seats decide.
    Acting(Decision),
    /// A chance outcome is due.
    Chance,
    /// The match is over.
    Over(Outcome),
}

impl Status {
    /// The seats that may act; empty while chance is due or once over.
    pub fn acting(&self) -> SeatSet {
        match self {
            Status::Acting(decision) => decision.seats,
            Status::Chance | Status::Over(_) => SeatSet::EMPTY,
        }
    }

    /// The decision asked for, if seats are acting.
    pub fn decision(&self) -> Option<Decision> {
        match self {
            Status::Acting(decision) => Some(*decision),
            Status::Chance | Status::Over(_) => None,
        }
    }

    /// The status of a game in which one seat acts at a time: over with
    /// `outcome` if there is one, else it is `to_move`'s turn.
    pub fn one_seat(outcome: &Option<Outcome>, to_move: Seat) -> Status {
        match outcome {
            Some(outcome) => Status::Over(outcome.clone()),
            None => Status::Acting(Decision::turn(to_move)),
        }
    }

    /// The outcome, once the match is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Over(outcome) => Some(outcome),
            Status::Acting(_) | Status::Chance => None,
        }
    }
}
