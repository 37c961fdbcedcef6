//! The course of a turn: points spent before a throw, the throw, the moves
//! it allows, another throw after doubles (five at most), the mid-player's
//! double goes, and the next player clockwise. Also the opening roll, and
//! what a capture does to points and to the players left in the game.

use super::board::{self, multiplier};
use super::{Attactics, AttacticsAction, Dice, Kind, Phase};
use crate::game::Game;
use crate::layout::CellId;
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};

/// The points a player may hold at most.
pub const CEILING: u8 = 15;

/// Throws in a row with no piece moved after which the match is drawn as a
/// dead position (a Tactica rule: see docs/rules/attactics.md).
pub const IDLE_THROWS: u32 = 200;

impl<const RULES: u32> Attactics<RULES> {
    /// The seats still in the game.
    pub(super) fn in_play(&self) -> SeatSet {
        SeatSet::all(self.seat_count()).without_all(self.out)
    }

    /// The quadrant whose captures count single for `seat`: its corner's,
    /// or for the mid-player the one its Monarch entered from.
    pub(super) fn home(&self, seat: Seat) -> u8 {
        self.home[seat.index()]
    }

    /// `seat` begins its go: its first throw.
    pub(super) fn begin_go(&mut self, seat: Seat) {
        self.mover = seat;
        self.chain = 0;
        self.begin_throw();
    }

    /// Before a throw: the mover may spend points first, if it can.
    pub(super) fn begin_throw(&mut self) {
        self.dice = None;
        self.left = [false, false];
        self.one_due = false;
        self.moved.clear();
        self.announce.clear();
        self.any_moved = false;
        self.spent = false;
        self.phase = if self.can_spend(self.mover) { Phase::Before } else { Phase::Throw };
    }

    /// The dice come up.
    pub(super) fn thrown(&mut self, dice: Dice) {
        self.dice = Some(dice);
        self.throws += 1;
        self.left = [true, true];
        self.one_due = dice.0 == 1 || dice.1 == 1;
        if dice.is_double() {
            self.chain += 1;
        } else {
            self.chain = 0;
        }
        self.phase = Phase::Moving;
        self.report = format!("{} rolled {dice}", self.name(self.mover));
        self.settle_throw();
    }

    /// Ends the throw once nothing is left to do with it.
    pub(super) fn settle_throw(&mut self) {
        if self.outcome.is_some() || self.phase != Phase::Moving {
            return;
        }
        if !self.can_move(self.mover) && self.announce.is_empty() {
            if !self.any_moved {
                self.report.push_str(if self.one_due {
                    ": the Monarch cannot move on the one, so the throw is lost"
                } else {
                    ": nothing can move"
                });
            }
            self.end_throw();
        }
    }

    /// The throw is over: another after doubles, else the go ends.
    pub(super) fn end_throw(&mut self) {
        // A points move moves a piece too (version 1 did not count it).
        if self.any_moved || (RULES >= 2 && self.spent) {
            self.idle = 0;
        } else {
            self.idle += 1;
            if self.idle >= IDLE_THROWS {
                let reason = format!("no piece could move for {IDLE_THROWS} throws in a row");
                self.outcome = Some(self.ranking(self.in_play(), reason));
                return;
            }
        }
        let double = self.dice.is_some_and(Dice::is_double);
        if double && self.any_moved && self.chain < 5 && !self.out.contains(self.mover) {
            self.begin_throw();
        } else {
            self.end_go();
        }
    }

    /// The mover's go is over: squeezes on its pieces are settled, and the
    /// mid-player goes again, or the next player clockwise goes.
    pub(super) fn end_go(&mut self) {
        let seat = self.mover;
        self.settle_squeezes(seat);
        self.turns += 1;
        self.phase = Phase::Throw;
        if self.outcome.is_some() {
            return;
        }
        if self.mid == Some(seat) && !self.second_go && self.bonus_goes > 0 && !self.out.contains(seat) {
            self.bonus_goes -= 1;
            self.second_go = true;
            self.begin_go(seat);
            return;
        }
        self.second_go = false;
        let count = self.seat_count();
        let mut next = seat.next(count);
        while self.out.contains(next) {
            next = next.next(count);
        }
        self.begin_go(next);
    }

