//! The bots' playouts, leaned towards a blockade. Under rules version 2 a
//! blockade needs both ways out of a seaport closed, which uniformly random
//! play almost never does: a search whose playouts never blockade cannot
//! tell a move that brings one near from one that does not, and its
//! belligerents play only to sink ships. So in a playout a belligerent
//! moving a piece plays, three times in four, a move that brings a ship
//! nearer to the squares that close an enemy's seaport, a jump (which sinks
//! transports) or a demand that a neutral clear the way; otherwise, as
//! before, any legal action. Measured in docs/performance.md ("Playouts
//! leaned towards a blockade"): at three and four seats the casual player
//! scored 0.04 to 0.08 more against random players with a lean of one in
//! two or three in four, and at two seats club 0.02 more against casual,
//! while casual lost 0.07 against random play there.

use super::board::Board;
use super::{Phase, Tactics1940, Tactics1940Action};
use crate::chance::SeedStream;
use crate::game::Game;
use crate::layout::CellId;
use crate::seat::Seat;

/// How many times in [`LEAN_OUT_OF`] a belligerent's move in a playout
/// leans: three in four played better than one in two at three seats.
const LEAN: u32 = 3;
const LEAN_OUT_OF: u32 = 4;

impl<const RULES: u32> Tactics1940<RULES> {
    /// The action `seat` plays in a playout (see the module doc): drawn
    /// from `stream` alone, and under version 1, where one ship at the
    /// mouth blockades, uniformly.
    pub(super) fn leaned_action(
        &self,
        seat: Seat,
        stream: &mut SeedStream,
        scratch: &mut Vec<Tactics1940Action>,
    ) -> Tactics1940Action {
        let leans = RULES >= 2 && self.phase == Phase::Moving && self.belligerent(seat);
        if leans && stream.below(LEAN_OUT_OF) < LEAN {
            scratch.clear();
            self.legal(seat, scratch);
            let nearer = self.towards_a_blockade(seat);
            let count = scratch.iter().filter(|action| nearer(action)).count();
            if count == 0 {
                // None leans: the uniform draw, from the list already made.
                return scratch.swap_remove(stream.below(scratch.len() as u32) as usize);
            }
            let pick = stream.below(count as u32) as usize;
            return scratch.iter().filter(|action| nearer(action)).nth(pick).expect("counted").clone();
        }
        self.random_action(seat, stream, scratch)
    }

    /// Which of `seat`'s actions lean towards a blockade: a jump, a demand,
    /// or a step that leaves a ship fewer steps from the nearest square
    /// closing an enemy belligerent's seaport.
    fn towards_a_blockade(&self, seat: Seat) -> impl Fn(&Tactics1940Action) -> bool + '_ {
        let board = Board::get();
        let victims: Vec<_> =
            self.seats().filter(|v| self.belligerent(*v) && self.enemies(seat, *v)).map(|v| self.country(v)).collect();
        let steps = move |id: CellId| victims.iter().map(|c| board.closing(*c, id)).min().unwrap_or(u8::MAX);
        move |action| match action {
            Tactics1940Action::Jump { .. } | Tactics1940Action::Demand { .. } => true,
            Tactics1940Action::Move { from, to } => match (board.id(*from), board.id(*to)) {
                (Some(from), Some(to)) => steps(to) < steps(from),
                _ => false,
            },
            _ => false,
        }
    }
}
