//! Seats, sets of seats and viewers.
//!
//! A match has 2 to 6 seats, numbered from 0 in turn order. Several seats may
//! act at once (simultaneous set-up, response windows), so "who acts" is a
//! [`SeatSet`], not a single seat. A [`Viewer`] is whoever looks at a match:
//! a seat, or a spectator who may see only what is public.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats any game has (the Tactical hex game with six players).
pub const MAX_SEATS: usize = 6;

/// One seat at the table, numbered from 0 in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one in turn order at a table of `count` seats.
    pub const fn next(self, count: usize) -> Seat {
        Seat(((self.0 as usize + 1) % count) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats: who may act now, a team, the winners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Seat>", into = "Vec<Seat>")]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding only `seat`.
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Every seat of a table of `count` seats.
    pub const fn all(count: usize) -> SeatSet {
        SeatSet(((1u16 << count) - 1) as u8)
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// The set with `seat` removed.
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }

    /// The lowest seat in the set, if any.
    pub fn first(self) -> Option<Seat> {
        self.iter().next()
    }

    /// The seats in either set.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The seats in both sets.
    #[must_use]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// The seats of `self` that are not in `other`.
    #[must_use]
    pub const fn without_all(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// Whether every seat of `self` is in `other`.
    pub const fn is_subset(self, other: SeatSet) -> bool {
        self.0 & !other.0 == 0
    }
}

impl From<Vec<Seat>> for SeatSet {
    fn from(seats: Vec<Seat>) -> Self {
        seats.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl From<SeatSet> for Vec<Seat> {
    fn from(set: SeatSet) -> Self {
        set.iter().collect()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Whoever looks at a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat: sees what the seat may know.
    Seat(Seat),
    /// Anyone else: sees only what is public.
    Spectator,
}

impl Viewer {
    /// Whether this viewer is the player in `seat`.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_what_was_put_in() {
        let set = SeatSet::only(Seat(0)).with(Seat(3));
        assert!(set.contains(Seat(0)) && set.contains(Seat(3)) && !set.contains(Seat(1)));
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(0), Seat(3)]);
        assert_eq!(set.without(Seat(0)), SeatSet::only(Seat(3)));
        assert_eq!(SeatSet::all(6).len(), 6);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[0,3]");
        assert_eq!(serde_json::from_str::<SeatSet>("[0,3]").unwrap(), set);
        assert_eq!(Seat(2).next(3), Seat(0));
        assert_eq!(Seat(0).next(2), Seat(1));
    }
}
