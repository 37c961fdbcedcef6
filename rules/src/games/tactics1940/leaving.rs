//! A player leaving mid-match (resigning, out of time, gone). North or
//! South concedes the war: the match ends scored as if its seaport were
//! blockaded. A neutral, or a former neutral at war, withdraws from the
//! game and the others play on: its pieces leave the board, its coins go
//! back to the Gold Reserve, its turns and windows are skipped, and it
//! finishes last (docs/rules/tactics1940.md, "Leaving").

use super::board::Board;
use super::{Phase, Tactics1940, Tactics1940Action};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};
use crate::step::Leave;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The seats still playing, in turn order.
    pub fn in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(|s| !self.withdrawn.contains(*s))
    }

    /// The seats that withdrew.
    pub fn withdrawn(&self) -> SeatSet {
        self.withdrawn
    }

    /// `seat` leaves the match.
    pub(super) fn leave(&mut self, seat: Seat, leave: Leave) {
        if self.outcome.is_some() || self.withdrawn.contains(seat) {
            return;
        }
        if self.country(seat).belligerent() {
            self.end(seat, leave.reason());
            return;
        }
        self.withdrawn = self.withdrawn.with(seat);
        self.sides[seat.index()] = None;
        let board = Board::get();
        for id in board.ids() {
            if matches!(self.piece(id), Some(p) if p.owner == seat) {
                self.destroy(id, None);
            }
        }
        self.reserve += std::mem::take(&mut self.coins[seat.index()]);
        // What waited on it, or on a piece of its, lapses.
        self.protests.retain(|(injured, offender)| *injured != seat && *offender != seat);
        if self.debt.is_some_and(|d| d.payer == seat || d.to == Some(seat)) {
            self.debt = None;
        }
        if self.joining.is_some_and(|(injured, offender)| injured == seat || offender == seat) {
            self.joining = None;
        }
        if self.homing.is_some_and(|id| self.piece(id).is_none()) {
            self.homing = None;
        }
        self.demands.retain(|id| self.squares[usize::from(*id)].is_some());
        match self.phase {
            // Its own turn ends where it stands.
            _ if self.to_move == seat && self.phase != Phase::Opening => {
                self.phase = Phase::Ending;
                self.stage = super::Stage::Carded;
            }
            // A card of the player to move whose only choices were about it
            // does what it does without them.
            Phase::Card(card) => {
                let mut choices = Vec::new();
                self.card_actions(self.to_move, card, &mut choices);
                if choices.is_empty() {
                    self.phase = Phase::Ending;
                    self.stage = super::Stage::Carded;
                    self.carry_out(self.to_move, card, &Tactics1940Action::Decline);
                }
            }
            _ => {}
        }
        self.proceed();
    }

    /// The outcome from finishing scores: the seats still playing placed
    /// by score, those that withdrew after them all.
    pub(super) fn ranking(&self, scores: Vec<i32>, reason: &str) -> Outcome {
        let staying: Vec<Seat> = self.in_play().collect();
        let mut places: Vec<u8> =
            scores.iter().map(|s| 1 + staying.iter().filter(|o| scores[o.index()] > *s).count() as u8).collect();
        for seat in self.withdrawn.iter() {
            places[seat.index()] = staying.len() as u8 + 1;
        }
        Outcome { places, scores: Some(scores), teams: self.teams(), reason: reason.to_string() }
    }
}
