//! The wars that protests already accepted may bring, as the bots guess
//! them. A third accepted protest card of one colour between a belligerent
//! and a neutral brings the neutral into the war on the other side (Rule 7),
//! and a belligerent left alone against two allies loses far more often
//! than one with an ally (at three seats, club placed ahead of half the
//! casual players when alone, three quarters with an ally;
//! docs/performance.md). The running scores say nothing of such a war
//! until the third card, and a search whose playouts stop after a few dozen
//! actions rarely sees one begin; so the evaluation is told how near each
//! is, and a bot can see a protest worth refusing or an aggression worth
//! not making.

use super::Tactics1940;
use super::sides::WAR_CARDS;
use crate::layout::gallery::oceans::Country;
use crate::seat::Seat;

impl Tactics1940 {
    /// Each belligerent and neutral still in play between whom protests
    /// have been accepted, with the bots' guess of the chance that they go
    /// to war: a third for each card of the colour more of whose cards were
    /// accepted, as [`WAR_CARDS`] make the war. A war between two neutrals, in
    /// which the injured one chooses its side, is not guessed at.
    pub(super) fn wars_in_sight(&self) -> Vec<(Seat, Seat, f64)> {
        let mut wars = Vec::new();
        for belligerent in self.in_play().filter(|s| self.belligerent(*s)) {
            for neutral in self.in_play().filter(|s| !self.belligerent(*s)) {
                let (b, n) = (belligerent.index(), neutral.index());
                let cards = self.accepted[b][n].max(self.accepted[n][b]);
                if cards > 0 {
                    wars.push((belligerent, neutral, f64::from(cards) / f64::from(WAR_CARDS)));
                }
            }
        }
        wars
    }

    /// This match with `neutral` at war on the side opposite
    /// `belligerent`'s, for the evaluation to weigh.
    pub(super) fn with_war(&self, belligerent: Seat, neutral: Seat) -> Self {
        let mut war = self.clone();
        war.sides[neutral.index()] = self.side(belligerent).map(Country::opposite);
        war
    }
}
