//! Computer players. A seat is held by a person or by a bot; a bot decides
//! for its seat from what that seat may know. [`decide`] is the one way a
//! bot is asked: it resamples the true state from the seat's point of view
//! ([`AnyMatch::resample`]), which the seat cannot tell from the true one
//! and which cannot lead back to it, and hands the bot only that and the
//! seat's legal actions. A bot draws any randomness from the stream it is
//! given, so that the same seeds give the same choice.
//!
//! Every bot implements [`Bot`] and is listed in [`bots`]: [`Random`], the
//! baseline, and the searching bots of three strengths ([`strength`]), all
//! on the one engine of [`search`].

pub mod random;
pub mod search;
pub mod strength;

use crate::any::{AnyMatch, LegalAction};
use crate::chance::{Seed, SeedStream};
use crate::seat::Seat;
use std::time::Duration;

pub use random::Random;
pub use search::{ChanceNodes, SearchSettings};
pub use strength::{Searching, Strength};

/// A computer player.
pub trait Bot: Send + Sync {
    /// Its stable name, stored with the player it plays as.
    fn name(&self) -> &'static str;

    /// What people see as the player's name.
    fn display_name(&self) -> &'static str;

    /// How long it may think over one decision, if it searches: whoever
    /// asks it stops it then (see `stop` below).
    fn time_budget(&self) -> Option<Duration> {
        None
    }

    /// The index in `legal` (not empty) of the action it plays for `seat`
    /// in `seen`, a state resampled from `seat`'s point of view. `stop`
    /// says when the time to think is up (the rules crate reads no clock);
    /// a bot asks it now and then and answers soon after it says so.
    fn choose(
        &self,
        seen: &dyn AnyMatch,
        seat: Seat,
        legal: &[LegalAction],
        stream: &mut SeedStream,
        stop: &dyn Fn() -> bool,
    ) -> usize;
}

static BOTS: &[&dyn Bot] = &[&Random, &strength::CASUAL, &strength::CLUB, &strength::STRONG];

/// Bots that measure others in the arena and are not offered to players.
static YARDSTICKS: &[&dyn Bot] = &[&strength::STRONG_GENERIC, &strength::STRONG_BRANCHED];

/// Every bot players are offered, weakest first.
pub fn bots() -> &'static [&'static dyn Bot] {
    BOTS
}

/// The bot named `name` among those offered to players.
pub fn bot(name: &str) -> Option<&'static dyn Bot> {
    BOTS.iter().copied().find(|b| b.name() == name)
}

/// Every bot the arena can seat: those offered and the yardsticks.
pub fn arena_bots() -> impl Iterator<Item = &'static dyn Bot> {
    BOTS.iter().chain(YARDSTICKS).copied()
}

/// The seeds of one decision: what the state is resampled with, and the
/// bot's own stream.
#[derive(Clone, Copy, Debug)]
pub struct DecisionSeeds {
    /// Draws what the seat may not know.
    pub resample: Seed,
    /// The bot's random choices.
    pub choices: Seed,
}

/// What `bot` plays for `seat` in the true state `truth`, whose legal
/// actions for the seat are `legal` (not empty): the index in `legal`, or
/// `legal.len()` or more if the bot named none. The bot sees only `truth`
/// resampled from the seat's point of view.
pub fn decide(
    bot: &dyn Bot,
    truth: &dyn AnyMatch,
    seat: Seat,
    legal: &[LegalAction],
    seeds: DecisionSeeds,
    stop: &dyn Fn() -> bool,
) -> usize {
    let seen = truth.resample(seat, seeds.resample);
    bot.choose(seen.as_ref(), seat, legal, &mut SeedStream::new(seeds.choices), stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::game;

    #[test]
    fn the_random_bot_plays_only_legal_actions_and_follows_its_stream() {
        let accasta = game("accasta").unwrap();
        let state = accasta.new_match(&serde_json::json!({})).unwrap();
        let legal = state.legal(Seat(0));
        let random = bot("random").unwrap();
        let pick = |seed| {
            random.choose(state.as_ref(), Seat(0), &legal, &mut SeedStream::new(Seed::from_u64(seed)), &|| false)
        };
        let picks: Vec<usize> = (0..20).map(pick).collect();
        assert!(picks.iter().all(|i| *i < legal.len()));
        assert_eq!(picks, (0..20).map(pick).collect::<Vec<_>>(), "the same stream, the same choice");
        assert!(picks.iter().any(|i| *i != picks[0]), "not always the same action");
        assert!(bot("grandmaster").is_none());
    }
}
