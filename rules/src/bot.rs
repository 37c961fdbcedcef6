//! Computer players. A seat is held by a person or by a bot; a bot decides
//! for its seat from what that seat may know. It is handed a state
//! resampled from the seat's point of view ([`AnyMatch::resample`]), which
//! the seat cannot tell from the true one and which cannot lead back to it,
//! and the seat's legal actions. It draws any randomness from the stream
//! it is given.
//!
//! Every bot implements [`Bot`] and is listed in [`bots`]. [`Random`]
//! plays uniformly at random: the baseline the searching bots are measured
//! against, and the opponent the platform's tests seat.

use crate::any::{AnyMatch, LegalAction};
use crate::chance::SeedStream;
use crate::seat::Seat;

/// A computer player.
pub trait Bot: Send + Sync {
    /// Its stable name, stored with the player it plays as.
    fn name(&self) -> &'static str;

    /// What people see as the player's name.
    fn display_name(&self) -> &'static str;

    /// The index in `legal` (not empty) of the action it plays for `seat`
    /// in `seen`, a state resampled from `seat`'s point of view.
    fn choose(&self, seen: &dyn AnyMatch, seat: Seat, legal: &[LegalAction], stream: &mut SeedStream) -> usize;
}

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

    fn choose(&self, _seen: &dyn AnyMatch, _seat: Seat, legal: &[LegalAction], stream: &mut SeedStream) -> usize {
        stream.below(legal.len() as u32) as usize
    }
}

static BOTS: &[&dyn Bot] = &[&Random];

/// Every bot, weakest first.
pub fn bots() -> &'static [&'static dyn Bot] {
    BOTS
}

/// The bot named `name`.
pub fn bot(name: &str) -> Option<&'static dyn Bot> {
    BOTS.iter().copied().find(|b| b.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::registry::game;

    #[test]
    fn the_random_bot_plays_only_legal_actions_and_follows_its_stream() {
        let accasta = game("accasta").unwrap();
        let state = accasta.new_match(&serde_json::json!({})).unwrap();
        let legal = state.legal(Seat(0));
        let random = bot("random").unwrap();
        let pick = |seed| random.choose(state.as_ref(), Seat(0), &legal, &mut SeedStream::new(Seed::from_u64(seed)));
        let picks: Vec<usize> = (0..20).map(pick).collect();
        assert!(picks.iter().all(|i| *i < legal.len()));
        assert_eq!(picks, (0..20).map(pick).collect::<Vec<_>>(), "the same stream, the same choice");
        assert!(picks.iter().any(|i| *i != picks[0]), "not always the same action");
        assert!(bot("grandmaster").is_none());
    }
}