    /// The opening roll of the seats still contending: the highest goes
    /// first; those tied for it roll again.
    pub(super) fn opened(&mut self, rolls: &[Dice]) {
        let contenders: Vec<Seat> = self.contenders.iter().collect();
        let best = rolls.iter().map(|d| d.0 + d.1).max().unwrap_or(0);
        let tied: SeatSet = contenders.iter().zip(rolls).filter(|(_, d)| d.0 + d.1 == best).map(|(s, _)| *s).collect();
        let said: Vec<String> = contenders.iter().zip(rolls).map(|(s, d)| format!("{} {d}", self.name(*s))).collect();
        self.report = format!("Opening roll: {}", said.join(", "));
        if tied.len() > 1 {
            self.contenders = tied;
            self.report.push_str(": a tie, so they roll again");
            return;
        }
        let first = tied.first().expect("someone rolled highest");
        self.report.push_str(&format!(": {} goes first", self.name(first)));
        self.contenders = SeatSet::EMPTY;
        self.turns += 1;
        self.begin_go(first);
    }

    /// Plays a move or a points move of the mover's piece from `from` to
    /// `to`, capturing what stands there.
    pub(super) fn play_move(&mut self, seat: Seat, kind: Kind, from: CellId, enter: bool, to: CellId) {
        if enter {
            self.hand[seat.index()][kind as usize] -= 1;
            if kind == Kind::Monarch && self.mid == Some(seat) {
                // The mid-player's frame is set by where its Monarch comes in.
                self.home[seat.index()] = board::quadrant(from);
            }
        } else {
            self.put(from, None);
        }
        if let Some(taken) = self.squares[usize::from(to)] {
            self.capture(seat, taken, to);
        }
        self.put(to, Some(super::Piece { owner: seat, kind }));
        if kind == Kind::Monarch && board::in_centre(to) {
            let reason = format!("{}'s Monarch reached Maze Center", self.name(seat));
            self.outcome = Some(self.ranking(SeatSet::only(seat), reason));
        }
    }

    /// `seat` captures `taken` on `at`: points, and a captured Monarch puts
    /// its player out.
    pub(super) fn capture(&mut self, seat: Seat, taken: super::Piece, at: CellId) {
        self.put(at, None);
        let gain = self.capture_points(seat, taken.kind, at);
        self.gain(seat, gain);
        self.captured[taken.owner.index()][taken.kind as usize] += 1;
        if taken.kind == Kind::Monarch {
            let going = self.fall(taken.owner);
            self.remove_seats(going);
            self.check_last();
        }
    }

    /// The points `seat` earns for taking a `kind` on `at`: its value times
    /// the quadrant's multiplier from `seat`'s frame, before the ceiling.
    pub(super) fn capture_points(&self, seat: Seat, kind: Kind, at: CellId) -> u8 {
        kind.value() * multiplier(self.home(seat), at)
    }

    /// Adds the points `seat` earned to its bank, up to the ceiling.
    pub(super) fn gain(&mut self, seat: Seat, points: u8) {
        let held = &mut self.points[self.bank[seat.index()].index()];
        *held = (*held + points).min(CEILING);
    }

    /// Takes every piece of `seats` off the board and out of the game.
    pub(super) fn remove_seats(&mut self, seats: SeatSet) {
        for seat in seats.iter() {
            for id in self.placed[seat.index()].iter() {
                self.put(id, None);
            }
            self.hand[seat.index()] = [0; 4];
        }
        self.squeezes.retain(|s| !seats.contains(s.owner) && !seats.contains(s.squeezer));
        let squares = &self.squares;
        self.announce.retain(|t| squares[usize::from(*t)].is_some());
        self.out = self.out.union(seats);
        self.gone.push(seats);
    }

