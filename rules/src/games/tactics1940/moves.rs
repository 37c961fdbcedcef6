//! How pieces move and destroy on the board (Rules 4, 9 and 10): a step of
//! one square, a battleship's jumps over other players' transports, and the
//! traps that sink battleships at the end of a move.

use super::board::{Board, NONE, straight};
use super::pieces::{Kind, Piece};
use super::{Tactics1940, Tactics1940Action};
use crate::layout::CellId;
use crate::seat::Seat;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The piece on `id`.
    pub fn piece(&self, id: CellId) -> Option<Piece> {
        self.squares[usize::from(id)]
    }

    /// The squares holding `seat`'s pieces, in board order.
    pub(super) fn squares_of(&self, seat: Seat) -> impl Iterator<Item = CellId> + '_ {
        Board::get().ids().filter(move |id| matches!(self.piece(*id), Some(p) if p.owner == seat))
    }

    /// Whether `kind` may step from `from` in direction `d`: straight for a
    /// transport, any way for a battleship, and any way for any piece
    /// leaving the safety zone (Rule 4). The square reached, or [`NONE`].
    fn step_to(&self, kind: Kind, from: CellId, d: usize) -> CellId {
        let board = Board::get();
        let to = board.step(from, d);
        if to == NONE || self.piece(to).is_some() {
            return NONE;
        }
        let leaving_zone = board.in_zone(from) && !board.in_zone(to);
        let fits = match kind {
            Kind::Battleship => board.battleship_may_stand(to),
            Kind::Transport => board.transport_may_stand(to) && (straight(d) || leaving_zone),
            Kind::Airplane => false,
        };
        if fits { to } else { NONE }
    }

    /// Appends `seat`'s moves of the piece on `from`: steps and jumps.
    pub(super) fn moves_from(&self, seat: Seat, from: CellId, out: &mut Vec<Tactics1940Action>) {
        let Some(piece) = self.piece(from).filter(|p| p.owner == seat) else { return };
        let board = Board::get();
        for d in 0..8 {
            let to = self.step_to(piece.kind, from, d);
            if to != NONE {
                out.push(Tactics1940Action::Move { from: board.name(from), to: board.name(to) });
            }
        }
        if piece.kind == Kind::Battleship {
            self.jumps(seat, &mut vec![from], &mut Vec::new(), out);
        }
    }

    /// Every jump sequence that goes on from the end of `path` (Rule 10): a
    /// battleship jumps an adjacent transport of another player who is not
    /// its ally to the free square straight beyond, never into, out of or
    /// within the safety zone, never beyond a seaport into a home area; it
    /// may stop after any jump. `taken` are the squares of the transports
    /// jumped so far, empty from then on.
    fn jumps(&self, seat: Seat, path: &mut Vec<CellId>, taken: &mut Vec<CellId>, out: &mut Vec<Tactics1940Action>) {
        let board = Board::get();
        let here = *path.last().expect("a jump starts somewhere");
        let start = path[0];
        for d in 0..8 {
            let over = board.step(here, d);
            if over == NONE {
                continue;
            }
            let to = board.step(over, d);
            if to == NONE || !board.battleship_may_stand(to) {
                continue;
            }
            if [here, over, to].iter().any(|id| board.in_zone(*id)) {
                continue;
            }
            let jumped = self.piece(over).filter(|_| !taken.contains(&over));
            let prey = matches!(jumped, Some(p) if p.kind == Kind::Transport && p.owner != seat && !self.allies(seat, p.owner));
            let free = to == start || taken.contains(&to) || self.piece(to).is_none();
            if !prey || !free {
                continue;
            }
            path.push(to);
            taken.push(over);
            let names = path.iter().map(|id| board.name(*id)).collect();
            out.push(Tactics1940Action::Jump { path: names });
            self.jumps(seat, path, taken, out);
            taken.pop();
            path.pop();
        }
    }

    /// The squares a jump passes over, between each two squares it lands on.
    pub(super) fn jumped(path: &[CellId]) -> Vec<CellId> {
        let board = Board::get();
        path.windows(2)
            .map(|pair| {
                (0..8)
                    .map(|d| (board.step(pair[0], d), d))
                    .find(|(over, d)| *over != NONE && board.step(*over, *d) == pair[1])
                    .map(|(over, _)| over)
                    .expect("a jump lands two squares on in a straight line")
            })
            .collect()
    }

    /// Removes the piece on `id` to Davy Jones' Locker or the Supply Base
    /// (Rule 12), `by` the seat that destroyed it (an aggression where the
    /// rules say so).
    pub(super) fn destroy(&mut self, id: CellId, by: Option<Seat>) {
        let Some(piece) = self.squares[usize::from(id)].take() else { return };
        self.lost[piece.owner.index()][piece.kind as usize] += 1;
        if let Some(by) = by {
            self.aggressed(by, piece.owner);
        }
    }

    /// The traps sprung at the end of a move by `mover` (Rule 10, Fig. F):
    /// every battleship of another side standing between two battleships
    /// of the mover's side in opposite adjacent squares, straight or
    /// diagonal, is sunk. Only belligerents trap; no battleship in the
    /// safety zone traps or is trapped. The mover's own side is never sunk
    /// on its own move: the mover has the advantage.
    pub(super) fn spring_traps(&mut self, mover: Seat) {
        let Some(side) = self.side(mover) else { return };
        let board = Board::get();
        let trapper = |state: &Self, id: CellId| {
            id != NONE
                && !board.in_zone(id)
                && matches!(state.piece(id), Some(p) if p.kind == Kind::Battleship && state.side(p.owner) == Some(side))
        };
        let mut sunk = Vec::new();
        for (square, id) in self.squares.iter().zip(board.ids()) {
            let Some(piece) = square else { continue };
            if piece.kind == Kind::Battleship
                && self.side(piece.owner) != Some(side)
                && !board.in_zone(id)
                && (0..4).any(|d| trapper(self, board.step(id, d)) && trapper(self, board.step(id, d + 4)))
            {
                sunk.push(id);
            }
        }
        for id in sunk {
            self.destroy(id, Some(mover));
        }
    }
}
