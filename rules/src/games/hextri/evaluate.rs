//! How an unfinished Hex-Tri match stands, for the bots' search. Random
//! two-player matches take over two hundred actions, most of them spent
//! wandering, so a playout told the search little before this: it now
//! stops after 40 actions and asks how each player stands.
//!
//! A player is ahead by what keeps it moving and fighting: the points it
//! can spend (on counties it alone holds), what its counties will produce
//! next round, and its figures on the board. It is behind by the danger to
//! its Main Figure, the one piece whose loss ends its game: the enemy
//! figures on the Main Figure's field and one step from it, against its own
//! figures standing with it.

use super::HexTri;
use crate::bot::search::standing;
use crate::seat::Seat;

/// What a county producing one point a round is worth, in points on hand:
/// it pays again every round the player keeps it.
const PRODUCTION: f64 = 3.0;

/// A figure on the board, in points: it holds and fights for a county.
const FIGURE: f64 = 1.0;

/// The Main Figure's danger at its worst (enemies all around, none of its
/// own beside it), in points.
const DANGER: f64 = 12.0;

/// A lead worth about three to one, in the same points.
const LEAD: f64 = 8.0;

/// A player out of the game, far behind any still in it.
const OUT: f64 = -1000.0;

impl<const RULES: u32> HexTri<RULES> {
    /// Each seat's standing, for [`crate::game::Game::evaluate`].
    pub(super) fn standing(&self) -> Vec<f64> {
        let board = self.board();
        let in_play = self.in_play();
        let scores: Vec<f64> = self
            .seats()
            .map(|seat| {
                if !in_play.contains(seat) {
                    return OUT;
                }
                let i = seat.index();
                let mut score = 0.0;
                for county in self.held(seat) {
                    let c = usize::from(county);
                    if !self.frozen[c] {
                        score += f64::from(self.points[c]);
                    }
                    if !self.unclear[c] {
                        let figures = self.troops[c][i].count();
                        score += PRODUCTION * f64::from(board.production[c].min(figures));
                    }
                }
                let on_board: u32 = self.troops.iter().map(|t| u32::from(t[i].count())).sum();
                score += FIGURE * f64::from(on_board);
                score - DANGER * self.danger(seat)
            })
            .collect();
        standing(&scores, &[], LEAD)
    }

    /// The danger to `seat`'s Main Figure, from 0 to 1: the share of the
    /// enemy figures on its field and the fields around it among those and
    /// its own figures on its field. None off the board.
    fn danger(&self, seat: Seat) -> f64 {
        let Some(main) = self.main_at(seat) else { return 0.0 };
        let enemies = |cell: usize| -> u32 {
            self.troops[cell]
                .iter()
                .enumerate()
                .filter(|(s, _)| *s != seat.index())
                .map(|(_, t)| u32::from(t.count()))
                .sum()
        };
        let m = usize::from(main);
        let threat = enemies(m) + self.board().around[m].iter().map(|c| enemies(usize::from(*c))).sum::<u32>();
        let own = u32::from(self.troops[m][seat.index()].count());
        f64::from(threat) / f64::from(threat + own)
    }
}
