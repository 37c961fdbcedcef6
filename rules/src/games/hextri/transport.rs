//! Point transport, an optional rule: "After the Producig phase, Players
//! may transport their Points between Hex-fields. At the cost of 1 point a
//! Player can pick up 1 of his/her own Point and place it to an other
//! Hex". A player's own points are those on a county the player alone
//! occupies, not frozen (the points a move may use); a transport takes two
//! of them from one county, one as its cost, and places the other on
//! another county the player alone occupies. Transports touch only the
//! player's own counties, so the players take their turns one after the
//! other, each making all their transports at once.

use super::round::Steps;
use super::{HexTri, HexTriAction};
use crate::layout::CellId;
use crate::seat::Seat;

impl<const RULES: u32> HexTri<RULES> {
    /// Appends every transport `seat` may make now.
    pub(super) fn transports(&self, seat: Seat, out: &mut impl Steps) {
        if !self.options.transport {
            return;
        }
        let board = self.board();
        let held: Vec<CellId> = self.held(seat).collect();
        for from in self.payers(seat).iter().filter(|h| self.points[usize::from(**h)] >= 2) {
            for to in held.iter().filter(|to| *to != from) {
                out.push(HexTriAction::Transport { from: board.name(*from), to: board.name(*to) });
            }
        }
    }

    /// Makes a legal transport.
    pub(super) fn play_transport(&mut self, from: CellId, to: CellId) {
        self.points[usize::from(from)] -= 2;
        self.points[usize::from(to)] += 1;
        self.marks = vec![from, to];
    }
}
