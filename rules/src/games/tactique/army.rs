//! The pieces of a Tactique army: the six ranks, how many of each an army
//! has, and a piece on the board with its current rank, whether it has been
//! demoted and which seats know its rank.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Pieces in one army: 26 fighting pieces and the Flag.
pub const ARMY_SIZE: usize = 27;

/// The rank a piece is set up with. Its JSON form is its snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    /// Cannot move; attacking it wins.
    Flag,
    /// Rank 1, shoots at the start of its owner's turn.
    Archer,
    /// Rank 2.
    Infantry,
    /// Rank 3.
    Pikeman,
    /// Rank 4.
    Cavalryman,
    /// Rank 5.
    Commander,
}

impl Rank {
    /// Every rank, highest first (the order of the supply and the buttons).
    pub const ALL: [Rank; 6] =
        [Rank::Commander, Rank::Cavalryman, Rank::Pikeman, Rank::Infantry, Rank::Archer, Rank::Flag];

    /// Its value in combat: 5 for a Commander down to 1 for an Archer; 0 for the Flag.
    pub fn value(self) -> u8 {
        self as u8
    }

    /// The rank of this value (0 to 5).
    pub fn from_value(value: u8) -> Rank {
        match value {
            0 => Rank::Flag,
            1 => Rank::Archer,
            2 => Rank::Infantry,
            3 => Rank::Pikeman,
            4 => Rank::Cavalryman,
            _ => Rank::Commander,
        }
    }

    /// How many pieces of this rank an army has.
    pub fn count(self) -> u8 {
        match self {
            Rank::Commander => 2,
            Rank::Cavalryman | Rank::Archer => 4,
            Rank::Pikeman | Rank::Infantry => 8,
            Rank::Flag => 1,
        }
    }

    /// Its name with its marking, as the set-up buttons and notation say it.
    pub fn choice(self) -> &'static str {
        match self {
            Rank::Commander => "Commander 5",
            Rank::Cavalryman => "Cavalryman 4",
            Rank::Pikeman => "Pikeman 3",
            Rank::Infantry => "Infantry 2",
            Rank::Archer => "Archer A",
            Rank::Flag => "Flag",
        }
    }

    /// Reads a rank from its choice name, its name alone or its marking.
    pub fn parse(text: &str) -> Option<Rank> {
        let text = text.trim();
        Rank::ALL.into_iter().find(|r| {
            let choice = r.choice();
            let (name, mark) = choice.split_once(' ').unwrap_or((choice, "F"));
            [choice, name, mark].iter().any(|t| t.eq_ignore_ascii_case(text))
        })
    }

    /// The whole army, highest rank first.
    pub fn army() -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().flat_map(|r| std::iter::repeat_n(r, usize::from(r.count())))
    }
}

/// A piece on the board (or removed from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Who plays it now (a piece may change sides in the defection variant).
    pub owner: Seat,
    /// Its current rank value: the rank it was set up with, less one if demoted.
    pub value: u8,
    /// Whether it has been demoted (a second demotion removes it).
    pub demoted: bool,
    /// Whether it has ever left the square it was set up on.
    pub moved: bool,
    /// Whether each seat knows its current rank (its owner always does).
    pub known: [bool; 2],
}

impl Unit {
    /// A freshly set-up piece of `owner`, known only to its owner.
    pub fn new(owner: Seat, rank: Rank) -> Unit {
        let mut known = [false; 2];
        known[owner.index()] = true;
        Unit { owner, value: rank.value(), demoted: false, moved: false, known }
    }

    /// The rank it was set up with.
    pub fn rank(&self) -> Rank {
        Rank::from_value(self.value + u8::from(self.demoted))
    }

    /// Whether it is the Flag.
    pub fn is_flag(&self) -> bool {
        self.value == 0
    }

    /// Whether it is an undemoted Archer, the only piece that shoots.
    pub fn is_archer(&self) -> bool {
        self.value == 1 && !self.demoted
    }

    /// Whether a defeat removes it rather than demoting it: it is already
    /// demoted, or it is an Archer.
    pub fn falls_when_beaten(&self) -> bool {
        self.demoted || self.value <= 1
    }

    /// Whether `seat` knows its current rank.
    pub fn known_to(&self, seat: Seat) -> bool {
        self.known.get(seat.index()).copied().unwrap_or(false)
    }

    /// What is drawn on it for someone who knows its rank: "5" to "2", "A",
    /// "F", or the current rank and "D" once demoted ("4D", "1D").
    pub fn kind(&self) -> String {
        match (self.demoted, self.value) {
            (true, v) => format!("{v}D"),
            (false, 0) => "F".to_string(),
            (false, 1) => "A".to_string(),
            (false, v) => v.to_string(),
        }
    }

    /// Loses a fight or takes a hit: demoted once, or `false` if it falls.
    pub fn demote(&mut self) -> bool {
        if self.falls_when_beaten() {
            return false;
        }
        self.value -= 1;
        self.demoted = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_has_twenty_seven_pieces_with_the_rulebook_counts() {
        assert_eq!(Rank::army().count(), ARMY_SIZE);
        assert_eq!(Rank::army().filter(|r| *r == Rank::Pikeman).count(), 8);
        for rank in Rank::ALL {
            assert_eq!(Rank::from_value(rank.value()), rank);
            assert_eq!(Rank::parse(rank.choice()), Some(rank));
        }
        assert_eq!(Rank::parse("a"), Some(Rank::Archer));
        assert_eq!(Rank::parse("flag"), Some(Rank::Flag));
        assert_eq!(Rank::parse("5"), Some(Rank::Commander));
        assert_eq!(Rank::parse("6"), None);
    }

    #[test]
    fn demotion_takes_one_rank_then_removes() {
        let mut unit = Unit::new(Seat(0), Rank::Infantry);
        assert_eq!(unit.kind(), "2");
        assert!(unit.demote());
        assert_eq!((unit.kind(), unit.rank()), ("1D".to_string(), Rank::Infantry));
        assert!(!unit.is_archer(), "a demoted Infantry does not shoot");
        assert!(!unit.demote(), "a demoted piece falls");
        assert!(!Unit::new(Seat(0), Rank::Archer).demote(), "an Archer falls");
    }
}
