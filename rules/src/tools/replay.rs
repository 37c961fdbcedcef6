//! Replaying a recorded match: a game record in the game's notation (one turn
//! per line, or the game's own file format such as PDN), or the JSON record
//! the server exports. Both go through a [`Referee`](crate::referee::Referee),
//! the one path every history is applied by; a record that states chance
//! outcomes has them checked against the match's seed.

use crate::any::{AnyGame, AnyMatch};
use crate::chance::Seed;
use crate::error::RulesError;
use crate::referee::{AnyReferee, Change};
use crate::registry::{self, Catalog};
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Write as _;

/// The open JSON record of a match, as the server exports it. Only the
/// fields replay needs are read; others are ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JsonRecord {
    /// The game id.
    pub game: String,
    /// The rules version the match was played by; records written before
    /// they stated it were all of version 1.
    #[serde(default = "first_version")]
    pub rules_version: u32,
    /// The options (`null` or absent for the defaults).
    #[serde(default)]
    pub options: Value,
    /// The match seed, revealed once the match is over.
    pub seed: Seed,
    /// Every change in order: actions, chance outcomes, seats leaving.
    #[serde(default)]
    pub history: Vec<Change>,
    /// The actions of a record written before chance was recorded as its
    /// own step; chance is drawn from the seed after each one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<SeatAction>,
}

fn first_version() -> u32 {
    1
}

/// One action of an older JSON record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAction {
    /// The seat that played it.
    pub seat: Seat,
    /// Its JSON form.
    pub action: Value,
}

/// Where a replay stopped because a turn was not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The 1-based number of the turn (or change, for JSON records).
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
    /// The match after the last legal turn.
    pub referee: Box<dyn AnyReferee>,
    /// How many turns (or changes) were replayed.
    pub replayed: usize,
    /// The first turn that was refused, if any.
    pub failure: Option<ReplayFailure>,
    /// Turns the record goes on with after the rules ended the game (an
    /// automatic draw the players did not stop at, say): not replayed, and
    /// not a failure.
    pub after_end: usize,
}

impl Replayed {
    /// The rules state after the last legal turn.
    pub fn state(&self) -> &dyn AnyMatch {
        self.referee.state()
    }
}

/// Replays a record of `game`. A text starting with `{` is read as a JSON
/// record (which carries its options and seed); anything else as the game's
/// own record format, played with `options` (`null` for the standard game),
/// its chance outcomes taken as written and any it leaves out drawn from the
/// all-zero seed.
pub fn replay(game: &dyn AnyGame, text: &str, options: &Value) -> Result<Replayed, RulesError> {
    if text.trim_start().starts_with('{') {
        let record: JsonRecord =
            serde_json::from_str(text).map_err(|e| RulesError::BadOptions(format!("not a JSON match record: {e}")))?;
        if record.game != game.info().id {
            return Err(RulesError::BadOptions(format!("the record is of {}, not {}", record.game, game.info().id)));
        }
        // A match replays by the rules it was played by.
        let game = if record.rules_version == game.info().rules_version {
            game
        } else {
            Catalog::Players.game_at(&record.game, record.rules_version)?
        };
        let mut history = record.history;
        let legacy = history.is_empty();
        if legacy {
            history = record
                .actions
                .into_iter()
                .map(|a| Change::Act { seat: a.seat, action: a.action, by_default: false })
                .collect();
        }
        return replay_history(game, &record.options, record.seed, &history, legacy);
    }
    let record = game.read_record(text)?;
    let mut referee = game.referee(options, record.position.as_deref(), Seed::default())?;
    referee.take_recorded_chance();
    for (i, turn) in record.turns.iter().enumerate() {
        if referee.state().status().outcome().is_some() {
            return Ok(Replayed { referee, replayed: i, failure: None, after_end: record.turns.len() - i });
        }
        let fail =
            |reason: String| ReplayFailure { number: i + 1, line: Some(turn.line), text: turn.text.clone(), reason };
        let mut next = referee.clone();
        let applied = next.resolve_turn(&turn.text).and_then(|changes| apply_all(next.as_mut(), &changes));
        match applied {
            Ok(()) => referee = next,
            Err(e) => return Ok(Replayed { referee, replayed: i, failure: Some(fail(e.to_string())), after_end: 0 }),
        }
    }
    Ok(Replayed { referee, replayed: record.turns.len(), failure: None, after_end: 0 })
}

/// Applies `changes`, drawing chance that falls due between them when the
/// changes do not state it.
fn apply_all(referee: &mut dyn AnyReferee, changes: &[Change]) -> Result<(), RulesError> {
    for (i, change) in changes.iter().enumerate() {
        if !matches!(change, Change::Chance { .. }) {
            referee.settle();
        }
        referee.apply(change)?;
        let chance_follows = matches!(changes.get(i + 1), Some(Change::Chance { .. }));
        if !chance_follows {
            referee.settle();
        }
    }
    Ok(())
}

/// Replays a history of changes from a new match with chance from `seed`.
/// With `draw_chance`, chance due after a change is drawn (for histories
/// that do not list it).
pub fn replay_history(
    game: &dyn AnyGame,
    options: &Value,
    seed: Seed,
    history: &[Change],
    draw_chance: bool,
) -> Result<Replayed, RulesError> {
    let mut referee = game.referee(options, None, seed)?;
    for (i, change) in history.iter().enumerate() {
        if let Err(e) = referee.apply(change) {
            let text = serde_json::to_string(change).unwrap_or_default();
            let failure = ReplayFailure { number: i + 1, line: None, text, reason: e.to_string() };
            return Ok(Replayed { referee, replayed: i, failure: Some(failure), after_end: 0 });
        }
        if draw_chance {
            referee.settle();
        }
    }
    Ok(Replayed { referee, replayed: history.len(), failure: None, after_end: 0 })
}

/// A few lines describing a state for people: whose turn or the outcome,
/// then the position in the game's position format, or else the pieces on
/// each occupied cell (bottom first).
pub fn describe(state: &dyn AnyMatch) -> String {
    let layout = state.layout();
    let name = |seat: Seat| layout.seats[seat.index()].name.clone();
    let mut out = String::new();
    match state.status() {
        Status::Acting(decision) => {
            let names: Vec<String> = decision.seats.iter().map(name).collect();
            let _ = writeln!(out, "to act: {}", names.join(", "));
        }
        Status::Chance => {
            let _ = writeln!(out, "chance is due");
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

/// Replays `text` as a record of the standard game `id`.
pub fn replay_by_id(id: &str, text: &str) -> Result<Replayed, RulesError> {
    replay(registry::game(id)?, text, &Value::Null)
}
