//! The Squeeze Play: an opponent's piece (never a Monarch) surrounded by
//! one side's pieces (a player's, or a team's) so that it cannot move. It counts only when that
//! player announces it, right after the move that completes it; the owner
//! then has its next go to free the piece by taking a blocker, and if the
//! piece is still squeezed when that go ends, it is removed and the squeezer
//! scores it.

use super::board::{Board, NONE, in_centre};
use super::{Attactics, Kind, Piece};
use crate::layout::CellId;
use crate::seat::{Seat, SeatSet};

/// An announced squeeze waiting for its owner's go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Squeeze {
    /// Where the squeezed piece stands.
    pub target: CellId,
    /// The squeezed piece's owner.
    pub owner: Seat,
    /// Its kind, so that another piece later on the square is not taken.
    pub kind: Kind,
    /// Who announced it.
    pub squeezer: Seat,
    /// The squares of the pieces that closed it when it was announced
    /// ([`NONE`] past them): one of those pieces taken or moved away ends
    /// it ([`Attactics::put`]).
    pub blockers: [CellId; 8],
}

impl<const RULES: u32> Attactics<RULES> {
    /// The side (a player, or a team) whose pieces squeeze the piece on
    /// `target`, if one does: every square the piece could step to holds a
    /// piece of that side, and the walls close the rest.
    pub(super) fn squeezed_by(&self, target: CellId) -> Option<SeatSet> {
        self.squeeze_on(target).map(|(side, _)| side)
    }

    /// [`Self::squeezed_by`], with the squares of the blocking pieces.
    fn squeeze_on(&self, target: CellId) -> Option<(SeatSet, [CellId; 8])> {
        let piece = self.squares[usize::from(target)]?;
        if piece.kind == Kind::Monarch {
            return None;
        }
        let board = Board::get();
        let taken = |id: CellId| self.squares[usize::from(id)].map(|p| (id, p));
        let mut blockers = Vec::new();
        for d in (0..8).step_by(2) {
            let to = board.step(target, d);
            if to != NONE && !in_centre(to) {
                blockers.push(taken(to)?);
            }
        }
        if piece.kind == Kind::Master {
            for d in (1..8).step_by(2) {
                let Some(diagonal) = board.diagonal(target, d).filter(|g| !in_centre(g.to)) else { continue };
                let held = diagonal.shoulders.map(|s| taken(s).is_some());
                if !diagonal.closed_by(held) {
                    blockers.push(taken(diagonal.to)?);
                }
            }
        }
        let side = self.side(blockers.first()?.1.owner);
        let one_side = blockers.iter().all(|(_, b)| side.contains(b.owner)) && !side.contains(piece.owner);
        let mut squares = [NONE; 8];
        squares.iter_mut().zip(&blockers).for_each(|(square, (id, _))| *square = *id);
        one_side.then_some((side, squares))
    }

    /// The pieces next to `to` that `seat` squeezes, not yet announced.
    pub(super) fn squeezed_near(&self, seat: Seat, to: CellId) -> Vec<CellId> {
        let (r, c) = super::board::row_col(to);
        let mut made = Vec::new();
        for dr in -1i32..=1 {
            for dc in -1i32..=1 {
                let (tr, tc) = (r as i32 + dr, c as i32 + dc);
                if (dr, dc) == (0, 0) || !(0..36).contains(&tr) || !(0..36).contains(&tc) {
                    continue;
                }
                let target = super::board::square(tr as usize, tc as usize);
                let waiting = self.squeezes.iter().any(|s| s.target == target);
                if !waiting && self.squeezed_by(target).is_some_and(|side| side.contains(seat)) {
                    made.push(target);
                }
            }
        }
        made
    }

    /// `seat` announces the squeeze of the piece on `target`.
    pub(super) fn announced(&mut self, seat: Seat, target: CellId) {
        let Some(Piece { owner, kind }) = self.squares[usize::from(target)] else { return };
        let blockers = self.squeeze_on(target).map_or([NONE; 8], |(_, squares)| squares);
        self.squeezes.push(Squeeze { target, owner, kind, squeezer: seat, blockers });
        self.report = format!(
            "{}: Squeeze Play on {}'s {} at {}",
            self.name(seat),
            self.name(owner),
            kind.name(),
            super::board::name(target)
        );
    }

    /// A waiting squeeze in words, for everyone at the table.
    pub(super) fn squeeze_announcement(&self, squeeze: &Squeeze) -> String {
        format!(
            "Squeeze Play by {} on {}'s {} at {}: freed in {}'s next go, or taken",
            self.name(squeeze.squeezer),
            self.name(squeeze.owner),
            squeeze.kind.name(),
            super::board::name(squeeze.target),
            self.name(squeeze.owner),
        )
    }

    /// At the end of `owner`'s go: each of its pieces still squeezed by the
    /// player who announced it is removed, and that player scores it.
    pub(super) fn settle_squeezes(&mut self, owner: Seat) {
        let (due, waiting): (Vec<Squeeze>, Vec<Squeeze>) = self.squeezes.iter().partition(|s| s.owner == owner);
        self.squeezes = waiting;
        for squeeze in due {
            let still = self.squares[usize::from(squeeze.target)] == Some(Piece { owner, kind: squeeze.kind })
                && self.squeezed_by(squeeze.target).is_some_and(|side| side.contains(squeeze.squeezer));
            if !still {
                continue;
            }
            self.put(squeeze.target, None);
            self.captured[owner.index()][squeeze.kind as usize] += 1;
            let gain = self.capture_points(squeeze.squeezer, squeeze.kind, squeeze.target);
            self.gain(squeeze.squeezer, gain);
            self.report.push_str(&format!(
                ". {}'s {} at {} was not freed: the Squeeze Play takes it",
                self.name(owner),
                squeeze.kind.name(),
                super::board::name(squeeze.target)
            ));
        }
    }
}
