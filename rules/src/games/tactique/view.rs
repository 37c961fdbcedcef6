//! What each viewer sees, and what each viewer learns of an action.
//!
//! A seat sees its own ranks, and of the opposing pieces only whether they
//! are demoted and the ranks combat revealed (tracked since). Spectators
//! see no rank at all. During the set-up nobody sees the other side's
//! arrangement. Once the match is over, every view shows everything.

use super::army::{Rank, Unit};
use super::board::Square;
use super::{Tactique, TactiqueAction};
use crate::game::StepOf;
use crate::games::two_seats::{opponent, white_or_black};
use crate::seat::{Seat, Viewer};
use crate::seen::{Opening, Seen};
use crate::step::Step;
use crate::view::{Fact, Panel, Piece, Stack, View};

/// What the other seat and spectators learn of a set-up action other than
/// "ready": the same words for all of them.
pub const ARRANGES: &str = "arranges a piece";

impl<const RULES: u32> Tactique<RULES> {
    /// How `viewer` sees `unit`.
    fn piece_for(&self, unit: &Unit, viewer: Viewer) -> Piece {
        let knows = match viewer {
            _ if self.outcome.is_some() => true,
            Viewer::Seat(seat) => unit.known_to(seat),
            Viewer::Spectator => false,
        };
        if knows {
            Piece::of_kind(unit.owner, &unit.kind())
        } else {
            Piece { owner: unit.owner, kind: unit.demoted.then(|| "D".to_string()), hidden: true }
        }
    }

