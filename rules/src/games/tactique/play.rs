//! Play after the set-up: archers shoot at the start of a turn, then the
//! player moves a piece in a straight line, attacks an adjacent piece, or
//! charges (moves, then attacks from where the move ended).

use super::army::Unit;
use super::board::{ARCHER_REACH, ORTHOGONAL, SQUARES, Square};
use super::{Tactique, TactiqueAction, WHITE};
use crate::games::two_seats::opponent;
use crate::outcome::Outcome;
use crate::seat::Seat;

impl<const RULES: u32> Tactique<RULES> {
    /// Begins play once both seats are ready: White's turn starts.
    pub(super) fn start_play(&mut self) {
        self.to_move = WHITE;
        self.begin_turn();
    }

    /// Whether `square` holds a piece of `seat` that can move and attack
    /// (anything but the Flag).
    fn fighter(&self, seat: Seat, square: Square) -> bool {
        self.board[square.index()].is_some_and(|u| u.owner == seat && !u.is_flag())
    }

    /// The back-and-forth rule: a piece may not go from `from` to `to` if the
    /// same seat's two previous turns moved it `from`→`to` and then back.
    pub(super) fn repeats(&self, seat: Seat, from: Square, to: Square) -> bool {
        let [last, before] = self.past_moves[seat.index()];
        last == Some((to, from)) && before == Some((from, to))
    }

    /// Appends the play-phase actions of `seat`.
    pub(super) fn play_actions(&self, seat: Seat, out: &mut Vec<TactiqueAction>) {
        if self.outcome.is_some() || !self.playing() || seat != self.to_move {
            return;
        }
        if let Some(from) = self.charging {
            for to in from.neighbours() {
                if self.board[to.index()].is_some_and(|u| u.owner != seat) {
                    out.push(TactiqueAction::Attack { from: from.name(), to: to.name() });
                }
            }
            out.push(TactiqueAction::EndTurn);
            return;
        }
        for from in Square::all() {
            if !self.fighter(seat, from) {
                continue;
            }
            for (dc, dr) in ORTHOGONAL {
                let mut at = from;
                while let Some(to) = at.offset(dc, dr) {
                    match self.board[to.index()] {
                        None => {
                            if !self.repeats(seat, from, to) {
                                out.push(TactiqueAction::Move { from: from.name(), to: to.name() });
                            }
                        }
                        Some(u) => {
                            if at == from && u.owner != seat {
                                out.push(TactiqueAction::Attack { from: from.name(), to: to.name() });
                            }
                            break;
                        }
                    }
                    at = to;
                }
            }
        }
    }

    /// Whether `seat` has any move or attack (outside a charge).
    fn can_act(&self, seat: Seat) -> bool {
        Square::all().filter(|s| self.fighter(seat, *s)).any(|from| {
            from.neighbours().any(|to| match self.board[to.index()] {
                Some(u) => u.owner != seat,
                // An adjacent empty square can be reached; if the rule on
                // moving back and forth forbids it, a longer move along the
                // same line is not the forbidden one.
                None => !self.repeats(seat, from, to) || self.farther_open(from, to),
            })
        })
    }

    /// Whether the line from `from` through the empty neighbour `next` goes
    /// on to another empty square.
    fn farther_open(&self, from: Square, next: Square) -> bool {
        let dc = next.column() as i8 - from.column() as i8;
        let dr = next.row() as i8 - from.row() as i8;
        next.offset(dc, dr).is_some_and(|s| self.board[s.index()].is_none())
    }

    /// Plays a play-phase action known to be legal.
    pub(super) fn play_turn_action(&mut self, seat: Seat, action: &TactiqueAction) {
        let square = |cell| Square::of(cell).expect("a legal action names squares of the board");
        match *action {
            TactiqueAction::Move { from, to } => {
                let (from, to) = (square(from), square(to));
                let mut unit = self.board[from.index()].take().expect("a legal move has a piece");
                unit.moved = true;
                self.board[to.index()] = Some(unit);
                self.this_move = Some((from, to));
                self.marks = vec![from, to];
                if to.neighbours().any(|n| self.board[n.index()].is_some_and(|u| u.owner != seat)) {
                    self.charging = Some(to);
                } else {
                    self.end_turn();
                }
            }
            TactiqueAction::Attack { from, to } => {
                let (from, to) = (square(from), square(to));
                if self.charging.is_some() {
                    self.marks.push(to);
                } else {
                    self.marks = vec![from, to];
                }
                self.fight(from, to);
                self.end_turn();
            }
            _ => self.end_turn(),
        }
    }

