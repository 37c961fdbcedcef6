//! Another state a seat cannot tell from this one: what it does not know of
//! the opponent's pieces is drawn anew, consistently with what it has seen.
//!
//! During the set-up the seat sees nothing of the opponent's arrangement but
//! how many pieces are placed: those pieces are put on squares of the
//! opponent's half drawn at random (at most three in its fourth row), with
//! ranks and the remaining supply drawn from a whole army; the squares of
//! the opponent's last set-up action are cleared. The number of
//! rearrangements it has left is kept: every set-up action is announced, and
//! the "to place" count after it tells a shift from a placement.
//!
//! In play, the opposing pieces whose rank the seat does not know, on the
//! board or removed by its archers unseen, keep their ranks as a pool that
//! is dealt out again under what the seat has seen of each piece (a piece
//! felled by arrows counts as it stood before the volley):
//!
//! - a demoted piece was set up as an Infantry or higher (2 to 5);
//! - a piece that moved, or that fell to two or more arrows while
//!   undemoted, is not the Flag (1 to 5);
//! - any other piece may be anything, the Flag included.
//!
//! These classes are nested, so dealing the most constrained pieces first,
//! each a random rank from what is left that fits, always succeeds. Whether
//! the opponent's Archers have sighted the seat's own Flag is hidden from
//! the seat; it is set anew from the dealt ranks (sighted if an opposing
//! Archer now stands within the Flag's reach).
//!
//! Accepted limit: deductions from the history of positions are not kept.
//! An own piece left unhit by an opposing volley shows that no opposing
//! piece then within an archer's reach of it was an Archer; a hit own piece
//! shows that one of the opposing pieces then in reach was (the only one,
//! if it was alone). A resampled state may deal ranks that contradict these
//! facts: the state does not keep where pieces stood at past volleys, and no
//! view or legal action depends on them. Likewise whether the opponent
//! learned that an own Archer felled by its arrows was an Archer (one arrow
//! or more) is kept as it is; it shows in no view.

use super::army::Rank;
use super::board::{ARCHER_REACH, Square};
use super::setup::FRONT_ROW_PIECES;
use super::{Tactique, Unit};
use crate::chance::{Seed, SeedStream};
use crate::games::two_seats::opponent;
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

impl<const RULES: u32> Tactique<RULES> {
    pub(super) fn resampled(&self, viewer: Seat, seed: Seed) -> Self {
        let mut chance = SeedStream::new(seed);
        let mut state = self.clone();
        if viewer.index() < 2 && self.outcome.is_none() {
            if self.playing() {
                state.deal_unknown_ranks(viewer, &mut chance);
            } else {
                state.redraw_arrangement(opponent(viewer), &mut chance);
            }
        }
        // The state holds no future chance (the referee draws it from the
        // match's seed), so there is none to draw anew here.
        state
    }

    /// Draws `seat`'s arrangement so far anew: as many pieces as it has
    /// placed, on squares of its half drawn at random (at most three in the
    /// fourth row, so that it can be completed), with ranks and the supply
    /// drawn from a whole army. The squares of its last set-up action, shown
    /// only to it, are cleared.
    fn redraw_arrangement(&mut self, seat: Seat, chance: &mut SeedStream) {
        let mut squares: Vec<Square> = Self::half(seat).collect();
        let placed = squares.iter().filter(|s| self.board[s.index()].is_some()).count();
        for square in &squares {
            self.board[square.index()] = None;
        }
        chance.shuffle(&mut squares);
        let mut front = 0;
        squares.retain(|s| {
            front += usize::from(s.is_front_row());
            !s.is_front_row() || front <= FRONT_ROW_PIECES
        });
        let mut army: Vec<Rank> = Rank::army().collect();
        chance.shuffle(&mut army);
        let mut ranks = army.into_iter();
        for (square, rank) in squares.into_iter().take(placed).zip(&mut ranks) {
            self.board[square.index()] = Some(Unit::new(seat, rank));
        }
        let mut supply = [0; 6];
        for rank in ranks {
            supply[rank.value() as usize] += 1;
        }
        self.supply[seat.index()] = supply;
        self.setup_marks[seat.index()].clear();
    }

    /// Deals the ranks `viewer` does not know among the opposing pieces.
    fn deal_unknown_ranks(&mut self, viewer: Seat, chance: &mut SeedStream) {
        let opponent = opponent(viewer);
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
        self.redraw_flag_sighting(viewer);
    }

    /// Whether the opponent's Archers have sighted `viewer`'s Flag is hidden
    /// from `viewer`, who does not know where they stand. It is set anew
    /// from the ranks just dealt: sighted if an opposing Archer now stands
    /// within reach of the Flag.
    fn redraw_flag_sighting(&mut self, viewer: Seat) {
        let opponent = opponent(viewer);
        let Some(flag) =
            Square::all().find(|s| self.board[s.index()].is_some_and(|u| u.owner == viewer && u.is_flag()))
        else {
            return;
        };
        let sighted = ARCHER_REACH
            .into_iter()
            .filter_map(|(dc, dr)| flag.offset(dc, dr))
            .any(|s| self.board[s.index()].is_some_and(|u| u.owner == opponent && u.is_archer()));
        if let Some(unit) = self.board[flag.index()].as_mut() {
            unit.known[opponent.index()] = sighted;
        }
    }
}
