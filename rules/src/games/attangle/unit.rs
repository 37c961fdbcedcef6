//! What stands on one point: nothing, a single piece, or a stack of three or
//! five. The rulebook says the order of pieces in a stack "plays no role" and
//! a stack belongs to whoever has the majority in it, so a unit is just how
//! many pieces of each colour it holds.

use crate::seat::Seat;

/// The pieces on one point, by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unit {
    pieces: [u8; 2],
}

/// The tallest stack allowed.
pub const MAX_HEIGHT: u8 = 5;

impl Unit {
    /// An empty point.
    pub const EMPTY: Unit = Unit { pieces: [0, 0] };

    /// A single piece of `owner`.
    pub fn single(owner: Seat) -> Unit {
        Unit::of(owner, 1, 0)
    }

    /// A unit of `own` pieces of `owner` and `other` pieces of the opponent.
    pub fn of(owner: Seat, own: u8, other: u8) -> Unit {
        let mut pieces = [other, other];
        pieces[owner.index()] = own;
        Unit { pieces }
    }

    /// How many pieces it holds.
    #[inline]
    pub fn height(self) -> u8 {
        self.pieces[0] + self.pieces[1]
    }

    /// Whether the point is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.height() == 0
    }

    /// How many pieces of `seat` it holds.
    pub fn count(self, seat: Seat) -> u8 {
        self.pieces[seat.index()]
    }

    /// Whoever has more pieces in it; nobody for an empty point (or a tie,
    /// which the rules never produce).
    #[inline]
    pub fn owner(self) -> Option<Seat> {
        match self.pieces[0].cmp(&self.pieces[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The unit formed by stacking `other` on this one.
    pub fn with(self, other: Unit) -> Unit {
        Unit { pieces: [self.pieces[0] + other.pieces[0], self.pieces[1] + other.pieces[1]] }
    }

    /// The pieces from the bottom up as drawn: the minority first, so the top
    /// piece shows the owner.
    pub fn drawn(self) -> impl Iterator<Item = Seat> {
        let owner = self.owner().unwrap_or(Seat(0));
        let minority = crate::games::two_seats::opponent(owner);
        std::iter::repeat_n(minority, self.count(minority) as usize)
            .chain(std::iter::repeat_n(owner, self.count(owner) as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_majority_owns_and_is_drawn_on_top() {
        let triple = Unit::single(Seat(0)).with(Unit::single(Seat(0))).with(Unit::single(Seat(1)));
        assert_eq!(triple, Unit::of(Seat(0), 2, 1));
        assert_eq!(triple.owner(), Some(Seat(0)));
        assert_eq!(triple.drawn().collect::<Vec<_>>(), [Seat(1), Seat(0), Seat(0)]);
        let five = triple.with(Unit::of(Seat(1), 2, 0));
        assert_eq!((five.height(), five.owner()), (5, Some(Seat(1))));
        assert_eq!(Unit::EMPTY.owner(), None);
        assert!(Unit::EMPTY.is_empty());
    }
}
