//! The secret set-up: both seats arrange their 27 pieces at the same time,
//! piece by piece, by shifting placed pieces, or by letting chance place the
//! rest, then say "ready". The back three rows of a half must end up full
//! and its fourth row must hold exactly three pieces.

use super::army::{Rank, Unit};
use super::board::{SIDE, SQUARES, Square};
use super::{Arrangement, Tactique, TactiqueAction};
use crate::chance::SeedStream;
use crate::error::RulesError;
use crate::seat::Seat;

/// Pieces the fourth row from the back holds once the set-up is complete.
pub const FRONT_ROW_PIECES: usize = 3;

impl<const RULES: u32> Tactique<RULES> {
    /// The squares of `seat`'s half.
    pub(super) fn half(seat: Seat) -> impl Iterator<Item = Square> {
        Square::all().skip(seat.index() * SQUARES / 2).take(SQUARES / 2)
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
        Self::half(seat).filter(|s| s.is_front_row() && self.board[s.index()].is_some()).count()
    }

    /// Whether putting a piece on the empty square `to` (taken from the own
    /// square `from`, or from the supply) leaves an arrangement that can
    /// still be completed: at most three pieces in the fourth row, which
    /// has room for one more if `front_open`. The back rows always can, as
    /// the supply holds exactly what is missing.
    fn can_complete_with(to: Square, from: Option<Square>, front_open: bool) -> bool {
        !to.is_front_row() || from.is_some_and(Square::is_front_row) || front_open
    }

    fn may_arrange(&self, seat: Seat) -> bool {
        self.outcome.is_none() && !self.ready[seat.index()]
    }

    /// Appends `seat`'s set-up actions.
    pub(super) fn setup_actions(&self, seat: Seat, out: &mut Vec<TactiqueAction>) {
        if !self.may_arrange(seat) {
            return;
        }
        let tally = self.tally(seat);
        for cell in Self::half(seat) {
            self.actions_on(seat, cell, &tally, |action| out.push(action));
        }
        out.push(self.last_setup_action(seat));
    }

    /// How many set-up actions `seat` has, counted square by square from
    /// one [`Tally`] of its half, without making them.
    pub(super) fn count_setup(&self, seat: Seat) -> usize {
        if !self.may_arrange(seat) {
            return 0;
        }
        self.count_with(seat, &self.tally(seat))
    }

    /// The set-up action of `seat` at `stream.below(n)` in
    /// [`Self::setup_actions`]' list of `n`: a random playout's draw, found
    /// by skipping whole squares by their counts and making only the
    /// actions of the square it falls on, without the list of hundreds.
    pub(super) fn random_setup_action(&self, seat: Seat, stream: &mut SeedStream) -> TactiqueAction {
        let tally = self.tally(seat);
        let mut index = stream.below(self.count_with(seat, &tally) as u32) as usize;
        for cell in Self::half(seat) {
            let here = self.count_on(cell, &tally);
            if index < here {
                let (mut found, mut made) = (None, 0);
                self.actions_on(seat, cell, &tally, |action| {
                    if made == index {
                        found = Some(action);
                    }
                    made += 1;
                });
                return found.expect("a square makes as many actions as it counts");
            }
            index -= here;
        }
        self.last_setup_action(seat)
    }

    fn count_with(&self, seat: Seat, tally: &Tally) -> usize {
        Self::half(seat).map(|cell| self.count_on(cell, tally)).sum::<usize>() + 1
    }

    /// What the set-up list of `seat` ends with: place the rest at random
    /// while pieces are left, else say ready.
    fn last_setup_action(&self, seat: Seat) -> TactiqueAction {
        if self.to_place(seat) > 0 { TactiqueAction::Random } else { TactiqueAction::Ready }
    }

