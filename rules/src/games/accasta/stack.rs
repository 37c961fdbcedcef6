//! A stack of Accasta pieces, packed in two bytes.
//!
//! No stack holds more than three pieces of a colour, so at most six pieces:
//! the height and one bit per piece (set for Black, from the bottom up) fit
//! in two bytes, and counting a colour is one popcount.

use crate::seat::Seat;

/// Pieces on one point, bottom first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    height: u8,
    black: u8,
}

/// The most pieces of one colour a stack may hold.
pub const MAX_PER_COLOUR: u8 = 3;

/// Whether two stacks of these counts per seat (from [`Stack::counts`]) may
/// be put on each other: at most three pieces of each colour.
pub fn fit_together(below: [u8; 2], above: [u8; 2]) -> bool {
    below[0] + above[0] <= MAX_PER_COLOUR && below[1] + above[1] <= MAX_PER_COLOUR
}

impl Stack {
    /// `count` pieces of `owner` stacked on each other.
    pub fn of(owner: Seat, count: u8) -> Stack {
        let black = if owner == Seat(1) { (1u8 << count) - 1 } else { 0 };
        Stack { height: count, black }
    }

    /// A stack from the bottom up.
    pub fn from_pieces(pieces: &[Seat]) -> Stack {
        let black = pieces.iter().enumerate().fold(0u8, |bits, (i, s)| bits | (u8::from(*s == Seat(1)) << i));
        Stack { height: pieces.len() as u8, black }
    }

    /// How many pieces it holds.
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether the point is empty.
    pub fn is_empty(self) -> bool {
        self.height == 0
    }

    /// The owner of the controlling (top) piece.
    pub fn top(self) -> Option<Seat> {
        (self.height > 0).then(|| self.owner_at(self.height - 1))
    }

    /// The owner of the piece at `level` (0 = bottom).
    pub fn owner_at(self, level: u8) -> Seat {
        Seat((self.black >> level) & 1)
    }

    /// How many pieces of `seat` it holds.
    pub fn count(self, seat: Seat) -> u8 {
        self.counts()[seat.index()]
    }

    /// How many pieces of each seat it holds, White's first: one popcount.
    pub fn counts(self) -> [u8; 2] {
        let mask = if self.height == 0 { 0 } else { (1u16 << self.height) as u8 - 1 };
        let black = (self.black & mask).count_ones() as u8;
        [self.height - black, black]
    }

    /// Splits off the top `count` pieces: (what stays, what moves).
    pub fn split(self, count: u8) -> (Stack, Stack) {
        debug_assert!(count >= 1 && count <= self.height);
        let stays = self.height - count;
        let below = Stack { height: stays, black: self.black & (((1u16 << stays) - 1) as u8) };
        let above = Stack { height: count, black: self.black >> stays };
        (below, above)
    }

    /// This stack with `top` put on it.
    pub fn put(self, top: Stack) -> Stack {
        Stack { height: self.height + top.height, black: self.black | (top.black << self.height) }
    }

    /// Whether putting `top` on this stack keeps at most three pieces of each colour.
    pub fn can_take(self, top: Stack) -> bool {
        fit_together(self.counts(), top.counts())
    }

    /// The owners from the bottom up.
    pub fn pieces(self) -> impl Iterator<Item = Seat> {
        (0..self.height).map(move |level| self.owner_at(level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Seat = Seat(0);
    const B: Seat = Seat(1);

    #[test]
    fn splitting_and_putting_keep_the_order() {
        let stack = Stack::from_pieces(&[W, B, W, W, B]);
        assert_eq!(stack.top(), Some(B));
        assert_eq!((stack.count(W), stack.count(B)), (3, 2));
        let (stays, moves) = stack.split(2);
        assert_eq!(stays.pieces().collect::<Vec<_>>(), [W, B, W]);
        assert_eq!(moves.pieces().collect::<Vec<_>>(), [W, B]);
        assert_eq!(stays.put(moves), stack);
        assert!(!Stack::of(W, 3).can_take(Stack::of(W, 1)));
        assert!(Stack::of(W, 3).can_take(Stack::of(B, 3)));
        assert_eq!(Stack::default().top(), None);
    }
}
