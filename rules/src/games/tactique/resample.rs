//! Another state a seat cannot tell from this one: the ranks it does not
//! know are dealt anew among the opposing pieces, consistently with what it
//! has seen.
//!
//! During the set-up the opponent's arrangement so far (its occupied
//! squares stay) and its supply are redrawn from a whole army. In play, the
//! opposing pieces whose rank the seat does not know, on the board or
//! removed by its archers unseen, keep their ranks as a pool that is dealt
//! out again under what the seat has seen of each piece:
//!
//! - a demoted piece was set up as an Infantry or higher (2 to 5);
//! - a piece that moved, or that fell to two or more arrows while
//!   undemoted, is not the Flag (1 to 5);
//! - any other piece may be anything, the Flag included.
//!
//! These classes are nested, so dealing the most constrained pieces first,
//! each a random rank from what is left that fits, always succeeds.
//! Deductions that tie several pieces together (some piece near a hit
//! square must have been an Archer when the volley was shot) are not kept:
//! they never show in a view.

use super::army::Rank;
use super::{Tactique, Unit};
use crate::chance::{Chance, Seed};
use crate::seat::Seat;

/// How much a seat has seen of an opposing piece whose rank it does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Seen {
    /// Demoted: set up as rank 2 to 5.
    Demoted,
    /// Moved, or removed by arrows while undemoted: not the Flag.
    NotFlag,
    /// Nothing: any rank.
    Anything,
}

impl Seen {
    fn of(unit: &Unit, removed: bool) -> Seen {
        if unit.demoted {
            Seen::Demoted
        } else if unit.moved || removed {
            Seen::NotFlag
        } else {
            Seen::Anything
        }
    }

    fn allows(self, rank: Rank) -> bool {
        match self {
            Seen::Demoted => rank.value() >= 2,
            Seen::NotFlag => rank != Rank::Flag,
            Seen::Anything => true,
        }
    }
}

/// Where a piece is: on a square or among the removed.
#[derive(Clone, Copy)]
enum Place {
    Board(usize),
    Removed(usize),
}

impl Tactique {
    pub(super) fn resampled(&self, viewer: Seat, seed: Seed) -> Tactique {
        let mut chance = Chance::new(seed);
        let mut state = self.clone();
        if viewer.index() < 2 && self.outcome.is_none() {
            if self.playing() {
                state.deal_unknown_ranks(viewer, &mut chance);
            } else {
                state.redraw_arrangement(viewer.opponent(), &mut chance);
            }
        }
        // The match's own chance stream is left as it is: nobody knows its
        // future, and no view shows it.
        state
    }

    /// Draws `seat`'s placed pieces and supply anew from a whole army,
    /// keeping the squares it occupies.
    fn redraw_arrangement(&mut self, seat: Seat, chance: &mut Chance) {
        let mut army: Vec<Rank> = Rank::army().collect();
        chance.shuffle(&mut army);
        let mut ranks = army.into_iter();
        for square in Tactique::half(seat) {
            if let Some(unit) = self.board[square.index()].as_mut() {
                *unit = Unit::new(seat, ranks.next().expect("at most 27 placed"));
            }
        }
        let mut supply = [0; 6];
        for rank in ranks {
            supply[rank.value() as usize] += 1;
        }
        self.supply[seat.index()] = supply;
    }

    /// Deals the ranks `viewer` does not know among the opposing pieces.
    fn deal_unknown_ranks(&mut self, viewer: Seat, chance: &mut Chance) {
        let opponent = viewer.opponent();
        let unknown = |u: &Unit| u.owner == opponent && !u.known_to(viewer);
        let mut pieces: Vec<(Seen, Place)> = Vec::new();
        let mut pool: Vec<Rank> = Vec::new();
        for (i, unit) in self.board.iter().enumerate() {
            if let Some(unit) = unit.filter(unknown) {
                pieces.push((Seen::of(&unit, false), Place::Board(i)));
                pool.push(unit.rank());
            }
        }
        for (i, unit) in self.removed.iter().enumerate() {
            if unknown(unit) {
                pieces.push((Seen::of(unit, true), Place::Removed(i)));
                pool.push(unit.rank());
            }
        }
        // Most constrained first; the order within a class is random.
        chance.shuffle(&mut pieces);
        pieces.sort_by_key(|(seen, _)| *seen);
        for (seen, place) in pieces {
            let fitting = pool.iter().filter(|r| seen.allows(**r)).count();
            let mut pick = chance.below(fitting as u32) as usize;
            let index = pool
                .iter()
                .position(|r| {
                    let fits = seen.allows(*r);
                    if fits && pick == 0 {
                        return true;
                    }
                    pick -= usize::from(fits);
                    false
                })
                .expect("nested classes always leave a fitting rank");
            let rank = pool.swap_remove(index);
            let unit = match place {
                Place::Board(i) => self.board[i].as_mut().expect("an occupied square"),
                Place::Removed(i) => &mut self.removed[i],
            };
            unit.value = rank.value() - u8::from(unit.demoted);
        }
    }
}