    /// What the set-up actions of every square of `seat`'s half depend on,
    /// counted once: the list is made of single changes to this arrangement.
    fn tally(&self, seat: Seat) -> Tally {
        let mut tally = Tally {
            front_open: false,
            ranks: Rank::ALL.iter().filter(|r| self.supply[seat.index()][r.value() as usize] > 0).count(),
            shifting: self.shifts_left[seat.index()] > 0,
            empty_back: 0,
            empty_front: 0,
            pieces: 0,
            of_value: [0; 6],
        };
        for cell in Self::half(seat) {
            match self.board[cell.index()] {
                None if cell.is_front_row() => tally.empty_front += 1,
                None => tally.empty_back += 1,
                Some(piece) => {
                    tally.pieces += 1;
                    tally.of_value[usize::from(piece.value)] += 1;
                }
            }
        }
        tally.front_open = usize::from(SIDE) - tally.empty_front < FRONT_ROW_PIECES;
        tally
    }

    /// Calls `f` with each set-up action of `seat` on `cell`, in list order:
    /// placing each rank left in the supply on it if empty, else shifting
    /// its piece to each square it fits.
    fn actions_on(&self, seat: Seat, cell: Square, tally: &Tally, mut f: impl FnMut(TactiqueAction)) {
        match self.board[cell.index()] {
            None if Self::can_complete_with(cell, None, tally.front_open) => {
                for rank in Rank::ALL.into_iter().filter(|r| self.supply[seat.index()][r.value() as usize] > 0) {
                    f(TactiqueAction::Place { cell: cell.name(), rank });
                }
            }
            None => {}
            Some(piece) if tally.shifting => {
                for to in Self::half(seat).filter(|to| *to != cell) {
                    if self.shift_fits(cell, piece, to, tally.front_open) {
                        f(TactiqueAction::Shift { from: cell.name(), to: to.name() });
                    }
                }
            }
            Some(_) => {}
        }
    }

    /// How many actions [`Self::actions_on`] makes on `cell`: a placing for
    /// each rank left, or a shift to each empty square the piece fits
    /// ([`Self::can_complete_with`]) and each piece of another value.
    fn count_on(&self, cell: Square, tally: &Tally) -> usize {
        match self.board[cell.index()] {
            None if Self::can_complete_with(cell, None, tally.front_open) => tally.ranks,
            None => 0,
            Some(piece) if tally.shifting => {
                let front = if cell.is_front_row() || tally.front_open { tally.empty_front } else { 0 };
                tally.empty_back + front + tally.pieces - tally.of_value[usize::from(piece.value)]
            }
            Some(_) => 0,
        }
    }

    /// What `seat` does when its set-up time runs out: the rest of its
    /// pieces at random, then "ready" (the last action of the set-up list).
    pub(super) fn setup_default(&self, seat: Seat) -> Option<TactiqueAction> {
        if !self.may_arrange(seat) || self.random_for.is_some() {
            return None;
        }
        Some(self.last_setup_action(seat))
    }

    /// Whether the own `piece` on `from` may go to `to`: an empty square that
    /// keeps the arrangement completable (`front_open` as for
    /// [`Self::can_complete_with`]), or a swap with an own piece of another
    /// rank (swapping equal pieces would change nothing).
    fn shift_fits(&self, from: Square, piece: Unit, to: Square, front_open: bool) -> bool {
        match self.board[to.index()] {
            None => Self::can_complete_with(to, Some(from), front_open),
            Some(other) => other.value != piece.value,
        }
    }

