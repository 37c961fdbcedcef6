//! The conformance suite every game must pass, after OpenSpiel's random
//! simulation test. It plays random games with fixed seeds through the typed
//! [`Game`] API, drawing chance as a match does, and checks at every state
//! the promises the server, the client and the tools rely on.
//! `tests/conformance.rs` runs it for every registered game and every choice
//! of options a lobby form offers.
//!
//! At every state where seats decide:
//! - the kind of game [`GameInfo`](crate::GameInfo) declares holds: no
//!   chance, windows or simultaneous decisions in a game that declares none,
//!   one seat in a turn, nothing drawn anew by a resample in a game of
//!   perfect information;
//! - every acting seat has a legal action and no other seat has one; in a
//!   response window every asked seat has a legal default answer;
//! - a seat's count of legal actions and its random draw of one agree with
//!   its list ([`Game::count_legal`], [`Game::random_action`]), and a
//!   playout's action is one of them ([`Game::playout_action`]);
//! - the click sequences of a seat's legal actions are distinct and none is
//!   a prefix of another; their notations are distinct;
//! - resampling what a seat may not know changes neither its view nor its
//!   legal actions (with their texts, clicks and paths), nor the spectator's
//!   view;
//! - once the match is over, nothing is hidden and every viewer sees the
//!   same pieces.
//!
//! At every step (an action, or chance's outcome), what each viewer learns
//! ([`Game::observe`]) must not tell it more than it may know: two steps
//! from the same state after which a viewer's view is the same must read
//! the same to it, and so must the same step played in a resampled state the
//! viewer cannot tell apart.
//!
//! In the first `deep` playouts, also at every state: every legal action
//! plays and its JSON form reads back to it, and its notation too (for long
//! lists, an evenly spread 64 of them), and its path lies on the board; out-of-turn
//! actions, actions of seats not at the table and stale actions are refused,
//! and a refusal leaves the state unchanged.
//!
//! After every playout: replaying the history through a
//! [`Referee`](crate::referee::Referee) with the match's seed gives the same
//! final state, and writing each completed turn in notation and resolving
//! the text gives back the same actions.
//!
//! [`legality`] is the property the proptest of `tests/legality.rs` checks:
//! for arbitrary actions, `check` accepts exactly the legal ones.

