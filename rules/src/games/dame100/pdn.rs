//! Portable Draughts Notation (PDN) game records: `[Tag "value"]` pairs, then
//! numbered moves and a result (`2-0` White wins, `0-2` Black wins, `1-1`
//! draw, `*` unfinished). A `FEN` tag gives a start position other than the
//! standard one. Comments `{...}`, variations `(...)`, move strength marks
//! and `$n` annotations are skipped on reading.

use crate::error::NotationError;
use crate::outcome::Outcome;
use crate::record::{Record, RecordMeta, RecordTurn};

/// Result tokens: draughts' `2-0`, `0-2`, `1-1`, `0-0`, `*`, and chess-style
/// ones some tools write. `1-1` could look like a move, but no move goes from
/// a square to itself without capturing, and there is no square 0.
const RESULTS: [&str; 8] = ["2-0", "0-2", "1-1", "0-0", "*", "1-0", "0-1", "1/2-1/2"];

/// Reads a PDN game: the first game of the file, up to its result.
pub fn read(text: &str) -> Result<Record, NotationError> {
    let (position, tokens) = tokens(text)?;
    let mut record = Record { position, turns: Vec::new() };
    for (line, token) in joined(tokens) {
        if RESULTS.contains(&token.as_str()) {
            // The result ends the game.
            break;
        }
        if let Some(turn) = move_token(&token) {
            record.turns.push(RecordTurn { line, text: turn });
        }
    }
    Ok(record)
}

/// A piece of a game's text between white space, with the line it is on.
type Token = (usize, String);

/// The first game's start position (from a `FEN` tag) and its text split at
/// white space, each token with its line; tags, comments, variations and
/// escape lines are left out.
fn tokens(text: &str) -> Result<(Option<String>, Vec<Token>), NotationError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut position = None;
    let mut tokens: Vec<Token> = Vec::new();
    let mut comment = false;
    let mut variation = 0usize;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if !comment && variation == 0 {
            if trimmed.starts_with('%') || trimmed.starts_with('#') {
                continue;
            }
            if trimmed.starts_with('[') {
                if !tokens.is_empty() {
                    // The next game's tags: only the first game is read.
                    break;
                }
                let Some((key, value)) = read_tag(trimmed) else {
                    return Err(NotationError::syntax(line, "malformed tag pair"));
                };
                if key.eq_ignore_ascii_case("FEN") {
                    position = Some(value);
                }
                continue;
            }
        }
        let mut token = String::new();
        for c in line.chars().chain([' ']) {
            if comment {
                comment = c != '}';
                continue;
            }
            let separator = c.is_whitespace() || c == '{' || c == '(' || c == ')';
            if separator && !token.is_empty() {
                tokens.push((number + 1, std::mem::take(&mut token)));
            }
            match c {
                '{' => comment = true,
                '(' => variation += 1,
                ')' => variation = variation.saturating_sub(1),
                c if c.is_whitespace() => {}
                c if variation == 0 => token.push(c),
                _ => {}
            }
        }
    }
    if comment {
        return Err(NotationError::syntax("{", "the game ends inside a {comment}"));
    }
    Ok((position, tokens))
}

/// Whether `c` separates the squares of a move.
fn is_move_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | '×' | ':')
}

/// Tokens with moves written with spaces around their separators (`1- 6`,
/// `23 x34`, `23 x 34`) joined again, each at the line it starts on.
fn joined(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut open = false;
    for (line, token) in tokens {
        let continues = token.starts_with(is_move_separator);
        match out.last_mut() {
            Some((_, last)) if open || continues => last.push_str(&token),
            _ => out.push((line, token)),
        }
        open = out.last().is_some_and(|(_, last)| last.ends_with(is_move_separator));
    }
    out
}

fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.to_string(), value.to_string()))
}

/// The move in a token, with move numbers, marks and annotations removed;
/// `None` for tokens that are not moves.
fn move_token(token: &str) -> Option<String> {
    if token.is_empty() || token.starts_with('$') {
        return None;
    }
    // "12." and "12..." are move numbers; "12.32-28" glues one to a move.
    let body = match token.find('.') {
        Some(i) if token[..i].chars().all(|c| c.is_ascii_digit()) => token[i..].trim_start_matches('.'),
        _ => token,
    };
    let body = body.trim_end_matches(['!', '?', '+', '*']);
    (!body.is_empty()).then(|| body.to_string())
}

