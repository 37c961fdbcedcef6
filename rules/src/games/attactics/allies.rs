//! Allies: four players as two teams of two ("Two Players Against Two
//! Players"; one person may hold both seats of a team, which is the
//! rulebook's "Two Sets"). The options say how the teams sit and which of
//! the rulebook's versions keeps their points; this file says who is whose
//! partner, where each seat's points go, and what a lost Monarch costs its
//! team. Partners never capture or squeeze each other, and a team wins or
//! loses as one (docs/rules/attactics.md).

use super::Attactics;
use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How four players pair up, if they do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allies {
    /// Every player for itself.
    #[default]
    None,
    /// Partners sit diagonally across: Red with Green, Blue with Gold.
    Across,
    /// Partners sit on the same side: Red with Blue, Green with Gold.
    Side,
}

/// Which of the rulebook's team versions keeps the points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamPoints {
    /// Version 1a: the team's holder receives every point the team earns;
    /// if the holder's Monarch is captured, the game is over for the team.
    #[serde(rename = "1a")]
    HolderFalls,
    /// Version 1b: the holder receives every point; if the holder's Monarch
    /// is captured, half its points, rounded up, go to the partner.
    #[serde(rename = "1b")]
    HalfToPartner,
    /// Version 2: each partner keeps the points it earns.
    #[default]
    #[serde(rename = "2")]
    EachOwn,
}

impl Allies {
    /// The two teams, or none.
    pub(super) fn teams(self) -> Vec<SeatSet> {
        let pair = |a: u8, b: u8| SeatSet::only(Seat(a)).with(Seat(b));
        match self {
            Allies::None => Vec::new(),
            Allies::Across => vec![pair(0, 2), pair(1, 3)],
            Allies::Side => vec![pair(0, 1), pair(2, 3)],
        }
    }
}

impl<const RULES: u32> Attactics<RULES> {
    /// Per seat, the seats on its side: its team, or itself alone.
    pub(super) fn first_sides(allies: Allies) -> [SeatSet; super::SEATS] {
        let teams = allies.teams();
        [0, 1, 2, 3].map(|i| {
            let seat = Seat(i);
            teams.iter().copied().find(|t| t.contains(seat)).unwrap_or(SeatSet::only(seat))
        })
    }

    /// The seats on `seat`'s side: its team, or itself alone.
    pub(super) fn side(&self, seat: Seat) -> SeatSet {
        self.sides[seat.index()]
    }

    /// Per seat, the seat its points go to: the team's holder (its first
    /// seat, Red before Green and Blue before Gold) under version 1, else
    /// itself.
    pub(super) fn first_banks(options: &super::AttacticsOptions) -> [Seat; super::SEATS] {
        let mut bank = [0, 1, 2, 3].map(Seat);
        if options.version != TeamPoints::EachOwn {
            for team in options.allies.teams() {
                let holder = team.first().expect("a team has seats");
                for seat in team.iter() {
                    bank[seat.index()] = holder;
                }
            }
        }
        bank
    }

    /// Whether `other`'s pieces may be captured or squeezed by `seat`'s:
    /// any but its own and its partner's.
    pub(super) fn is_opponent(&self, seat: Seat, other: Seat) -> bool {
        !self.side(seat).contains(other)
    }

    /// `seat`'s Monarch is lost (captured, or its player left): the seats
    /// that go out with it. A holder under version 1a takes its partner
    /// out; under version 1b half its points, rounded up, pass to the
    /// partner, who holds its own from then on.
    pub(super) fn fall(&mut self, seat: Seat) -> SeatSet {
        let mut going = SeatSet::only(seat);
        let held =
            self.side(seat).without(seat).iter().find(|p| self.bank[p.index()] == seat && !self.out.contains(*p));
        if let Some(partner) = held {
            match self.options.version {
                TeamPoints::HolderFalls => going = going.with(partner),
                TeamPoints::HalfToPartner => {
                    self.points[partner.index()] = self.points[seat.index()].div_ceil(2);
                    self.bank[partner.index()] = partner;
                }
                TeamPoints::EachOwn => {}
            }
        }
        going
    }

    /// The seats that win with `winners`: their whole teams.
    pub(super) fn with_partners(&self, winners: SeatSet) -> SeatSet {
        winners.iter().fold(SeatSet::EMPTY, |all, s| all.union(self.side(s)))
    }

    /// What the panel says of `seat`'s team, if it has one.
    pub(super) fn team_fact(&self, seat: Seat) -> Option<String> {
        let partner = self.side(seat).without(seat).first()?;
        let bank = self.bank[seat.index()];
        let mut said = format!("with {}", self.name(partner));
        if bank != seat {
            said.push_str(&format!("; points go to {}", self.name(bank)));
        }
        Some(said)
    }
}
