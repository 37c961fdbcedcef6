//! The conformance suite every game must pass, after OpenSpiel's random
//! simulation test. It plays random games with fixed seeds through the typed
//! [`Game`] API and checks, at every state, the promises the server, the
//! client and the tools rely on. `tests/conformance.rs` runs it for every
//! registered game (through [`AnyGame::conformance`](crate::AnyGame)).
//!
//! At every state of every playout:
//! - while the match is not over, some seat may act, every acting seat has a
//!   legal action and no other seat has one;
//! - the click sequences of a seat's legal actions are distinct and none is
//!   a prefix of another; their notations are distinct;
//! - the chosen action passes [`Game::check`];
//! - resampling what a seat may not know changes neither its view nor its
//!   legal actions (with their texts and clicks), nor the spectator's view
//!   (at every state of deep playouts and a random quarter of the others, as
//!   views are costly); the report counts the resamples that really drew
//!   something anew, so a game with hidden information can check that the
//!   suite exercised it;
//! - once the match is over, nothing is hidden and every viewer sees the
//!   same pieces.
//!
//! In the first `deep` playouts, also at every state:
//! - every legal action applies, and its JSON form and notation read back
//!   to the same action;
//! - out-of-turn actions, actions of seats not at the table and actions
//!   that were legal a few states earlier but are not now are refused, and a
//!   refusal leaves the state unchanged.
//!
//! After every playout: replaying (options, seed, actions) gives the same
//! final state, and writing each completed turn in notation and resolving
//! the text gives back the same actions (a turn of one action being
//! written as that action).

use crate::chance::{Chance, Seed};
use crate::click::find_prefix_clash;
use crate::error::RulesError;
use crate::game::{Game, Status};
use crate::seat::{Seat, Viewer};
use serde::Serialize;

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ConformanceReport {
    /// Playouts run.
    pub playouts: u64,
    /// Of those, finished by the rules (not stopped at the action limit).
    pub finished: u64,
    /// States checked.
    pub states: u64,
    /// Legal actions applied and round-tripped in deep playouts.
    pub actions_applied: u64,
    /// Resampled states checked.
    pub resamples: u64,
    /// Of those, how many differed from the state resampled: hidden
    /// information drawn anew (always 0 for games without any).
    pub resamples_changed: u64,
}

