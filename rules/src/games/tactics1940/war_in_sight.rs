//! The wars that protests already accepted may bring, as the bots guess
//! them. A third accepted protest card of one colour between a belligerent
//! and a neutral brings the neutral into the war on the other side, and
//! between two neutrals the injured one chooses its side and the other
//! takes the opposite one (Rule 7). A belligerent left alone against two
//! allies loses far more often than one with an ally (at three seats, club
//! placed ahead of half the casual players when alone, three quarters with
//! an ally; docs/performance.md). The running scores say nothing of such a
//! war until the third card, and a search whose playouts stop after a few
//! dozen actions rarely sees one begin; so the evaluation is told how near
//! each is, and a bot can see a protest worth refusing or an aggression
//! worth not making.

use super::Tactics1940;
use super::sides::WAR_CARDS;
use crate::layout::gallery::oceans::Country;
use crate::seat::Seat;

/// A war the protests accepted may bring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct WarInSight {
    /// The seat more of whose protest cards the other accepted.
    pub injured: Seat,
    /// The seat that accepted them, for its aggressions.
    pub offender: Seat,
    /// The bots' guess of its chance: a third for each of those cards, as
    /// [`WAR_CARDS`] make the war.
    pub chance: f64,
}

impl<const RULES: u32> Tactics1940<RULES> {
    /// Each pair of seats still in play, at least one of them neutral,
    /// between whom protests have been accepted.
    pub(super) fn wars_in_sight(&self) -> Vec<WarInSight> {
        let mut wars = Vec::new();
        let seats: Vec<Seat> = self.in_play().collect();
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                if self.belligerent(a) && self.belligerent(b) {
                    continue;
                }
                // `accepted[offender][injured]`: the injured's cards the offender accepted.
                let (by_a, by_b) = (self.accepted[b.index()][a.index()], self.accepted[a.index()][b.index()]);
                let (injured, offender, cards) = if by_a >= by_b { (a, b, by_a) } else { (b, a, by_b) };
                if cards > 0 {
                    let chance = f64::from(cards) / f64::from(WAR_CARDS);
                    wars.push(WarInSight { injured, offender, chance });
                }
            }
        }
        wars
    }

    /// The expected scores ([`Self::expected`]) were `war` to begin now:
    /// a neutral joins the side opposite the belligerent's, and of two
    /// neutrals the injured one takes the side it would stand better on.
    pub(super) fn expected_at_war(&self, war: WarInSight) -> Vec<f64> {
        let (injured, offender) = (war.injured, war.offender);
        match (self.side(injured), self.side(offender)) {
            (Some(side), _) => self.with_sides(&[(offender, side.opposite())]).expected(),
            (None, Some(side)) => self.with_sides(&[(injured, side.opposite())]).expected(),
            (None, None) => {
                let joined =
                    |side: Country| self.with_sides(&[(injured, side), (offender, side.opposite())]).expected();
                let (north, south) = (joined(Country::North), joined(Country::South));
                if south[injured.index()] > north[injured.index()] { south } else { north }
            }
        }
    }

    /// This match with each seat named on the side named with it (one
    /// copy, however many join), for the evaluation to weigh.
    pub(super) fn with_sides(&self, joining: &[(Seat, Country)]) -> Self {
        let mut war = self.clone();
        for &(seat, side) in joining {
            war.sides[seat.index()] = Some(side);
        }
        war
    }
}