    /// Plays a set-up action known to be legal. A `random` one waits for
    /// chance to draw the arrangement ([`Tactique::place_arrangement`]),
    /// which completes its turn.
    pub(super) fn play_setup(&mut self, seat: Seat, action: &TactiqueAction) {
        let square = |cell| Square::of(cell).expect("a legal set-up action names squares of the board");
        let marks = match *action {
            TactiqueAction::Place { cell, rank } => {
                let cell = square(cell);
                self.supply[seat.index()][rank.value() as usize] -= 1;
                self.board[cell.index()] = Some(Unit::new(seat, rank));
                vec![cell]
            }
            TactiqueAction::Shift { from, to } => {
                let (from, to) = (square(from), square(to));
                self.board.swap(from.index(), to.index());
                self.shifts_left[seat.index()] -= 1;
                vec![from, to]
            }
            TactiqueAction::Random => {
                self.random_for = Some(seat);
                return;
            }
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

    /// The squares a random arrangement of `seat`'s supply fills: every
    /// empty back-row square, and as many empty fourth-row squares as that
    /// row still needs (those drawn from `stream`, if given); in square order.
    fn random_squares(&self, seat: Seat, stream: Option<&mut SeedStream>) -> (Vec<Square>, Vec<Square>) {
        let empty = |s: &Square| self.board[s.index()].is_none();
        let mut front: Vec<Square> = Self::half(seat).filter(|s| s.is_front_row() && empty(s)).collect();
        let back: Vec<Square> = Self::half(seat).filter(|s| !s.is_front_row() && empty(s)).collect();
        if let Some(stream) = stream {
            stream.shuffle(&mut front);
        }
        (back, front)
    }

    /// Draws the arrangement of `seat`'s whole supply: every empty back-row
    /// square, and as many empty fourth-row squares, drawn at random, as that
    /// row still needs. From rules version 2 the Flag, then each Archer, goes
    /// to a random square among the most sheltered ones left for it
    /// ([`Tactique::shelter`]); the other ranks are shuffled onto the rest.
    pub(super) fn draw_arrangement(&self, seat: Seat, stream: &mut SeedStream) -> Arrangement {
        let (mut squares, front) = self.random_squares(seat, Some(stream));
        let wanted = FRONT_ROW_PIECES - self.front_row_count(seat);
        squares.extend(front.into_iter().take(wanted));
        squares.sort_unstable();
        let mut ranks = self.supply_ranks(seat);
        let mut pieces = Vec::new();
        if RULES >= 2 {
            let filling = squares.clone();
            let kept_back: Vec<Rank> = ranks.iter().copied().filter(|r| Self::kept_back(*r)).collect();
            ranks.retain(|r| !Self::kept_back(*r));
            // The Flag first (the supply lists it last), then the Archers.
            for rank in kept_back.into_iter().rev() {
                let best =
                    squares.iter().map(|s| self.shelter(rank, *s, &filling)).min().expect("a square for each piece");
                let mut candidates: Vec<usize> =
                    (0..squares.len()).filter(|i| self.shelter(rank, squares[*i], &filling) == best).collect();
                stream.shuffle(&mut candidates);
                pieces.push((squares[candidates[0]], rank));
                squares.remove(candidates[0]);
            }
        }
        stream.shuffle(&mut ranks);
        pieces.extend(squares.into_iter().zip(ranks));
        pieces.sort_unstable_by_key(|(square, _)| *square);
        Arrangement { seat, pieces: pieces.into_iter().map(|(square, rank)| (square.name(), rank)).collect() }
    }

    /// Whether a random set-up keeps `rank` back (rules version 2).
    fn kept_back(rank: Rank) -> bool {
        matches!(rank, Rank::Flag | Rank::Archer)
    }

    /// How exposed `square` is for a piece of `rank` kept back by a random
    /// set-up that fills `filling`: 0 is sheltered. The Flag is sheltered in
    /// the two back rows, less in the third (1), least in the fourth (2).
    /// An Archer is sheltered in the two back rows, or in the third behind
    /// a piece of the fourth row; less elsewhere in the third (1), least in
    /// the fourth (2).
    fn shelter(&self, rank: Rank, square: Square, filling: &[Square]) -> u8 {
        match square.row_from_back() {
            1 | 2 => 0,
            3 if rank == Rank::Archer => {
                let ahead =
                    square.offset(0, if square.half() == Seat(0) { 1 } else { -1 }).expect("the fourth row lies ahead");
                u8::from(self.board[ahead.index()].is_none() && !filling.contains(&ahead))
            }
            3 => 1,
            _ => 2,
        }
    }

    /// The ranks still in `seat`'s supply, lowest value first.
    fn supply_ranks(&self, seat: Seat) -> Vec<Rank> {
        let supply = &self.supply[seat.index()];
        Rank::ALL.into_iter().flat_map(|r| std::iter::repeat_n(r, usize::from(supply[r.value() as usize]))).collect()
    }

    /// Whether `outcome` could be the random arrangement due now: the seat
    /// that asked for it, its whole supply, on every empty back-row square
    /// and as many empty fourth-row squares as that row needs.
    pub(super) fn check_arrangement(&self, outcome: &Arrangement) -> Result<(), RulesError> {
        let refuse = |why: &str| Err(RulesError::Illegal(format!("not a possible random arrangement: {why}")));
        if self.random_for != Some(outcome.seat) {
            return refuse("no random set-up of that seat is waiting");
        }
        let seat = outcome.seat;
        let Some(squares) = outcome.pieces.iter().map(|(cell, _)| Square::of(*cell)).collect::<Option<Vec<_>>>() else {
            return refuse("a square off the board");
        };
        let (back, front) = self.random_squares(seat, None);
        let wanted = FRONT_ROW_PIECES - self.front_row_count(seat);
        let mut sorted = squares.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let in_front = squares.iter().filter(|s| front.contains(s)).count();
        let fits = sorted.len() == squares.len()
            && back.iter().all(|s| squares.contains(s))
            && squares.iter().all(|s| back.contains(s) || front.contains(s))
            && in_front == wanted;
        if !fits {
            return refuse("the squares are not the ones to fill");
        }
        let mut ranks: Vec<Rank> = outcome.pieces.iter().map(|(_, rank)| *rank).collect();
        ranks.sort_unstable();
        let mut supply = self.supply_ranks(seat);
        supply.sort_unstable();
        if ranks != supply {
            return refuse("the ranks are not the supply");
        }
        if RULES >= 2 && !self.kept_back_fits(outcome, &squares) {
            return refuse("the Flag or an Archer is not on the most sheltered square left for it");
        }
        Ok(())
    }

    /// Whether the Flag and the Archers of `outcome`, which fills `filling`,
    /// stand as [`Tactique::draw_arrangement`] could put them: the Flag on a
    /// square as sheltered as any, and no Archer on a square more exposed
    /// than one left to the other ranks.
    fn kept_back_fits(&self, outcome: &Arrangement, filling: &[Square]) -> bool {
        let on = |rank: Rank| -> Vec<Square> {
            outcome.pieces.iter().filter(|(_, r)| *r == rank).filter_map(|(cell, _)| Square::of(*cell)).collect()
        };
        let (flag, archers) = (on(Rank::Flag), on(Rank::Archer));
        let fits = |rank: Rank, squares: &[Square], taken: &[Square]| {
            let worst = squares.iter().map(|s| self.shelter(rank, *s, filling)).max();
            worst.is_none_or(|worst| {
                filling.iter().filter(|s| !taken.contains(s)).all(|s| self.shelter(rank, *s, filling) >= worst)
            })
        };
        // The Flag chose first among every square; the Archers among those
        // it left, before the other ranks.
        fits(Rank::Flag, &flag, &flag) && fits(Rank::Archer, &archers, &[flag.as_slice(), &archers].concat())
    }

    /// Places a random arrangement known to be possible; this completes the
    /// `random` set-up turn.
    pub(super) fn place_arrangement(&mut self, outcome: &Arrangement) {
        let seat = outcome.seat;
        let mut marks = Vec::new();
        for (cell, rank) in &outcome.pieces {
            let square = Square::of(*cell).expect("a checked arrangement");
            self.board[square.index()] = Some(Unit::new(seat, *rank));
            marks.push(square);
        }
        self.supply[seat.index()] = [0; 6];
        self.setup_marks[seat.index()] = marks;
        self.random_for = None;
        self.turns += 1;
    }
}

/// The supply of a whole army, counted by rank value.
/// One count of a seat's half during the set-up, from which each square's
/// actions are made and counted.
struct Tally {
    /// Whether the fourth row has room for one more piece.
    front_open: bool,
    /// Ranks left in the supply: the placings an open empty square has.
    ranks: usize,
    /// Whether rearrangements are left.
    shifting: bool,
    /// Empty squares of the back three rows.
    empty_back: usize,
    /// Empty squares of the fourth row.
    empty_front: usize,
    /// Pieces in the half.
    pieces: usize,
    /// Pieces in the half of each value (a swap needs another value).
    of_value: [usize; 6],
}

pub(super) fn full_supply() -> [u8; 6] {
    let mut supply = [0; 6];
    for rank in Rank::ALL {
        supply[rank.value() as usize] = rank.count();
    }
    supply
}