    /// The piece on `from` attacks the adjacent opposing piece on `to`. Both
    /// ranks become known to both seats.
    fn fight(&mut self, from: Square, to: Square) {
        let mut attacker = self.board[from.index()].expect("an attacking piece");
        let mut defender = self.board[to.index()].expect("an attacked piece");
        attacker.known = [true; 2];
        defender.known = [true; 2];
        if defender.is_flag() {
            self.removed.push(defender);
            self.board[from.index()] = None;
            attacker.moved = true;
            self.board[to.index()] = Some(attacker);
            self.outcome = Some(Outcome::win(2, attacker.owner, "captured the opposing Flag"));
            return;
        }
        if attacker.value == defender.value {
            self.removed.extend([attacker, defender]);
            self.board[from.index()] = None;
            self.board[to.index()] = None;
            return;
        }
        let attacker_wins = attacker.value > defender.value;
        let (winner, loser) = if attacker_wins { (&attacker, &mut defender) } else { (&defender, &mut attacker) };
        let removed = !loser.demote();
        if !removed && self.options.defect {
            loser.owner = winner.owner;
        }
        match (attacker_wins, removed) {
            (true, true) => {
                self.removed.push(defender);
                self.board[from.index()] = None;
                attacker.moved = true;
                self.board[to.index()] = Some(attacker);
            }
            (false, true) => {
                self.removed.push(attacker);
                self.board[from.index()] = None;
                self.board[to.index()] = Some(defender);
            }
            (_, false) => {
                self.board[from.index()] = Some(attacker);
                self.board[to.index()] = Some(defender);
            }
        }
    }

    /// Ends the current turn; the other seat's turn begins.
    pub(super) fn end_turn(&mut self) {
        let mover = self.to_move;
        let past = &mut self.past_moves[mover.index()];
        *past = [self.this_move.take(), past[0]];
        self.charging = None;
        self.turns += 1;
        // The next turn's volley replaces this one's; a turn that does not
        // begin (a captured Flag ended the match) has none.
        self.volley.clear();
        if self.outcome.is_some() {
            return;
        }
        self.to_move = opponent(mover);
        self.begin_turn();
    }

    /// The start of `to_move`'s turn: its archers shoot, then a player who
    /// cannot move or attack loses.
    fn begin_turn(&mut self) {
        self.shoot();
        let seat = self.to_move;
        if !self.can_act(seat) {
            self.outcome = Some(Outcome::win(2, opponent(seat), "the opponent can neither move nor attack"));
        }
    }

    /// Every undemoted Archer of the seat whose turn begins shoots every
    /// opposing piece two squares away orthogonally or one diagonally. The
    /// Flag is never shot (and the shooter learns where it is); each hit
    /// demotes once, and removes a piece already demoted or an Archer.
    fn shoot(&mut self) {
        let shooter = self.to_move;
        let mut hits = [0u8; SQUARES];
        for archer in Square::all() {
            if !self.board[archer.index()].is_some_and(|u| u.owner == shooter && u.is_archer()) {
                continue;
            }
            for (dc, dr) in ARCHER_REACH {
                let Some(target) = archer.offset(dc, dr) else { continue };
                let Some(unit) = self.board[target.index()].as_mut() else { continue };
                if unit.owner == shooter {
                    continue;
                }
                if unit.is_flag() {
                    unit.known[shooter.index()] = true;
                } else {
                    hits[target.index()] += 1;
                }
            }
        }
        self.volley.clear();
        for target in Square::all() {
            let count = hits[target.index()];
            if count == 0 {
                continue;
            }
            self.volley.push(target);
            let Some(mut before) = self.board[target.index()] else { continue };
            let mut unit = before;
            let mut falls = false;
            for _ in 0..count {
                if !unit.demote() {
                    falls = true;
                    break;
                }
            }
            if falls {
                // The piece is recorded as it stood before the volley: the
                // shooter cannot tell an Archer felled by two arrows from
                // another piece demoted by the first and felled by the second.
                // One arrow felling an undemoted piece shows it was an Archer.
                if count == 1 && before.is_archer() {
                    before.known[shooter.index()] = true;
                }
                self.removed.push(before);
                self.board[target.index()] = None;
            } else {
                self.board[target.index()] = Some(unit);
            }
        }
    }

    /// The pieces on the board of `seat`.
    pub(super) fn units_of(&self, seat: Seat) -> impl Iterator<Item = &Unit> {
        self.board.iter().flatten().filter(move |u| u.owner == seat)
    }
}
