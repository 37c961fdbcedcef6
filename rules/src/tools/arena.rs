//! Bots against each other, for `tactica arena` and the strength
//! benchmarks: whole matches played through the referee, as at a table,
//! each decision made by [`crate::bot::decide`] from what its seat may
//! know. Everything random comes from the arena's seed, so a run repeats
//! exactly (unless a bot is stopped by a clock, which the caller owns).

use crate::any::AnyGame;
use crate::bot::{Bot, DecisionSeeds, decide};
use crate::chance::{Seed, SeedStream};
use crate::error::RulesError;
use crate::outcome::Outcome;
use crate::seat::Seat;
use crate::status::Status;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One match of an arena.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bout {
    /// For each seat, the index of the bot that held it.
    pub seating: Vec<usize>,
    /// How it ended; none if it reached the action limit first.
    pub outcome: Option<Outcome>,
    /// Actions played.
    pub actions: u64,
}

/// Who holds each seat of match `index` among `bots` bots: seat `s` goes
/// to bot `(s + index) % bots`, so that sides alternate from one match to
/// the next.
pub fn seating(bots: usize, seats: usize, index: u64) -> Vec<usize> {
    (0..seats).map(|seat| (seat + index as usize) % bots).collect()
}

/// Plays match `index` of an arena seeded with `seed`: `bots` seated by
/// [`seating`], at most `max_actions` actions. `stop` is handed to every
/// bot as its time to think (`&|| false` for no limit).
pub fn bout(
    game: &dyn AnyGame,
    options: &Value,
    bots: &[&dyn Bot],
    (seed, index): (u64, u64),
    max_actions: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Bout, RulesError> {
    // The arena's seed with the match's number in its last eight bytes:
    // every (seed, index) pair its own stream.
    let mut bytes = Seed::from_u64(seed).0;
    bytes[24..].copy_from_slice(&index.to_le_bytes());
    let mut stream = SeedStream::new(Seed(bytes));
    let mut referee = game.referee(options, None, stream.seed())?;
    referee.settle();
    let seating = seating(bots.len(), referee.state().seat_count(), index);
    let mut actions = 0;
    while actions < max_actions {
        let state = referee.state();
        let decision = match state.status() {
            Status::Acting(decision) => decision,
            Status::Over(outcome) => return Ok(Bout { seating, outcome: Some(outcome), actions }),
            Status::Chance => unreachable!("a referee settles chance after every action"),
        };
        // The seats of a simultaneous decision or a window answer one
        // after another, lowest first.
        let seat: Seat = decision.seats.first().expect("a decision asks a seat");
        let legal = state.legal(seat);
        let seeds = DecisionSeeds { resample: stream.seed(), choices: stream.seed() };
        let index = decide(bots[seating[seat.index()]], state, seat, &legal, seeds, stop);
        let action =
            &legal.get(index).ok_or_else(|| RulesError::BadAction("a bot named no legal action".into()))?.action;
        referee.act_or_expire(seat, action)?;
        actions += 1;
    }
    let outcome = referee.state().status().outcome().cloned();
    Ok(Bout { seating, outcome, actions })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_alternate_from_one_match_to_the_next() {
        assert_eq!(seating(2, 2, 0), vec![0, 1]);
        assert_eq!(seating(2, 2, 1), vec![1, 0]);
        assert_eq!(seating(2, 4, 1), vec![1, 0, 1, 0]);
        assert_eq!(seating(3, 3, 2), vec![2, 0, 1]);
    }
}
