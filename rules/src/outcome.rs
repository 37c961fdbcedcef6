//! How a match ended.
//!
//! One shape covers every game: each seat gets a place (1 is best, equal
//! places tie), optionally a score, and the reason in words. A single winner,
//! winning teams, a draw and a full ranking are all just places.

use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// The result of a finished match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The place of each seat, indexed by seat: 1 for the best.
    pub places: Vec<u8>,
    /// Each seat's final score, for games that score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// The alliances at the end, each a set of seats on one side, for games
    /// with teams (empty when every seat played for itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<SeatSet>,
    /// Why the match ended, in words ("three pieces in the opposing castle").
    pub reason: String,
}

impl Outcome {
    /// The seats in `winners` take first place, every other seat second.
    pub fn winners(seats: usize, winners: SeatSet, reason: impl Into<String>) -> Outcome {
        let places = (0..seats as u8).map(|i| if winners.contains(Seat(i)) { 1 } else { 2 }).collect();
        Outcome { places, scores: None, teams: Vec::new(), reason: reason.into() }
    }

    /// `winner` alone takes first place.
    pub fn win(seats: usize, winner: Seat, reason: impl Into<String>) -> Outcome {
        Outcome::winners(seats, SeatSet::only(winner), reason)
    }

    /// Every seat shares first place.
    pub fn draw(seats: usize, reason: impl Into<String>) -> Outcome {
        Outcome { places: vec![1; seats], scores: None, teams: Vec::new(), reason: reason.into() }
    }

    /// Places from groups of seats, best first: each group shares the place
    /// after every seat of the groups before it (`[{2}, {0, 3}, {1}]` places
    /// seat 2 first, seats 0 and 3 second, seat 1 fourth). Seats in no group
    /// share the last place.
    pub fn ranked(seats: usize, groups: &[SeatSet], reason: impl Into<String>) -> Outcome {
        let mut places = vec![0u8; seats];
        let mut better = 0u8;
        for group in groups {
            for seat in group.iter().filter(|s| s.index() < seats) {
                places[seat.index()] = better + 1;
            }
            better += group.len() as u8;
        }
        for place in places.iter_mut().filter(|p| **p == 0) {
            *place = better + 1;
        }
        Outcome { places, scores: None, teams: Vec::new(), reason: reason.into() }
    }

    /// Places in a game that players leave one after another: `winners`
    /// first, then the other seats of `in_play` together, then the groups
    /// of `gone` (in the order they went out), the last to go first. A
    /// winner that went out keeps its first place.
    pub fn by_survival(
        seats: usize,
        winners: SeatSet,
        in_play: SeatSet,
        gone: &[SeatSet],
        reason: impl Into<String>,
    ) -> Outcome {
        let mut groups = vec![winners, in_play.without_all(winners)];
        groups.extend(gone.iter().rev().map(|g| g.without_all(winners)));
        Outcome::ranked(seats, &groups, reason)
    }

    /// Places from scores: a higher score places better, equal scores tie.
    pub fn by_scores(scores: Vec<i32>, reason: impl Into<String>) -> Outcome {
        let places = scores.iter().map(|s| 1 + scores.iter().filter(|other| *other > s).count() as u8).collect();
        Outcome { places, scores: Some(scores), teams: Vec::new(), reason: reason.into() }
    }

    /// The outcome with the alliances at the end.
    #[must_use]
    pub fn with_teams(mut self, teams: Vec<SeatSet>) -> Outcome {
        self.teams = teams;
        self
    }

    /// The seats in first place.
    pub fn first_place(&self) -> SeatSet {
        self.seats_placed(1)
    }

    /// The seats with the given place.
    pub fn seats_placed(&self, place: u8) -> SeatSet {
        (0..self.places.len() as u8).map(Seat).filter(|s| self.places[s.index()] == place).collect()
    }

    /// Whether every seat shares first place.
    pub fn is_draw(&self) -> bool {
        self.places.iter().all(|p| *p == 1)
    }

    /// A short summary for logs and tools: "seat 0 wins", "draw", "places 1,2,2".
    pub fn summary(&self) -> String {
        let first = self.first_place();
        if self.is_draw() {
            "draw".to_string()
        } else if first.len() == 1 && self.places.iter().filter(|p| **p == 2).count() == self.places.len() - 1 {
            format!("{} wins", first.first().expect("one winner"))
        } else {
            let places: Vec<String> = self.places.iter().map(u8::to_string).collect();
            format!("places {}", places.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_give_places_with_ties() {
        let outcome = Outcome::by_scores(vec![14, 13], "points");
        assert_eq!(outcome.places, vec![1, 2]);
        assert_eq!(outcome.summary(), "seat 0 wins");
        let tie = Outcome::by_scores(vec![5, 9, 5], "points");
        assert_eq!(tie.places, vec![2, 1, 2]);
        assert!(Outcome::by_scores(vec![3, 3], "points").is_draw());
        let ranked = Outcome::ranked(4, &[SeatSet::only(Seat(2)), SeatSet::only(Seat(0)).with(Seat(3))], "r");
        assert_eq!(ranked.places, [2, 4, 1, 2]);
        let gone = [SeatSet::only(Seat(1)), SeatSet::EMPTY, SeatSet::only(Seat(3))];
        let survival =
            Outcome::by_survival(4, SeatSet::only(Seat(2)), SeatSet::only(Seat(0)).with(Seat(2)), &gone, "s");
        assert_eq!(survival.places, [2, 4, 1, 3], "the last out places best of those out");
        let teams = Outcome::winners(4, SeatSet::only(Seat(0)).with(Seat(2)), "allies");
        assert_eq!(teams.first_place().len(), 2);
        assert_eq!(teams.summary(), "places 1,2,1,2");
    }
}
