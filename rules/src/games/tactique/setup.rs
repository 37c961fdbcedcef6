//! The secret set-up: both seats arrange their 27 pieces at the same time,
//! piece by piece, by shifting placed pieces, or by letting chance place the
//! rest, then say "ready". The back three rows of a half must end up full
//! and its fourth row must hold exactly three pieces.

use super::army::{Rank, Unit};
use super::board::Square;
use super::{Tactique, TactiqueAction};
use crate::seat::Seat;

/// Pieces the fourth row from the back holds once the set-up is complete.
pub const FRONT_ROW_PIECES: usize = 3;

impl Tactique {
    /// The squares of `seat`'s half.
    pub(super) fn half(seat: Seat) -> impl Iterator<Item = Square> {
        Square::all().filter(move |s| s.half() == seat)
    }

    /// Pieces still to be placed by `seat`.
    pub fn to_place(&self, seat: Seat) -> usize {
        self.supply[seat.index()].iter().map(|n| usize::from(*n)).sum()
    }

    /// Rearrangements `seat` may still make during the set-up.
    pub fn shifts_left(&self, seat: Seat) -> u8 {
        self.shifts_left[seat.index()]
    }

    /// Whether `seat` has said it is ready.
    pub fn is_ready(&self, seat: Seat) -> bool {
        self.ready[seat.index()]
    }

    fn front_row_count(&self, seat: Seat) -> usize {
        Tactique::half(seat).filter(|s| s.is_front_row() && self.board[s.index()].is_some()).count()
    }

    /// Whether putting a piece on the empty square `to` (taken from the own
    /// square `from`, or from the supply) leaves an arrangement that can
    /// still be completed: at most three pieces in the fourth row. The back
    /// rows always can, as the supply holds exactly what is missing.
    fn can_complete_with(&self, seat: Seat, to: Square, from: Option<Square>) -> bool {
        if !to.is_front_row() || from.is_some_and(Square::is_front_row) {
            return true;
        }
        self.front_row_count(seat) < FRONT_ROW_PIECES
    }

    fn may_arrange(&self, seat: Seat) -> bool {
        self.outcome.is_none() && !self.ready[seat.index()]
    }

    /// Appends `seat`'s set-up actions.
    pub(super) fn setup_actions(&self, seat: Seat, out: &mut Vec<TactiqueAction>) {
        if !self.may_arrange(seat) {
            return;
        }
        let supply = self.supply[seat.index()];
        for cell in Tactique::half(seat) {
            match self.board[cell.index()] {
                None if self.can_complete_with(seat, cell, None) => {
                    for rank in Rank::ALL.into_iter().filter(|r| supply[r.value() as usize] > 0) {
                        out.push(TactiqueAction::Place { cell, rank });
                    }
                }
                None => {}
                Some(piece) if self.shifts_left[seat.index()] > 0 => {
                    for to in Tactique::half(seat).filter(|to| *to != cell) {
                        if self.shift_fits(seat, cell, piece, to) {
                            out.push(TactiqueAction::Shift { from: cell, to });
                        }
                    }
                }
                Some(_) => {}
            }
        }
        if self.to_place(seat) > 0 {
            out.push(TactiqueAction::Random);
        } else {
            out.push(TactiqueAction::Ready);
        }
    }

    /// Whether the own `piece` on `from` may go to `to`: an empty square that
    /// keeps the arrangement completable, or a swap with an own piece of
    /// another rank (swapping equal pieces would change nothing).
    fn shift_fits(&self, seat: Seat, from: Square, piece: Unit, to: Square) -> bool {
        match self.board[to.index()] {
            None => self.can_complete_with(seat, to, Some(from)),
            Some(other) => other.value != piece.value,
        }
    }

    /// Whether `seat` may play the set-up `action` now.
    pub(super) fn setup_legal(&self, seat: Seat, action: &TactiqueAction) -> bool {
        if !self.may_arrange(seat) {
            return false;
        }
        match *action {
            TactiqueAction::Place { cell, rank } => {
                cell.half() == seat
                    && self.board[cell.index()].is_none()
                    && self.supply[seat.index()][rank.value() as usize] > 0
                    && self.can_complete_with(seat, cell, None)
            }
            TactiqueAction::Shift { from, to } => {
                from != to
                    && from.half() == seat
                    && to.half() == seat
                    && self.shifts_left[seat.index()] > 0
                    && self.board[from.index()].is_some_and(|piece| self.shift_fits(seat, from, piece, to))
            }
            TactiqueAction::Random => self.to_place(seat) > 0,
            TactiqueAction::Ready => self.to_place(seat) == 0,
            _ => false,
        }
    }

    /// Plays a set-up action known to be legal.
    pub(super) fn play_setup(&mut self, seat: Seat, action: &TactiqueAction) {
        let marks = match *action {
            TactiqueAction::Place { cell, rank } => {
                self.supply[seat.index()][rank.value() as usize] -= 1;
                self.board[cell.index()] = Some(Unit::new(seat, rank));
                vec![cell]
            }
            TactiqueAction::Shift { from, to } => {
                self.board.swap(from.index(), to.index());
                self.shifts_left[seat.index()] -= 1;
                vec![from, to]
            }
            TactiqueAction::Random => self.place_at_random(seat),
            _ => Vec::new(),
        };
        self.setup_marks[seat.index()] = marks;
        self.turns += 1;
        if *action == TactiqueAction::Ready {
            self.ready[seat.index()] = true;
            if self.ready.iter().all(|r| *r) {
                self.start_play();
            }
        }
    }

    /// Places the whole supply: every empty back-row square, and as many
    /// empty fourth-row squares, drawn at random, as that row still needs.
    /// The ranks are shuffled onto those squares. Returns the squares.
    fn place_at_random(&mut self, seat: Seat) -> Vec<Square> {
        let empty = |s: &Square| self.board[s.index()].is_none();
        let mut front: Vec<Square> = Tactique::half(seat).filter(|s| s.is_front_row() && empty(s)).collect();
        let mut squares: Vec<Square> = Tactique::half(seat).filter(|s| !s.is_front_row() && empty(s)).collect();
        let wanted = FRONT_ROW_PIECES - self.front_row_count(seat);
        self.chance.shuffle(&mut front);
        squares.extend(front.into_iter().take(wanted));
        squares.sort_unstable();
        let supply = &mut self.supply[seat.index()];
        let mut ranks: Vec<Rank> = Rank::ALL
            .into_iter()
            .flat_map(|r| std::iter::repeat_n(r, usize::from(supply[r.value() as usize])))
            .collect();
        *supply = [0; 6];
        self.chance.shuffle(&mut ranks);
        for (square, rank) in squares.iter().zip(ranks) {
            self.board[square.index()] = Some(Unit::new(seat, rank));
        }
        squares
    }
}

/// The supply of a whole army, counted by rank value.
pub(super) fn full_supply() -> [u8; 6] {
    let mut supply = [0; 6];
    for rank in Rank::ALL {
        supply[rank.value() as usize] = rank.count();
    }
    supply
}