/// The PDN result token of an outcome (seat 0 is White).
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(o) if o.is_draw() => "1-1",
        Some(o) if o.places.first() == Some(&1) => "2-0",
        Some(_) => "0-2",
    }
}

/// Writes a PDN game. `first_black` says the first move is Black's (a start
/// position with Black to move).
pub fn write(moves: &[String], meta: &RecordMeta, first_black: bool) -> String {
    let result = result_token(meta.outcome.as_ref());
    let player = |i: usize| meta.players.get(i).cloned().unwrap_or_else(|| "?".to_string());
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::new();
    out += &format!("[Event \"{}\"]\n", quote(&meta.event));
    out += &format!("[Date \"{}\"]\n", meta.date.as_deref().unwrap_or("????.??.??").replace('-', "."));
    out += &format!("[White \"{}\"]\n", quote(&player(0)));
    out += &format!("[Black \"{}\"]\n", quote(&player(1)));
    out += &format!("[Result \"{result}\"]\n");
    out += "[GameType \"20\"]\n";
    if let Some(position) = &meta.position {
        out += &format!("[FEN \"{position}\"]\n");
    }
    out.push('\n');
    let mut tokens = Vec::new();
    let offset = usize::from(first_black);
    for (i, m) in moves.iter().enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            tokens.push(format!("{}...", ply / 2 + 1));
        }
        tokens.push(m.clone());
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + token.len() + 1 > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &token;
    }
    out += &line;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_numbers_comments_and_variations_are_skipped() {
        let text = "[Event \"Test\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 {good} 19-23 2.28x19 (2. 33-29) 14x23! $1\n3. 34-29 2-0\n";
        let record = read(text).unwrap();
        assert_eq!(record.position.as_deref(), Some("W:W31-50:B1-20"));
        let moves: Vec<&str> = record.turns.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23", "34-29"]);
        assert_eq!(record.turns[4].line, 5);
    }

    #[test]
    fn comments_span_lines_and_results_end_the_game() {
        let text = "\u{feff}[Event \"x\"]\n1. 32-28 {idea:\n#2 fails} 19-23 2. 31-27 1-0\n3. 37-32 *\n";
        let moves: Vec<String> = read(text).unwrap().turns.into_iter().map(|t| t.text).collect();
        assert_eq!(moves, ["32-28", "19-23", "31-27"], "the comment ends on the second line; 1-0 ends the game");
        assert!(read("1. 32-28 {never closed\n19-23").is_err());
        let two_games = "[Event \"a\"]\n*\n\n[Event \"b\"]\n[FEN \"W:W31:B1\"]\n1. 31-26 *\n";
        let first = read(two_games).unwrap();
        assert!(first.turns.is_empty() && first.position.is_none(), "only the first game is read");
    }

    #[test]
    fn moves_with_spaces_around_their_separators_are_joined() {
        let text = "1. 32- 28 19 -23 2. 28 x 19 14x 23 3. 37-32 {x} 9 : 14 2-0";
        let moves: Vec<String> = read(text).unwrap().turns.into_iter().map(|t| t.text).collect();
        assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23", "37-32", "9:14"]);
        let numbered = "1.32-28 19-23 2. 1- 6 1-1";
        let moves: Vec<String> = read(numbered).unwrap().turns.into_iter().map(|t| t.text).collect();
        assert_eq!(moves, ["32-28", "19-23", "1-6"], "a result still ends the game");
    }

    #[test]
    fn written_games_read_back() {
        let meta =
            RecordMeta { event: "Casual".into(), players: vec!["ann".into(), "bob".into()], ..RecordMeta::default() };
        let moves: Vec<String> = ["32-28", "19-23", "28x19"].iter().map(ToString::to_string).collect();
        let text = write(&moves, &meta, false);
        assert!(text.contains("[White \"ann\"]") && text.contains("1. 32-28 19-23 2. 28x19 *"));
        let back: Vec<String> = read(&text).unwrap().turns.into_iter().map(|t| t.text).collect();
        assert_eq!(back, moves);
        let from_black = write(&moves, &meta, true);
        assert!(from_black.contains("1... 32-28 2. 19-23 28x19"));
    }
}
