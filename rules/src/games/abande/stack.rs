//! A stack of Abande pieces: at most three, owned by its top piece.
//!
//! Stacks grow only by one whole stack landing on another and are never
//! divided, so a stack is its height and the owner of each level, packed in
//! two bytes.

use crate::seat::Seat;

/// The highest a stack may grow.
pub const MAX_HEIGHT: u8 = 3;

/// Pieces on one space, bottom first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    height: u8,
    /// Bit `level` set when that piece belongs to seat 1.
    seat1: u8,
}

impl Stack {
    /// One piece of `owner`.
    pub fn single(owner: Seat) -> Stack {
        Stack { height: 1, seat1: u8::from(owner == Seat(1)) }
    }

    /// A stack from the bottom up (at most [`MAX_HEIGHT`] pieces).
    pub fn from_pieces(pieces: &[Seat]) -> Stack {
        assert!(pieces.len() <= usize::from(MAX_HEIGHT), "an Abande stack holds at most three pieces");
        let seat1 = pieces.iter().enumerate().fold(0u8, |bits, (i, s)| bits | (u8::from(*s == Seat(1)) << i));
        Stack { height: pieces.len() as u8, seat1 }
    }

    /// How many pieces it holds: also the points it scores.
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether the space is empty.
    pub fn is_empty(self) -> bool {
        self.height == 0
    }

    /// The owner: whoever owns the top piece.
    pub fn top(self) -> Option<Seat> {
        (self.height > 0).then(|| Seat((self.seat1 >> (self.height - 1)) & 1))
    }

    /// The owners of its pieces, bottom first.
    pub fn pieces(self) -> impl Iterator<Item = Seat> {
        (0..self.height).map(move |level| Seat((self.seat1 >> level) & 1))
    }

    /// This stack with `other` put on top of it, if the result is not too high.
    pub fn put(self, other: Stack) -> Option<Stack> {
        (self.height + other.height <= MAX_HEIGHT)
            .then(|| Stack { height: self.height + other.height, seat1: self.seat1 | (other.seat1 << self.height) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Seat = Seat(0);
    const B: Seat = Seat(1);

    #[test]
    fn a_stack_belongs_to_its_top_piece_and_keeps_its_order() {
        let stack = Stack::single(A).put(Stack::from_pieces(&[B, A])).unwrap();
        assert_eq!(stack.pieces().collect::<Vec<_>>(), [A, B, A]);
        assert_eq!(stack.top(), Some(A));
        assert_eq!(stack.height(), 3);
        assert_eq!(Stack::single(B).put(Stack::single(A)).unwrap().top(), Some(A));
        assert_eq!(Stack::default().top(), None);
    }

    #[test]
    fn no_stack_grows_above_three() {
        let double = Stack::from_pieces(&[A, B]);
        assert!(double.put(double).is_none());
        assert!(Stack::from_pieces(&[A, B, A]).put(Stack::single(B)).is_none());
        assert!(double.put(Stack::single(A)).is_some());
    }
}
