//! Uniformly random playouts, for speed measurements and for shaking out
//! bugs: at each step a random acting seat plays a random legal action, and
//! chance is drawn from the game's seed as a match would draw it.

use crate::chance::{Seed, SeedStream};
use crate::error::RulesError;
use crate::game::Game;
use crate::referee::settle;
use crate::status::Status;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a batch of random playouts did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayoutReport {
    /// Games played.
    pub games: u64,
    /// Actions played in all games.
    pub actions: u64,
    /// Turns completed in all games.
    pub turns: u64,
    /// How many games ended each way, by outcome summary.
    pub outcomes: BTreeMap<String, u64>,
    /// Games stopped at the action limit before they ended.
    pub unfinished: u64,
}

/// Plays `games` random games with the given options. Game `i` uses the
/// match seed `Seed::from_u64(seed + i)`, and the choices come from a stream
/// seeded by `seed`, so a run is reproducible. A game that reaches
/// `max_actions` actions is stopped and counted as unfinished.
pub fn playouts<G: Game>(
    options: &G::Options,
    games: u64,
    seed: u64,
    max_actions: u64,
) -> Result<PlayoutReport, RulesError> {
    let mut report = PlayoutReport::default();
    let mut choices = SeedStream::new(Seed::from_u64(seed ^ 0x5EED_0FC4_01CE));
    let mut legal = Vec::new();
    for i in 0..games {
        let mut state = G::new(options)?;
        let mut chance = SeedStream::new(Seed::from_u64(seed.wrapping_add(i)));
        let mut played = 0;
        let outcome = loop {
            settle(&mut state, &mut chance);
            let seats = match state.status() {
                Status::Over(outcome) => break Some(outcome),
                Status::Acting(decision) => decision.seats,
                Status::Chance => unreachable!("settled"),
            };
            if played == max_actions {
                break None;
            }
            let acting: Vec<_> = seats.iter().collect();
            let seat = acting[choices.below(acting.len() as u32) as usize];
            legal.clear();
            state.legal_actions(seat, &mut legal);
            assert!(!legal.is_empty(), "{} may act but has no legal action in {state:?}", seat);
            let action = &legal[choices.below(legal.len() as u32) as usize];
            state.play(seat, action);
            played += 1;
        };
        report.games += 1;
        report.actions += played;
        report.turns += u64::from(state.turn());
        match outcome {
            Some(outcome) => *report.outcomes.entry(outcome.summary()).or_default() += 1,
            None => report.unfinished += 1,
        }
    }
    Ok(report)
}
