//! Who is at war with whom: the two belligerents, the neutrals, and the
//! alliances that protests make (Rules 7 and 15). A seat is on North's side,
//! on South's side, or neutral; the sides change only when a third accepted
//! protest card of one colour brings a neutral into the war.

use super::Tactics1940;
use crate::layout::gallery::oceans::Country;
use crate::seat::{Seat, SeatSet};

/// Accepted protest cards of one colour that make a war (Rule 7:
/// "ACCEPTANCE OF 3 DIPLOMATIC PROTEST CARDS OF THE SAME COLOR
/// AUTOMATICALLY RESULTS IN A STATE OF WAR").
pub(super) const WAR_CARDS: u8 = 3;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The side `seat` is on, or None while it is neutral.
    pub fn side(&self, seat: Seat) -> Option<Country> {
        self.sides[seat.index()]
    }

    /// Whether `seat` is at war (a belligerent from the start or since).
    pub fn belligerent(&self, seat: Seat) -> bool {
        self.side(seat).is_some()
    }

    /// Whether `a` and `b` are at war with each other.
    pub fn enemies(&self, a: Seat, b: Seat) -> bool {
        matches!((self.side(a), self.side(b)), (Some(x), Some(y)) if x != y)
    }

    /// Whether `a` and `b` are two seats on one side.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        a != b && matches!((self.side(a), self.side(b)), (Some(x), Some(y)) if x == y)
    }

    /// The seats on `side`.
    pub fn side_seats(&self, side: Country) -> SeatSet {
        self.seats().filter(|s| self.side(*s) == Some(side)).collect()
    }

    /// The seats `seat` may pick on with a card (Rule 6): a belligerent its
    /// enemies and, if it chooses, the neutrals; a neutral any other player.
    /// Never itself, an ally, or a player who withdrew.
    pub fn targets(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.in_play().filter(move |other| *other != seat && !self.allies(seat, *other))
    }

    /// Whether destroying or damaging a piece of `injured` by `offender` is
    /// an aggression that draws a protest (Rule 7): any act of a neutral,
    /// or of a belligerent against a neutral. Enemies are already in
    /// conflict.
    pub fn aggression(&self, offender: Seat, injured: Seat) -> bool {
        offender != injured && !self.enemies(offender, injured) && !self.allies(offender, injured)
    }

    /// Records that `offender` destroyed or damaged a piece of `injured`:
    /// where that is an aggression, the injured player serves a protest
    /// card for it, while it has cards (docs/rules/tactics1940.md).
    pub(super) fn aggressed(&mut self, offender: Seat, injured: Seat) {
        if self.aggression(offender, injured) {
            self.protests.push_back((injured, offender));
        }
    }

    /// `offender` accepts the protest card of `injured`; the third of one
    /// colour is war (Rule 7). Returns whether the war needs the injured
    /// neutral's choice of side (two neutrals).
    pub(super) fn accept(&mut self, injured: Seat, offender: Seat) -> bool {
        self.cards_left[injured.index()] -= 1;
        let taken = &mut self.accepted[offender.index()][injured.index()];
        *taken += 1;
        if *taken < WAR_CARDS {
            return false;
        }
        match (self.side(injured), self.side(offender)) {
            // A belligerent and a neutral: the neutral joins the other side.
            (Some(side), None) => self.sides[offender.index()] = Some(side.opposite()),
            (None, Some(side)) => self.sides[injured.index()] = Some(side.opposite()),
            // Two neutrals: the injured one chooses (Rule 7).
            (None, None) => return true,
            // Allies are at war with nobody over a protest (version 1
            // could get here, and recorded a war between them).
            _ if RULES >= 2 => return false,
            _ => {}
        }
        self.war_began(injured, offender);
        false
    }

    /// The injured neutral of a war between neutrals joins `side`; the other
    /// joins the other side (Rule 7).
    pub(super) fn join(&mut self, injured: Seat, offender: Seat, side: Country) {
        self.sides[injured.index()] = Some(side);
        self.sides[offender.index()] = Some(side.opposite());
        self.war_began(injured, offender);
    }

    /// Protests still to be answered between seats now at war lapse: they
    /// are in conflict. So do those between seats now allies, who cannot
    /// go to war with each other (version 1 kept those).
    fn war_began(&mut self, a: Seat, b: Seat) {
        self.wars.push((a, b));
        let sides = &self.sides;
        let on_sides = |x: Seat, y: Seat| sides[x.index()].is_some() && sides[y.index()].is_some();
        let at_war = |x: Seat, y: Seat| matches!((sides[x.index()], sides[y.index()]), (Some(p), Some(q)) if p != q);
        self.protests.retain(
            |(injured, offender)| {
                if RULES >= 2 { !on_sides(*injured, *offender) } else { !at_war(*injured, *offender) }
            },
        );
    }
}