/// How much to run.
#[derive(Clone, Copy, Debug)]
pub struct ConformanceConfig {
    /// Random playouts.
    pub playouts: u64,
    /// Of those, how many (the first ones) get the per-action checks.
    pub deep: u64,
    /// Actions after which a playout stops.
    pub max_actions: usize,
    /// Seed of the first playout and of the random choices.
    pub seed: u64,
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// Runs the suite for `G` with default options.
pub fn run<G: Game>(config: ConformanceConfig) -> Result<ConformanceReport, String> {
    let options = G::Options::default();
    let mut report = ConformanceReport::default();
    let mut choices = Chance::new(Seed::from_u64(config.seed ^ 0xC0FF_EE00));
    for i in 0..config.playouts {
        let seed = Seed::from_u64(config.seed.wrapping_add(i));
        let deep = i < config.deep;
        let context = |e: String| format!("{} playout {i} (seed {seed:?}): {e}", G::INFO.id);
        let start = G::new(&options, seed).map_err(|e| context(e.to_string()))?;
        let mut state = start.clone();
        let mut played: Vec<(u32, Seat, G::Action)> = Vec::new();
        let mut recent: Vec<Vec<G::Action>> = Vec::new();
        while played.len() < config.max_actions {
            report.states += 1;
            let legal = check_state(&state, &recent, deep, &mut choices, &mut report)
                .map_err(|e| context(format!("after {} actions: {e}", played.len())))?;
            let Status::Acting(acting) = state.status() else { break };
            let acting: Vec<Seat> = acting.iter().collect();
            let seat = acting[choices.below(acting.len() as u32) as usize];
            let options = &legal[seat.index()];
            let action = options[choices.below(options.len() as u32) as usize].clone();
            state.check(seat, &action).map_err(|e| context(format!("a listed action is refused: {e}")))?;
            let turn = state.turn();
            state.play(seat, &action);
            ensure!(state.turn() >= turn, "{}: the turn count went back", G::INFO.id);
            played.push((turn, seat, action));
            recent.push(legal.into_iter().flatten().collect());
            if recent.len() > 3 {
                recent.remove(0);
            }
        }
        report.playouts += 1;
        report.finished += u64::from(matches!(state.status(), Status::Over(_)));
        check_replay(&start, &state, &played).map_err(context)?;
        check_turn_notation(&start, &state, &played).map_err(context)?;
    }
    Ok(report)
}

fn seats<G: Game>(state: &G) -> impl Iterator<Item = Seat> {
    (0..state.seat_count() as u8).map(Seat)
}

/// The per-state checks; returns every seat's legal actions.
fn check_state<G: Game>(
    state: &G,
    recent: &[Vec<G::Action>],
    deep: bool,
    choices: &mut Chance,
    report: &mut ConformanceReport,
) -> Result<Vec<Vec<G::Action>>, String> {
    let status = state.status();
    let acting = status.acting();
    if let Status::Acting(set) = &status {
        ensure!(!set.is_empty(), "the match is not over but nobody may act");
    }
    let mut all = Vec::with_capacity(state.seat_count());
    for seat in seats(state) {
        let mut legal = Vec::new();
        state.legal_actions(seat, &mut legal);
        ensure!(legal.len() == state.count_legal(seat), "{seat}: count_legal disagrees with legal_actions");
        if !acting.contains(seat) {
            ensure!(legal.is_empty(), "{seat} may not act but has legal actions");
            all.push(legal);
            continue;
        }
        ensure!(!legal.is_empty(), "{seat} may act but has no legal action");
        // Every sequence of every action, the other orders included.
        let (mut owners, mut clicks) = (Vec::new(), Vec::new());
        for (i, a) in legal.iter().enumerate() {
            for sequence in std::iter::once(state.clicks(seat, a)).chain(state.other_clicks(seat, a)) {
                owners.push(i);
                clicks.push(sequence);
            }
        }
        if let Some((a, b)) = find_prefix_clash(&clicks) {
            let (x, y) = (&legal[owners[a]], &legal[owners[b]]);
            return Err(format!("clicks clash: {x:?} {:?} / {y:?} {:?}", clicks[a], clicks[b]));
        }
        if deep {
            check_actions(state, seat, &legal, recent)?;
            report.actions_applied += legal.len() as u64;
        }
        all.push(legal);
    }
    // Views are costly to build; light playouts check a random quarter of
    // their states, deep ones every state.
    if !deep && choices.below(4) != 0 {
        return Ok(all);
    }
    if let Status::Over(_) = &status {
        check_everything_shown(state)?;
    }
    for seat in seats(state) {
        let other = state.resample(seat, Seed::from_u64(u64::from(choices.below(u32::MAX))));
        report.resamples += 1;
        report.resamples_changed += u64::from(&other != state);
        ensure!(
            other.view(Viewer::Seat(seat)) == state.view(Viewer::Seat(seat)),
            "{seat}'s view depends on what it may not know"
        );
        ensure!(
            other.view(Viewer::Spectator) == state.view(Viewer::Spectator),
            "the spectator view depends on hidden information"
        );
        let mut theirs = Vec::new();
        other.legal_actions(seat, &mut theirs);
        ensure!(theirs == all[seat.index()], "{seat}'s legal actions depend on what it may not know");
        for action in &theirs {
            ensure!(
                other.action_text(seat, action) == state.action_text(seat, action)
                    && other.clicks(seat, action) == state.clicks(seat, action),
                "{seat}'s action {action:?} is written or clicked differently depending on what it may not know"
            );
        }
    }
    Ok(all)
}

/// Once a match is over every view shows everything: no hidden piece, and
/// the same pieces for every seat and spectators.
fn check_everything_shown<G: Game>(state: &G) -> Result<(), String> {
    let public = state.view(Viewer::Spectator);
    ensure!(
        public.stacks.iter().flat_map(|s| &s.pieces).all(|p| !p.hidden),
        "a piece is still hidden after the match is over"
    );
    for seat in seats(state) {
        ensure!(
            state.view(Viewer::Seat(seat)).stacks == public.stacks,
            "{seat} sees other pieces than the spectators after the match is over"
        );
    }
    Ok(())
}

/// Per-action checks of deep playouts.
fn check_actions<G: Game>(state: &G, seat: Seat, legal: &[G::Action], recent: &[Vec<G::Action>]) -> Result<(), String> {
    let mut texts: Vec<String> = Vec::with_capacity(legal.len());
    for action in legal {
        let json = serde_json::to_value(action).map_err(|e| e.to_string())?;
        let back: G::Action =
            serde_json::from_value(json.clone()).map_err(|e| format!("{json} does not read back: {e}"))?;
        ensure!(&back == action, "{json} reads back as {back:?}");
        let text = state.action_text(seat, action);
        let parsed = state.parse_action(seat, &text).map_err(|e| format!("{text:?} does not read back: {e}"))?;
        ensure!(&parsed == action, "{text:?} reads back as {parsed:?}, not {action:?}");
        texts.push(text);
        let mut after = state.clone();
        after.apply(seat, action).map_err(|e| format!("listed action {action:?} is refused: {e}"))?;
    }
    texts.sort_unstable();
    texts.dedup();
    ensure!(texts.len() == legal.len(), "two legal actions are written alike");
    let refuse = |who: Seat, action: &G::Action, what: &str| -> Result<RulesError, String> {
        let mut copy = state.clone();
        let error = match copy.apply(who, action) {
            Ok(()) => return Err(format!("{what} {action:?} was accepted")),
            Err(error) => error,
        };
        ensure!(&copy == state, "refusing {what} changed the state");
        Ok(error)
    };
    if let Some(idle) = seats(state).find(|s| !state.status().acting().contains(*s)) {
        let error = refuse(idle, &legal[0], "an out-of-turn action")?;
        ensure!(error == RulesError::NotYourTurn(idle), "out of turn gave {error}");
    }
    let error = refuse(Seat(9), &legal[0], "an action of a seat not at the table")?;
    ensure!(error == RulesError::NoSuchSeat(Seat(9)), "a seat not at the table gave {error}");
    if let Some(stale) = recent.iter().rev().flatten().find(|old| !legal.contains(old)) {
        let error = refuse(seat, stale, "a stale action")?;
        ensure!(matches!(error, RulesError::Illegal(_)), "a stale action gave {error}");
    }
    Ok(())
}

fn check_replay<G: Game>(start: &G, end: &G, played: &[(u32, Seat, G::Action)]) -> Result<(), String> {
    let mut again = start.clone();
    for (_, seat, action) in played {
        again.apply(*seat, action).map_err(|e| format!("replaying {action:?}: {e}"))?;
    }
    ensure!(&again == end, "replaying the actions gives another state");
    Ok(())
}

fn check_turn_notation<G: Game>(start: &G, end: &G, played: &[(u32, Seat, G::Action)]) -> Result<(), String> {
    let mut state = start.clone();
    let mut i = 0;
    while i < played.len() {
        let turn = played[i].0;
        let stop = played[i..].iter().position(|(t, _, _)| *t != turn).map_or(played.len(), |n| i + n);
        let actions: Vec<(Seat, G::Action)> = played[i..stop].iter().map(|(_, s, a)| (*s, a.clone())).collect();
        // The last turn may have been cut off by the action limit.
        let complete = stop < played.len() || end.turn() != turn || matches!(end.status(), Status::Over(_));
        if complete {
            let text = state.notate(&actions).to_string();
            if let [(seat, action)] = actions.as_slice() {
                let alone = state.action_text(*seat, action);
                ensure!(text == alone, "a turn of one action is written {text:?}, its action {alone:?}");
            }
            let syntax: G::Notation = text.parse().map_err(|e| format!("turn {text:?} does not parse: {e}"))?;
            let resolved = state.resolve(&syntax).map_err(|e| format!("turn {text:?} does not resolve: {e}"))?;
            ensure!(resolved == actions, "turn {text:?} resolves to {resolved:?}, not {actions:?}");
        }
        for (seat, action) in &actions {
            state.play(*seat, action);
        }
        i = stop;
    }
    Ok(())
}