    /// Whether `viewer` sees where `owner`'s pieces stand.
    fn sees_arrangement_of(&self, owner: Seat, viewer: Viewer) -> bool {
        self.playing() || self.outcome.is_some() || viewer.is(owner)
    }

    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let stacks = Square::all()
            .filter_map(|s| {
                let unit = self.board[s.index()]?;
                self.sees_arrangement_of(unit.owner, viewer)
                    .then(|| Stack { cell: s.cell(), pieces: vec![self.piece_for(&unit, viewer)] })
            })
            .collect();
        let seats = [Seat(0), Seat(1)].into_iter().map(|seat| Panel::facts(self.facts(seat, viewer))).collect();
        let marks = match viewer {
            _ if self.playing() => self.marks.iter().map(|s| s.cell()).collect(),
            Viewer::Seat(seat) if seat.index() < 2 => self.setup_marks[seat.index()].iter().map(|s| s.cell()).collect(),
            _ => Vec::new(),
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status_acting(),
            prompt: self.prompt(viewer),
            marks,
            private: self.private_lines(viewer),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn status_acting(&self) -> crate::seat::SeatSet {
        crate::Game::status(self).acting()
    }

    /// A seat's panel as `viewer` sees it: in play, its pieces, how many are
    /// demoted, and the pieces it lost, each as it stood when removed and as
    /// much of its rank as `viewer` knows (a combat shows both ranks to both
    /// seats, so what a combat told a seat stays in its view).
    fn facts(&self, seat: Seat, viewer: Viewer) -> Vec<Fact> {
        if !self.playing() {
            let state = if self.ready[seat.index()] { "ready" } else { "arranging" };
            return vec![Fact::new("to place", self.to_place(seat)), Fact::new("set-up", state)];
        }
        let pieces = self.units_of(seat).count();
        let demoted = self.units_of(seat).filter(|u| u.demoted).count();
        let lost: Vec<String> = self
            .removed
            .iter()
            .filter(|u| u.owner == seat)
            .map(|u| {
                let knows = self.outcome.is_some() || matches!(viewer, Viewer::Seat(v) if u.known_to(v));
                match (knows, u.demoted) {
                    (true, _) => u.kind(),
                    (false, true) => "D".to_string(),
                    (false, false) => "?".to_string(),
                }
            })
            .collect();
        let lost = if lost.is_empty() { "none".to_string() } else { lost.join(" ") };
        vec![Fact::new("pieces", pieces), Fact::new("demoted", demoted), Fact::new("lost", lost)]
    }

    fn private_lines(&self, viewer: Viewer) -> Vec<String> {
        let Viewer::Seat(seat) = viewer else { return Vec::new() };
        if self.playing() || self.outcome.is_some() || seat.index() >= 2 || self.ready[seat.index()] {
            return Vec::new();
        }
        let supply = self.supply[seat.index()];
        let left: Vec<String> = Rank::ALL
            .into_iter()
            .filter(|r| supply[r.value() as usize] > 0)
            .map(|r| format!("{} × {}", supply[r.value() as usize], r.choice()))
            .collect();
        let supply_line =
            if left.is_empty() { "Supply: all placed".to_string() } else { format!("Supply: {}", left.join(", ")) };
        vec![supply_line, format!("Rearrangements left: {}", self.shifts_left[seat.index()])]
    }

    fn prompt(&self, viewer: Viewer) -> String {
        if let Some(outcome) = &self.outcome {
            return outcome.reason.clone();
        }
        if !self.playing() {
            return match viewer {
                Viewer::Seat(seat) if seat.index() < 2 && self.ready[seat.index()] => {
                    format!("{} is ready; waiting for {}", white_or_black(seat), white_or_black(opponent(seat)))
                }
                Viewer::Seat(seat) if seat.index() < 2 && self.to_place(seat) == 0 => {
                    format!("{}: shift pieces, or say you are ready", white_or_black(seat))
                }
                Viewer::Seat(seat) if seat.index() < 2 => {
                    let left = self.to_place(seat);
                    let pieces = if left == 1 { "piece" } else { "pieces" };
                    format!("{}: place {left} more {pieces}, or the rest at random", white_or_black(seat))
                }
                _ => "White and Black arrange their pieces".to_string(),
            };
        }
        let name = white_or_black(self.to_move);
        let mut prompt = match self.charging {
            Some(square) => format!("{name}: attack from {}, or end the turn", square.name()),
            None => format!("{name} to move or attack"),
        };
        if !self.volley.is_empty() && self.charging.is_none() {
            prompt += &format!(" ({}'s archers hit {})", name, squares_text(&self.volley));
        }
        prompt
    }

    /// What `viewer` learns of `step`, played from this state:
    /// a set-up step only by the seat that made it (others read that a piece
    /// was arranged); a combat with the two ranks it revealed, for the two
    /// seats. A volley the step set off is the next turn's opening.
    pub(super) fn observed(&self, step: &StepOf<Self>, viewer: Viewer) -> Seen {
        let (seat, action) = match step {
            Step::Chance(arrangement) => {
                return if viewer.is(arrangement.seat) { Seen::All } else { Seen::Nothing };
            }
            Step::Act(seat, action) => (*seat, action),
        };
        if matches!(action, TactiqueAction::Place { .. } | TactiqueAction::Shift { .. } | TactiqueAction::Random) {
            return if viewer.is(seat) { Seen::All } else { Seen::Only(ARRANGES.to_string()) };
        }
        // An attack's ranks are told to the two seats; a volley that began
        // the next turn is its opening (`opening`), told to all.
        let ranks = match (*action, viewer) {
            (TactiqueAction::Attack { from, to }, Viewer::Seat(s)) if s.index() < 2 => {
                let unit = |cell| Square::of(cell).and_then(|square| self.board[square.index()]);
                match (unit(from), unit(to)) {
                    (Some(a), Some(d)) => format!(" ({} vs {})", a.kind(), d.kind()),
                    _ => String::new(),
                }
            }
            _ => String::new(),
        };
        if ranks.is_empty() {
            Seen::All
        } else {
            Seen::Only(format!("{}{ranks}", crate::Game::action_text(self, seat, action)))
        }
    }

    /// The volley that began the turn under way, if it hit anything.
    pub(super) fn volley_opening(&self) -> Option<Opening> {
        (self.playing() && !self.volley.is_empty()).then(|| Opening {
            seat: self.to_move,
            text: format!("{}'s archers hit {}", white_or_black(self.to_move), squares_text(&self.volley)),
        })
    }
}

/// "d6", "d6 and e5", "c3, d6 and e5".
fn squares_text(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(|s| s.name().to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
