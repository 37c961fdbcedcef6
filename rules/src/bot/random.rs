//! The bot that plays uniformly at random: the baseline the searching bots
//! are measured against, and the opponent the platform's tests seat.

use super::Bot;
use crate::any::{AnyMatch, LegalAction};
use crate::chance::SeedStream;
use crate::seat::Seat;

/// Plays one of its legal actions uniformly at random.
#[derive(Clone, Copy, Debug)]
pub struct Random;

impl Bot for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn display_name(&self) -> &'static str {
        "Random mover (computer)"
    }

    fn choose(
        &self,
        _seen: &dyn AnyMatch,
        _seat: Seat,
        legal: &[LegalAction],
        stream: &mut SeedStream,
        _stop: &dyn Fn() -> bool,
    ) -> usize {
        stream.below(legal.len() as u32) as usize
    }
}