use crate::chance::{Seed, SeedStream};
use crate::click::find_prefix_clash;
use crate::error::RulesError;
use crate::game::{Game, StepOf};
use crate::referee::{Change, Referee, settle};
use crate::seat::{Seat, Viewer};
use crate::status::{DecisionKind, Status};
use crate::step::Step;
use serde::Serialize;
use serde_json::Value;

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ConformanceReport {
    /// Playouts run.
    pub playouts: u64,
    /// Of those, finished by the rules (not stopped at the action limit).
    pub finished: u64,
    /// States where seats decided, checked.
    pub states: u64,
    /// Legal actions applied and round-tripped in deep playouts.
    pub actions_applied: u64,
    /// Chance outcomes drawn.
    pub chance_steps: u64,
    /// States with a simultaneous decision.
    pub simultaneous: u64,
    /// States with a response window.
    pub windows: u64,
    /// Resampled states checked.
    pub resamples: u64,
    /// Of those, how many differed from the state resampled: hidden
    /// information drawn anew (always 0 for games without any).
    pub resamples_changed: u64,
    /// Observations compared between steps or states a viewer cannot tell
    /// apart.
    pub observations_compared: u64,
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

fn seats<G: Game>(state: &G) -> impl Iterator<Item = Seat> + use<G> {
    (0..state.seat_count() as u8).map(Seat)
}

fn viewers<G: Game>(state: &G) -> impl Iterator<Item = Viewer> + use<G> {
    seats(state).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// Runs the suite for `G` with `options`.
pub fn run<G: Game>(options: &G::Options, config: ConformanceConfig) -> Result<ConformanceReport, String> {
    let mut report = ConformanceReport::default();
    let mut choices = SeedStream::new(Seed::from_u64(config.seed ^ 0xC0FF_EE00));
    for i in 0..config.playouts {
        let seed = Seed::from_u64(config.seed.wrapping_add(i));
        let deep = i < config.deep;
        let context = |e: String| format!("{} {options:?} playout {i} (seed {seed:?}): {e}", G::INFO.id);
        let mut state = G::new(options).map_err(|e| context(e.to_string()))?;
        let mut chance = SeedStream::new(seed);
        let mut history: Vec<(u32, StepOf<G>)> = Vec::new();
        let mut recent: Vec<Vec<G::Action>> = Vec::new();
        let mut actions = 0;
        loop {
            if let Status::Chance = state.status() {
                ensure!(G::INFO.chance, "{}: chance is due in a game declared without chance", G::INFO.id);
                let outcome = state.draw_chance(&mut chance);
                state.check_chance(&outcome).map_err(|e| context(format!("a drawn outcome is refused: {e}")))?;
                let alternative = state.draw_chance(&mut SeedStream::new(choices.seed()));
                let step = Step::Chance(outcome);
                if deep || choices.below(4) == 0 {
                    check_step(&state, &step, Some(&Step::Chance(alternative)), &mut choices, &mut report)
                        .map_err(context)?;
                }
                let turn = state.turn();
                let Step::Chance(outcome) = &step else { unreachable!("a chance step") };
                state.play_chance(outcome);
                history.push((turn, step));
                report.chance_steps += 1;
                continue;
            }
            if actions >= config.max_actions {
                break;
            }
            report.states += 1;
            let legal = check_state(&state, &recent, deep, &mut choices, &mut report)
                .map_err(|e| context(format!("after {actions} actions: {e}")))?;
            let Status::Acting(decision) = state.status() else { break };
            let acting: Vec<Seat> = decision.seats.iter().collect();
            let seat = acting[choices.below(acting.len() as u32) as usize];
            let options = &legal[seat.index()];
            let action = options[choices.below(options.len() as u32) as usize].clone();
            let alternative = options[choices.below(options.len() as u32) as usize].clone();
            state.check(seat, &action).map_err(|e| context(format!("a listed action is refused: {e}")))?;
            let step = Step::Act(seat, action.clone());
            // Observations cost views too: light playouts check a quarter.
            if deep || choices.below(4) == 0 {
                check_step(&state, &step, Some(&Step::Act(seat, alternative)), &mut choices, &mut report)
                    .map_err(context)?;
            }
            let turn = state.turn();
            state.play(seat, &action);
            ensure!(state.turn() >= turn, "{}: the turn count went back", G::INFO.id);
            history.push((turn, step));
            actions += 1;
            recent.push(legal.into_iter().flatten().collect());
            if recent.len() > 3 {
                recent.remove(0);
            }
        }
        report.playouts += 1;
        report.finished += u64::from(matches!(state.status(), Status::Over(_)));
        check_replay::<G>(options, seed, &state, &history).map_err(context)?;
        check_turn_notation::<G>(options, &state, &history).map_err(context)?;
    }
    Ok(report)
}

/// The per-state checks; returns every seat's legal actions.
fn check_state<G: Game>(
    state: &G,
    recent: &[Vec<G::Action>],
    deep: bool,
    choices: &mut SeedStream,
    report: &mut ConformanceReport,
) -> Result<Vec<Vec<G::Action>>, String> {
    let status = state.status();
    let acting = status.acting();
    if let Status::Acting(decision) = &status {
        ensure!(!decision.seats.is_empty(), "the match is not over but nobody may act");
        match decision.kind {
            DecisionKind::Turn => ensure!(decision.seats.len() == 1, "a turn of {} seats", decision.seats.len()),
            DecisionKind::Simultaneous => {
                ensure!(G::INFO.simultaneous, "a simultaneous decision in a game declared without");
                report.simultaneous += 1;
            }
            DecisionKind::Window { deadline_ms, .. } => {
                ensure!(G::INFO.windows, "a response window in a game declared without");
                ensure!(deadline_ms > 0, "a response window without a deadline");
                report.windows += 1;
            }
        }
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
        // A playout's draw: the same action as listing, from the same draw.
        let (mut drawn, mut listed) = (choices.clone(), choices.clone());
        let action = state.random_action(seat, &mut drawn, &mut Vec::new());
        ensure!(
            action == legal[listed.below(legal.len() as u32) as usize] && drawn == listed,
            "{seat}: random_action drew {action:?}, not the listed action of the same draw"
        );
        let leaned = state.playout_action(seat, &mut choices.clone(), &mut Vec::new());
        ensure!(legal.contains(&leaned), "{seat}: playout_action chose {leaned:?}, not a legal action");
        match status.decision().map(|d| d.kind) {
            Some(DecisionKind::Window { .. }) => {
                let answer = state.default_action(seat);
                ensure!(
                    answer.as_ref().is_some_and(|a| legal.contains(a)),
                    "{seat} is asked in a response window without a legal default answer"
                );
            }
            Some(DecisionKind::Simultaneous) => {
                // A set-up's default, if the game has one, is one of its parts.
                if let Some(part) = state.default_action(seat) {
                    ensure!(legal.contains(&part), "{seat}'s default part of a simultaneous decision is not legal");
                }
            }
            _ => {}
        }
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
        let other = state.resample(seat, choices.seed());
        report.resamples += 1;
        let changed = &other != state;
        report.resamples_changed += u64::from(changed);
        ensure!(
            !changed || G::INFO.hidden_information,
            "a resample drew something anew in a game of perfect information"
        );
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
        // The same state shows the same ways; a state drawn anew must too.
        ensure!(
            !changed || other.paths(seat, &theirs) == state.paths(seat, &theirs),
            "{seat}'s actions pass through other cells depending on what it may not know"
        );
    }
    Ok(all)
}

/// What a step leads to, if it can be played from `state`.
fn after<G: Game>(state: &G, step: &StepOf<G>) -> Option<G> {
    let mut next = state.clone();
    match step {
        Step::Act(seat, action) => next.apply(*seat, action).ok()?,
        Step::Chance(outcome) => {
            next.check_chance(outcome).ok()?;
            next.play_chance(outcome);
        }
    }
    Some(next)
}

/// What each viewer learns of a step tells it nothing it may not know: a
/// different step after which its view is the same reads the same, and so
/// does the same step from a resampled state it cannot tell apart.
fn check_step<G: Game>(
    state: &G,
    step: &StepOf<G>,
    alternative: Option<&StepOf<G>>,
    choices: &mut SeedStream,
    report: &mut ConformanceReport,
) -> Result<(), String> {
    let Some(reached) = after(state, step) else { return Err(format!("{step:?} cannot be played")) };
    let text = state.step_text(step);
    for viewer in viewers(state) {
        let seen = state.observe(step, &reached, viewer).text_of(&text);
        let view = reached.view(viewer);
        if let Some(other) = alternative.filter(|other| *other != step) {
            if let Some(other_reached) = after(state, other) {
                if other_reached.view(viewer) == view {
                    let other_seen = state.observe(other, &other_reached, viewer).text_of(&state.step_text(other));
                    report.observations_compared += 1;
                    ensure!(
                        other_seen == seen,
                        "{viewer:?} reads {step:?} as {seen:?} but {other:?} as {other_seen:?}, though its view after both is the same"
                    );
                }
            }
        }
        let Viewer::Seat(seat) = viewer else { continue };
        let twin = state.resample(seat, choices.seed());
        if twin == *state {
            continue;
        }
        if let Some(twin_reached) = after(&twin, step) {
            if twin_reached.view(viewer) == view {
                let twin_seen = twin.observe(step, &twin_reached, viewer).text_of(&twin.step_text(step));
                report.observations_compared += 1;
                ensure!(
                    twin_seen == seen,
                    "{viewer:?} reads {step:?} as {seen:?}, but as {twin_seen:?} where what it may not know differs"
                );
            }
        }
    }
    Ok(())
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
    // Reading a text back checks it against the legal actions, so reading
    // every one of a long list costs its square: long lists (a set-up's
    // hundreds of placements) read back an evenly spread sample of 64.
    let stride = legal.len().div_ceil(64);
    let cells = state.layout().cells.len();
    let paths = state.paths(seat, legal);
    ensure!(paths.is_empty() || paths.len() == legal.len(), "{} paths for {} actions", paths.len(), legal.len());
    for (i, (path, action)) in paths.iter().zip(legal).enumerate() {
        ensure!(
            path.iter().all(|c| usize::from(*c) < cells),
            "{action:?} passes through cells not on the board: {path:?}"
        );
        if i % stride == 0 {
            let one = state.paths(seat, std::slice::from_ref(action));
            ensure!(one.first() == Some(path), "{action:?} alone shows {one:?}, in its list {path:?}");
        }
    }
    for (i, action) in legal.iter().enumerate() {
        let json = serde_json::to_value(action).map_err(|e| e.to_string())?;
        let back: G::Action =
            serde_json::from_value(json.clone()).map_err(|e| format!("{json} does not read back: {e}"))?;
        ensure!(&back == action, "{json} reads back as {back:?}");
        let text = state.action_text(seat, action);
        if i % stride == 0 {
            let parsed = state.parse_action(seat, &text).map_err(|e| format!("{text:?} does not read back: {e}"))?;
            ensure!(&parsed == action, "{text:?} reads back as {parsed:?}, not {action:?}");
        }
        texts.push(text);
        // Played without the check, which would list the legal actions
        // again for each one; the loop checks the action it picks, and
        // `legality` holds `check` to the list.
        state.clone().play(seat, action);
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

/// The history replayed by a referee with the match's seed reaches the same
/// state: every recorded chance outcome is the one the seed draws.
fn check_replay<G: Game>(
    options: &G::Options,
    seed: Seed,
    end: &G,
    history: &[(u32, StepOf<G>)],
) -> Result<(), String> {
    let mut referee = Referee::<G>::new(options, seed).map_err(|e| e.to_string())?;
    for (_, step) in history {
        let change = match step {
            Step::Act(seat, action) => {
                Change::Act { seat: *seat, action: serde_json::to_value(action).expect("JSON"), by_default: false }
            }
            Step::Chance(outcome) => Change::Chance { outcome: serde_json::to_value(outcome).expect("JSON") },
        };
        referee.apply(&change).map_err(|e| format!("replaying {step:?}: {e}"))?;
    }
    ensure!(referee.state() == end, "replaying the history gives another state");
    Ok(())
}

/// Each completed turn, written in notation and resolved from the state it
/// began in, gives back its actions (a turn of one action written as that
/// action); chance outcomes the notation states are the ones drawn.
fn check_turn_notation<G: Game>(options: &G::Options, end: &G, history: &[(u32, StepOf<G>)]) -> Result<(), String> {
    let mut state = G::new(options).map_err(|e| e.to_string())?;
    let mut i = 0;
    while i < history.len() {
        let turn = history[i].0;
        let stop = history[i..].iter().position(|(t, _)| *t != turn).map_or(history.len(), |n| i + n);
        let steps: Vec<StepOf<G>> = history[i..stop].iter().map(|(_, s)| s.clone()).collect();
        // The last turn may have been cut off by the action limit.
        let complete = stop < history.len() || end.turn() != turn || matches!(end.status(), Status::Over(_));
        if complete && steps.iter().any(|s| matches!(s, Step::Act(..))) {
            let text = state.notate(&steps).to_string();
            let acts: Vec<&StepOf<G>> = steps.iter().filter(|s| matches!(s, Step::Act(..))).collect();
            if let ([Step::Act(seat, action)], 1) = (acts.as_slice(), steps.len()) {
                let alone = state.action_text(*seat, action);
                ensure!(text == alone, "a turn of one action is written {text:?}, its action {alone:?}");
            }
            let syntax: G::Notation = text.parse().map_err(|e| format!("turn {text:?} does not parse: {e}"))?;
            let resolved = state.resolve(&syntax).map_err(|e| format!("turn {text:?} does not resolve: {e}"))?;
            let mut expected = steps.iter();
            for step in &resolved {
                // Stated chance outcomes must be the drawn ones; unstated
                // ones are skipped over.
                let found = expected.by_ref().find(|s| matches!(s, Step::Act(..)) || *s == step);
                ensure!(found == Some(step), "turn {text:?} resolves to {resolved:?}, not {steps:?}");
            }
            ensure!(
                expected.all(|s| matches!(s, Step::Chance(_))),
                "turn {text:?} resolves to fewer actions: {resolved:?}, not {steps:?}"
            );
        }
        for step in &steps {
            match step {
                Step::Act(seat, action) => state.play(*seat, action),
                Step::Chance(outcome) => state.play_chance(outcome),
            }
        }
        i = stop;
    }
    Ok(())
}

/// The legality property: in the state reached by `depth` random actions
/// from a match with chance from `seed`, for arbitrary actions made by
/// changing the values inside legal actions seen on the way (`picks` decide
/// which and how), [`Game::check`] accepts an action exactly when it is
/// among the seat's legal actions, and a refused action leaves the state
/// unchanged. Returns how many actions were checked.
pub fn legality<G: Game>(options: &G::Options, seed: u64, depth: usize, picks: &[u32]) -> Result<usize, String> {
    let mut state = G::new(options).map_err(|e| e.to_string())?;
    let mut chance = SeedStream::new(Seed::from_u64(seed));
    let mut choices = SeedStream::new(Seed::from_u64(seed ^ 0x1E6A_1170));
    let mut pool: Vec<Value> = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..depth {
        settle(&mut state, &mut chance);
        let Status::Acting(decision) = state.status() else { break };
        let acting: Vec<Seat> = decision.seats.iter().collect();
        let seat = acting[choices.below(acting.len() as u32) as usize];
        legal.clear();
        state.legal_actions(seat, &mut legal);
        pool.extend(legal.iter().map(|a| serde_json::to_value(a).expect("JSON")));
        let action = legal[choices.below(legal.len() as u32) as usize].clone();
        state.play(seat, &action);
    }
    settle(&mut state, &mut chance);
    let seat_count = state.seat_count();
    let mut by_seat: Vec<Vec<G::Action>> = Vec::new();
    for seat in 0..seat_count as u8 {
        let mut actions = Vec::new();
        state.legal_actions(Seat(seat), &mut actions);
        pool.extend(actions.iter().map(|a| serde_json::to_value(a).expect("JSON")));
        by_seat.push(actions);
    }
    if pool.is_empty() {
        return Ok(0);
    }
    let labels: Vec<String> = state.layout().cells.into_iter().map(|c| c.label).collect();
    let mut checked = 0;
    let mut candidates: Vec<G::Action> = by_seat.iter().flatten().cloned().collect();
    for &pick in picks {
        let mut mutation = SeedStream::new(Seed::from_u64(u64::from(pick)));
        let template = &pool[pick as usize % pool.len()];
        let json = mutate(template, &pool, &labels, &mut mutation);
        if let Ok(action) = serde_json::from_value::<G::Action>(json) {
            candidates.push(action);
        }
    }
    for action in &candidates {
        for seat in (0..seat_count as u8 + 1).map(Seat).chain([Seat(9)]) {
            let is_legal = by_seat.get(seat.index()).is_some_and(|legal| legal.contains(action));
            let mut copy = state.clone();
            match copy.apply(seat, action) {
                Ok(()) => ensure!(is_legal, "{seat}: check accepts {action:?}, which is not among its legal actions"),
                Err(error) => {
                    ensure!(!is_legal, "{seat}: check refuses the legal action {action:?}: {error}");
                    ensure!(copy == state, "{seat}: refusing {action:?} changed the state");
                }
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// A JSON value like `template` with some of its leaves changed: strings to
/// cell names of the board or other strings seen, numbers to small numbers,
/// arrays shortened or lengthened.
fn mutate(template: &Value, pool: &[Value], labels: &[String], random: &mut SeedStream) -> Value {
    match template {
        Value::String(_) if random.below(3) > 0 => {
            if !labels.is_empty() && random.below(2) == 0 {
                Value::String(labels[random.below(labels.len() as u32) as usize].clone())
            } else {
                let mut strings = Vec::new();
                collect_strings(pool, &mut strings);
                strings
                    .get(random.below(strings.len().max(1) as u32) as usize)
                    .cloned()
                    .map_or(Value::Null, Value::String)
            }
        }
        Value::Number(_) if random.below(3) > 0 => Value::from(random.below(70)),
        Value::Array(items) => {
            let mut items: Vec<Value> = items.iter().map(|v| mutate(v, pool, labels, random)).collect();
            match random.below(4) {
                0 => {
                    items.pop();
                }
                1 if !items.is_empty() => items.push(items[0].clone()),
                _ => {}
            }
            Value::Array(items)
        }
        Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (k.clone(), mutate(v, pool, labels, random))).collect())
        }
        other => other.clone(),
    }
}

fn collect_strings(values: &[Value], out: &mut Vec<String>) {
    for value in values {
        match value {
            Value::String(s) => out.push(s.clone()),
            Value::Array(items) => collect_strings(items, out),
            Value::Object(fields) => collect_strings(&fields.values().cloned().collect::<Vec<_>>(), out),
            _ => {}
        }
    }
}