    /// The last player (or team) with a Monarch wins.
    pub(super) fn check_last(&mut self) {
        let left = self.in_play();
        if self.outcome.is_none() && self.one_side_left() {
            let reason = match left.first() {
                Some(winner) if self.side(winner).len() > 1 => {
                    format!("{}'s team has the last Monarchs", self.name(winner))
                }
                Some(winner) => format!("{} has the last Monarch", self.name(winner)),
                None => "no Monarch is left".into(),
            };
            self.outcome = Some(self.ranking(left, reason));
        }
    }

    /// Whether the seats still in the game are all on one side (or none is).
    pub(super) fn one_side_left(&self) -> bool {
        let left = self.in_play();
        left.first().is_none_or(|s| left.without_all(self.side(s)).is_empty())
    }

    /// Every seat's place. Without allies: `winners` first, then the others
    /// still in the game, then those who went out, the last to go first.
    /// With allies a team wins or loses as one: `winners`' teams first,
    /// everyone else second.
    pub(super) fn ranking(&self, winners: SeatSet, reason: String) -> Outcome {
        let teams = self.options.allies.teams();
        if teams.is_empty() {
            Outcome::by_survival(self.seat_count(), winners, self.in_play(), &self.gone, reason)
        } else {
            Outcome::winners(self.seat_count(), self.with_partners(winners), reason).with_teams(teams)
        }
    }

    /// Plays one action of the mover.
    pub(super) fn act(&mut self, seat: Seat, action: &AttacticsAction) {
        let id = |cell: &crate::board::Cell| board::id(*cell).expect("a legal action names squares of the board");
        match action {
            AttacticsAction::Roll => {
                self.announce.clear();
                self.phase = Phase::Throw;
            }
            AttacticsAction::Points { from, to, points } => {
                let before = self.squeezed_near(seat, id(to));
                self.walked = self.walked_by(action);
                self.points[seat.index()] -= points;
                self.play_move(seat, Kind::Monarch, id(from), false, id(to));
                self.spent = true;
                self.report = format!("{} spent {points} points", self.name(seat));
                self.announce = self.squeezes_made(seat, id(to), &before);
                if self.announce.is_empty() && self.outcome.is_none() {
                    self.phase = Phase::Throw;
                }
            }
            AttacticsAction::Move { kind, from, enter, count, to } => {
                // The prompt tells what the throw has moved so far.
                let written = super::notation::Part::of_action(self, action);
                self.report.push_str(&format!("; {written}"));
                let before = self.squeezed_near(seat, id(to));
                self.walked = self.walked_by(action);
                self.use_count(*count);
                self.play_move(seat, *kind, id(from), *enter, id(to));
                self.moved.push(id(to));
                self.any_moved = true;
                self.announce = self.squeezes_made(seat, id(to), &before);
                self.settle_throw();
            }
            AttacticsAction::Squeeze { target } => {
                let target = id(target);
                self.announce.retain(|t| *t != target);
                self.announced(seat, target);
                if self.phase == Phase::Before {
                    if self.announce.is_empty() {
                        self.phase = Phase::Throw;
                    }
                } else {
                    self.settle_throw();
                }
            }
            AttacticsAction::Stop => self.end_throw(),
        }
    }

    /// The squeezes a move to `to` completed: pieces next to it that
    /// `seat` squeezes now and did not squeeze (`before`) until it moved.
    fn squeezes_made(&self, seat: Seat, to: CellId, before: &[CellId]) -> Vec<CellId> {
        let mut made = self.squeezed_near(seat, to);
        made.retain(|t| !before.contains(t));
        made
    }

    /// Marks the dice a move of `count` used.
    fn use_count(&mut self, count: u8) {
        let Some(dice) = self.dice else { return };
        let values = [dice.0, dice.1];
        if self.left == [true, true] && count == dice.0 + dice.1 {
            self.left = [false, false];
        } else if let Some(i) = (0..2).find(|i| self.left[*i] && values[*i] == count) {
            self.left[i] = false;
        }
        self.one_due = false;
    }
}
