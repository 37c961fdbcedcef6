//! Replaying a recorded match: a game record in the game's notation (one turn
//! per line, or the game's own file format such as PDN), or the JSON record
//! the server exports.

use crate::any::{AnyGame, AnyMatch, SeatAction};
use crate::chance::Seed;
use crate::error::RulesError;
use crate::game::Status;
use crate::registry;
use crate::seat::Viewer;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Write as _;

/// The open JSON record of a match, as the server exports it. Only the
/// fields replay needs are read; others are ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JsonRecord {
    /// The game id.
    pub game: String,
    /// The options (`null` or absent for the defaults).
    #[serde(default)]
    pub options: Value,
    /// The match seed, revealed once the match is over.
    pub seed: Seed,
    /// Every action in order.
    pub actions: Vec<SeatAction>,
}

/// Where a replay stopped because a turn was not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The 1-based number of the turn (or action, for JSON records).
    pub number: usize,
    /// The line it stands on, for text records.
    pub line: Option<usize>,
    /// Its text.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

/// The result of a replay.
#[derive(Debug)]
pub struct Replayed {
    /// The state after the last legal turn.
    pub state: Box<dyn AnyMatch>,
    /// How many turns (or actions) were replayed.
    pub replayed: usize,
    /// The first turn that was refused, if any.
    pub failure: Option<ReplayFailure>,
}

/// Replays a record of `game`. A text starting with `{` is read as a JSON
/// record; anything else as the game's own record format.
pub fn replay(game: &dyn AnyGame, text: &str) -> Result<Replayed, RulesError> {
    if text.trim_start().starts_with('{') {
        let record: JsonRecord =
            serde_json::from_str(text).map_err(|e| RulesError::BadOptions(format!("not a JSON match record: {e}")))?;
        if record.game != game.info().id {
            return Err(RulesError::BadOptions(format!("the record is of {}, not {}", record.game, game.info().id)));
        }
        return Ok(replay_json(game, &record.options, record.seed, &record.actions));
    }
    let record = game.read_record(text)?;
    let mut state = match &record.position {
        Some(position) => game.match_at(&Value::Null, position, Seed::default())?,
        None => game.new_match(&Value::Null, Seed::default())?,
    };
    for (i, turn) in record.turns.iter().enumerate() {
        let fail =
            |reason: String| ReplayFailure { number: i + 1, line: Some(turn.line), text: turn.text.clone(), reason };
        let actions = match state.resolve_turn(&turn.text) {
            Ok(actions) => actions,
            Err(e) => return Ok(Replayed { state, replayed: i, failure: Some(fail(e.to_string())) }),
        };
        let mut next = state.clone();
        for sa in &actions {
            if let Err(e) = next.apply_json(sa.seat, &sa.action) {
                return Ok(Replayed { state, replayed: i, failure: Some(fail(e.to_string())) });
            }
        }
        state = next;
    }
    Ok(Replayed { state, replayed: record.turns.len(), failure: None })
}

/// Replays actions in their JSON form from a new match.
pub fn replay_json(game: &dyn AnyGame, options: &Value, seed: Seed, actions: &[SeatAction]) -> Replayed {
    let mut state = match game.new_match(options, seed) {
        Ok(state) => state,
        Err(e) => {
            // Options that no longer build a match: report it as the first action's failure.
            let failure = ReplayFailure { number: 0, line: None, text: options.to_string(), reason: e.to_string() };
            let fallback = game.new_match(&Value::Null, seed).expect("default options build a match");
            return Replayed { state: fallback, replayed: 0, failure: Some(failure) };
        }
    };
    for (i, sa) in actions.iter().enumerate() {
        if let Err(e) = state.apply_json(sa.seat, &sa.action) {
            let failure =
                ReplayFailure { number: i + 1, line: None, text: sa.action.to_string(), reason: e.to_string() };
            return Replayed { state, replayed: i, failure: Some(failure) };
        }
    }
    Replayed { state, replayed: actions.len(), failure: None }
}

/// A few lines describing a state for people: whose turn or the outcome,
/// then the position in the game's position format, or else the pieces on
/// each occupied cell (bottom first).
pub fn describe(state: &dyn AnyMatch) -> String {
    let layout = state.layout();
    let name = |seat: crate::Seat| layout.seats[seat.index()].name.clone();
    let mut out = String::new();
    match state.status() {
        Status::Acting(seats) => {
            let names: Vec<String> = seats.iter().map(name).collect();
            let _ = writeln!(out, "to act: {}", names.join(", "));
        }
        Status::Over(outcome) => {
            let winners: Vec<String> = outcome.first_place().iter().map(name).collect();
            let result =
                if outcome.is_draw() { "draw".to_string() } else { format!("{} first", winners.join(" and ")) };
            let _ = write!(out, "over: {result} ({})", outcome.reason);
            if let Some(scores) = &outcome.scores {
                let scores: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(seat, score)| format!("{} {score}", layout.seats[seat].name))
                    .collect();
                let _ = write!(out, ", scores {}", scores.join(", "));
            }
            out.push('\n');
        }
    }
    let _ = writeln!(out, "turns played: {}", state.turn());
    if let Some(position) = state.position() {
        let _ = writeln!(out, "position: {position}");
        return out;
    }
    let view = state.view(Viewer::Spectator);
    for stack in &view.stacks {
        let pieces: Vec<String> = stack
            .pieces
            .iter()
            .map(|p| {
                let initial = layout.seats[p.owner.index()].name.chars().next().unwrap_or('?');
                match &p.kind {
                    Some(kind) => format!("{initial}:{kind}"),
                    None => initial.to_string(),
                }
            })
            .collect();
        let _ = writeln!(out, "  {}: {}", layout.cells[stack.cell as usize].label, pieces.join(" "));
    }
    out
}

/// Replays `text` as a record of the game `id`.
pub fn replay_by_id(id: &str, text: &str) -> Result<Replayed, RulesError> {
    replay(registry::game(id)?, text)
}
