//! Game record files: a start position and the turns in notation.
//!
//! The default format is one turn per line, `#` starting a comment. Games
//! with a format of their own (PDN for draughts) read and write that instead.

use crate::outcome::Outcome;

/// A game record split into its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The start position, if the record names one.
    pub position: Option<String>,
    /// The turns in order, with the line each starts on.
    pub turns: Vec<RecordTurn>,
}

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The 1-based line it stands on.
    pub line: usize,
    /// Its text in the game's notation.
    pub text: String,
}

/// What a record says about its match besides the turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordMeta {
    /// The event, e.g. "Tactica match 3f2c…".
    pub event: String,
    /// The date the match started, as YYYY-MM-DD.
    pub date: Option<String>,
    /// Player names by seat.
    pub players: Vec<String>,
    /// The result, if the match is over.
    pub outcome: Option<Outcome>,
    /// The start position, if not the standard one.
    pub position: Option<String>,
}

/// Reads the default format: one turn per line; `#` starts a comment; blank
/// lines are skipped.
pub fn read_lines(text: &str) -> Record {
    let turns = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = line.split('#').next().unwrap_or("").trim();
            (!line.is_empty()).then(|| RecordTurn { line: i + 1, text: line.to_string() })
        })
        .collect();
    Record { position: None, turns }
}

/// Writes the default format: comment lines with the facts, then one turn per line.
pub fn write_lines(game_name: &str, turns: &[String], meta: &RecordMeta) -> String {
    let mut out = format!("# {game_name}: {}\n", meta.event);
    if let Some(date) = &meta.date {
        out += &format!("# Date: {date}\n");
    }
    for (i, player) in meta.players.iter().enumerate() {
        out += &format!("# Seat {i}: {player}\n");
    }
    if let Some(outcome) = &meta.outcome {
        out += &format!("# Result: {} ({})\n", outcome.summary(), outcome.reason);
    }
    for turn in turns {
        out += turn;
        out.push('\n');
    }
    out
}
