//! How near each belligerent stands to being blockaded, as the bots guess
//! it. The running scores (score.rs) say nothing of the blockade that ends a
//! match until it has happened, and a search whose random playouts stop
//! after a few dozen actions rarely sees one happen; so the evaluation is
//! told how close each is: the fewer steps the two nearest enemy ships need
//! to reach a belligerent's seaport, the likelier its blockade, and each of
//! its own battleships at the seaport makes it less likely.

use super::Tactics1940;
use super::board::Board;
use super::pieces::Kind;
use crate::seat::Seat;

/// Steps (those of the two nearest enemy ships added) that make a blockade
/// e times less likely: two ships three steps each from the seaport make it
/// a one-in-three chance.
const REACH: f64 = 6.0;

/// Steps counted for a ship that no battleship's way reaches the seaport
/// from (a transport inland in a home area): about the board's breadth.
const FAR: f64 = 30.0;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The bots' guess, from 0 to 1, of the chance that `victim`'s seaport
    /// will be blockaded.
    pub(super) fn threat(&self, victim: Seat) -> f64 {
        let board = Board::get();
        let country = self.country(victim);
        let mut nearest = [FAR, FAR];
        let mut guards = 0.0;
        for id in board.ids() {
            let Some(piece) = self.piece(id) else { continue };
            if piece.kind == Kind::Airplane {
                continue;
            }
            let steps = match board.approach(country, id) {
                u8::MAX => FAR,
                steps => f64::from(steps),
            };
            if self.enemies(piece.owner, victim) {
                if steps < nearest[1] {
                    nearest[1] = steps;
                    if nearest[1] < nearest[0] {
                        nearest.swap(0, 1);
                    }
                }
            } else if piece.owner == victim && piece.kind == Kind::Battleship {
                // A guard on the mouth counts one, one a step away a third.
                guards += (-steps).exp();
            }
        }
        (-(nearest[0] + nearest[1]) / REACH).exp() / (1.0 + guards)
    }
}
