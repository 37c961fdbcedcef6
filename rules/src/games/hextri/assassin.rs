//! Assassin, an optional rule: "During the Battle Phase, the Players can
//! remove 1 enemy figure at the cost of 6 Points, wiches are removed form
//! the board... any figures can be killed this way except the MainFigure".
//!
//! The battle phase opens with the assassinations, before any county
//! fights, so that a killing changes the battles it precedes. Each player
//! in turn, from the one who began the round, may remove one enemy
//! ordinary figure anywhere on the board, paying 6 points from one county
//! they alone occupy (not frozen), or pass. The figure falls as in battle:
//! it waits out the next round off the board.

use super::round::Steps;
use super::{HexTri, HexTriAction};
use crate::layout::CellId;
use crate::seat::Seat;

/// What an assassination costs.
const PRICE: u16 = 6;

impl<const RULES: u32> HexTri<RULES> {
    /// Appends every assassination `seat` may make now.
    pub(super) fn assassinations(&self, seat: Seat, out: &mut impl Steps) {
        if !self.options.assassin {
            return;
        }
        let board = self.board();
        let payers: Vec<CellId> =
            self.payers(seat).into_iter().filter(|p| self.points[usize::from(*p)] >= PRICE).collect();
        if payers.is_empty() {
            return;
        }
        for cell in 0..board.cells {
            if out.enough() {
                return;
            }
            for enemy in self.seats().filter(|e| *e != seat) {
                let troop = self.troops[cell][enemy.index()];
                if troop.fresh + troop.moved == 0 {
                    continue;
                }
                for pay in &payers {
                    let (target, pay) = (board.name(cell as CellId), board.name(*pay));
                    out.push(HexTriAction::Assassin { enemy, target, pay });
                }
            }
        }
    }

    /// Makes a legal assassination: the enemy loses a figure that has not
    /// moved this round if it has one there, else one that has.
    pub(super) fn play_assassin(&mut self, seat: Seat, enemy: Seat, target: CellId, pay: CellId) {
        self.points[usize::from(pay)] -= PRICE;
        let troop = &mut self.troops[usize::from(target)][enemy.index()];
        if troop.fresh > 0 {
            troop.fresh -= 1;
        } else {
            troop.moved -= 1;
        }
        self.fallen[enemy.index()] += 1;
        self.idle = 0;
        self.report.push(format!(
            "{} assassinated a figure of {} on {}",
            Self::name(seat),
            Self::name(enemy),
            self.cell_name(target)
        ));
        self.marks = vec![pay, target];
    }
}
